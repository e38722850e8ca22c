"""The neutral record model that the PBN and LIN readers both fill.

A :class:`Record` is one game (PBN) or one board (LIN): its header fields as
written, the deal, the auction and the play, each element with its location in
the file.  Readers never raise on bad input; they attach :class:`Finding`
objects to the record and go on.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field, fields
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Callable, Final, Generic, Iterable, Iterator, Literal, Protocol, TypeVar

from .bridge import DENOMINATIONS, FULL_DECK, PACK, CallKind, CallToken, parse_pbn_call, seat_after
from .tables import ARTIFICIAL, SCORE, adjusted_score, parse_element

if TYPE_CHECKING:
    from .bridge import Contract, Result

Severity = Literal["error", "warning", "info"]
SEVERITIES: Final[tuple[Severity, ...]] = ("error", "warning", "info")
Applicability = Literal["safe", "unsafe"]  # a fix that keeps what the file says, or one that changes it


class FindingMaker(Protocol):
    """What makes the findings a reader attaches: a rule class (``Rule.finding``)."""

    def finding(self, message: str, line: int, column: int, severity: Severity | None = None,
                law: str | None = None, edits: Iterable[Edit] | None = None) -> Finding: ...


@dataclass(frozen=True, slots=True)
class Edit:
    """Text of a file replaced: from (``line``, ``column``) up to, not including, (``end_line``, ``end_column``).

    Places are those of findings: lines from 1, columns from 1 in the line's characters as read (after a
    byte order mark; a line end is the characters after the line's last one).  An empty span inserts.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    text: str

    @property
    def start(self) -> tuple[int, int]:
        return self.line, self.column

    @property
    def end(self) -> tuple[int, int]:
        return self.end_line, self.end_column


@dataclass(frozen=True, slots=True)
class Fix:
    """The edits that make a finding go away, applied together or not at all (``bridgelint check --fix``)."""

    applicability: Applicability
    edits: tuple[Edit, ...]
    reencode: bool = False  # also write every line of the file in UTF-8 (its characters unchanged)


@dataclass(frozen=True, slots=True)
class Related:
    """Another record a finding names (the reference of a fouled board, the earlier record of a table): its file as
    reports show it, its place, what it is, and for a deal its fingerprint (the board views draw it beside)."""

    path: str
    line: int
    column: int
    message: str
    deal: int | None = None


@dataclass(slots=True)
class Finding:
    """One problem: a rule code at a place in a file."""

    code: str
    message: str
    line: int
    column: int
    severity: Severity | None = None  # None: the rule's default severity
    law: str | None = None  # None: the rule's reference
    game: int | None = None
    board: str | None = None
    fix: Fix | None = None  # the edit that mends it, when its rule has one and it applies here
    related: Related | None = None  # the other record it names (E codes)

    def __reduce__(self) -> tuple[type[Finding], tuple]:
        """Pickled as the tuple of its fields (a worker's findings go to the parent): about half the time of a
        slots dataclass's own state, which looks the fields up again for every finding, and fewer bytes."""
        return Finding, _FINDING_FIELDS(self)


_FINDING_FIELDS = attrgetter(*(f.name for f in fields(Finding)))  # a finding's fields, in order


@dataclass(slots=True)
class Tag:
    """A tag pair (PBN) or a tag|value| field (LIN), in file order."""

    name: str
    value: str
    line: int
    column: int
    inherited: bool = False  # not written in this game: carried from an earlier "##" (PBN §4.8)
    value_column: int = 0  # where the value starts on ``line`` (0: not known, e.g. on another line)
    as_written: bool = True  # False: ``value`` is not the text written (a '#' or '##' value resolved)

    def value_place(self, offset: int = 0) -> tuple[int, int]:
        """(line, column) of a place in the value as written; the tag's own place when that is not known."""
        if self.value_column and not self.inherited:
            return self.line, self.value_column + offset
        return self.line, self.column


V = TypeVar("V")


@dataclass(slots=True)
class Field(Generic[V]):
    """A header field as written (``raw``) and as understood (``value``, of a type per field).

    ``value`` is None when the raw text could not be understood; ``raw`` is
    None when the field is absent but ``value`` was derived (e.g. from the
    board number).
    """

    raw: str | None
    value: V
    line: int
    column: int


