"""Reading PBN supplemental sections (§5): the header's columns, rows of elements.

While a game is scanned, ``TableReader.add`` keeps each element of a section
as its place in the game's text; tokens written without a space between them
(``^500``, ``a!b``) make one element.  Once the game is read and a ``#``
header is resolved (§4.8), ``finish`` parses the header (T101), makes the
rows and checks them (T102).  A tag whose name ends in ``Table`` is a table;
other sections are kept, a row a line, and not checked.
"""

from __future__ import annotations

import re
from array import array
from collections import Counter
from typing import Callable, Iterator, cast

from ..core.digits import is_digits, matched
from ..core.findings import Severity
from ..core.record import Record
from ..core.tables import Column, Element, Table
from ..rules.tables import MalformedHeader, MalformedRow
from ..core.tables import KIND_FORMS, MALFORMED, SCORE, TABLE_COLUMNS, TEXT, adjusted_score, parse_element, sort_key
from .patterns import PBN_CLOSED_STRING, PBN_COLUMN_SPEC

_FORBIDDEN = re.compile(r'[%\[\]{};"]')  # not in a section token (PBN §3.2, §5.1)
_CLOSED_STRING = PBN_CLOSED_STRING.fullmatch
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
        """Columns and rows, once the header is known; T101 and T102 findings on ``record``."""
        table = self.table
        checked = table.name.endswith("Table")
        table.columns = _columns(table, record if checked and not table.inherited else None, self.shift)
        _split_rows(table, record if checked else None)
        if not checked:
            return
        _check_header_spaces(table, record)
        if self.comment_place is not None:
            _row_finding(record, f"comment after a {table.name} element: only the table's tag may carry commentary",
                         *self.comment_place, self.comments - 1, "comments", law="PBN §5.1")
        _check_elements(table, record)
        if table.columns:
            _check_order(table, record)
        check = _TABLE_CHECKS.get(table.name)
        if check is not None:
            check(table, record)


def _row_finding(record: Record, message: str, line: int, column: int, more: int = 0, what: str = "",
                 law: str | None = None, severity: Severity | None = None) -> None:
    if more:
        message += f"; {more} more {what} like it in this table"
    record.problem(MalformedRow, message, line, column, severity, law=law)


# --- header -----------------------------------------------------------------------

def _columns(table: Table, record: Record | None, shift: int = 0) -> list[Column]:
    """The columns of the header; T101 on ``record`` for each malformed specification.

    ``shift`` is where the header starts in the value as written (after a ``##``)."""
    tag = table.tag
    value = tag.value
    kinds = TABLE_COLUMNS.get(tag.name, {})
    columns: list[Column] = []
    if not value.strip():
        if record is not None:
            record.problem(MalformedHeader, f"{tag.name} has no column: the tag value lists the columns, "
                           "separated by ';'", tag.line, tag.column)
        return columns
    offset = shift
    for spec in value.split(";"):
        stripped = spec.strip()
        start = offset + len(spec) - len(spec.lstrip())
        offset += len(spec) + 1
        m = _COLUMN_SPEC(stripped)
        if m is None:
            if record is not None:
                line, column = tag.value_place(start)
                record.problem(MalformedHeader, f"{tag.name} column \"{stripped[:30]}\" is malformed: "
                               f"{_spec_problem(stripped)}", line, column, law="PBN §5.2")
            if stripped:  # an empty one is a stray ';', no column the rows have an element for
                columns.append(Column(stripped, offset=start))
            continue
        name = m.group("column")
        width = m.group("width")
        columns.append(Column(name, m.group("order"), matched(width) if width else 0, m.group("align") or "", start,
                              kinds.get(name)))
    return columns


def _spec_problem(spec: str) -> str:
    if not spec:
        return "an empty column (two ';' in a row, or one at the end)"
    name, backslash, width = spec.partition("\\")
    if name in ("", "+", "-"):
        return "the column has no name"
    if name[0] in "+-" and name[1:2] in ("+", "-"):
        return "one sort mark at most, '+' (descending) or '-' (ascending)"
    if backslash:
        if "\\" in width:
            return "a second '\\'"
        if not is_digits(width[:1]):
            return "'\\' must be followed by the minimum width, as in Rank\\3R"
        return "after the width only L (left) or R (right) alignment may follow"
    return "the name may not end in spaces"


