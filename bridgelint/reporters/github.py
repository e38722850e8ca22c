"""GitHub Actions workflow commands: an annotation a finding, at most :data:`ANNOTATIONS` of each kind a run.

``::error file=PATH,line=L,col=C,title=CODE name::message (board N)``; info
findings are notices.  GitHub shows 10 error, 10 warning and 10 notice
annotations of a step and drops the rest, so a run gives at most ``limit``
of each kind, in file order (a file's errors first): an error is never left
out for a warning, each kind having its own share.  What was not annotated is
counted in one last notice (it takes the last notice's place), and the job
summary (``$GITHUB_STEP_SUMMARY``, :func:`job_summary`) lists every error
with its place, up to :data:`SUMMARY_BYTES` of them (GitHub takes a summary
of 1 MiB at most), beside the verdict table.  Data is escaped as the runner
expects (``%25``, ``%0D``, ``%0A``), properties also ``%3A`` and ``%2C``.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Sequence

from ..core.findings import SEVERITY_RANK, Finding
from ..core.report import FileReport
from ..core.wording import counted
from ..rules import RULES
from . import Reporter, Summary
from .text import line, where
from .verdict import HEADERS, Verdict, count

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}
ANNOTATIONS = 10  # annotations of each kind a run, by default: what GitHub shows of a step
SUMMARY_BYTES = 900_000  # the most the errors' list takes of the job summary (GitHub takes 1 MiB)


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    """The annotations of each file, written as soon as its report comes, until each kind has ``limit`` of them
    in the run (0: all of them); the verdicts and the errors are kept for :func:`job_summary`."""

    def __init__(self, limit: int = ANNOTATIONS, fail_on: str = "error"):
        self.limit, self.fail_on = limit, fail_on
        self.verdicts: list[Verdict] = []
        self.shown: Counter[str] = Counter()  # the annotations written, by command
        self.left: Counter[str] = Counter()  # the findings not annotated, by severity
        self.errors: list[str] = []  # every error, a line each, for the job summary (up to SUMMARY_BYTES)
        self.errors_size = 0
        self.errors_more = 0  # errors past SUMMARY_BYTES

    def file(self, report: FileReport) -> str:
        self.verdicts.append(Verdict.of(report, self.fail_on))
        out = []
        path = escape_property(report.path.replace(os.sep, "/"))
        if report.unreadable is not None:
            out.append(f"::error file={path},title=unreadable::{escape_data(f'not checked: {report.unreadable}')}\n")
        # errors first, then warnings, then notices, each in file order
        for f in sorted(report.findings, key=lambda f: SEVERITY_RANK.get(f.severity or "", 1)):  # stable: in file order
            if f.severity == "error":
                self._keep(report.path, f)
            command = COMMANDS.get(f.severity or "", "warning")
            room = self.limit - (command == "notice")  # the last notice counts what was left
            if self.limit and self.shown[command] >= room:
                self.left[f.severity or "warning"] += 1
                continue
            self.shown[command] += 1
            rule = RULES.get(f.code)
            title = escape_property(f"{f.code} {rule.name}" if rule else f.code)
            out.append(f"::{command} file={path},line={f.line},col={f.column},"
                       f"title={title}::{escape_data(f'{f.code} {f.full_message}{where(f)}')}\n")
        return "".join(out)

    def _keep(self, path: str, finding: Finding) -> None:
        text = line(path, finding)
        if self.errors_size + len(text) > SUMMARY_BYTES:
            self.errors_more += 1
            return
        self.errors.append(text)
        self.errors_size += len(text)

    def end(self, summary: Summary) -> str:
        if not self.left:
            return ""
        return f"::notice title=bridgelint::{escape_data(_left(self.left, self.limit))}\n"

    def summary(self) -> str:
        """The job summary: the verdict table and every error (:func:`job_summary`)."""
        return job_summary(self.verdicts, self.errors, self.errors_more)


def _left(left: Counter[str], limit: int) -> str:
    """What the caps left without an annotation, errors named first: ``not annotated: 2 errors, 5 warnings ...``."""
    said = ", ".join(counted(left[severity], name, grouped=True)
                     for severity, name in (("error", "error"), ("warning", "warning"), ("info", "info finding"))
                     if left[severity] > 0)
    return (f"not annotated: {said} (GitHub shows {limit} annotations of each kind a step: --max-annotations); "
            "the job summary lists every error, `bridgelint check` every finding")


def job_summary(verdicts: list[Verdict], errors: Sequence[str] = (), more: int = 0) -> str:
    """The verdict table in Markdown (the files with findings), the count of files rejected, and every error a
    line (``errors``; ``more``: those left out of a summary that would be too large)."""
    listed = [v for v in verdicts if not v.clean]
    out = ["## bridgelint", ""]
    if listed:
        out.append("| " + " | ".join(HEADERS) + " |")
        out.append("|" + "|".join(" ---: " if h in ("boards", "results", "errors", "warnings") else " --- " for h in HEADERS) + "|")
        for verdict in listed:
            cells = verdict.row()
            cells[0] = code_span(cells[0])
            cells[-1] = f"**{cells[-1]}**" if verdict.rejected or verdict.unreadable else cells[-1]
            out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
            if verdict.headline:
                pattern = verdict.headline.replace("|", "\\|")
                out.append("| " + " | ".join([f"↳ {pattern}"] + [""] * (len(HEADERS) - 1)) + " |")
        out.append("")
    out.append(count(verdicts, False) + "\n")
    if errors:
        lines = "".join(errors).rstrip("\n")
        fence = "`" * max(3, _longest_run(lines) + 1)  # no line of the list can close it
        out += [f"<details><summary>{counted(len(errors) + more, 'error', grouped=True)}</summary>", "",
                fence + "text", lines, fence, ""]
        if more:
            out.append(f"… and {counted(more, 'more error', grouped=True)}: `bridgelint check` lists them all.\n")
        out.append("</details>\n")
    return "\n".join(out)


def _longest_run(text: str) -> int:
    """The longest run of backticks in ``text``."""
    return max((len(run) for run in re.findall("`+", text)), default=0)


def code_span(text: str) -> str:
    """``text`` as a Markdown code span that no backtick in it can close (CommonMark: a fence longer than any
    run inside, padded with spaces where the text starts or ends with one)."""
    fence = "`" * (_longest_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def render(reports: list[FileReport], summary: Summary) -> str:
    reporter = GithubReporter()
    return "".join(map(reporter.file, reports)) + reporter.end(summary)
