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


def wholes(texts: list[str]) -> list[int] | None:
    """:func:`whole` of each of ``texts`` when every one is a plain whole number (ASCII digits, an optional sign, at
    most :data:`SIGNIFICANT` characters); None otherwise.  A column of scores or IMPs mostly repeats a few hundred
    texts: each is read by ``int()`` once and then looked up (:data:`_READ`), a pass in C; a column with a text not
    seen yet is checked and read in a few passes in C."""
    if not texts:
        return None
    try:
        return list(map(_READ.__getitem__, texts))
    except KeyError:  # a text not read yet, or not a number
        pass
    if max(map(len, texts)) > SIGNIFICANT or "-" in texts or "+" in texts:
        return None  # too long to be plain, or a sign alone (an irrelevant score's -)
    joined = "".join(texts)
    if not joined.isascii() or not joined.replace("-", "").replace("+", "").isdigit():
        return None  # only digits and signs: int() then reads each as whole() does, or refuses it
    try:
        found = list(map(int, texts))
    except ValueError:  # a sign alone, or not in front
        return None
    if len(_READ) > _REMEMBERED:
        _READ.clear()
    _READ.update(zip(texts, found))
    return found


_READ: dict[str, int] = {}  # the whole numbers of the texts :func:`wholes` has read, by text
_REMEMBERED = 4096  # at most (then forgotten at once): a few hundred KiB


def matched(text: str) -> int:
    """:func:`whole` of text a pattern matched as digits with an optional sign (anything else is a bug)."""
    value = whole(text)
    if value is None:
        raise ValueError(f"not a number: {text[:20]!r}")
    return value
