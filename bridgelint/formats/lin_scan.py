"""LIN text in, ``tag|value|`` fields out, streamed.

LIN is one stream of fields: line breaks mean nothing and values may hold
them.  :func:`text_chunks` decodes a binary stream block by block (UTF-8,
else Windows-1252 or Latin-1: :mod:`.text`; a BBO handviewer link is
percent-decoded first) and
:func:`scan` tokenises the chunks with the compiled regex of the grammar's
``field`` production, keeping only an incomplete tail between blocks.

:func:`scan` yields the fields as runs (:data:`Run`), each the fields of one
line, and a :class:`~bridgelint.core.problems.Problem` for each stretch of text
between them that is no field.  A line that holds nothing but whole fields (two-letter tags, values
without line breaks: nearly every line BBO writes) is split at its ``|`` in
one step, which gives what the ``field`` regex would match there, at a
fraction of the cost; anything else is matched field by field.
:func:`fields` gives a run's fields as ``(TAG, value, line, column)``.
"""

from __future__ import annotations

import codecs
import re
from typing import BinaryIO, Callable, Iterable, Iterator
from urllib.parse import unquote_to_bytes

from ..core.problems import Kind, Problem
from ..core.reference import SWITCH
from .patterns import LIN_FIELD
from .text import Decoder, code_page_problem, decode_line

BLOCK = 1 << 20  # bytes read at a time
MAX_TAIL = 1 << 22  # an unfinished field longer than this is read as broken
KNOWN_TAGS = frozenset(
    "vg rs pn pw mp bn qx st md rh ah sv mb an pc mc pg nt at sk dt pf sa va mn bt tu cs ht cp cr cg cb pa"
    .upper().split())

_HANDVIEWER = re.compile(rb"handviewer\.html\?\S*?lin=", re.IGNORECASE)
_LIN_PARAM = re.compile(r"[?&]lin=([^&#\s]*)", re.IGNORECASE)
_TAG_AT_END = re.compile(r"\s([A-Za-z]{2})\Z")
_SPACE = re.compile(r"\s*")


def text_chunks(stream: BinaryIO, problems: list[Problem] | None = None, encoding: str | None = None) -> Iterator[str]:
    """Decoded text of ``stream``, cut only after a line break or a ``|``; what is not UTF-8 is read in
    ``encoding``, else as the bytes show (:class:`~.text.Decoder`).

    The first byte read in a Windows code page is noted in ``problems``, once the text is read.
    """
    decoder = Decoder(encoding)
    lines = 0  # line breaks before the chunk being decoded

    def decoded(data: bytes) -> str:
        nonlocal lines
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = decoder.decode(data, lines + 1)
        lines += data.count(b"\n")
        return text

    yield from _chunks(stream, decoded)
    if decoder.noted is not None and problems is not None:
        problems.append(code_page_problem(decoder.noted, "lin"))


def _chunks(stream: BinaryIO, decoded: Callable[[bytes], str]) -> Iterator[str]:
    """The stream's text, each piece cut after a line break or a ``|`` and given to ``decoded``."""
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


Run = tuple[int, int, list[str]]
"""Fields of one line: (line, column - 1 of the first tag, pieces), the pieces those of the text split at each
``|``: tag, value, tag, value, ... and a last piece to be ignored.  Every tag piece is two letters as written."""


def fields(run: Run) -> Iterator[tuple[str, str, int, int]]:
    """The fields of a run: (TAG, value, line, column of the tag), the tag upper-cased."""
    line, column, pieces = run
    column += 1
    for name, value in zip(pieces[::2], pieces[1::2]):
        yield name.upper(), value, line, column
        column += len(value) + 4  # past 'value|tag|'


