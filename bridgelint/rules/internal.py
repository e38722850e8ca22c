"""X — bridgelint itself."""

from __future__ import annotations

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
