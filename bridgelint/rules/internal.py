"""X — bridgelint itself."""

from __future__ import annotations

from typing import Iterator

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from .base import Rule


class InternalError(Rule):
    """Internal error while checking a game.

    What it does: reports a bug of bridgelint met while checking one game, at
    the game's location; the other games are still checked and the run exits
    with status 2.
    Why it matters: the game was not fully checked.
    Example: any traceback inside a rule.
    Use instead: report the file to the bridgelint maintainers; run with
    BRIDGELINT_DEBUG=1 to see the traceback.
    References: none.
    """

    code, name, severity, law = "X001", "internal-error", "error", None
    unshowable = "only a bug of bridgelint fires it"
    reads = frozenset((Kind.READER_BUG,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        (error,) = problem.facts
        yield cls.finding(f"internal error while reading this game: {type(error).__name__}: {error}", problem.line,
                          problem.column)
