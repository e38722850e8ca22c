"""DLM, the dealing file of Dealer4, Dealmaster and Duplimate for Windows (dealing.md §4): an INI file.

Its ``[Document]`` section (``[DOCUMENT]`` in Duplimate's files: names are read in either case) holds
``Status``, ``Duplicates``, ``From board``, ``To board`` and ``Checksum``, then ``Board NN=`` with 26 letters
and a 3-digit checksum per board.  Letter k (``a``-``p``, value v) deals cards 2k-1 and 2k of the pack
(♠A ♠K, ♠Q ♠J, … ♣3 ♣2): the first to seat v // 4, the second to seat v mod 4 (N, E, S, W).  A board's
checksum is its number XOR the codes of its letters; the file's is Duplicates XOR From XOR To, or the count of
boards (To - From + 1), either XOR 1 when Status is Show.  Writers fill every board up to 99; only the boards
From..To are the session's, the others are checked as written and never read as boards.

Locations: ``line`` and ``column`` are those of the text; a board stands at its ``Board NN`` line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from typing import Iterable, Iterator

from ..core import bridge
from ..core.problems import Kind
from .dealing import Board, DealingReader, empty_hands, text_lines

LETTERS = 26
HEADER_KEYS = ("status", "duplicates", "from board", "to board", "checksum")
LAST_BOARD = 99
_NUMBER = re.compile(r"[0-9]{1,9}")
_BOARD_KEY = re.compile(r"board\s*([0-9]{1,3})")
_BOARD_VALUE = re.compile(r"([a-p]{26})([0-9]{1,3})")
_SNIFF = re.compile(rb"(?:\xef\xbb\xbf)?\s*\[document\]", re.IGNORECASE)


def checksum_holds(written: str, due: Iterable[int]) -> bool:
    """Whether the checksum ``written`` is one of the values ``due`` (those a writer may have computed)."""
    return written.isascii() and written.isdigit() and int(written) in due


def looks_like_dlm(head: bytes) -> bool:
    """Whether a file starts with a DLM's ``[Document]`` section."""
    return _SNIFF.match(head) is not None


@dataclass
class _Value:
    text: str
    line: int
    column: int


class DlmReader(DealingReader):
    """Reads a DLM file; see the module docstring."""

    format = "dlm"

    def boards(self) -> Iterator[Board]:
        header, written = self._read()
        session = self._session(header, written)
        for number, value in sorted(written.items()):
            board = self._board(number, value)
            if number in session:
                yield board
            else:
                self.file_problems += board.problems

    def _read(self) -> tuple[dict[str, _Value], dict[int, _Value]]:
        """The ``[Document]`` section's header values and its boards by number (the first of each)."""
        header: dict[str, _Value] = {}
        written: dict[int, _Value] = {}
        section = None
        for line, raw in text_lines(self.stream):
            text = raw.decode("latin-1")
            stripped = text.strip()
            if stripped.startswith("["):
                section = stripped.lower()
                continue
            key, equals, value = text.partition("=")
            if section != "[document]" or not equals:
                continue
            name = key.strip().lower()
            at = _Value(value.strip(), line, len(key) + 2 + len(value) - len(value.lstrip()))
            board = _BOARD_KEY.fullmatch(name)
            if board is not None:
                number = int(board.group(1))
                if number in written:
                    self.malformed(Kind.DLM_BOARD_TWICE, line, 1, number, written[number].line)
                else:
                    written[number] = at
            elif name in HEADER_KEYS:
                header.setdefault(name, at)
        return header, written

    def _session(self, header: dict[str, _Value], written: dict[int, _Value]) -> range:
        """The board numbers of the session (From..To; every board written when the header does not say),
        with a problem for a header that does not hold, a checksum that does not match, a board of it missing."""
        bounds = [self._number(header, key) for key in ("from board", "to board")]
        low, high = bounds
        if low is None or high is None:
            return range(min(written, default=1), max(written, default=0) + 1)
        to = header["to board"]
        if not 1 <= low <= high <= LAST_BOARD:
            self.malformed(Kind.DLM_BOARD_RANGE, to.line, 1, low, high, LAST_BOARD)
            return range(max(low, 1), min(high, LAST_BOARD) + 1)
        show = int(header["status"].text.lower() == "show") if "status" in header else 0
        due = [(high - low + 1) ^ show]
        copies = self._number(header, "duplicates") if "duplicates" in header else None
        if copies is not None:
            due.insert(0, copies ^ low ^ high ^ show)
        checksum = header.get("checksum")
        if checksum is None:
            self.malformed(Kind.DLM_NO_CHECKSUM, to.line, 1)
        elif not checksum_holds(checksum.text, due):
            self.malformed(Kind.DEALING_CHECKSUM, checksum.line, checksum.column, None, checksum.text,
                           tuple(dict.fromkeys(due)))
        missing = [number for number in range(low, high + 1) if number not in written]
        if missing:
            self.malformed(Kind.DLM_MISSING_BOARDS, to.line, 1, missing[0], len(missing) - 1, low, high)
        return range(low, high + 1)

    def _number(self, header: dict[str, _Value], key: str) -> int | None:
        """The number of header ``key``; None (and a problem) when it is missing or no number."""
        value = header.get(key)
        if value is None or not _NUMBER.fullmatch(value.text):
            where = (value.line, value.column) if value is not None else (1, 1)
            self.malformed(Kind.DLM_HEADER_NUMBER, *where, key, value.text if value is not None else None)
            return None
        return int(value.text)

    def _board(self, number: int, value: _Value) -> Board:
        """Board ``number`` of its written ``value``; problems of it for letters and a checksum that do not hold."""
        board = Board(number, empty_hands(), value.line, 1, dict.fromkeys(bridge.SEATS, value.column))
        found = _BOARD_VALUE.fullmatch(value.text)
        if found is None:
            bad = next((at for at, char in enumerate(value.text[:LETTERS]) if not "a" <= char <= "p"), None)
            if bad is not None:
                board.malformed(Kind.DLM_CARD_LETTER, value.line, value.column + bad, value.text[bad])
            else:
                board.malformed(Kind.DLM_BOARD_VALUE, value.line, value.column, LETTERS, value.text)
        for at, letter in enumerate(value.text[:LETTERS]):
            if not "a" <= letter <= "p":
                continue  # the two cards go to no one: the hands hold them not (D103)
            v = ord(letter) - ord("a")
            board.hands[bridge.SEATS[v // 4]].append(bridge.PACK[2 * at])
            board.hands[bridge.SEATS[v % 4]].append(bridge.PACK[2 * at + 1])
        if found is not None:
            due = reduce(lambda total, letter: total ^ ord(letter), found.group(1), number)
            if not checksum_holds(found.group(2), [due]):
                board.malformed(Kind.DEALING_CHECKSUM, value.line, value.column + LETTERS, number, found.group(2),
                                (due,))
        return board
