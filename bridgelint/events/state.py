"""The decisions of the event checks: records grouped into events, each board compared with what came before.

:class:`EventState` is fed one :class:`~.sighting.Sighting` at a time, in
input order, each file announced by :meth:`~EventState.start_file`; findings
stand on the later record and name the earlier one.  Per board it keeps its
first whole deal (as a canonical shape, one integer that the event's map of
deals to boards shares for E102, and a turn), the tables and rooms seen and
each room's score: about 250 bytes a board, never a record.
"""

from __future__ import annotations

from ..bridge import SEAT_NAMES, seat_after
from ..model import Finding
from ..rules.base import Rule
from ..rules.event import DuplicatedDeal, FouledBoard, RepeatedTable, TeamImps
from ..scoring import imps
from .deal import canonical, card_name, differences, turn, turned
from .sighting import KEY_TAGS, Sighting

_TURNS = {1: "turned one seat clockwise", 2: "turned half round", 3: "turned one seat anticlockwise"}


class Board:
    """What one board of an event keeps."""

    __slots__ = ("shape", "seats", "deal_at", "deal_results", "dealer", "places", "rooms", "records")

    def __init__(self) -> None:
        # the first whole deal seen, as its canonical shape and turn (the shape is also the event's key for it);
        # where, whether it carries results, its dealer
        self.shape: int | None = None
        self.seats = 0
        self.deal_at = 0
        self.deal_results = False
        self.dealer: str | None = None
        self.places: list[tuple[str | None, str | None, int]] | None = None  # (table, room, where) seen
        self.rooms: list[tuple[str, int | None, int | None, int, int]] | None = None  # (room, ns, imps, ...)
        self.records = 0


class Event:
    """One event: its files, its boards in order of appearance, and its deals by fingerprint."""

    __slots__ = ("key", "files", "boards", "deals")

    def __init__(self, key: tuple[str | None, ...]):
        self.key = key
        self.files: list[int] = []
        self.boards: dict[str, Board] = {}
        self.deals: dict[int, str] = {}  # each board's first whole deal, as its shape (the same int) -> the board


