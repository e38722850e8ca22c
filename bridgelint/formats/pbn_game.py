"""Scanning one PBN game: tags, sections and their tokens into the record.

The text of a game is scanned with the grammar's ``token`` production
(``patterns.PBN_TOKEN``); each token goes to the section it stands in (PBN §3.1):
calls to the auction, cards to the play, anything else to a supplemental
table.  The usual lines come as one token each run: tag pairs alone on their
lines (``tag_lines``), rows of calls (``call_rows``) and trick rows
(``card_rows``); they are read as the tag pairs, calls or cards they hold.
The reference run scans each of those as a token of its own
(``patterns.PBN_SINGLE_TOKEN``, the grammar's ``single_token``).
What the grammar or the PBN standard does not let be read is noted on the record
as a problem (:mod:`bridgelint.core.problems`); the rules word them.
"""

from __future__ import annotations

import re

from ..core import bridge
from ..core.digits import is_digits, matched, whole
from ..core.problems import Kind, Problem
from ..core.record import Auction, Play, Record
from ..core.reference import SWITCH
from ..core.tables import Table
from ..core.tags import Tag
from ..core.text import Places, plain_items
from ..core.tokens import (
    CONTINUE,
    END,
    FILLER,
    INVALID,
    PLAIN_CALLS,
    PLAIN_CARD_TOKENS,
    SKIP,
    Call,
    Card,
    Item,
    seat_cards,
)
from .patterns import PBN_SINGLE_TOKEN, PBN_TAG_LINE, PBN_TAG_PAIR, PBN_TOKEN
from .pbn_table import TableReader

# Tags of the standard that open no section (§3.4, §4): text after them is out of place.
NO_SECTION = frozenset((
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring",
    "Declarer", "Contract", "Result", "Competition", "DealId", "Description", "FrenchMP", "Generator", "Hidden",
    "Room", "Termination", "Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory",
    "OptimumScore", "BidSystemEW", "BidSystemNS", "PairEW", "PairNS", "WestNA", "NorthNA", "EastNA", "SouthNA",
    "WestType", "NorthType", "EastType", "SouthType", "EventDate", "EventSponsor", "HomeTeam", "VisitTeam", "Round",
    "Section", "Stage", "Table", "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall", "TimeCard", "Annotator",
    "AnnotatorNA", "Application", "Mode"))
_TAG_LIKE_LINE = re.compile(r"^[ \t]*\[[A-Za-z0-9_]+[ \t]+\"", re.M)  # [ \t], not \s: linear on blank lines
_SCAN = PBN_TOKEN.finditer  # the usual lines as one token each run (rows)
_SCAN_SINGLE = PBN_SINGLE_TOKEN.finditer  # each tag pair, call and card a token: the reference run
_TAG_LINES = PBN_TAG_LINE.findall  # (name, value) of each tag pair of a tag_lines token
_ROW_TOKEN = re.compile(r"\S+").finditer  # a card or call of a card_rows or call_rows token
_NOTE_VALUE = re.compile(r"\s*([0-9]+)\s*:(.*)", re.S)  # a Note tag's value: its number, ':', the note
_SUFFIX_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}  # a suffix's NAG on a call (on a card: 6 more)


