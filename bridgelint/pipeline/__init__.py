"""Deprecated: the pipeline is :mod:`bridgelint.engine.pipeline` (``FileReport``: :mod:`bridgelint.core.report`).

Kept for one release, so that ``from bridgelint.pipeline import check_file`` still works; it warns.  The names
it held then are here still, from the modules the pipeline was split into.
"""

from __future__ import annotations

import warnings
from typing import BinaryIO, Iterable

from ..core.findings import Finding  # noqa: F401
from ..core.record import Record  # noqa: F401
from ..core.report import *  # noqa: F401,F403
from ..engine.config import Config  # noqa: F401
from ..engine.discovery import expand_paths, once  # noqa: F401
from ..engine.events.hook import EventScope  # noqa: F401
from ..engine.linter import Linter, RecordHook, check_record, linter_for, location  # noqa: F401
from ..engine.opening import open_input  # noqa: F401
from ..engine.pipeline import Pipeline, check_file, check_stream  # noqa: F401
from ..engine import run
from ..engine.run import Checked, add_archive_findings, is_board  # noqa: F401
from ..rules import DEFAULT_CODES


class FileRun(run.FileRun):
    """One file's run as it was made here: with the record hooks the pipeline gives a file of ``codes``
    (``events``: how events are checked; None: not at all), on top of ``hooks``."""

    def __init__(self, path: str, stream: BinaryIO, codes: Iterable[str] | None = None, fmt: str | None = None,
                 hooks: Iterable[RecordHook] = (), events: EventScope | None = EventScope(),
                 encoding: str | None = None):
        selected = frozenset(DEFAULT_CODES if codes is None else codes)
        own = Pipeline(selected, fmt=fmt, hooks=tuple(hooks), events=events).hooks_for(selected)
        super().__init__(path, stream, selected, fmt, own, encoding)


warnings.warn("bridgelint.pipeline is deprecated: import from bridgelint.engine.pipeline (Pipeline, "
              "check_file, check_stream), bridgelint.engine.run (FileRun), bridgelint.engine.linter, "
              "bridgelint.engine.discovery, bridgelint.engine.opening (FileReport: bridgelint.core.report)",
              DeprecationWarning, stacklevel=2)
