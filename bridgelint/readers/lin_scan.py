"""LIN text in, ``tag|value|`` fields out, streamed.

LIN is one stream of fields: line breaks mean nothing and values may hold
them.  :func:`text_chunks` decodes a binary stream block by block (UTF-8,
else Windows-1252 or Latin-1: :mod:`.text`; a BBO handviewer link is
percent-decoded first) and
:func:`scan` tokenises the chunks with the compiled regex of the grammar's
``field`` production, keeping only an incomplete tail between blocks.

:func:`scan` yields ``(TAG, value, line, column)`` for each field, the tag
upper-cased and the location that of its first letter, and
``(None, finding, line, column)`` for an S120 problem.
"""

from __future__ import annotations

import codecs
import re
from typing import BinaryIO, Iterable, Iterator
from urllib.parse import unquote_to_bytes

from ..model import Finding, Severity
from ..rules.syntax import MalformedLin, Windows1252
from .patterns import LIN_FIELD
from .text import decode_8bit, decode_line

BLOCK = 1 << 20  # bytes read at a time
MAX_TAIL = 1 << 22  # an unfinished field longer than this is read as broken
KNOWN_TAGS = frozenset(
    "vg rs pn pw mp bn qx st md rh ah sv mb an pc mc pg nt at sk dt pf sa va mn bt tu cs ht cp cr cg cb pa"
    .upper().split())

_HANDVIEWER = re.compile(rb"handviewer\.html\?\S*?lin=", re.IGNORECASE)
_LIN_PARAM = re.compile(r"[?&]lin=([^&#\s]*)", re.IGNORECASE)
_TAG_AT_END = re.compile(r"\s([A-Za-z]{2})\Z")
_SPACE = re.compile(r"\s*")


def text_chunks(stream: BinaryIO, findings: list[Finding] | None = None) -> Iterator[str]:
    """Decoded text of ``stream``, cut only after a line break or a ``|``.

    The first Windows-1252 byte of the stream is reported in ``findings`` (S114).
    """
    lines = 0  # line breaks before the chunk being decoded, until the first Windows-1252 byte

    def decoded(data: bytes) -> str:
        nonlocal lines, findings
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text, c1 = decode_8bit(data)
            if c1 >= 0 and findings is not None:
                line_start = data.rfind(b"\n", 0, c1) + 1
                findings.append(Windows1252.at(data[c1], text[c1], lines + data.count(b"\n", 0, c1) + 1,
                                               c1 - line_start + 1, "lin"))
                findings = None
        if findings is not None:
            lines += data.count(b"\n")
        return text

    block = stream.read(BLOCK)
    if block.startswith(codecs.BOM_UTF8):
        block = block[3:]
    if _HANDVIEWER.search(block, 0, 4096):
        yield handviewer_to_lin(decoded(block + stream.read()))
        return
    tail = b""
    while block:
        data = tail + block
        cut = max(data.rfind(b"\n"), data.rfind(b"|")) + 1
        if not cut and len(data) >= MAX_TAIL:  # no line break, no '|': cut anyway, memory stays bounded
            cut = len(data)
        if cut:
            yield decoded(data[:cut])
        tail = data[cut:]
        block = stream.read(BLOCK)
    if tail:
        yield decoded(tail)


def handviewer_to_lin(text: str) -> str:
    """The LIN of each ``…handviewer.html?lin=…`` line, line for line.

    Only percent escapes are decoded: ``+`` stays a plus, as in BBO's viewer.
    A line with no ``lin=`` parameter is kept as it is.
    """
    lines = []
    for line in text.split("\n"):
        m = _LIN_PARAM.search(line)
        lines.append(decode_line(unquote_to_bytes(m.group(1))) if m else line)
    return "\n".join(lines)


