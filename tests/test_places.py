"""Places counted from the last one asked (onwards as a scan asks them, or back) are the places the lines'
starts give.

``core.text.Places`` answers a place by counting the line ends between it and
the last one asked; these tests ask random offsets of random texts in any
order and compare each answer with the line and column counted from the
text's start, and the lines' starts with those found by hand.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgelint.core.text import Places

TEXTS = st.text(st.sampled_from("ab \r\n"), max_size=40)
OFFSETS = st.lists(st.integers(0, 40), max_size=8)  # taken modulo the text's length


def starts_by_hand(text: str) -> list[int]:
    """Where each line starts: after each LF but a last one."""
    return [0] + [i + 1 for i, char in enumerate(text) if char == "\n" and i + 1 < len(text)]


def counted(text: str, first_line: int, offset: int) -> tuple[int, int]:
    """(line, column) of ``offset``: on the last line that starts at or before it (past a last LF: its line)."""
    row = max(i for i, start in enumerate(starts_by_hand(text)) if start <= offset)
    return first_line + row, offset - starts_by_hand(text)[row] + 1


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@example("ab\n", [3])  # the end of a text that ends with LF: on its last line
@example("a\n\nb", [3, 0, 3])  # asked behind: counted back
@example("a\n\n", [3, 1, 2, 0])  # the end of a text that ends with an empty line
@given(TEXTS.filter(bool), OFFSETS)
def test_places_asked_in_any_order_are_the_places_counted_from_the_start(text, offsets):
    offsets = [offset % (len(text) + 1) for offset in offsets]  # the text's end included
    places = Places(text, 7)
    for offset in offsets:
        assert places.at(offset) == counted(text, 7, offset)
    assert places.starts == starts_by_hand(text)
    for line, start in enumerate(places.starts, 7):
        assert places.offset(line, 1) == start
