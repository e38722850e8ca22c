"""Readers turn bytes into records: PBN and LIN, streamed record by record."""

from __future__ import annotations

import io
import os
from typing import BinaryIO, Callable, Iterator, Protocol

from ..model import Finding, Record
from ..rules import internal, syntax

SNIFF_BYTES = 65536


class Reader(Protocol):
    format: str
    file_findings: list[Finding]

    def __iter__(self) -> Iterator[Record]: ...


class NotText:
    """The reader of a file that is not text: one S101 finding, no records."""

    def __init__(self, format: str, message: str):
        self.format = format
        self.file_findings = [syntax.NotText.finding(message, 1, 1)]

    def __iter__(self) -> Iterator[Record]:
        return iter(())


def open_reader(stream: BinaryIO, path: str, fmt: str | None = None) -> Reader:
    """A reader for ``stream``; the format comes from ``fmt``, the name, or the content."""
    if not isinstance(stream, io.BufferedReader):
        stream = io.BufferedReader(stream, SNIFF_BYTES) if hasattr(stream, "readinto") else stream
    head = stream.peek(SNIFF_BYTES)[:SNIFF_BYTES]
    fmt = fmt or {".pbn": "pbn", ".lin": "lin"}.get(os.path.splitext(path)[1].lower())
    if fmt is None:
        from .lin import looks_like_lin

        fmt = "lin" if looks_like_lin(decode_line(head)) else "pbn"
    problem = binary_problem(head)
    if problem:
        return NotText(fmt, problem)
    if fmt == "lin":
        from .lin import LinReader

        return LinReader(stream, path)
    from .pbn import PbnReader

    return PbnReader(stream, path)


def guarded(build: Callable[..., Record], fmt: str, ordinal: int, line: int, *args) -> Record:
    """``build(*args)``; a bug while building becomes an X001 record, and reading goes on."""
    try:
        return build(*args)
    except Exception as error:
        record = Record(fmt, ordinal, line)
        record.problem(internal.InternalError, f"internal error while reading this game: {type(error).__name__}: "
                       f"{error}", line, 1)
        return record


def binary_problem(head: bytes) -> str | None:
    """Why the start of a file shows it is not text (S101), or None."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        kind = "UTF-16" if head.startswith((b"\xff\xfe", b"\xfe\xff")) else "NUL bytes"
        return f"input is not text ({kind}): PBN and LIN are 8-bit text (PBN §2.2); file skipped"
    return None


def decode_line(data: bytes) -> str:
    """UTF-8 if it decodes, else Latin-1 (the PBN character set)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")
