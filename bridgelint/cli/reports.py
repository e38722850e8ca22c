"""The reports ``check --format`` writes, by name: each name makes its reporter, its module imported only when
that report is asked for (a plain check starts sooner).

Adding a report is a module in ``reporters/`` and one line in :data:`REPORTS`.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..core.record import Record
from ..reporters import Collected, Reporter


@dataclass(frozen=True)
class ReportSettings:
    """What the reporters of a run may ask for: the options of ``check`` that shape a report."""

    fail_on: str = "error"
    group: bool = True
    quiet: bool = False
    verbose: bool = False
    unsafe_fixes: bool = False
    paint: bool = False
    max_annotations: int = 10
    docs_url: str | None = None
    records: Callable[[str], Iterator[Record]] | None = None  # a file's records again, for the boards HTML draws


def _module(name: str) -> Any:
    return importlib.import_module(f"..reporters.{name}", __package__)


def _text(settings: ReportSettings) -> Reporter:
    return _module("text").TextReporter(settings.group, settings.quiet, settings.verbose, settings.fail_on,
                                        settings.unsafe_fixes, settings.paint)


def _html(settings: ReportSettings) -> Reporter:
    assert settings.records is not None
    return _module("html").HtmlReporter(settings.records, settings.fail_on, settings.verbose, settings.docs_url)


def _json(settings: ReportSettings) -> Reporter:
    return _module("json").JsonReporter()  # each file written as its report comes


def _sarif(settings: ReportSettings) -> Reporter:
    return _module("sarif").SarifReporter(settings.docs_url)  # each file's findings written as its report comes


def _github(settings: ReportSettings) -> Reporter:
    return _module("github").GithubReporter(settings.max_annotations, settings.fail_on)


def _junit(settings: ReportSettings) -> Reporter:
    return Collected(functools.partial(render("junit"), fail_on=settings.fail_on))


def _gitlab(settings: ReportSettings) -> Reporter:
    return _module("gitlab").GitlabReporter()  # each file's issues written as its report comes


REPORTS: dict[str, Callable[[ReportSettings], Reporter]] = {
    "text": _text, "html": _html, "json": _json, "github": _github, "sarif": _sarif, "junit": _junit,
    "gitlab": _gitlab,
}


def reporter(name: str, settings: ReportSettings) -> Reporter:
    """The reporter of the report ``name``."""
    return REPORTS[name](settings)


def render(name: str) -> Any:
    """The ``render`` function of the reporter module ``name`` (a whole document made at the end)."""
    return _module(name).render
