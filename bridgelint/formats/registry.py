"""The formats bridgelint reads: a name, the file extensions, how content is told, and how a reader is made.

Adding a format is one module with a reader (:class:`~.base.Reader`) and one
:class:`Format` line in :data:`FORMATS`.  A *text* format's bytes reach its
reader with every line end LF or CRLF and a file of binary junk is S101 before
it is opened; a binary format (a database, a dealing machine's file) gets the
bytes as they are.  Content is told by the formats' ``sniff`` functions, in
the order of :data:`FORMATS`, over the first :data:`SNIFF_BYTES` bytes; a file
none of them claims is read as PBN.
"""

from __future__ import annotations

import importlib
import io
import os
from dataclasses import dataclass
from typing import Any, BinaryIO, Callable, cast

from ..core.problems import Kind, Problem
from .base import NotText, Reader, StoppedAtNul
from .text import LoneCrAsLf, StopAtNul, decode_line

SNIFF_BYTES = 65536


@dataclass(frozen=True)
class Format:
    """One input format."""

    name: str  # as --input-format and reports name it
    extensions: tuple[str, ...]  # lower case, with the dot
    open: Callable[..., Reader]  # (stream, path, encoding, lone_cr) -> reader; lone_cr: None for a binary format
    sniff: Callable[[bytes], bool] | None = None  # whether the file's first bytes are of this format
    text: bool = True  # read as lines of text (line ends made LF, binary junk refused) or as bytes
    installed: Callable[[], bool] = lambda: True  # whether what reads it is installed (an extra), else one finding
    layout: bool = False  # ``bridgelint format`` writes it in its standard's layout (PBN's export format)


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """``name`` of ``module`` called, the module imported on the first call: a run loads the readers of the
    formats it reads, not all of them."""

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    return call


def _lin(stream: BinaryIO, path: str, encoding: str | None, lone_cr: Callable[[int], bool] | None) -> Reader:
    from .lin import LinReader  # line ends mean nothing in LIN

    return LinReader(stream, path, encoding)


def _bws(stream: BinaryIO, path: str, encoding: str | None, lone_cr: Callable[[int], bool] | None) -> Reader:
    from .bws import BwsReader  # a database: no encoding, no lines

    return BwsReader(stream, path)


def _sniff_lin(head: bytes) -> bool:
    from .lin import looks_like_lin

    return looks_like_lin(decode_line(head))


_BIG_DEAL, _BRI, _DLM, _DUP = ("bridgelint.formats.dealing_bigdeal", "bridgelint.formats.dealing_bri",
                               "bridgelint.formats.dealing_dlm", "bridgelint.formats.dealing_dup")
_USEBIO, _BWS, _PBN = "bridgelint.formats.usebio", "bridgelint.formats.bws", "bridgelint.formats.pbn"

FORMATS: tuple[Format, ...] = (
    Format("usebio", (".xml",), _lazy(_USEBIO, "UsebioReader"), _lazy(_USEBIO, "looks_like_usebio"), text=False),
    Format("bws", (".bws",), _bws, _lazy(_BWS, "looks_like_bws"), text=False, installed=_lazy(_BWS, "installed")),
    Format("lin", (".lin",), _lin, _sniff_lin),
    Format("dlm", (".dlm",), _lazy(_DLM, "DlmReader"), _lazy(_DLM, "looks_like_dlm")),
    Format("dup", (".dup",), _lazy(_DUP, "DupReader"), _lazy(_DUP, "looks_like_dup"), text=False),
    Format("bri", (".bri",), _lazy(_BRI, "BriReader"), _lazy(_BRI, "looks_like_bri"), text=False),
    Format("dge", (".dge",), _lazy(_BRI, "DgeReader"), _lazy(_BRI, "looks_like_dge"), text=False),
    Format("ber", (".ber",), _lazy(_BIG_DEAL, "BerReader"), _lazy(_BIG_DEAL, "looks_like_ber"), text=False),
    Format("bhg", (".bhg",), _lazy(_BIG_DEAL, "BhgReader"), _lazy(_BIG_DEAL, "looks_like_bhg")),
    Format("rzd", (".rzd",), _lazy(_BIG_DEAL, "RzdReader"), text=False),
    Format("cds", (".cds",), _lazy(_BIG_DEAL, "CdsReader"), text=False),
    Format("pbn", (".pbn",), _lazy(_PBN, "PbnReader"), layout=True),
)
BY_NAME = {fmt.name: fmt for fmt in FORMATS}
BY_EXTENSION = {extension: fmt.name for fmt in FORMATS for extension in fmt.extensions}
EXTENSIONS = tuple(BY_EXTENSION)
DEFAULT = "pbn"


def lacks_its_extra(report_format: str) -> bool:
    """Whether files of a format are not read here because what reads them is not installed."""
    chosen = BY_NAME.get(report_format)
    return chosen is not None and not chosen.installed()


def has_layout(name: str) -> bool:
    """Whether ``bridgelint format`` writes files of this format in its standard's layout (``Format.layout``);
    the others are left as they are."""
    chosen = BY_NAME.get(name)
    return chosen is not None and chosen.layout


def format_from_name(path: str) -> str | None:
    """A format's name by the file extension (also gzipped, ``.pbn.gz``, or as a zip member), else None."""
    return BY_EXTENSION.get(os.path.splitext(path.lower().removesuffix(".gz"))[1])


def format_from_content(head: bytes) -> str:
    """The first format whose ``sniff`` claims these first bytes; PBN if none does."""
    return next((fmt.name for fmt in FORMATS if fmt.sniff is not None and fmt.sniff(head)), DEFAULT)


def open_reader(stream: BinaryIO, path: str, fmt: str | None = None, encoding: str | None = None) -> Reader:
    """A reader for ``stream``; the format comes from ``fmt``, the name, or the content; text that is not UTF-8
    is read in ``encoding`` (None: as its bytes show)."""
    buffered = io.BufferedReader(cast(Any, stream), SNIFF_BYTES)
    head = buffered.peek(SNIFF_BYTES)[:SNIFF_BYTES]
    name = fmt or format_from_name(path) or format_from_content(head)
    chosen = BY_NAME.get(name, BY_NAME[DEFAULT])
    if not chosen.text:
        return chosen.open(buffered, path, encoding, None)
    utf16 = head.startswith((b"\xff\xfe", b"\xfe\xff"))
    if utf16 or b"\x00" in head:
        return NotText(chosen.name, [Problem(Kind.NOT_TEXT, 1, 1, (utf16,))])
    text = StopAtNul(buffered)
    line_ends = LoneCrAsLf(cast(BinaryIO, text))
    return StoppedAtNul(chosen.open(io.BufferedReader(line_ends, SNIFF_BYTES), path, encoding, line_ends.lone_cr),
                        text)
