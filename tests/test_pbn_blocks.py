"""Block reading of PBN files: the games, line problems and file problems a line-by-line reading finds.

The reader reads blocks of whole lines, decodes each at once and finds game
boundaries and the lines that break PBN §2.2-2.3 (S106's, S107's) with searches over the block.  These
tests compare it with a plain reading line by line (the reference below), on
block sizes and line limits small enough that every boundary falls inside a
game, a CR LF, a comment or a line that is not UTF-8.
"""

from __future__ import annotations

import io
from unittest import mock

import pytest
from conftest import file_findings
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pathological import assert_linear

from bridgelint.core.findings import Finding
from bridgelint.core.problems import Kind, Problem
from bridgelint.core.tags import Tag
from bridgelint.formats import pbn, text
from bridgelint.formats.pbn_game import declaration, swallowed
from bridgelint.rules import reading


class Splitting:
    """The PBN reader's games as split, not read (first line, text, its line problems worded), and the reader."""

    def __init__(self, stream, path="t.pbn"):
        self.reader = pbn.PbnReader(stream, path)
        self.games = [(start, game, described(reading.findings(found))) for start, game, found in self.reader.games()]


class LineByLine:
    """The reference: lines read one at a time (``readline``), decoded and checked one at a time."""

    def __init__(self, stream, limit: int):
        self.stream, self.limit = stream, limit
        self.games: list[tuple[int, str, list[tuple]]] = []
        self.file_problems: list[Problem] = []
        self.line_problems: list[Problem] = []
        self.directives: list[Tag] = []
        self.export, self.version = False, None

    def lines(self):
        number, decoder = 0, text.Decoder()
        while data := self.stream.readline(self.limit):
            skipped = 0
            if len(data) >= self.limit and not data.endswith(b"\n"):
                data, skipped = self.skip_rest(data)
            number += 1
            if number == 1 and data.startswith(b"\xef\xbb\xbf"):
                data = data[3:]
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError:
                line = decoder.decode(data, number)
            yield number, line, skipped
        if decoder.noted is not None:
            self.file_problems.append(text.code_page_problem(decoder.noted, "pbn"))

    def skip_rest(self, data: bytes) -> tuple[bytes, int]:
        skipped, before = 0, data[-1:]
        while rest := self.stream.readline(self.limit):
            if rest.endswith(b"\n"):
                crlf = (before + rest).endswith(b"\r\n")
                end = b"\r\n" if crlf else b"\n"
                return data.rstrip(b"\r") + end, max(0, skipped + len(rest) - len(end))
            skipped, before = skipped + len(rest), rest[-1:]
        return data, skipped

    def read(self) -> None:
        lines: list[str] = []
        start, in_brace, content = 1, False, False
        for number, line, skipped in self.lines():
            self.check(line, number, skipped)
            if not in_brace:
                if not line.strip():
                    if content:
                        self.games.append((start, "".join(lines), described(reading.findings(self.line_problems))))
                        self.line_problems = []
                    elif lines:
                        self.escapes(lines, start)
                    lines, content, start = [], False, number + 1
                    continue
                if line.startswith("%"):
                    lines.append(line)
                    continue
            lines.append(line)
            if in_brace or "{" in line:
                in_brace = pbn.brace_open_after(line, in_brace)
            content = True
        if content:
            self.games.append((start, "".join(lines), described(reading.findings(self.line_problems))))
            self.line_problems = []
        elif lines:
            self.escapes(lines, start)
        self.file_problems += self.line_problems
        if not self.games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, ("pbn",)))

    def escapes(self, lines: list[str], start: int) -> None:
        self.file_problems += self.line_problems
        self.line_problems = []
        for offset, line in enumerate(lines):
            value = line[1:].strip()
            export, version = declaration(value)
            self.export, self.version = self.export or export, version or self.version
            swallowed(self.file_problems, line.rstrip("\r\n"), start + offset, 1)
            if value[:10].lower() == "bridgelint":
                self.directives.append(Tag("%", line[1:].rstrip("\r\n"), start + offset, 1))

    def check(self, line: str, number: int, skipped: int) -> None:
        """The reader's searches of one line at a time."""
        self.line_problems += pbn.long_lines(line, lambda _: number, skipped, pbn.READ_LIMIT)
        self.line_problems += pbn.bad_characters(line, lambda _: number)