PASS: Final = "pass"
DOUBLE: Final = "double"
REDOUBLE: Final = "redouble"
BID: Final = "bid"
ALL_PASS: Final = "allpass"
FILLER: Final = "filler"
SKIP: Final = "skip"
END: Final = "end"
CONTINUE: Final = "continue"
INVALID: Final = "invalid"
CardKind = Literal["card", "unknown", "end", "continue", "invalid"]
CARD: Final = "card"
UNKNOWN: Final = "unknown"


@dataclass(slots=True)
class Call:
    """One token of an auction in its turn slot.

    ``kind`` is one of pass, double, redouble, bid (real calls); allpass
    (PBN ``AP``); filler (``-`` before the dealer); skip (``^S``); end (``*``);
    continue (``+``); invalid (not a call).  Whose turn it was is the
    auction replay's finding (``AuctionReplay.seats``), not the record's.
    """

    token: str
    kind: CallKind
    line: int
    column: int
    level: int = 0
    denomination: str = ""  # C D H S NT
    mark: str = ""  # "I" for ^I (accepted insufficient bid)
    mark_line: int = 0
    mark_column: int = 0
    alert: bool = False
    note: int | None = None
    note_line: int = 0
    note_column: int = 0
    nags: tuple[int, ...] = ()  # a tuple: no list per token, most have no NAG
    explanation: str | None = None

    @classmethod
    def plain(cls, token: str, line: int, column: int) -> Call:
        """The call of a token of ``PLAIN_CALLS`` (a call in PBN spelling)."""
        known = PLAIN_CALLS[token]
        return cls(token, known.kind, line, column, known.level, known.denomination)


# The calls in PBN spelling, recognised once: the tokens an auction may be kept as text for (Auction.plain).
PLAIN_CALLS: dict[str, CallToken] = {
    call: token for call in ("Pass", "X", "XX", "AP", *(f"{level}{d}" for level in "1234567" for d in DENOMINATIONS))
    if (token := parse_pbn_call(call)[0]) is not None}


@dataclass(slots=True)
class Card:
    """One token of the play.

    ``kind`` is card, unknown (``-``), end (``*``), continue (``+``) or
    invalid.  ``seat`` is the column's seat in PBN (cards are written by seat)
    and None in LIN (cards are written in play order; the replayer decides).
    """

    token: str
    kind: CardKind
    line: int
    column: int
    seat: str | None = None
    suit: str = ""
    rank: str = ""
    mark: str = ""  # "R" revoke, "L" lead out of turn
    mark_line: int = 0
    mark_column: int = 0
    note: int | None = None
    note_line: int = 0
    note_column: int = 0
    nags: tuple[int, ...] = ()  # a tuple: no list per token, most have no NAG

    @property
    def card(self) -> str:
        return self.suit + self.rank

    @classmethod
    def plain(cls, token: str, line: int, column: int, seat: str | None = None) -> Card:
        """The card of a token of ``PLAIN_CARD_TOKENS`` (a card in PBN spelling, '-', '*' or '+')."""
        if token in FULL_DECK:
            return cls(token, CARD, line, column, seat, token[0], token[1])
        return cls(token, _PLAIN_KINDS[token], line, column, seat)


_PLAIN_KINDS: dict[str, CardKind] = {"-": UNKNOWN, "*": END, "+": CONTINUE}
PLAIN_CARD_TOKENS = FULL_DECK | _PLAIN_KINDS.keys()  # the tokens a play may be kept as text for (Play.plain)


@dataclass(slots=True)
class Deal:
    """The four hands, by seat; a hand is None when unknown (PBN ``-``)."""

    hands: dict[str, tuple[str, ...] | None]
    line: int
    column: int
    columns: dict[str, int] = field(default_factory=dict)  # where each written hand starts, on ``line``
    _held: Holders | None = field(default=None, init=False, repr=False, compare=False)

    def where(self, seat: str) -> tuple[int, int]:
        """(line, column) of a seat's hand, or of the deal when not known."""
        return self.line, self.columns.get(seat, self.column)

    @property
    def held(self) -> Holders:
        """Which seat holds each card, worked out on first reading and kept (the hands are not changed after)."""
        held = self._held
        if held is None:
            held = self._held = Holders.of(self.hands)
        return held


