"""What a reader could not read as its format says, and what the engine met: a closed set of kinds, each noted with
its place and the facts.

Readers only read.  They never word a finding nor choose a rule: where the text, the XML, the database or the
dealing file breaks its format, the reader notes a :class:`Problem` (its :class:`Kind`, where it is, the facts it
saw) on the record it was reading (``Record.problems``) or on the file (the reader's ``file_problems``) and reads
on.  The engine notes what it meets beside the readers the same way: an archive it cannot unpack, a
``% bridgelint:`` directive that suppresses nothing, a bug of bridgelint.  The rule that reads a kind
(``Rule.reads``) words its findings, and only when its code is selected, a bug always
(:mod:`bridgelint.rules.reading`, the dispatcher).  A new reader notes the kinds below; a new kind is a member here
and a rule that reads it (``tests/test_reading.py`` keeps each kind read by one rule and noted by a reader or the
engine).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Kind(enum.Enum):
    """Each kind of problem a reader or the engine notes; the value says what the facts are, in order."""

    # any reader
    NOT_TEXT = "the file starts as no text does: (utf16,) True for a UTF-16 byte order mark, else NUL bytes"
    NUL_BYTE = "a NUL byte past the start of a text file, where reading stopped: (line,)"
    READER_BUG = "a bug while reading a record: (error,) the exception"
    NO_GAME = "the file holds no game: (format,) the reader's format name"
    WINDOWS_1252 = ("the first byte read in a Windows code page: (page, byte, char, format, charset) the code page's "
                    "name, the byte, the character read, the reader's format name, the escape line naming the "
                    "file's character set (a Tag) or None")

    # archives (engine/inputs.py: unpacking a zip or gzip, before any reader)
    ARCHIVE_UNREADABLE = "not a readable zip archive: (error,) what the zip module said"
    ARCHIVE_MEMBERS = "a zip with more members than are read: (members, most) its count, the most read"
    ARCHIVE_SIZE = "a zip whose records unpack to more than is read: (size, most) in bytes"
    MEMBER_UNREADABLE = "an archive member that cannot be unpacked: (error,)"
    ARCHIVE_DAMAGED = "an archive damaged while unpacking, reading stopped: (unpacked, error) the bytes read before"
    ARCHIVE_RATIO = ("an archive that unpacks to more than is read from its packed size, reading stopped: (allowed, "
                     "packed, most, floor, ratio) the bytes allowed and packed, the most read, and past the floor "
                     "the most times the packed size")
    MEMBER_COPIES = "a zip holding several members of one name: (copies, name, copy) the count, the name, the mark"

    # The engine: directives, bugs
    # engine/suppression.py: a directive's facts end with its game's number and board (both None outside any game)
    DIRECTIVE_OUTSIDE_GAMES = "a disable= directive outside any game: (game, board) both None"
    NOT_A_DIRECTIVE = ("an escape line that starts as a directive and is none: (value, game, board) the text after "
                       "'%'")
    DIRECTIVE_UNKNOWN_CODE = ("a code of a directive that no rule has, at the code: (code, verb, game, board) the code "
                              "as written, the directive's verb in lower case")
    DIRECTIVE_NO_CODE = "a directive that names no code: (verb, game, board) its verb in lower case"
    DIRECTIVE_UNUSED = ("a code of a directive that suppressed nothing, at the code: (code, scope, never, game, board) "
                        "the code, 'file' or 'game', True for a code no directive suppresses")
    # engine/linter.py, engine/run.py: a bug of bridgelint
    CHECK_BUG = "a bug while checking a game, at the game: (error,) the exception"
    PREPARE_BUG = "a bug while preparing a few games' checks, at each of them: (error,) the exception"
    READING_STOPPED = ("a bug of a reader that stopped reading the file, at the line of the last game checked (1 before "
                       "any), column 1: (error,) the exception")

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

    # PBN text and tags (pbn.py)
    LONG_LINE = ("a line over PBN's 255 characters, at the column of its 255th: (length, skipped, limit) its length "
                 "without the end of line; the bytes cut off it after the first ``limit`` bytes read (0: none)")
    CONTROL_CHARACTER = ("the first character of a line that PBN's character set lacks (a control character other "
                         "than tab, vertical tab and line ends, DEL, 128-159): (char,)")
    REPLACEMENT_CHARACTERS = "U+FFFD in the file's text, at the first: (count,) how many in the file"
    REPEATED_TAG = ("a tag other than Note repeated in a game: (name, value, first_value, first_line, auction_line) "
                    "its name and value, the value and line of the first tag of its name, the line of the Auction "
                    "section read as the game's auction (None: no auction)")
    FORBIDDEN_INHERITANCE = "'#' or '##' on a tag that may not inherit (PBN §4.8): (name, mark) its name, the mark"
    NOTHING_TO_INHERIT = "'#' on a tag that no earlier game gave a value: (name,)"

    # a PBN game's sections (pbn_game.py)
    MALFORMED_TAG_PAIR = "a '[' that the grammar reads as no tag pair: (text,) the bracket as far as it was read"
    STRAY_TEXT = "printable text outside any tag pair or section, the first since the last tag: (text,)"
    UNCLOSED_COMMENT = "a '{' comment never closed: it runs to the end of the file"
    TAG_LINES_IN_COMMENT = "a '{' comment that holds lines that look like tag pairs"
    BRACE_IN_COMMENT = "a '{' comment that holds a '{' of its own (and no lines like tag pairs)"
    SWALLOWED_TAG_PAIR = ("an escape line or ';' comment that holds a whole tag pair after other text, at the pair: "
                          "(pair, name, escape) the pair as written, its name, True for an escape line")
    NON_ASCII_TOKEN = "a token outside a string that holds other characters than ASCII: (text,)"
    LENIENT_SPELLING = ("a call or card spelt otherwise than PBN, read without doubt: (text, read, law, export) the "
                        "token, PBN's spelling of it, the section that spells it, whether the game was read as "
                        "export format by then")
    NOT_A_CALL = "a token in an auction section that is no call, mark or annotation: (text,)"
    UNKNOWN_AUCTION_MARK = "an irregularity mark in an auction section other than ^I and ^S: (text,)"
    UNKNOWN_PLAY_MARK = "an irregularity mark in a play section other than ^R and ^L: (text,)"
    DANGLING_AUCTION_MARK = "^I or ^S with no call after it in its section: (mark,) its letter"
    DANGLING_PLAY_MARK = "^R or ^L with no card after it in its section: (mark,) its letter"
    AUCTION_SEAT_UNREAD = ("an Auction tag whose value reads as no seat, at the tag: (value,) as written (empty, '?' "
                           "and '#' may say so on purpose)")
    UNNUMBERED_NOTE = "a Note tag whose value does not start with a number and ':': (value,)"
    NOTE_NUMBER_OUT_OF_RANGE = "a Note tag numbered outside 1-32: (number,)"
    NOTE_DEFINED_TWICE = "a Note tag whose number its section defined already: (number,)"
    UNNUMBERED_REFERENCE = "a note reference that is not =n= with a number: (text,)"
    REFERENCE_OUT_OF_RANGE = "a note reference numbered outside 1-32: (text,)"
    ANNOTATION_WITHOUT_TARGET = ("a note reference, NAG or suffix after no call (or card) it can annotate: "
                                 "(text, call) the annotation, True in an auction section")
    SECOND_NOTE_REFERENCE = "a second note reference on one call or card: (call,) True in an auction section"
    UNKNOWN_SUFFIX = "a suffix that is none of ! ? !! ?? !? ?!: (text,)"
    NAG_OUT_OF_RANGE = "a NAG that is not $0-$255: (text,)"
    NAG_OF_THE_OTHER = ("a NAG for cards on a call, or for calls on a card: (value, call) the NAG, True in an "
                        "auction section")
    SECOND_SUFFIX = "a second suffix on one call or card: (call,) True in an auction section"

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
    NOT_EXPORT_FORMAT = ("a game of a % EXPORT file that breaks export format: (breaches, rewrite, problems) "
                         "each breach (line, column, what), the callable that gives the edits writing the game anew "
                         "in export format (or None), the game's problems as read (a live list: the game "
                         "is written anew only where its tag pairs are known for sure)")

    # USEBIO (usebio.py)
    USEBIO_INTERNAL_SUBSET = "a DOCTYPE with an internal subset, its declarations not read: ()"
    USEBIO_ENTITY = ("an entity declaration, where reading stopped (an entity is never expanded nor fetched): "
                     "(name,) the entity's")
    USEBIO_NOT_WELL_FORMED = "XML that is not well-formed, where the parser stopped: (error,) the parser's phrase"
    USEBIO_ROOT = "a root element other than USEBIO: (name,)"
    USEBIO_VERSION = "a USEBIO Version none of USEBIO's: (version,) as written"
    USEBIO_UNKNOWN_ELEMENT = "an element USEBIO does not define, kept and not read: (name,)"
    USEBIO_MISPLACED_ELEMENT = "an element of USEBIO where its parent has none, not read: (name, parent)"
    USEBIO_UNKNOWN_ATTRIBUTE = "an attribute USEBIO does not define on its element, kept: (name, element)"
    USEBIO_EVENT_TYPE = "an EVENT_TYPE no version defines, the scoring not guessed: (value, element) stripped"
    USEBIO_DATE = "a DATE neither dd/mm/yyyy nor yyyy-mm-dd, not read: (text,)"
    USEBIO_VULNERABILITY = "a VULNERABILITY none of USEBIO's, the board number's taken instead: (text,)"
    USEBIO_HAND_DIRECTION = "a HAND whose DIRECTION is no seat, the hand not read: (direction,) as written"
    USEBIO_HAND_RANKS = ("a suit of a HAND holding what is no rank, the hand not read: (suit, ranks, direction) the "
                         "suit's element, its ranks in capitals with 10 as T, the HAND's DIRECTION")
    USEBIO_VALUE = ("a value that is none of its element's, not read: (element, text) the element (a TRAVELLER_LINE's, "
                    "a PAIR's, BOARD_AVERAGE) and its text")
    USEBIO_NO_PAIR_NUMBER = "a PAIR without a PAIR_NUMBER: ()"
    USEBIO_PLACE = "a PLACE that is no place, not read: (text,)"
    USEBIO_ARTIFICIAL_POINTS = ("the matchpoints of a line with an artificial score that are not its percentage of "
                                "the top: (element, text, score, share, top, expected) the points' element and text, "
                                "the score (A6040), the side's percentage, the board's top, the points due as the "
                                "element writes them")

    # Bridgemate BWS (bws.py, bws_session.py)
    BWS_TOO_LARGE = "a file larger than a BWS is read up to, not read: (megabytes,) the limit"
    BWS_NO_EXTRA = "a BWS, and no bws extra installed to read it: (install,) the command that installs it"
    BWS_NOT_ACCESS = "no Access database that can be read: (error,) the database library's exception"
    BWS_NO_TABLE = "a table every BWS holds is missing: (table,)"
    BWS_TABLE = "a table that cannot be read: (table, error) its name, the database library's exception"
    BWS_ROW_PLACE = ("a ReceivedData row that cannot be placed: (row, columns) its ID, those of Section, Table, "
                     "Round, Board that are no number (a Board below 1)")
    BWS_NO_CONTRACT = "a ReceivedData row with no Contract, whose Remarks give no artificial score: (row,)"
    BWS_CONTRACT = "a ReceivedData row whose Contract is no contract: (row, written)"
    BWS_SEAT = "a ReceivedData row whose NS/EW is no seat: (row, written) in capitals"
    BWS_DECLARER = "a ReceivedData row whose Declarer pair is neither pair of the row: (row, declarer, ns, ew)"
    BWS_RESULT = "a ReceivedData row whose Result is no result of its level: (row, written, level)"
    BWS_LEAD = "a ReceivedData row whose LeadCard is no card: (row, written)"
    BWS_TRICK_COUNT = "a HandEvaluation row with a trick count that is not 0-13, its tricks not read: () at place"
    BWS_TWO_RESULTS = ("two live ReceivedData rows of one table, round and board, at the later (only it is read): "
                       "(board, table, round, said, earlier, earlier_said, same) the result of each in words (the "
                       "reader's phrase), the earlier row's ID, whether the two give the same result")
    BWS_NOT_IN_MOVEMENT = "a ReceivedData row at a table and round that RoundData does not have: (table, round)"
    BWS_OTHER_PAIRS = ("a ReceivedData row of other pairs than RoundData seats there: (table, round, pairs, seated) "
                       "each (North-South, East-West), a pair None where none is given")
    BWS_BOARD_NOT_IN_ROUND = ("a ReceivedData row of a board its round does not play in RoundData: (board, table, "
                              "round, boards) the set of the boards the round plays")

    # dealing files (dealing*.py)
    DEALING_LEFT_OVER = "bytes at the end of a file of fixed-size records, fewer than a record: (left, size) in bytes"
    DEALING_CHECKSUM = ("a checksum that is none of the values due: (board, written, due) the board's number (None: "
                        "the file's checksum), the checksum as written, the values a writer may have computed")
    DLM_BOARD_TWICE = "a DLM board written twice, the first read: (number, first) the first's line"
    DLM_BOARD_RANGE = "a DLM's From and To that are no range of boards: (low, high, last) the last board a DLM holds"
    DLM_NO_CHECKSUM = "a DLM without a Checksum: ()"
    DLM_MISSING_BOARDS = ("boards of a DLM's session not in the file: (first, more, low, high) the first missing, how "
                          "many more, the From and To")
    DLM_HEADER_NUMBER = "a DLM header value that is missing or no number: (key, written) the key in lower case, None"
    DLM_CARD_LETTER = "a DLM board letter out of range, the first: (letter,)"
    DLM_BOARD_VALUE = "a DLM board value not of letters and a checksum: (letters, text) the letters a board holds"
    BER_SEAT_DIGIT = "a BER digit that is no seat, the first of a board: (char, more) how many more on the board"
    BHG_CARD_LETTER = "a BHG character that is no card letter, the first of a board: (char, more)"
    BHG_LINE_LENGTH = "a BHG line not of a board's letters: (due, held) the letters of a board, of the line"
    RZD_BOARD_COUNT = "an RZD header's count of boards that is not the file's: (said, held) said None: no number"
    CDS_BOARD_ZERO = "a CDS board numbered 0, numbered by its place: ()"
    BRI_CARD_NUMBER = "a BRI card number out of range, the first of a board: (code, more) the two digits as text"
    BRI_LINE_LENGTH = "a BRI line not of a board's digits: (due, held)"
    DGE_SUIT_BYTE = "a DGE suit symbol where another is due, where the hands stop: (byte, due) due None: no suit"
    DGE_BYTE = "a DGE byte neither a rank nor a suit symbol, where the hands stop: (byte, first) True: before any suit"
    DGE_SUIT_COUNT = "a DGE board with other than its suit symbols: (symbols, due)"
    DUP_NO_TRAILER = "a DUP's board 1 without a trailer (ten NULs or none): ()"
    DUP_TRAILER_FLAG = "a DUP trailer flag that is neither Y nor N: (name, flag) the flag's name, its byte (bytes)"
    DUP_TRAILER_NUMBER = ("a DUP trailer number that cannot be read: (field, written) 'copies', 'lowest' or 'highest', "
                          "the bytes stripped of blanks")
    DUP_TRAILER_ORDER = "a DUP trailer's highest board below its lowest: (low, high)"
    DUP_TRAILER_COPY = "a DUP trailer neither ten NULs nor board 1's: (trailer, first) both bytes"
    DUP_TRAILER_RANGE = "a DUP trailer's range of boards that is not the boards held: (lowest, highest, held)"
    DUP_DGE_DEAL = "a DUP board whose DGE part deals other hands than its BRI part: (dge, bri) each as a PBN Deal value"


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem a reader or the engine noted: its kind, where it is (line and column as findings have them;
    ``place`` in words in a file without lines), and the facts its kind names (:class:`Kind`)."""

    kind: Kind
    line: int
    column: int
    facts: tuple[Any, ...] = ()
    place: str | None = None
