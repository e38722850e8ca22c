"""The reference switch: fast paths off, the general code alone.

A fast path is a second piece of code for the usual case (the usual play, the
usual auction…) beside the general code that handles every case and gives the
same result; each has a name in the ledger (:mod:`.fast_paths`).  In the
environment (read here, once, when bridgelint is imported)
``BRIDGELINT_REFERENCE=1`` turns every fast path off and
``BRIDGELINT_REFERENCE=play-replay,lin-lines`` those named; ``reference(True)``
(or ``reference({"play-replay"})``) around a call or ``stepped(steps)`` around
each step of a lazy run (what a ``Pipeline`` with ``reference=True`` does) does
the same in code, so that the general code can be compared with the fast one:
the findings must be the same.  Each fast path asks ``SWITCH.fast(name)``
before it runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from contextlib import contextmanager
from typing import Iterator, TypeVar, Union

from .fast_paths import NAMES

ENV = "BRIDGELINT_REFERENCE"
T = TypeVar("T")
Off = Union[bool, Iterable[str]]  # True: every fast path off; False: none; else the names of those off


def names_off(off: Off) -> frozenset[str]:
    """The names of the fast paths ``off`` turns off; a name the ledger does not list is a ValueError."""
    if off is True or off is False:
        return NAMES if off else frozenset()
    names = frozenset(off)
    unknown = names - NAMES
    if unknown:
        raise ValueError(f"no fast path named {', '.join(sorted(unknown))}; the fast paths: {', '.join(sorted(NAMES))}")
    return names


class Switch:
    """Which fast paths are off (``off``); ``on``: all of them (the reference run)."""

    __slots__ = ("off",)

    def __init__(self, off: Off):
        self.off = names_off(off)

    @property
    def on(self) -> bool:
        return self.off == NAMES

    def fast(self, name: str) -> bool:
        """Whether the fast path ``name`` runs."""
        return name not in self.off


def _from_environment(value: str) -> Off:
    value = value.strip()
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    return [name.strip() for name in value.split(",") if name.strip()]


SWITCH = Switch(_from_environment(os.environ.get(ENV, "")))


@contextmanager
def reference(off: Off = True) -> Iterator[None]:
    """Run the code inside with the fast paths ``off`` turned off (True: all, False: none), as it was after."""
    before, SWITCH.off = SWITCH.off, names_off(off)
    try:
        yield
    finally:
        SWITCH.off = before


def stepped(steps: Iterator[T], off: Off = True) -> Iterator[T]:
    """``steps`` with the fast paths ``off`` turned off during each step (every ``next``) and the switch as it was
    between them: the work of a lazy run switched wherever it is asked for, the caller's code in between left
    alone."""
    names = names_off(off)
    while True:
        with reference(names):
            try:
                step = next(steps)
            except StopIteration:
                return
        yield step