@dataclass(frozen=True, slots=True)
class Holders:
    """The card-to-seat view of a deal's known hands, shared by the play replay, D104 and the deal fingerprints.

    ``seat`` maps each card dealt to its seat (of a card dealt twice, the seat met first in ``hands``), in no
    particular order;
    ``twice`` lists the cards dealt more than once (to two seats or twice to one), in pack order;
    ``whole`` says the deal is four hands of 13 cards that deal the pack once.
    """

    seat: dict[str, str]
    twice: tuple[str, ...]
    whole: bool

    @classmethod
    def of(cls, hands: dict[str, tuple[str, ...] | None]) -> Holders:
        """The view of ``hands`` (a seat's hand None when unknown).

        The usual deal, four hands of 13 cards, is put in a copy of a dict of the whole pack, each card held by
        no one yet (its 52 places made already, so in pack order); it is whole when every card of the pack then
        has its seat (52 cards that are the 52 of the pack: each once).  Any other deal gets the general view
        (:meth:`of_any`).
        """
        given = [*hands.values()]
        if None not in given and [*map(len, given)] == _THIRTEEN_EACH:  # type: ignore[arg-type]  # no None
            pack = _NO_HOLDER.copy()
            pack.update(zip(chain.from_iterable(given), "".join([who * 13 for who in hands])))  # type: ignore[arg-type]
            if "" not in pack.values():
                return cls(pack, (), True)
        return cls.of_any(hands)

    @classmethod
    def of_any(cls, hands: dict[str, tuple[str, ...] | None]) -> Holders:
        """The view of any ``hands``, looking at each card (what :meth:`of` gives, on every deal)."""
        known = [(seat, hand) for seat, hand in hands.items() if hand]
        seat = {card: who for who, hand in reversed(known) for card in hand}
        dealt = sum(len(hand) for _, hand in known)
        if len(seat) == dealt:  # the usual deal: every card once
            whole = len(known) == 4 and all(len(hand) == 13 for _, hand in known) and seat.keys() == FULL_DECK
            return cls(seat, (), whole)
        counts = Counter(card for _, hand in known for card in hand)
        return cls(seat, tuple(card for card in PACK if counts[card] > 1), False)


_THIRTEEN_EACH = [13, 13, 13, 13]  # the lengths of the hands of a whole deal
_NO_HOLDER = dict.fromkeys(PACK, "")  # every card of the pack, held by no one yet


Item = TypeVar("Item", Call, Card)


class KeptAsText(Generic[Item]):
    """The tokens of an auction or a play: :class:`Call` or :class:`Card` objects, or kept as text.

    Kept as text (``keep_text``), the tokens are ``runs`` of the game's text
    (``places.text``), and their objects, with their places, are made by
    ``_made`` when ``items`` is first asked; a section that stays clean through a
    check never has them made.
    """

    __slots__ = ("_items", "_runs", "_places")

    def __init__(self, items: list[Item]):
        self._items: list[Item] | None = items
        self._runs: list[tuple[int, int]] = []
        self._places: Places | None = None

    def keep_text(self, runs: list[tuple[int, int]], places: Places | None = None) -> None:
        """The tokens are kept as text: the objects are made from ``runs`` of ``places.text`` when first asked
        (a subclass that makes them otherwise gives no places)."""
        self._items, self._runs, self._places = None, runs, places

    def items(self) -> list[Item]:
        if self._items is None:
            self._items = self._made()
        return self._items

    def _made(self) -> list[Item]:
        raise NotImplementedError  # each kind of section makes its own

    def lines(self) -> set[int]:
        """The lines the tokens stand on."""
        if self._places is None:
            return {item.line for item in self.items()}
        return run_lines(self._places, self._runs)