class GameScanner:
    """Scans the text of one game into the record.

    A play section of plain tokens (cards in PBN spelling, '-', '*', '+') is
    gathered as text (``play_tokens`` and the runs of the text they stand in)
    and kept so in the record's :class:`Play`; its first other element (a mark,
    a note, a NAG, any other word) turns the cards so far into Card objects,
    and the rest of the section is read token by token.  An auction section of
    plain calls (``PLAIN_CALLS``) is kept as text in its :class:`Auction` alike
    (``call_names``, ``call_runs``).

    ``tag_lines_only`` tells whether every tag pair of the game came in a
    ``tag_lines`` token, so was written ``[Name "value"]`` alone on its line
    from column 1, bar blanks after the ``]``.
    """

    def __init__(self, record: Record, start: int, text: str):
        """``text``: the game, from line ``start`` of the file."""
        self.record = record
        self.text = text
        self.places = Places(text, start)
        self.section: str | None = None  # "auction", "play", "table" or None
        self.section_tag: Tag | None = None
        self.calls: list[Call] = []
        self.cards: list[Card] = []
        self.play_tokens: list[str] | None = None  # in a play section of plain tokens so far: their texts
        self.play_runs: list[tuple[int, int]] = []  # and the runs of the text they stand in
        self.call_names: list[str] | None = None  # in an auction section of plain calls so far: their names
        self.call_runs: list[tuple[int, int]] = []  # and the runs of the text they stand in
        self.pending_mark: tuple[str, int, int] | None = None
        self.table: TableReader | None = None  # the supplemental section being read
        self.tables: list[TableReader] = []
        self.stray_reported = False
        self.tag_lines_only = True  # every tag pair so far was read from a tag_lines token
        self.auction_notes: dict[int, Tag] = {}
        self.empty_auction = False  # the record's auction is a section without a call, note or mark so far
        self.play_notes: dict[int, Tag] = {}

    def scan(self) -> None:  # noqa: C901 - the PBN reader's hot loop: one frame per game, not per token
        record, text, at = self.record, self.text, self.places.at
        for m in (_SCAN if SWITCH.fast("pbn-rows") else _SCAN_SINGLE)(text):
            kind = m.lastgroup or "stray"  # every alternative is a named group
            tokens = self.play_tokens
            if tokens is not None and (kind == "card_rows" or (kind == "word" and m.group() in PLAIN_CARD_TOKENS)):
                tokens.extend(m.group().split())  # the hot path: trick rows of a plain play
                self.play_runs.append(m.span())
                continue
            names = self.call_names
            if names is not None and (kind == "call_rows" or (kind == "word" and m.group() in PLAIN_CALLS)):
                names.extend(m.group().split())  # the rows of calls of a plain auction
                self.call_runs.append(m.span())
                continue
            offset = m.start()
            line, column = at(offset)
            if kind == "tag_lines":  # the usual header: tag pairs alone on their lines, from column 1
                tag = self.tag
                for name, value in _TAG_LINES(text, offset, m.end()):
                    tag(name, value, line, 1, len(name) + 4)  # [Name "value": from column 1
                    line += 1
            elif kind == "tag":
                self.tag_lines_only = False
                start = m.start("tag_value")
                value_column = column + start - offset if text.find("\n", offset, start) < 0 else 0
                self.tag(m.group("tag_name"), _unescape(m.group("tag_value")), line, column, value_column)
            elif kind == "word" and self.section == "auction" and self.pending_mark is None and m.group() in PLAIN_CALLS:
                self.calls.append(Call.plain(m.group(), line, column))  # the usual call: no mark to take
            elif kind == "call_rows" and self.section == "auction" and self.pending_mark is None:
                calls, end = self.calls, m.end()  # the usual auction rows: calls in PBN spelling, no mark to take
                before = offset - column  # on this row, the column of an offset is offset - before
                while True:  # row by row: the line is the row's, no lookup per call
                    stop = text.find("\n", offset, end)
                    for call in _ROW_TOKEN(text, offset, end if stop < 0 else stop):
                        calls.append(Call.plain(call.group(), line, call.start() - before))
                    if stop < 0:
                        break
                    offset, before, line = stop + 1, stop, line + 1
            elif kind in ("card_rows", "call_rows"):  # elsewhere: each card or call is a word
                for word in _ROW_TOKEN(text, offset, m.end()):
                    self.element("word", word.group(), *at(word.start()))
            elif kind == "word" and self.section == "play" and self.pending_mark is None:
                self.card_objects().append(_make_card(m.group(), line, column, record))
            elif kind == "comment":
                self.note_comment(m.group(), line, column)
                if self.table is not None:
                    self.table.comment(line, column)
            elif kind == "comment2":
                swallowed(record.problems, m.group(), line, column)
                if self.table is not None:
                    self.table.comment(line, column)
            elif kind == "escape":
                escape = Tag("%", m.group()[1:].rstrip("\r"), line, column)
                record.escapes.append(escape)
                swallowed(record.problems, m.group(), line, column)
                export, version = declaration(escape.value)  # a header written without a blank line after it
                record.export = record.export or export
                record.version = version or record.version
            elif kind == "open_comment":
                record.problems.append(Problem(Kind.UNCLOSED_COMMENT, line, column))  # what it swallowed: no S104
            elif kind == "bad_tag":
                record.problems.append(Problem(Kind.MALFORMED_TAG_PAIR, line, column, (m.group(),)))
                self.section, self.table, self.play_tokens, self.call_names = None, None, None, None  # in no section
            else:
                self.element(kind, m.group(), line, column)
        self.close_section()

    def finish_tables(self) -> None:
        """Columns and rows of the supplemental sections, once the game's tags are resolved (a '#' header)."""
        record = self.record
        for reader in self.tables:
            reader.finish(record)
        for name in [name for name, table in record.tables.items()
                     if not table.element_count and not name.endswith("Table")]:
            del record.tables[name]  # a tag of no known section, with no data: not a section

    def note_comment(self, text: str, line: int, column: int) -> None:
        """A brace comment that swallowed tag pairs or holds a '{' (S104's)."""
        if _TAG_LIKE_LINE.search(text) is not None:
            self.record.problems.append(Problem(Kind.TAG_LINES_IN_COMMENT, line, column))
        elif text.find("{", 1) >= 0:
            self.record.problems.append(Problem(Kind.BRACE_IN_COMMENT, line, column))

    # --- tags and sections ---------------------------------------------------

    def tag(self, name: str, value: str, line: int, column: int, value_column: int = 0) -> None:
        tag = Tag(name, value, line, column, False, value_column)
        if self.section is None and name in NO_SECTION:  # the most tags: the usual header
            self.record.tags.append(tag)
            self.stray_reported = False
            self.section_tag = tag
            return
        if name == "Note" and self.section in ("auction", "play"):
            self.note(tag)
            self.record.tags.append(tag)
            return
        if self.section is not None:
            self.close_section()
        self.record.tags.append(tag)
        if name in NO_SECTION:  # the most tags
            self.stray_reported = False
        elif name == "Auction":
            self.section = "auction"
            self.call_names, self.call_runs, self.calls = [] if SWITCH.fast("auction") else None, [], []  # kept as text
        elif name == "Play":
            self.section = "play"
            self.play_tokens, self.play_runs, self.cards = [] if SWITCH.fast("play-text") else None, [], []  # kept as text
        else:
            self.section = "table"
            self.table = TableReader(Table(tag, self.text))
            if name not in self.record.tables:  # a repeated section (S105) is read but not kept
                self.record.tables[name] = self.table.table
                self.tables.append(self.table)
        self.section_tag = tag

    def note(self, tag: Tag) -> None:
        """A Note tag of the section: kept by its number, unless it has none, one outside 1-32 or one its section
        defined already (PBN §3.5.4-5)."""
        notes = self.auction_notes if self.section == "auction" else self.play_notes
        problems = self.record.problems
        m = _NOTE_VALUE.match(tag.value)
        if not m:
            problems.append(Problem(Kind.UNNUMBERED_NOTE, tag.line, tag.column, (tag.value,)))
            return
        number = matched(m.group(1))
        if not 1 <= number <= 32:
            problems.append(Problem(Kind.NOTE_NUMBER_OUT_OF_RANGE, tag.line, tag.column, (number,)))
        elif number in notes:
            problems.append(Problem(Kind.NOTE_DEFINED_TWICE, tag.line, tag.column, (number,)))
        else:
            notes[number] = tag

    def close_section(self) -> None:
        """Store the section that just ended in the record."""
        record, tag, section = self.record, self.section_tag, self.section
        self.section, self.table = None, None
        if tag is None:
            return
        if section == "auction" and (record.auction is None or self.empty_auction):
            seat = bridge.parse_seat(tag.value)
            if record.auction is not None:  # an empty section before: this one is the auction (S105 says so)
                self.empty_auction = False
                record.auction = None
            if seat is None:
                record.problems.append(Problem(Kind.AUCTION_SEAT_UNREAD, tag.line, tag.column, (tag.value,)))
            if self.call_names is not None:
                record.auction = Auction.plain(seat, self.call_names, self.call_runs, self.places, tag.line,
                                               tag.column, self.auction_notes)
            else:
                record.auction = Auction(seat, self.calls[:], tag.line, tag.column, self.auction_notes)
            self.empty_auction = not (self.call_names or self.calls or self.auction_notes or self.pending_mark)
            self.mark_dangling()
            self.auction_notes = {}
        elif section == "play" and record.play is None:
            seat = bridge.parse_seat(tag.value)
            if self.play_tokens is not None:
                record.play = Play.plain(seat, self.play_tokens, self.play_runs, self.places, tag.line, tag.column,
                                         by_seat=True, notes=self.play_notes)
            else:
                record.play = Play(seat, self.cards, tag.line, tag.column, by_seat=True, notes=self.play_notes)
                seat_cards(self.cards, seat)
            self.mark_dangling()
            self.play_notes = {}
        self.play_tokens = self.call_names = None

    def mark_dangling(self) -> None:
        if self.pending_mark is not None:
            mark, line, column = self.pending_mark
            kind = Kind.DANGLING_AUCTION_MARK if mark in "IS" else Kind.DANGLING_PLAY_MARK
            self.record.problems.append(Problem(kind, line, column, (mark,)))
            self.pending_mark = None

    # --- section elements ------------------------------------------------------

    def element(self, kind: str, text: str, line: int, column: int) -> None:
        section = self.section
        if kind != "string" and not text.isascii():  # strings may hold any character of §2.2
            self.record.problems.append(Problem(Kind.NON_ASCII_TOKEN, line, column, (text,)))
        if section == "auction":
            self.auction_element(kind, text, line, column)
        elif section == "play":
            self.play_element(kind, text, line, column)
        elif self.table is not None:
            offset = self.places.offset(line, column)
            self.table.add(offset, offset + len(text), line, column)
        elif not self.stray_reported and any(c.isprintable() for c in text):  # control characters only: S106's
            self.record.problems.append(Problem(Kind.STRAY_TEXT, line, column, (text,)))
            self.stray_reported = True

    def marked(self, item: Item) -> Item:
        """The call or card, with the irregularity mark (^I, ^R, ^L) that stood before it."""
        if self.pending_mark is not None:
            item.mark, item.mark_line, item.mark_column = self.pending_mark
            self.pending_mark = None
        return item

    def call_objects(self) -> list[Call]:
        """The calls of the auction section as Call objects, from here on (the first element that is not plain)."""
        if self.call_names is not None:
            self.calls = plain_items(self.places, self.call_runs, Call.plain)
            self.call_names = None
        return self.calls

    def auction_element(self, kind: str, text: str, line: int, column: int) -> None:
        calls = self.call_objects()
        if kind == "word":
            calls.append(self.marked(_make_call(text, line, column, self.record)))
        elif kind == "mark":
            mark = text[1:].upper()
            if mark == "S":
                calls.append(Call(text, SKIP, line, column))
            elif mark == "I":
                self.pending_mark = ("I", line, column)
            else:
                self.record.problems.append(Problem(Kind.UNKNOWN_AUCTION_MARK, line, column, (text,)))
        elif kind in ("note", "nag", "suffix"):
            target = calls[-1] if calls else None
            _annotate(self.record, target, kind, text, line, column, call=True)
        else:
            self.record.problems.append(Problem(Kind.NOT_A_CALL, line, column, (text,)))

    def card_objects(self) -> list[Card]:
        """The cards of the play section as Card objects, from here on (the first element that is not plain)."""
        if self.play_tokens is not None:
            self.cards = plain_items(self.places, self.play_runs, Card.plain)
            self.play_tokens = None
        return self.cards

    def play_element(self, kind: str, text: str, line: int, column: int) -> None:
        cards = self.card_objects()
        if kind == "word":
            cards.append(self.marked(_make_card(text, line, column, self.record)))
        elif kind == "mark":
            mark = text[1:].upper()
            if mark in ("R", "L"):
                self.pending_mark = (mark, line, column)
            else:
                self.record.problems.append(Problem(Kind.UNKNOWN_PLAY_MARK, line, column, (text,)))
        elif kind in ("note", "nag", "suffix"):
            target = cards[-1] if cards else None
            _annotate(self.record, target, kind, text, line, column, call=False)
        else:
            cards.append(Card(text, INVALID, line, column))


