"""Reporters: a run's file reports rendered for people or machines.

A :class:`Reporter` is given each file's report as soon as the file is
done, in input order, and returns the text to write at once; ``end``
returns what comes last.  Machine formats are whole documents: they
collect the reports and render them at the end with a function
``(reports, summary) -> str``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..core.report import Counts, FileReport
from ..core.wording import counted


@dataclass(slots=True)
class Summary(Counts):
    """The run's findings counted (:class:`Counts`), and its files, games, boards and results."""

    files: int = 0
    games: int = 0
    boards: int = 0  # board numbers of each event, file by file
    results: int = 0  # tables that played them
    unreadable: int = 0  # paths that could not be read (counted in files too)
    interrupted: str | None = None  # the signal that stopped the run (SIGINT, SIGTERM): the report is partial
    events: list[dict] = field(default_factory=list)  # how records were grouped into events (E101-E104)
    fixed: int = 0  # fixes applied (--fix), or that would be (--diff)

    @classmethod
    def of(cls, reports: list[FileReport]) -> "Summary":
        summary = cls()
        for report in reports:
            summary.add(report)
        return summary

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.unreadable += report.unreadable is not None
        self.games += report.games
        self.boards += report.boards
        self.results += report.results
        self.events += report.events
        self.fixed += report.fixed
        self.count(report.findings)

    def fixes_line(self, unsafe: bool = False) -> str:
        """How many findings ``--fix`` would mend (with ``unsafe``: ``--unsafe-fixes`` counted in); empty if none."""
        safe = self.fixable + self.unsafe_fixable * unsafe
        more = self.unsafe_fixable * (not unsafe)
        if not safe and not more:
            return ""
        hint = "--fix --unsafe-fixes" if unsafe else "--fix"
        if not safe:
            return f"[~] {counted(more, 'finding', grouped=True)} fixable with --fix --unsafe-fixes only\n"
        text = f"[*] {counted(safe, 'finding', grouped=True)} fixable with {hint}"
        return text + (f"; [~] {more:,} more with --fix --unsafe-fixes" if more else "") + "\n"

    def line(self) -> str:
        unreadable = f" ({self.unreadable} unreadable)" if self.unreadable else ""
        return (f"{counted(self.files, 'file', grouped=True)}{unreadable}, {counted(self.boards, 'board', grouped=True)}"
                f", {counted(self.results, 'result', grouped=True)}: "
                f"{counted(self.errors, 'error', grouped=True)}, {counted(self.warnings, 'warning', grouped=True)}"
                + (f", {self.infos:,} info" if self.infos else ""))


class Reporter:
    """A report written as the run goes."""

    def file(self, report: FileReport) -> str:
        """The text for one file, written as soon as the file is done."""
        return ""

    def end(self, summary: Summary) -> str | Iterable[str]:
        """The text that closes the report (a long document: its pieces, given one at a time)."""
        return ""


class Collected(Reporter):
    """A whole-document format: every report is kept and rendered at the end."""

    def __init__(self, render: Callable[[list[FileReport], Summary], str]):
        self.render = render
        self.reports: list[FileReport] = []

    def file(self, report: FileReport) -> str:
        self.reports.append(report)
        return ""

    def end(self, summary: Summary) -> str:
        return self.render(self.reports, summary)
