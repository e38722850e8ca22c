"""The decisions of the event checks: records grouped into events, each board compared with its reference deal.

:class:`EventState` is fed one :class:`~.sighting.Sighting` at a time, in
input order, each file announced by :meth:`~EventState.start_file`.  E102,
E103 and E104 stand on the later record and name the earlier one, as the
records come.  E101 compares each played record with the board's *reference
deal*: the hand record's (:class:`Reference`) at once; else the deal most
tables of the event played, which is known only at the end of the scope:
:meth:`~EventState.finish` decides.  Per board the state keeps its first
whole deal (as a canonical shape, one integer that the map of the event's
deals to boards shares for E102, and a turn), a count of tables per distinct
deal played and a place per played record (one integer each), the tables and
rooms seen and each room's score, never a record.
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.bridge import SEAT_NAMES, seat_after
from ...core.model import Finding, Related
from ...rules.base import Rule
from ...rules.event import DuplicatedDeal, FouledBoard, RepeatedTable, TeamImps, UncomparedBoard
from ...core.scoring import imps
from ...core.fingerprint import canonical, card_name, differences, turn, turned
from .sighting import KEY_TAGS, Sighting

_TURNS = {1: "turned one seat clockwise", 2: "turned half round", 3: "turned one seat anticlockwise"}
_LINE, _COLUMN, _GAME, _VARIANT = 32, 16, 32, 8  # the bits of a played record's place (:func:`_pack`)


class Board:
    """What one board of an event keeps."""

    __slots__ = ("number", "shape", "seats", "deal_at", "dealer", "votes", "played", "places", "rooms", "records")

    def __init__(self, number: str) -> None:
        self.number = number
        # the first whole deal seen, as its canonical shape and turn (the shape is also the event's key for it);
        # where, its dealer
        self.shape: int | None = None
        self.seats = 0
        self.deal_at = 0
        self.dealer: str | None = None
        # per distinct deal played: its fingerprint, tables, where first seen; while the only deal played is the
        # first whole deal, seen there first, just its tables (an int: no list for the usual board)
        self.votes: list[int] | int | None = None
        self.played: list[int] | int | None = None  # each played record's place and deal (_pack): one, or a list
        self.places: list[tuple] | None = None  # (table, room, where, digest, outcome) seen
        self.rooms: list[tuple[str, int | None, int | None, int, int]] | None = None  # (room, ns, imps, ...)
        self.records = 0


class Event:
    """One event: its files and its boards in order of appearance."""

    __slots__ = ("key", "files", "boards")

    def __init__(self, key: tuple[str | None, ...]):
        self.key = key
        self.files: list[int] = []
        self.boards: dict[str, Board] = {}


class Official(NamedTuple):
    """A board of a hand record: its deal, the line of its deal, the hand record (its index in ``files``), its
    dealer."""

    deal: int
    line: int
    file: int
    dealer: str | None


class Reference:
    """The official deals of a run (``--hand-record``): board number -> :class:`Official` (the first hand record
    holding it), the hand records' paths as reports show them, and where the first game of each stands."""

    def __init__(self) -> None:
        self.boards: dict[str, Official] = {}
        self.files: list[str] = []
        self.first: list[tuple[int, int, int]] = []  # each file's first game: (line, column, game)

    def at(self, official: Official) -> str:
        return f"{self.files[official.file]}:{official.line}"

    def uncompared(self, compared: set[int]) -> dict[int, Finding]:
        """E105 for each hand record (by index) that no played record was compared with, at its first game."""
        out = {}
        for index, (line, column, game) in enumerate(self.first):
            if index not in compared:
                finding = UncomparedBoard.finding(
                    "no record of the run was compared with this hand record: nothing was compared (do the uploads "
                    "number their boards as it does, and hold whole deals?)", line, column)
                finding.game = game or None
                out[index] = finding
        return out


