"""T — supplemental tables (PBN §5): headers and rows, as the reader notes them (T101, T102); a ScoreTable's scores
and matchpoints are :mod:`.scores`', tag values :mod:`.tag_values`'."""

from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator, cast

from ..core.digits import is_digits
from ..core.findings import Finding, Severity
from ..core.problems import Kind, Problem
from ..core.record import Auction, Play
from ..core.tables import (
    IRRELEVANT,
    KIND_FORMS,
    MALFORMED,
    SCORE,
    TEXT,
    Element,
    Table,
    adjusted_score,
    parse_element,
    sort_key,
)
from ..core.tokens import CARD, FILLER, SKIP
from ..core.tokens import UNKNOWN as NOT_PLAYED
from .base import Rule


class MalformedHeader(Rule):
    """Malformed table header.

    What it does: reports a column specification of a table's tag value that
    breaks PBN §5.2: each column is `Name`, with an optional sort mark before
    it (`+` descending, `-` ascending) and an optional minimum width after it
    (`\\<width>`, then `L` or `R` for the alignment), columns separated by `;`.
    An empty column, a width that is no number, a stray `\\` or a second sort
    mark is reported at the column; so is a column name with spaces when every
    row holds one element per word (`;` was meant).
    Why it matters: the header says what every element of the table is; a
    reader that cannot split it cannot read a single row.
    Example:

        [Event "Club pairs"]
        [Board "1"]
        [ScoreTable "Rank\\3X;;Score_NS"]
        1 420

    Use instead:

        [Event "Club pairs"]
        [Board "1"]
        [ScoreTable "Rank\\3R;Score_NS"]
        1 420

    References: PBN §5.2.
    """

    code, name, severity, law = "T101", "table-header", "error", "PBN §5.2"
    stage = "game"

    reads = frozenset((Kind.TABLE_NO_COLUMN, Kind.TABLE_BAD_COLUMN, Kind.TABLE_HEADER_ROWS))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """T101 for a table's tag whose value lists no column; for a column specification the grammar's column
        does not match; for a column name with spaces, where each line of the table holds one element per word
        (';' was meant)."""
        kind, facts = problem.kind, problem.facts
        if kind is Kind.TABLE_NO_COLUMN:
            yield cls.finding(f"{facts[0]} has no column: the tag value lists the columns, separated by ';'",
                              problem.line, problem.column)
        elif kind is Kind.TABLE_BAD_COLUMN:
            name, spec = facts
            yield cls.finding(f"{name} column \"{spec[:30]}\" is malformed: {_spec_problem(spec)}", problem.line,
                              problem.column, law="PBN §5.2")
        else:
            yield from cls._spaces(*facts)

    @classmethod
    def _spaces(cls, table: Table, line_counts: Callable[[], Iterable[tuple[int, int]]]) -> Iterator[Finding]:
        """T101 for a column name with spaces, where each line of ``table`` holds one element per word
        (``line_counts()``: the first element and the number of elements of each line): ';' was meant."""
        spaced = [c for c in table.columns if " " in c.name]
        if not spaced or table.inherited or not table.element_count:
            return
        words = sum(len(c.name.split()) for c in table.columns)
        if {count for _, count in line_counts()} == {words}:
            column = spaced[0]
            line, col = table.tag.value_place(column.offset)
            meant = ";".join(column.name.split())
            yield cls.finding(f"{table.name} column \"{column.name}\" holds spaces and each row has {words} "
                              f"elements: columns are separated by ';', as in \"{meant}\"", line, col)


class MalformedRow(Rule):
    """Malformed table row.

    What it does: reports table rows that do not fit the header or the
    standard: a row with missing or extra elements (`-` stands for an
    irrelevant element, `?` for an unknown one); a comment after an element; a
    `%`, `[`, `]`, `}` or `"` outside a string, or a string never closed; a
    predefined column whose element has the wrong form (Rank, Contract,
    Declarer, Result, Score, Percentage, Call, Card, Time, ScoreRange...); rows
    out of the order a `+`/`-` column declares; an AuctionTimeTable or
    PlayTimeTable without one row per call or card, counted over the whole
    section however its lines are laid out (BBO Helper writes four times a
    line, in the grid of the auction or the play, with `-` where the grid has
    a `-`: that is one row per slot, as good); an OptimumResultTable that
    gives a declarer and denomination twice; InstantScoreTable ranges that
    overlap. In import format a row may span lines; in export format each row
    is one line. In ActionTables, `0` stands for every other call or card and
    a suit alone for any card of it, as in the standard's own examples. An
    adjusted score written as scoring programs write the averages of Law 12C
    (`A+`, `A-`, `A=` in a score column) is a warning that names it: its row
    is read as artificial.
    Why it matters: a row that does not fit shifts every element after it into
    the wrong column, and results tables then rank the wrong pairs.
    Example:

        [Event "Club pairs"]
        [Board "1"]
        [ScoreTable "Rank;Contract;Declarer;Result;Score_NS"]
        1 4S S 10
        2 3NT N 9 400 {keyed late}

    Use instead:

        [Event "Club pairs"]
        [Board "1"]
        [ScoreTable "Rank;Contract;Declarer;Result;Score_NS"]
        1 4S S 10 420
        2 3NT N 9 400

    References: PBN §5.1-§5.10.
    """

    code, name, severity, law = "T102", "table-row", "error", "PBN §5"
    severity_when = "warning for an adjusted score written A+, A- or A="
    stage = "game"

    reads = frozenset((Kind.TABLE_ROW_COUNTS, Kind.TABLE_ROWS))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """T102 at the first row of a table that does not hold one element per column; for what a table's rows
        break: a comment after an element, an element's characters, a predefined column's form, the order its
        header declares, and the rules of its kind."""
        if problem.kind is Kind.TABLE_ROW_COUNTS:
            yield from _counts(*problem.facts)
        else:
            yield from _rows(*problem.facts)


