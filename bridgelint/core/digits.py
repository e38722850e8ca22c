"""Whole numbers written in a record: ASCII digits only, any length, never an exception.

``str.isdigit()`` is true of ``"¹"`` and ``"²"``, which ``int()`` refuses, and ``int()`` refuses more
than 4,300 digits: input text never reaches ``int()`` but through :func:`whole`.  Leading zeros are
dropped; a number of more than :data:`SIGNIFICANT` digits reads as :data:`HUGE`, larger than any
board number, trick count or score a record holds, so that it is still out of range where a range is
checked and prints in a few characters.
"""

from __future__ import annotations

import re

SIGNIFICANT = 18
HUGE = 10 ** SIGNIFICANT
DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"([-+]?)0*([0-9]+)")


def is_digits(text: str) -> bool:
    """Only ASCII digits, at least one (``"¹"`` and ``"٣"`` are not)."""
    return DIGITS.fullmatch(text) is not None


def whole(text: str) -> int | None:
    """The number ``text`` writes (ASCII digits, an optional sign), or None; see the module for long numbers."""
    m = _SIGNED.fullmatch(text)
    if m is None:
        return None
    sign, digits = m.groups()
    value = HUGE if len(digits) > SIGNIFICANT else int(digits)
    return -value if sign == "-" else value


def matched(text: str) -> int:
    """:func:`whole` of text a pattern matched as digits with an optional sign (anything else is a bug)."""
    value = whole(text)
    if value is None:
        raise ValueError(f"not a number: {text[:20]!r}")
    return value
