"""The tokens of an auction and a play: :class:`Call` and :class:`Card`, their kinds, and the plain tokens (those
an auction or a play may be kept as text for)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, TypeVar

from .bridge import DENOMINATIONS, FULL_DECK, CallKind, CallToken, parse_pbn_call, seat_after

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

def seat_cards(cards: list[Card], seat: str | None) -> None:
    """Give each card of a PBN play the seat of its column, from the Play ``seat`` (PBN §3.6)."""
    columns = [seat_after(seat, i) for i in range(4)] if seat else [None] * 4
    slot = 0
    for card in cards:
        if card.kind != END:
            card.seat = columns[slot % 4]
            slot += 1


Item = TypeVar("Item", Call, Card)
