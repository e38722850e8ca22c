"""The BBO LIN reader: one :class:`~bridgelint.core.record.Record` per board, streamed.

Boards are split from the field stream (:mod:`.lin_scan`): in vugraph files
each ``qx`` starts a board, after a header of ``vg``, ``rs``, ``pn``/``pw``,
``mp``, ``bn``; in files without ``qx`` each ``md`` does.  A run of prelude
fields (``pn``, ``st``, ``rh``, ``ah``, ``nt``) right before the field that
starts a board belongs to that board.  ``qx|o1,BOARD 1|``, a known BBO bug,
is read as board 1 with an S120 warning.  Each ``vg`` starts a segment: the board
open before it ends there, and the boards after it carry that segment's header
alone (its event, teams, ``rs`` and ``mp``), as concatenated match files hold.

Each field is read once, as the scanner's runs arrive: the open board's
:class:`_Board` fills its record field by field, so no list of a board's
fields is built and walked again.  The record (:class:`LinRecord`) keeps its
fields as tuples and makes :class:`~bridgelint.core.tags.Tag` objects only when
``tags`` is read; a play of one-card ``pc`` fields is kept as card names
(:class:`LinPlay`), and an auction of one-call ``mb`` fields as call names
(:class:`LinAuction`), until their Card and Call objects are asked for.
"""

from __future__ import annotations

import re
from itertools import accumulate, filterfalse
from string import ascii_letters
from typing import BinaryIO, Iterator

from ..core import bridge
from ..core.bridge import Result
from ..core.digits import is_digits, matched
from ..core.lin_match import ROOMS, Field4, LinRecord
from ..core.problems import Kind, Problem
from ..core.record import Auction, Deal, Play, Record
from ..core.reference import SWITCH
from ..core.tags import Field, Tag
from ..core.tokens import INVALID, Call, Card
from .base import Plain, guarded
from .lin_scan import KNOWN_TAGS, scan, text_chunks
from .patterns import (
    LIN_BOARD_HEADER,
    LIN_CALL,
    LIN_CARD,
    LIN_CLAIM,
    LIN_DEALER,
    LIN_HOLDING,
    LIN_ROOM_BOARD,
    LIN_VULNERABILITY,
)

PRELUDE = frozenset(("PN", "ST", "RH", "AH", "NT"))
BOARD_CONTENT = frozenset(("MB", "AN", "PC", "MC"))  # these open a board when none is open
HEADER = frozenset(("VG", "RS", "PW", "MP", "BN"))
BOARD_BODY = frozenset(("MB", "AN", "PC", "MC", "PG", "SV"))  # in an open board, these only join it
LIN_SEATS = "SWNE"  # md dealer digits 1-4 and the order of the hands
_VULNERABILITY = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}
_SNIFF = re.compile(r"\s*[A-Za-z]{2}\|[^|]*\|")
# the whole non-blank run after each link, so that runs never overlap: linear, however many links
_HANDVIEWER_LINK = re.compile(r"handviewer\.html\?(\S*)", re.IGNORECASE)


def looks_like_lin(head: str) -> bool:
    """Whether text starts like LIN (a ``tag|value|`` field) or is a handviewer link."""
    head = head.lstrip("\ufeff")
    return (_SNIFF.match(head) is not None
            or any("lin=" in m.group(1).lower() for m in _HANDVIEWER_LINK.finditer(head)))


