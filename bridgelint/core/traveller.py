"""A ScoreTable (a board's traveller) read by column, by whoever asks: its whole rows, each column's elements as
written, typed, as figures and as ids (:class:`Traveller`), the field of its scores, each counted as often as its
Multiplicity says (:class:`ScoreField`), and how its pairs are told apart (:func:`pair_key`, :func:`per_direction`).
Built on the cells of :mod:`.tables`, whichever reader made them; pure: no findings."""

from __future__ import annotations

from array import array
from bisect import bisect_left
from itertools import accumulate, chain
from operator import eq
from typing import Sequence, cast

from .tables import (
    ARTIFICIAL,
    IRRELEVANT,
    MALFORMED,
    UNKNOWN,
    Table,
    column_figures,
    column_values,
    unquoted,
)

# The columns of a traveller that name a seat's pair or player, with the seat they name.
SEAT_COLUMNS = (("PairId_NS", "NS"), ("PairId_EW", "EW"), ("PlayerId_North", "North"), ("PlayerId_South", "South"),
                ("PlayerId_East", "East"), ("PlayerId_West", "West"))
_SEAT_IDS = tuple(name for name, _ in SEAT_COLUMNS)
_NOT_PLAIN = ('"', ARTIFICIAL, IRRELEVANT, UNKNOWN)  # what an id written plainly does not hold


class _Row:
    __slots__ = ("number", "ns", "count", "artificial", "below", "equal")

    def __init__(self, number: int, ns: int, count: int, artificial: bool):
        self.number = number  # in the table
        self.ns = ns
        self.count = count
        self.artificial = artificial
        self.below = self.equal = 0  # how many of the other scores are lower, equal

    @property
    def matchpoints(self) -> float:
        """NS's, a point per lower score and half per equal one (Law 78A)."""
        return self.below + self.equal / 2


class ScoreField:
    """The scores of a ScoreTable's rows, each counted Multiplicity times: by row of the field, the table's row
    (``numbers``), North-South's score (``ns``), its count and whether the row is artificial; ``rows`` the same
    as objects ranked against the field (Law 78A), made when first asked."""

    def __init__(self, numbers: list[int], ns: list[int], counts: list[int] | None, artificial: frozenset[int],
                 adjusted: bool = False):
        self.numbers, self.ns, self.artificial = numbers, ns, artificial  # artificial: the table's rows
        self.counts = counts if counts is not None else [1] * len(ns)
        self.adjusted = adjusted or bool(artificial)  # a row artificial, or left out as one
        self.entries = sum(self.counts) if counts is not None else len(ns)
        self._rows: list[_Row] | None = None

    @property
    def rows(self) -> list[_Row]:
        if self._rows is None:
            rows = self._rows = [_Row(number, points, count, number in self.artificial)
                                 for number, points, count in zip(self.numbers, self.ns, self.counts)]
            counts: dict[int, int] = {}
            for row in rows:
                counts[row.ns] = counts.get(row.ns, 0) + row.count
            scores = sorted(counts)
            below = list(accumulate((counts[points] for points in scores), initial=0))  # entries under each score
            for row in rows:
                at = bisect_left(scores, row.ns)
                row.below, row.equal = below[at], counts[row.ns] - 1
        return self._rows


_NOT_WORDS = ('"', "{", "}", ";", "%", "[", "]")  # what may stand in a table's text besides elements and blanks


# The positions of a header's columns, and of the columns a rule looks for, by the header's text (a file's
# travellers mostly share one header); a few hundred headers at most are remembered.
_HEADERS: dict[str, dict[str, int]] = {}
_FOUND: dict[tuple[str, tuple[str, ...]], tuple[int | None, ...]] = {}
_REMEMBERED = 512


def _remember(cache: dict, key: object, value: object) -> None:
    if len(cache) >= _REMEMBERED:
        cache.clear()
    cache[key] = value


