"""JSON: the document described in the README (version 1); a path that could not be read is a file entry
with ``unreadable`` (why) and no findings."""

from __future__ import annotations

from typing import Iterator

from ..core.report import FileReport
from . import Reporter, Summary
from .spool import MARK, Spool, dumps, streamed

_ITEM = 2  # the depth of an item of the document's lists (files, events)


class JsonReporter(Reporter):
    """The document, each file's entry and events written as its report comes (with ``--jobs``, while the
    workers check the next files), the entries kept on disk (:class:`.spool.Spool`), the whole given at the end
    a piece at a time: memory a few bytes a finding."""

    def __init__(self) -> None:
        self.files = Spool()

    def file(self, report: FileReport) -> str:
        self.files.add(dumps(_file(report), _ITEM))
        return ""

    def end(self, summary: Summary) -> Iterator[str]:
        totals: dict[str, object] = {
            "files": summary.files, "games": summary.games, "boards": summary.boards, "results": summary.results,
            "errors": summary.errors,
            "warnings": summary.warnings, "infos": summary.infos, "unreadable": summary.unreadable}
        if summary.interrupted:  # a partial report: the files finished before the signal
            totals["interrupted"] = summary.interrupted
        # the summary's events: the reports' (events file by file), or the run's (across files)
        document = {"version": 1, "files": [MARK], "events": summary.events, "summary": totals}
        return streamed(document, (text for _, text in self.files.texts()))


def render(reports: list[FileReport], summary: Summary) -> str:
    reporter = JsonReporter()
    for report in reports:
        reporter.file(report)
    return "".join(reporter.end(summary))


def _file(r: FileReport) -> dict:
    """A file's entry; one that could not be read says why in ``unreadable``."""
    entry = {
        "path": r.path, "format": r.format, "games": r.games, "boards": r.boards, "results": r.results,
        "findings": [{"code": f.code, "severity": f.severity, "message": f.full_message, "law": f.law,
                      "line": f.line, "column": f.column, "game": f.game, "board": f.board,
                      "fix": f.fix.applicability if f.fix is not None else None,
                      **({"place": f.place} if f.place is not None else {})}
                     for f in r.findings],
    }
    if r.unreadable is not None:
        entry["unreadable"] = r.unreadable
    return entry
