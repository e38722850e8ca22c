"""PBN reader: games split with searches over blocks of text, each game scanned with the grammar.

``PbnReader`` streams a file game by game (PBN §3: a semi-empty line outside
a comment ends a game) and builds one :class:`~bridgelint.core.record.Record` per
game.  The file is read in blocks of whole lines (:class:`~.text.TextBlocks`);
a game is handed on as its text, with the number of its first line.  Reading never raises on bad input: every problem is
noted on its record (or on the file) with its line, its column and the facts the rule that words it needs
(:mod:`bridgelint.core.problems`), and reading goes on.
"""

from __future__ import annotations

import re
import sys
from collections import deque
from typing import BinaryIO, Callable, Iterable, Iterator

from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tags import Tag
from .base import Plain, failed
from .patterns import PBN_TOKEN
from .pbn_export import check_export
from .pbn_game import GameScanner, declaration, swallowed
from .pbn_header import interpret_header
from .text import TextBlocks, code_page_problem

READ_LIMIT = 1 << 20  # bytes of a line read at most: the rest of a longer line is skipped (S107 says so)
MAX_LINE = 255  # characters of a line, end of line included (PBN §2.3)
NO_INHERITANCE = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"))  # §4.8
BOARD_HEADER = ("Board", "Dealer", "Deal")  # what a game needs of its own; archives omit it for other tables
_SCAN = PBN_TOKEN.finditer
_SEMI_EMPTY = re.compile(r"[^\S\n]*(?:\n|\Z)")  # at a line start: a line of white space only
_SEMI_EMPTY_LINES = re.compile(r"(?:[^\S\n]*\n)+")
_NEXT_SEMI_EMPTY = re.compile(r"\n(?=[^\S\n]*(?:\n|\Z))")  # the end of the line before one
_NOT_ESCAPE = re.compile(r"\n[^%]")  # a line that is no escape line, after the first
_LONG_LINE = re.compile(r"\n[^\n]{%d}" % MAX_LINE)  # a line of MAX_LINE characters or more, from the LF before it
_BAD_CHARACTER = re.compile(r"[\x00-\x08\x0c\x0e-\x1f\x7f-\x9f]")  # not in PBN's character set (§2.2)
_GOOD_ASCII = bytes(code for code in range(128) if not _BAD_CHARACTER.match(chr(code)))  # as bytes of UTF-8


