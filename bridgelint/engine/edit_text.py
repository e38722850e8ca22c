"""Edits applied to a file's bytes as they stream: everything an edit does not name stays byte for byte.

The file is cut into lines as the readers cut it (:mod:`..formats.text`): a line
ends after an LF, or after a CR that no LF follows (``CR CR LF`` is one line
end, its CRs characters of the line); a UTF-8 byte order mark before the first
line is no character of it.  Each line is decoded on its own, as the readers
do (UTF-8, else by the readers' :class:`~..formats.text.Decoder`: the encoding
``--encoding`` names, or the Windows code page the file shows, or Latin-1), so
that an edit's columns are the findings' columns.  An edited line keeps its own bytes outside the edits, and
the replacement text is written in the line's encoding (Latin-1 or
Windows-1252 where it can be, else UTF-8; for an edit across lines, where one
of them is in Latin-1 or Windows-1252).  In a replacement, an LF that no
CR precedes stands for the line end of the line the edit starts on, so that a
tag pair inserted in a CR LF file (or a CR-only one) ends as its neighbours do.
A line's columns are found at the encoding's own byte offsets: a byte that is
no character of it counts as the one byte it is.

``reencode`` writes every line in UTF-8 (its characters unchanged) instead.
"""

from __future__ import annotations

import codecs
import re
from typing import BinaryIO, Iterable, Iterator

from ..core.findings import Edit
from ..formats.text import Decoder

_LONE_CR = re.compile(rb"\r(?!\r*\n)")  # a CR that ends a line (read as LF)
_BARE_LF = re.compile(r"(?<!\r)\n")
_ENDS = (b"\n", b"\r")  # how a line with a line end ends


