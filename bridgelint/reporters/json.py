"""JSON: the document described in the README (version 1); a path that could not be read is a file entry
with ``unreadable`` (why) and no findings."""

from __future__ import annotations

from ..pipeline import FileReport
from . import Summary, indented


def render(reports: list[FileReport], summary: Summary) -> str:
    totals: dict[str, object] = {
        "files": summary.files, "games": summary.games, "boards": summary.boards, "errors": summary.errors,
        "warnings": summary.warnings, "infos": summary.infos, "unreadable": summary.unreadable}
    if summary.interrupted:  # a partial report: the files finished before the signal
        totals["interrupted"] = summary.interrupted
    document = {"version": 1, "files": [_file(r) for r in reports], "events": summary.events, "summary": totals}
    return indented.dumps(document) + "\n"


def _file(r: FileReport) -> dict:
    """A file's entry; one that could not be read says why in ``unreadable``."""
    entry = {
        "path": r.path, "format": r.format, "games": r.games, "boards": r.boards,
        "findings": [{"code": f.code, "severity": f.severity, "message": f.message, "law": f.law,
                      "line": f.line, "column": f.column, "game": f.game, "board": f.board}
                     for f in r.findings],
    }
    if r.unreadable is not None:
        entry["unreadable"] = r.unreadable
    return entry
