"""Text for an output whose encoding may not hold every character (a Windows console, ``> report.txt``).

Whether suits are written as symbols (``♥7``) or letters (``H7``) is decided
once per run, from the output's encoding: one style throughout.  Where the
encoding lacks the report's own typography (``…``, ``—``, ``→``), plain
ASCII stands in; any other character it cannot hold (a name from the record)
is written as a backslash escape, so that nothing is lost and nothing crashes.
"""

from __future__ import annotations

import codecs
import re
from typing import TextIO

SUIT_LETTERS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
_LETTERS = str.maketrans(SUIT_LETTERS)
_PLAIN = str.maketrans({"\u2026": "...", "\u2014": "-", "\u2013": "-", "\u2192": "->", "\u00d7": "x",
                        "\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


def encoding_of(stream: TextIO | None) -> str:
    """The stream's encoding, normalised (``utf-8``, ``cp1252``); ASCII when unknown, UTF-8 for a stream of text
    that has none (it holds any character: ``io.StringIO``)."""
    name = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "ascii"


def holds(text: str, encoding: str) -> bool:
    """Whether ``encoding`` can write every character of ``text``."""
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def shows_suits(stream: TextIO | None) -> bool:
    """Whether the stream's encoding holds the four suit symbols."""
    return holds("".join(SUIT_LETTERS), encoding_of(stream))


def letters(text: str) -> str:
    """Suit symbols as letters: ``♥7`` as ``H7``."""
    return text.translate(_LETTERS)


class Printable:
    """Text made writable to one output: suits as letters unless its encoding holds them, typography as ASCII
    where it does not (decided once, for the whole run)."""

    def __init__(self, encoding: str):
        self.encoding = encoding
        self.symbols = holds("".join(SUIT_LETTERS), encoding)
        self.typography = holds("\u2026\u2014\u2013\u2192\u00d7\u201c\u201d\u2018\u2019", encoding)

    @classmethod
    def to(cls, stream: TextIO | None) -> "Printable":
        return cls(encoding_of(stream))

    def __call__(self, text: str) -> str:
        if text.isascii():
            return text
        if not self.symbols:
            text = text.translate(_LETTERS)
        if not self.typography:
            text = text.translate(_PLAIN)
        return text


# what a terminal would obey rather than show: C0 controls but line feed, tab and CR LF, DEL, C1 controls (ESC and CSI
# open every OSC and CSI sequence: a window title, a clipboard write), the bidi controls, lone surrogates
_UNSAFE = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\r(?!\n)"
_UNSAFE_TEXT = re.compile(_UNSAFE)
_OWN_COLOURS = re.compile(r"(\x1b\[(?:3[1236]|[014]|24)m)|" + _UNSAFE)  # the SGR sequences bridgelint writes


def visible(text: str, colours: bool = False) -> str:
    """``text`` safe on a terminal: every character of :data:`_UNSAFE` shown as an escape (``\x1b``,
    ``\u202e``), so that no sequence in a record's text is obeyed; ``colours``: the colour sequences bridgelint
    writes itself kept (text already coloured)."""
    if _UNSAFE_TEXT.search(text) is None:
        return text
    return (_OWN_COLOURS if colours else _UNSAFE_TEXT).sub(_escaped, text)


def _escaped(m: re.Match[str]) -> str:
    if m.lastindex:  # a colour of bridgelint's own
        return m.group()
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def never_fail(stream: TextIO, errors: str = "backslashreplace") -> None:
    """Make a text stream write what its encoding cannot hold as escapes instead of raising (a reconfigurable
    stream only: a test's capture is left as it is)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "errors", errors) == "strict":
        reconfigure(errors=errors)


def utf8(stream: TextIO) -> None:
    """Write UTF-8 to a reconfigurable text stream, whatever its encoding was."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8")
