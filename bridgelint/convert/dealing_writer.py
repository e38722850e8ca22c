"""DLM and DUP writers: a hand record made a dealing machine's file again, checksums computed (dealing.md §3, §4).

The boards are gathered first (a dealing file says its range of boards before them), the first whole deal of
each board number kept; :meth:`DealingWriter.close` writes them all.  A dealing file numbers its boards from
the lowest to the highest without a gap: a board number that the records lack in between gets the filler
deal the dealing programs write beyond a DLM's range (each hand one suit), and a note says so, as it does of
each record that cannot be written (no whole deal, no board number, or one the format cannot hold).
The layouts are those the readers read (:mod:`bridgelint.formats.dealing_dlm`, ``dealing_dup``): the DLM in
the dealing programs' order with CRLF line ends and its boards up to 99; the DUP with board 1's trailer and ten
NULs on the others.
"""

from __future__ import annotations

from functools import reduce
from typing import IO

from ..core.bridge import PACK, SEATS, SUITS
from ..core.record import Record

FILLER = dict(zip(PACK, (seat for seat in SEATS for _ in range(13))))  # North the spades, East the hearts…
DLM_BOARDS = 99
DUP_BOARDS = 999
_SUIT_BYTES = {"S": 0x06, "H": 0x03, "D": 0x04, "C": 0x05}


class DealingWriter:
    """Gathers the boards of records; a subclass writes them (:meth:`board_bytes`, :meth:`file_bytes`)."""

    highest = DLM_BOARDS  # the highest board number the format holds

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.deals: dict[int, dict[str, str]] = {}  # board number -> seat of each card, in pack order
        self.notes: list[str] = []

    def write(self, record: Record, name: str) -> None:
        """Keep the record's board, or say why it cannot be written (``name``: its file)."""
        number = record.board.value if record.board is not None else None
        where = f"{name}:{record.line}"
        if number is None or not 1 <= number <= self.highest:
            self.notes.append(f"{where}: no board number 1 to {self.highest}: not written")
            return
        deal = record.deal
        if deal is None or not deal.held.whole:
            self.notes.append(f"{where}: board {number} has no whole deal: not written")
            return
        kept = self.deals.setdefault(number, dict(deal.held.seat))
        if kept != deal.held.seat:
            self.notes.append(f"{where}: board {number} is dealt otherwise than before: the first deal is written")

    def close(self) -> list[str]:
        """Write the file; the notes on what was not written as it was read."""
        if self.deals:
            low, high = min(self.deals), max(self.deals)
            missing = [number for number in range(low, high + 1) if number not in self.deals]
            if missing:
                self.notes.append(f"board {missing[0]}{f' and {len(missing) - 1} more' if len(missing) > 1 else ''} "
                                  "not in the input: the filler deal (each hand one suit) stands for it")
            self.stream.write(self.file_bytes(low, high))
        else:
            self.notes.append("no board with a whole deal: nothing written")
        return self.notes

    def deal(self, number: int) -> dict[str, str]:
        return self.deals.get(number, FILLER)

    def file_bytes(self, low: int, high: int) -> bytes:
        raise NotImplementedError


def hands(holders: dict[str, str]) -> dict[str, list[str]]:
    """The cards of each seat, in pack order."""
    held: dict[str, list[str]] = {seat: [] for seat in SEATS}
    for card in PACK:
        held[holders[card]].append(card)
    return held


def dlm_board(number: int, holders: dict[str, str]) -> str:
    """A DLM board value: a letter for each two cards (the seats of both), then the checksum."""
    letters = "".join(chr(ord("a") + 4 * SEATS.index(holders[PACK[at]]) + SEATS.index(holders[PACK[at + 1]]))
                      for at in range(0, len(PACK), 2))
    return f"{letters}{reduce(lambda total, letter: total ^ ord(letter), letters, number):03d}"


class DlmWriter(DealingWriter):
    """Writes a DLM: the boards From..To, and the filler deal up to board 99."""

    def file_bytes(self, low: int, high: int) -> bytes:
        copies, show = 1, 1
        lines = ["[Document]", "Headline=", "Status=Show", f"Duplicates={copies}", f"From board={low}",
                 f"To board={high}", "Next board to duplimate=0", "PrintOuts=0", "Crypto key=0",
                 f"Checksum={copies ^ low ^ high ^ show:03d}"]
        for number in range(1, DLM_BOARDS + 1):
            lines += [f"Duplicates {number:02d}=0", f"Board {number:02d}={dlm_board(number, self.deal(number))}"]
        return "".join(line + "\r\n" for line in lines).encode("ascii")


def bri_part(holders: dict[str, str]) -> bytes:
    """78 digits: the card numbers of North, East and South."""
    held = hands(holders)
    return "".join(f"{PACK.index(card) + 1:02d}" for seat in "NES" for card in held[seat]).encode("ascii")


def dge_part(holders: dict[str, str]) -> bytes:
    """68 bytes: each hand's suit symbols, each followed by its ranks."""
    held = hands(holders)
    return b"".join(bytes([_SUIT_BYTES[suit]]) + "".join(card[1] for card in held[seat] if card[0] == suit)
                    .encode("ascii") for seat in SEATS for suit in SUITS)


class DupWriter(DealingWriter):
    """Writes a DUP: BRI, DGE and the trailer (board 1's; ten NULs on the others) of each board."""

    highest = DUP_BOARDS

    def file_bytes(self, low: int, high: int) -> bytes:
        trailer = f"YN{low:<3d}0 {high:<3d}".encode("ascii")
        return b"".join(bri_part(self.deal(number)) + dge_part(self.deal(number))
                        + (trailer if number == low else bytes(10)) for number in range(low, high + 1))