class Auction(KeptAsText[Call]):
    """The calls in turn order from ``seat`` (the first slot's player).

    ``calls`` lists every token of the auction as a :class:`Call`, in file order.
    An auction of plain calls only (``PLAIN_CALLS``: calls in PBN spelling, with
    no mark, note or NAG: nearly every PBN auction) is kept compactly instead
    (``Auction.plain``), as a play is (``Play.plain``): ``names`` holds their
    texts, and runs of them are places in the game's text, so its Call objects
    (and their places) are made only when ``calls`` is first read.  ``names`` is
    None for an auction kept as Call objects.  (A LIN auction of one-call ``mb``
    fields is kept as the PBN names of its calls alike: ``readers.lin.LinAuction``.)
    """

    __slots__ = ("seat", "line", "column", "notes", "names")

    def __init__(self, seat: str | None, calls: list[Call], line: int, column: int,
                 notes: dict[int, Tag] | None = None):
        super().__init__(calls)
        self.seat = seat
        self.line = line
        self.column = column
        self.notes = notes if notes is not None else {}
        self.names: list[str] | None = None

    @classmethod
    def plain(cls, seat: str | None, names: list[str], runs: list[tuple[int, int]], places: Places, line: int,
              column: int, notes: dict[int, Tag] | None = None) -> Auction:
        """An auction of ``PLAIN_CALLS`` only, kept as text: ``names``, and ``runs`` of them in ``places.text``,
        (start, end) offsets of stretches holding the next names and nothing else but blanks."""
        auction = cls(seat, [], line, column, notes)
        auction.names = names
        auction.keep_text(runs, places)
        return auction

    @property
    def calls(self) -> list[Call]:
        return self.items()

    def _made(self) -> list[Call]:
        """The Call of each plain name, with its place."""
        assert self._places is not None
        return plain_items(self._places, self._runs, Call.plain)

    def annotatable(self) -> list[Call]:
        """The calls that may carry a mark, a note or a NAG: none when the auction is kept as text."""
        return self.calls if self.names is None else []


class Places:
    """Where the places of a text are: (line, column) of an offset, computed when asked.

    ``first_line`` is the line of the text's first character.  Places asked in
    increasing order, as a scan goes, are counted onwards from the last one
    asked; the offset of each line's first character (``starts``) is worked
    out only when a place behind the last one, or the offset of a line, is
    asked: a clean game needs none.
    """

    __slots__ = ("text", "first_line", "_starts", "_offset", "_line", "_line_start")

    def __init__(self, text: str, first_line: int):
        self.text = text
        self.first_line = first_line
        self._starts: list[int] | None = None
        self._offset = self._line_start = 0  # the last offset counted onwards, and the start of its line
        self._line = first_line  # its line

    @property
    def starts(self) -> list[int]:
        """Where each line starts (lines end at LF; after a last LF no empty line is counted)."""
        starts = self._starts
        if starts is None:
            text = self.text
            starts = self._starts = [0]
            starts += [m.end() for m in _LF.finditer(text)]
            if starts[-1] == len(text):
                starts.pop()
        return starts

    def at(self, offset: int) -> tuple[int, int]:
        """(line, column) of the character at ``offset``."""
        last = self._offset
        if self._starts is None and last <= offset < len(self.text):
            text = self.text
            lf = text.rfind("\n", last, offset)
            if lf >= 0:
                self._line += text.count("\n", last, offset)
                self._line_start = lf + 1
            self._offset = offset
            return self._line, offset - self._line_start + 1
        starts = self.starts
        row = bisect_right(starts, offset) - 1
        return self.first_line + row, offset - starts[row] + 1

    def offset(self, line: int, column: int) -> int:
        """The offset of the character at (``line``, ``column``)."""
        return self.starts[line - self.first_line] + column - 1


_LF = re.compile("\n")
_TOKEN = re.compile("[^ \t\r\n]+")


