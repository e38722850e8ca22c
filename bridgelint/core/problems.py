"""What a reader could not read as its format says: a closed set of kinds, each noted with its place and the facts.

Readers only read.  They never word a finding nor choose a rule: where the text, the XML, the database or the
dealing file breaks its format, the reader notes a :class:`Problem` (its :class:`Kind`, where it is, the facts it
saw) on the record it was reading (``Record.problems``) or on the file (the reader's ``file_problems``) and reads
on.  The rule that reads a kind (``Rule.reads``) words its findings, and only when its code is selected
(:mod:`bridgelint.rules.reading`, the dispatcher).  A new reader notes the kinds below; a new kind is a member
here and a rule that reads it (``tests/test_reading.py`` keeps each kind read by one rule).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Kind(enum.Enum):
    """Each kind of problem a reader notes; the value says what the facts are, in order."""

    # any reader
    NOT_TEXT = "the file starts as no text does: (utf16,) True for a UTF-16 byte order mark, else NUL bytes"
    NUL_BYTE = "a NUL byte past the start of a text file, where reading stopped: (line,)"
    READER_BUG = "a bug while reading a record: (error,) the exception"
    NO_GAME = "the file holds no game: (format,) the reader's format name"
    WINDOWS_1252 = ("the first byte read in a Windows code page: (page, byte, char, format, charset) the code page's "
                    "name, the byte, the character read, the reader's format name, the escape line naming the "
                    "file's character set (a Tag) or None")

    # LIN (lin.py, lin_scan.py)
    LIN_TEXT_AFTER_FIELDS = "text after the last field: (text,) its start"
    LIN_UNCLOSED_FIELD = "a field without its closing '|': (tag,) or (tag, next tag) when a tag follows in its value"
    LIN_NOT_A_TAG = "text between fields where a tag should be: (text,) its start, empty for an empty tag name"
    LIN_QX_TEXT = "a qx value with text after the board number: (value, board) the value and the board read"
    LIN_CLAIM = "an mc value that is no number of tricks: (value,)"
    LIN_UNKNOWN_TAG = "a tag LIN does not define, kept: (tag,) as written"
    LIN_MD_LAST_COMMA = "an md value with a comma after the fourth hand: ()"
    LIN_MD_HANDS = "an md value with other than 3 or 4 hands: (count,)"
    LIN_MD_HAND = ("a hand of an md value that does not read: (seat, text, char, before_suit) its seat, its text "
                   "(at most 20 characters), the character where it stops being read, True when cards come before "
                   "any suit letter")

    # PBN text and tags (pbn.py, pbn_header.py, pbn_export.py)

    # a PBN game's sections (pbn_game.py)

    # PBN supplemental tables (pbn_table.py)

    # USEBIO (usebio.py)

    # Bridgemate BWS (bws.py, bws_session.py)

    # dealing files (dealing*.py)


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem a reader noted: its kind, where it is (line and column as findings have them; ``place`` in words
    in a file without lines), and the facts its kind names (:class:`Kind`)."""

    kind: Kind
    line: int
    column: int
    facts: tuple[Any, ...] = ()
    place: str | None = None