class LinReader(Plain):
    """Reads a LIN stream board by board; see the module docstring."""

    format = "lin"

    def __init__(self, stream: BinaryIO, path: str, encoding: str | None = None):
        self.stream = stream
        self.path = path
        self.encoding = encoding  # what is not UTF-8 is read in it (None: as the bytes show)
        self.file_problems: list[Problem] = []

    def __iter__(self) -> Iterator[Record]:
        header = _Header()
        board: _Board | None = None
        add = None  # the open board's add
        prelude: list[Item] = []
        by_qx = dealt = False  # a qx was seen; the open board has its md
        games = 0
        for run in scan(text_chunks(self.stream, self.file_problems, self.encoding)):
            if isinstance(run, Problem):
                prelude.append(run)
                continue
            line, column, pieces = run
            column += 1
            written = iter(pieces)
            for name, value in zip(written, written):  # each field of the run, read once
                tag = _NAMES[name]
                if add is not None and not prelude and tag in BOARD_BODY:  # the usual field
                    add(tag, value, line, column)
                elif tag in PRELUDE:
                    prelude.append((tag, value, line, column))
                else:
                    item = (tag, value, line, column)
                    by_qx = by_qx or tag == "QX"
                    if (tag == "QX" or (tag == "MD" and (not by_qx or dealt or board is None))
                            or (board is None and tag in BOARD_CONTENT)):
                        if board is not None:
                            games += 1
                            yield guarded(board.done, "lin", games, board.record.line, header)
                        board = _Board(games + 1, prelude[0] if prelude else item)
                        add = board.add
                        board.join(prelude)
                        board.add(*item)
                    elif board is None or tag in HEADER:
                        if tag == "VG" and board is not None:  # a new segment: its boards, its header
                            games += 1
                            yield guarded(board.done, "lin", games, board.record.line, header)
                            header, board, add, by_qx, dealt = _Header(), None, None, False, False
                        for early in prelude:
                            self._header_item(header, early)
                        self._header_item(header, item)
                    else:
                        board.join(prelude)
                        board.add(*item)
                    prelude = []
                    dealt = tag == "MD" or (dealt and tag != "QX")
                column += len(value) + 4  # past 'value|tag|'
        if board is not None:
            board.join(prelude)
            games += 1
            yield guarded(board.done, "lin", games, board.record.line, header)
        else:
            for early in prelude:
                self._header_item(header, early)
        if not games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, ("lin",)))

    def _header_item(self, header: "_Header", item: Item) -> None:
        if isinstance(item, Problem):
            self.file_problems.append(item)
            return
        tag, value, line, column = item
        if tag in header.CARRIED:
            header.tags += (Tag(tag, value, line, column, inherited=True),)
        if tag == "VG":
            header.vugraph(value)
        elif tag == "RS":
            header.result_list(value, line, column)
        elif tag not in KNOWN_TAGS:
            self.file_problems.append(Problem(Kind.LIN_UNKNOWN_TAG, line, column, (tag,)))


Item = Field4 | Problem  # a field, or the problem of text between fields
_NAMES = {a + b: (a + b).upper() for a in ascii_letters for b in ascii_letters}  # tags as written, upper-cased


class _Header:
    """What boards need from a vugraph header: the first board, the ``rs`` list, the match tags."""

    CARRIED = frozenset(("VG", "PN", "MP"))  # header tags every board of the match carries (as inherited)

    def __init__(self) -> None:
        self.first_board = 1
        self.results: list[str] = []  # the entries of the rs value
        self.starts: list[int] = []  # where each entry starts in the value
        self.results_at = (0, 0, -1)  # line and column of the rs field, where the value's first line break is
        self.tags: tuple[Tag, ...] = ()  # vg, the match's pn and mp, for every board (a tuple: boards share it)

    def vugraph(self, value: str) -> None:
        fields = value.split(",")
        if len(fields) > 3 and is_digits(fields[3].strip()):
            self.first_board = matched(fields[3].strip())

    def result_list(self, value: str, line: int, column: int) -> None:
        """Take the ``rs`` value: split once, however many boards look an entry up."""
        self.results = value.split(",")
        self.starts = list(accumulate((len(entry) + 1 for entry in self.results), initial=0))
        self.results_at = (line, column, value.find("\n"))

    def result_entry(self, number: int, room: str) -> tuple[str, int, int] | None:
        """The ``rs`` entry of a board and room, with its location, or None."""
        index = 2 * (number - self.first_board) + (room != "O")
        if not 0 <= index < len(self.results) or not self.results[index].strip():
            return None
        line, column, newline = self.results_at
        offset = self.starts[index]
        if not 0 <= newline < offset:  # the entry is on the line of the rs tag
            column += 3 + offset
        return self.results[index], line, column


