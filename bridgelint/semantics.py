"""What a record means, as the writers and the board view both show it: replays, contract, declarer, result."""

from __future__ import annotations

from typing import Any

from .replay.context import Context


def replayed(ctx: Context, part: str) -> Any:
    """``ctx.auction`` or ``ctx.play``; None when the replay fails (the linter reports that as X001)."""
    try:
        return getattr(ctx, part)
    except Exception:  # a bug in a replayer must not stop a conversion or a view
        return None
