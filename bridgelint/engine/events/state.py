"""The decisions of the event checks: records grouped into events, each board compared with its reference deal.

:class:`EventState` is fed one :class:`~.sighting.Sighting` at a time, in
input order, each file announced by :meth:`~EventState.start_file`.  E102,
E103 and E104 stand on the later record and name the earlier one, as the
records come.  E101 compares each played record with the board's *reference
deal*: the hand record's (:class:`Reference`) at once; else the deal most
tables of the event played, which is known only at the end of the scope:
:meth:`~EventState.finish` decides.  The state keeps no record: per board
(a row of arrays, :mod:`.packed`) its number, its first whole deal (as a
canonical shape, which the Event tag's index of deals finds for E102), that
deal's turn, dealer and vulnerability, and the tables that played; a place per
played record; only for the boards that need them, the counts of several
deals played, the tables and rooms seen and each room's score.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple

from ...core.bridge import SEAT_NAMES, turned_vulnerability
from ...core.findings import Finding, Related
from ...rules.base import Rule
from ...rules.event import DuplicatedDeal, FouledBoard, RepeatedTable, TeamImps, UncomparedBoard
from ...core.scoring import imps
from ...core.fingerprint import canonical, card_name, differences, turn, turned
from .packed import (DEAL_BYTES, VULNERABILITIES, Index, NumberIndex, Numbers, deal_at, deal_bytes, number_code,
                     seat_code, seat_of_code, vulnerable_code)
from .sighting import KEY_TAGS, Sighting

_TURNS = {1: "turned one seat clockwise", 2: "turned half round", 3: "turned one seat anticlockwise"}
_LINES = 0xFFFFFFFF  # a line as the state keeps it (32 bits)
_COUNTS = 0xFFFFFFFFFFFFFFFF  # a count of tables kept in an array (a larger one is kept as a Python integer)
_NO_DEAL = bytes(DEAL_BYTES)


class Event:
    """One event: its files, and its boards (positions in the state's arrays) in order of appearance, indexed by
    board number."""

    __slots__ = ("key", "files", "boards", "index")

    def __init__(self, key: tuple[str | None, ...]):
        self.key = key
        self.files: list[int] = []
        self.boards = array("I")
        self.index = NumberIndex()


class Official(NamedTuple):
    """A board of a hand record: its deal, the line of its deal, the hand record (its index in ``files``), its
    dealer and vulnerability."""

    deal: int
    line: int
    file: int
    dealer: str | None
    vulnerable: str | None = None


class Reference:
    """The official deals of a run (``--hand-record``): board number -> :class:`Official` (the first hand record
    holding it), the hand records' paths as reports show them, and where the first game of each stands.

    The boards are kept in arrays (about 40 bytes each): the reference goes to every worker."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self.first: list[tuple[int, int, int]] = []  # each file's first game: (line, column, game)
        self._numbers = Numbers()
        self._index = NumberIndex()
        self._deals = bytearray()
        self._lines = array("I")
        self._files = array("I")
        self._seats = bytearray()  # dealer | vulnerability << 3 (packed.seat_code, packed.vulnerable_code)

    def add(self, number: str, official: Official) -> None:
        """The board ``number`` of a hand record, unless an earlier one holds it."""
        code = number_code(number)
        if self._index.get(number, code, self._numbers) != -1:
            return
        self._index.add(number, code, len(self._lines), self._numbers)
        self._numbers.append(number, code)
        self._deals += deal_bytes(official.deal)
        self._lines.append(official.line & _LINES)
        self._files.append(official.file)
        self._seats.append(seat_code(official.dealer) | vulnerable_code(official.vulnerable) << 3)

    def get(self, number: str) -> Official | None:
        at = self._index.get(number, number_code(number), self._numbers)
        if at == -1:
            return None
        seats = self._seats[at]
        return Official(deal_at(self._deals, at), self._lines[at], self._files[at], seat_of_code(seats & 7),
                        VULNERABILITIES[(seats >> 3) - 1] if seats >> 3 else None)

    def at(self, official: Official) -> str:
        return f"{self.files[official.file]}:{official.line}"

    def uncompared(self, compared: set[int]) -> dict[int, Finding]:
        """E105 for each hand record (by index) that no played record was compared with, at its first game."""
        out = {}
        for index, (line, column, game) in enumerate(self.first):
            if index not in compared:
                out[index] = UncomparedBoard.finding(
                    "no record of the run was compared with this hand record: nothing was compared (do the uploads "
                    "number their boards as it does, and hold whole deals?)", line, column, game=game or None)
        return out


class EventState:
    """The events of a scope (one file, or the whole run) and the findings of each record."""

    def __init__(self, reference: Reference | None = None) -> None:
        self.paths: list[str] = []
        self.events: dict[tuple[str | None, ...], Event] = {}
        self.named: dict[str | None, Index] = {}  # per Event tag, each deal's first board, by shape (E102)
        self.reference = reference
        self.compared: set[int] = set()  # the hand records (by index) that a played record was compared with
        self._hand: int | None = None  # the file being read is this hand record
        self._file = 0  # the index of the file being read, as the high half of a where
        # per board (a position, in order of first sight, over every event of the scope):
        self._numbers = Numbers()
        self._shapes = bytearray()  # its first whole deal, as its canonical shape (zeros: none yet)
        self._shape_hashes = array("I")  # that shape's hash (E102's index finds the shape by it)
        self._first = array("Q")  # where that deal is written (0: none yet)
        self._seats = bytearray()  # that deal's turn (bits 0-1), dealer (2-4), vulnerability (5-7)
        self._tables = array("Q")  # tables that played, while all played the first deal, its record first
        self._records = array("I")
        self._votes: dict[int, list[int]] = {}  # otherwise: per distinct deal played, fingerprint, tables, where
        self._places: dict[int, array] = {}  # the tables and rooms seen: (name << 32 | outcome, where, digest)
        self._rooms: dict[int, list[tuple[str, int | None, int | None, int, int]]] = {}  # (room, ns, imps, ...)
        # per played record: its where, and column << 40 | game << 8 | deal (its index in the board's votes)
        self._played = array("Q")
        self._played_boards = array("I")
        self._names: dict[tuple[str | None, str | None], int] = {}  # each (table, room) seen, numbered
        self._outcomes: dict[str | None, int] = {}  # each outcome seen, numbered

    # a "where" is one integer: the file's index and the line
    def _where(self, line: int) -> int:
        return self._file | line & _LINES

    def _related(self, where: int, message: str, deal: int | None = None) -> Related:
        """The record at ``where`` (file index and line) as the other record a finding names."""
        return Related(self.paths[where >> 32], where & _LINES, 1, message, deal)

    def _at(self, where: int, here: int | None = None) -> str:
        """``line 12`` in the file ``here`` (by default the file being read), ``other.pbn:12`` in another."""
        index, line = where >> 32, where & _LINES
        here = len(self.paths) - 1 if here is None else here
        return f"line {line}" if index == here else f"{self.paths[index]}:{line}"

    def start_file(self, path: str) -> None:
        """The sightings that follow are of the file ``path``."""
        self.paths.append(path)
        self._file = (len(self.paths) - 1) << 32
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
        code = number_code(number)
        board = event.index.get(number, code, self._numbers)
        if board == -1:
            board = len(self._records)
            event.index.add(number, code, board, self._numbers)
            self._new_board(number, code)
            event.boards.append(board)
        self._records[board] += 1
        found: list[Finding] = []
        if sighting.deal is not None:
            self._deal(board, sighting.deal, sighting, found)
        if sighting.table is not None or sighting.room is not None:
            self._place(board, sighting, self._where(sighting.place_line), found)
        if sighting.room is not None:
            self._room(board, sighting.room, sighting, self._where(sighting.line), found)
        return found

    def _new_board(self, number: str, code: int) -> None:
        self._numbers.append(number, code)
        self._shapes += _NO_DEAL
        self._shape_hashes.append(0)
        self._first.append(0)
        self._seats.append(0)
        self._tables.append(0)
        self._records.append(0)

    @staticmethod
    def _finding(rule: type[Rule], message: str, sighting: Sighting, line: int = 0, column: int = 0,
                 related: Related | None = None) -> Finding:
        return rule.finding(message, line or sighting.line, column or sighting.column, game=sighting.game,
                            board=sighting.board, related=related)

    def _shape(self, board: int) -> int:
        return deal_at(self._shapes, board)

    def _first_deal_of(self, board: int) -> int:
        """The board's first whole deal as it was written."""
        return turned(self._shape(board), self._seats[board] & 3)

    def _deal(self, board: int, deal: int, sighting: Sighting, found: list[Finding]) -> None:
        shape, seats = canonical(deal)
        if not self._first[board]:
            self._first_deal(board, shape, seats, sighting, found)
        elif seats != self._seats[board] & 3 and shape == self._shape(board):
            first = self._seats[board]
            if turned_together(first >> 2 & 7, first >> 5, (seats - (first & 3)) % 4, sighting.dealer, sighting.vulnerable):
                deal = turned(shape, first & 3)  # the same board written from other seats: the first deal's
        if self.reference is not None:
            self._official(sighting.board or "", deal, sighting, found)
        elif sighting.tables:  # not played: never a fouled board, no vote
            self._vote(board, deal, sighting)

    def _first_deal(self, board: int, shape: int, seats: int, sighting: Sighting, found: list[Finding]) -> None:
        """Keep the board's first whole deal; E102 when an earlier board of the Event tag holds it."""
        packed = deal_bytes(shape)
        self._shapes[board * DEAL_BYTES:(board + 1) * DEAL_BYTES] = packed
        self._first[board] = self._file | sighting.deal_line & _LINES
        self._seats[board] = seats | seat_code(sighting.dealer) << 2 | vulnerable_code(sighting.vulnerable) << 5
        named = self.named.get(sighting.key[0])
        if named is None:
            named = self.named[sighting.key[0]] = Index()
        shapes, hashes, key_hash = self._shapes, self._shape_hashes, hash(shape) & 0xFFFFFFFF
        hashes[board] = key_hash
        slot = named.slot(key_hash, lambda at: hashes[at] == key_hash
                          and shapes[at * DEAL_BYTES:(at + 1) * DEAL_BYTES] == packed, hashes.__getitem__)
        first = named.slots[slot]
        if first == -1:  # said once: at the board's first deal
            named.put(slot, board)
            return
        number, earlier = self._numbers[board], self._numbers[first]
        if earlier == number:
            return
        how = _TURNS.get((seats - (self._seats[first] & 3)) % 4, "")
        at = self._first[first]
        found.append(self._finding(
            DuplicatedDeal, f"board {number} repeats the deal of board {earlier} at "
                            f"{self._at(at)}{' ' + how if how else ''}", sighting,
            sighting.deal_line, sighting.deal_column, self._related(at, f"board {earlier}, the same deal")))

    def _official(self, number: str, deal: int, sighting: Sighting, found: list[Finding]) -> None:
        """With hand records: E101 at once against the hand record's deal, E105 where there is none; a hand record's
        own board is compared with an earlier hand record's."""
        assert self.reference is not None
        official = self.reference.get(number)
        if self._hand is not None:  # a board of a hand record
            if official is None or (official.file, official.line) == (self._hand, sighting.deal_line & _LINES):
                return  # the official deal itself
            at = self.reference.at(official)
            if _same_board(deal, sighting, official):
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
        if not _same_board(deal, sighting, official):
            found.append(self._official_finding(
                _fouled(deal, official.deal, self.reference.at(official), f"board {number} here is not the hand "
                                                                          "record's: "), official, sighting))

    def _official_finding(self, message: str, official: Official, sighting: Sighting) -> Finding:
        assert self.reference is not None
        return self._finding(FouledBoard, message, sighting, sighting.deal_line, sighting.deal_column,
                             Related(self.reference.files[official.file], official.line, 1,
                                     f"board {sighting.board} in the hand record", official.deal))

    def _vote(self, board: int, deal: int, sighting: Sighting) -> None:
        """Count the record's tables for its deal and keep its place: the majority is decided at the end."""
        where = self._file | sighting.deal_line & _LINES
        tables = self._tables[board]
        votes = self._votes.get(board)
        if votes is None and tables + sighting.tables <= _COUNTS and (
                deal == self._first_deal_of(board) if tables else where == self._first[board]):
            # the usual board: every played record holds its first whole deal, that deal's record played
            self._tables[board] = tables + sighting.tables
            variant = 0
        else:
            if votes is None:  # another deal: a count per distinct deal from now on
                votes = self._votes[board] = [self._first_deal_of(board), tables, self._first[board]] \
                    if tables else []
            for variant in range(0, len(votes), 3):
                if votes[variant] == deal:
                    votes[variant + 1] += sighting.tables
                    break
            else:
                variant = len(votes)
                votes += (deal, sighting.tables, where)
            variant //= 3
        self._played.append(where)
        column, game = sighting.deal_column, sighting.game
        self._played.append((column if column < 0xFFFF else 0xFFFF) << 40 | (game & 0xFFFFFFFF) << 8
                            | (variant if variant < 0xFF else 0xFF))
        self._played_boards.append(board)

    def finish(self) -> dict[int, list[Finding]]:
        """The end of the scope: E101 on each played record whose deal is not the one most tables of its event
        played (ties: the deal seen first), and E105 for each hand record no record was compared with; by file
        index.  The state keeps no record, so this reads only the counts and places."""
        out: dict[int, list[Finding]] = {}
        decided = {board: votes for board, votes in self._votes.items() if len(votes) > 3}
        if not decided:
            return out  # one deal played on every board: nothing to decide
        played = self._played
        for record, board in enumerate(self._played_boards):
            votes = decided.get(board)
            if votes is None:
                continue
            where, place = played[2 * record], played[2 * record + 1]
            variant = place & 0xFF
            tables = votes[1::3]
            most = max(tables)
            best = tables.index(most)
            if variant == best:
                continue
            index, line, column, game = where >> 32, where & _LINES, place >> 40, place >> 8 & 0xFFFFFFFF
            number = self._numbers[board]
            there, at = votes[3 * best], self._at(votes[3 * best + 2], index)
            message = (f"{_fouled(votes[3 * variant], there, 'the deal most tables played')}; "
                       f"dealt this way at {_tables(tables[variant])}, the other way at {_tables(most)}, "
                       f"first at {at}")
            if tables.count(most) > 1:
                message += " (a tie: the deal seen first is taken as the reference)"
            out.setdefault(index, []).append(FouledBoard.finding(
                message, line, column, game=game, board=number,
                related=self._related(votes[3 * best + 2], f"board {number} as most tables played it "
                                                           f"({_tables(most)})", there)))
        return out

    def _place(self, board: int, sighting: Sighting, where: int, found: list[Finding]) -> None:
        name = self._names.setdefault((sighting.table, sighting.room), len(self._names))
        places = self._places.get(board)
        if places is None:
            places = self._places[board] = array("Q")
        for entry in range(0, len(places), 3):
            if places[entry] >> 32 != name:
                continue
            seen, digest = places[entry + 1], places[entry + 2]
            at, here = place(sighting.table, sighting.room), sighting.board
            if digest == sighting.digest:
                message = (f"board {here} is recorded twice at {at}: the same record as at {self._at(seen)} "
                           f"(the same upload twice?)")
            else:
                outcome = list(self._outcomes)[places[entry] & 0xFFFFFFFF]
                message = (f"board {here} has two results at {at}: {sighting.outcome or 'a record'} here, "
                           f"{outcome or 'another record'} at {self._at(seen)}; a table plays a board once")
            found.append(self._finding(RepeatedTable, message, sighting, sighting.place_line, sighting.place_column,
                                       self._related(seen, f"board {here}'s first record at {at}")))
            return
        outcome_code = self._outcomes.setdefault(sighting.outcome, len(self._outcomes))
        places.extend((name << 32 | outcome_code, where, sighting.digest))

    def _room(self, board: int, room: str, sighting: Sighting, where: int, found: list[Finding]) -> None:
        rooms = self._rooms.setdefault(board, [])
        other = next((entry for entry in rooms if entry[0] != room), None)
        if not any(entry[0] == room for entry in rooms):
            rooms.append((room, sighting.ns, sighting.imps, self._where(sighting.imps_line), where))
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

    def _reference_of(self, board: int) -> str | None:
        """What the board's deals were compared with (E101): ``hand-record``, ``majority`` (of two tables or more),
        or None: nothing was compared."""
        if self.reference is not None:
            return "hand-record" if self.reference.get(self._numbers[board]) is not None else None
        votes = self._votes.get(board)
        tables = sum(votes[1::3]) if votes is not None else self._tables[board]
        return "majority" if tables > 1 else None

    def _tables_seen(self, board: int) -> list[dict[str, str | None]]:
        places = self._places.get(board)
        if not places:
            return []
        names = list(self._names)
        return [{"table": table, "room": room}
                for table, room in (names[places[entry] >> 32] for entry in range(0, len(places), 3))]

    def summary(self) -> list[dict]:
        """The events as the JSON report shows them: key, files, and per board the tables seen."""
        return [{
            "key": {name.lower(): value for name, value in zip(KEY_TAGS, event.key)},
            "files": [self.paths[i] for i in event.files],
            "boards": [{"board": self._numbers[board], "records": self._records[board],
                        "tables": self._tables_seen(board), "reference": self._reference_of(board)}
                       for board in event.boards],
        } for event in self.events.values()]


def _tables(n: int) -> str:
    return f"{n} table" + ("" if n == 1 else "s")


def turned_together(dealer: int, vulnerable: int, seats: int, dealer_here: str | None,
                    vulnerable_here: str | None) -> bool:
    """Whether a board first dealt by ``dealer`` at ``vulnerable`` (packed codes) and seen again with its hands
    turned ``seats`` seats has its dealer and vulnerability turned with them: the same board written from other
    seats (robot matches do).  The dealer must be known; a vulnerability not known on either side is not held
    against it."""
    if not dealer or seat_code(dealer_here) != (dealer - 1 + seats) % 4 + 1:
        return False
    if not vulnerable or vulnerable_here not in VULNERABILITIES:
        return True
    return vulnerable_here == turned_vulnerability(VULNERABILITIES[vulnerable - 1], seats)


def place(table: str | None, room: str | None) -> str:
    """``table 3``, ``the open room``, ``table 3, open room``."""
    if table is not None:
        return f"table {table}" + (f", {room.lower()} room" if room else "")
    assert room is not None, "a place is a table, a room or both"  # only places with one are compared
    return f"the {room.lower()} room"


def _same_board(deal: int, sighting: Sighting, official: Official) -> bool:
    """The hand record's board, as dealt or with hands, dealer and vulnerability turned together."""
    seats = turn(deal, official.deal)
    return seats == 0 or (seats is not None and turned_together(
        seat_code(official.dealer), vulnerable_code(official.vulnerable), seats, sighting.dealer,
        sighting.vulnerable))


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