class _Board:
    """Builds one board's record from its fields, as they are read."""

    __slots__ = ("record", "fields", "call_names", "names", "plain", "auction_at", "play_at", "claim", "room", "number",
                 "label", "ah_board", "error")

    def __init__(self, game: int, first: Item):
        line, column = (first.line, first.column) if isinstance(first, Problem) else first[2:]
        self.record = LinRecord(game, line, column)
        self.fields = self.record.fields
        # kept as text: the PBN names of the calls while the auction is one call a mb field, the names of the
        # cards while the play is plain (one card a pc field)
        self.call_names: list[str] | None = [] if SWITCH.fast("auction") else None
        self.names: list[str] = []
        self.plain = SWITCH.fast("play-text")
        self.auction_at: tuple[int, int] | None = None
        self.play_at: tuple[int, int] | None = None
        self.claim: Field[int | None] | None = None
        self.room = ""
        self.number: Field[int | None] | None = None  # from qx
        self.label: Field[int | None] | None = None  # a qx that is no room and number
        self.ah_board: Field[int | None] | None = None
        self.error: Exception | None = None  # the first bug met while building: the record becomes X001

    def add(self, tag: str, value: str, line: int, column: int) -> None:
        """Take one field of the board: a card here (the usual field), the others by their handler."""
        self.fields.append((tag, value, line, column))
        if tag == "PC":
            if self.play_at is None:
                self.play_at = (line, column)
            name = _CARD_NAMES.get(value)
            if name is not None and self.claim is None:
                self.names.append(name)
            else:  # several cards, no card, or a card after the claim: the play is kept as Card objects
                self.plain = False
            return
        handle = _HANDLERS.get(tag)
        try:
            if handle is not None:
                handle(self, value, line, column)
            elif tag not in KNOWN_TAGS:
                self.record.problems.append(Problem(Kind.LIN_UNKNOWN_TAG, line, column, (tag,)))
        except Exception as error:
            self.error = self.error or error

    def join(self, items: list[Item]) -> None:
        """Take fields and problems held back before a field that showed they belong to this board."""
        for item in items:
            if isinstance(item, Problem):
                self.record.problems.append(item)
            else:
                self.add(*item)

    def qx(self, value: str, line: int, column: int) -> None:
        m = LIN_ROOM_BOARD.match(value)
        if m is None:
            self.label = Field(value.strip(), None, line, column)
            return
        self.room, digits = m.group("room").upper(), m.group("board")
        self.number = Field(digits, bridge.board_int(digits), line, column)
        if value[m.end():].strip():
            self.record.problems.append(Problem(Kind.LIN_QX_TEXT, line, column, (value.strip(), self.number.value)))

    def ah(self, value: str, line: int, column: int) -> None:
        m = LIN_BOARD_HEADER.fullmatch(value)
        if m is not None and self.ah_board is None:
            self.ah_board = Field(m.group("board"), bridge.board_int(m.group("board")), line, column)

    def md(self, value: str, line: int, column: int) -> None:
        record = self.record
        if record.deal_field is not None:
            return
        m = LIN_DEALER.match(value)
        assert m is not None  # \s*[0-9]? matches every text
        digit = m.group("dealer")
        seat = LIN_SEATS[int(digit) - 1] if digit in ("1", "2", "3", "4") else None
        record.dealer = Field(digit, seat, line, column)
        record.deal_field = Field(value, None, line, column)
        record.deal = record.deal_field.value = _deal(record, value, m.end(), line, column)

    def sv(self, value: str, line: int, column: int) -> None:
        if self.record.vulnerable is None:
            m = LIN_VULNERABILITY.fullmatch(value)
            self.record.vulnerable = Field(value, _VULNERABILITY[m.lastgroup] if m and m.lastgroup else None, line,
                                           column)

    def mb(self, value: str, line: int, column: int) -> None:
        if self.auction_at is None:
            self.auction_at = (line, column)
        if self.call_names is not None:
            known = _CALLS.get(value)
            if known is not None:
                self.call_names.append(known.canonical)
            else:  # no call, several calls or a filler: the auction is kept as Call objects
                self.call_names = None

    def mc(self, value: str, line: int, column: int) -> None:
        m = LIN_CLAIM.fullmatch(value)
        if m is None:
            self.record.problems.append(Problem(Kind.LIN_CLAIM, line, column, (value.strip(),)))
        if self.play_at is None:
            self.play_at = (line, column)
        self.claim = Field(value, m and matched(m.group("tricks")), line, column)

    def done(self, header: _Header) -> Record:
        """The record: board number, derived vulnerability, auction, play, the ``rs`` result, the match tags."""
        if self.error is not None:
            raise self.error
        record = self.record
        record.board = self.number or self.ah_board or self.label
        number = record.board.value if record.board is not None else None
        if record.vulnerable is None and number:
            record.vulnerable = Field(None, bridge.standard_vulnerability(number), record.line, record.column)
        if self.auction_at is not None:
            seat = record.dealer.value if record.dealer is not None else None
            line, column = self.auction_at
            record.auction = (LinAuction(seat, self.call_names, record.fields, line, column)
                              if self.call_names is not None else Auction(seat, _calls(record.fields), line, column))
        if self.play_at is not None:
            line, column = self.play_at
            record.play = (LinPlay(self.names, record.fields, line, column, self.claim) if self.plain
                           else Play(None, _cards(record.fields), line, column, by_seat=False, claim=self.claim))
        if self.number is not None and self.number.value is not None:
            record.room = ROOMS.get(self.room)
            entry = header.result_entry(self.number.value, self.room)
            if entry is not None:
                _result(record, *entry)
        record.carried = header.tags
        return record


