"""The state of the event checks: records grouped into events, each board with what its reference deal needs.

:class:`EventState` is fed one :class:`~.sighting.Sighting` at a time, in
input order, each file announced by :meth:`~EventState.start_file`, and hands
the facts of each record and of the earlier record it meets to the rules of
:mod:`bridgelint.rules.event`, which decide and write the findings.  E102,
E103 and E104 stand on the later record and name the earlier one, as the
records come.  E101 compares each played record with the board's *reference
deal*: the hand record's (:class:`Reference`), held until the end of the
upload's file (:meth:`~EventState.end_file`: when most of its boards differ,
one E106 stands instead); else the deal most tables of its session played
(a board's deals split by day are two sessions), which is known only at the
end of the scope (:meth:`~EventState.finish`); E105 says what was compared
with nothing.  The state keeps no record: per board
(a row of arrays, :mod:`.packed`) its number, its first whole deal (as a
canonical shape, which the Event tag's index of deals finds for E102), that
deal's turn, dealer and vulnerability, and the tables that played; a place and
a day per played record; only for the boards that need them, the counts of several
deals played, the tables and rooms seen and each room's score.
"""

from __future__ import annotations

from array import array
from typing import NamedTuple

from ...core.findings import Finding
from ...core.fingerprint import canonical, turn, turned
from ...core.sighting import KEY_TAGS, Sighting
from ...rules.event import (
    DuplicatedDeal,
    ForeignUpload,
    FouledBoard,
    Other,
    RepeatedTable,
    TeamImps,
    UncomparedBoard,
    turned_together,
)
from .packed import (
    DEAL_BYTES,
    VULNERABILITIES,
    Index,
    NumberIndex,
    Numbers,
    deal_at,
    deal_bytes,
    number_code,
    seat_code,
    seat_of_code,
    vulnerable_code,
)

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

    def numbers_dealt(self, deal: int) -> list[int]:
        """The plain board numbers (:func:`.packed.number_code`) whose hands are ``deal``'s, as dealt."""
        deals, numbers = self._deals, self._numbers.codes
        return [numbers[at] for at in range(len(self._lines)) if numbers[at] >= 0 and deal_at(deals, at) == deal]

    def at(self, official: Official) -> str:
        return f"{self.files[official.file]}:{official.line}"

    def uncompared(self, compared: set[int]) -> dict[int, Finding]:
        """E105 for each hand record (by index) that no played record was compared with, at its first game."""
        return {index: finding for index, first in enumerate(self.first)
                if (finding := UncomparedBoard.check_hand_record(index in compared, *first)) is not None}


class Upload:
    """What E106 needs of the upload being read, compared with the hand records: its board numbers compared and
    those that differ, its E101s held until the end of the file, the first record compared, and what the boards
    that differ may all be: the hand record's under one shift of the numbers (``offsets``, None: none seen yet),
    or turned by the same seats (``turns``)."""

    __slots__ = ("compared", "differ", "held", "first", "offsets", "turns", "low", "high", "files")

    def __init__(self) -> None:
        self.compared: set[str] = set()
        self.differ: set[str] = set()
        self.held: list[Finding] = []
        self.first: Sighting | None = None
        self.offsets: set[int] | None = None
        self.turns: set[int] | None = None
        self.low = self.high = -1  # the lowest and highest plain number that differs
        self.files: set[int] = set()  # the hand records it was compared with

    def add(self, number: str, sighting: Sighting, official: Official) -> None:
        if self.first is None:
            self.first = sighting
        self.compared.add(number)
        self.files.add(official.file)

    def differs(self, number: str, deal: int, official: Official, reference: Reference, finding: Finding) -> None:
        """The record of board ``number``, dealt ``deal``, is not the hand record's ``official`` (``finding``)."""
        self.held.append(finding)
        if number in self.differ:
            return
        self.differ.add(number)
        code = number_code(number)
        seats = turn(deal, official.deal)
        self.turns = ({seats} if seats else set()) if self.turns is None else self.turns & {seats}
        if code < 0:
            self.offsets = set()
            return
        self.low, self.high = (code, code) if self.low < 0 else (min(self.low, code), max(self.high, code))
        if self.offsets is None:
            self.offsets = {dealt - code for dealt in reference.numbers_dealt(deal)} - {0}
        elif self.offsets:
            self.offsets = {offset for offset in self.offsets
                            if (other := reference.get(str(code + offset))) is not None and other.deal == deal}

    def findings(self, wanted: bool, reference: Reference) -> list[Finding]:
        """E106, when ``wanted`` and the upload is not of the hand record; else the E101s held."""
        first = self.first
        if not wanted or first is None or not ForeignUpload.fires(len(self.differ), len(self.compared)):
            return self.held
        offset = min(self.offsets, key=abs) if self.offsets else None
        names = ", ".join(reference.files[i] for i in sorted(self.files))
        finding = ForeignUpload.check_upload(len(self.differ), len(self.compared), names, first,
                                             (self.low, self.high, offset) if offset is not None else None,
                                             min(self.turns) if self.turns else None)
        return [finding] if finding is not None else self.held


