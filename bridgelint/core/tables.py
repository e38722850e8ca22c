"""The supplemental tables of PBN (§5.3-§5.10): predefined columns and typed element values.

A column of a standard table has a *kind* that says what its elements are
(a rank, a score, a contract...); ``parse_element`` turns an element's text
into its typed value, or says it is malformed.  Pure: no reading, no findings.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from .bridge import RANKS, SEATS, Contract, parse_card, parse_contract, parse_lead, parse_pbn_call
from .digits import is_digits, matched, whole
from .tags import Tag

T = TypeVar("T")

# Kinds of element.
TEXT, RANK, COUNT, NUMBER, SCORE = "text", "rank", "count", "number", "score"
PERCENTAGE, TRICKS = "percentage", "tricks"
CONTRACT, SEAT, CALL, CARD, DENOMINATION, TIME, RANGE, HOLDING = (
    "contract", "seat", "call", "card", "denomination", "time", "range", "holding")
LEAD = "lead"  # one card, in any form results files write an opening lead (core.bridge.parse_lead)

_SIDES = ("_NS", "_EW")


def _both(name: str, kind: str) -> dict[str, str]:
    return {name + s: kind for s in _SIDES}


def _seats(name: str, kind: str) -> dict[str, str]:
    return {f"{name}_{seat}": kind for seat in ("North", "South", "East", "West")}


# The predefined columns of each standard table, with their kinds (PBN §5.3-§5.10).
TABLE_COLUMNS: dict[str, dict[str, str]] = {
    "ActionTable": {"Rank": RANK, "Call": CALL, "Card": CARD, "Declarer": SEAT, "Contract": CONTRACT,
                    "Percentage": PERCENTAGE},
    "AuctionTimeTable": {"Time": TIME, "TotalTime": TIME},
    "InstantScoreTable": {"Rank": RANK, **_both("ScoreRange", RANGE), **_both("IMP", NUMBER),
                          **_both("Percentage", PERCENTAGE)},
    "OptimumPlayTable": dict.fromkeys("SHDC", HOLDING),
    "OptimumResultTable": {"Declarer": SEAT, "Denomination": DENOMINATION, "Result": COUNT},
    "PlayTimeTable": {"Time": TIME, "TotalTime": TIME},
    "ScoreTable": {"Rank": RANK, **_both("PairId", TEXT), **_both("Names", TEXT), "Contract": CONTRACT,
                   "Declarer": SEAT, "Result": TRICKS, "Lead": LEAD, **_both("Score", SCORE), **_both("IMP", NUMBER),
                   **_both("MP", NUMBER), **_both("Percentage", PERCENTAGE), "Multiplicity": COUNT,
                   # as programs write them: a Butler datum; an individual event's seats (Ruter)
                   "ButlerDatum": NUMBER, "Datum": NUMBER, **_seats("MP", NUMBER), **_seats("Percentage", PERCENTAGE)},
    "TotalScoreTable": {"Rank": RANK, "PairId": TEXT, "Names": TEXT, "TotalScore": NUMBER, "TotalIMP": NUMBER,
                        "TotalMP": NUMBER, "TotalPercentage": PERCENTAGE, "MeanScore": NUMBER, "MeanIMP": NUMBER,
                        "MeanMP": NUMBER, "MeanPercentage": PERCENTAGE, "NrBoards": COUNT, "Multiplicity": COUNT,
                        # as programs write them (Ruter): totals by method, the last rank of a tie, the direction
                        "TotalScoreIMP": NUMBER, "TotalScoreMP": NUMBER, "TotalScoreVP": NUMBER, "RankTie": RANK,
                        "Direction": TEXT},
}

# What an element of each kind must look like, for messages.
KIND_FORMS = {
    RANK: "a rank (1, 2, ...)", COUNT: "a whole number", NUMBER: "a number", SCORE: "a score in points",
    PERCENTAGE: "a percentage (0-100)", TRICKS: "a number of tricks (0-13)",
    CONTRACT: "a contract (Pass, 1C ... 7NTXX)", SEAT: "a seat (W, N, E, S)",
    CALL: "a call (Pass, X, XX, 1C ... 7NT)", CARD: "a card (SA ... C2) or a suit",
    LEAD: "a card (SA, HT, D10, \u2660A or TD)",
    DENOMINATION: "a denomination (S, H, D, C, NT)", TIME: "a time (HH:MM:SS, MM:SS or SS)",
    RANGE: "a score range (s, s1,*, s1,s2 or *,s2)", HOLDING: "ranks (AKQJT98765432) or -",
}

UNKNOWN, IRRELEVANT, ARTIFICIAL = "?", "-", "^"  # PBN §5.2
MALFORMED = object()  # what parse_element returns for an element of the wrong form

# Adjusted scores as scoring programs write them in a score column (Law 12C averages): not a PBN score
# (§4.2), but no malformed one either; their rows count as artificial.
ADJUSTED_SCORES = {"A+": "average plus", "A-": "average minus", "A=": "average"}


def adjusted_score(text: str) -> str | None:
    """What an element written as an adjusted score (``A+``, ``"A-"``...) awards, in words; None if it is not one."""
    if text[:1] not in ('"', "A", "a"):
        return None  # most elements: told at their first character
    if text[:1] == '"':
        text = unquoted(text)
    return ADJUSTED_SCORES.get(text.upper())


# A sit-out as scoring programs write it in a row's score or contract cells (Magic Contest, Ruter: "Bye"): the
# row is a pair's round without an opponent, no result; neither a malformed element nor a score of the field.
SIT_OUTS = frozenset(("BYE", "SITOUT", "SIT-OUT", "SIT OUT", "PHANTOM", "NOT PLAYED"))
_SIT_OUT_WORD = re.compile(r"bye|sit|phantom|not played", re.IGNORECASE)


def sit_out(text: str) -> bool:
    """Whether an element says that its row's pair sat out (``"Bye"``, ``Sitout``, ``Phantom``...)."""
    if text[:1] == '"':
        text = unquoted(text)
    return text.upper() in SIT_OUTS