_HANDLERS = {"QX": _Board.qx, "AH": _Board.ah, "MD": _Board.md, "SV": _Board.sv, "MB": _Board.mb,
             "MC": _Board.mc}  # and pc, in add; an, with the calls (_calls)


class LinPlay(Play):
    """A play of one-card ``pc`` fields only (and a claim after them), kept as its cards' names (``tokens``):
    its Card objects are made from the board's fields when ``cards`` is first read."""

    __slots__ = ("_fields",)

    def __init__(self, names: list[str], fields: list[Field4], line: int, column: int, claim: Field[int | None] | None):
        super().__init__(None, [], line, column, by_seat=False, claim=claim)
        self.tokens, self._fields = names, fields
        self.keep_text([])  # the cards are made from the fields (_made)

    def _made(self) -> list[Card]:  # Play makes its Card objects here when they are first asked for
        return _cards(self._fields)

    def last_place(self) -> tuple[int, int]:
        """(line, column) of the last card, from its field: one card a field, so no Card is made for it."""
        last = next((field for field in reversed(self._fields) if field[0] == "PC"), None)
        return (last[2], last[3]) if last is not None else (self.line, self.column)


class LinAuction(Auction):
    """An auction of one-call ``mb`` fields only, kept as the PBN names of its calls (``names``): its Call objects
    are made from the board's fields when ``calls`` is first read."""

    __slots__ = ("_fields",)

    def __init__(self, seat: str | None, names: list[str], fields: list[Field4], line: int, column: int):
        super().__init__(seat, [], line, column)
        self.names, self._fields = names, fields
        self.keep_text([])  # the calls are made from the fields (_made)

    def _made(self) -> list[Call]:  # Auction makes its Call objects here when they are first asked for
        return _calls(self._fields)


def _calls(fields: list[Field4]) -> list[Call]:
    """The calls of the ``mb`` fields among a board's fields, each with the explanation of the ``an`` field after
    it; a value that is no call is an invalid one."""
    calls: list[Call] = []
    for tag, value, line, column in fields:
        if tag == "AN":
            if calls:
                calls[-1].explanation = value
            continue
        if tag != "MB":
            continue
        pos, match = 0, LIN_CALL.match
        while (m := match(value, pos)) is not None:
            call = bridge.parse_lin_call(m.group("call"))
            if call is None:  # the grammar's call is one bridge knows: the rest would be an invalid call
                break
            calls.append(Call(value[m.start("call"):m.end()], call.kind, line, column, level=call.level,
                              denomination=call.denomination, alert=bool(m.group("alert"))))
            pos = m.end()
        rest = value[pos:].strip()
        if rest or (pos == 0 and "-" not in value):
            calls.append(Call(rest, INVALID, line, column))
    return calls


def _cards(fields: list[Field4]) -> list[Card]:
    """The cards of the ``pc`` fields among a board's fields; a value that is no card is an invalid one."""
    cards: list[Card] = []
    for tag, value, line, column in fields:
        if tag != "PC":
            continue
        pos, match = 0, LIN_CARD.match
        while (m := match(value, pos)) is not None:
            rank = m.group("rank").upper()
            cards.append(Card(m.group(0).strip(), "card", line, column, suit=m.group("suit").upper(),
                              rank="T" if rank == "10" else rank))
            pos = m.end()
        rest = value[pos:].strip()
        if rest or pos == 0:
            cards.append(Card(rest, INVALID, line, column))
    return cards