class PbnReader(Plain):
    """Iterate the games of a PBN byte stream as records."""

    format = "pbn"

    def __init__(self, stream: BinaryIO | Iterable[bytes], path: str = "-", encoding: str | None = None,
                 lone_cr: Callable[[int], bool] | None = None):
        self._blocks = TextBlocks(stream, READ_LIMIT, encoding)
        self._lone_cr = lone_cr  # whether a line ended in a lone CR (read as LF), for S108
        self.path = path
        self.file_problems: list[Problem] = []
        self.export = False
        self.version: str | None = None  # % PBN 2.1
        self.header_directives: list[Tag] = []  # "% bridgelint:" lines outside any game (name "%")
        self._inherited: dict[str, str] = {}  # ## values for later games
        self._last_real: dict[str, Tag] = {}  # the tag of the latest real value (not '#', not changed later), for #
        self._line_problems: list[Problem] = []  # line problems of the game being split
        self._lines_ahead: deque[Problem] = deque()  # line problems of lines after it, in line order
        self._board_before: str | None = None  # the Board of the last game with Board, Dealer and Deal (B108)
        self._header_before: tuple[tuple[str, str], ...] = ()  # that game's Board, Dealer, Vulnerable, Deal
        self._charset: Tag | None = None  # the first escape line that names a charset (S114's fix updates it)
        self._replaced = ReplacementCharacters()  # U+FFFD of the file (S106: text damaged by a conversion)

    def __iter__(self) -> Iterator[Record]:
        for game, (start, text, line_problems) in enumerate(self.games(), 1):
            record = Record("pbn", game, start)
            record.problems.extend(line_problems)
            yield self._read(record, text)

    def games(self) -> Iterator[tuple[int, str, list[Problem]]]:
        """(first line, text, line problems) of each game as split, not read; once the last is given,
        ``file_problems`` holds the problems of the file (lines outside any game, Windows-1252, no game)."""
        games = 0
        for start, text in self._split():
            games += 1
            line_problems, self._line_problems = self._line_problems, []
            yield start, text, line_problems
        self.file_problems += self._line_problems
        self.file_problems += self._lines_ahead
        if self._replaced.count:
            line, column = self._replaced.first
            self.file_problems.append(Problem(Kind.REPLACEMENT_CHARACTERS, line, column, (self._replaced.count,)))
        if self._blocks.decoder.noted is not None:
            self.file_problems.append(code_page_problem(self._blocks.decoder.noted, "pbn", self._charset))
        if not games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, (self.format,)))

    # --- splitting ---------------------------------------------------------

    def _split(self) -> Iterator[tuple[int, str]]:
        """(first line number, text) of each game; a semi-empty line outside a comment ends one.

        The lines between two semi-empty lines are found with one search per
        game; only a line with a ``{`` is scanned (:func:`brace_open_after`), and
        the lines of an open brace comment one by one.
        """
        chunk: list[str] = []  # the text since the last semi-empty line, block by block
        start = 1  # its first line
        content = False  # it holds more than escape lines
        in_brace = False
        for number, text, skipped in self._blocks:
            self._check_lines(text, number, skipped)
            lines = _LineCounter(text, number)
            pos, size = 0, len(text)
            blank = -1  # where the first semi-empty line from ``pos`` on starts (found again once passed)
            while pos < size:
                if in_brace:  # a '{' comment is open: line by line until it closes
                    end = text.find("\n", pos) + 1 or size
                    line = text[pos:end]
                    chunk.append(line)
                    in_brace = brace_open_after(line, True)
                    pos = end
                    continue
                if blank < pos:
                    blank = pos if _SEMI_EMPTY.match(text, pos) else _semi_empty_after(text, pos)
                brace = _brace_line(text, pos, blank)
                if brace >= 0:  # the line at `brace` has a '{' that may open a comment
                    end = text.find("\n", brace) + 1 or size
                    chunk.append(text[pos:end])
                    content = True
                    in_brace = brace_open_after(text[brace:end], False)
                    pos = end
                    continue
                if blank > pos:
                    piece = text[pos:blank]
                    chunk.append(piece)
                    content = content or piece[0] != "%" or _NOT_ESCAPE.search(piece) is not None
                if blank == size:
                    break
                if chunk:
                    self._lines_read(lines.at(blank))  # up to the semi-empty line
                    if content:
                        yield start, "".join(chunk)
                    else:
                        self._header_escapes("".join(chunk), start)
                    chunk, content = [], False
                semi_empty = _SEMI_EMPTY_LINES.match(text, blank)  # this one and those right after it
                pos = size if semi_empty is None else semi_empty.end()  # None: the file's last line, without LF
                start = lines.at(pos)
        self._lines_read(sys.maxsize)
        if content:
            yield start, "".join(chunk)
        elif chunk:
            self._header_escapes("".join(chunk), start)

    def _lines_read(self, last: int) -> None:
        """The line problems of lines up to ``last`` are due: the game that ends there takes them."""
        ahead = self._lines_ahead
        while ahead and ahead[0].line <= last:
            self._line_problems.append(ahead.popleft())

    def _header_escapes(self, text: str, start: int) -> None:
        """Escape lines outside any game: ``% EXPORT``, and ``% bridgelint:`` directives kept for the linter."""
        self.file_problems.extend(self._line_problems)
        self._line_problems = []
        for offset, line in enumerate(text.removesuffix("\n").split("\n")):
            line = line.rstrip("\r")
            value = line[1:].strip()
            export, version = declaration(value)
            self.export = self.export or export
            self.version = version or self.version
            swallowed(self.file_problems, line, start + offset, 1)
            self._note_charset(Tag("%", line[1:], start + offset, 1))
            if value[:10].lower() == "bridgelint":
                self.header_directives.append(Tag("%", line[1:], start + offset, 1))

    def _note_charset(self, escape: Tag) -> None:
        if self._charset is None and "charset=" in escape.value.lower():
            self._charset = escape

    def _check_lines(self, text: str, number: int, skipped: int) -> None:
        """The lines of a block from line ``number`` (``skipped``: bytes cut off its first line) that break PBN
        §2.2-2.3 (S106's, S107's); the problems wait in line order until the game of their line is read."""
        found = long_lines(text, _LineCounter(text, number).at, skipped, READ_LIMIT)
        found += bad_characters(text, _LineCounter(text, number).at)
        if "\ufffd" in text:  # replacement characters: counted over the file, one S106 at the first
            self._replaced.add(text, _LineCounter(text, number).at)
        if found:
            found.sort(key=lambda problem: problem.line)  # a long line before a bad character on one line
            self._lines_ahead.extend(found)

    # --- one game ----------------------------------------------------------

    def _read(self, record: Record, text: str) -> Record:
        """The record of a game: scanned, its header interpreted, its export format checked.  A bug in any of
        them makes the game's record X001 only (``base.failed``); reading goes on."""
        try:
            record.export, record.version = self.export, self.version
            scanner = GameScanner(record, record.line, text)
            scanner.scan()
            self.export, self.version = record.export, record.version  # % lines of a header in the first game
            record.first = first = self._resolve_tags(record, '"#' in text)
            scanner.finish_tables()
            interpret_header(record, first)
            if record.export:
                check_export(record, text, scanner.places, scanner.tag_lines_only, self._lone_cr)
            for escape in record.escapes:
                self._note_charset(escape)
            self._carry_board(record, first)
        except Exception as error:
            return failed("pbn", record.game, record.line, error)
        return record

    def _carry_board(self, record: Record, first: dict[str, Tag]) -> None:
        """Note the board a game without Board, Dealer and Deal follows (B108: another table of it)."""
        header = [first.get(name) for name in BOARD_HEADER]
        if not any(header):
            record.board_before = self._board_before
            record.header_before = self._header_before
        else:
            board = header[0]
            self._board_before = board.value if board is not None and all(header) else None
            self._header_before = tuple((name, tag.value) for name in ("Board", "Dealer", "Vulnerable", "Deal")
                                        if (tag := first.get(name)) is not None) if all(header) else ()

    def _resolve_tags(self, record: Record, hashed: bool) -> dict[str, Tag]:
        """Duplicates (S105) and # / ## inheritance (PBN §3.4, §4.8); the first tag of each name, which counts.

        ``hashed``: a value may start with '#' (the game's text holds '"#'): only then is a value looked at.
        """
        first: dict[str, Tag] = {}
        last_real = self._last_real
        for tag in record.tags:
            name = tag.name
            if name not in first:
                first[name] = tag
            elif name != "Note":
                earlier, auction = first[name], record.auction
                record.problems.append(Problem(Kind.REPEATED_TAG, tag.line, tag.column, (
                    name, tag.value, earlier.value, earlier.line, None if auction is None else auction.line)))
                continue
            if hashed and tag.value.startswith("#"):
                self._inherit(record, tag)
            else:
                last_real[name] = tag
        for name, value in self._inherited.items():
            if name not in first:
                first[name] = Tag(name, value, record.line, record.column, inherited=True)
                record.tags.append(first[name])
        return first

    def _inherit(self, record: Record, tag: Tag) -> None:
        tag.as_written = False
        if tag.name in NO_INHERITANCE:
            record.problems.append(Problem(Kind.FORBIDDEN_INHERITANCE, tag.line, tag.column, (tag.name, tag.value[:2])))
            tag.value = ""  # unknown: one finding for the root cause, none for the '#' as a value
            return
        if tag.value.startswith("##"):
            tag.value = tag.value[2:]
            self._inherited[tag.name] = tag.value
            self._last_real[tag.name] = tag
        elif tag.value == "#":
            last = self._last_real.get(tag.name)
            if last is None:
                record.problems.append(Problem(Kind.NOTHING_TO_INHERIT, tag.line, tag.column, (tag.name,)))
            tag.value = last.value if last is not None else ""