class Play(KeptAsText[Card]):
    """The cards; ``by_seat`` (PBN) means four seat columns from ``seat``.

    ``cards`` lists every token of the play as a :class:`Card`, in file order.
    A play of plain tokens only (cards in PBN spelling, '-', '*', '+', with no
    mark, note or NAG: nearly every play in real archives) is kept compactly
    instead (``Play.plain``): ``tokens`` holds their texts, and runs of them
    are places in the game's text, so its Card objects (and their places) are
    made only when ``cards`` is first read.  ``tokens`` is None for a play kept
    as Card objects.
    """

    __slots__ = ("seat", "line", "column", "by_seat", "notes", "claim", "tokens")

    def __init__(self, seat: str | None, cards: list[Card], line: int, column: int, by_seat: bool,
                 notes: dict[int, Tag] | None = None, claim: Field[int | None] | None = None):
        super().__init__(cards)
        self.seat = seat
        self.line = line
        self.column = column
        self.by_seat = by_seat
        self.notes = notes if notes is not None else {}
        self.claim = claim  # LIN mc: declarer's side's total tricks
        self.tokens: list[str] | None = None

    @classmethod
    def plain(cls, seat: str | None, tokens: list[str], runs: list[tuple[int, int]], places: Places, line: int,
              column: int, by_seat: bool, notes: dict[int, Tag] | None = None) -> Play:
        """A play of ``PLAIN_CARD_TOKENS`` only, kept as text: ``tokens``, and ``runs`` of them in ``places.text``,
        (start, end) offsets of stretches holding the next tokens and nothing else but blanks."""
        play = cls(seat, [], line, column, by_seat, notes)
        play.tokens = tokens
        play.keep_text(runs, places)
        return play

    @property
    def cards(self) -> list[Card]:
        return self.items()

    def _made(self) -> list[Card]:
        """The Card of each plain token, with its place and (by seat) its column's seat."""
        assert self._places is not None
        cards = plain_items(self._places, self._runs, Card.plain)
        if self.by_seat:
            seat_cards(cards, self.seat)
        return cards

    def annotatable(self) -> list[Card]:
        """The cards that may carry a mark, a note or a NAG: none when the play is kept as text."""
        return self.cards if self.tokens is None else []

    def empty(self) -> bool:
        """Whether the play holds no token at all (a play kept as text stays text)."""
        return not self.tokens if self.tokens is not None else not self.cards

    def last_place(self) -> tuple[int, int]:
        """(line, column) of the play's last token, or of the play when it has none (a play kept as text stays text:
        its last token is the last of its last run)."""
        if self._places is not None and self.tokens:
            start, end = self._runs[-1]
            return self._places.at(self._places.text.rindex(self.tokens[-1], start, end))
        cards = self.cards
        return (cards[-1].line, cards[-1].column) if cards else (self.line, self.column)

    def end_mark(self) -> Card | None:
        """The '*' the play ends with (nothing more is given, PBN §3.6), or None."""
        if self._items is not None:
            return self._items[-1] if self._items and self._items[-1].kind == END else None
        if not self.tokens or self.tokens[-1] != "*":
            return None
        assert self._places is not None
        start, end = self._runs[-1]
        return Card.plain("*", *self._places.at(self._places.text.rindex("*", start, end)))


def run_lines(places: Places, runs: list[tuple[int, int]]) -> set[int]:
    """The lines the tokens of ``runs`` of ``places.text`` stand on (a run has no blank line at either end)."""
    at = places.at
    return {line for start, end in runs for line in range(at(start)[0], at(end - 1)[0] + 1)}


def plain_items(places: Places, runs: list[tuple[int, int]], make: Callable[[str, int, int], Item]) -> list[Item]:
    """The Card or Call (``make``: ``Card.plain`` or ``Call.plain``) of each plain token in ``runs`` of
    ``places.text``, with its place (a card with no seat)."""
    text, at = places.text, places.at
    return [make(m.group(), *at(m.start())) for start, end in runs for m in _TOKEN.finditer(text, start, end)]


def seat_cards(cards: list[Card], seat: str | None) -> None:
    """Give each card of a PBN play the seat of its column, from the Play ``seat`` (PBN §3.6)."""
    columns = [seat_after(seat, i) for i in range(4)] if seat else [None] * 4
    slot = 0
    for card in cards:
        if card.kind != END:
            card.seat = columns[slot % 4]
            slot += 1