_VERSION = re.compile(r"\s*PBN\s+(\d+\.\d+)\s*", re.IGNORECASE)


def declaration(text: str) -> tuple[bool, str | None]:
    """What the text of an escape line declares (PBN §2.4): export format, and the version of ``% PBN 2.1``."""
    m = _VERSION.fullmatch(text)
    return text.strip().upper() == "EXPORT", m.group(1) if m else None


def swallowed(problems: list[Problem], text: str, line: int, column: int) -> None:
    """Note when an escape line or ';' comment (``text``, at ``line``, ``column``) holds a whole tag pair
    after other text: written on the line of an option or a remark, not commented out on purpose (S113's)."""
    m = PBN_TAG_PAIR.search(text) if "[" in text else None
    if m is None or not text[1:m.start()].strip():
        return
    problems.append(Problem(Kind.SWALLOWED_TAG_PAIR, line, column + m.start(),
                            (m.group(), m.group("name"), text[0] == "%")))


def _make_call(text: str, line: int, column: int, record: Record) -> Call:
    if text in PLAIN_CALLS:  # the common case first
        return Call.plain(text, line, column)
    if text == "-":
        return Call(text, FILLER, line, column)
    if text == "*":
        return Call(text, END, line, column)
    if text == "+":
        return Call(text, CONTINUE, line, column)
    token, canonical = bridge.parse_pbn_call(text)
    if token is None:
        return Call(text, INVALID, line, column)
    if not canonical:
        record.problems.append(Problem(Kind.LENIENT_SPELLING, line, column,
                                       (text, token.canonical, "PBN §3.5.1", record.export)))
    return Call(text, token.kind, line, column, level=token.level, denomination=token.denomination)