def _deal(record: Record, value: str, start: int, line: int, column: int) -> Deal | None:
    """The hands of an ``md`` value from ``start`` (after the dealer digit); a problem noted where it is malformed."""
    fields = value[start:].split(",")
    if len(fields) == 5 and not fields[4].strip():
        record.problems.append(Problem(Kind.LIN_MD_LAST_COMMA, line, column))
        fields.pop()
    if not 3 <= len(fields) <= 4:
        record.problems.append(Problem(Kind.LIN_MD_HANDS, line, column, (len(fields),)))
        return None
    hands: dict[str, tuple[str, ...] | None] = {}  # a malformed hand is not known; the others are kept
    columns: dict[str, int] = {}
    offset = start
    one_line = "\n" not in value
    for seat, text in zip(LIN_SEATS, fields):
        if one_line or "\n" not in value[:offset]:
            columns[seat] = column + 3 + offset
        cards = _hand(text)
        if isinstance(cards, int):
            at = offset + cards
            col = column + 3 + at if "\n" not in value[:at] else column
            char = text[cards] if cards < len(text) else ""
            record.problems.append(Problem(Kind.LIN_MD_HAND, line, col,
                                           (seat, text[:20], char, not text[:cards].strip())))
            hands[seat] = None
        else:
            hands[seat] = cards
        offset += len(text) + 1
    south, west, north = hands["S"], hands["W"], hands["N"]
    east = hands.get("E", ())
    if east == ():  # East holds the rest (BBO's own rule), unless the deal is partial or a card is dealt twice (D104)
        east = None
        if south and west and north and len(south) == len(west) == len(north) == 13:
            dealt = {*south, *west, *north}
            east = tuple(filterfalse(dealt.__contains__, _DECK)) if len(dealt) == 39 else None
    return Deal({"N": north, "E": east, "S": south, "W": west}, line, column, columns)


_DECK = tuple(s + r for s in bridge.SUITS for r in bridge.RANKS)
# the one-card pc and one-call mb values, in any case, by the names a play or an auction kept as text holds
_CARD_NAMES = {s + r: s.upper() + ("T" if r == "10" else r.upper())
               for s in "SHDCshdc" for r in [*"AKQJT98765432akqjt", "10"]}
_CALLS = {token + alert: call
          for token in [*"pdrPDR", *(f"{level}{d}" for level in "1234567" for d in "CDHSNcdhsn")]
          if (call := bridge.parse_lin_call(token)) is not None for alert in ("", "!")}


def _hand(text: str) -> tuple[str, ...] | int:
    """The cards of one hand, or the index of the first character that is no card: holdings (the grammar's
    ``holding``: a suit letter, then its ranks, in any case, 10 for ten) with blanks between them or none."""
    end = _HOLDINGS(text).end()  # type: ignore[union-attr]  # blanks and holdings, or nothing: always a match
    if end < len(text):
        return end
    # holdings only: in capitals each letter the pattern takes ignoring case is a suit's or a rank's (\u017f, the long
    # s, is an S; \u212a, the Kelvin sign, stays itself, as the pattern's reading keeps it), a 1 only in a 10
    return tuple([suit + rank for suit, ranks in _CAPITAL_HOLDINGS(text.upper().replace("10", "T")) for rank in ranks])


_HOLDINGS = re.compile(rf"\s*(?:{LIN_HOLDING.pattern}\s*)*", re.IGNORECASE).match
_CAPITAL_HOLDINGS = re.compile("([SHDC])([2-9TJQKA\u212a]*)").findall


def _result(record: Record, entry: str, line: int, column: int) -> None:
    """Contract, declarer and result of a board from its vugraph ``rs`` entry."""
    parsed = bridge.parse_lin_result_entry(entry)
    if parsed is None:
        record.contract = Field(entry, None, line, column)
        return
    contract, declarer, tricks = parsed
    record.contract = Field(entry, contract, line, column)
    if declarer is not None:
        record.declarer = Field(entry, (declarer, False), line, column)  # (seat, marked) as bridge.parse_declarer
        record.result = Field(entry, Result(tricks, None, None, False), line, column)
