"""JSON: the document described in the README (version 1); a path that could not be read is a file entry
with ``unreadable`` (why) and no findings."""

from __future__ import annotations

from ..core.report import FileReport
from . import Reporter, Summary, indented
from .indented import Written

_ITEM = 2  # the depth of an item of the document's lists (files, events)


class JsonReporter(Reporter):
    """The document, each file's entry and events written as its report comes (with ``--jobs``, while the
    workers check the next files), the whole put together at the end."""

    def __init__(self) -> None:
        self.files: list[Written] = []
        self.events: list[dict] = []  # the events the reports listed, each written in ``written_events``
        self.written_events: list[Written] = []

    def file(self, report: FileReport) -> str:
        self.files.append(Written(indented.dumps(_file(report), _ITEM)))
        self.events += report.events
        self.written_events += [Written(indented.dumps(event, _ITEM)) for event in report.events]
        return ""

    def end(self, summary: Summary) -> str:
        totals: dict[str, object] = {
            "files": summary.files, "games": summary.games, "boards": summary.boards, "results": summary.results,
            "errors": summary.errors,
            "warnings": summary.warnings, "infos": summary.infos, "unreadable": summary.unreadable}
        if summary.interrupted:  # a partial report: the files finished before the signal
            totals["interrupted"] = summary.interrupted
        # the summary's events are the reports' (events file by file), or the run's (across files)
        events = self.written_events if summary.events == self.events else summary.events
        document = {"version": 1, "files": self.files, "events": events, "summary": totals}
        return indented.dumps(document) + "\n"


def render(reports: list[FileReport], summary: Summary) -> str:
    reporter = JsonReporter()
    for report in reports:
        reporter.file(report)
    return reporter.end(summary)


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