def scan(chunks: Iterable[str]) -> Iterator[tuple]:
    """The fields of the text in ``chunks``; see the module docstring."""
    match = LIN_FIELD.match  # match, not finditer: a search ahead over junk would be quadratic
    chunks = iter(chunks)
    buf, pos, eof = "", 0, False
    line, line_start, cursor = 1, 0, 0  # line of buf[cursor], index where that line starts
    held = None  # the last field, held back in case it lost its closing '|'
    held_at = 0  # index of the held field's value in buf
    recovering = False  # after an S120, until the next good field

    def locate(index: int) -> tuple[int, int]:
        nonlocal line, line_start, cursor
        newlines = buf.count("\n", cursor, index)
        if newlines:
            line += newlines
            line_start = buf.rfind("\n", cursor, index) + 1
        cursor = index
        return line, index - line_start + 1

    def problem(message: str, index: int, severity: Severity | None = None) -> tuple:
        at = locate(index)
        return None, MalformedLin.finding(message, *at, severity=severity), *at

    while True:
        while (m := match(buf, pos)) is not None:
            if held is not None:
                yield held
            start = m.start(1)
            newlines = buf.count("\n", cursor, start)
            if newlines:
                line += newlines
                line_start = buf.rfind("\n", cursor, start) + 1
            cursor = start
            tag, value = m.groups()
            held = (tag.upper(), value, line, start - line_start + 1)
            held_at = m.start(2)
            pos = m.end()
            recovering = False
        first_pipe = buf.find("|", pos)
        complete = first_pipe >= 0 and buf.find("|", first_pipe + 1) >= 0
        if not complete and not eof and len(buf) - pos < MAX_TAIL:
            chunk = next(chunks, None)
            if chunk is None:
                eof = True
                continue
            keep = min(pos, cursor)  # the held field's text stays in the buffer
            buf = buf[keep:] + chunk
            pos, held_at, cursor, line_start = pos - keep, held_at - keep, 0, line_start - keep
            continue
        start = _SPACE.match(buf, pos).end()  # type: ignore[union-attr]  # \s* matches everywhere
        if start >= len(buf):
            if eof:
                break
            if held is not None:  # only white space, more than MAX_TAIL of it: drop it and read on
                yield held
                held = None
            locate(start)
            pos = start
            continue
        seg = buf[start:first_pipe] if first_pipe >= 0 else buf[start:]
        if first_pipe < 0:  # text after the last field
            if not recovering:
                yield problem(f"text after the last field: '{_short(seg)}'", start)
            pos, recovering = len(buf), True
            locate(pos)  # the buffer need not keep the text
            continue
        if len(seg) == 2 and seg.isascii() and seg.isalpha():  # the last field lost its closing '|'
            if held is not None:
                yield held
                held = None
            yield problem(f"the '{seg}' field has no closing '|'", start)
            value = buf[first_pipe + 1:]
            yield (seg.upper(), value.rstrip(), *locate(start))
            pos, recovering = len(buf), True
            continue
        tail = _TAG_AT_END.search(held[1]) if held is not None and not recovering else None
        if tail is not None and held is not None and tail.group(1).upper() in KNOWN_TAGS:
            # 'sv|o mb|p|': the held field lost its closing '|' before a tag
            tag_at = held_at + tail.start(1)
            yield held[:1] + (held[1][:tail.start()],) + held[2:]
            yield problem(f"the '{held[0].lower()}' field has no closing '|' before '{tail.group(1)}'", tag_at)
            held = (tail.group(1).upper(), seg, line, tag_at - line_start + 1)
            held_at = start
            pos, recovering = first_pipe + 1, True
            continue
        if held is not None:
            yield held
            held = None
        if len(seg) > 2 and seg[-2:].isascii() and seg[-2:].isalpha() and not seg[-3].isalpha():
            junk, pos = seg[:-2], first_pipe - 2  # BBO reads the 2 characters before '|' as the tag
        else:
            junk, pos = seg, first_pipe + 1
        if not recovering:
            what = "an empty tag name" if not junk else f"'{_short(junk.strip())}' where a tag should be"
            yield problem(f"{what}: text between fields is ignored", start)
        recovering = True
    if held is not None:
        yield held


def _short(text: str, width: int = 30) -> str:
    text = " ".join(text[:4 * width].split())  # not all of a long text: its words would take much memory
    return text if len(text) <= width else text[:width - 1] + "…"
