"""PBN reader: games split in plain Python, each game scanned with the grammar.

``PbnReader`` streams a file game by game (PBN §3: a semi-empty line outside
a comment ends a game) and builds one :class:`~bridgelint.model.Record` per
game.  Reading never raises on bad input: every problem becomes a finding on
its record (or on the file) with its line and column, and reading goes on.
"""

from __future__ import annotations

import re
from functools import partial
from typing import BinaryIO, Iterator

from ..model import Finding, Record, Tag
from ..rules.syntax import BadCharacter, BadInheritance, LongLine, NoGame, RepeatedTag, Windows1252
from .base import guarded
from .pbn_export import check_export
from .pbn_game import GameScanner, declaration, swallowed
from .pbn_header import interpret_header
from .patterns import PBN_TOKEN
from .text import decode_8bit, line_starts

MAX_LINE = 255  # PBN §2.3, end of line included
READ_LIMIT = 1 << 20  # bytes of a line read at most: the rest of a longer line is skipped (S107 says so)
# Tags whose value may not be inherited with # or ## (PBN §4.8).
NO_INHERITANCE = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"))
BOARD_HEADER = ("Board", "Dealer", "Deal")  # what a game needs of its own; archives omit it for other tables
_BAD_CHARACTER = re.compile(r"[\x00-\x08\x0c\x0e-\x1f\x7f-\x9f]")
_SCAN = PBN_TOKEN.finditer


