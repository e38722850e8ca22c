"""DUP, the DOS Duplimate's file (dealing.md §3): per board 156 bytes, BRI (78), DGE (68) and a 10-byte trailer.

The deal is the BRI part's; the DGE part must deal the same cards, unless it is blank (68 spaces: a "blind"
file).  Board 1's trailer says: ``Y``/``N`` random hands, ``Y``/``N`` backwards counting, the lowest board
number (3 bytes), the copies of each board (2) and the highest board number (3), numbers left-aligned and
space-padded; the other boards' trailers are ten NULs or a copy of board 1's.  The boards are numbered from
the lowest.

Locations: ``line`` is the board's ordinal in the file and ``column`` the byte offset in the file + 1; a
board stands at its first byte.
"""

from __future__ import annotations

from typing import Iterator

from ..core import bridge
from ..core.problems import Kind
from .dealing import Board, DealingReader, deal_value, fixed_records
from .dealing_bri import BRI_DIGITS, DGE_BYTES, bri_board, dge_hands

RECORD = 156
TRAILER = BRI_DIGITS + DGE_BYTES  # where the trailer starts in a record
NO_TRAILER = bytes(10)
_FLAGS = ("random hands", "backwards counting")


def looks_like_dup(head: bytes) -> bool:
    """Whether a file starts with a DUP board: 78 digits, then the DGE part's spade symbol."""
    return head[:BRI_DIGITS].isdigit() and head[BRI_DIGITS:BRI_DIGITS + 1] == b"\x06"


class DupReader(DealingReader):
    """Reads a DUP file board by board; see the module docstring."""

    format = "dup"

    def boards(self) -> Iterator[Board]:
        first = NO_TRAILER
        lowest, highest, held = 1, None, 0
        for ordinal, offset, chunk in fixed_records(self, RECORD):
            if len(chunk) < BRI_DIGITS:
                continue
            trailer = chunk[TRAILER:RECORD]
            if ordinal == 1:
                first = trailer
                board = bri_board(1, chunk, 1, offset + 1)
                lowest, highest = _read_trailer(board, trailer, offset + TRAILER + 1)
                board.number = lowest
            else:
                board = bri_board(lowest + ordinal - 1, chunk, ordinal, offset + 1)
                if len(trailer) == len(NO_TRAILER) and trailer not in (NO_TRAILER, first):
                    board.malformed(Kind.DUP_TRAILER_COPY, ordinal, offset + TRAILER + 1, trailer, first)
            _compare_dge(board, chunk[BRI_DIGITS:TRAILER], offset + BRI_DIGITS + 1)
            held = ordinal
            yield board
        if highest is not None and held and highest >= lowest and highest - lowest + 1 != held:
            self.malformed(Kind.DUP_TRAILER_RANGE, 1, TRAILER + 8, lowest, highest, held)


def _read_trailer(board: Board, trailer: bytes, column: int) -> tuple[int, int | None]:
    """The lowest and the highest board number board 1's ``trailer`` says (1 and None where it says none);
    what is malformed is a problem of ``board``."""
    if trailer in (NO_TRAILER, b""):
        board.malformed(Kind.DUP_NO_TRAILER, 1, column)
        return 1, None
    for at, name in enumerate(_FLAGS):
        flag = trailer[at:at + 1]
        if flag not in (b"Y", b"N"):
            board.malformed(Kind.DUP_TRAILER_FLAG, 1, column + at, name, flag)
    lowest, copies, highest = (trailer[start:end].strip(b" ") for start, end in ((2, 5), (5, 7), (7, 10)))
    if copies and not copies.isdigit():
        board.malformed(Kind.DUP_TRAILER_NUMBER, 1, column + 5, "copies", copies)
    if not lowest.isdigit() or int(lowest) == 0:
        board.malformed(Kind.DUP_TRAILER_NUMBER, 1, column + 2, "lowest", lowest)
        lowest = b"1"
    if highest and not highest.isdigit():
        board.malformed(Kind.DUP_TRAILER_NUMBER, 1, column + 7, "highest", highest)
        highest = b""
    low, high = int(lowest), (int(highest) if highest else None)
    if high is not None and high < low:
        board.malformed(Kind.DUP_TRAILER_ORDER, 1, column + 7, low, high)
    return low, high


def _compare_dge(board: Board, dge: bytes, column: int) -> None:
    """A problem of ``board`` when its DGE part is malformed or deals other hands than its BRI part."""
    if len(dge) < DGE_BYTES or not dge.strip(b" "):  # cut short (said already) or blank: a blind file
        return
    part = Board(board.number, {}, board.line, column)
    hands = dge_hands(part, dge, board.line, column)
    board.problems += part.problems
    if not part.problems and any(sorted(hands[seat]) != sorted(board.hands[seat]) for seat in bridge.SEATS):
        board.malformed(Kind.DUP_DGE_DEAL, board.line, column, deal_value(hands), deal_value(board.hands))
