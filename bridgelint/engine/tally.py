"""A file's boards and results counted as a director counts them (:class:`Tally`).

A **board** is a board number of an event: the records of one file with the
same Board tag (or LIN ``qx`` number) and the same event tags (Event, Site,
Section, Stage, and the day of the Date: BBO writes the minute a table
ended, ``2013-08-24 19:13``; a tag a game does not write is carried from the
game before it, as some programs write it once) are one board, however many
tables played it; a record that holds a board but no number is a board of
its own.  A **result** is a table that played a board: a record's traveller
rows with a result (ScoreTable), else one for a record with an auction, a
contract or a result (:func:`..across.events.sighting.tables_played`).  A BBO file of
18 boards played at 41 tables is "18 boards, 735 results"; a hand record is
18 boards and no result.
"""

from __future__ import annotations

from ..across.events.sighting import carried, day_number, tables_played
from ..core.record import Record
from ..core.tags import known
from ..replay.context import Context

EVENT_TAGS = ("Event", "Site", "Date", "Section", "Stage")  # the teams' names aside: a match's boards are the event's


def _value(name: str, value: str) -> str:
    """How an event tag's value tells events apart: as written, a Date by its day."""
    value = value.strip()
    return str(day_number(value) or value) if name == "Date" else value


class Tally:
    """The boards and results of one file, fed its records in order."""

    __slots__ = ("numbers", "unnumbered", "results", "_event", "_written")

    def __init__(self) -> None:
        self.numbers: dict[tuple[str | None, ...], set[object]] = {}  # each event's board numbers
        self.unnumbered = 0  # records that hold a board without a number
        self.results = 0
        self._event: tuple[str | None, ...] = (None,) * len(EVENT_TAGS)
        self._written: tuple[str | None, ...] = ()  # the event tags' values as the last game wrote them

    def add(self, ctx: Context) -> None:
        record = ctx.record
        self.results += tables_played(ctx)
        if record.model == "pbn":  # LIN names its event in one header
            first = record.first_tags()  # the first tag of a name counts (PBN §3.4); worked out once a record
            tags = [first.get(name) for name in EVENT_TAGS]
            written = tuple(tag.value if tag is not None else None for tag in tags)
            if written != self._written and any(tags):  # most games write the tags of the game before
                self._written = written
                event = [None if tag is None else _value(tag.name, tag.value) for tag in tags]
                self._event = carried(tuple(event), self._event)
        number = _number(record)
        if number is not None:
            self.numbers.setdefault(self._event, set()).add(number)
        elif record.deal_field or record.auction or record.play:
            self.unnumbered += 1

    @property
    def boards(self) -> int:
        return sum(map(len, self.numbers.values())) + self.unnumbered


def _number(record: Record) -> object:
    """The record's board number: the number read (LIN ``qx|o3`` is 3), else its Board tag as written; None
    without one (empty, or ``?``)."""
    board = record.board
    if board is None:
        return None
    if board.value is not None:
        return board.value
    return known(board.raw or "")
