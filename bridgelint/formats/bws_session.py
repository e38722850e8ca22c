"""A Bridgemate session's tables as records of the PBN model: one record per section and board, its traveller a
ScoreTable (bws.md).

The tables come as rows, each a dict of column name → value as the database holds it (:mod:`.bws` reads them).
A ReceivedData row that is not ``Erased`` is one table's result of a board (bws.md §3: corrections are rows);
the live rows of a section and board become the ScoreTable of that board's record (``Section``, ``Table``,
``Round``, ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` in tricks, ``Lead`` where a row
has one, and ``Score_NS`` by Law 77 from the contract, the tricks and the board's vulnerability: BWS stores no
score), so every traveller check reads it as it reads a results file's.  IntermediateData, the results a table
keeps before it confirms them, holds no result: it is not read.  The record's Board, Dealer and Vulnerable follow
the board number (Law 2); its Deal is the section's HandRecord row and its DoubleDummyTricks the HandEvaluation
row, where the file has them.  A table whose BiddingData or PlayData holds its auction or play is a record of its
own (Table and Round tags, the result of its ReceivedData row), replayed like any PBN game.

A database has no lines: a ReceivedData cell stands at line = the row's ``ID`` and column = the column's place
in the table as BWS defines it (:data:`COLUMNS`); a BiddingData or PlayData row at :data:`BIDDING_LINES` or
:data:`PLAY_LINES` past its ID.  :attr:`Session.places` says each such line in words
(``ReceivedData#378 (section B, table 4, round 7, board 9)``), and the reports show those words.

What the reader checks itself, where the rows are: a value not of BWS's form or a declaring pair that is neither
pair of its row (S140, naming the table and row; the other side's pair is a switched seating, no finding),
two live rows for one table, round and board (E103: the later one is the traveller's), and a row that the
movement (RoundData) does not have — no such table and round, other pairs, or a board outside the round's
(R106).  Pairs at two tables in a round and boards a pair plays twice are the traveller's R106, across boards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Mapping

from ..core.bridge import (
    SEAT_NAMES,
    SEATS,
    is_vulnerable,
    parse_contract,
    parse_lead,
    parse_pbn_call,
    standard_dealer,
    standard_vulnerability,
)
from ..core.problems import Kind, Problem
from ..core.record import Auction, Play, Record
from ..core.scoring import score
from ..core.tables import Table
from ..core.tags import Tag
from ..core.tokens import INVALID, Call, Card
from .pbn_header import interpret_header

Row = Mapping[str, object]

RECEIVED = "ReceivedData"
# ReceivedData's columns in the order BWS defines them (bws.md §2): a cell's column is its place here
COLUMNS = {name: place for place, name in enumerate((
    "ID", "Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer", "NS/EW", "Contract", "Result",
    "LeadCard", "Remarks", "DateLog", "TimeLog", "Processed", "Processed1", "Processed2", "Processed3",
    "Processed4", "Erased", "ExternalUpdate", "SuspiciousContract"), 1)}
BIDDING_LINES = 1_000_000  # a BiddingData row stands at this line past its ID
PLAY_LINES = 2_000_000  # a PlayData row stands at this line past its ID
_CELLS = ("Section", "Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
_CELL_COLUMNS = ("Section", "Table", "Round", "PairNS", "PairEW", "Contract", "NS/EW", "Result")  # where each stands
_PLACES = ("Section", "Table", "Round", "Board")  # what a row must hold to be placed in the session
_PERCENTAGES = re.compile(r"\s*(40|50|60)%\s*-\s*(40|50|60)%\s*")  # Remarks of an artificial score: NS%-EW%
_ADJUSTED = {"40": "A-", "50": "A=", "60": "A+"}  # a side's percentage as an adjusted score (Law 12C)
_RESULT = re.compile(r"=|[+-](?:[1-9]|1[0-3])")
_BID = re.compile(r"([1-7])(NT|N|[CDHS])", re.IGNORECASE)
_SEAT_OF = frozenset(SEATS)  # a seat as NS/EW writes it
_HAND_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")
_HAND_SEATS = ("North", "East", "South", "West")
_EVALUATED = ("Notrump", "Spades", "Hearts", "Diamonds", "Clubs")  # DoubleDummyTricks: each seat's NT S H D C
_EVALUATED_SEATS = ("North", "South", "East", "West")  # ... seats N S E W


@dataclass
class Tables:
    """The rows of the tables a session is read from (empty: the file has none, or no such table)."""

    received: list[Row] = field(default_factory=list)
    rounds: list[Row] = field(default_factory=list)
    sections: list[Row] = field(default_factory=list)
    hands: list[Row] = field(default_factory=list)
    evaluations: list[Row] = field(default_factory=list)
    bids: list[Row] = field(default_factory=list)
    plays: list[Row] = field(default_factory=list)
    movement: bool = True  # RoundData was read: rows against it are checked


@dataclass
class Entry:
    """One ReceivedData row read: where it was played, its ScoreTable cells (text, line, column), and what it
    says of the result for the table's own record."""

    id: int
    section: int
    table: int
    round: int
    board: int
    pairs: tuple[object, object]
    cells: list[tuple[str, int, int]]
    said: str  # the result in words, for E103 (``4S= by North``)
    lead: bool  # it has a lead