def described(findings: list[Finding]) -> list[tuple]:
    return [(f.code, f.line, f.column, f.message) for f in findings]


def both(data: bytes, block: int, limit: int, wrapped: bool = False) -> tuple[Splitting, LineByLine]:
    """``data`` read by blocks of ``block`` bytes and line by line, lines cut at ``limit`` bytes."""
    def stream():
        raw = io.BytesIO(data)
        return io.BufferedReader(text.LoneCrAsLf(raw), 64) if wrapped else raw

    with mock.patch.object(text, "BLOCK", block), mock.patch.object(pbn, "READ_LIMIT", limit):
        blocks = Splitting(stream())
        reference = LineByLine(stream(), limit)
        reference.read()
    return blocks, reference


def assert_read_alike(data: bytes, block: int, limit: int = 1 << 20, wrapped: bool = False) -> Splitting:
    blocks, reference = both(data, block, limit, wrapped)
    assert blocks.games == reference.games
    reader = blocks.reader
    assert sorted(described(file_findings(reader))) == sorted(described(file_findings(reference)))
    assert [(t.value, t.line) for t in reader.header_directives] == [(t.value, t.line) for t in reference.directives]
    assert (reader.export, reader.version) == (reference.export, reference.version)
    return blocks


FRAGMENTS = [b'[Board "1"]', b'[Event "a{b"]', b"\n", b"\r\n", b"\r", b" ", b"\t", b"{", b"}", b"%", b"x", b"Pass",
             b"\x01", b"\x0b", b"\x0c", b"\x1c", b"\x7f", "é".encode(), b"\xe9", b"\x93", b"\x81", b"; c", b'"', b"y" * 40, b"z" * 130,
             b"\xef\xbb\xbf"]
LINE_STARTS = [b"", b"", b"%", b"% EXPORT", b"% PBN 2.1", b"% bridgelint: disable=B101", b'% [Board "2"]', b" ",
               b"\t", b"\x0c", b"x", b"{", b"}", b'[Board "1"]', b"\xef\xbb\xbf", b"\x93"]
LINE_ENDS = [b"\n", b"\n", b"\r\n", b"\r\n", b"\r", b"\r\r\n", b""]
LINE = st.tuples(st.sampled_from(LINE_STARTS), st.lists(st.sampled_from(FRAGMENTS), max_size=3),
                 st.sampled_from(LINE_ENDS)).map(lambda parts: parts[0] + b"".join(parts[1]) + parts[2])
FILES = st.one_of(st.lists(LINE, max_size=30), st.lists(st.sampled_from(FRAGMENTS), max_size=80)).map(b"".join)


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(FILES, st.integers(1, 80), st.sampled_from([6, 37, 1 << 20]), st.booleans())
def test_block_reading_finds_what_line_by_line_reading_finds(data, block, limit, wrapped):
    assert_read_alike(data, block, limit, wrapped)


def test_each_character_pbn_forbids_is_found_and_no_other():
    """PBN §2.2: control characters other than tab, vertical tab and line ends, DEL and 128-159; ASCII text,
    cleared at once without the search, included."""
    forbidden = {*range(0x09), 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)}
    for code in range(256):
        text = f"[Board \"1\"]{chr(code)}\r\n"
        found = pbn.bad_characters(text, lambda _: 1)
        assert [(f.line, f.column) for f in found] == ([(1, 12)] if code in forbidden else []), hex(code)