def scan(chunks: Iterable[str]) -> Iterator[Run | Problem]:  # noqa: C901 - the LIN reader's hot loop, one frame
    """The fields of the text in ``chunks`` as runs, and the problems between them; see the module docstring."""
    match = LIN_FIELD.match  # match, not finditer: a search ahead over junk would be quadratic
    chunks = iter(chunks)
    buf, pos, eof = "", 0, False
    line, line_start, cursor = 1, 0, 0  # line of buf[cursor], index where that line starts
    held: Run | None = None  # the last run, held back in case its last field lost its closing '|'
    held_at = 0  # index of the value of the held run's last field in buf
    recovering = False  # after a problem, until the next good field
    mixed_to = -1  # the line break ending a line that is not whole fields: matched field by field until there

    def locate(index: int) -> tuple[int, int]:
        nonlocal line, line_start, cursor
        newlines = buf.count("\n", cursor, index)
        if newlines:
            line += newlines
            line_start = buf.rfind("\n", cursor, index) + 1
        cursor = index
        return line, index - line_start + 1

    def problem(kind: Kind, index: int, *facts: str) -> Problem:
        return Problem(kind, *locate(index), facts)

    while True:
        if pos > mixed_to and SWITCH.fast("lin-lines"):  # the usual case: lines of whole fields, split in bulk
            newlines = buf.count("\n", cursor, pos)
            at_line = line + newlines  # the line of pos, and where it starts
            at_start = buf.rfind("\n", cursor, pos) + 1 if newlines else line_start
            while True:
                newline = buf.find("\n", pos)
                end = newline if newline >= 0 else len(buf)
                pieces = buf[pos:end].split("|")
                if not _whole(pieces):
                    mixed_to = end
                    break
                if len(pieces) > 1:
                    if held is not None:
                        yield held
                    held, held_at = (at_line, pos - at_start, pieces), end - len(pieces[-1]) - 1 - len(pieces[-2])
                    line, line_start, cursor = at_line, at_start, held_at - 3
                    recovering = False
                if newline < 0:
                    pos = end
                    break
                pos, at_line, at_start = newline + 1, at_line + 1, newline + 1
        m = match(buf, pos)
        if m is not None:  # a field the bulk split does not take: its value holds a line break, or junk follows it
            if held is not None:
                yield held
            start = m.start(1)
            at = locate(start)
            held, held_at = (at[0], at[1] - 1, [m.group(1), m.group(2), ""]), m.start(2)
            pos = m.end()
            recovering = False
            continue
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
            mixed_to -= keep
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
                if held is not None and len(held[2]) > 3:  # it comes after the held run's fields, before its last
                    before, held = _last_apart(held)
                    yield before
                yield problem(Kind.LIN_TEXT_AFTER_FIELDS, start, _short(seg))
            pos, recovering = len(buf), True
            locate(pos)  # the buffer need not keep the text
            continue
        if len(seg) == 2 and seg.isascii() and seg.isalpha():  # the last field lost its closing '|'
            if held is not None:
                yield held
                held = None
            yield problem(Kind.LIN_UNCLOSED_FIELD, start, seg)
            at = locate(start)
            yield at[0], at[1] - 1, [seg, buf[first_pipe + 1:].rstrip(), ""]
            pos, recovering = len(buf), True
            continue
        last = held[2] if held is not None and not recovering else None
        tail = _TAG_AT_END.search(last[-2]) if last is not None else None
        if tail is not None and last is not None and held is not None and tail.group(1).upper() in KNOWN_TAGS:
            # 'sv|o mb|p|': the held field lost its closing '|' before a tag
            tag_at = held_at + tail.start(1)
            yield held[0], held[1], [*last[:-2], last[-2][:tail.start()], ""]
            yield problem(Kind.LIN_UNCLOSED_FIELD, tag_at, last[-3].lower(), tail.group(1))
            held, held_at = (line, tag_at - line_start, [tail.group(1), seg, ""]), start
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
            yield problem(Kind.LIN_NOT_A_TAG, start, _short(junk.strip()))
        recovering = True
    if held is not None:
        yield held


def _last_apart(run: Run) -> tuple[Run, Run]:
    """A run of several fields as two: its fields but the last, and its last."""
    line, column, pieces = run
    column += sum(map(len, pieces[:-3])) + len(pieces) - 3  # the '|' after each piece
    return (line, run[1], pieces[:-3] + [""]), (line, column, pieces[-3:-1] + [""])


def _whole(pieces: list[str]) -> bool:
    """Whether the pieces of a line split at each '|' are whole fields, with tags of two ASCII letters and no
    white space before them, and nothing but white space after the last."""
    tags = pieces[:-1:2]
    letters = "".join(tags)
    rest = pieces[-1]
    return (len(pieces) % 2 == 1 and len(letters) == len(pieces) - 1 and max(map(len, tags), default=2) == 2
            and (not letters or letters.isalpha() and letters.isascii()) and (not rest or rest.isspace()))


def _short(text: str, width: int = 30) -> str:
    text = " ".join(text[:4 * width].split())  # not all of a long text: its words would take much memory
    return text if len(text) <= width else text[:width - 1] + "…"
