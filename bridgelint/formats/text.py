"""Bytes to text as organisers' files come: the character set and the line ends.

PBN is Latin-1 (PBN §2.2) and UTF-8 in practice; LIN declares nothing.  Text
is read as UTF-8 when it decodes; else (:class:`Decoder`) in the encoding the
user named (``--encoding``), else as Windows-1251 or Windows-1250 from the
line where the letters make it clear (a Cyrillic word, a Polish ``ł`` that
Latin-1 would read as ``³`` inside a word), else as Windows-1252 when it holds
bytes 0x80-0x9F (curly quotes, dashes and the euro sign of a Windows editor,
which are control codes in Latin-1), else as Latin-1.  A line ends at LF, CRLF, or a
CR on its own (old Mac files, or files with mixed line ends): a lone CR is
read as LF, so that the rest of the reading sees one convention.
"""

from __future__ import annotations

import codecs
import io
import re
from bisect import bisect_right
from functools import partial
from typing import TYPE_CHECKING, Any, BinaryIO, Iterable, Iterator

from ..core.problems import Kind, Problem

if TYPE_CHECKING:
    from ..core.tags import Tag

_C1 = re.compile(rb"[\x80-\x9f]")
_LONE_CR = re.compile(rb"\r(?!\r*\n)")  # a CR that no LF follows: "\r\r\n" (CR CR LF) is one line end
_CR_NOT_LF = re.compile(rb"\r(?!\n)")  # the quick test: a CRLF file has none
BLOCK = 1 << 16


def _latin1_for_undefined(error: UnicodeError) -> tuple[str, int]:
    """0x81, 0x8D, 0x8F, 0x90, 0x9D have no Windows-1252 character: read them as Latin-1 (S106 reports them)."""
    assert isinstance(error, UnicodeDecodeError)  # registered for decoding only
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error("bridgelint-latin-1", _latin1_for_undefined)


_CYRILLIC_WORD = re.compile(rb"[\xa8\xb8\xc0-\xff]{4}")  # four Windows-1251 letters in a row: no Latin-1 word
# a byte that Windows-1250 reads as a letter and Latin-1 or Windows-1252 as a sign (³ ¹ ¿ £ ¥ ¯ ¼ ¾) or nothing,
# between two letters: Wa³êsa is Wałęsa
_CENTRAL_LETTER = re.compile(rb"(?<=[A-Za-z\xc0-\xff])[\x8d\x8f\x9d\x9f\xa3\xa5\xaf\xb3\xb9\xbc\xbe\xbf]"
                             rb"(?=[A-Za-z\xc0-\xff\xb3\xb9\xbf])")
PAGE_NAMES = {"cp1250": "Windows-1250", "cp1251": "Windows-1251", "cp1252": "Windows-1252"}


def evident_page(data: bytes) -> tuple[str, int] | None:
    """The Windows code page (``cp1251``, ``cp1250``) that bytes which are not UTF-8 are clearly in, and the
    offset of the byte that shows it; None when nothing makes it clear."""
    for page, pattern in (("cp1251", _CYRILLIC_WORD), ("cp1250", _CENTRAL_LETTER)):
        found = pattern.search(data)
        if found is not None:
            return page, found.start()
    return None


class Decoder:
    """Bytes that are not UTF-8 as text, for one file (see the module docstring).

    ``named``: the encoding the user gave; nothing is noted then.  Otherwise
    ``noted`` is the first byte read in a Windows code page: (code page name,
    byte, character, line, column); a page made evident later replaces a
    Windows-1252 note, and is used from then on.
    """

    def __init__(self, named: str | None = None):
        self.named = named
        self.page: str | None = None
        self.noted: tuple[str, int, str, int, int] | None = None

    def decode(self, data: bytes, line: int) -> str:
        """The text of ``data`` (not UTF-8), whose first line is line ``line`` of the file."""
        if self.named is not None:
            return data.decode(self.named, "replace")
        if self.page is None:
            evident = evident_page(data)
            if evident is not None:
                self.page = evident[0]
                text = data.decode(self.page, "bridgelint-latin-1")
                self._note(data, text, evident[1], line)
                return text
            text, c1 = decode_8bit(data)
            if c1 >= 0 and self.noted is None:
                self._note(data, text, c1, line)
            return text
        return data.decode(self.page, "bridgelint-latin-1")

    def _note(self, data: bytes, text: str, at: int, line: int) -> None:
        start = data.rfind(b"\n", 0, at) + 1
        page = self.page or "cp1252"
        # the column in characters: the bytes before it on its line are one character each in a code page
        self.noted = (PAGE_NAMES[page], data[at], text[at], line + data.count(b"\n", 0, at), at - start + 1)