def brace_open_after(line: str, in_brace: bool) -> bool:
    """Whether a brace comment is open at the end of ``line`` (braces do not nest).

    The line is scanned with the grammar's own tokens, so a ``{`` inside a tag
    pair, a string or a ``;`` comment opens nothing, exactly as when the game
    is scanned.
    """
    start = 0
    if in_brace:
        start = line.find("}") + 1
        if start == 0:
            return True
    return any(m.lastgroup == "open_comment" for m in _SCAN(line, start))


def _semi_empty_after(text: str, pos: int) -> int:
    """Where the first semi-empty line after the line at ``pos`` starts, or the end of ``text``."""
    m = _NEXT_SEMI_EMPTY.search(text, pos)
    return len(text) if m is None else m.end()


def _brace_line(text: str, pos: int, stop: int) -> int:
    """Where the first line from ``pos`` to ``stop`` that holds a ``{`` and is no escape line starts, or -1."""
    brace = text.find("{", pos, stop)
    while brace >= 0:
        start = text.rfind("\n", pos, brace) + 1 or pos
        if text[start] != "%":
            return start
        end = text.find("\n", brace)
        if end < 0:
            return -1
        brace = text.find("{", end, stop)
    return -1


def long_lines(text: str, line_at: Callable[[int], int], skipped: int, read_limit: int) -> list[Problem]:
    """The lines of ``text`` (a block of a PBN file) over 255 characters; ``line_at(offset)``: the number of the
    line at an offset, asked in increasing order; ``skipped``: the bytes cut off the block's first line, read up
    to ``read_limit`` bytes."""
    found = []
    for m in _LONG_LINE.finditer("\n" + text):  # the LF before each line, one before the block's first
        begin = m.start()  # in the block: the line's start
        length = len(text[begin:text.find("\n", begin) + 1 or len(text)].rstrip("\r\n"))
        if length >= MAX_LINE:
            cut = skipped if begin == 0 else 0
            found.append(Problem(Kind.LONG_LINE, line_at(begin), MAX_LINE, (length, cut, read_limit)))
    return found


