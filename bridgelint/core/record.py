"""The neutral record model that the PBN and LIN readers both fill.

A :class:`Record` is one game (PBN) or one board (LIN): its header fields as
written, the deal, the auction and the play, each element with its location in
the file.  Readers never raise on bad input: what they could not read they
note on the record as :class:`~bridgelint.core.problems.Problem` data, and go on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Iterable

from .bridge import SUITS, hand_text
from .holders import Holders
from .text import KeptAsText, Places, plain_items
from .tokens import END, Call, Card, seat_cards

if TYPE_CHECKING:
    from .bridge import Contract, Result
    from .problems import Problem
    from .tables import Table
    from .tags import Field, Tag


_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}  # Milton Work's high-card points


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's cards (``'SA'``, ``'H7'``...), by suit."""

    cards: tuple[str, ...]

    @property
    def suits(self) -> dict[str, str]:
        """The ranks held in each suit, highest first: ``{'S': 'AKQ', 'H': 'T98', 'D': '', 'C': '5432'}``."""
        return dict(zip(SUITS, hand_text(self.cards).split(".")))

    @property
    def hcp(self) -> int:
        """High-card points: ace 4, king 3, queen 2, jack 1."""
        return sum(_POINTS.get(card[1:], 0) for card in self.cards)

    def __str__(self) -> str:
        """The hand as PBN writes it: ``AKQ.T98..5432``."""
        return hand_text(self.cards)


@dataclass(slots=True)
class Deal:
    """The four hands, by seat; a hand is None when unknown (PBN ``-``)."""

    hands: dict[str, tuple[str, ...] | None]
    line: int
    column: int
    columns: dict[str, int] = field(default_factory=dict)  # where each written hand starts, on ``line``
    _held: Holders | None = field(default=None, init=False, repr=False, compare=False)

    def hand(self, seat: str) -> Hand | None:
        """A seat's hand (``'N'``, ``'E'``, ``'S'``, ``'W'``), None when unknown."""
        cards = self.hands.get(seat)
        return Hand(cards) if cards is not None else None

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


class Auction(KeptAsText[Call]):
    """The calls in turn order from ``seat`` (the first slot's player).

    ``calls`` lists every token of the auction as a :class:`Call`, in file order.
    An auction of plain calls only (``PLAIN_CALLS``: calls in PBN spelling, with
    no mark, note or NAG: nearly every PBN auction) is kept compactly instead
    (``Auction.plain``), as a play is (``Play.plain``): ``names`` holds their
    texts, and runs of them are places in the game's text, so its Call objects
    (and their places) are made only when ``calls`` is first read.  ``names`` is
    None for an auction kept as Call objects.  (A LIN auction of one-call ``mb``
    fields is kept as the PBN names of its calls alike: ``formats.lin.LinAuction``.)
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
    problems: list[Problem] = field(default_factory=list)  # what its reader could not read (:mod:`.problems`)
    export: bool = False  # the file declares PBN export format
    version: str | None = None  # the PBN version the file declares (% PBN 2.1)
    board_before: str | None = None  # PBN: no Board, Dealer or Deal here; the game before had all three (this Board)
    header_before: tuple[tuple[str, str], ...] = ()  # then: that game's Board, Dealer, Vulnerable and Deal values
    first: dict[str, Tag] | None = field(default=None, repr=False, compare=False)  # kept by first_tags()

    @property
    def model(self) -> str:
        """The model its fields are in: "lin", or "pbn" (tags and tables, whatever format was read into them)."""
        return "lin" if self.format == "lin" else "pbn"

    def field_name(self, name: str) -> str:
        """How this record writes a header field: the PBN tag (``Contract``; a LIN record: LIN's field)."""
        return name

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


_INHERITED = attrgetter("inherited")


def _first_of_each(tags: Iterable[Tag]) -> dict[str, Tag]:
    """The first of ``tags`` of each name, by name."""
    first: dict[str, Tag] = {}
    for tag in tags:
        first.setdefault(tag.name, tag)
    return first
