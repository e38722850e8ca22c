"""Readers turn bytes into records: PBN and LIN, streamed record by record."""

from __future__ import annotations

import io
import os
from typing import BinaryIO

from ..rules import syntax
from .base import NotText, Reader
from .lin import LinReader, looks_like_lin
from .pbn import PbnReader
from .text import LoneCrAsLf, decode_line

SNIFF_BYTES = 65536
EXTENSIONS = {".pbn": "pbn", ".lin": "lin"}


def open_reader(stream: BinaryIO, path: str, fmt: str | None = None, encoding: str | None = None) -> Reader:
    """A reader for ``stream``; the format comes from ``fmt``, the name, or the content; text that is not UTF-8
    is read in ``encoding`` (None: as its bytes show)."""
    line_ends = LoneCrAsLf(stream)
    stream = io.BufferedReader(line_ends, SNIFF_BYTES)  # every line end LF or CRLF for the readers
    head = stream.peek(SNIFF_BYTES)[:SNIFF_BYTES]
    fmt = fmt or format_from_name(path)
    if fmt is None:
        fmt = "lin" if looks_like_lin(decode_line(head)) else "pbn"
    found = syntax.NotText.check_head(head)
    if found:
        return NotText(fmt, found)
    if fmt == "lin":
        return LinReader(stream, path, encoding)
    return PbnReader(stream, path, encoding, line_ends.lone_cr)


def format_from_name(path: str) -> str | None:
    """``pbn`` or ``lin`` by the file extension (also gzipped, ``.pbn.gz``, or as a zip member), else None."""
    return EXTENSIONS.get(os.path.splitext(path.lower().removesuffix(".gz"))[1])


__all__ = ["Reader", "decode_line", "format_from_name", "open_reader"]
