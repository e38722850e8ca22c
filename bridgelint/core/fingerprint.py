"""Deal fingerprints: a whole deal as one integer, compared as dealt or turned by whole seats.

A fingerprint holds North's, East's and South's cards as three 52-bit masks
(West holds the rest), so a board's state keeps one integer, never the record.
"""

from __future__ import annotations

from .bridge import PACK, SEATS
from .record import Deal

CARDS = PACK  # the order differences are named in
_BIT = {card: 1 << i for i, card in enumerate(CARDS)}
_DECK = (1 << 52) - 1
_NORTH, _EAST, _SOUTH = ({ord(seat): "1" if seat == one else "0" for seat in SEATS} for one in "NES")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def fingerprint(deal: Deal | None) -> int | None:
    """The deal as an integer; None unless four hands of 13 cards deal the whole pack once.

    Partial deals, hidden hands (``-``), ``?`` deals and end positions have none: they are not compared.
    """
    if deal is None:
        return None
    held = deal.held
    if not held.whole:
        return None
    # a whole deal's view holds the pack in pack order (Holders.of): its seats, the last card first, read as
    # one binary number per seat
    seats = "".join(held.seat.values())[::-1]
    return int(seats.translate(_NORTH), 2) | int(seats.translate(_EAST), 2) << 52 | int(seats.translate(_SOUTH), 2) << 104


def _join(masks: list[int]) -> int:
    return masks[0] | masks[1] << 52 | masks[2] << 104


def _masks(print_: int) -> list[int]:
    north, east, south = print_ & _DECK, print_ >> 52 & _DECK, print_ >> 104
    return [north, east, south, _DECK ^ north ^ east ^ south]


def turned(print_: int, seats: int) -> int:
    """The same deal with every hand moved ``seats`` places clockwise (North's hand to East for 1)."""
    masks = _masks(print_)
    return _join([masks[(i - seats) % 4] for i in range(4)])


def canonical(print_: int) -> tuple[int, int]:
    """(shape, seats): the deal turned so that North holds the ace of spades, the same for a deal and its three
    turns, and how far to turn the shape clockwise to give the deal back (``turned(shape, seats)``)."""
    if print_ & 1:  # North holds it: the deal is its own shape
        return print_, 0
    masks = _masks(print_)
    holder = 1 if masks[1] & 1 else 2 if masks[2] & 1 else 3
    return _join(masks[holder:] + masks[:holder]), holder


def turn(here: int, there: int) -> int | None:
    """How many seats clockwise ``there``'s hands moved to give ``here`` (0 when equal), or None."""
    return next((seats for seats in range(4) if turned(there, seats) == here), None)


def hands_of(print_: int) -> dict[str, list[str]]:
    """Each seat's cards (``SA``), in pack order."""
    return {seat: [card for card in CARDS if mask & _BIT[card]] for seat, mask in zip(SEATS, _masks(print_))}


def seat_of(print_: int, card: str) -> str:
    """The seat holding ``card``."""
    bit = _BIT[card]
    for seat, mask in zip(SEATS, _masks(print_)):
        if mask & bit:
            return seat
    raise ValueError(card)


def differences(here: int, there: int) -> list[tuple[str, str, str]]:
    """(card, seat here, seat there) for each card the two deals give to different seats, in pack order."""
    masks_here, masks_there = _masks(here), _masks(there)
    out = []
    for card in CARDS:
        bit = _BIT[card]
        seat_here = next(s for s, m in zip(SEATS, masks_here) if m & bit)
        seat_there = next(s for s, m in zip(SEATS, masks_there) if m & bit)
        if seat_here != seat_there:
            out.append((card, seat_here, seat_there))
    return out


def card_name(card: str) -> str:
    """``SK`` as ``♠K``, ``HT`` as ``♥10``."""
    return SUIT_SYMBOLS[card[0]] + ("10" if card[1] == "T" else card[1])
