"""Reading PBN supplemental sections (§5): the header's columns, rows of elements.

While a game is scanned, ``TableReader.add`` keeps each element of a section
as its place in the game's text; tokens written without a space between them
(``^500``, ``a!b``) make one element.  Once the game is read and a ``#``
header is resolved (§4.8), ``finish`` parses the header, makes the rows and
notes both as problems on the record, for the rules that check them (T101:
``MalformedHeader``, T102: ``MalformedRow``).  A tag whose name ends in
``Table`` is a table; other sections are kept, a row a line, and not checked.
"""

from __future__ import annotations

from array import array
from collections import Counter
from typing import Iterator

from ..core.digits import matched
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tables import TABLE_COLUMNS, Column, Table
from .patterns import PBN_CLOSED_STRING, PBN_COLUMN_SPEC

_CLOSED_STRING = PBN_CLOSED_STRING.fullmatch
TIME_TABLES = frozenset(("AuctionTimeTable", "PlayTimeTable"))  # one row per call or card (PBN §5.4, §5.8)
_COLUMN_SPEC = PBN_COLUMN_SPEC.fullmatch


class TableReader:
    """The elements of one section, collected while the game is scanned."""

    def __init__(self, table: Table):
        self.table = table
        self.comment_place: tuple[int, int] | None = None  # the first commentary after an element (PBN §5.1)
        self.comments = 0
        self.shift = 2 if table.tag.value.startswith("##") else 0  # where the header starts in the value as written

    def add(self, offset: int, end: int, line: int, column: int) -> None:
        cells = self.table.cells
        if cells and cells[-3] == offset:  # no space since the last token: the same element
            cells[-3] = end
        else:
            cells.extend((offset, end, line, column))

    def comment(self, line: int, column: int) -> None:
        if self.table.cells:
            self.comment_place = self.comment_place or (line, column)
            self.comments += 1

    def finish(self, record: Record) -> None:
        """Columns and rows, once the header is known; the header and the rows noted on ``record`` for T101 and
        T102 to check."""
        table = self.table
        checked = table.name.endswith("Table")
        table.columns = _columns(table, record if checked and not table.inherited else None, self.shift)
        _split_rows(table, record if checked else None)
        if not checked:
            return
        place = table.tag.line, table.tag.column
        record.problems += (
            Problem(Kind.TABLE_HEADER_ROWS, *place, (table, lambda: _line_counts(table, _line_starts(table)))),
            Problem(Kind.TABLE_ROWS, *place, (table, self.comment_place, self.comments, _CLOSED_STRING, record.auction,
                                              record.play)))


# --- header -----------------------------------------------------------------------

def _columns(table: Table, record: Record | None, shift: int = 0) -> list[Column]:
    """The columns of the header; each malformed specification noted on ``record`` (T101).

    ``shift`` is where the header starts in the value as written (after a ``##``)."""
    tag = table.tag
    value = tag.value
    kinds = TABLE_COLUMNS.get(tag.name, {})
    columns: list[Column] = []
    if not value.strip():
        if record is not None:
            record.problems.append(Problem(Kind.TABLE_NO_COLUMN, tag.line, tag.column, (tag.name,)))
        return columns
    offset = shift
    for spec in value.split(";"):
        stripped = spec.strip()
        start = offset + len(spec) - len(spec.lstrip())
        offset += len(spec) + 1
        m = _COLUMN_SPEC(stripped)
        if m is None:
            if record is not None:
                record.problems.append(Problem(Kind.TABLE_BAD_COLUMN, *tag.value_place(start), (tag.name, stripped)))
            if stripped:  # an empty one is a stray ';', no column the rows have an element for
                columns.append(Column(stripped, offset=start))
            continue
        name = m.group("column")
        width = m.group("width")
        columns.append(Column(name, m.group("order"), matched(width) if width else 0, m.group("align") or "", start,
                              kinds.get(name)))
    return columns


# --- rows -----------------------------------------------------------------------

def _line_starts(table: Table) -> array:
    """The index of the first element of each line of the section."""
    cells = table.cells
    starts = array("i")
    previous = None
    for index in range(table.element_count):
        line = cells[4 * index + 2]
        if line != previous:
            starts.append(index)
            previous = line
    return starts


def _line_counts(table: Table, starts: array) -> Iterator[tuple[int, int]]:
    """(first element, number of elements) of each line."""
    ends = starts[1:]
    ends.append(table.element_count)
    return zip(starts, (end - start for start, end in zip(starts, ends)))


def _split_rows(table: Table, record: Record | None) -> None:
    """Rows: a line each when lines hold whole rows (always in export format); else, in import format
    (PBN §5.2), every ``len(columns)`` elements, unless the lines are alike in a way no such split
    explains.  A time table's rows are every ``len(columns)`` elements in import format, however its
    lines are laid out (BBO Helper writes four a line, the auction's grid).  The rows noted on ``record``
    for T102 to count their elements."""
    width = len(table.columns)
    starts = _line_starts(table)
    if record is None or width == 0 or record.export or (
            table.name not in TIME_TABLES and not _rows_span_lines(table, starts, width)):
        table.row_starts = starts
        if record is not None and width:
            record.problems.append(Problem(Kind.TABLE_ROW_COUNTS, table.tag.line, table.tag.column,
                                           (table, lambda: _line_counts(table, starts))))
        return
    count = table.element_count
    table.row_starts = array("i", range(0, count, width))
    if count % width:
        last = table.row_starts[-1]
        record.problems.append(Problem(Kind.TABLE_ROW_COUNTS, table.tag.line, table.tag.column,
                                       (table, lambda: ((last, count - last),))))


def _rows_span_lines(table: Table, starts: array, width: int) -> bool:
    """Whether the rows are laid out across lines: fewer than half the lines hold one whole row, and
    the usual line holds several rows, or part of one, or the lines differ."""
    counts = Counter(count for _, count in _line_counts(table, starts))
    if 2 * counts[width] >= len(starts):
        return False
    usual, times = counts.most_common(1)[0]
    return 2 * times <= len(starts) or usual % width == 0 or width % usual == 0