def words(letter: str, table: object, round_: object, board: object) -> str:
    """Where a row of a board's result stands, in words: ``section B, table 4, round 7, board 9``."""
    return f"section {letter}, table {table}, round {round_}, board {board}"


def number(value: object) -> int | None:
    """A whole number the database holds (not a truth value); None for anything else."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


class Session:
    """The records of one BWS session: built from its rows by :meth:`records`, with ``places`` (line → words) and
    ``problems`` (of no record) as they are read."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self.places: dict[int, str] = {}
        self.problems: list[Problem] = []  # of no record: once the records are read
        self.by_row: dict[int, list[Problem]] = {}  # the problems of each ReceivedData row, by ID, until its record
        self.letters = {number(row.get("ID")): text(row.get("Letter")) or str(number(row.get("ID")))
                        for row in tables.sections}
        self.by_direction = self._numbered_by_direction()

    def letter(self, section: int) -> str:
        """A section's letter (``A``), or its number when Section does not name it."""
        return self.letters.get(section) or str(section)

    # --- rows -----------------------------------------------------------------------------------------

    def entries(self) -> list[Entry]:
        """The live ReceivedData rows read, in ID order, each placed in words; S140 for a row that cannot be."""
        found = []
        for row in sorted(self.tables.received, key=lambda row: number(row.get("ID")) or 0):
            entry = self.entry(row)
            if entry is not None:
                found.append(entry)
        return found

    def entry(self, row: Row) -> Entry | None:
        """One ReceivedData row as an entry of its board's traveller; None when it is Erased, or cannot be placed
        (S140)."""
        line = number(row.get("ID")) or 0
        placed = [number(row.get(name)) for name in _PLACES]
        section, table, round_, board = placed
        letter = self.letter(section) if section is not None else "?"
        self.places[line] = f"{RECEIVED}#{line} ({words(letter, *(_known(value) for value in placed[1:]))})"
        if row.get("Erased") is True:
            return None
        if None in placed or (board or 0) < 1:
            missing = [name for name, value in zip(_PLACES, placed) if value is None or name == "Board" and value < 1]
            self._unreadable(Kind.BWS_ROW_PLACE, line, COLUMNS[missing[0]], tuple(missing))
            return None
        assert section is not None and table is not None and round_ is not None and board is not None
        pairs = (number(row.get("PairNS")), number(row.get("PairEW")))
        cells, said, lead = self._result_cells(row, line, board)
        ids = [self._pair_id(section, pair, side) for pair, side in zip(pairs, ("NS", "EW"))]
        values = [_element(letter), str(table), str(round_), *ids, *cells[:3]]
        placed_cells = [(value, line, COLUMNS[name]) for value, name in zip(values, _CELL_COLUMNS)]
        placed_cells += [(value, line, COLUMNS[name]) for value, name in zip(cells[3:], ("LeadCard", "Result"))]
        return Entry(line, section, table, round_, board, pairs, placed_cells, said, lead)

    def _pair_id(self, section: int, pair: int | None, side: str) -> str:
        """A pair's ScoreTable id: its number, with its direction in a section that numbers pairs per direction
        (``3NS``, a Mitchell); ``?`` when the row has none."""
        if pair is None:
            return "?"
        return f"{pair}{side}" if section in self.by_direction else str(pair)

    def _result_cells(self, row: Row, line: int, board: int) -> tuple[list[str], str, bool]:
        """A row's Contract, Declarer, Result (tricks), Lead and Score_NS cells, the result in words, and whether it
        has a lead; S140 for a value not of BWS's form (its cell then ``?``)."""
        remarks, written = text(row.get("Remarks")), text(row.get("Contract"))
        adjusted = _PERCENTAGES.fullmatch(remarks)
        if not written:
            if adjusted:
                return ["-", "-", "-", "-", f"{_ADJUSTED[adjusted.group(1)]}"], f"an adjusted score {remarks}", False
            if remarks.lower() == "arbitral score":
                return ["-", "-", "-", "-", "^?"], "an arbitral score", False
            if remarks.lower() == "not played":
                return ['"Not played"', "-", "-", "-", "-"], "not played", False
            self._unreadable(Kind.BWS_NO_CONTRACT, line, COLUMNS["Contract"])
            return ["?", "?", "?", "?", "?"], "a row without a contract", False
        contract, _ = parse_contract(written.replace(" ", ""))
        if contract is None or (contract.level == 0 and not contract.passed_out):
            self._unreadable(Kind.BWS_CONTRACT, line, COLUMNS["Contract"], written)
            return ["?", "?", "?", "?", "?"], f"Contract {written!r}", False
        lead = self._lead(row, line)
        if contract.passed_out:
            return ["Pass", "-", "-", lead, "0"], "passed out", lead != "-"
        seat = text(row.get("NS/EW")).upper()
        if seat not in _SEAT_OF:
            self._unreadable(Kind.BWS_SEAT, line, COLUMNS["NS/EW"], seat)
        declarer, pairs = number(row.get("Declarer")), (number(row.get("PairNS")), number(row.get("PairEW")))
        if declarer and None not in pairs and declarer not in pairs:  # 0: none given (pass, not played)
            self._unreadable(Kind.BWS_DECLARER, line, COLUMNS["Declarer"], declarer, *pairs)
        tricks = self._tricks(row, line, contract.level)
        points = score(contract, is_vulnerable(standard_vulnerability(board), seat), tricks) \
            if seat in _SEAT_OF and tricks is not None else None
        signed = points if points is None or seat in "NS" else -points
        made = f"{contract}{text(row.get('Result'))} by {SEAT_NAMES.get(seat, seat or '?')}"
        return [str(contract), seat if seat in _SEAT_OF else "?", str(tricks) if tricks is not None else "?", lead,
                str(signed) if signed is not None else "?"], made, lead != "-"

    def _tricks(self, row: Row, line: int, level: int) -> int | None:
        """Declarer's tricks from a row's Result (``=``, ``+2``, ``-1``); None and S140 when not of that form or
        beyond 13."""
        written = text(row.get("Result"))
        if _RESULT.fullmatch(written):
            tricks = level + 6 + (0 if written == "=" else int(written))
            if 0 <= tricks <= 13:
                return tricks
        self._unreadable(Kind.BWS_RESULT, line, COLUMNS["Result"], written, level)
        return None

    def _lead(self, row: Row, line: int) -> str:
        """A row's LeadCard as a PBN card (``S10`` → ``ST``); ``-`` when none is given, ``?`` (S140) when it is no
        card."""
        written = text(row.get("LeadCard"))
        if not written:
            return "-"
        card = parse_lead(written)
        if card is None:
            self._unreadable(Kind.BWS_LEAD, line, COLUMNS["LeadCard"], written)
            return "?"
        return card

    def _unreadable(self, kind: Kind, line: int, column: int, *facts: object) -> None:
        """A problem of the ReceivedData row ``line`` (its ID, the first fact) at ``column``."""
        self.by_row.setdefault(line, []).append(Problem(kind, line, column, (line, *facts)))

    def _numbered_by_direction(self) -> set[int]:
        """The sections that number their pairs per direction (a Mitchell: North-South 3 and East-West 3 are two
        pairs): the movement or a row seats one number on both sides."""
        seated = [(row.get("Section"), row.get("NSPair"), row.get("EWPair")) for row in self.tables.rounds]
        seated += [(row.get("Section"), row.get("PairNS"), row.get("PairEW")) for row in self.tables.received]
        return {section for section, ns, ew in seated if isinstance(section, int) and ns is not None and ns == ew}

    # --- the session --------------------------------------------------------------------------------------

    def records(self) -> Iterator[Record]:
        """The records of the session: per section and board its traveller, then per table with an auction or a
        play its own record; the problems of a row on its board's record, those of rows no traveller holds (not
        placed, or two for one table) on none."""
        entries = self.entries()
        live = self._live(entries)
        self._movement(live)
        boards: dict[tuple[int, int], list[Entry]] = {}
        for entry in live:
            boards.setdefault((entry.section, entry.board), []).append(entry)
        hands = self._by_board(self.tables.hands)
        evaluations = self._by_board(self.tables.evaluations)
        game = 0
        for (section, board), rows in sorted(boards.items(), key=lambda item: (self.letter(item[0][0]), item[0][1])):
            game += 1
            record = self._board_record(game, section, board, rows, hands.get((section, board)),
                                        evaluations.get((section, board)))
            for entry in rows:
                record.problems += self.by_row.pop(entry.id, [])
            yield record
        results = {(entry.section, entry.table, entry.round, entry.board): entry for entry in live}
        for key, (bids, plays) in sorted(self._played().items()):
            game += 1
            yield self._table_record(game, key, bids, plays, results.get(key), hands.get((key[0], key[3])))
        for found in self.by_row.values():
            self.problems += found
        self.by_row = {}

    def _live(self, entries: list[Entry]) -> list[Entry]:
        """The rows that count: of two live rows for one table, round and board, the later (E103 on it, naming the
        earlier)."""
        kept: dict[tuple[int, int, int, int], Entry] = {}
        for entry in entries:
            key = (entry.section, entry.table, entry.round, entry.board)
            earlier = kept.get(key)
            if earlier is not None:
                same = [cell[0] for cell in earlier.cells[5:]] == [cell[0] for cell in entry.cells[5:]]
                self.by_row.setdefault(entry.id, []).append(Problem(
                    Kind.BWS_TWO_RESULTS, entry.id, COLUMNS["Board"],
                    (entry.board, entry.table, entry.round, entry.said, earlier.id, earlier.said, same)))
            kept[key] = entry
        return sorted(kept.values(), key=lambda entry: entry.id)

    def _movement(self, live: list[Entry]) -> None:
        """A problem for each live row that the movement (RoundData) does not have: no such table and round, other
        pairs, a board not of that round.  Not checked for a section that RoundData holds no row of."""
        if not self.tables.movement:
            return
        rounds: dict[tuple[object, object, object], Row] = {}
        for row in self.tables.rounds:
            rounds.setdefault((row.get("Section"), row.get("Table"), row.get("Round")), row)
        sections = {key[0] for key in rounds}
        for entry in live:
            if entry.section not in sections:
                continue
            at = (entry.table, entry.round)
            seating = rounds.get((entry.section, entry.table, entry.round))
            if seating is None:
                problem = Problem(Kind.BWS_NOT_IN_MOVEMENT, entry.id, COLUMNS["Round"], at)
            elif (seated := (seating.get("NSPair"), seating.get("EWPair"))) != entry.pairs:
                problem = Problem(Kind.BWS_OTHER_PAIRS, entry.id, COLUMNS["PairNS"], (*at, entry.pairs, seated))
            elif entry.board not in (boards := _boards(seating)):
                problem = Problem(Kind.BWS_BOARD_NOT_IN_ROUND, entry.id, COLUMNS["Board"],
                                  (entry.board, *at, frozenset(boards)))
            else:
                continue
            self.by_row.setdefault(entry.id, []).append(problem)

    def _by_board(self, rows: list[Row]) -> dict[tuple[int, int], Row]:
        by_board: dict[tuple[int, int], Row] = {}
        for row in rows:
            section, board = number(row.get("Section")), number(row.get("Board"))
            if section is not None and board is not None:
                by_board.setdefault((section, board), row)
        return by_board

    def _header(self, record: Record, section: int, board: int, hand: Row | None, evaluation: Row | None,
                more: Iterable[tuple[str, str]] = ()) -> None:
        """The record's tags: Section, Board, Dealer and Vulnerable (Law 2), Deal, DoubleDummyTricks, and
        ``more``; its fields read from them."""
        values = [("Section", self.letter(section)), *more, ("Board", str(board)),
                  ("Dealer", standard_dealer(board)), ("Vulnerable", standard_vulnerability(board))]
        dealt = deal_text(hand) if hand is not None else None
        if dealt is not None:
            values.append(("Deal", dealt))
        if evaluation is not None:
            tricks = double_dummy_text(evaluation)
            if tricks is None:
                record.problems.append(Problem(Kind.BWS_TRICK_COUNT, record.line, 1,
                                               place=f"HandEvaluation (section {self.letter(section)}, board {board})"))
            else:
                values.append(("DoubleDummyTricks", tricks))
        record.tags = [Tag(name, value, record.line, 1, as_written=False) for name, value in values]
        interpret_header(record, record.first_tags())

    def _board_record(self, game: int, section: int, board: int, rows: list[Entry], hand: Row | None,
                      evaluation: Row | None) -> Record:
        """A board's record: its header and its traveller."""
        line = rows[0].id
        record = Record("bws", game, line)
        self._header(record, section, board, hand, evaluation)
        leads = any(entry.lead for entry in rows)
        columns = [*_CELLS, *(["Lead"] if leads else []), "Score_NS"]
        cells = [entry.cells if leads else entry.cells[:8] + entry.cells[9:] for entry in rows]
        record.tables["ScoreTable"] = Table.of_cells("ScoreTable", columns, cells, line, 1)
        return record

    # --- auctions and plays ---------------------------------------------------------------------------------

    def _played(self) -> dict[tuple[int, int, int, int], tuple[list[Row], list[Row]]]:
        """The BiddingData and PlayData rows of each table, round and board, corrections applied, in turn order."""
        played: dict[tuple[int, int, int, int], tuple[list[Row], list[Row]]] = {}
        for position, rows in enumerate((self.tables.bids, self.tables.plays)):
            for key, kept in corrected(rows).items():
                played.setdefault(key, ([], []))[position].extend(kept)
        return played

    def _table_record(self, game: int, key: tuple[int, int, int, int], bids: list[Row], plays: list[Row],
                      result: Entry | None, hand: Row | None) -> Record:
        """A table's own record of a board: its auction and play, with the result of its ReceivedData row."""
        section, table, round_, board = key
        first = bids[0] if bids else plays[0]
        line = (BIDDING_LINES if bids else PLAY_LINES) + (number(first.get("ID")) or 0)
        record = Record("bws", game, line)
        more = [("Table", str(table)), ("Round", str(round_))]
        if result is not None and result.cells[5][0] not in ("?", "-", '"Not played"'):
            contract, declarer, tricks = (cell[0] for cell in result.cells[5:8])
            more += [("Contract", contract), *([("Declarer", declarer), ("Result", tricks)]
                                               if contract != "Pass" else [])]
        self._header(record, section, board, hand, None, more)
        letter = self.letter(section)
        if bids:
            calls = [self._call(row, letter, key) for row in bids]
            record.auction = Auction(record.dealer.value if record.dealer is not None else None, calls,
                                     calls[0].line, calls[0].column)
        if plays:
            cards = [self._card(row, letter, key) for row in plays]
            record.play = Play(None, cards, cards[0].line, cards[0].column, by_seat=False)
        return record

    def _call(self, row: Row, letter: str, key: tuple[int, int, int, int]) -> Call:
        line = BIDDING_LINES + (number(row.get("ID")) or 0)
        self.places[line] = f"BiddingData#{line - BIDDING_LINES} ({words(letter, *key[1:])}, call " \
                            f"{(number(row.get('Counter')) or 0) + 1})"
        return bws_call(text(row.get("Bid")), line, 1)

    def _card(self, row: Row, letter: str, key: tuple[int, int, int, int]) -> Card:
        line = PLAY_LINES + (number(row.get("ID")) or 0)
        self.places[line] = f"PlayData#{line - PLAY_LINES} ({words(letter, *key[1:])}, card " \
                            f"{number(row.get('Counter'))})"
        written = text(row.get("Card"))
        card = parse_lead(written)
        if card is None:
            return Card(written, INVALID, line, 1)
        return Card.plain(card, line, 1)


