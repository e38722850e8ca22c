"""GitHub Actions workflow commands: an annotation a finding, at most :data:`ANNOTATIONS` a file.

``::error file=PATH,line=L,col=C,title=CODE name::message (board N)``; info
findings are notices.  A file's annotations come errors first, then
warnings, then notices, each in file order.  GitHub shows only the first
few annotations of each kind in a step, so a file gives at most ``limit`` of
them, errors first (an error is never left out for a warning), and one
notice that counts the rest by severity, errors first.  Data is escaped as the runner expects
(``%25``, ``%0D``, ``%0A``), properties also ``%3A`` and ``%2C``.
:func:`job_summary` is the verdict table in Markdown, for the job summary
(``$GITHUB_STEP_SUMMARY``).
"""

from __future__ import annotations

import os
from collections import Counter

from ..core.findings import Finding
from ..core.report import FileReport
from ..rules import RULES
from ..core.wording import counted
from . import Reporter, Summary
from .text import where
from .verdict import HEADERS, Verdict, count

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
ANNOTATIONS = 10  # annotations of one file, by default
_RANK = {"error": 0, "warning": 1, "info": 2}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    """The annotations of each file, written as soon as its report comes; ``limit``: at most that many a file
    (0: all of them).  The verdicts are kept for :func:`job_summary`."""

    def __init__(self, limit: int = ANNOTATIONS, fail_on: str = "error"):
        self.limit, self.fail_on = limit, fail_on
        self.verdicts: list[Verdict] = []

    def file(self, report: FileReport) -> str:
        self.verdicts.append(Verdict.of(report, self.fail_on))
        out = []
        path = escape_property(report.path.replace(os.sep, "/"))
        if report.unreadable is not None:
            out.append(f"::error file={path},title=unreadable::{escape_data(f'not checked: {report.unreadable}')}\n")
        # errors first, then warnings, then notices, each in file order: a cap never drops an error for a warning
        findings = sorted(report.findings, key=lambda f: _RANK.get(f.severity or "", 1))  # stable: in file order
        if self.limit:
            findings = findings[:self.limit]
        for f in findings:
            rule = RULES.get(f.code)
            title = escape_property(f"{f.code} {rule.name}" if rule else f.code)
            out.append(f"::{COMMANDS.get(f.severity or '', 'warning')} file={path},line={f.line},col={f.column},"
                       f"title={title}::{escape_data(f'{f.code} {f.full_message}{where(f)}')}\n")
        if len(findings) < len(report.findings):
            out.append(f"::notice file={path},title=bridgelint::{escape_data(_left(report.findings, findings))}\n")
        return "".join(out)


def _left(every: list[Finding], annotated: list[Finding]) -> str:
    """What the cap left without an annotation, errors named first: ``not annotated: 2 errors, 5 warnings ...``."""
    left: Counter[str] = Counter(f.severity or "warning" for f in every)
    left.subtract(f.severity or "warning" for f in annotated)
    said = ", ".join(counted(left[severity], name, grouped=True)
                     for severity, name in (("error", "error"), ("warning", "warning"), ("info", "info finding"))
                     if left[severity] > 0)
    return (f"not annotated in this file: {said} (at most {len(annotated)} annotations a file, errors first: "
            "--max-annotations); the job summary counts them, `bridgelint check` lists them")


def job_summary(verdicts: list[Verdict]) -> str:
    """The verdict table in Markdown (the files with findings), and the count of files rejected."""
    listed = [v for v in verdicts if not v.clean]
    out = ["## bridgelint", ""]
    if listed:
        out.append("| " + " | ".join(HEADERS) + " |")
        out.append("|" + "|".join(" ---: " if h in ("boards", "results", "errors", "warnings") else " --- " for h in HEADERS) + "|")
        for verdict in listed:
            cells = verdict.row()
            cells[0] = f"`{cells[0]}`"
            cells[-1] = f"**{cells[-1]}**" if verdict.rejected or verdict.unreadable else cells[-1]
            out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
            if verdict.headline:
                pattern = verdict.headline.replace("|", "\\|")
                out.append("| " + " | ".join([f"↳ {pattern}"] + [""] * (len(HEADERS) - 1)) + " |")
        out.append("")
    out.append(count(verdicts, False) + "\n")
    return "\n".join(out)


def render(reports: list[FileReport], summary: Summary) -> str:
    reporter = GithubReporter()
    return "".join(map(reporter.file, reports))