class Traveller:
    """A ScoreTable read a column at a time, once for every rule that asks
    (:func:`~bridgelint.rules.record_tables.traveller`): its whole rows (an element for every column), each
    column's elements as written and as typed by the column's kind."""

    __slots__ = ("table", "numbers", "starts", "whole", "header", "_positions", "_elements", "_texts", "_values",
                 "_figures", "_ids")

    def __init__(self, table: Table):
        self.table = table
        width, starts, count = len(table.columns), table.row_starts, table.element_count
        self.numbers: Sequence[int]  # the whole rows' numbers in the table, and their first elements
        self.starts: Sequence[int]
        if count == width * len(starts) and starts == array("i", range(0, count, width)):
            self.numbers, self.starts = range(len(starts)), starts
        else:
            ends = [*starts[1:], count]
            whole = [(number, start) for number, (start, end) in enumerate(zip(starts, ends)) if end - start == width]
            self.numbers, self.starts = [number for number, _ in whole], [start for _, start in whole]
        self.whole = len(self.numbers) == len(starts)  # every row is
        self.header = None if table.inherited else table.tag.value  # what the columns are read from
        positions = _HEADERS.get(self.header) if self.header is not None else None
        if positions is None:
            positions = {}
            for position, column in enumerate(table.columns):
                positions.setdefault(column.name, position)
            if self.header is not None:
                _remember(_HEADERS, self.header, positions)
        self._positions: dict[str, int] = positions
        self._elements: list[str] | None = None  # every element, when a split of the table's text gives them
        self._texts: dict[int, list[str]] = {}
        self._values: dict[int, list[object]] = {}
        self._figures: dict[int, tuple[list[int | float | None], int]] = {}
        self._ids: dict[int, list[str | None]] = {}

    def position(self, name: str) -> int | None:
        """The position of the first column of that name (``Table.column_index``), or None."""
        return self._positions.get(name)

    def find(self, names: tuple[str, ...]) -> tuple[int | None, ...]:
        """:meth:`position` of each of ``names``, worked out once for every table of the same header."""
        header = self.header
        found = _FOUND.get((header, names)) if header is not None else None
        if found is None:
            found = tuple(map(self._positions.get, names))
            if header is not None:
                _remember(_FOUND, (header, names), found)
        return found

    def texts(self, position: int) -> list[str]:
        """The whole rows' elements in a column, as written."""
        found = self._texts.get(position)
        if found is None:
            if self._elements is None:
                self._elements = self._split()
            if self._elements:  # every row whole, every element a word: a column is every width-th word
                found = self._elements[position::len(self.table.columns)]
            else:
                text, cells = self.table.text, self.table.cells
                found = [text[cells[at]:cells[at + 1]] for at in (4 * (start + position) for start in self.starts)]
            self._texts[position] = found
        return found

    def _split(self) -> list[str]:
        """Every element in file order, when the rows are all whole and the table's text holds nothing but its
        elements and blanks (no string, comment or escape): the words of that text; else none."""
        table = self.table
        cells = table.cells
        if not self.whole or not cells:
            return []
        written = table.text[cells[0]:cells[-3]]
        if any(mark in written for mark in _NOT_WORDS):
            return []
        words = written.split()
        return words if len(words) == table.element_count else []

    def values(self, position: int) -> list[object]:
        """The whole rows' elements in a column, typed (``Table.value``)."""
        found = self._values.get(position)
        if found is None:
            found = self._values[position] = column_values(self.table.columns[position].kind, self.texts(position))
        return found

    def ids(self, position: int) -> list[str | None]:
        """The whole rows' elements in a column as ids or names (:func:`id_text`)."""
        found = self._ids.get(position)
        if found is None:
            texts = self.texts(position)
            joined = "".join(texts)
            if '"' in joined or ARTIFICIAL in joined or IRRELEVANT in joined or UNKNOWN in joined:
                found = [id_text(text) for text in texts]  # a mark, a quote, a - or ? (perhaps within an id)
            else:
                found = cast("list[str | None]", texts)  # every one an id as it is written
            self._ids[position] = found
        return found

    def figures(self, position: int) -> tuple[list[int | float | None], int]:
        """The whole rows' numbers in a column (marks and quotes undone; None where an element is no number) and the
        most decimals one is written with."""
        found = self._figures.get(position)
        if found is None:
            found = self._figures[position] = column_figures(self.texts(position))
        return found

    def ids_apart(self) -> bool:
        """Whether every row is whole and every id of the seat columns (:data:`SEAT_COLUMNS`) is written once, none
        quoted, marked, ``-`` or ``?``: no pair twice on the board and none numbered on both sides (then no Mitchell
        either, :func:`per_direction`), at a glance.  Any doubt (an id such as ``A-1`` too) is for the full
        reading."""
        if not self.whole:
            return False
        written: list[str] = []
        for position in self.find(_SEAT_IDS):
            if position is not None:
                written += self.texts(position)
        joined = "".join(written)
        return len(set(written)) == len(written) and not any(mark in joined for mark in _NOT_PLAIN)

    def lines(self, position: int) -> Sequence[int]:
        """The line of each whole row's element in a column."""
        cells = self.table.cells
        if isinstance(self.numbers, range):  # rows of one element a column each, one after the other
            return cells[4 * position + 2::4 * len(self.table.columns)]
        return [cells[4 * (start + position) + 2] for start in self.starts]