class PbnReader:
    """Iterate the games of a PBN byte stream as records."""

    format = "pbn"
    _skipped = 0  # bytes skipped of the line just read, over READ_LIMIT

    def __init__(self, stream: BinaryIO, path: str = "-"):
        self.stream = stream
        self.path = path
        self.file_findings: list[Finding] = []
        self.export = False
        self.version: str | None = None  # % PBN 2.1
        self.header_directives: list[Tag] = []  # "% bridgelint:" lines outside any game (name "%")
        self._inherited: dict[str, str] = {}  # ## values for later games
        self._last_value: dict[str, str] = {}  # the latest real value, for #
        self._line_findings: list[Finding] = []  # line checks of the game being split
        self._board_before: str | None = None  # the Board of the last game with Board, Dealer and Deal (B108)

    def __iter__(self) -> Iterator[Record]:
        games = 0
        for start, lines in self._games():
            games += 1
            yield guarded(self._read_game, "pbn", games, start, games, start, lines)
        self.file_findings.extend(self._line_findings)
        if games == 0:
            self.file_findings.append(NoGame.finding("the file holds no game", 1, 1))

    # --- splitting ---------------------------------------------------------

    def _lines(self) -> Iterator[str]:
        """The decoded lines (:mod:`.text`); a line over READ_LIMIT bytes is cut there (S107)."""
        readline = getattr(self.stream, "readline", None)  # an iterable of lines does as well
        number = 0
        windows_1252 = False
        for data in self.stream if readline is None else iter(partial(readline, READ_LIMIT), b""):
            if len(data) >= READ_LIMIT and not data.endswith(b"\n"):
                data = self._skip_rest(data)
            number += 1
            if number == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
            try:
                yield data.decode("utf-8")
            except UnicodeDecodeError:
                text, c1 = decode_8bit(data)
                if c1 >= 0 and not windows_1252:
                    windows_1252 = True
                    self.file_findings.append(Windows1252.at(data[c1], text[c1], number, c1 + 1, "pbn"))
                yield text

    def _skip_rest(self, data: bytes) -> bytes:
        """Skip what is left of a line longer than READ_LIMIT (memory stays bounded); the line end is kept."""
        skipped = 0
        while rest := self.stream.readline(READ_LIMIT):
            if rest.endswith(b"\n"):
                crlf = (data[-1:] + rest).endswith(b"\r\n")
                self._skipped = skipped + len(rest) - (2 if crlf else 1)
                return data.rstrip(b"\r") + (b"\r\n" if crlf else b"\n")
            skipped += len(rest)
        self._skipped = skipped
        return data

    def _games(self) -> Iterator[tuple[int, list[str]]]:
        """(first line number, lines) of each game; a semi-empty line outside a comment ends one."""
        lines: list[str] = []
        start = 1
        in_brace = False
        content = False  # the chunk holds more than escape lines
        number = 0
        for number, line in enumerate(self._lines(), 1):
            if len(line) >= MAX_LINE or _BAD_CHARACTER.search(line):
                self._check_line(line, number)
            if not in_brace:
                if not line.strip():
                    if content:
                        yield start, lines
                    elif lines:
                        self._header_escapes(lines, start)
                    lines, content = [], False
                    start = number + 1
                    continue
                if line.startswith("%"):
                    lines.append(line)
                    continue
            lines.append(line)
            if in_brace or "{" in line:
                in_brace = _brace_state(line, in_brace)
            content = True
        if content:
            yield start, lines
        elif lines:
            self._header_escapes(lines, start)

    def _header_escapes(self, lines: list[str], start: int) -> None:
        """Escape lines outside any game: ``% EXPORT``, and ``% bridgelint:`` directives kept for the linter."""
        self.file_findings.extend(self._line_findings)
        self._line_findings = []
        for offset, line in enumerate(lines):
            text = line[1:].strip()
            export, version = declaration(text)
            self.export = self.export or export
            self.version = version or self.version
            swallowed(self.file_findings, line.rstrip("\r\n"), start + offset, 1)
            if text[:10].lower() == "bridgelint":
                self.header_directives.append(Tag("%", line[1:].rstrip("\r\n"), start + offset, 1))

    def _check_line(self, line: str, number: int) -> None:
        """Line-level checks of PBN §2.2-2.3 (S106, S107)."""
        if len(line) >= MAX_LINE:
            length = len(line.rstrip("\r\n"))
            if length >= MAX_LINE:
                message = f"line has {length} characters and its end of line: PBN allows 255, the end of line included"
                if self._skipped:
                    message = (f"line is over {READ_LIMIT} bytes long ({self._skipped} more bytes after them): only "
                               f"its first {READ_LIMIT} bytes were read; PBN allows 255 characters in all")
                    self._skipped = 0
                self._line_findings.append(LongLine.finding(message, number, MAX_LINE))
        bad = _BAD_CHARACTER.search(line)
        if bad:
            self._line_findings.append(BadCharacter.finding(_bad_character(bad.group()), number, bad.start() + 1))

    # --- one game ----------------------------------------------------------

    def _read_game(self, ordinal: int, start: int, lines: list[str]) -> Record:
        record = Record("pbn", ordinal, start)
        record.findings.extend(self._line_findings)
        self._line_findings = []
        record.export, record.version = self.export, self.version
        text = "".join(lines)
        starts = line_starts(text)
        game = GameScanner(record, start, text, starts)
        game.scan()
        self.export, self.version = record.export, record.version  # % lines of a header in the first game
        self._resolve_tags(record)
        game.finish_tables()
        interpret_header(record)
        if record.export:
            check_export(record, text, starts)
        self._carry_board(record)
        return record

    def _carry_board(self, record: Record) -> None:
        """Note the board a game without Board, Dealer and Deal follows (B108: another table of it)."""
        header = [record.tag(name) for name in BOARD_HEADER]
        if not any(header):
            record.board_before = self._board_before
        else:
            board = header[0]
            self._board_before = board.value if board is not None and all(header) else None

    def _resolve_tags(self, record: Record) -> None:
        """Duplicates (S105) and # / ## inheritance (PBN §3.4, §4.8)."""
        seen: set[str] = set()
        for tag in record.tags:
            name = tag.name
            if name in seen and name != "Note":
                record.problem(RepeatedTag, f"tag {name} repeated in this game; the first value counts",
                               tag.line, tag.column)
                continue
            seen.add(name)
            if tag.value.startswith("#"):
                self._inherit(record, tag)
            else:
                self._last_value[name] = tag.value
        for name, value in self._inherited.items():
            if name not in seen:
                record.tags.append(Tag(name, value, record.line, record.column, inherited=True))

    def _inherit(self, record: Record, tag: Tag) -> None:
        if tag.name in NO_INHERITANCE:
            record.problem(BadInheritance, f"{tag.name} may not be inherited with '{tag.value[:2]}'",
                           tag.line, tag.column)
            tag.value = ""  # unknown: one finding for the root cause, none for the '#' as a value
            return
        if tag.value.startswith("##"):
            tag.value = tag.value[2:]
            self._inherited[tag.name] = tag.value
            self._last_value[tag.name] = tag.value
        elif tag.value == "#":
            if tag.name not in self._last_value:
                record.problem(BadInheritance, f"{tag.name} \"#\" has no earlier value to inherit",
                               tag.line, tag.column)
            tag.value = self._last_value.get(tag.name, "")


def _bad_character(char: str) -> str:
    """S106 in words: the invisible character, and what Windows text meant by it (a curly quote, a dash…)."""
    code = ord(char)
    meant = bytes([code]).decode("cp1252", "replace") if 0x80 <= code <= 0x9F else "\ufffd"
    if meant == "\ufffd":
        return f"invisible control character U+{code:04X}: PBN allows printing characters only"
    return (f"invisible control character U+{code:04X}, which Windows-1252 text uses for {meant}: the file was "
            f"probably written as Windows-1252; PBN allows printing characters only")


def _brace_state(line: str, in_brace: bool) -> bool:
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
