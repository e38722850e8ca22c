"""Bytes to text as organisers' files come: the character set and the line ends.

PBN is Latin-1 (PBN §2.2) and UTF-8 in practice; LIN declares nothing.  Text
is read as UTF-8 when it decodes, else as Windows-1252 when it holds bytes
0x80-0x9F (curly quotes, dashes and the euro sign of a Windows editor, which
are control codes in Latin-1), else as Latin-1.  A line ends at LF, CRLF, or a
CR on its own (old Mac files, or files with mixed line ends): a lone CR is
read as LF, so that the rest of the reading sees one convention.
"""

from __future__ import annotations

import codecs
import io
import re
from typing import Any, BinaryIO

_C1 = re.compile(rb"[\x80-\x9f]")
_LONE_CR = re.compile(rb"\r(?!\r*\n)")  # a CR that no LF follows: "\r\r\n" (CR CR LF) is one line end
_CR_NOT_LF = re.compile(rb"\r(?!\n)")  # the quick test: a CRLF file has none
_LF = re.compile("\n")
BLOCK = 1 << 16


def _latin1_for_undefined(error: UnicodeError) -> tuple[str, int]:
    """0x81, 0x8D, 0x8F, 0x90, 0x9D have no Windows-1252 character: read them as Latin-1 (S106 reports them)."""
    assert isinstance(error, UnicodeDecodeError)  # registered for decoding only
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error("bridgelint-latin-1", _latin1_for_undefined)


def line_starts(text: str) -> list[int]:
    """Where each line of ``text`` starts (lines end at LF; after a last LF no empty line is counted)."""
    starts = [0]
    starts += [m.end() for m in _LF.finditer(text)]
    if starts[-1] == len(text):
        starts.pop()
    return starts


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


class LoneCrAsLf(io.RawIOBase):
    """A binary stream with each lone CR read as LF, block by block (the same length: nothing else moves).

    Trailing CRs of a block wait for the next block, which may start with the
    LF that makes them one line end with it.
    """

    def __init__(self, stream: BinaryIO):
        self.read_some = getattr(stream, "read1", stream.read)
        self.held = b""  # trailing CRs of the last block
        self.ready = b""  # translated, not yet read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if not self.ready:
            self.ready = self._next_block()
        n = min(len(buffer), len(self.ready))
        buffer[:n] = self.ready[:n]
        self.ready = self.ready[n:]
        return n

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
                return _LONE_CR.sub(b"\n", data) if _CR_NOT_LF.search(data) else data
