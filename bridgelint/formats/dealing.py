"""What the dealing machines' files share (DUP, DLM, BRI, DGE, BER, BHG, RZD, CDS): the cards as the machines
number them, a board made a record as a PBN game is, and files of fixed-size records read board by board.

Each board becomes a :class:`~bridgelint.core.record.Record` of model ``pbn`` whose Board, Dealer and
Vulnerable tags follow its number (Law 2) and whose Deal tag is its deal as PBN writes it; the fields are
filled by :func:`~.pbn_header.interpret_header`, as the PBN reader fills them, so every deal rule runs (D103,
D104) and the board is compared with the uploads (E101, E105, E106).  What is malformed in the file is S150.
The format modules say what ``line`` and ``column`` mean in their files.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Callable, Iterator, cast

from ..core import bridge
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tags import Tag
from .base import Plain, guarded
from .pbn_header import interpret_header

PACK = bridge.PACK  # the machines' card k (from 1) is PACK[k - 1]: ♠A first, ♣2 last
MAX_LINE = 4096  # of a line of a dealing file, what is read (its lines are short: the rest is skipped)


@dataclass
class Board:
    """One board as a file holds it: its number, the cards of each seat (in any order; a card may be there
    twice), where it stands and where each seat's hand is written, and what is malformed in it (its problems)."""

    number: int
    hands: dict[str, list[str]]
    line: int
    column: int
    columns: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def malformed(self, kind: Kind, line: int, column: int, *facts: object) -> None:
        """A problem of the board: what is malformed in it, at (``line``, ``column``)."""
        self.problems.append(Problem(kind, line, column, facts))


def empty_hands() -> dict[str, list[str]]:
    return {seat: [] for seat in bridge.SEATS}


def hands_of_holders(holders: list[str]) -> dict[str, list[str]]:
    """The hands of a deal given as the seat that holds each card of :data:`PACK`, in its order."""
    hands = empty_hands()
    for card, seat in zip(PACK, holders):
        hands[seat].append(card)
    return hands


def deal_value(hands: dict[str, list[str]]) -> str:
    """The PBN Deal value of four hands, from North."""
    return "N:" + " ".join(bridge.hand_text(hands[seat]) for seat in bridge.SEATS)


def board_record(fmt: str, game: int, board: Board) -> Record:
    """The record of ``board``, as a PBN game of a Board, Dealer, Vulnerable and Deal tag reads."""
    record = Record(fmt, game, board.line, board.column)
    number = board.number
    record.tags = [Tag(name, value, board.line, board.column, as_written=False) for name, value in (
        ("Board", str(number)), ("Dealer", bridge.standard_dealer(number)),
        ("Vulnerable", bridge.standard_vulnerability(number)), ("Deal", deal_value(board.hands)))]
    interpret_header(record, record.first_tags())
    deal = record.deal
    if deal is not None:
        deal.columns = dict(board.columns)
        for seat, cards in board.hands.items():
            if not cards:
                deal.hands[seat] = ()  # a hand of no card, not one unknown
    record.problems.extend(board.problems)
    return record


class DealingReader(Plain):
    """A dealing machine's file read board by board: each format gives :meth:`boards`."""

    format = ""

    def __init__(self, stream: BinaryIO, path: str, encoding: str | None = None,
                 lone_cr: Callable[[int], bool] | None = None):
        self.stream = stream if isinstance(stream, io.BufferedReader) else io.BufferedReader(cast(Any, stream))
        self.path = path
        self.file_problems: list[Problem] = []

    def boards(self) -> Iterator[Board]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Record]:
        games = 0
        for board in self.boards():
            games += 1
            yield guarded(board_record, self.format, games, board.line, self.format, games, board)
        if not games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, (self.format,)))

    def malformed(self, kind: Kind, line: int, column: int, *facts: object) -> None:
        """A problem of the file (not of one of its boards)."""
        self.file_problems.append(Problem(kind, line, column, facts))


def fixed_records(reader: DealingReader, size: int, start: int = 0) -> Iterator[tuple[int, int, bytes]]:
    """(ordinal from 1, byte offset, bytes) of each record of ``size`` bytes from byte ``start``; what is left at
    the end, shorter than a record, is a problem of the file, and yielded too when it holds a whole board (``size``
    counts padding)."""
    ordinal, offset = 0, start
    while chunk := reader.stream.read(size):
        ordinal += 1
        if len(chunk) < size:
            reader.malformed(Kind.DEALING_LEFT_OVER, ordinal, offset + 1, len(chunk), size)
        yield ordinal, offset, chunk
        offset += len(chunk)


def text_lines(stream: io.BufferedReader) -> Iterator[tuple[int, bytes]]:
    """(line number, text) of each line of a dealing file of lines: its first :data:`MAX_LINE` bytes, without the
    line end (nor a UTF-8 byte order mark on line 1)."""
    line, whole = 0, True
    for piece in iter(lambda: stream.readline(MAX_LINE), b""):
        if whole:
            line += 1
            yield line, piece.removeprefix(b"\xef\xbb\xbf" if line == 1 else b"").rstrip(b"\r\n")
        whole = piece.endswith(b"\n")