class EventState:
    """The events of a scope (one file, or the whole run) and the findings of each record."""

    def __init__(self, reference: Reference | None = None) -> None:
        self.paths: list[str] = []
        self.events: dict[tuple[str | None, ...], Event] = {}
        self.named: dict[str | None, dict[int, Board]] = {}  # per Event tag, each deal's first board (E102)
        self.reference = reference
        self.compared: set[int] = set()  # the hand records (by index) that a played record was compared with
        self._hand: int | None = None  # the file being read is this hand record

    # a "where" is one integer: the file's index and the line
    def _where(self, line: int) -> int:
        return (len(self.paths) - 1) << 32 | line

    def _related(self, where: int, message: str, deal: int | None = None) -> Related:
        """The record at ``where`` (file index and line) as the other record a finding names."""
        return Related(self.paths[where >> 32], where & 0xFFFFFFFF, 1, message, deal)

    def _at(self, where: int, here: int | None = None) -> str:
        """``line 12`` in the file ``here`` (by default the file being read), ``other.pbn:12`` in another."""
        index, line = where >> 32, where & 0xFFFFFFFF
        here = len(self.paths) - 1 if here is None else here
        return f"line {line}" if index == here else f"{self.paths[index]}:{line}"

    def start_file(self, path: str) -> None:
        """The sightings that follow are of the file ``path``."""
        self.paths.append(path)
        files = self.reference.files if self.reference is not None else ()
        self._hand = files.index(path) if path in files else None

    def add(self, sighting: Sighting) -> list[Finding]:
        """Compare one record with the earlier records of its event, remember it, and say what is wrong now."""
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
            board = event.boards[number] = Board(number)
        board.records += 1
        found: list[Finding] = []
        if sighting.deal is not None:
            self._deal(board, sighting.deal, sighting, found)
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

    def _deal(self, board: Board, deal: int, sighting: Sighting, found: list[Finding]) -> None:
        shape, seats = canonical(deal)
        if board.shape is None:
            board.shape, board.seats, board.deal_at = shape, seats, self._where(sighting.deal_line)
            board.dealer = sighting.dealer
            named = self.named.setdefault(sighting.key[0], {})
            first = named.setdefault(shape, board)  # said once: at the board's first deal
            if first is not board and first.number != board.number:
                how = _TURNS.get((seats - first.seats) % 4, "")
                finding = self._finding(
                    DuplicatedDeal, f"board {board.number} repeats the deal of board {first.number} at "
                                    f"{self._at(first.deal_at)}{' ' + how if how else ''}", sighting,
                    sighting.deal_line, sighting.deal_column)
                finding.related = self._related(first.deal_at, f"board {first.number}, the same deal")
                found.append(finding)
        elif shape == board.shape and seats != board.seats and _whole_turn(board, seats, sighting.dealer):
            deal = turned(shape, board.seats)  # the same board written from other seats: the first deal's
        if self.reference is not None:
            self._official(board.number, deal, sighting, found)
        elif sighting.tables:  # not played: never a fouled board, no vote
            self._vote(board, deal, sighting)

    def _official(self, number: str, deal: int, sighting: Sighting, found: list[Finding]) -> None:
        """With hand records: E101 at once against the hand record's deal, E105 where there is none; a hand record's
        own board is compared with an earlier hand record's."""
        assert self.reference is not None
        official = self.reference.boards.get(number)
        if self._hand is not None:  # a board of a hand record
            if official is None or (official.file, official.line) == (self._hand, sighting.deal_line):
                return  # the official deal itself
            at = self.reference.at(official)
            if _same_board(deal, sighting.dealer, official):
                found.append(self._finding(UncomparedBoard, f"board {number} is already in {at}: this one is not "
                                                            "the reference", sighting, sighting.deal_line,
                                           sighting.deal_column))
            else:
                found.append(self._official_finding(
                    _fouled(deal, official.deal, at, f"board {number} of this hand record is not the earlier one's: "),
                    official, sighting))
            return
        if not sighting.tables:
            return
        if official is None:
            found.append(self._finding(UncomparedBoard, f"board {number} is in no hand record "
                                                        f"({', '.join(self.reference.files)}): its deal was not "
                                                        "compared", sighting, sighting.deal_line,
                                       sighting.deal_column))
            return
        self.compared.add(official.file)
        if not _same_board(deal, sighting.dealer, official):
            found.append(self._official_finding(
                _fouled(deal, official.deal, self.reference.at(official), f"board {number} here is not the hand "
                                                                          "record's: "), official, sighting))

    def _official_finding(self, message: str, official: Official, sighting: Sighting) -> Finding:
        assert self.reference is not None
        finding = self._finding(FouledBoard, message, sighting, sighting.deal_line, sighting.deal_column)
        finding.related = Related(self.reference.files[official.file], official.line, 1,
                                  f"board {sighting.board} in the hand record", official.deal)
        return finding

    def _vote(self, board: Board, deal: int, sighting: Sighting) -> None:
        """Count the record's tables for its deal and keep its place: the majority is decided at the end."""
        votes = board.votes
        where = self._where(sighting.deal_line)
        first = board.shape is not None and where == board.deal_at
        if votes is None and first:  # the first whole deal, played: the usual board
            board.votes = sighting.tables
            board.played = _pack(len(self.paths) - 1, sighting.deal_line, sighting.deal_column, sighting.game, 0)
            return
        if votes is None:
            votes = board.votes = []
        elif isinstance(votes, int):  # a second played record: the counts as a list from now on
            assert board.shape is not None
            votes = board.votes = [turned(board.shape, board.seats), votes, board.deal_at]
        for variant in range(0, len(votes), 3):
            if votes[variant] == deal:
                votes[variant + 1] += sighting.tables
                break
        else:
            variant = len(votes)
            votes += (deal, sighting.tables, where)
        place = _pack(len(self.paths) - 1, sighting.deal_line, sighting.deal_column, sighting.game, variant // 3)
        if board.played is None:
            board.played = place
        elif isinstance(board.played, int):
            board.played = [board.played, place]
        else:
            board.played.append(place)

    def finish(self) -> dict[int, list[Finding]]:
        """The end of the scope: E101 on each played record whose deal is not the one most tables of its event
        played (ties: the deal seen first), and E105 for each hand record no record was compared with; by file
        index.  The state keeps no record, so this reads only the counts and places."""
        out: dict[int, list[Finding]] = {}
        for event in self.events.values():
            for board in event.boards.values():
                votes = board.votes
                if not isinstance(votes, list) or len(votes) == 3 or not isinstance(board.played, list):
                    continue  # one deal played: nothing to decide
                tables = votes[1::3]
                most = max(tables)
                best = tables.index(most)
                tie = tables.count(most) > 1
                for place in board.played:
                    index, line, column, game, variant = _unpack(place)
                    if variant == best:
                        continue
                    there, at = votes[3 * best], self._at(votes[3 * best + 2], index)
                    message = (f"{_fouled(votes[3 * variant], there, 'the deal most tables played')}; "
                               f"dealt this way at {_tables(tables[variant])}, the other way at {_tables(most)}, "
                               f"first at {at}")
                    if tie:
                        message += " (a tie: the deal seen first is taken as the reference)"
                    finding = FouledBoard.finding(message, line, column)
                    finding.game, finding.board = game, board.number
                    finding.related = self._related(votes[3 * best + 2], f"board {board.number} as most tables "
                                                                         f"played it ({_tables(most)})", there)
                    out.setdefault(index, []).append(finding)
        return out

    def _place(self, board: Board, sighting: Sighting, where: int, found: list[Finding]) -> None:
        if board.places is None:
            board.places = []
        for table, room, seen, digest, outcome in board.places:
            if table == sighting.table and room == sighting.room:
                at, here = place(table, room), sighting.board
                if digest == sighting.digest:
                    message = (f"board {here} is recorded twice at {at}: the same record as at {self._at(seen)} "
                               f"(the same upload twice?)")
                else:
                    message = (f"board {here} has two results at {at}: {sighting.outcome or 'a record'} here, "
                               f"{outcome or 'another record'} at {self._at(seen)}; a table plays a board once")
                finding = self._finding(RepeatedTable, message, sighting, sighting.place_line, sighting.place_column)
                finding.related = self._related(seen, f"board {here}'s first record at {at}")
                found.append(finding)
                return
        board.places.append((sighting.table, sighting.room, where, sighting.digest, sighting.outcome))

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

    def _reference_of(self, board: Board) -> str | None:
        """What the board's deals were compared with (E101): ``hand-record``, ``majority`` (of two tables or more),
        or None: nothing was compared."""
        if self.reference is not None:
            return "hand-record" if board.number in self.reference.boards else None
        votes = board.votes
        tables = votes if isinstance(votes, int) else sum(votes[1::3]) if votes is not None else 0
        return "majority" if tables > 1 else None

    def summary(self) -> list[dict]:
        """The events as the JSON report shows them: key, files, and per board the tables seen."""
        return [{
            "key": {name.lower(): value for name, value in zip(KEY_TAGS, event.key)},
            "files": [self.paths[i] for i in event.files],
            "boards": [{"board": number, "records": board.records,
                        "tables": [{"table": entry[0], "room": entry[1]} for entry in board.places or ()],
                        "reference": self._reference_of(board)}
                       for number, board in event.boards.items()],
        } for event in self.events.values()]


def _pack(index: int, line: int, column: int, game: int, variant: int) -> int:
    """A played record's place and which of its board's deals it holds, as one integer."""
    return ((((index << _LINE | line) << _COLUMN | min(column, 0xFFFF)) << _GAME | game) << _VARIANT
            | min(variant, 0xFF))


def _unpack(place: int) -> tuple[int, int, int, int, int]:
    variant, place = place & 0xFF, place >> _VARIANT
    game, place = place & 0xFFFFFFFF, place >> _GAME
    column, place = place & 0xFFFF, place >> _COLUMN
    return place >> _LINE, place & 0xFFFFFFFF, column, game, variant


def _tables(n: int) -> str:
    return f"{n} table" + ("" if n == 1 else "s")


def _whole_turn(board: Board, seats: int, dealer: str | None) -> bool:
    """The hands and the dealer turned together: the same board written from other seats (robot matches do)."""
    return board.dealer is not None and dealer == seat_after(board.dealer, (seats - board.seats) % 4)


def place(table: str | None, room: str | None) -> str:
    """``table 3``, ``the open room``, ``table 3, open room``."""
    if table is not None:
        return f"table {table}" + (f", {room.lower()} room" if room else "")
    assert room is not None, "a place is a table, a room or both"  # only places with one are compared
    return f"the {room.lower()} room"


def _same_board(deal: int, dealer: str | None, official: Official) -> bool:
    """The hand record's board, as dealt or with hands and dealer turned together."""
    seats = turn(deal, official.deal)
    return seats == 0 or (seats is not None and official.dealer is not None
                          and dealer == seat_after(official.dealer, seats))


def _fouled(here: int, there: int, what: str, lead: str = "") -> str:
    """FouledBoard's message: the first cards that the two deals give to different players (``what``: the other
    deal, as ``handrecord.pbn:12`` or ``the deal most tables played``)."""
    turned_by = turn(here, there)
    if turned_by:
        return f"fouled board: {lead}{'the deal of ' + what if lead else what} {_TURNS[turned_by]}"
    moved = differences(here, there)
    first = moved[0]
    text = f"fouled board: {lead}{_moved(first)}, {SEAT_NAMES[first[2]]}'s in {what}"
    back = next((m for m in moved if m[1] == first[2]), None)  # a card that went the other way
    if back is not None:
        text += f"; {_moved(back)}, {SEAT_NAMES[back[2]]}'s there"
    return text + (f" ({len(moved)} cards differ)" if len(moved) > 2 else "")


def _moved(difference: tuple[str, str, str]) -> str:
    card, here, _ = difference
    return f"{card_name(card)} is {SEAT_NAMES[here]}'s here"