def _make_card(text: str, line: int, column: int, record: Record) -> Card:
    if text in PLAIN_CARD_TOKENS:  # the common case first
        return Card.plain(text, line, column)
    card = bridge.parse_card(text) if len(text) == 2 else None
    if card is None:
        return Card(text, INVALID, line, column)
    if card != text:
        record.problems.append(Problem(Kind.LENIENT_SPELLING, line, column, (text, card, "PBN §3.6.1", record.export)))
    return Card(text, "card", line, column, suit=card[0], rank=card[1])


def _annotate(record: Record, target: Call | Card | None, kind: str, text: str, line: int, column: int, call: bool) -> None:
    """Attach a note reference, NAG or suffix to the call or card before it (PBN §3.5.2, §3.7); what cannot be
    attached is noted (N103's, N104's)."""
    problems = record.problems
    if target is None or target.kind in (FILLER, END, CONTINUE, SKIP):
        problems.append(Problem(Kind.ANNOTATION_WITHOUT_TARGET, line, column, (text, call)))
        return
    if kind == "note":
        digits = text[1:-1]
        number = whole(digits) if is_digits(digits) else None
        if number is None:
            problems.append(Problem(Kind.UNNUMBERED_REFERENCE, line, column, (text,)))
        elif not 1 <= number <= 32:
            problems.append(Problem(Kind.REFERENCE_OUT_OF_RANGE, line, column, (text,)))
        elif target.note is not None:
            problems.append(Problem(Kind.SECOND_NOTE_REFERENCE, line, column, (call,)))
        else:
            target.note = number
            target.note_line, target.note_column = line, column
        return
    value = _nag(problems, target, kind, text, line, column, call)
    if value is not None:
        target.nags += (value,)