def bws_call(written: str, line: int, column: int) -> Call:
    """A BiddingData Bid as a call: ``PASS``, ``x``, ``xx``, a bid (``1S``, ``3NT``, ``1N``); anything else is no
    call (the auction's replay says so)."""
    word = written.upper()
    if word in ("PASS", "X", "XX"):
        canonical = {"PASS": "Pass"}.get(word, word)
    else:
        m = _BID.fullmatch(written)
        canonical = f"{m.group(1)}{'NT' if m.group(2).upper() in ('N', 'NT') else m.group(2).upper()}" if m else ""
    token = parse_pbn_call(canonical)[0] if canonical else None
    if token is None:
        return Call(written, INVALID, line, column)
    return Call(token.canonical, token.kind, line, column, token.level, token.denomination)


def corrected(rows: list[Row]) -> dict[tuple[int, int, int, int], list[Row]]:
    """BiddingData or PlayData rows by table, round and board, in ID order with the corrections applied (an
    ``Erased`` row undoes the earlier row of its Counter and Direction), in Counter order."""
    by_table: dict[tuple[int, int, int, int], dict[tuple[object, object], Row]] = {}
    for row in sorted(rows, key=lambda row: number(row.get("ID")) or 0):
        placed = [number(row.get(name)) for name in _PLACES]
        if None in placed:
            continue
        section, table, round_, board = placed
        assert section is not None and table is not None and round_ is not None and board is not None
        kept = by_table.setdefault((section, table, round_, board), {})
        slot = (row.get("Counter"), text(row.get("Direction")))
        if row.get("Erased") is True:
            kept.pop(slot, None)
        else:
            kept[slot] = row
    return {key: sorted(kept.values(), key=lambda row: number(row.get("Counter")) or 0)
            for key, kept in by_table.items() if kept}


