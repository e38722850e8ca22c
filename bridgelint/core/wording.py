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
    return f"; {counted(len(wrong) - 1, 'more ' + what)} like it" if len(wrong) > 1 else ""


def more_wrong(wrong: list, name: str) -> str:
    """A message's tail after the first wrong value of a column ``name`` it names: how many more are wrong."""
    others = len(wrong) - 1
    return f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""


def named(error: BaseException) -> str:
    """An exception as a message names it: its class and what it says."""
    return f"{type(error).__name__}: {error}"


TURNS = {1: "one seat", 2: "two seats", 3: "three seats"}  # a deal turned k seats clockwise, in words