class TextBlocks:
    """The decoded text of a binary stream (or an iterable of byte strings), in blocks of whole lines.

    Iterating gives ``(number, text, skipped)``: the number of the block's first
    line, its text (each line with its LF; only the file's last line may lack
    it) and how many bytes were cut off its first line.  A line over ``limit``
    bytes, end of line included, is cut after its first ``limit`` bytes (its
    line end kept) and comes alone in its block, so memory stays bounded.  A
    block is decoded at once as UTF-8; from the first line that is not UTF-8
    on, it is decoded line by line, each line that is not UTF-8 by ``decoder``
    (which notes the first byte read in a Windows code page).
    """

    def __init__(self, stream: BinaryIO | Iterable[bytes], limit: int, encoding: str | None = None):
        read = getattr(stream, "read1", None) or getattr(stream, "read", None)
        self.chunks = iter(partial(read, BLOCK), b"") if callable(read) else iter(stream)
        self.limit = limit
        self.decoder = Decoder(encoding)

    def __iter__(self) -> Iterator[tuple[int, str, int]]:
        number = 1
        for data, skipped in self._whole_lines():
            if number == 1 and data.startswith(codecs.BOM_UTF8):
                data = data[3:]
            yield number, self._decode(data, number), skipped
            number += data.count(b"\n")

    def _pieces(self) -> Iterator[bytes]:
        """The bytes read, in pieces of at most ``limit`` bytes."""
        limit = self.limit
        for chunk in self.chunks:
            if len(chunk) <= limit:
                yield chunk
            else:
                yield from (chunk[at:at + limit] for at in range(0, len(chunk), limit))

    def _whole_lines(self) -> Iterator[tuple[bytes, int]]:
        """Blocks of whole lines as bytes; a line over the limit alone, cut, with the number of bytes cut off."""
        limit = self.limit
        held = b""  # the start of a line not ended yet, shorter than the limit
        cut: bytes | None = None  # the first bytes of a line over the limit, waiting for its end
        skipped = 0  # the bytes of that line skipped so far
        before_end = b""  # the byte before the line end to come: CR makes it CR LF
        for piece in self._pieces():
            data, held = held + piece, b""
            while data:
                if cut is not None:
                    end = data.find(b"\n")
                    if end < 0:
                        skipped, before_end = skipped + len(data), data[-1:]
                        break
                    if end:
                        skipped, before_end = skipped + end, data[end - 1:end]
                    crlf = before_end == b"\r"
                    yield cut.rstrip(b"\r") + (b"\r\n" if crlf else b"\n"), skipped - (crlf and skipped > 0)
                    cut, data = None, data[end + 1:]
                    continue
                first_end = data.find(b"\n")
                if first_end >= limit or (first_end < 0 and len(data) >= limit):
                    cut, skipped, before_end, data = data[:limit], 0, data[limit - 1:limit], data[limit:]
                    continue
                end = data.rfind(b"\n") + 1
                if end:
                    yield data[:end], 0
                held = data[end:]
                break
        if cut is not None:
            yield cut, skipped
        elif held:
            yield held, 0

    def _decode(self, data: bytes, number: int) -> str:
        """The text of a block that starts at line ``number``."""
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            start = data.rfind(b"\n", 0, error.start) + 1  # the start of the first line that is not UTF-8
        parts = [data[:start].decode("utf-8")]
        number += data.count(b"\n", 0, start)
        lines = data[start:].split(b"\n")
        last = lines.pop()  # what follows the last LF: nothing, or the file's last line without its end
        for line in lines:
            parts.append(self._decode_line(line + b"\n", number))
            number += 1
        if last:
            parts.append(self._decode_line(last, number))
        return "".join(parts)

    def _decode_line(self, data: bytes, number: int) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return self.decoder.decode(data, number)