class EventState:
    """The events of a scope (one file, or the whole run) and the findings of each record."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.events: dict[tuple[str | None, ...], Event] = {}

    # a "where" is one integer: the file's index and the line
    def _where(self, line: int) -> int:
        return (len(self.paths) - 1) << 32 | line

    def _at(self, where: int) -> str:
        """``line 12`` in the file being checked, ``other.pbn:12`` in another."""
        index, line = where >> 32, where & 0xFFFFFFFF
        return f"line {line}" if index == len(self.paths) - 1 else f"{self.paths[index]}:{line}"

    def start_file(self, path: str) -> None:
        """The sightings that follow are of the file ``path``."""
        self.paths.append(path)

    def add(self, sighting: Sighting) -> list[Finding]:
        """Compare one record with the earlier records of its event, remember it, and say what is wrong."""
        number = sighting.board
        if number is None:
            return []
        event = self.events.get(sighting.key)
        if event is None:
            event = self.events[sighting.key] = Event(sighting.key)
        index = len(self.paths) - 1
        if not event.files or event.files[-1] != index:
            event.files.append(index)
        board = event.boards.get(number)
        if board is None:
            board = event.boards[number] = Board()
        board.records += 1
        found: list[Finding] = []
        if sighting.deal is not None:
            self._deal(event, board, number, sighting.deal, sighting, self._where(sighting.deal_line), found)
        if sighting.table is not None or sighting.room is not None:
            self._place(board, sighting, self._where(sighting.place_line), found)
        if sighting.room is not None:
            self._room(board, sighting.room, sighting, self._where(sighting.line), found)
        return found

    @staticmethod
    def _finding(rule: type[Rule], message: str, sighting: Sighting, line: int = 0, column: int = 0) -> Finding:
        finding = rule.finding(message, line or sighting.line, column or sighting.column)
        finding.game, finding.board = sighting.game, sighting.board
        return finding

    def _deal(self, event: Event, board: Board, number: str, deal: int, sighting: Sighting, where: int,
              found: list[Finding]) -> None:
        shape, seats = canonical(deal)
        if board.shape is not None:
            if (shape != board.shape or seats != board.seats) and (sighting.results or board.deal_results) \
                    and not _whole_turn(board, shape, seats, sighting.dealer):
                there = turned(board.shape, board.seats)
                found.append(self._finding(FouledBoard, _fouled(deal, there, self._at(board.deal_at)),
                                           sighting, sighting.deal_line, sighting.deal_column))
            return
        board.shape, board.seats, board.deal_at = shape, seats, where
        board.deal_results, board.dealer = sighting.results, sighting.dealer
        earlier = event.deals.setdefault(shape, number)  # said once: at the board's first deal
        if earlier != number:
            first = event.boards[earlier]
            how = _TURNS.get((seats - first.seats) % 4, "")
            found.append(self._finding(
                DuplicatedDeal, f"board {number} repeats the deal of board {earlier} at "
                                f"{self._at(first.deal_at)}{' ' + how if how else ''}", sighting, sighting.deal_line,
                sighting.deal_column))

    def _place(self, board: Board, sighting: Sighting, where: int, found: list[Finding]) -> None:
        if board.places is None:
            board.places = []
        for table, room, seen in board.places:
            if table == sighting.table and room == sighting.room:
                found.append(self._finding(
                    RepeatedTable, f"board {sighting.board} is recorded twice at {place(table, room)}, "
                                   f"also at {self._at(seen)}: a table plays a board once", sighting,
                    sighting.place_line, sighting.place_column))
                return
        board.places.append((sighting.table, sighting.room, where))

    def _room(self, board: Board, room: str, sighting: Sighting, where: int, found: list[Finding]) -> None:
        if board.rooms is None:
            board.rooms = []
        other = next((entry for entry in board.rooms if entry[0] != room), None)
        if not any(entry[0] == room for entry in board.rooms):
            board.rooms.append((room, sighting.ns, sighting.imps, self._where(sighting.imps_line), where))
        if other is None:
            return
        other_room, other_ns, other_imps, other_imps_at, other_at = other
        ns = sighting.ns
        if other_ns is None or ns is None:
            return
        difference = ns - other_ns
        due = imps(difference)  # to North-South here
        scores = (f"North-South scored {ns:+d} here and {other_ns:+d} in the {other_room.lower()} room "
                  f"at {self._at(other_at)}")
        if sighting.imps is not None and sighting.imps != due:
            found.append(self._finding(
                TeamImps, f"North-South are given {sighting.imps:+d} IMPs, but {scores}: the difference, "
                          f"{difference:+d} points, is {due:+d} IMPs on the WBF scale", sighting,
                sighting.imps_line, sighting.imps_column))
        elif (other_imps is not None and other_imps != -due
              and not (sighting.imps_line and other_imps_at == self._where(sighting.imps_line))):
            found.append(self._finding(
                TeamImps, f"North-South in the {other_room.lower()} room are given {other_imps:+d} IMPs at "
                          f"{self._at(other_imps_at)}, but {scores}: the difference, {-difference:+d} points to "
                          f"them, is {-due:+d} IMPs on the WBF scale", sighting))

    def summary(self) -> list[dict]:
        """The events as the JSON report shows them: key, files, and per board the tables seen."""
        return [{
            "key": {name.lower(): value for name, value in zip(KEY_TAGS, event.key)},
            "files": [self.paths[i] for i in event.files],
            "boards": [{"board": number, "records": board.records,
                        "tables": [{"table": table, "room": room} for table, room, _ in board.places or ()]}
                       for number, board in event.boards.items()],
        } for event in self.events.values()]


def _whole_turn(board: Board, shape: int, seats: int, dealer: str | None) -> bool:
    """The hands and the dealer turned together: the same board written from other seats (robot matches do)."""
    return shape == board.shape and board.dealer is not None and dealer == seat_after(board.dealer,
                                                                                      (seats - board.seats) % 4)


def place(table: str | None, room: str | None) -> str:
    """``table 3``, ``the open room``, ``table 3, open room``."""
    if table is not None:
        return f"table {table}" + (f", {room.lower()} room" if room else "")
    assert room is not None, "a place is a table, a room or both"  # only places with one are compared
    return f"the {room.lower()} room"


def _fouled(here: int, there: int, at: str) -> str:
    """FouledBoard's message: the first cards that the two deals give to different players."""
    turned = turn(here, there)
    if turned:
        return f"fouled board: the deal of {at} {_TURNS[turned]}"
    moved = differences(here, there)
    first = moved[0]
    text = f"fouled board: {_moved(first)}, {SEAT_NAMES[first[2]]}'s at {at}"
    back = next((m for m in moved if m[1] == first[2]), None)  # a card that went the other way
    if back is not None:
        text += f"; {_moved(back)}, {SEAT_NAMES[back[2]]}'s there"
    return text + (f" ({len(moved)} cards differ)" if len(moved) > 2 else "")


def _moved(difference: tuple[str, str, str]) -> str:
    card, here, _ = difference
    return f"{card_name(card)} is {SEAT_NAMES[here]}'s here"