def _check_header_spaces(table: Table, record: Record) -> None:
    """A column name with spaces, where the rows hold one element per word: ';' was meant (T101)."""
    spaced = [c for c in table.columns if " " in c.name]
    if not spaced or table.inherited or not table.element_count:
        return
    words = sum(len(c.name.split()) for c in table.columns)
    if {count for _, count in _line_counts(table, _line_starts(table))} == {words}:
        column = spaced[0]
        line, col = table.tag.value_place(column.offset)
        meant = ";".join(column.name.split())
        record.problem(MalformedHeader, f"{table.name} column \"{column.name}\" holds spaces and each row has "
                       f"{words} elements: columns are separated by ';', as in \"{meant}\"", line, col)


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
    explains.  T102 on ``record`` for missing or extra elements."""
    width = len(table.columns)
    starts = _line_starts(table)
    if record is None or width == 0 or record.export or not _rows_span_lines(table, starts, width):
        table.row_starts = starts
        if record is not None and width:
            bad = [(start, count) for start, count in _line_counts(table, starts) if count != width]
            if bad:
                start, count = bad[0]
                _count_finding(table, record, start, count, len(bad) - 1)
        return
    count = table.element_count
    table.row_starts = array("i", range(0, count, width))
    if count % width:
        _count_finding(table, record, table.row_starts[-1], count % width, 0)


def _rows_span_lines(table: Table, starts: array, width: int) -> bool:
    """Whether the rows are laid out across lines: fewer than half the lines hold one whole row, and
    the usual line holds several rows, or part of one, or the lines differ."""
    counts = Counter(count for _, count in _line_counts(table, starts))
    if 2 * counts[width] >= len(starts):
        return False
    usual, times = counts.most_common(1)[0]
    return 2 * times <= len(starts) or usual % width == 0 or width % usual == 0


def _count_finding(table: Table, record: Record, start: int, count: int, more: int) -> None:
    width = len(table.columns)
    names = ";".join(c.name for c in table.columns)
    at = start + width if count > width else start
    line, column = table.element_place(at)
    what = "extra elements" if count > width else "missing elements"
    _row_finding(record, f"{table.name} row has {count} elements for {width} columns ({names}): {what}; write - for "
                 "an irrelevant element and ? for an unknown one", line, column, more, "rows", law="PBN §5.2")


def _check_elements(table: Table, record: Record) -> None:
    """Strings closed, no forbidden character, and the form of each predefined column (one finding a column)."""
    columns = table.columns
    width = len(columns)
    starts = table.row_starts
    kinds = [column.kind if column.kind != TEXT else None for column in columns]
    bad_text: list[tuple[int, str]] = []
    bad_form: dict[int, list[int]] = {}  # column -> elements of the wrong form
    adjusted: list[int] = []  # score elements written as adjusted scores (A+, A-, A=)
    for number in range(len(starts)):
        span = table.span(number)
        for index in span:
            text = table.element_text(index)
            if _FORBIDDEN.search(text):
                problem = _text_problem(text)
                if problem:
                    bad_text.append((index, problem))
                    continue
            position = index - span.start
            kind = kinds[position] if position < width else None
            if kind is not None and parse_element(kind, text) is MALFORMED:
                bad_form.setdefault(position, []).append(index)
            elif kind == SCORE and adjusted_score(text):
                adjusted.append(index)
    if bad_text:
        index, problem = bad_text[0]
        line, column = table.element_place(index)
        _row_finding(record, f"{table.name} element {table.element_text(index)[:30]}: {problem}",
                     line, column, len(bad_text) - 1, "elements", law="PBN §5.1")
    for position, indexes in sorted(bad_form.items()):
        spec = columns[position]
        line, col = table.element_place(indexes[0])
        _row_finding(record, f"{table.name} {spec.name} \"{table.element_text(indexes[0])[:30]}\" is not "
                     f"{KIND_FORMS[spec.kind or TEXT]}", line, col, len(indexes) - 1, f"{spec.name} elements",
                     law="PBN §5")
    if adjusted:
        text = table.element_text(adjusted[0])
        line, col = table.element_place(adjusted[0])
        _row_finding(record, f"{table.name} score {text} is an adjusted score (an {adjusted_score(text)}) "
                     "as scoring programs write it, not a PBN score: read as an artificial row; PBN writes "
                     "an artificial score with a leading ^", line, col, len(adjusted) - 1, "adjusted scores",
                     law="PBN §5.2", severity="warning")


def _text_problem(text: str) -> str | None:
    if text.startswith('"'):
        if _CLOSED_STRING(text):
            return None
        if text.endswith('"') and len(text) > 1 and not text.endswith('\\"'):
            return "characters after the closing quote"
        return "the string is never closed: a string ends on its line with '\"'"
    forbidden = _FORBIDDEN.search(text)
    bad = forbidden.group() if forbidden is not None else text[:1]
    return f"'{bad}' is not allowed outside a string; quote the element"


# --- order ------------------------------------------------------------------------

def _check_order(table: Table, record: Record) -> None:
    """The first '+'/'-' column in its order, later marked columns breaking its ties (T102 at the first row out)."""
    marked = [(i, c) for i, c in enumerate(table.columns) if c.order]
    if not marked:
        return
    starts, count = table.row_starts, table.element_count
    last = None  # the keys of the last row whose first marked element is known
    for row, start in enumerate(starts):
        end = starts[row + 1] if row + 1 < len(starts) else count
        keys = [sort_key(table.element_text(start + i)) if start + i < end else None for i, _ in marked]
        if keys[0] is None:
            continue
        if last is not None:
            for (position, column), before, now in zip(marked, last, keys):
                if before is None or now is None:
                    break
                if before == now:
                    continue
                if (now < before) if column.order == "-" else (now > before):
                    line, col = table.element_place(start + position)
                    direction = "ascending" if column.order == "-" else "descending"
                    _row_finding(record, f"{table.name} row out of order: {column.name} "
                                 f"{table.element_text(start + position)} after {_shown(before)}, but the column "
                                 f"is marked '{column.order}' ({direction})", line, col, law="PBN §5.2")
                    return
                break
        last = keys


def _shown(key: tuple[str | None, object, str]) -> str:
    kind, value, text = key
    return text if kind else (str(value) if not isinstance(value, float) or value % 1 else str(int(value)))


# --- tables with rules of their own --------------------------------------------------

def _time_table(section: str, part: str, counted: frozenset[str], clause: str) -> Callable[[Table, Record], None]:
    """The check that a time table has one row per call or card of its section (PBN §5.4, §5.8)."""

    def check(table: Table, record: Record) -> None:
        tag = table.tag
        found = getattr(record, part)
        if found is None or found.line > tag.line:
            _row_finding(record, f"{table.name} needs {section} section before it", tag.line, tag.column,
                         law=f"PBN §{clause}")
            return
        items = sum(1 for item in getattr(found, "calls" if part == "auction" else "cards") if item.kind in counted)
        rows = len(table)
        if rows == items:
            return
        what = "calls" if part == "auction" else "cards"
        if rows > items:
            line, column = table.element_place(table.row_starts[items])
        else:
            line, column = tag.line, tag.column
        _row_finding(record, f"{table.name} has {rows} rows for {items} {what}: one row per {what[:-1]}, in the "
                     f"order of the {part}", line, column, law=f"PBN §{clause}")

    return check


def _optimum_results(table: Table, record: Record) -> None:
    """One row per declarer and denomination: 20 rows at most (PBN §5.7)."""
    declarer, denomination = table.column_index("Declarer"), table.column_index("Denomination")
    if declarer is None or denomination is None:
        return
    seen: set[tuple] = set()
    for row in table.rows():
        if len(row) <= max(declarer, denomination):
            continue
        key = (row[declarer].value, row[denomination].value)
        if None in key or MALFORMED in key:
            continue
        if key in seen:
            _row_finding(record, f"{table.name} gives {key[0]} {key[1]} twice: one row per declarer and "
                         "denomination, 20 in a full table", row[0].line, row[0].column, law="PBN §5.7")
            return
        seen.add(key)


def _instant_ranges(table: Table, record: Record) -> None:
    """Score ranges of one side do not overlap (PBN §5.5)."""
    for name in ("ScoreRange_NS", "ScoreRange_EW"):
        position = table.column_index(name)
        if position is None:
            continue
        ranges: list[tuple[tuple[int | None, int | None], Element]] = []
        for row in table.rows():
            if len(row) > position and isinstance(row[position].value, tuple):
                ranges.append((cast(tuple[int | None, int | None], row[position].value), row[position]))
        ordered = sorted(ranges, key=lambda r: (r[0][0] is not None, r[0][0] or 0))
        for (bounds, before), (next_bounds, element) in zip(ordered, ordered[1:]):
            high, low = bounds[1], next_bounds[0]
            if high is None or low is None or low <= high:
                _row_finding(record, f"{table.name} {name} {element.text} overlaps {before.text}: the ranges of a "
                             "side do not overlap", element.line, element.column, law="PBN §5.5")
                break


_CALLS = frozenset(("pass", "double", "redouble", "bid", "allpass", "invalid"))
_TABLE_CHECKS = {
    "AuctionTimeTable": _time_table("an Auction", "auction", _CALLS, "5.4"),
    "PlayTimeTable": _time_table("a Play", "play", frozenset(("card", "invalid")), "5.8"),
    "OptimumResultTable": _optimum_results,
    "InstantScoreTable": _instant_ranges,
}
