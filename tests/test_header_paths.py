"""The first tags the PBN reader keeps for each game (``Record.first_tags``) are the first of each name, on
generated headers with repeated names and '#' values."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelint.core.tags import Tag
from bridgelint.formats.pbn import PbnReader

NAMES = ["Event", "Site", "Board", "Dealer", "Vulnerable", "Note", "Room", "Contract"]
VALUES = ["x", "", "?", "#", "##", "##y", "#z", "N", "1", "3NT"]
TAG = st.tuples(st.sampled_from(NAMES), st.sampled_from(VALUES), st.booleans())
GAMES = st.lists(st.lists(TAG, min_size=1, max_size=8), min_size=1, max_size=5)


def written(games: list[list[tuple[str, str, bool]]]) -> bytes:
    """The games as PBN: each tag pair alone on its line, or (``spaced``) with blanks inside the brackets."""
    return "\n".join("".join(f'[ {name}  "{value}" ]\n' if spaced else f'[{name} "{value}"]\n'
                             for name, value, spaced in game) for game in games).encode()


def first_of_each(tags: list[Tag]) -> dict[str, Tag]:
    first: dict[str, Tag] = {}
    for tag in tags:
        first.setdefault(tag.name, tag)
    return first


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(GAMES)
def test_the_first_tags_the_reader_keeps_are_the_first_of_each_name(games):
    for record in PbnReader(io.BytesIO(written(games))):
        assert record.first_tags() == first_of_each(record.tags)
        assert record.first_tags(written=True) == first_of_each([tag for tag in record.tags if not tag.inherited])
        assert list(record.first_tags()) == list(first_of_each(record.tags))  # in file order
