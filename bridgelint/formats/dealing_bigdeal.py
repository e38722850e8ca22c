"""BER, BHG, RZD and CDS, the other dealing files Big Deal writes (dealing.md §5).

BER: 52 digits per board, digit k the holder of card k (``1`` N, ``2`` E, ``3`` S, ``4`` W).  BHG (Borel):
an empty first line, then a line of 52 letters per board, ``A``-``Z`` cards 1-26 and ``a``-``z`` cards
27-52, in four groups of 13 from the dealer's hand round the table.  RZD (KoPS): a 13-byte header (the
number of boards, 2 bytes little-endian, then spaces), then 13 bytes per board, one per rank from the ace
down, each 2 bits per suit (♠ ♥ ♦ ♣ from the high bits) naming the holder (0 N, 1 E, 2 S, 3 W).  CDS: 14
bytes per board, its number, then 13 bytes as RZD's with the holder counted from West (0 W, 1 N, 2 E, 3 S).
Boards are numbered by position, but in CDS.

Locations: in BER, RZD and CDS ``line`` is the board's ordinal and ``column`` the byte offset in the file + 1;
in BHG, the line and the character in it.  A board stands at its first byte.
"""

from __future__ import annotations

import re
from typing import Iterator

from ..core import bridge
from ..core.problems import Kind
from .dealing import PACK, Board, DealingReader, empty_hands, fixed_records, hands_of_holders, text_lines

_BER_SEATS = {ord(digit): seat for digit, seat in zip("1234", bridge.SEATS)}
_BHG_CARDS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", PACK))
RANK_BYTES = 13
RZD_HEADER = 13
_BHG_SNIFF = re.compile(rb"\r?\n[A-Za-z]{52}\r?\n")


def looks_like_ber(head: bytes) -> bool:
    """Whether a file starts with a BER board: 52 digits 1 to 4, none after them or another board's."""
    return len(head) >= len(PACK) and all(byte in _BER_SEATS for byte in head[:len(PACK) + 1])


def looks_like_bhg(head: bytes) -> bool:
    """Whether a file starts as BHG: an empty line, then a board of 52 letters."""
    return _BHG_SNIFF.match(head) is not None


def _everywhere(column: int) -> dict[str, int]:
    return dict.fromkeys(bridge.SEATS, column)


def _out_of_range(board: Board, kind: Kind, bad: list[int], code: str, line: int, column: int) -> None:
    """A problem of ``board`` for the codes at offsets ``bad`` (the first, ``code``, noted; the others counted)."""
    board.malformed(kind, line, column + bad[0], code, len(bad) - 1)


class BerReader(DealingReader):
    """Reads a BER file board by board; see the module docstring."""

    format = "ber"

    def boards(self) -> Iterator[Board]:
        for ordinal, offset, chunk in fixed_records(self, len(PACK)):
            board = Board(ordinal, empty_hands(), ordinal, offset + 1, _everywhere(offset + 1))
            bad = [at for at, byte in enumerate(chunk) if byte not in _BER_SEATS]
            if bad:
                _out_of_range(board, Kind.BER_SEAT_DIGIT, bad, chr(chunk[bad[0]]), ordinal, offset + 1)
            for card, byte in zip(PACK, chunk):
                if byte in _BER_SEATS:
                    board.hands[_BER_SEATS[byte]].append(card)
            yield board


class BhgReader(DealingReader):
    """Reads a BHG (Borel) file board by board; see the module docstring."""

    format = "bhg"

    def boards(self) -> Iterator[Board]:
        number = 0
        for line, raw in text_lines(self.stream):
            text = raw.decode("latin-1")
            if not text.strip():
                continue
            number += 1
            dealer = bridge.standard_dealer(number)
            seats = [bridge.seat_after(dealer, group) for group in range(4)]
            board = Board(number, empty_hands(), line, 1, {seat: 1 + 13 * group for group, seat in enumerate(seats)})
            if len(text) != len(PACK):
                board.malformed(Kind.BHG_LINE_LENGTH, line, 1, len(PACK), len(text))
            bad = [at for at, letter in enumerate(text) if letter not in _BHG_CARDS]
            if bad:
                _out_of_range(board, Kind.BHG_CARD_LETTER, bad, text[bad[0]], line, 1)
            for at, letter in enumerate(text[:len(PACK)]):
                if letter in _BHG_CARDS:
                    board.hands[seats[min(at // 13, 3)]].append(_BHG_CARDS[letter])
            yield board


def rank_bytes_holders(data: bytes, first: str) -> list[str]:
    """The holder of each card of :data:`PACK` in 13 rank bytes (RZD, CDS): 2 bits a suit, seat ``first`` = 0."""
    holders = [""] * len(PACK)
    for rank, byte in enumerate(data):
        for suit in range(4):
            holders[suit * 13 + rank] = bridge.seat_after(first, byte >> (6 - 2 * suit) & 3)
    return holders


class RzdReader(DealingReader):
    """Reads an RZD (KoPS) file board by board; see the module docstring."""

    format = "rzd"

    def boards(self) -> Iterator[Board]:
        header = self.stream.read(RZD_HEADER)
        said = int.from_bytes(header[:2], "little") if len(header) >= 2 else None
        held = 0
        for ordinal, offset, chunk in fixed_records(self, RANK_BYTES, RZD_HEADER):
            if len(chunk) == RANK_BYTES:
                held = ordinal
                yield Board(ordinal, hands_of_holders(rank_bytes_holders(chunk, "N")), ordinal, offset + 1,
                            _everywhere(offset + 1))
        if said != held:
            self.malformed(Kind.RZD_BOARD_COUNT, 1, 1, said, held)


class CdsReader(DealingReader):
    """Reads a CDS file board by board; see the module docstring."""

    format = "cds"

    def boards(self) -> Iterator[Board]:
        for ordinal, offset, chunk in fixed_records(self, 1 + RANK_BYTES):
            if len(chunk) < 1 + RANK_BYTES:
                continue
            board = Board(chunk[0] or ordinal, hands_of_holders(rank_bytes_holders(chunk[1:], "W")), ordinal,
                          offset + 1, _everywhere(offset + 2))
            if not chunk[0]:
                board.malformed(Kind.CDS_BOARD_ZERO, ordinal, offset + 1)
            yield board