class EventState:
    """The events of a scope (one file, or the whole run) and the findings of each record."""

    def __init__(self, reference: Reference | None = None) -> None:
        self.paths: list[str] = []
        self.events: dict[tuple[str | None, ...], Event] = {}
        self.named: dict[str | None, Index] = {}  # per Event tag, each deal's first board, by shape (E102)
        self.reference = reference
        self.compared: set[int] = set()  # the hand records (by index) that a played record was compared with
        self._hand: int | None = None  # the file being read is this hand record
        self._upload: Upload | None = None  # the file being read is an upload compared with the hand records
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
        self._played_days = array("I")  # the day it is dated (0: not known)
        self._names: dict[tuple[str | None, str | None], int] = {}  # each (table, room) seen, numbered
        self._outcomes: dict[str | None, int] = {}  # each outcome seen, numbered

    # a "where" is one integer: the file's index and the line
    def _where(self, line: int) -> int:
        return self._file | line & _LINES

    def _other(self, where: int, here: int | None = None) -> Other:
        """The record at ``where`` (file index and line) as the other record a finding names, seen from the file
        ``here`` (by default the file being read)."""
        index, line = where >> 32, where & _LINES
        here = len(self.paths) - 1 if here is None else here
        return Other(self.paths[index], line, f"line {line}" if index == here else f"{self.paths[index]}:{line}")

    def start_file(self, path: str) -> None:
        """The sightings that follow are of the file ``path``."""
        self.paths.append(path)
        self._file = (len(self.paths) - 1) << 32
        files = self.reference.files if self.reference is not None else ()
        self._hand = files.index(path) if path in files else None
        self._upload = Upload() if self.reference is not None and self._hand is None else None

    def end_file(self, codes: frozenset[str] = frozenset((ForeignUpload.code,))) -> list[Finding]:
        """The end of the file being read: with hand records, its E101s held until now, or instead one E106 when
        the file is not of the hand record (and ``codes`` hold E106)."""
        upload, self._upload = self._upload, None
        if upload is None or self.reference is None:
            return []
        return upload.findings(ForeignUpload.code in codes, self.reference)

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
        shape = self._deal(board, sighting.deal, sighting, found) if sighting.deal is not None else 0
        if sighting.table is not None or sighting.room is not None:
            self._place(board, sighting, shape, self._where(sighting.place_line), found)
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

    def _shape(self, board: int) -> int:
        return deal_at(self._shapes, board)

    def _first_deal_of(self, board: int) -> int:
        """The board's first whole deal as it was written."""
        return turned(self._shape(board), self._seats[board] & 3)

    def _deal(self, board: int, deal: int, sighting: Sighting, found: list[Finding]) -> int:
        """Compare the record's whole ``deal`` with the board's; returns its canonical shape."""
        shape, seats = canonical(deal)
        if not self._first[board]:
            self._first_deal(board, shape, seats, sighting, found)
        elif seats != self._seats[board] & 3 and shape == self._shape(board):
            first = self._seats[board]
            if turned_together(seat_of_code(first >> 2 & 7), VULNERABILITIES[(first >> 5) - 1] if first >> 5 else None,
                               (seats - (first & 3)) % 4, sighting.dealer, sighting.vulnerable):
                deal = turned(shape, first & 3)  # the same board written from other seats: the first deal's
        if self.reference is not None:
            self._official(sighting.board or "", deal, sighting, found)
        elif sighting.tables:  # not played: never a fouled board, no vote
            self._vote(board, deal, sighting)
        return shape

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
        finding = DuplicatedDeal.check_deal(self._numbers[first], (seats - (self._seats[first] & 3)) % 4, sighting,
                                            self._other(self._first[first]))
        if finding is not None:
            found.append(finding)

    def _official(self, number: str, deal: int, sighting: Sighting, found: list[Finding]) -> None:
        """With hand records: E101 at once against the hand record's deal, E105 where there is none; a hand record's
        own board is compared with an earlier hand record's."""
        assert self.reference is not None
        official = self.reference.get(number)
        if self._hand is not None:  # a board of a hand record
            if official is None or (official.file, official.line) == (self._hand, sighting.deal_line & _LINES):
                return  # the official deal itself
            finding = FouledBoard.check_official(deal, official.deal, official.dealer, official.vulnerable, sighting,
                                                 self._official_other(official), hand_record=True)
            found.append(finding or UncomparedBoard.check_again(sighting, self._official_other(official)))
            return
        if not sighting.tables:
            return
        if official is None:
            found.append(UncomparedBoard.check_unknown(sighting, self.reference.files))
            return
        self.compared.add(official.file)
        finding = FouledBoard.check_official(deal, official.deal, official.dealer, official.vulnerable, sighting,
                                             self._official_other(official))
        upload = self._upload
        if upload is None:  # fed without start_file: said at once
            if finding is not None:
                found.append(finding)
            return
        upload.add(number, sighting, official)
        if finding is not None:  # held until the end of the file: E106 may stand instead
            upload.differs(number, deal, official, self.reference, finding)

    def _official_other(self, official: Official) -> Other:
        assert self.reference is not None
        return Other(self.reference.files[official.file], official.line, self.reference.at(official))

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
        self._played_days.append(sighting.day if 0 <= sighting.day <= _LINES else 0)

    def finish(self) -> dict[int, list[Finding]]:
        """The end of the scope: E101 on each played record whose deal is not the one most tables of its session
        played (ties: the deal seen first); by file index.  The sessions of a board are its deals split by day
        (:func:`sessions`).  The state keeps no record, so this reads only the counts, places and days."""
        out: dict[int, list[Finding]] = {}
        decided = {board: votes for board, votes in self._votes.items() if len(votes) > 3}
        if not decided:
            return out  # one deal played on every board: nothing to decide
        played, played_days, boards = self._played, self._played_days, self._played_boards
        days: dict[int, list[set[int]]] = {board: [set() for _ in range(len(votes) // 3)]
                                           for board, votes in decided.items()}
        for record, board in enumerate(boards):  # the days each deal of a decided board was played on
            seen = days.get(board)
            if seen is not None:
                seen[min(played[2 * record + 1] & 0xFF, len(seen) - 1)].add(played_days[record])
        session = {board: sessions(seen) for board, seen in days.items()}
        for record, board in enumerate(boards):
            votes = decided.get(board)
            if votes is None:
                continue
            where, place = played[2 * record], played[2 * record + 1]
            variant, label = place & 0xFF, session[board]
            members = [i for i, own in enumerate(label) if own == label[variant]]  # the deals of its session
            if len(members) == 1:
                continue  # its deal alone in its session
            tables = [votes[3 * i + 1] for i in members]
            best = FouledBoard.reference(tables)
            if members[best] == variant:
                continue
            index = where >> 32
            finding = FouledBoard.check_majority(
                [votes[3 * i] for i in members], tables, members.index(variant),
                self._other(votes[3 * members[best] + 2], index),
                where & _LINES, place >> 40, place >> 8 & 0xFFFFFFFF, self._numbers[board])
            if finding is not None:
                out.setdefault(index, []).append(finding)
        return out

    def _place(self, board: int, sighting: Sighting, shape: int, where: int, found: list[Finding]) -> None:
        """E103 when the record's table or room has an earlier record of the board, unless the two are of two
        sessions: other deals (``shape``: the record's, canonical; 0 none) on other days (the number used again
        in a multi-day event)."""
        name = self._names.setdefault((sighting.table, sighting.room), len(self._names))
        places = self._places.get(board)
        if places is None:
            places = self._places[board] = array("Q")
        day = sighting.day if 0 <= sighting.day <= _LINES else 0
        dealt = day << 32 | hash(shape) & _LINES if day and shape else 0
        for entry in range(0, len(places), 4):
            if places[entry] >> 32 != name or other_session(dealt, places[entry + 3]):
                continue
            digest = places[entry + 2]
            outcome = list(self._outcomes)[places[entry] & 0xFFFFFFFF] if digest != sighting.digest else None
            found.append(RepeatedTable.check_place(sighting, digest, outcome, self._other(places[entry + 1])))
            return
        outcome_code = self._outcomes.setdefault(sighting.outcome, len(self._outcomes))
        places.extend((name << 32 | outcome_code, where, sighting.digest, dealt))

    def _room(self, board: int, room: str, sighting: Sighting, where: int, found: list[Finding]) -> None:
        rooms = self._rooms.setdefault(board, [])
        other = next((entry for entry in rooms if entry[0] != room), None)
        if not any(entry[0] == room for entry in rooms):
            rooms.append((room, sighting.ns, sighting.imps, self._where(sighting.imps_line), where))
        if other is None:
            return
        other_room, other_ns, other_imps, other_imps_at, other_at = other
        given_here = bool(sighting.imps_line) and other_imps_at == self._where(sighting.imps_line)
        finding = TeamImps.check_rooms(sighting, other_room, other_ns, other_imps,
                                       None if given_here else lambda: self._other(other_imps_at),
                                       self._other(other_at))
        if finding is not None:
            found.append(finding)

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
                for table, room in (names[places[entry] >> 32] for entry in range(0, len(places), 4))]

    def summary(self) -> list[dict]:
        """The events as the JSON report shows them: key, files, and per board the tables seen."""
        return [{
            "key": {name.lower(): value for name, value in zip(KEY_TAGS, event.key)},
            "files": [self.paths[i] for i in event.files],
            "boards": [{"board": self._numbers[board], "records": self._records[board],
                        "tables": self._tables_seen(board), "reference": self._reference_of(board)}
                       for board in event.boards],
        } for event in self.events.values()]


def sessions(days: list[set[int]]) -> list[int]:
    """The session of each of a board's deals, given the days each was played on (0: a day not known): two deals
    are of two sessions when every record of each is dated and no day of one is a day of the other (the number
    used again on another day); otherwise, or through a deal linked to both, one session.  Each deal's session
    is the index of the first deal of it."""
    label = list(range(len(days)))

    def root(i: int) -> int:
        while label[i] != i:
            label[i] = label[label[i]]
            i = label[i]
        return i

    for i in range(len(days)):
        for j in range(i):
            if 0 in days[i] or 0 in days[j] or not days[i].isdisjoint(days[j]):
                a, b = root(i), root(j)
                label[max(a, b)] = min(a, b)
    return [root(i) for i in range(len(days))]


def other_session(dealt: int, other: int) -> bool:
    """Whether two records of one table (each ``day << 32 | a hash of its deal``, 0 where not known) are of two
    sessions: dated on two days and dealt two ways."""
    day, deal, other_day, other_deal = dealt >> 32, dealt & _LINES, other >> 32, other & _LINES
    return bool(day and other_day and deal and other_deal) and day != other_day and deal != other_deal
