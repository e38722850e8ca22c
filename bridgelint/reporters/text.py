"""Concise text: ``path:line:col: CODE message (board N)``, one finding a line."""

from __future__ import annotations

from ..linter import FileReport
from ..model import Finding
from . import Summary


def where(f: Finding) -> str:
    """`` (board N)``, or `` (game N)`` for a game without a board number, or nothing."""
    return f" (board {f.board})" if f.board else (f" (game {f.game})" if f.game else "")


def line(path: str, f: Finding) -> str:
    """One finding as a line of text."""
    return f"{path}:{f.line}:{f.column}: {f.code} {f.message}{where(f)}\n"


def render(reports: list[FileReport], summary: Summary) -> str:
    return "".join(line(report.path, f) for report in reports for f in report.findings)
