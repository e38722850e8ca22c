"""One record as the event checks see it: a few values, never the record itself.

A :class:`Sighting` is small and picklable: a worker process returns one per
record when the whole run is one scope (``--across-files``), and the parent
decides.  The event state (:mod:`bridgelint.across.events`) takes sightings
from records and hands them to the E rules (:mod:`bridgelint.rules.event`).
"""

from __future__ import annotations

from typing import NamedTuple

KEY_TAGS = ("Event", "Site", "Section", "Stage", "HomeTeam", "VisitTeam")  # what tells an event's records apart
ROOMS = {"OPEN": "Open", "CLOSED": "Closed"}  # a Room tag's value, in any case, as the room is named


class Sighting(NamedTuple):
    """One record as the event checks see it."""

    key: tuple[str | None, ...]  # the values of KEY_TAGS, None where absent or unknown
    board: str | None
    dealer: str | None
    deal: int | None  # the deal's fingerprint; None when not comparable
    deal_line: int
    deal_column: int
    table: str | None  # the Table tag
    room: str | None  # Open or Closed (PBN Room, LIN qx)
    place_line: int  # where the table or room is written
    place_column: int
    ns: int | None  # North-South's score (in a room: E104 needs it there only)
    imps: int | None  # the IMPs the record states for North-South (PBN ScoreIMP, LIN mp)
    imps_line: int
    imps_column: int
    line: int
    column: int
    game: int
    tables: int  # the tables the record stands for: 0 unplayed, 1, or a traveller's rows with results
    digest: int  # what the record says was played (E103 tells a copy from a second result); 0 when no table is named
    outcome: str | None  # the contract and result as ``4S=``, ``3NT-1 by East``; None when no table is named
    vulnerable: str | None = None  # None, NS, EW or All; None also when not known
    day: int = 0  # the day the record is dated (its Date, as a day number: date.toordinal()); 0 when not known