def test_a_game_across_a_block_boundary_is_one_game():
    data = b'[Event "e"]\r\n[Board "1"]\r\n\r\n[Board "2"]\r\n[Dealer "N"]\r\n'
    for block in range(1, len(data) + 1):
        blocks = assert_read_alike(data, block)
        assert [(start, game) for start, game, _ in blocks.games] == [
            (1, '[Event "e"]\r\n[Board "1"]\r\n'), (4, '[Board "2"]\r\n[Dealer "N"]\r\n')]


def test_a_cr_lf_split_across_blocks_is_one_line_end():
    data = b'[Board "1"]\r\n\r\n[Board "2"]\r\n'
    cut = data.index(b"\r\n\r\n") + 1  # the first block ends between CR and LF
    blocks = assert_read_alike(data, cut, wrapped=True)
    assert [start for start, _, _ in blocks.games] == [1, 3]


def test_a_line_that_is_not_utf8_in_the_middle_of_a_block_is_read_as_windows_1252_there():
    data = '[Event "é"]\n[Site "\u201cx\u201d"]\n\n[Board "2"]\n'.encode("utf-8").replace(
        "\u201c".encode("utf-8"), b"\x93").replace("\u201d".encode("utf-8"), b"\x94")
    blocks = assert_read_alike(data, 1 << 16)
    assert blocks.games[0][1] == '[Event "é"]\n[Site "\u201cx\u201d"]\n'
    assert [(f.code, f.line, f.column) for f in file_findings(blocks.reader)] == [("S114", 2, 8)]


def test_a_brace_comment_spanning_blocks_and_blank_lines_stays_in_its_game():
    data = b'[Board "1"] {a comment\n\n[Board "x"]\n\nstill} \n[Dealer "N"]\n\n[Board "2"]\n'
    for block in (3, 7, 16, 1 << 16):
        blocks = assert_read_alike(data, block)
        assert [start for start, _, _ in blocks.games] == [1, 8]


def test_line_findings_go_to_the_game_their_line_ends_or_belongs_to():
    data = b'[Board "1"]\x01\n\x0c\n\x01\n[Board "2"]\n\n\n% x\x01\n'
    blocks = assert_read_alike(data, 5)
    assert [(start, [(code, line) for code, line, _, _ in found]) for start, _, found in blocks.games] == [
        (1, [("S106", 1), ("S106", 2)]), (3, [("S106", 3)])]
    assert [(f.code, f.line) for f in file_findings(blocks.reader)] == [("S106", 7)]


def test_an_over_long_line_is_cut_alone_in_its_block_with_the_bytes_skipped():
    data = b'[Board "1"]\r\n' + b"x" * 500 + b'\r\n[Dealer "N"]\r\n'
    blocks = assert_read_alike(data, 8, limit=300)
    [(start, game, found)] = blocks.games
    assert game == '[Board "1"]\r\n' + "x" * 300 + '\r\n[Dealer "N"]\r\n'
    assert found == [("S107", 2, 255, "line is over 300 bytes long (200 more bytes after them): only its first 300 "
                                      "bytes were read; PBN allows 255 characters in all")]


def test_lines_around_the_limit_are_cut_as_line_by_line_reading_cuts_them():
    for length in range(5, 12):
        for end in (b"\n", b"\r\n", b"\r\r\n", b""):
            blocks = assert_read_alike(b"x" * length + end + b"y\n", 4, limit=8)
            assert blocks.games[0][1].count("x") == min(length, 8), (length, end)


@pytest.mark.parametrize("unit", [b"{c}\n", b"x\x01\n\n", b"\n", b"%{\n"])
def test_splitting_one_large_block_is_linear(unit):
    """One block of many lines with a '{', or of many games each with a line finding, is split in linear time."""
    with mock.patch.object(text, "BLOCK", 1 << 24):
        assert_linear(lambda n: Splitting(io.BytesIO(unit * n)), 20_000)