@dataclass(slots=True)
class Column:
    """A column of a supplemental table: ``[+|-]Name[\\width[L|R]]`` (PBN §5.2)."""

    name: str
    order: str = ""  # "+" descending, "-" ascending, "" not sorted
    width: int = 0  # minimum width of its elements (0: none)
    align: str = ""  # "L" or "R"; "" not given
    offset: int = 0  # where its specification starts in the tag value
    kind: str | None = None  # the kind of a predefined column (bridgelint.tables), None for others


@dataclass(slots=True)
class Element:
    """A table element: as written (quotes and ``^`` included) and as understood."""

    text: str
    value: object  # typed by the column's kind; None for ? and -; tables.MALFORMED if malformed
    line: int
    column: int
    artificial: bool = False  # written with a leading ^ (an artificial score, PBN §5.2)


class Table:
    """A supplemental section (PBN §5): its tag, its columns and rows of elements.

    Elements are kept compactly, as places in the game's text (offset, end,
    line, column), and typed when asked for, so a table of 100,000 rows costs
    little more than its text.  ``columns`` and the rows are set once the
    game is read (a ``#`` header is known only then).
    """

    __slots__ = ("tag", "text", "cells", "row_starts", "columns", "inherited", "_artificial")

    def __init__(self, tag: Tag, text: str):
        self.tag = tag  # the section's tag; its value is the header
        self.text = text
        self.cells = array("i")  # offset, end, line, column of each element, in file order
        self.row_starts = array("i")  # the index of each row's first element
        self.columns: list[Column] = []
        self.inherited = tag.value.strip() == "#"  # the header comes from an earlier game (PBN §4.8)
        self._artificial: frozenset[int] | None = None

    @property
    def name(self) -> str:
        return self.tag.name

    def __len__(self) -> int:
        """The number of rows."""
        return len(self.row_starts)

    @property
    def element_count(self) -> int:
        return len(self.cells) // 4

    def element_text(self, index: int) -> str:
        cells = self.cells
        return self.text[cells[4 * index]:cells[4 * index + 1]]

    def element_place(self, index: int) -> tuple[int, int]:
        """(line, column) of an element."""
        return self.cells[4 * index + 2], self.cells[4 * index + 3]

    def element(self, index: int, column: Column | None = None) -> Element:
        text = self.element_text(index)
        line, col = self.element_place(index)
        kind = column.kind if column is not None else None
        return Element(text, parse_element(kind, text), line, col, text[:1] == ARTIFICIAL)

    def span(self, number: int) -> range:
        """The indexes of the elements of one row (0-based)."""
        starts = self.row_starts
        return range(starts[number], starts[number + 1] if number + 1 < len(starts) else self.element_count)

    def row(self, number: int) -> list[Element]:
        """The elements of one row, typed by their columns; a short row has fewer, a long one more."""
        span, columns = self.span(number), self.columns
        return [self.element(i, columns[i - span.start] if i - span.start < len(columns) else None) for i in span]

    def whole(self, number: int) -> bool:
        """Whether the row has an element for every column, and no more."""
        return len(self.span(number)) == len(self.columns)

    def cell(self, number: int, position: int) -> Element:
        """The element of a whole row in one column, typed, with its place."""
        return self.element(self.row_starts[number] + position, self.columns[position])

    def value(self, number: int, position: int) -> object:
        """The typed value of the element of a whole row in one column (as ``cell(...).value``, cheaper)."""
        return parse_element(self.columns[position].kind, self.element_text(self.row_starts[number] + position))

    def artificial(self, number: int) -> bool:
        """Whether an element of the row is marked ``^`` (an artificial score, PBN §5.2), or a score column holds
        an adjusted score as programs write one (``A+``, ``A-``, ``A=``: Law 12C)."""
        return number in self.artificial_rows()

    def artificial_rows(self) -> frozenset[int]:
        """The rows that are artificial (:meth:`artificial`), worked out once."""
        if self._artificial is None:
            text, cells, starts, count = self.text, self.cells, self.row_starts, self.element_count
            found: set[int] = set()
            if cells and ARTIFICIAL in text[cells[0]:cells[-3]]:  # a ^ somewhere: which rows
                found.update(row for row in range(len(starts))
                             if any(text[cells[4 * i]] == ARTIFICIAL for i in self.span(row)))
            for position, column in enumerate(self.columns):
                if column.kind == SCORE:
                    found.update(row for row, start in enumerate(starts) if start + position < count
                                 and adjusted_score(self.element_text(start + position)))
            self._artificial = frozenset(found)
        return self._artificial

    def rows(self) -> Iterator[list[Element]]:
        for number in range(len(self.row_starts)):
            yield self.row(number)

    def texts(self) -> Iterator[list[str]]:
        """The rows as written."""
        for number in range(len(self.row_starts)):
            yield [self.element_text(i) for i in self.span(number)]

    def column_index(self, name: str) -> int | None:
        """The position of the column of that name, or None."""
        for i, column in enumerate(self.columns):
            if column.name == name:
                return i
        return None


