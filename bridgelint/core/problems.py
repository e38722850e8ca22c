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

    # PBN text and tags (pbn.py, pbn_header.py, pbn_export.py)

    # a PBN game's sections (pbn_game.py)

    # PBN supplemental tables (pbn_table.py)
    TABLE_NO_COLUMN = "a table's tag whose value lists no column: (name,) the table's name"
    TABLE_BAD_COLUMN = ("a column specification of a table's header that the grammar's column does not match: "
                        "(name, spec) the table's name, the specification stripped")
    TABLE_HEADER_ROWS = ("a table's header and its lines, once read, whose column names may hold spaces where ';' "
                         "was meant: (table, lines) the Table, a callable giving (first element, number of elements) "
                         "of each line")
    TABLE_ROW_COUNTS = ("a table's rows, whose elements may be other than one a column: (table, rows) the Table, a "
                        "callable giving (first element, number of elements) of each row to count")
    TABLE_ROWS = ("a table's rows, once read, for what its elements, order and kind must be: (table, comment, "
                  "comments, closed_string, auction, play) the Table, the (line, column) of the first comment after an "
                  "element or None, the number of such comments, the grammar's closed string (a match), the game's "
                  "Auction and Play or None")

    # PBN header values and export format (pbn_header.py, pbn_export.py)
    DEAL_NO_SEAT = "a PBN Deal value that does not start with a seat and ':': (value,) the value stripped"
    DEAL_HAND_COUNT = "a PBN Deal value of other than four hands: (count,) the number of hands"
    DEAL_SPACING = ("a PBN Deal value whose hands are not apart by single spaces: (tag, value) the Deal tag, the "
                    "value written with single spaces")
    DEAL_NO_HAND = "a PBN Deal value whose four hands are all '-': ()"
    DEAL_SUIT_COUNT = ("a hand of a PBN Deal of other than four suits: (seat, hand, count) the hand's seat, the hand "
                       "as written, the number of suits")
    DEAL_NOT_RANK = "a character in a hand of a PBN Deal that is no rank: (char, seat) the character, the hand's seat"
    VALUE_SPELLING = ("a header value read leniently as PBN's (Dealer, Contract): (tag, value, read, export) the tag, "
                      "its value stripped, the value as PBN writes it, whether the file declares % EXPORT")
    NOT_EXPORT_FORMAT = ("a game of a % EXPORT file that breaks export format: (breaches, rewrite, findings, problems) "
                         "each breach (line, column, what), the callable that gives the edits writing the game anew "
                         "in export format (or None), the game's findings and problems as read (live lists: the game "
                         "is written anew only where its tag pairs are known for sure)")

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