def decode_line(data: bytes) -> str:
    """UTF-8 if it decodes, else Windows-1252 or Latin-1 (see the module docstring)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return decode_8bit(data)[0]


def decode_8bit(data: bytes) -> tuple[str, int]:
    """Text that is not UTF-8, and the offset of its first Windows-1252 byte (0x80-0x9F), or -1."""
    c1 = _C1.search(data)
    if c1 is None:
        return data.decode("latin-1"), -1
    return data.decode("cp1252", "bridgelint-latin-1"), c1.start()


class StopAtNul(io.RawIOBase):
    """A binary stream that ends before the line holding its first NUL byte (past the start of a file, which
    S101 looks at first): ``nul_line`` is then that line's number, else 0.  No NUL is ever read as text."""

    def __init__(self, stream: BinaryIO):
        self.read_some = getattr(stream, "read1", stream.read)
        self.lines = 0  # line ends given so far
        self.nul_line = 0
        self.ready = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.ready and not self.nul_line:
            block = self.read_some(BLOCK)
            nul = block.find(b"\x00")
            if nul >= 0:
                cut = block.rfind(b"\n", 0, nul) + 1  # the line holding the NUL is not read (its start, when it
                block = block[:cut or nul]  # began in an earlier block: up to the NUL)
                self.nul_line = self.lines + block.count(b"\n") + 1
            self.lines += block.count(b"\n")
            self.ready = block
        n = min(len(buffer), len(self.ready))
        buffer[:n] = self.ready[:n]
        self.ready = self.ready[n:]
        return n


class LoneCrAsLf(io.RawIOBase):
    """A binary stream with each lone CR read as LF, block by block (the same length: nothing else moves).

    Trailing CRs of a block wait for the next block, which may start with the
    LF that makes them one line end with it.  The lines that ended in a lone CR
    are kept as runs of line numbers (:meth:`lone_cr`), so that a finding can
    name the line end as written; at most :data:`CR_RUNS` runs (a file of
    alternating line ends), the later ones read as LF.
    """

    CR_RUNS = 1 << 16

    def __init__(self, stream: BinaryIO):
        self.read_some = getattr(stream, "read1", stream.read)
        self.held = b""  # trailing CRs of the last block
        self.ready = b""  # translated, not yet read
        self.lines = 0  # line ends given so far
        self.cr_runs: list[list[int]] = []  # [first, last] line numbers of lines ended by a lone CR, in order

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.ready:
            self.ready = self._next_block()
        n = min(len(buffer), len(self.ready))
        buffer[:n] = self.ready[:n]
        self.ready = self.ready[n:]
        return n

    def lone_cr(self, line: int) -> bool:
        """Whether line ``line`` (read so far) ended in a lone CR."""
        runs = self.cr_runs
        at = bisect_right(runs, [line, 1 << 62]) - 1
        return at >= 0 and runs[at][0] <= line <= runs[at][1]

    def _next_block(self) -> bytes:
        """The next translated block; empty at the end of the stream."""
        while True:
            block = self.read_some(BLOCK)
            data = self.held + block
            self.held = b""
            if block and data.endswith(b"\r"):
                kept = min(len(data) - len(data.rstrip(b"\r")), BLOCK)  # memory stays bounded: the rest are lone
                data, self.held = data[:-kept], data[-kept:]
            if data or not block:
                return self._translated(data)

    def _translated(self, data: bytes) -> bytes:
        if not _CR_NOT_LF.search(data):
            self.lines += data.count(b"\n")
            return data
        at = 0
        for lone in _LONE_CR.finditer(data):
            self.lines += data.count(b"\n", at, lone.start()) + 1
            at = lone.end()
            self._note_cr(self.lines)
        self.lines += data.count(b"\n", at)
        return _LONE_CR.sub(b"\n", data)

    def _note_cr(self, line: int) -> None:
        runs = self.cr_runs
        if runs and runs[-1][1] == line - 1:
            runs[-1][1] = line
        elif len(runs) < self.CR_RUNS:
            runs.append([line, line])


def code_page_problem(noted: tuple[str, int, str, int, int], fmt: str, charset: Tag | None = None) -> Problem:
    """The problem of a file read in a Windows code page, at the byte the decoder noted (:attr:`Decoder.noted`);
    ``charset``: the escape line that names the file's character set."""
    page, byte, char, line, column = noted
    return Problem(Kind.WINDOWS_1252, line, column, (page, byte, char, fmt, charset))
