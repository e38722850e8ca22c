"""R105 across records: the IMPs of each teams match's boards, from their ScoreIMP, and the match totals the file
states (match tables), kept while the standings hook reads a file.

A match is the records with the same Event, Stage, Round, HomeTeam and VisitTeam (:data:`MATCH_TAGS`, HomeTeam
and VisitTeam given); per match only the IMPs of each board are kept, for the team sitting North-South in the
open room, and whether the match can be told at all (:meth:`Matches.won`).
"""

from __future__ import annotations

from ..core.findings import Finding
from ..core.matches import MATCH_TAGS, StatedMatch, stated_matches
from ..core.record import Record
from ..core.standings import Standings
from ..core.tags import known
from ..core.traveller import Traveller
from ..rules.teams import TeamsResult
from .events.sighting import stated_imps

_ROOMS = {"OPEN": 1, "CLOSED": -1}  # a room's North-South IMPs, times this, are the open room's North-South team's


class _Match:
    __slots__ = ("boards", "rooms", "clear")

    def __init__(self) -> None:
        self.boards: dict[str, float | None] = {}  # board -> the open room's North-South team's IMPs (None: none)
        self.rooms: set[tuple[str, int]] = set()  # (board, room) given
        self.clear = True  # no ScoreIMP outside a room or unread, no board twice in a room or given differently


class Matches:
    """The teams matches of one file, and the match tables' rows."""

    def __init__(self) -> None:
        self.matches: dict[tuple[str | None, ...], _Match] = {}
        self.stated: list[StatedMatch] = []

    def add(self, record: Record, board: str | None) -> None:
        """A record of a match (one with HomeTeam and VisitTeam) adds its board's IMPs."""
        values: dict[str, str | None] = {}
        for tag in record.tags:
            if tag.name in _READ and tag.name not in values:
                values[tag.name] = known(tag.value)
        key = tuple(values.get(name) for name in MATCH_TAGS)
        if key[3] is None or key[4] is None:
            return
        match = self.matches.get(key)
        if match is None:
            match = self.matches[key] = _Match()
        if board is None:
            match.clear = False
            return
        match.boards.setdefault(board, None)
        room = _ROOMS.get((values.get("Room") or "").upper())
        written = values.get("ScoreIMP")
        if room is not None:
            if (board, room) in match.rooms:
                match.clear = False  # the board twice in one room
            match.rooms.add((board, room))
        if written is None:
            return
        imps = stated_imps(written, record)
        if imps is None or room is None:
            match.clear = False  # IMPs not read, or not known to be whose
            return
        earlier = match.boards[board]
        if earlier is not None and earlier != room * imps:
            match.clear = False
        match.boards[board] = room * imps

    def add_table(self, record: Record, view: Traveller) -> None:
        """A match table's rows with IMP totals, from any record."""
        first = record.first_tags()
        event, stage = (known(tag.value) if (tag := first.get(name)) is not None else None for name in ("Event", "Stage"))
        self.stated.extend(stated_matches(view, event, stage))

    def won(self) -> dict[tuple[str | None, ...], tuple[float, float, int]]:
        """The IMPs each team won (the open room's North-South team, the other) and the boards, of each match whose
        every board has its IMPs."""
        found = {}
        for key, match in self.matches.items():
            imps = [imp for imp in match.boards.values() if imp is not None]
            if match.clear and imps and len(imps) == len(match.boards):
                found[key] = (float(sum(imp for imp in imps if imp > 0)), float(-sum(imp for imp in imps if imp < 0)),
                              len(imps))
        return found

    def findings(self, totals: Standings | None) -> list[Finding]:
        if not self.matches:
            return []
        return list(TeamsResult.compare_matches(self.won(), self.stated, totals))


_READ = frozenset((*MATCH_TAGS, "Room", "ScoreIMP"))
