"""Rows of calls (the ``call_rows`` token) give each call the line and column it is written at."""

from __future__ import annotations

import io
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelint.formats import open_reader

CALLS = ["Pass", "X", "XX", "AP", "1C", "3NT", "7S"]
BLANKS = st.sampled_from([" ", "  ", "\t", " \t"])


@st.composite
def call_rows(draw: st.DrawFn) -> str:
    """The lines of an auction section of calls in PBN spelling, laid out at random."""
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        row = draw(st.lists(st.sampled_from(CALLS), min_size=1, max_size=6))
        indent = draw(st.sampled_from(["", "", " ", "\t"]))
        lines.append(indent + "".join(call + draw(BLANKS) for call in row[:-1]) + row[-1]
                     + draw(st.sampled_from(["", " "])))
    return "".join(line + draw(st.sampled_from(["\n", "\r\n"])) for line in lines)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(call_rows())
def test_each_call_has_the_place_it_is_written_at(section):
    text = f'[Dealer "N"]\n[Auction "N"]\n{section}'
    record = next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))
    expected = [(m.group(), 3 + number, m.start() + 1)
                for number, line in enumerate(section.split("\n")) for m in re.finditer(r"[^ \t\r]+", line)]
    assert [(call.token, call.line, call.column) for call in record.auction.calls] == expected
