"""X — bridgelint itself."""

from __future__ import annotations

from ..core.problems import Kind
from ..core.wording import named
from .base import Worded


class InternalError(Worded):
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
    words = {
        Kind.READER_BUG: lambda error: f"internal error while reading this game: {named(error)}",
        Kind.CHECK_BUG: lambda error: f"internal error while checking this game: {named(error)}",
        Kind.PREPARE_BUG: lambda error: f"internal error while preparing this game's checks: {named(error)}",
        Kind.READING_STOPPED: lambda error: f"internal error while reading the file after this line: {named(error)}",
    }
