"""JSON: the document described in the rule catalogue (version 1)."""

from __future__ import annotations

import json

from ..pipeline import FileReport
from . import Summary


def render(reports: list[FileReport], summary: Summary) -> str:
    document = {
        "version": 1,
        "files": [{
            "path": r.path, "format": r.format, "games": r.games, "boards": r.boards,
            "findings": [{"code": f.code, "severity": f.severity, "message": f.message, "law": f.law,
                          "line": f.line, "column": f.column, "game": f.game, "board": f.board}
                         for f in r.findings],
        } for r in reports],
        "events": summary.events,
        "summary": {"files": summary.files, "games": summary.games, "boards": summary.boards,
                    "errors": summary.errors, "warnings": summary.warnings, "infos": summary.infos},
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
