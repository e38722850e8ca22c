"""The neutral record model that the PBN and LIN readers both fill.

A :class:`Record` is one game (PBN) or one board (LIN): its header fields as
written, the deal, the auction and the play, each element with its location in
the file.  Readers never raise on bad input; they attach :class:`Finding`
objects to the record and go on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules.base import Rule


@dataclass(slots=True)
class Finding:
    """One problem: a rule code at a place in a file."""

    code: str
    message: str
    line: int
    column: int
    severity: str | None = None  # None: the rule's default severity
    law: str | None = None  # None: the rule's reference
    game: int | None = None
    board: str | None = None


@dataclass(slots=True)
class Tag:
    """A tag pair (PBN) or a tag|value| field (LIN), in file order."""

    name: str
    value: str
    line: int
    column: int
    inherited: bool = False  # not written in this game: carried from an earlier "##" (PBN §4.8)
    value_column: int = 0  # where the value starts on ``line`` (0: not known, e.g. on another line)


@dataclass(slots=True)
class Field:
    """A header field as written (``raw``) and as understood (``value``).

    ``value`` is None when the raw text could not be understood; ``raw`` is
    None when the field is absent but ``value`` was derived (e.g. from the
    board number).
    """

    raw: str | None
    value: object
    line: int
    column: int


# Call kinds.
PASS, DOUBLE, REDOUBLE, BID = "pass", "double", "redouble", "bid"
ALL_PASS, FILLER, SKIP, END, CONTINUE, INVALID = "allpass", "filler", "skip", "end", "continue", "invalid"


@dataclass(slots=True)
class Call:
    """One token of an auction in its turn slot.

    ``kind`` is one of pass, double, redouble, bid (real calls); allpass
    (PBN ``AP``); filler (``-`` before the dealer); skip (``^S``); end (``*``);
    continue (``+``); invalid (not a call).  Whose turn it was is the
    auction replay's finding (``AuctionReplay.seats``), not the record's.
    """

    token: str
    kind: str
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
    nags: list[int] = field(default_factory=list)
    explanation: str | None = None


@dataclass(slots=True)
class Card:
    """One token of the play.

    ``kind`` is card, unknown (``-``), end (``*``), continue (``+``) or
    invalid.  ``seat`` is the column's seat in PBN (cards are written by seat)
    and None in LIN (cards are written in play order; the replayer decides).
    """

    token: str
    kind: str
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
    nags: list[int] = field(default_factory=list)

    @property
    def card(self) -> str:
        return self.suit + self.rank


@dataclass(slots=True)
class Deal:
    """The four hands, by seat; a hand is None when unknown (PBN ``-``)."""

    hands: dict[str, tuple[str, ...] | None]
    line: int
    column: int
    columns: dict[str, int] = field(default_factory=dict)  # where each written hand starts, on ``line``

    def where(self, seat: str) -> tuple[int, int]:
        """(line, column) of a seat's hand, or of the deal when not known."""
        return self.line, self.columns.get(seat, self.column)


@dataclass(slots=True)
class Auction:
    """The calls in turn order from ``seat`` (the first slot's player)."""

    seat: str | None
    calls: list[Call]
    line: int
    column: int
    notes: dict[int, Tag] = field(default_factory=dict)


@dataclass(slots=True)
class Play:
    """The cards; ``by_seat`` (PBN) means four seat columns from ``seat``."""

    seat: str | None
    cards: list[Card]
    line: int
    column: int
    by_seat: bool
    notes: dict[int, Tag] = field(default_factory=dict)
    claim: Field | None = None  # LIN mc: declarer's side's total tricks


@dataclass(slots=True)
class Record:
    """One game (PBN) or board (LIN), everything as written plus locations."""

    format: str
    game: int
    line: int
    column: int = 1
    tags: list[Tag] = field(default_factory=list)
    board: Field | None = None
    dealer: Field | None = None
    vulnerable: Field | None = None
    deal: Deal | None = None
    deal_field: Field | None = None
    auction: Auction | None = None
    play: Play | None = None
    contract: Field | None = None
    declarer: Field | None = None
    result: Field | None = None
    score: Field | None = None
    date: Field | None = None
    tables: dict[str, list[list[str]]] = field(default_factory=dict)  # supplemental sections, rows
    escapes: list[Tag] = field(default_factory=list)  # PBN % lines in the game (name "%")
    findings: list[Finding] = field(default_factory=list)
    export: bool = False  # the file declares PBN export format
    version: str | None = None  # the PBN version the file declares (% PBN 2.1)
    board_before: str | None = None  # PBN: no Board, Dealer or Deal here; the game before had all three (this Board)

    def tag(self, name: str) -> Tag | None:
        """The first tag of that name (the one that counts, PBN §3.4)."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    @property
    def board_number(self) -> str | None:
        return self.board.raw if self.board is not None else None

    def problem(self, rule: type[Rule], message: str, line: int, column: int, severity: str | None = None) -> None:
        """Attach a finding of ``rule`` found while reading."""
        self.findings.append(rule.finding(message, line, column, severity))
