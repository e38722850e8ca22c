"""BRI and DGE, the Duplimate's boards as card numbers and as printable hands (dealing.md §1, §2).

BRI: 39 two-digit card numbers ``01``-``52`` per board, 13 each for North, East and South (West holds the
cards not listed), in records of 128 bytes (the 78 digits, then padding) or one 78-digit line per board.
DGE: per board the four hands N, E, S, W, each four CP437 suit bytes (0x06 ♠, 0x03 ♥, 0x04 ♦, 0x05 ♣) in
that order, each followed by its ranks; 68 bytes padded to a 128-byte record.  Boards are numbered 1, 2, 3…
by position.

Locations: in a file of 128-byte records, ``line`` is the board's ordinal and ``column`` the byte offset in
the file + 1; in a BRI file of lines, the line and the character in it.  A board stands at its first byte.
"""

from __future__ import annotations

from typing import Iterator

from ..core import bridge
from ..core.problems import Kind
from .dealing import PACK, Board, DealingReader, empty_hands, fixed_records, text_lines

RECORD = 128
BRI_DIGITS = 78
DGE_BYTES = 68
SUIT_BYTES = {0x06: "S", 0x03: "H", 0x04: "D", 0x05: "C"}
_RANK_BYTES = frozenset(bridge.RANKS.encode("ascii"))
_HAND_OFFSETS = {"N": 0, "E": 26, "S": 52}  # where each hand's numbers start in the 78 digits; West: none


def looks_like_bri(head: bytes) -> bool:
    """Whether a file starts with a board of 78 digits, then padding or a line end."""
    return head[:BRI_DIGITS].isdigit() and head[BRI_DIGITS:BRI_DIGITS + 1] in (b" ", b"\x00", b"\r", b"\n")


def looks_like_dge(head: bytes) -> bool:
    """Whether a file starts with a DGE board: a spade symbol, and 16 suit symbols in its 68 bytes."""
    return head[:1] == b"\x06" and sum(byte in SUIT_BYTES for byte in head[:DGE_BYTES]) == 16


def bri_board(number: int, data: bytes, line: int, column: int) -> Board:
    """The board of 78 BRI digits ``data`` written from (``line``, ``column``)."""
    board = Board(number, empty_hands(), line, column,
                  {seat: column + _HAND_OFFSETS.get(seat, 0) for seat in bridge.SEATS})
    listed: set[str] = set()
    bad: list[tuple[int, bytes]] = []
    for at in range(0, BRI_DIGITS, 2):
        code = data[at:at + 2]
        if len(code) == 2 and code.isdigit() and 1 <= int(code) <= 52:
            card = PACK[int(code) - 1]
            board.hands[bridge.SEATS[at // 26]].append(card)
            listed.add(card)
        elif len(code) == 2:  # a board cut short is said as such
            bad.append((at, code))
    if bad:
        at, code = bad[0]
        board.malformed(Kind.BRI_CARD_NUMBER, line, column + at, code.decode("latin-1"), len(bad) - 1)
    board.hands["W"] = [card for card in PACK if card not in listed]
    return board


def dge_hands(board: Board, data: bytes, line: int, column: int) -> dict[str, list[str]]:
    """The hands of 68 DGE bytes ``data`` written from (``line``, ``column``); what is malformed is a problem of
    ``board``, and where each hand starts goes to ``board.columns``."""
    hands = empty_hands()
    board.columns = dict.fromkeys(bridge.SEATS, column)
    symbols = 0
    for at, byte in enumerate(data):
        suit = SUIT_BYTES.get(byte)
        if suit is not None:
            due = bridge.SUITS[symbols % 4]
            if symbols == 16 or suit != due:
                board.malformed(Kind.DGE_SUIT_BYTE, line, column + at, byte, None if symbols == 16 else due)
                return hands
            if symbols % 4 == 0:
                board.columns[bridge.SEATS[symbols // 4]] = column + at
            symbols += 1
        elif byte in _RANK_BYTES and symbols:
            hands[bridge.SEATS[(symbols - 1) // 4]].append(bridge.SUITS[(symbols - 1) % 4] + chr(byte))
        else:
            board.malformed(Kind.DGE_BYTE, line, column + at, byte, not symbols)
            return hands
    if symbols != 16:
        board.malformed(Kind.DGE_SUIT_COUNT, line, column + len(data), symbols, 16)
    return hands


class BriReader(DealingReader):
    """Reads a BRI file board by board; see the module docstring."""

    format = "bri"

    def boards(self) -> Iterator[Board]:
        head = self.stream.peek(RECORD)[:RECORD]
        if b"\n" in head or b"\r" in head:  # a line end before a record's end: a file of lines
            yield from self._lines()
            return
        for ordinal, offset, chunk in fixed_records(self, RECORD):
            if len(chunk) >= BRI_DIGITS:
                yield bri_board(ordinal, chunk, ordinal, offset + 1)

    def _lines(self) -> Iterator[Board]:
        """One board per line of 78 digits."""
        number = 0
        for line, digits in text_lines(self.stream):
            if not digits.strip(b" \x1a"):  # an empty line, or the DOS end of file
                continue
            number += 1
            board = bri_board(number, digits, line, 1)
            if len(digits) != BRI_DIGITS:
                board.malformed(Kind.BRI_LINE_LENGTH, line, 1, BRI_DIGITS, len(digits))
            yield board


class DgeReader(DealingReader):
    """Reads a DGE file board by board; see the module docstring."""

    format = "dge"

    def boards(self) -> Iterator[Board]:
        for ordinal, offset, chunk in fixed_records(self, RECORD):
            if len(chunk) >= DGE_BYTES:
                board = Board(ordinal, {}, ordinal, offset + 1)
                board.hands = dge_hands(board, chunk[:DGE_BYTES], ordinal, offset + 1)
                yield board