def lines_of(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of a binary stream, each with its line end (the last one may have none)."""
    for data in iter(stream.readline, b""):
        if b"\r" in data and _LONE_CR.search(data):
            start = 0
            for m in _LONE_CR.finditer(data):
                yield data[start:m.end()]
                start = m.end()
            if start < len(data):
                yield data[start:]
        else:
            yield data


class _Line:
    """One line of the file: its bytes, its text, and how to write text in its encoding."""

    __slots__ = ("data", "text", "utf8", "prefix", "codec")

    def __init__(self, data: bytes, number: int, decoder: Decoder):
        self.prefix = b""
        if number == 1 and data.startswith(codecs.BOM_UTF8):
            self.prefix, data = codecs.BOM_UTF8, data[3:]
        self.data = data
        self.codec = "utf-8"
        try:
            self.text, self.utf8 = data.decode("utf-8"), True
        except UnicodeDecodeError:
            self.text, self.utf8 = decoder.decode(data, number), False
            self.codec = decoder.named or decoder.page or "cp1252"

    def offset(self, column: int) -> int:
        """The byte offset of a column (from 1) of the line; past its end, its length."""
        index = min(max(column - 1, 0), len(self.text))
        if self.data.isascii() or (not self.utf8 and len(self.text) == len(self.data)):  # a byte a character
            return index
        if self.utf8:
            return len(self.text[:index].encode("utf-8"))
        return _char_ends(self.data, self.codec, self.text)[index]

    def encode(self, text: str, reencode: bool) -> bytes:
        if reencode or self.utf8:
            return text.encode("utf-8")
        for codec in (self.codec, "latin-1"):
            try:
                return text.encode(codec)
            except (UnicodeEncodeError, LookupError):
                pass
        return text.encode("utf-8")

    def piece(self, start: int, end: int | None, reencode: bool) -> bytes:
        """The line's own bytes from column ``start`` to column ``end`` (None: to the end of the line)."""
        if reencode and not self.utf8:
            last = None if end is None else end - 1
            return self.text[start - 1:last].encode("utf-8")
        return self.data[self.offset(start):None if end is None else self.offset(end)]

    def ending(self) -> str:
        return self.ending_of(self.data)

    @staticmethod
    def ending_of(data: bytes) -> str:
        """The line end of a line that has one: CR LF, CR alone (a CR-only file's) or LF."""
        return "\r\n" if data.endswith(b"\r\n") else "\r" if data.endswith(b"\r") else "\n"


def _char_ends(data: bytes, codec: str, text: str) -> list[int]:
    """Where each character of ``text`` (``data`` decoded in ``codec``) starts in ``data``, and its end: the
    encoding's own offsets, the bytes a character was read from (a byte that is no character, read as U+FFFD,
    is one byte, whatever U+FFFD is in ``codec``)."""
    decoder = codecs.getincrementaldecoder(codec)("replace")
    ends = [0]
    for at in range(len(data)):
        ends += [at + 1] * len(decoder.decode(data[at:at + 1]))
    ends += [len(data)] * len(decoder.decode(b"", final=True))
    if len(ends) != len(text) + 1:  # read otherwise byte by byte: the offsets as the whole line's prefixes give
        return [len(text[:i].encode(codec, "replace")) for i in range(len(text) + 1)]
    return ends


def apply_edits(stream: BinaryIO, edits: Iterable[Edit], reencode: bool = False,
                encoding: str | None = None) -> Iterator[bytes]:
    """The bytes of ``stream`` with ``edits`` made (in order, none overlapping), as pieces to write
    (``encoding``: the one ``--encoding`` names for lines that are not UTF-8)."""
    pending = sorted(edits, key=lambda e: (e.start, e.end))
    decoder = Decoder(encoding)  # as the reader's: a code page the file shows is used from its line on
    number = 0
    group: list[_Line] = []  # the lines of the edits in hand, from line ``first``
    first = 0
    at = taken = 0  # the next edit; the first edit of the group in hand
    reach = 0  # the last line the group's edits reach
    ending = "\n"  # the line end of the last line seen
    for data in lines_of(stream):
        number += 1
        if not group and (at >= len(pending) or pending[at].line > number):
            if reencode:
                line = _Line(data, number, decoder)
                yield line.prefix + line.text.encode("utf-8")
            else:
                if not data.isascii():  # the decoder sees every line that is not UTF-8, as the reader's
                    _Line(data, number, decoder)
                yield data
            if data.endswith(_ENDS):
                ending = _Line.ending_of(data)
            continue
        if not group:
            first = reach = number
            taken = at  # the group's first edit
        group.append(_Line(data, number, decoder))
        while at < len(pending) and pending[at].line <= max(reach, number):
            edit = pending[at]
            reach = max(reach, edit.end_line - (edit.end_column <= 1))
            at += 1
        if number >= reach:
            yield _written(group, first, pending[taken:at], reencode, ending)
            ending = group[-1].ending() if group[-1].data.endswith(_ENDS) else ending
            group = []
    if group:
        yield _written(group, first, pending[taken:at], reencode, ending)
    elif at < len(pending):  # edits after the last line: they insert at the end of the file
        yield _BARE_LF.sub(ending, "".join(e.text for e in pending[at:])).encode("utf-8")


def _written(group: list[_Line], first: int, edits: list[Edit], reencode: bool, before: str) -> bytes:
    """The lines of ``group`` (from line ``first``) with ``edits``, those that start in them, made."""
    last = first + len(group) - 1
    out = [group[0].prefix]
    line, column = first, 1  # what is written so far
    for edit in edits:
        out.append(_copy(group, first, (line, column), edit.start, reencode))
        home = group[edit.line - first]
        ending = home.ending() if home.data.endswith(_ENDS) else before
        # an edit across lines is written in Latin-1 or Windows-1252 where one of them is
        spanned = group[edit.line - first:edit.end_line - first + 1]
        writer = next((other for other in spanned if not other.utf8), home)
        out.append(writer.encode(_BARE_LF.sub(ending, edit.text), reencode))
        line, column = edit.end
        if line > last:
            line, column = last + 1, 1
    out.append(_copy(group, first, (line, column), (last + 1, 1), reencode))
    return b"".join(out)


def _copy(group: list[_Line], first: int, start: tuple[int, int], end: tuple[int, int], reencode: bool) -> bytes:
    """The file's own bytes from ``start`` up to ``end`` (both (line, column)) within ``group``."""
    out = []
    line, column = start
    while (line, column) < end and line - first < len(group):
        current = group[line - first]
        if line == end[0]:
            out.append(current.piece(column, end[1], reencode))
            break
        out.append(current.piece(column, None, reencode))
        line, column = line + 1, 1
    return b"".join(out)