@dataclass(slots=True)
class Record:
    """One game (PBN) or board (LIN), everything as written plus locations."""

    format: str
    game: int
    line: int
    column: int = 1
    tags: list[Tag] = field(default_factory=list)
    board: Field[int | None] | None = None  # the board number
    dealer: Field[str | None] | None = None  # a seat
    vulnerable: Field[str | None] | None = None  # None, NS, EW or All
    deal: Deal | None = None
    deal_field: Field[Deal | None] | None = None
    auction: Auction | None = None
    play: Play | None = None
    contract: Field[Contract | None] | None = None
    declarer: Field[tuple[str | None, bool]] | None = None  # (seat, marked with ^)
    result: Field[Result | None] | None = None
    score: Field[str] | None = None
    date: Field[str] | None = None
    tables: dict[str, Table] = field(default_factory=dict)  # supplemental sections by tag name, in file order
    escapes: list[Tag] = field(default_factory=list)  # PBN % lines in the game (name "%")
    findings: list[Finding] = field(default_factory=list)
    export: bool = False  # the file declares PBN export format
    version: str | None = None  # the PBN version the file declares (% PBN 2.1)
    board_before: str | None = None  # PBN: no Board, Dealer or Deal here; the game before had all three (this Board)
    header_before: tuple[tuple[str, str], ...] = ()  # then: that game's Board, Dealer, Vulnerable and Deal values
    first: dict[str, Tag] | None = field(default=None, repr=False, compare=False)  # kept by first_tags()

    def field_name(self, name: str) -> str:
        """How this record writes a header field: the PBN tag (``Contract``), or LIN's field (``rs contract``)."""
        return _LIN_FIELDS.get(name, name) if self.format == "lin" else name

    def tag(self, name: str) -> Tag | None:
        """The first tag of that name (the one that counts, PBN §3.4)."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def first_tags(self, written: bool = False) -> dict[str, Tag]:
        """The first tag of each name (the one that counts, PBN §3.4); ``written``: of those not carried by ``##``.

        Worked out once the tags are complete and kept in ``first`` (the PBN reader keeps the one it resolved
        the tags with); every caller shares the dict and none changes it.
        """
        first = self.first
        if first is None:
            first = self.first = _first_of_each(self.tags)
        if written and any(map(_INHERITED, first.values())):
            return _first_of_each(tag for tag in self.tags if not tag.inherited)
        return first

    @property
    def board_number(self) -> str | None:
        return self.board.raw if self.board is not None else None

    def problem(self, rule: FindingMaker, message: str, line: int, column: int, severity: Severity | None = None,
                law: str | None = None, edits: Iterable[Edit] | None = None) -> None:
        """Attach a finding of ``rule`` found while reading (``law``: its reference, if not the rule's; ``edits``:
        its fix)."""
        self.findings.append(rule.finding(message, line, column, severity, law, edits))


_INHERITED = attrgetter("inherited")


def _first_of_each(tags: Iterable[Tag]) -> dict[str, Tag]:
    """The first of ``tags`` of each name, by name."""
    first: dict[str, Tag] = {}
    for tag in tags:
        first.setdefault(tag.name, tag)
    return first


_LIN_FIELDS = {"Board": "qx", "Vulnerable": "sv", "Deal": "md", "Contract": "rs contract",
               "Declarer": "rs declarer", "Result": "rs result"}  # where LIN writes what PBN has tags for