def deal_text(hand: Row) -> str | None:
    """A HandRecord row as a PBN Deal (``N:AKQ.JT9.8.765 ...``): holdings of ranks, space-separated or not,
    ``10`` for the ten; None for a row without a card."""
    holdings = [[text(hand.get(seat + suit)).replace("10", "T").replace(" ", "").upper() for suit in _HAND_SUITS]
                for seat in _HAND_SEATS]
    if not any(any(suits) for suits in holdings):
        return None
    return "N:" + " ".join(".".join(suits) for suits in holdings)


def double_dummy_text(evaluation: Row) -> str | None:
    """A HandEvaluation row as DoubleDummyTricks (seats N S E W, each NT S H D C, one hex digit a count); None when
    a count is not 0-13."""
    counts = [number(evaluation.get(seat + denomination)) for seat in _EVALUATED_SEATS
              for denomination in _EVALUATED]
    if any(count is None or not 0 <= count <= 13 for count in counts):
        return None
    return "".join(f"{count:x}" for count in counts if count is not None)


def _element(written: str) -> str:
    """Text as a table element: quoted when it holds a blank or a quote (a section letter of the file's own)."""
    if written and not any(c.isspace() or c == '"' for c in written):
        return written
    return '"' + written.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _known(value: int | None) -> str:
    return "?" if value is None else str(value)


def _boards(seating: Row) -> set[int]:
    """The boards a RoundData row plays: its CustomBoards list, else LowBoard to HighBoard."""
    custom = [int(n) for n in re.findall(r"\d+", text(seating.get("CustomBoards")))]
    if custom:
        return set(custom)
    low, high = number(seating.get("LowBoard")), number(seating.get("HighBoard"))
    return set(range(low, high + 1)) if low is not None and high is not None else set()