_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_TIME = re.compile(r"(?:(?:([0-9]{1,2}):)?([0-9]{1,2}):)?([0-9]{1,2})")
_DENOMINATIONS = frozenset(("S", "H", "D", "C", "NT"))


def number(text: str) -> int | float | None:
    """A decimal number as an int (no decimal point) or a float; None if not a number."""
    if (value := whole(text)) is not None:
        return value
    if _DECIMAL.fullmatch(text):
        return float(text)
    return None


def decimals(text: str) -> int:
    """How many decimals a number is written with."""
    point = text.find(".")
    return 0 if point < 0 else len(text) - point - 1


def unquoted(text: str) -> str:
    """A string element's content (PBN §3.2 escapes undone); other elements as they are."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
        return text.replace('\\"', '"').replace("\\\\", "\\") if "\\" in text else text
    return text


def sort_key(text: str) -> tuple | None:
    """How an element compares in a sorted column: numbers as numbers, other text as text; None for ? and -."""
    if text[:1] == ARTIFICIAL:
        text = text[1:]
    if text in (UNKNOWN, IRRELEVANT, ""):
        return None
    value = number(text)
    return (0, value, "") if value is not None else (1, 0, text)


def parse_element(kind: str | None, text: str) -> object:
    """The typed value of an element of a column of ``kind`` (None: not predefined).

    ``?``, ``-``, an adjusted score (``A+``...) and a sit-out (``Bye``...) are None; a leading ``^``
    (artificial) is not part of the value.  Returns MALFORMED when the element does not have the kind's form.
    """
    if text[:1] == ARTIFICIAL:
        text = text[1:]
    if text in (UNKNOWN, IRRELEVANT):
        return None
    if text[:1] == '"':
        text = unquoted(text)
    if kind is None or kind == TEXT:
        return text
    if kind == SCORE and text.upper() in ADJUSTED_SCORES:
        return None
    value = _PARSERS[kind](text)
    if value is None:
        return None if text.upper() in SIT_OUTS else MALFORMED
    return value


def column_values(kind: str | None, texts: list[str]) -> list[object]:
    """:func:`parse_element` of each element of a column of ``kind``, each text parsed once (:func:`_each_once`)."""
    seen = _PARSED.get(kind)
    if seen is None:
        seen = _PARSED[kind] = {}
    return _each_once(seen, texts, partial(parse_element, kind))


def column_figures(texts: list[str]) -> tuple[list[int | float | None], int]:
    """The numbers of a column's elements (marks and quotes undone; None where an element is no number) and the
    most decimals one is written with, each text read once (:func:`_each_once`)."""
    read = _each_once(_FIGURES, texts, _figure)
    return [value for value, _ in read], max((places for _, places in read), default=0)


def _figure(text: str) -> tuple[int | float | None, int]:
    """The number an element writes (None if none), and the decimals it is written with."""
    written = unquoted(text.lstrip(ARTIFICIAL))
    value = number(written)
    return value, decimals(written) if value is not None else 0


def _each_once(seen: dict[str, T], texts: list[str], read: Callable[[str], T]) -> list[T]:
    """``read`` of each of ``texts``.  A column mostly repeats a few hundred texts (scores, IMPs, contracts): each
    is read once and kept in ``seen`` (at most about :data:`_REMEMBERED`, then forgotten at once), then looked up,
    a pass in C.  What ``read`` gives is never changed by its callers."""
    try:
        return list(map(seen.__getitem__, texts))
    except KeyError:  # a text not read yet: those alone are read
        pass
    new = set(texts).difference(seen)
    if len(seen) > _REMEMBERED:
        seen.clear()
        new = set(texts)
    seen.update((text, read(text)) for text in new)
    return list(map(seen.__getitem__, texts))


_PARSED: dict[str | None, dict[str, object]] = {}  # the values of the texts column_values parsed, by kind and text
_FIGURES: dict[str, tuple[int | float | None, int]] = {}  # what column_figures read, by text
_REMEMBERED = 4096  # texts at most, of a kind (then forgotten at once): a few hundred KiB


def _rank(text: str) -> int | None:
    value = _count(text)
    return value if value is None or value >= 1 else None


def _count(text: str) -> int | None:
    return matched(text) if is_digits(text) else None


def _score(text: str) -> int | None:
    return whole(text)


def _percentage(text: str) -> int | float | None:
    value = number(text)
    return value if value is not None and 0 <= value <= 100 else None


def _tricks(text: str) -> int | None:
    value = _count(text)
    return value if value is not None and value <= 13 else None


def _contract(text: str) -> Contract | None:
    contract, _ = parse_contract(text)
    return contract if contract is not None and (contract.level or not contract.denomination) else None


def _seat(text: str) -> str | None:
    return text.upper() if len(text) == 1 and text.upper() in SEATS else None


def _call(text: str) -> str | None:
    if text == "0":  # every other call, as in the standard's own ActionTables
        return text
    token, _ = parse_pbn_call(text)
    return token.canonical if token is not None and token.kind != "allpass" else None


def _card(text: str) -> str | None:
    if text == "0" or text.upper() in ("S", "H", "D", "C"):  # every other card; any card of a suit
        return text.upper()
    return parse_card(text) if len(text) == 2 else None



def _denomination(text: str) -> str | None:
    text = text.upper()
    return text if text in _DENOMINATIONS else None


def _time(text: str) -> int | None:
    """Seconds of ``HH:MM:SS``, ``MM:SS`` or ``SS`` (PBN §5.4)."""
    m = _TIME.fullmatch(text)
    if not m:
        return None
    hours, minutes, seconds = (int(part) if part else 0 for part in m.groups())
    if (m.group(2) and seconds > 59) or (m.group(1) and minutes > 59):
        return None
    return hours * 3600 + minutes * 60 + seconds


def _range(text: str) -> tuple[int | None, int | None] | None:
    """A score range as the lowest and highest score it holds (None: no bound) (PBN §5.5)."""
    low, comma, high = text.partition(",")
    if not comma:
        return None if (value := whole(text)) is None else (value, value)
    lowest, highest = whole(low), whole(high)
    if low == "*" and highest is not None:
        return None, highest - 1
    if high == "*" and lowest is not None:
        return lowest + 1, None
    if lowest is not None and highest is not None and lowest < highest - 1:
        return lowest + 1, highest - 1
    return None


def _holding(text: str) -> str | None:
    text = text.upper()
    return text if text and all(rank in RANKS for rank in text) else None


_PARSERS: dict[str, Callable[[str], object]] = {RANK: _rank, COUNT: _count, NUMBER: number, SCORE: _score, PERCENTAGE: _percentage,
            TRICKS: _tricks, CONTRACT: _contract, SEAT: _seat, CALL: _call, CARD: _card, LEAD: parse_lead,
            DENOMINATION: _denomination, TIME: _time, RANGE: _range, HOLDING: _holding}


@dataclass(slots=True)
class Column:
    """A column of a supplemental table: ``[+|-]Name[\\width[L|R]]`` (PBN §5.2)."""

    name: str
    order: str = ""  # "+" descending, "-" ascending, "" not sorted
    width: int = 0  # minimum width of its elements (0: none)
    align: str = ""  # "L" or "R"; "" not given
    offset: int = 0  # where its specification starts in the tag value
    kind: str | None = None  # the kind of a predefined column (TABLE_COLUMNS), None for others


@dataclass(slots=True)
class Element:
    """A table element: as written (quotes and ``^`` included) and as understood."""

    text: str
    value: object  # typed by the column's kind; None for ? and -; tables.MALFORMED if malformed
    line: int
    column: int
    artificial: bool = False  # written with a leading ^ (an artificial score, PBN §5.2)


class Table:
    """A supplemental section (PBN §5): its tag, its columns and rows of elements.

    Elements are kept compactly, as places in the game's text (offset, end,
    line, column), and typed when asked for, so a table of 100,000 rows costs
    little more than its text.  ``columns`` and the rows are set once the
    game is read (a ``#`` header is known only then).
    """

    __slots__ = ("tag", "text", "cells", "row_starts", "columns", "inherited", "_artificial", "_sit_out")

    def __init__(self, tag: Tag, text: str):
        self.tag = tag  # the section's tag; its value is the header
        self.text = text
        self.cells = array("i")  # offset, end, line, column of each element, in file order
        self.row_starts = array("i")  # the index of each row's first element
        self.columns: list[Column] = []
        self.inherited = tag.value.strip() == "#"  # the header comes from an earlier game (PBN §4.8)
        self._artificial: frozenset[int] | None = None
        self._sit_out: frozenset[int] | None = None

    @classmethod
    def of_cells(cls, name: str, columns: list[str], rows: Iterable[Sequence[tuple[str, int, int]]], line: int,
                 column: int) -> Table:
        """A table that a reader of another format builds (a USEBIO traveller, a BWS session's rows): a PBN
        table's ``name`` and predefined ``columns``, each row's cells as (text, line, column) in the file read.
        Cells are written as PBN elements are (``-`` for none, ``"..."`` for text with blanks) so that every
        check reads them alike; ``line`` and ``column`` are the table's own place."""
        kinds = TABLE_COLUMNS.get(name, {})
        table = cls(Tag(name, ";".join(columns), line, column, as_written=False), "")
        table.columns = [Column(title, kind=kinds.get(title)) for title in columns]
        pieces: list[str] = []
        offset = 0
        for row in rows:
            table.row_starts.append(len(table.cells) // 4)
            for text, cell_line, cell_column in row:
                table.cells.extend((offset, offset + len(text), cell_line, cell_column))
                pieces.append(text)
                offset += len(text) + 1
        table.text = " ".join(pieces)
        return table

    @property
    def name(self) -> str:
        return self.tag.name

    def __len__(self) -> int:
        """The number of rows."""
        return len(self.row_starts)

    @property
    def element_count(self) -> int:
        return len(self.cells) // 4

    def element_text(self, index: int) -> str:
        cells = self.cells
        return self.text[cells[4 * index]:cells[4 * index + 1]]

    def element_place(self, index: int) -> tuple[int, int]:
        """(line, column) of an element."""
        return self.cells[4 * index + 2], self.cells[4 * index + 3]

    def element(self, index: int, column: Column | None = None) -> Element:
        text = self.element_text(index)
        line, col = self.element_place(index)
        kind = column.kind if column is not None else None
        return Element(text, parse_element(kind, text), line, col, text[:1] == ARTIFICIAL)

    def span(self, number: int) -> range:
        """The indexes of the elements of one row (0-based)."""
        starts = self.row_starts
        return range(starts[number], starts[number + 1] if number + 1 < len(starts) else self.element_count)

    def row(self, number: int) -> list[Element]:
        """The elements of one row, typed by their columns; a short row has fewer, a long one more."""
        span, columns = self.span(number), self.columns
        return [self.element(i, columns[i - span.start] if i - span.start < len(columns) else None) for i in span]

    def whole(self, number: int) -> bool:
        """Whether the row has an element for every column, and no more."""
        return len(self.span(number)) == len(self.columns)

    def cell(self, number: int, position: int) -> Element:
        """The element of a whole row in one column, typed, with its place."""
        return self.element(self.row_starts[number] + position, self.columns[position])

    def value(self, number: int, position: int) -> object:
        """The typed value of the element of a whole row in one column (as ``cell(...).value``, cheaper)."""
        return parse_element(self.columns[position].kind, self.element_text(self.row_starts[number] + position))

    def artificial(self, number: int) -> bool:
        """Whether an element of the row is marked ``^`` (an artificial score, PBN §5.2), a score column holds
        an adjusted score as programs write one (``A+``, ``A-``, ``A=``: Law 12C), or a predefined column says
        that the row's pair sat out (``Bye``): a row whose scores are not the field's."""
        return number in self.artificial_rows()

    def artificial_rows(self) -> frozenset[int]:
        """The rows that are artificial (:meth:`artificial`), worked out once."""
        if self._artificial is None:
            text, cells, starts, count = self.text, self.cells, self.row_starts, self.element_count
            found: set[int] = set()
            if cells and ARTIFICIAL in text[cells[0]:cells[-3]]:  # a ^ somewhere: which rows
                found.update(row for row in range(len(starts))
                             if any(text[cells[4 * i]] == ARTIFICIAL for i in self.span(row)))
            for position, column in enumerate(self.columns):
                if column.kind == SCORE:
                    found.update(row for row, start in enumerate(starts) if start + position < count
                                 and adjusted_score(self.element_text(start + position)))
            found.update(self.sit_out_rows())
            self._artificial = frozenset(found)
        return self._artificial

    def sit_out_rows(self) -> frozenset[int]:
        """The rows a predefined column of which says that the row's pair sat out (``Bye``, ``Sitout``...), worked
        out once."""
        if self._sit_out is None:
            text, cells, starts, count = self.text, self.cells, self.row_starts, self.element_count
            found: frozenset[int] = frozenset()
            if cells and _SIT_OUT_WORD.search(text, cells[0], cells[-3]):  # a sit-out word somewhere: which rows
                typed = [position for position, column in enumerate(self.columns) if column.kind not in (None, TEXT)]
                found = frozenset(row for row, start in enumerate(starts)
                                  if any(start + position < count and sit_out(self.element_text(start + position))
                                         for position in typed))
            self._sit_out = found
        return self._sit_out

    def rows(self) -> Iterator[list[Element]]:
        for number in range(len(self.row_starts)):
            yield self.row(number)

    def texts(self) -> Iterator[list[str]]:
        """The rows as written."""
        for number in range(len(self.row_starts)):
            yield [self.element_text(i) for i in self.span(number)]

    def column_index(self, name: str) -> int | None:
        """The position of the column of that name, or None."""
        for i, column in enumerate(self.columns):
            if column.name == name:
                return i
        return None
