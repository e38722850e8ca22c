"""The command line: every click command, its options, progress, outputs.

``cli`` (the command group) and ``main`` (the entry point) are loaded on first use, from :mod:`.commands`.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name in ("cli", "main"):
        from . import commands
        return getattr(commands, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
