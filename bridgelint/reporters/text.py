"""Concise text: ``path:line:col: CODE message (board N)``, one finding a line."""

from __future__ import annotations

from ..linter import FileReport
from . import Summary


def render(reports: list[FileReport], summary: Summary) -> str:
    out = []
    for report in reports:
        for f in report.findings:
            board = f" (board {f.board})" if f.board else (f" (game {f.game})" if f.game else "")
            out.append(f"{report.path}:{f.line}:{f.column}: {f.code} {f.message}{board}\n")
    return "".join(out)