def bad_characters(text: str, line_at: Callable[[int], int]) -> list[Problem]:
    """The first character of each line of ``text`` (a block of a PBN file) that PBN does not allow;
    ``line_at(offset)``: the number of the line at an offset, asked in increasing order."""
    found = []
    pos = 0 if _may_hold_bad_characters(text) else len(text)  # len: nothing to search
    while bad := _BAD_CHARACTER.search(text, pos):
        at = bad.start()
        line_start = text.rfind("\n", 0, at) + 1
        found.append(Problem(Kind.CONTROL_CHARACTER, line_at(at), at - line_start + 1, (bad.group(),)))
        pos = text.find("\n", at) + 1
        if not pos:
            break
    return found


def _may_hold_bad_characters(text: str) -> bool:
    """Whether ``text`` may hold a character PBN does not allow: whether its UTF-8 bytes hold any but the ASCII
    characters PBN allows, found by deleting those (a sixth of the search's time); only then is it searched."""
    return bool(text.encode("utf-8", "surrogatepass").translate(None, _GOOD_ASCII))


class ReplacementCharacters:
    """The U+FFFD characters of a file, block by block: how many, and the place of the first."""

    def __init__(self) -> None:
        self.count = 0
        self.first = (0, 0)  # line, column

    def add(self, text: str, line_at: Callable[[int], int]) -> None:
        if not self.count:
            at = text.index("\ufffd")
            self.first = (line_at(at), at - text.rfind("\n", 0, at))
        self.count += text.count("\ufffd")


class _LineCounter:
    """The line numbers of offsets in a block of text, asked in increasing order (counted onwards)."""

    def __init__(self, text: str, number: int):
        self.text = text
        self.offset = 0
        self.number = number  # of the line at ``offset``

    def at(self, offset: int) -> int:
        self.number += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.number
