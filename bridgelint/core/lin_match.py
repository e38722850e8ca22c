"""What a LIN board record carries of its match: the record of a LIN board, the vugraph header's fields (lin.md
§3: event, segment, teams) and the room of a board."""

from __future__ import annotations

from .record import Record
from .tags import Tag

Field4 = tuple[str, str, int, int]  # a field: TAG (upper case), value, line, column of the tag

ROOMS = {"O": "Open", "C": "Closed"}  # the room letter of a qx value


class LinRecord(Record):
    """The record of a LIN board.  Its own fields are kept as (TAG, value, line, column) tuples and made
    :class:`~bridgelint.core.tags.Tag` objects only when ``tags`` is first read (checks rarely read them);
    ``carried`` are the match header's tags, which come after them in ``tags``."""

    __slots__ = ("fields", "carried", "room", "_tags")

    def __init__(self, game: int, line: int, column: int):
        super().__init__("lin", game, line, column)  # sets tags to []: reset below
        self.fields: list[Field4] = []
        self.carried: tuple[Tag, ...] = ()  # vg, pn and mp of the match header (inherited)
        self.room: str | None = None  # Open or Closed, from the board's qx
        self._tags: list[Tag] | None = None  # made on first use

    @property
    def tags(self) -> list[Tag]:
        if self._tags is None:
            self._tags = [*(Tag(*field) for field in self.fields), *self.carried]
        return self._tags

    @tags.setter
    def tags(self, tags: list[Tag]) -> None:
        self._tags = tags

    def field_name(self, name: str) -> str:
        """How LIN writes a header field PBN has a tag for (``rs contract`` for ``Contract``)."""
        return _LIN_FIELDS.get(name, name)


_LIN_FIELDS = {"Board": "qx", "Vulnerable": "sv", "Deal": "md", "Contract": "rs contract",
              "Declarer": "rs declarer", "Result": "rs result"}  # where LIN writes what PBN has tags for


def commentary(record: Record) -> list[tuple[int, int, str]]:
    """The place and text of each non-empty ``nt`` field (vugraph commentary, lin.md §4) of a LIN board, in order;
    none for any other record."""
    if not isinstance(record, LinRecord):
        return []
    return [(line, column, value.strip()) for tag, value, line, column in record.fields
            if tag == "NT" and value.strip()]


def match_tag(record: Record, name: str) -> Tag | None:
    """The first header tag ``name`` (``VG``, ``PN``, ``MP``) the board carries."""
    carried = record.carried if isinstance(record, LinRecord) else ()
    return next((tag for tag in carried if tag.name == name), None)


def match_fields(vg: str | None) -> list[str]:
    """The fields of a vugraph header ``vg`` value (lin.md §3), stripped of spaces and quotes; [] without one."""
    return [] if vg is None else [field.strip().strip("'") for field in vg.split(",")]


def match_event(fields: list[str]) -> str | None:
    """The event a vugraph header names, as PBN's Event: ``event, segment``; None when it names no event."""
    if not fields or not fields[0]:
        return None
    return ", ".join(field for field in fields[:2] if field)


def match_teams(fields: list[str]) -> tuple[str | None, str | None]:
    """The two teams a vugraph header names (the first sits North-South in the open room), None where empty."""
    home, visit = (fields[i] if len(fields) > i and fields[i] else None for i in (5, 7))
    return home, visit


def room(record: Record) -> str | None:
    """``Open`` or ``Closed``, from the board's ``qx``; None for a label that is no room."""
    return record.room if isinstance(record, LinRecord) else None