def _nag(problems: list[Problem], target: Call | Card, kind: str, text: str, line: int, column: int,
         call: bool) -> int | None:
    """The NAG a suffix or NAG ``text`` (``kind``) gives ``target``; None, noted, when it is neither, is for the
    other of calls and cards, or is a second suffix."""
    if kind == "suffix":
        suffix = _SUFFIX_NAG.get(text)
        if suffix is None:
            problems.append(Problem(Kind.UNKNOWN_SUFFIX, line, column, (text,)))
            return None
        value = suffix + (0 if call else 6)
    else:
        digits = text[1:]
        nag = whole(digits) if is_digits(digits) else None
        if nag is None or nag > 255:
            problems.append(Problem(Kind.NAG_OUT_OF_RANGE, line, column, (text,)))
            return None
        value = nag
        if (call and (7 <= value <= 12 or value == 14)) or (not call and (1 <= value <= 6 or value == 13)):
            problems.append(Problem(Kind.NAG_OF_THE_OTHER, line, column, (value, call)))
            return None
    suffixes = range(1, 7) if call else range(7, 13)
    if value in suffixes and any(n in suffixes for n in target.nags):
        problems.append(Problem(Kind.SECOND_SUFFIX, line, column, (call,)))
        return None
    return value


def _unescape(value: str) -> str:
    return value.replace('\\"', '"').replace("\\\\", "\\") if "\\" in value else value