def _counts(table: Table, rows: Callable[[], Iterable[tuple[int, int]]]) -> Iterator[Finding]:
    """T102 at the first of ``table``'s ``rows()`` (first element, number of elements) that does not hold one
    element per column."""
    width = len(table.columns)
    bad = [(start, count) for start, count in rows() if count != width]
    if bad:
        start, count = bad[0]
        yield _count_finding(table, start, count, len(bad) - 1)


def _rows(table: Table, comment: tuple[int, int] | None, comments: int, closed_string: Callable[[str], object],
          auction: Auction | None, play: Play | None) -> Iterator[Finding]:
    """T102 for what ``table``'s rows break: a comment after an element (the first at ``comment``, ``comments`` in
    all), an element's characters (``closed_string``: the grammar's closed string), a predefined column's form, the
    order its header declares, and the rules of its kind (a time table against the game's ``auction`` or
    ``play``)."""
    if comment is not None:
        yield _row_finding(f"comment after a {table.name} element: only the table's tag may carry commentary",
                           *comment, comments - 1, "comments", law="PBN §5.1")
    yield from _check_elements(table, closed_string)
    if table.columns:
        yield from _check_order(table)
    check = _TABLE_CHECKS.get(table.name)
    if check is not None:
        yield from check(table, auction, play)


_FORBIDDEN = re.compile(r'[%\[\]{};"]')  # not in a section token (PBN §3.2, §5.1)


def _row_finding(message: str, line: int, column: int, more: int = 0, what: str = "", law: str | None = None,
                 severity: Severity | None = None) -> Finding:
    if more:
        message += f"; {more} more {what} like it in this table"
    return MalformedRow.finding(message, line, column, severity, law=law)


def _count_finding(table: Table, start: int, count: int, more: int) -> Finding:
    """T102 at a row of ``count`` elements from element ``start``, ``more`` rows like it after it."""
    width = len(table.columns)
    names = ";".join(c.name for c in table.columns)
    at = start + width if count > width else start
    line, column = table.element_place(at)
    what = "extra elements" if count > width else "missing elements"
    return _row_finding(f"{table.name} row has {count} elements for {width} columns ({names}): {what}; write - for "
                        "an irrelevant element and ? for an unknown one", line, column, more, "rows", law="PBN §5.2")


def _check_elements(table: Table, closed_string: Callable[[str], object]) -> Iterator[Finding]:
    """Strings closed, no forbidden character, and the form of each predefined column (one finding a column)."""
    columns = table.columns
    width = len(columns)
    starts = table.row_starts
    kinds = [column.kind if column.kind != TEXT else None for column in columns]
    bad_text: list[tuple[int, str]] = []
    bad_form: dict[int, list[int]] = {}  # column -> elements of the wrong form
    adjusted: list[int] = []  # score elements written as adjusted scores (A+, A-, A=)
    for row in range(len(starts)):
        span = table.span(row)
        for index in span:
            text = table.element_text(index)
            if _FORBIDDEN.search(text):
                problem = _text_problem(text, closed_string)
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
        yield _row_finding(f"{table.name} element {table.element_text(index)[:30]}: {problem}",
                           line, column, len(bad_text) - 1, "elements", law="PBN §5.1")
    for position, indexes in sorted(bad_form.items()):
        spec = columns[position]
        line, col = table.element_place(indexes[0])
        yield _row_finding(f"{table.name} {spec.name} \"{table.element_text(indexes[0])[:30]}\" is not "
                           f"{KIND_FORMS[spec.kind or TEXT]}", line, col, len(indexes) - 1, f"{spec.name} elements",
                           law="PBN §5")
    if adjusted:
        text = table.element_text(adjusted[0])
        line, col = table.element_place(adjusted[0])
        yield _row_finding(f"{table.name} score {text} is an adjusted score (an {adjusted_score(text)}) "
                           "as scoring programs write it, not a PBN score: read as an artificial row; PBN writes "
                           "an artificial score with a leading ^", line, col, len(adjusted) - 1, "adjusted scores",
                           law="PBN §5.2", severity="warning")


