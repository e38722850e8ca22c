"""Words for messages and reports that depend on a count."""

from __future__ import annotations


def counted(number: int, noun: str, grouped: bool = False) -> str:
    """``1 game``, ``2 games``; ``grouped`` writes thousands with commas (``1,200 boards``)."""
    return f"{number:{',' if grouped else ''}} {noun}{'s' * (number != 1)}"
