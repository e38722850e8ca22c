"""The usual header read the quick way gives what the general way gives.

The PBN reader takes shortcuts for the usual game (each tag name once, no
value inherited with '#'); these tests read generated files both ways and
compare everything the reading leaves in the records.
"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelint.core.record import Record
from bridgelint.core.tags import Tag
from bridgelint.formats.pbn import PbnReader

NAMES = ["Event", "Site", "Board", "Dealer", "Vulnerable", "Note", "Room", "Contract"]
VALUES = ["x", "", "?", "#", "##", "##y", "#z", "N", "1", "3NT"]
TAG = st.tuples(st.sampled_from(NAMES), st.sampled_from(VALUES), st.booleans())
GAMES = st.lists(st.lists(TAG, min_size=1, max_size=8), min_size=1, max_size=5)


class General(PbnReader):
    """The PBN reader that resolves every game's tags the general way, tag by tag."""

    def _resolve_tags(self, record: Record, hashed: bool) -> dict[str, Tag]:
        return super()._resolve_tags(record, True)


def written(games: list[list[tuple[str, str, bool]]]) -> bytes:
    """The games as PBN: each tag pair alone on its line, or (``spaced``) with blanks inside the brackets."""
    return "\n".join("".join(f'[ {name}  "{value}" ]\n' if spaced else f'[{name} "{value}"]\n'
                             for name, value, spaced in game) for game in games).encode()


def described(reader: PbnReader) -> list[tuple]:
    """What reading left in each record: its tags, header fields and findings."""
    return [([(t.name, t.value, t.line, t.column, t.inherited, t.value_column) for t in record.tags],
             record.board, record.dealer, record.vulnerable, record.contract,
             [(f.code, f.message, f.line, f.column) for f in record.findings]) for record in reader]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(GAMES)
def test_tags_resolved_at_once_are_resolved_as_tag_by_tag(games):
    data = written(games)
    assert described(PbnReader(io.BytesIO(data))) == described(General(io.BytesIO(data)))


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