def _text_problem(text: str, closed_string: Callable[[str], object]) -> str | None:
    if text.startswith('"'):
        if closed_string(text):
            return None
        if text.endswith('"') and len(text) > 1 and not text.endswith('\\"'):
            return "characters after the closing quote"
        return "the string is never closed: a string ends on its line with '\"'"
    forbidden = _FORBIDDEN.search(text)
    bad = forbidden.group() if forbidden is not None else text[:1]
    return f"'{bad}' is not allowed outside a string; quote the element"


def _check_order(table: Table) -> Iterator[Finding]:
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
                    yield _row_finding(f"{table.name} row out of order: {column.name} "
                                       f"{table.element_text(start + position)} after {_shown(before)}, but the column "
                                       f"is marked '{column.order}' ({direction})", line, col, law="PBN §5.2")
                    return
                break
        last = keys


def _shown(key: tuple[str | None, object, str]) -> str:
    kind, value, text = key
    return text if kind else (str(value) if not isinstance(value, float) or value % 1 else str(int(value)))


def _time_table(section: str, part: str, counted: frozenset[str], blank: frozenset[str],
                clause: str) -> Callable[[Table, Auction | None, Play | None], Iterator[Finding]]:
    """The check that a time table has one row per call or card of its section (PBN §5.4, §5.8), counted over
    the whole section: rows need not be lines in import format (BBO Helper writes four times a line, as the
    auction's or play's grid).  A table that mirrors the grid of its section, one row per slot, a ``-`` row
    where the section has a ``blank`` (a ``-`` filler, a ``^S`` skip, a card not played), is as good."""

    def check(table: Table, auction: Auction | None, play: Play | None) -> Iterator[Finding]:
        tag = table.tag
        found = auction if part == "auction" else play
        if found is None or found.line > tag.line:
            yield _row_finding(f"{table.name} needs {section} section before it", tag.line, tag.column,
                               law=f"PBN §{clause}")
            return
        kinds = [item.kind for item in getattr(found, "calls" if part == "auction" else "cards")]
        items = sum(1 for kind in kinds if kind in counted)
        rows = len(table)
        if rows == items:
            return
        what = "calls" if part == "auction" else "cards"
        grid = [kind in blank for kind in kinds if kind in counted or kind in blank]
        if rows == len(grid) and any(grid):
            off = next((row for row, empty in enumerate(grid)
                        if empty and any(table.element_text(i) != IRRELEVANT for i in table.span(row))), None)
            if off is None:
                return
            line, column = table.element_place(table.row_starts[off])
            yield _row_finding(f"{table.name} row {off + 1} stands where the {part} has no {what[:-1]}: write - "
                               f"there, one row per {what[:-1]} or per slot of the {part}'s grid", line, column,
                               law=f"PBN §{clause}")
            return
        if rows > items:
            line, column = table.element_place(table.row_starts[items])
        else:
            line, column = tag.line, tag.column
        yield _row_finding(f"{table.name} has {rows} rows for {items} {what}: one row per {what[:-1]}, in the "
                           f"order of the {part}", line, column, law=f"PBN §{clause}")

    return check


def _optimum_results(table: Table, auction: Auction | None, play: Play | None) -> Iterator[Finding]:
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
            yield _row_finding(f"{table.name} gives {key[0]} {key[1]} twice: one row per declarer and "
                               "denomination, 20 in a full table", row[0].line, row[0].column, law="PBN §5.7")
            return
        seen.add(key)


def _instant_ranges(table: Table, auction: Auction | None, play: Play | None) -> Iterator[Finding]:
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
                yield _row_finding(f"{table.name} {name} {element.text} overlaps {before.text}: the ranges of a "
                                   "side do not overlap", element.line, element.column, law="PBN §5.5")
                break


_CALLS = frozenset(("pass", "double", "redouble", "bid", "allpass", "invalid"))
_TABLE_CHECKS = {
    "AuctionTimeTable": _time_table("an Auction", "auction", _CALLS, frozenset((FILLER, SKIP)), "5.4"),
    "PlayTimeTable": _time_table("a Play", "play", frozenset((CARD, "invalid")), frozenset((NOT_PLAYED,)), "5.8"),
    "OptimumResultTable": _optimum_results,
    "InstantScoreTable": _instant_ranges,
}


def _spec_problem(spec: str) -> str:
    """What is wrong with a column specification (T101)."""
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
