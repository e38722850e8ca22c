"""Words for messages and reports that depend on a count, on a figure's decimals or on a deal's turn."""

from __future__ import annotations


def counted(number: int, noun: str, grouped: bool = False) -> str:
    """``1 game``, ``2 games``; ``grouped`` writes thousands with commas (``1,200 boards``)."""
    return f"{number:{',' if grouped else ''}} {noun}{'s' * (number != 1)}"


def shown(value: float, places: int) -> str:
    """A figure with ``places`` decimals; with none, as short as it reads (``12``, ``12.5``)."""
    return f"{value:.{places}f}" if places else f"{value:g}"


def more_of(wrong: list, what: str) -> str:
    """A message's tail after the first case it names: how many more there are."""
    others = len(wrong) - 1
    return f"; {others} more {what}{'s' if others > 1 else ''} like it" if others else ""


TURNS = {1: "one seat", 2: "two seats", 3: "three seats"}  # a deal turned k seats clockwise, in words