def id_text(text: str) -> str | None:
    """An element as an id or name: quotes undone; None for an unknown one (``-``, ``?``, ``??``, ``???``: OKbridge
    writes an unknown pair so) or nothing."""
    if text[:1] == ARTIFICIAL:
        text = text[1:]
    if text[:1] == '"':
        text = unquoted(text)
    return None if text == IRRELEVANT or not text.strip(UNKNOWN) else text


def score_field(view: Traveller) -> ScoreField | None:
    """The field of the table's scores; None when a row's NS score is not known (nothing can be computed)."""
    table = view.table
    ns, ew, multiplicity = view.find(("Score_NS", "Score_EW", "Multiplicity"))
    if ns is None and ew is None or not view.whole:
        return None  # no score, or a row that is not whole
    ns_points = view.values(ns) if ns is not None else None
    ew_points = view.values(ew) if ew is not None else None
    artificial = table.artificial_rows()
    counts = None if multiplicity is None else [count if isinstance(count, int) and count > 0 else 1
                                                for count in view.values(multiplicity)]
    if ns_points is not None and _all_scores(ns_points):
        field = ScoreField(list(range(len(table))), cast("list[int]", ns_points), counts, artificial)
    elif ns_points is None and ew_points is not None and _all_scores(ew_points):
        field = ScoreField(list(range(len(table))), [-cast(int, points) for points in ew_points], counts, artificial)
    elif (ns_points is not None and ew_points is not None and MALFORMED not in ns_points
          and MALFORMED not in ew_points and (merged := _one_side(ns_points, ew_points)) is not None):
        field = ScoreField(list(range(len(table))), merged, counts, artificial)
    else:
        numbers, scores, kept = [], [], []
        left_out = False
        for row in range(len(table)):
            points = ns_points[row] if ns_points is not None else None
            if not isinstance(points, int):
                other = ew_points[row] if ew_points is not None else None
                if not isinstance(other, int):
                    if row in artificial:
                        left_out = True  # an adjusted score (A+, A-...) given in no points: no score to compare
                        continue
                    return None
                points = -other
            numbers.append(row)
            scores.append(points)
            kept.append(counts[row] if counts is not None else 1)
        field = ScoreField(numbers, scores, kept if counts is not None else None, artificial, left_out)
    return field if field.entries >= 2 else None


def _one_side(ns: list, ew: list) -> list[int] | None:
    """Each row's North-South score from the side it is given on, as most tables write it (the other side ``-``);
    None when a row gives it on neither."""
    try:
        return [-other if points is None else points for points, other in zip(ns, ew)]
    except TypeError:  # -None: a row without a score
        return None


def _all_scores(values: list[object]) -> bool:
    """Whether every element of a score column is a score (not -, ?, an adjusted score or malformed)."""
    return None not in values and MALFORMED not in values


def per_direction(view: Traveller, names: tuple[int | None, int | None], pairs: tuple[int, int]) -> bool:
    """Whether a ScoreTable numbers its pairs per direction (a Mitchell: North-South 1 is not East-West 1): a
    number on both sides with other Names there, or more than one row with the same number on both sides.
    ``names``: the positions of Names_NS and Names_EW (None: not read), ``pairs`` of PairId_NS and PairId_EW."""
    north, east = view.ids(pairs[0]), view.ids(pairs[1])
    if None in north:
        same = sum(1 for pair, other in zip(north, east) if pair is not None and pair == other)
    else:
        same = sum(map(eq, north, east))
    if names == (None, None):
        return same > 1
    absent = [None] * len(north)
    names_ns, names_ew = (view.ids(position) if position is not None else absent for position in names)
    if all(name is None for name in chain(names_ns, names_ew)):
        return same > 1
    named_ew = {pair: name for pair, name in zip(east, names_ew) if pair is not None}
    named_ns = {pair: name for pair, name in zip(north, names_ns) if pair is not None}
    if any(pair in named_ew and name != named_ew[pair] for pair, name in named_ns.items()):
        return True
    return same > 1


def pair_key(section: str, pair: str) -> str:
    """How the standings tell a pair (or player) apart: its id within its section (``""``: none)."""
    return f"{section}\x1f{pair}" if section else pair
