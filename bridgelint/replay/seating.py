"""The play's rows placed in seats: the counted tricks (``Trick``) and the rows a replay does not count
(``Placed``), for a conversion to write each card in its column (``PlayReplay.seated``).

The rows not counted are a short trick, the rows from the one where the replay
stopped, the rows of a play without contract; they are placed without findings:
the leader is the player who still holds the row's first card, else the winner
of the last row, and the cards go clockwise (PBN: by their columns).  The placing
ends at a row whose leader cannot be told.  The rows after a stop are placed when
``seated`` is first asked for: a check does not pay for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..core.bridge import SEATS, seat_after, trick_winner
from ..core.record import Play
from ..core.tokens import CARD, Card

ROTATION = {seat: tuple(seat_after(seat, i) for i in range(4)) for seat in SEATS}  # a trick's seats from its leader
OFFSET = {first: {seat: i for i, seat in enumerate(ROTATION[first])} for first in SEATS}  # seat's column from first


class Trick:
    """A completed trick: its leader, its cards as (seat, card) in play order, and its winner.

    A trick of the fast replay is kept as the place of its row in the play
    (``cards`` None: the four cards from ``play.cards[start]``, by seat in PBN, in
    play order in LIN), so that a play kept as text stays so: the Card objects
    are made when ``cards`` is first read.
    """

    __slots__ = ("leader", "winner", "_cards", "_play", "_start")

    def __init__(self, leader: str, cards: list[tuple[str, Card]] | None, winner: str, play: Play | None = None,
                 start: int = 0):
        self.leader = leader
        self.winner = winner
        self._cards = cards
        self._play = play
        self._start = start

    @property
    def cards(self) -> list[tuple[str, Card]]:
        if self._cards is None:
            assert self._play is not None
            play, start, leader = self._play, self._start, self.leader
            row = play.cards[start:start + 4]
            at = OFFSET[play.seat][leader] if play.by_seat and play.seat else 0
            self._cards = list(zip(ROTATION[leader], row[at:] + row[:at]))
        return self._cards

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return (self.leader, self.winner, self.cards) == (other.leader, other.winner, other.cards)

    def __repr__(self) -> str:
        return f"Trick(leader={self.leader!r}, cards={self.cards!r}, winner={self.winner!r})"


@dataclass(slots=True)
class Placed:
    """A row of the play placed in seats only, not counted: its tokens by their players, in play order."""

    leader: str
    cards: list[tuple[str, Card]]  # (seat, token): every token of the row, '-' and tokens that are no card too
    winner: str | None  # None: the trump is not known, or the row is short or holds a token that is no card


def in_seats(row: list[Card], leader: str, by_seat: bool) -> list[tuple[str, Card]]:
    """A row by its players in play order from ``leader``: PBN by the seats of its columns, LIN clockwise."""
    if by_seat:
        placed = {card.seat: card for card in row}
        return [(seat, placed[seat]) for seat in ROTATION[leader] if seat in placed]
    return list(zip(ROTATION[leader], row))


class Seating:
    """The placing of the rows a replay does not count, from the hands left and the last winner.

    ``placed`` is the list the rows go to (``PlayReplay``'s); ``winners`` False: the denomination is not
    known, no row has a winner.
    """

    def __init__(self, hands: dict[str, set[str]], trump: str | None, leader: str | None, by_seat: bool,
                 placed: list[Placed], winners: bool = True):
        self.hands = hands  # the cards left in each known hand (an unknown hand, PBN '-', has no entry)
        self.holder = {card: seat for seat, hand in hands.items() for card in hand}
        self.trump = trump
        self.leader = leader
        self.by_seat = by_seat
        self.placed = placed
        self.winners = winners
        self.placing = True  # False once a row cannot be placed: its leader is not known

    def holding(self, card: Card) -> str | None:
        """Who holds ``card`` still (it is dealt to him and not yet played), None when no one is known to."""
        holder = self.holder.get(card.card) if card.kind == CARD else None
        return holder if holder is not None and card.card in self.hands[holder] else None

    def place_row(self, row: list[Card]) -> bool:
        """A row the replay does not play: placed from its leader (PBN: by its columns), without findings."""
        if not self.placing:
            return True
        if self.by_seat:
            leader = next((card.seat for card in row if card.mark == "L"), None) or self.leader
        else:
            leader = self.holding(row[0]) or self.leader
        self.place(leader, in_seats(row, leader, self.by_seat) if leader else [])
        return True

    def place(self, leader: str | None, cards: Sequence[tuple[str | None, Card | None]]) -> None:
        """Keep the placement of a row that is not counted; its winner, when it has one, leads the next."""
        if leader is None or not self.placing:
            self.placing = False  # the rows from here on have no known leader
            return
        seated = [(seat, card) for seat, card in cards if seat is not None and card is not None]
        for seat, card in seated:
            if (hand := self.hands.get(seat)) is not None:
                hand.discard(card.card)
        winner = None
        if self.winners and len(seated) == 4 and all(card.kind == CARD for _, card in seated):
            winner = seated[trick_winner([card.card for _, card in seated], self.trump)][0]
        self.placed.append(Placed(leader, seated, winner))
        self.leader = winner
