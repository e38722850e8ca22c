"""The reference run: every fast path off, the general code alone.

A fast path is a second piece of code for the usual case (the usual play, the
usual auction…) beside the general code that handles every case and gives the
same result.  ``BRIDGELINT_REFERENCE=1`` in the environment (read here, once,
when bridgelint is imported), ``reference(True)`` around a call or
``stepped(steps)`` around each step of a lazy run (what a ``Pipeline`` with
``reference=True`` does) turns every fast path off, so that the general code can be compared with the fast one: the
findings must be the same.  Each fast path asks ``SWITCH.on`` before it runs.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, TypeVar

ENV = "BRIDGELINT_REFERENCE"
T = TypeVar("T")


class Switch:
    """Whether the fast paths are off (``on``: the reference run)."""

    __slots__ = ("on",)

    def __init__(self, on: bool):
        self.on = on


SWITCH = Switch(os.environ.get(ENV, "") == "1")


@contextmanager
def reference(on: bool = True) -> Iterator[None]:
    """Run the code inside with every fast path off (``on`` True) or on, as the switch was after."""
    before, SWITCH.on = SWITCH.on, on
    try:
        yield
    finally:
        SWITCH.on = before


def stepped(steps: Iterator[T], on: bool = True) -> Iterator[T]:
    """``steps`` with the switch at ``on`` during each step (every ``next``) and as it was between them: the
    work of a lazy run switched wherever it is asked for, the caller's code in between left alone."""
    while True:
        with reference(on):
            try:
                step = next(steps)
            except StopIteration:
                return
        yield step
