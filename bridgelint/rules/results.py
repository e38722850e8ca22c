"""R — results and standings: from the travellers to the ranking (Laws 78, 79; PBN §3.4.12, §5.9, §5.10).

The scoring method is the one the Scoring tag names (:mod:`bridgelint.scoring_method`); a rule that needs a
method the tag does not name, or names in a way not known, does not check the table and counts the skip
(``bridgelint check --statistics``).  The arithmetic is :mod:`bridgelint.results`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from functools import lru_cache
from itertools import chain
from math import isfinite
from operator import eq, neg
from typing import Any, Callable, Iterator, NamedTuple

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.results import MATCH_BOARDS, cross_imps, datum, round_to_ten, victory_points
from ..core.scoring import IMP_SCALES, imps_against
from ..core.scoring_method import DATUM_METHODS, ScoringMethod
from ..core.tables import ARTIFICIAL, IRRELEVANT, UNKNOWN, Element, Table, decimals, number, unquoted
from ..replay.context import per_record
from .base import Context, Rule
from .method import method_of
from .parts import TABLES
from .score_table import ScoreField, Traveller, id_text, traveller
from .tables import ScoreTableScore, _ScoreTableRule

DATUM_COLUMNS = ("ButlerDatum", "Datum")


def shown(value: float, places: int) -> str:
    return f"{value:.{places}f}" if places else f"{value:g}"


class _Datum:
    """One way a table's datum may be formed: exact, or rounded to the nearest 10."""

    __slots__ = ("value", "exact", "rounded")

    def __init__(self, exact: float, rounded: bool):
        self.exact = exact
        self.rounded = rounded
        self.value: float = round_to_ten(exact) if rounded else exact

    def described(self, method: ScoringMethod, entries: int) -> str:
        form = "median" if method.datum_form == "Median" else "mean"
        of = f"the {form} of the {entries} scores"
        if method.comparison == "Butler-2":
            of += " less the highest and the lowest"
        if self.rounded:
            return f"the datum {self.value:g} ({of}, {shown(self.exact, 2)}, to the nearest 10)"
        return f"the datum {shown(self.exact, 2)} ({of})"


@per_record
def datums(ctx: Context) -> list[_Datum]:
    """The datums the record's ScoreTable may have under its datum method, worked out once for R101 and R102: the
    mean (or median) rounded to the nearest 10 first (most programs), then exact; none without a datum method."""
    field, method = _MethodRule.field(ctx), method_of(ctx)
    if field is None or method.comparison not in DATUM_METHODS:
        return []
    exact = datum(field.ns, field.counts, method.comparison or "", method.datum_form or "")
    return [] if exact is None else [_Datum(exact, True), _Datum(exact, False)]


class _MethodRule(_ScoreTableRule):
    """Base of the rules that need the table's scoring method."""

    def prepared(self, ctx: Context, names: tuple[str, ...], applies: Callable[[ScoringMethod], bool]
                 ) -> tuple[Traveller, list[tuple[str, int]], ScoringMethod, ScoreField] | None:
        """The ScoreTable, those of its ``names`` columns it has, its method and its field; None when there is
        nothing to check, or the method is not one ``applies`` to (a skip, counted)."""
        view = traveller(ctx)
        checked = self.columns(view, names) if view is not None else []
        if view is None or not checked:
            return None
        method = method_of(ctx)
        if not applies(method):
            ctx.skip(self.code)
            return None
        field = self.field(ctx)
        return None if field is None else (view, checked, method, field)

    @staticmethod
    def places(view: Traveller, field: ScoreField, position: int) -> int:
        """The decimals a column is written with."""
        written = view.texts(position)
        texts = [written[number] for number in field.numbers]
        return max(map(decimals, texts), default=0) if any("." in text for text in texts) else 0


class ImpMismatch(_MethodRule):
    """ScoreTable IMPs are not those of the Scoring method.

    What it does: computes each ScoreTable row's IMPs under the method the
    Scoring tag names and compares them with IMP_NS and IMP_EW: against a
    datum (`Butler`: the mean of all the table's scores; `Butler-2`: without
    one highest and one lowest; `Median` instead of `Mean`), the datum exact
    or rounded to the nearest 10 (halves away from zero), whichever the whole
    table follows; or against every other score (`Cross`: the IMPs summed;
    `Cross1`: divided by the number of scores, N or N − 1, whichever the
    whole table follows; `Cross2`: divided by the number of comparisons;
    a `Cross1` or `Cross2` column written as the sums, divided only in the
    totals as Ruter writes it, is read so when the whole column follows it). The
    IMP scale is the WBF's, or `IMP_1948` when named. A value matches at the
    column's own precision. Artificial rows (`^`, `A+`...) are not checked,
    their scores count. A table whose Scoring tag names no such method (or
    something not known) is not checked: `--statistics` counts it as skipped.
    Why it matters: a Butler or cross-IMP ranking adds these IMPs up; a wrong
    datum or a wrong conversion moves every pair of the field.
    Example:

        [Board "1"]
        [Scoring "IMP;Butler"]
        [ScoreTable "Score_NS;IMP_NS;IMP_EW"]
        420 5 -5
        400 4 -4
        -50 -7 7

    Use instead: the datum is 260 (the mean of 420, 400 and −50, to the
    nearest 10).

        [Board "1"]
        [Scoring "IMP;Butler"]
        [ScoreTable "Score_NS;IMP_NS;IMP_EW"]
        420 4 -4
        400 4 -4
        -50 -7 7

    References: Law 78B; PBN §3.4.12, §5.9.
    """

    code, name, severity, law = "R101", "score-table-imps", "error", "Law 78B"
    follows = ((ScoreTableScore.code, "game"),)  # IMPs of a Score that is not Law 77's: that is the finding

    def check(self, ctx: Context) -> Iterator[Finding]:
        prepared = self.prepared(ctx, ("IMP_NS", "IMP_EW"),
                                 lambda method: method.comparison is not None and method.imp_scale in IMP_SCALES)
        if prepared is None:
            return
        view, checked, method, field = prepared
        scale, found = method.imp_scale or "WBF", datums(ctx)
        if found and len(field.ns) == len(view.numbers) and self._fits(view, checked, imps_against(
                field.ns, found[0].value, scale)):
            return  # every row in the field, every value the first datum's: the usual table, no reading built
        readings = self._readings(field, method, scale, found)
        for name, position in checked:
            yield from self._column(view, field, name, position, readings)

    @staticmethod
    def _fits(view: Traveller, checked: list[tuple[str, int]], ns: list[int]) -> bool:
        """Whether every IMP_NS of the table is ``ns`` and every IMP_EW its negation."""
        ew: list[int] | None = None
        for name, position in checked:
            if name == "IMP_EW":
                ew = ew or list(map(neg, ns))
            if view.values(position) != (ns if name == "IMP_NS" else ew):
                return False
        return True

    @staticmethod
    def _readings(field: ScoreField, method: ScoringMethod, scale: str, found: list[_Datum]) -> list[_Imps]:
        """Each way the method may be applied (``found``: the datums it may have): the rows' IMPs, and how they
        were found (for the message)."""
        comparison = method.comparison
        if comparison in DATUM_METHODS:
            def against(d: _Datum) -> _Imps:
                return _Imps(lambda: imps_against(field.ns, d.value, scale),
                             lambda row: d.described(method, field.entries))

            return [against(d) for d in found]
        scores = list(zip(field.ns, field.counts))
        crossed: list[int] = []  # each row's IMPs against every other score, summed, once for every divisor

        def summed() -> list[int]:
            if not crossed:
                crossed.extend(cross_imps(points, scores, scale) for points in field.ns)
            return crossed

        def over(k: int) -> _Imps:
            how = (f" over {k}, {comparison})" if k != 1 else ", Cross)" if comparison == "Cross" else
                   f" summed, as the column is written when {comparison} divides only in the totals)")
            return _Imps(lambda: [total / k for total in summed()],
                         lambda row: f"the {n - 1} other scores ({cross_imps(row.ns, scores, scale)} IMPs" + how)

        n = field.entries
        # Cross1 and Cross2 columns may hold the sums, divided only in the totals (Ruter): the last reading
        divisors = {"Cross": [1], "Cross1": [n, n - 1, 1], "Cross2": [n - 1, 1]}[comparison or ""]
        return [over(k) for k in dict.fromkeys(divisors) if k > 0]

    def _column(self, view: Traveller, field: ScoreField, name: str, position: int,
                readings: list[_Imps]) -> Iterator[Finding]:
        table, values = view.table, view.values(position)
        sign = 1 if name.endswith("_NS") else -1
        if readings and len(field.ns) == len(values) and values == readings[0].values(sign):
            return  # every row of the table in the field, every value the first reading's: the usual table
        stated = [(at, row, value, table.row_starts[row.number] + position) for at, row in enumerate(field.rows)
                  if not row.artificial and isinstance(value := values[row.number], (int, float))]
        if not stated or not readings:
            return
        places = self.places(view, field, position)
        tolerance = 0.5 * 10 ** -places + 1e-9
        best: list | None = None
        how: Callable[..., str] | None = None
        for reading in readings:
            computed = reading.values(sign)
            wrong = []
            for at, row, written, index in stated:
                value = computed[at]
                if abs(written - value) > tolerance:
                    wrong.append((row, index, value))
                    if best is not None and len(wrong) >= len(best):
                        break  # no better than a reading already tried
            if best is None or len(wrong) < len(best):
                best, how = wrong, reading.described
                if not wrong:
                    break  # every value fits this reading
        if best and how is not None:
            row, index, value = best[0]
            element = table.element(index)
            others = len(best) - 1
            more = f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""
            side, points = ("NS", row.ns) if sign == 1 else ("EW", -row.ns)
            yield self.finding(f"ScoreTable {name} {element.text}, but {side} {points} against {how(row)} is "
                               f"{shown(value, places)} IMPs{more}", element.line, element.column,
                               expected=shown(value, places))


class _Imps:
    """One reading of a table's IMPs: each side's IMPs on each row of the field (North-South's worked out when first
    asked, once for IMP_NS and IMP_EW), and how a row's were found, for the message."""

    __slots__ = ("_compute", "_sides", "described")

    def __init__(self, compute: Callable[[], list], described: Callable[..., str]):
        self._compute, self.described = compute, described
        self._sides: dict[int, list] = {}

    def values(self, sign: int) -> list:
        """North-South's IMPs (``sign`` 1) or East-West's (-1) on each row of the field."""
        found = self._sides.get(sign)
        if found is None:
            found = self._sides[sign] = self._compute() if sign == 1 else list(map(neg, self.values(1)))
        return found


class DatumMismatch(_MethodRule):
    """ScoreTable datum is not the datum of the table's scores.

    What it does: computes the datum of the table's scores under the method
    the Scoring tag names (`Butler`: the mean of all scores; `Butler-2`:
    without one highest and one lowest; `Median` instead of `Mean`) and
    compares it with a `ButlerDatum` or `Datum` column, exact at the column's
    precision or rounded to the nearest 10 (halves away from zero), whichever
    the whole table follows. A table whose Scoring tag names no datum method
    is not checked (`--statistics` counts it as skipped).
    Why it matters: every row's IMPs are counted from the datum; a wrong one
    moves the whole field.
    Example:

        [Board "1"]
        [Scoring "IMP;Butler"]
        [ScoreTable "Score_NS;ButlerDatum"]
        420 250
        400 250
        -50 250

    Use instead:

        [Board "1"]
        [Scoring "IMP;Butler"]
        [ScoreTable "Score_NS;ButlerDatum"]
        420 260
        400 260
        -50 260

    References: Law 78B; PBN §3.4.12, §5.9.
    """

    code, name, severity, law = "R102", "score-table-datum", "error", "Law 78B"
    follows = ((ScoreTableScore.code, "game"),)  # the datum of a Score not Law 77's: that is the finding

    def check(self, ctx: Context) -> Iterator[Finding]:
        prepared = self.prepared(ctx, DATUM_COLUMNS, lambda method: method.comparison in DATUM_METHODS)
        if prepared is None:
            return
        view, checked, method, field = prepared
        found = datums(ctx)
        if not found:
            return
        table = view.table
        for name, position in checked:
            values = view.values(position)
            if len(field.ns) == len(values) and any(values.count(d.value) == len(values) for d in found):
                continue  # every row's datum the same, and one the scores give: the usual table
            stated = [(value, table.row_starts[row.number] + position) for row in field.rows
                      if isinstance(value := values[row.number], (int, float))]
            tolerance = 0.5 * 10 ** -self.places(view, field, position) + 1e-9
            wrong, chosen = min((([index for value, index in stated if abs(value - d.value) > tolerance], d)
                                 for d in found), key=lambda wrong: len(wrong[0]))
            if wrong:
                element = table.element(wrong[0])
                others = len(wrong) - 1
                more = f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""
                yield self.finding(f"ScoreTable {name} {element.text}, but the table's scores give "
                                   f"{chosen.described(method, field.entries)}"
                                   f"{more}", element.line, element.column)


_SEAT_COLUMNS = (("PairId_NS", "NS"), ("PairId_EW", "EW"), ("PlayerId_North", "North"), ("PlayerId_South", "South"),
                 ("PlayerId_East", "East"), ("PlayerId_West", "West"))
_R106_COLUMNS = (*(name for name, _ in _SEAT_COLUMNS), "Section", "Table", "Round", "Names_NS", "Names_EW")


class ImpossibleTraveller(_ScoreTableRule):
    """Impossible traveller.

    What it does: reports a ScoreTable (a board's traveller) that no
    movement can produce: a pair (PairId_NS, PairId_EW) or player
    (PlayerId_North ... PlayerId_West) listed twice for the board, one pair
    as both North-South and East-West in a row, or two rows for one table
    in one round (Table and Round, within a Section when the table has one).
    Ids are compared within their Section; `-`, `?`, `??` and `???` are
    unknown pairs (OKbridge), never one pair listed twice. A table
    that numbers its pairs per direction (a Mitchell: a number on both sides
    with other Names_NS and Names_EW there, or several rows with the same
    number on both sides) has its North-South and East-West numbers
    compared apart. Across the file's travellers it also reports a pair
    listed on a board it played in an earlier traveller, and a pair at two
    tables in one round (Table and Round given).
    Why it matters: a pair plays a board once; a second row is a result
    entered twice or under the wrong pair, and every other row's matchpoints
    are computed against it.
    Example:

        [Board "1"]
        [ScoreTable "Table;Round;PairId_NS;PairId_EW;Score_NS"]
        1 1 1 5 420
        2 1 2 1 400

    Use instead:

        [Board "1"]
        [ScoreTable "Table;Round;PairId_NS;PairId_EW;Score_NS"]
        1 1 1 5 420
        2 1 2 6 400

    References: Law 78; PBN §5.9.
    """

    code, name, severity, law = "R106", "impossible-traveller", "error", "PBN §5.9"
    reads = frozenset((Kind.BWS_NOT_IN_MOVEMENT, Kind.BWS_OTHER_PAIRS, Kind.BWS_BOARD_NOT_IN_ROUND))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """R106 on a BWS row that the session's movement (RoundData) does not have."""
        if problem.kind is Kind.BWS_NOT_IN_MOVEMENT:
            table, round_ = problem.facts
            message = f"a result at table {table} in round {round_}, which the movement (RoundData) does not have"
        elif problem.kind is Kind.BWS_OTHER_PAIRS:
            table, round_, (ns, ew), (seated_ns, seated_ew) = problem.facts
            message = (f"pairs {_pair(ns)} and {_pair(ew)} at table {table} in round {round_}, where the movement "
                       f"(RoundData) seats {_pair(seated_ns)} and {_pair(seated_ew)}")
        else:
            board, table, round_, boards = problem.facts
            message = (f"board {board} at table {table} in round {round_}, where the movement (RoundData) plays "
                       f"{_board_words(boards)}")
        yield cls.finding(message, problem.line, problem.column)

    def check(self, ctx: Context) -> Iterator[Finding]:
        view = traveller(ctx)
        if view is None:
            return
        seats, _, (section, at_table, round_, names_ns, names_ew) = _r106_plan(view.find(_R106_COLUMNS))
        if not seats and (at_table is None or round_ is None):
            return
        if ids_apart(ctx) and _places_apart(view, (section, at_table, round_)):
            return  # no id twice, no table and round twice: nothing to find
        names = (names_ns, names_ew) if names_ns is not None and names_ew is not None else (None, None)
        table = view.table
        rows = id_rows(view, (section, at_table, round_, *names, *(at for at, _ in seats)))
        by_side = len(seats) == 2 and per_direction(view, names, (seats[0][0], seats[1][0]))
        seen: dict[tuple[str, str], tuple[str, int, int]] = {}  # (section, id) -> (seat, element, row) first listed
        places: dict[tuple[str, str, str], int] = {}  # (section, table, round) -> its element
        for row, start, ids in rows:
            where = ids[0] or ""
            for (at, seat), player in zip(seats, ids[5:]):
                if player is None:
                    continue
                key = (where, f"{seat} {player}" if by_side else player)
                earlier = seen.get(key)
                if earlier is None:
                    seen[key] = (seat, start + at, row)
                    continue
                line, column = table.element_place(start + at)
                if earlier[2] == row and len(seats) == 2:
                    yield self.finding(f"ScoreTable row has pair {player} both North-South and East-West",
                                       line, column)
                else:
                    yield self.finding(f"ScoreTable lists {_who(seats)} {player} twice for this board: {seat} "
                                       f"here, {earlier[0]} at line {table.element_place(earlier[1])[0]}",
                                       line, column)
            played_at, played_in = ids[1], ids[2]
            if at_table is None or played_at is None or played_in is None:
                continue
            earlier_at = places.get((where, played_at, played_in))
            if earlier_at is None:
                places[where, played_at, played_in] = start + at_table
                continue
            line, column = table.element_place(start + at_table)
            yield self.finding(f"ScoreTable has two rows for table {played_at} in round {played_in}: here and at "
                               f"line {table.element_place(earlier_at)[0]}", line, column)


def _pair(pair: object) -> str:
    """A pair of a BWS row or of its movement, as R106 says it: ``?`` where none is given."""
    return str(pair) if pair is not None else "?"


def _board_words(boards: frozenset[int]) -> str:
    """The boards a round of a BWS movement plays, as R106 says them: ``boards 1-3``, ``boards 1, 4``."""
    if not boards:
        return "no board"
    low, high = min(boards), max(boards)
    if len(boards) == high - low + 1:
        return f"board {low}" if low == high else f"boards {low}-{high}"
    return "boards " + ", ".join(map(str, sorted(boards)))


@lru_cache(maxsize=256)
def _r106_plan(found: tuple[int | None, ...]) -> tuple[list[tuple[int, str]], list[int], tuple[int | None, ...]]:
    """What R106 reads of a header's positions (:data:`_R106_COLUMNS`): the seat columns it has, with their seats,
    their positions, and those of Section, Table, Round, Names_NS and Names_EW; worked out once a header."""
    seats = [(at, seat) for at, (_, seat) in zip(found, _SEAT_COLUMNS) if at is not None]
    return seats, [at for at, _ in seats], found[len(_SEAT_COLUMNS):]


@per_record
def ids_apart(ctx: Context) -> bool:
    """Whether every row of the record's ScoreTable is whole and every id of its seat columns is written once, none
    quoted, marked, ``-`` or ``?``: no pair twice on the board and none numbered on both sides (then no Mitchell
    either, :func:`per_direction`), at a glance; read once for R106 and the standings.  Any doubt (an id such as
    ``A-1`` too) is for the full reading."""
    view = traveller(ctx)
    if view is None or not view.whole:
        return False
    written: list[str] = []
    for position in _r106_plan(view.find(_R106_COLUMNS))[1]:
        written += view.texts(position)
    joined = "".join(written)
    return len(set(written)) == len(written) and not any(mark in joined for mark in _NOT_PLAIN)


_NOT_PLAIN = ('"', ARTIFICIAL, IRRELEVANT, UNKNOWN)


def _places_apart(view: Traveller, places: tuple[int | None, int | None, int | None]) -> bool:
    """Whether no table and round (``places``: Section, Table and Round; within a section, compared as written) is
    given by two rows."""
    if places[1] is None or places[2] is None:
        return True
    spots = list(zip(*(view.texts(position) for position in places if position is not None)))
    return len(set(spots)) == len(spots)


def id_rows(view: Traveller, positions: tuple[int | None, ...]) -> list[tuple[int, int, tuple[str | None, ...]]]:
    """Each whole row of a table: its number, its first element and the ids in ``positions`` (``Traveller.ids``;
    None where there is no column)."""
    absent = [None] * len(view.starts)
    columns = [view.ids(position) if position is not None else absent for position in positions]
    return list(zip(view.numbers, view.starts, zip(*columns)))


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


def _who(seats: list[tuple[int, str]]) -> str:
    return "pair" if len(seats) <= 2 else "player"


_MEANS = {"MeanScore": ("TotalScore",), "MeanIMP": ("TotalIMP", "TotalScoreIMP"),
          "MeanMP": ("TotalMP", "TotalScoreMP", "MP")}  # a mean column and the totals it is the mean of
_MP_TOTALS = ("TotalMP", "TotalScoreMP", "MP")
_IMP_TOTALS = ("TotalIMP", "TotalScoreIMP")
_PERCENTAGES = ("TotalPercentage", "Percentage")
# what a ranking is ordered by when no column is sort-marked, best first
_RANKED_BY = ("TotalPercentage", "Percentage", "MeanPercentage", "MeanIMP", "MeanMP", "MeanScore", "TotalScoreVP",
              "TotalVP", "TotalIMP", "TotalScoreIMP", "TotalMP", "TotalScoreMP", "MP", "TotalScore")


def standings_table(record: Record) -> Table | None:
    """The record's TotalScoreTable, when it has columns and rows."""
    table = record.tables.get("TotalScoreTable")
    return table if table is not None and table.columns and len(table) else None


@per_record
def standings(ctx: Context) -> Standings | None:
    """The record's TotalScoreTable (:func:`standings_table`), read once for R103, R104 and R105."""
    table = standings_table(ctx.record)
    return Standings(table) if table is not None else None


class Standings:
    """A TotalScoreTable's numbers, read once: each column's values by row (None: not a number) and decimals."""

    def __init__(self, table: Table):
        self.table = table
        self.rows = [number for number in range(len(table)) if table.whole(number)]
        self._columns: dict[str, tuple[list[float | None], int] | None] = {}

    def column(self, name: str) -> tuple[list[float | None], int] | None:
        """The values of a column by row (``rows``) and the decimals it is written with; None without it."""
        if name not in self._columns:
            position = self.table.column_index(name)
            if position is None:
                self._columns[name] = None
            else:
                texts = [unquoted(self.table.element_text(self.table.row_starts[n] + position)).lstrip("^")
                         for n in self.rows]
                values = [number(text) for text in texts]
                self._columns[name] = ([float(v) if v is not None else None for v in values],
                                       max((decimals(t) for t, v in zip(texts, values) if v is not None), default=0))
        return self._columns[name]

    def texts(self, name: str) -> list[str | None]:
        """A column's elements by row as text (:func:`id_text`: quotes undone; None for ``-``, ``?``, ``???``,
        nothing or no column)."""
        position = self.table.column_index(name)
        if position is None:
            return [None] * len(self.rows)
        table = self.table
        return [id_text(table.element_text(table.row_starts[n] + position)) for n in self.rows]

    def first(self, names: tuple[str, ...]) -> tuple[str, list[float | None], int] | None:
        for name in names:
            found = self.column(name)
            if found is not None and any(v is not None for v in found[0]):
                return name, found[0], found[1]
        return None

    def element(self, row: int, name: str) -> Element:
        position = self.table.column_index(name)
        assert position is not None
        return self.table.cell(self.rows[row], position)


class StandingsContradiction(Rule):
    """TotalScoreTable row contradicts itself.

    What it does: reads each row of a TotalScoreTable (the ranking) on its
    own terms: a mean column (MeanIMP, MeanMP, MeanScore) that is not its
    total over NrBoards; a TotalPercentage that is not what the MP total,
    NrBoards and the top of a board give (the top the other rows agree on;
    MP totals centred on 0, as Ruter writes them, are read too); a Rank out
    of the ranking's order. The order is that of the first sort-marked
    column other than Rank, else TotalPercentage, else a mean, else a total.
    Equal figures may share the first rank of their group or hold
    consecutive ranks, and a RankTie column gives the last rank of a tie
    (Ruter: Rank 4 with RankTie 5). When the ranks restart at 1 for each
    direction (of a Direction column, or, without one, the rows after a
    restart: a Mitchell ranked North-South, then East-West), each is ranked
    on its own. Rank `-`
    (a row tied with the row above, as FFT writes it, or unranked) holds
    its place where the row stands in the order, so the next rank counts
    it (64, `-`, 66); rows with NrBoards 0 are not ranked.
    Why it matters: the ranking is what masterpoints and qualification are
    awarded from; a row whose own figures disagree has been edited or
    computed wrongly.
    Example:

        [Event "Pairs"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]
        1 4 20 1449.8 72.49
        2 7 6 2393.1 70.38
        3 2 20 1404.0 70.20

    Use instead:

        [Event "Pairs"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]
        1 4 20 1449.8 72.49
        2 7 6 422.3 70.38
        3 2 20 1404.0 70.20

    References: Law 79; PBN §5.10.
    """

    code, name, severity, law = "R103", "standings-contradiction", "error", "PBN §5.10"
    formats = frozenset(("pbn",))
    needs = TABLES

    def check(self, ctx: Context) -> Iterator[Finding]:
        ranking = standings(ctx)
        if ranking is None:
            return
        boards = ranking.column("NrBoards")
        if boards is not None:
            yield from self._means(ranking, boards[0])
            yield from self._percentages(ranking, boards[0])
        yield from self._ranks(ranking, boards[0] if boards is not None else None)

    def _means(self, standings: Standings, boards: list[float | None]) -> Iterator[Finding]:
        for mean_name, totals in _MEANS.items():
            means = standings.column(mean_name)
            total = standings.first(totals)
            if means is None or total is None:
                continue
            name, values, total_places = total
            tolerance_mean = 0.5 * 10 ** -means[1]
            wrong = []
            for row, (mean, value, n) in enumerate(zip(means[0], values, boards)):
                if mean is None or value is None or not n:
                    continue
                if abs(value / n - mean) > tolerance_mean + 0.5 * 10 ** -total_places / n + 1e-9:
                    wrong.append((row, value / n))
            if wrong:
                row, computed = wrong[0]
                element = standings.element(row, mean_name)
                yield self.finding(f"TotalScoreTable {mean_name} {element.text}, but {name} "
                                   f"{shown(values[row] or 0, total_places)} over {boards[row]:g} boards is "
                                   f"{shown(computed, means[1])}{_more(wrong, 'row')}", element.line, element.column,
                                   expected=shown(computed, means[1]))

    def _percentages(self, standings: Standings, boards: list[float | None]) -> Iterator[Finding]:
        total = standings.first(_MP_TOTALS)
        percent = standings.first(_PERCENTAGES)
        if total is None or percent is None:
            return
        name, mps, mp_places = total
        percent_name, percentages, places = percent
        rows = [(row, mp, p, n) for row, (mp, p, n) in enumerate(zip(mps, percentages, boards))
                if mp is not None and p is not None and n]
        best = None
        for centred in (False, True):
            top = _agreed_top(rows, centred)
            if top is None:
                continue
            wrong = []
            for row, mp, p, n in rows:
                computed = 100 * (mp / (n * top) + (0.5 if centred else 0))
                if abs(computed - p) > 0.5 * 10 ** -places + 100 * 0.5 * 10 ** -mp_places / (n * top) + 1e-9:
                    wrong.append((row, computed, mp, n))
            rank = (len(wrong), top != round(top))  # fewest rows wrong, then a whole top
            if best is None or rank < best[0]:
                best = (rank, wrong, top, centred)
        if best and best[1]:
            _, wrong, top, centred = best
            row, computed, mp, n = wrong[0]
            element = standings.element(row, percent_name)
            scale = "centred on 0, " if centred else ""
            yield self.finding(f"TotalScoreTable {percent_name} {element.text}, but {name} "
                               f"{shown(mp, mp_places)} over {n:g} boards ({scale}a top of {top:g} a board, as the "
                               f"other rows give) is {shown(computed, places)}%{_more(wrong, 'row')}",
                               element.line, element.column, expected=shown(computed, places))

    def _ranks(self, standings: Standings, boards: list[float | None] | None) -> Iterator[Finding]:
        ranks = standings.column("Rank")
        if ranks is None:
            return
        key = _ranking_key(standings)
        if key is None:
            return
        name, values, descending = key
        ties = standings.column("RankTie")
        directions = _directions(standings, ranks[0])
        groups: dict[str, list[int]] = {}
        for row in range(len(standings.rows)):
            if values[row] is None or boards is not None and boards[row] == 0:
                continue
            if ranks[0][row] is None and not _in_place(values, row, descending):
                continue  # an unranked row listed out of the order (a pair out of competition): not counted
            groups.setdefault(directions[row] if directions else "", []).append(row)
        wrong = [w for members in groups.values()
                 for w in _misranked(members, values, descending, ranks[0], ties[0] if ties is not None else None)]
        if wrong:
            wrong.sort()
            row, first, last, column = wrong[0]
            element = standings.element(row, column)
            place = f"rank {first}" if first == last else f"ranks {first} to {last} (a tie)"
            if column == "RankTie":
                place = f"a tie down to rank {last}" if first != last else "no tie"
            within = f" among {directions[row]}" if directions else ""
            yield self.finding(f"TotalScoreTable {column} {element.text}, but {name} "
                               f"{standings.element(row, name).text} holds {place}{within}{_more(wrong, 'row')}",
                               element.line, element.column,
                               expected=(str(first) if column == "Rank" else str(last)) if first == last or
                               column == "RankTie" else None)


def _in_place(values: list[float | None], row: int, descending: bool) -> bool:
    """Whether a row stands where its figure ranks it among the rows listed next to it (a row ranked ``-`` tied
    with the row above, as FFT writes it, holds its place)."""
    sign = -1 if descending else 1
    value = sign * (values[row] or 0)
    above = next((sign * v for v in reversed(values[:row]) if v is not None), None)
    below = next((sign * v for v in values[row + 1:] if v is not None), None)
    return (above is None or above <= value) and (below is None or value <= below)


def _more(wrong: list, what: str) -> str:
    others = len(wrong) - 1
    return f"; {others} more {what}{'s' if others > 1 else ''} like it" if others else ""


def _agreed_top(rows: list[tuple[int, float, float, float]], centred: bool) -> float | None:
    """The top of a board that most rows' MP, percentage and boards agree on; None when no two rows agree."""
    tops = []
    for _, mp, p, n in rows:
        share = p / 100 - (0.5 if centred else 0)
        if abs(share) > 1e-9:
            top = mp / (n * share)
            if top > 0:
                tops.append(round(top, 1))
    if not tops:
        return None
    counts: dict[float, int] = {}
    for top in tops:
        counts[top] = counts.get(top, 0) + 1
    top, agreeing = max(counts.items(), key=lambda item: item[1])
    if agreeing < 2 or 2 * agreeing <= len(tops):
        return None
    top = round(top) if abs(top - round(top)) < 0.05 else top
    return top if top > 0 else None  # a top that rounds to 0: no board's top, nothing to divide by


def _misranked(members: list[int], values: list, descending: bool, ranks: list, ties: list | None
               ) -> list[tuple[int, int, int, str]]:
    """The rows of one ranked group whose Rank (or RankTie) is not where their value puts them, as (row, first
    rank, last rank, column).  A row ranked - (tied with the row above, or unranked) holds its place: 64, -, 66;
    a tie shares its first rank, or holds each of its ranks once."""
    ordered = sorted((-(values[row] or 0) if descending else values[row] or 0) for row in members)
    tied: dict[float, list[int]] = {}
    wrong = []
    for row in members:
        rank = ranks[row]
        if rank is None:
            continue
        value = -(values[row] or 0) if descending else values[row] or 0
        better, last = bisect_left(ordered, value), bisect_right(ordered, value)
        tied.setdefault(value, []).append(row)
        if not better + 1 <= rank <= last:
            wrong.append((row, better + 1, last, "Rank"))
        elif ties is not None and ties[row] is not None and ties[row] != last:
            wrong.append((row, better + 1, last, "RankTie"))
    for value, rows in tied.items():
        first, last = bisect_left(ordered, value) + 1, bisect_right(ordered, value)
        held = sorted(ranks[row] or 0 for row in rows)
        if len(rows) > 1 and set(held) != {first} and held != list(range(first, last + 1)):
            row = next(row for row in rows if ranks[row] != first)
            if all(row != w[0] for w in wrong):
                wrong.append((row, first, last, "Rank"))
    return wrong


def _totals_compared(ids: list[str | None], where: list[str | None] | None, pairs: dict, boards: list | None,
                     boards_name: str | None, mp_total: tuple | None, percent: tuple | None, mp_places: int | None
                     ) -> tuple[dict[str, list], list, set]:
    """Each ranked pair's boards and totals against its travellers: the wrong cells by column (``absent``: a pair
    no traveller lists), as (row, the value the travellers give); the boards counts that differ when boards sat
    out are not counted; and the pairs ranked."""
    wrong: dict[str, list] = {}
    sat_apart: list = []
    ranked = set()
    for row, pair_id in enumerate(ids):
        if pair_id is None:
            continue
        key = pair_key((where[row] or "") if where is not None else "", pair_id)
        ranked.add(key)
        pair = pairs.get(key)
        played = boards[row] if boards is not None else None
        if pair is None:
            if played is None or played > 0:
                wrong.setdefault("absent", []).append((row, None))
            continue
        if played is not None and played != pair.boards:
            wrong.setdefault(boards_name or "", []).append((row, pair.boards))
        if played is not None and played != pair.boards - pair.sat_out:
            sat_apart.append((row, pair.boards - pair.sat_out))
        for column, computed in _totals_off(pair, row, mp_total, percent, mp_places):
            wrong.setdefault(column, []).append((row, computed))
    return wrong, sat_apart, ranked


def _by_side(standings: Standings, ids: list[str | None]) -> list[str | None]:
    """A ranking's pair ids named with their Direction (``NS 1``, ``EW 1``), as travellers that number their pairs
    per direction are read; None where either is not known."""
    sides = [_SIDE_NAMES.get((text or "").upper().replace("-", "").replace("/", "").replace(" ", ""))
             for text in standings.texts("Direction")]
    return [f"{side} {pair}" if side and pair else None for side, pair in zip(sides, ids)]


def _totals_off(pair: Any, row: int, mp_total: tuple | None, percent: tuple | None, mp_places: int | None
                ) -> Iterator[tuple[str, float]]:
    """A ranked pair's MP total and percentage (None: not compared) where they are not what its boards give,
    beyond what rounding allows: (column, the value the boards give)."""
    if mp_total is not None and (value := mp_total[1][row]) is not None \
            and abs(value - pair.mp) > 0.5 * 10 ** -mp_total[2] + _summed(pair.boards, mp_places):
        yield mp_total[0], pair.mp
    if percent is not None and pair.top and (value := percent[1][row]) is not None:
        computed = 100 * pair.points / pair.top
        if abs(value - computed) > 0.5 * 10 ** -percent[2] + 100 * _summed(pair.boards, mp_places) / pair.top:
            yield percent[0], computed


def _total_said(column: str, text: str, computed: Any, pair: str, boards_name: str | None) -> tuple[str, str | None]:
    """R104's message on one ranked pair's wrong cell (``column``: ``absent`` for a pair no traveller lists), and
    the value the travellers give, as the column writes it."""
    if column == "absent":
        return f"TotalScoreTable ranks {pair}, who plays in no ScoreTable of the file", None
    written = 0 if column == boards_name else max(decimals(text), 2 if column in _PERCENTAGES else 0)
    expected = str(computed) if column == boards_name else shown(computed, written)
    given = (f"the ScoreTables list it on {computed} boards" if column == boards_name else
             f"its rows in the ScoreTables give {expected}")
    return f"TotalScoreTable {column} {text} for {pair}, but {given}", expected


def _ranking_key(standings: Standings) -> tuple[str, list[float | None], bool] | None:
    """The column the ranking is ordered by and whether best is highest."""
    for column in standings.table.columns:
        if column.order and column.name not in ("Rank", "RankTie"):
            found = standings.column(column.name)
            if found is not None and any(v is not None for v in found[0]):
                return column.name, found[0], column.order == "+"
    first = standings.first(_RANKED_BY)
    return (first[0], first[1], True) if first is not None else None


def _directions(standings: Standings, ranks: list[float | None]) -> list[str] | None:
    """Each row's ranking, in words, when the ranks restart at 1 for each direction: of a Direction column (``the
    N-S pairs``), or, without one, each run of rows from a restart (a Mitchell ranked North-South, then East-West:
    ``the pairs ranked from line 12``); else None."""
    position = standings.table.column_index("Direction")
    if position is None:
        return _restarts(standings, ranks)
    directions = [unquoted(standings.table.element_text(standings.table.row_starts[n] + position)).upper()
                  for n in standings.rows]
    if len(set(directions)) < 2:
        return None
    firsts = {direction for direction, rank in zip(directions, ranks) if rank == 1}
    return [f"the {direction} pairs" for direction in directions] if firsts == set(directions) else None


def _restarts(standings: Standings, ranks: list[float | None]) -> list[str] | None:
    """Each row's run of ranks, when the rows are listed in rank order, a Rank of 1 follows higher ranks (the ranking
    starts again) and the runs are alike, as the directions of a movement are (two rows or more each, none over
    twice another); else None."""
    label, found, highest = "", [], 0.0
    for row, rank in enumerate(ranks):
        if rank == 1 and highest > 1 or not label:
            label, highest = f"the pairs ranked from line {standings.element(row, 'Rank').line}", 0.0
        elif rank is not None and rank < highest:
            return None  # a ranking not listed in its order (by pair number, as USEBIO lists it): no runs to tell
        highest = max(highest, rank or 0)
        found.append(label)
    sizes = Counter(found).values()
    return found if len(sizes) > 1 and min(sizes) >= 2 and max(sizes) <= 2 * min(sizes) else None


class StandingsTotals(Rule):
    """TotalScoreTable totals differ from the ScoreTables.

    What it does: when a file holds a ScoreTable (traveller) for every one
    of its boards and a TotalScoreTable, adds up each pair's (or player's)
    rows over the boards it played and compares the ranking with them: its
    NrBoards; its MP total (TotalMP, TotalScoreMP: the MP_NS or MP_EW of its
    rows as written, centred ones included); its IMP total (TotalIMP,
    TotalScoreIMP: the sum, or the mean per board when the whole column reads
    so, as Ruter writes it; of a `Cross1` or `Cross2` table written as the
    sums, the sum over each board's comparisons, or its mean per board);
    its TotalPercentage (the sum of its MPs over the
    sum of the tops of its boards, the top two points or one a score beaten
    as the Scoring tag's MP1 or MP2 says). It also reports a ranked pair with
    boards played that is in no ScoreTable, and a pair of the travellers
    missing from the ranking, unless the ranking lists only the best (a
    comment such as "Only the best 10" over ranks 1...k in order, or every
    pair missing would rank below the last one listed).
    A sit-out row (`Bye`, `Sitout`: no result) counts in its pair's
    NrBoards or not, as the whole ranking reads, and a value written in its
    IMP or MP column is credited (Magic Contest). Unknown ids (`-`, `?`,
    `???`) are no pair. Of a ranking over several sessions (NrBoards above
    the file's boards), the columns of this session (`NrBoardsSession`,
    `SessionScoreMP`, `SessionPercentage`) are compared; the cumulative
    ones are not the file's to add up.
    Pairs are told apart by Section when both tables have one. The findings
    stand on the TotalScoreTable.
    Why it matters: the ranking is what masterpoints and qualification are
    awarded from, and it must be what the travellers add up to.
    Example:

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP"]
        1 1 1 1
        2 2 1 1

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]
        1 2 420 1 0
        3 4 400 0 1

    Use instead:

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP"]
        1 1 1 1
        1 4 1 1
        3 2 1 0
        3 3 1 0

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]
        1 2 420 1 0
        3 4 400 0 1

    References: Law 79; PBN §5.9, §5.10.
    """

    code, name, severity, law = "R104", "standings-totals", "error", "PBN §5.10"
    formats = frozenset(("pbn",))

    @classmethod
    def compare(cls, standings: Standings, pairs: dict, places: list[int | None], sections: bool, tops: bool,
                by_side: bool, game: int | None = None, board: str | None = None) -> Iterator[Finding]:
        """The findings of one file: its ranking (``standings``) against ``pairs`` (by (section, id): boards,
        ``mp``, ``points`` and ``top``, ``imp``; ``places``: the most decimals the MPs and the IMPs were written
        with).  ``by_side``: the
        travellers number their pairs per direction (ids ``NS 1``, ``EW 1``): the ranking's Direction tells
        which is which, and without one it is not compared.  ``game`` and ``board``: of the record that holds the
        ranking, which the findings stand on."""
        table = standings.table
        id_name = next((name for name in ("PairId", "PlayerId") if table.column_index(name) is not None), None)
        if id_name is None:
            return
        ids = standings.texts(id_name)
        if by_side:
            if table.column_index("Direction") is None:
                return
            ids = _by_side(standings, ids)
        where = standings.texts("Section") if sections and table.column_index("Section") is not None else None
        boards_name, totals = _this_session(standings)
        boards = standings.column(boards_name)
        mp_total, imp_total, percent = (standings.first(names) for names in totals)
        if boards is not None and boards_name == "NrBoards" and _cumulative(boards[0], ids, where, pairs):
            boards = mp_total = imp_total = percent = None  # the totals of sessions the file does not hold
        wrong, sat_apart, ranked = _totals_compared(ids, where, pairs, boards[0] if boards is not None else None,
                                                    boards_name, mp_total, percent if tops else None, places[0])
        if len(sat_apart) < len(wrong.get(boards_name, ())):  # the whole ranking leaves sit-outs out of NrBoards
            wrong[boards_name] = sat_apart
        wrong = {column: rows for column, rows in wrong.items() if rows}
        if imp_total is not None:
            wrong.update(cls._imps(imp_total, ids, where, pairs, places[1]))
        for column, rows in wrong.items():
            row, computed = rows[0]
            element = standings.element(row, id_name if column == "absent" else column)
            message, expected = _total_said(column, element.text, computed, f"{id_name} {ids[row]}", boards_name)
            yield cls.finding(message + _more(rows, "row"), element.line, element.column, expected=expected, game=game,
                              board=board)
        missing = [key for key in pairs if key not in ranked]
        if missing and not _only_the_best(standings, missing, pairs, percent, mp_total, tops):
            yield cls._unranked(table, id_name, [pairs[key] for key in missing], game, board)

    @classmethod
    def _unranked(cls, table: Table, id_name: str, missing: list, game: int | None, board: str | None) -> Finding:
        """The finding on the pairs the travellers list and the ranking does not, at the ranking's tag."""
        more = f"; {len(missing) - 1} more missing" if len(missing) > 1 else ""
        return cls.finding(f"TotalScoreTable does not rank {id_name} {missing[0].name}, who plays "
                           f"{missing[0].boards} boards in the ScoreTables{more}", table.tag.line, table.tag.column,
                           game=game, board=board)

    @staticmethod
    def _imps(total: tuple[str, list[float | None], int], ids: list[str | None], where: list[str | None] | None,
              pairs: dict, imp_places: int | None) -> dict[str, list]:
        """The rows whose IMP total is neither the sum of their IMPs nor, when the whole column reads so, the mean
        per board."""
        name, values, places = total
        readings: list[list] = [[], [], [], []]  # summed, the mean a board; and so of the IMPs over comparisons
        for row, pair_id in enumerate(ids):
            pair = pairs.get(pair_key((where[row] or "") if where is not None else "", pair_id)) if pair_id else None
            value = values[row]
            if pair is None or value is None or not pair.boards:
                continue
            divided = pair.divided if pair.divided is not None else pair.imp  # no Cross table: nothing divided
            computed = [pair.imp, pair.imp / pair.boards, divided, divided / pair.boards]
            for at, (reading, figure) in enumerate(zip(readings, computed)):
                slack = 0.5 * 10 ** -places + _summed(pair.boards, imp_places) / (pair.boards if at % 2 else 1)
                if abs(value - figure) > slack:
                    reading.append((row, figure))
        if not any(pair.divided is not None for pair in pairs.values()):
            del readings[2:]
        best = min(readings, key=len)
        return {name: best} if best else {}


# A ranking over several sessions (Ruter: NrBoards of every session, with the session's own columns beside)
_SESSION_TOTALS = (("SessionScoreMP", "SessionMP", "SessionTotalMP"), ("SessionScoreIMP", "SessionIMP",
                                                                       "SessionTotalIMP"), ("SessionPercentage",))


def _this_session(standings: Standings) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """The columns of a ranking that the file's travellers give: its NrBoards and totals, or, in a ranking over
    several sessions, the columns of this session (``NrBoardsSession``, ``SessionScoreMP``...)."""
    if standings.column("NrBoardsSession") is not None or any(standings.first(names) for names in _SESSION_TOTALS):
        return "NrBoardsSession", _SESSION_TOTALS
    return "NrBoards", (_MP_TOTALS, _IMP_TOTALS, _PERCENTAGES)


def _cumulative(boards: list[float | None], ids: list[str | None], where: list[str | None] | None,
                pairs: dict) -> bool:
    """Whether a ranking's every pair has played more boards than the file's travellers give it: the ranking of
    several sessions, of which the file holds one (its totals are not the file's)."""
    counted = [(played, pair.boards) for row, (played, pair_id) in enumerate(zip(boards, ids))
               if played is not None and pair_id is not None
               and (pair := pairs.get(pair_key((where[row] or "") if where is not None else "", pair_id)))]
    return bool(counted) and all(played > given for played, given in counted)


StandingsContradiction.follows = ((StandingsTotals.code, "line"),)  # a row's total not the travellers': its rank
# and percentage follow it


_SIDE_NAMES = {"NS": "NS", "NORTHSOUTH": "NS", "EW": "EW", "EASTWEST": "EW"}  # a Direction, as programs write it


def _summed(count: int, places: int | None) -> float:
    """How far a sum of ``count`` values written with ``places`` decimals may be from the sum of the values
    unrounded: nothing for values that are exact (``places`` None: whole or half matchpoints and IMPs), up to half
    a unit of the last place each for values that are themselves rounded (Neuberg-factored MPs, averages)."""
    return (0.5 * 10 ** -places * count if places is not None else 0.0) + 1e-6


_TOP_K = re.compile(r"\{[^}]*\b(?:best|top)\s+[0-9]+", re.IGNORECASE)  # "{ Only the best 10 }"


def _only_the_best(standings: Standings, missing: list, pairs: dict, percent: tuple | None, mp_total: tuple | None,
                   tops: bool) -> bool:
    """Whether the pairs missing from a ranking all rank below its last row: a list of only the best, as a comment
    says ("Only the best 10") over ranks 1...k in order, or as the missing pairs' figures show."""
    ranks = [rank for rank in (standings.column("Rank") or ([], 0))[0] if rank is not None]
    if ranks and ranks[0] == 1 and ranks == sorted(ranks) and _TOP_K.search(standings.table.text):
        return True
    if percent is not None and tops:
        listed = [v for v in percent[1] if v is not None]
        return bool(listed) and all(pairs[key].top and 100 * pairs[key].points / pairs[key].top <= min(listed) + 0.01
                                    for key in missing)
    if mp_total is not None:
        listed = [v for v in mp_total[1] if v is not None]
        return bool(listed) and all(pairs[key].mp <= min(listed) for key in missing)
    return False


class TeamsResult(Rule):
    """Teams result that does not follow from its matches.

    What it does: reads a teams match table (a ScoreTable with
    TeamId_Home, TeamId_Away, VP_Home and VP_Away, one row a match) and
    checks that each match's victory points sum to 20 (on a 20-point scale:
    most matches of the table do), that they are the WBF continuous scale's
    (2013) for the IMP margin when the table gives the IMPs (IMP_Home and
    IMP_Away, or Ruter's MatchDetails `segment,home,away|...|200,home,away`,
    200 the total) and the number of boards (NrBoards), that the segments of
    MatchDetails add up to its total, and that each team's TotalScoreVP (or
    TotalVP) in the record's TotalScoreTable is the sum of its matches' VPs.
    Matches with `-` are not played yet.
    Across a file's records it also adds up each match's boards. A match is
    the records with the same Event, Stage, Round, HomeTeam and VisitTeam
    (HomeTeam and VisitTeam given; a tag absent, empty or `?` is equal to an
    absent one); a board's IMPs are its ScoreIMP (PBN §4.2: any of its five
    forms, whole IMPs; the bare form is declarer's side's) in the Open or
    the Closed room (Room), read for the team sitting North-South in the
    open room. A match whose every board has its IMPs, none given twice in
    a room nor differently by the two rooms, and every ScoreIMP in a room,
    is checked: a match table's IMP_Home and IMP_Away for the same teams
    (TeamId_Home, TeamId_Away, and Round, Event and Stage where given, one
    match fitting them) must be the IMPs each team won on the boards; when
    the file holds that one match, a TotalScoreTable's TotalIMP (or
    TotalScoreIMP) of each team (TeamName or TeamId as HomeTeam or
    VisitTeam write it) must be the IMPs it won or its margin. Which team
    sits North-South in the open room the standard does not say: the
    totals fit either way round. Anything else is not checked.
    Why it matters: a teams event is ranked on victory points; a wrong
    conversion or a wrong sum changes the standings.
    Example:

        [Event "Teams"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;NrBoards;VP_Home;VP_Away"]
        1 1 2 45 54 28 8.00 12.00

    Across records, a match of two boards whose match table does not add
    them up: the open room's North-South team won 10 IMPs on board 1 and 3
    on board 2 (the closed room's North-South lost them), 13 to 0.

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "1"]
        [Room "Open"]
        [ScoreIMP "NS 10"]

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "2"]
        [Room "Closed"]
        [ScoreIMP "NS -3"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]
        1 Lions Tigers 10 3

    Use instead: 9 IMPs in 28 boards are 11.98 VPs on the WBF scale.

        [Event "Teams"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;NrBoards;VP_Home;VP_Away"]
        1 1 2 45 54 28 8.02 11.98

    and the match's totals as its boards give them:

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "1"]
        [Room "Open"]
        [ScoreIMP "NS 10"]

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "2"]
        [Room "Closed"]
        [ScoreIMP "NS -3"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]
        1 Lions Tigers 13 0

    References: Law 78D (victory points); the WBF victory-point scales (2013); PBN §4.2, §5.9, §5.10.
    """

    code, name, severity, law = "R105", "teams-result", "error", "Law 78D"
    formats = frozenset(("pbn",))
    needs = TABLES

    def check(self, ctx: Context) -> Iterator[Finding]:
        view = traveller(ctx)
        if view is None or view.position("VP_Home") is None or view.position("VP_Away") is None:
            return  # no match table
        matches = Standings(view.table)
        home, away = matches.column("VP_Home"), matches.column("VP_Away")
        teams = matches.texts("TeamId_Home"), matches.texts("TeamId_Away")
        if home is None or away is None:
            return
        played = [row for row in range(len(matches.rows)) if home[0][row] is not None and away[0][row] is not None]
        yield from self._sums(matches, played, home[0], away[0])
        yield from self._margins(matches, played, home[0])
        totals = standings(ctx)
        if totals is not None and None not in (teams[0], teams[1]):
            yield from self._totals(totals, matches, played, teams, home[0], away[0])

    def _sums(self, matches: Standings, played: list[int], home: list, away: list) -> Iterator[Finding]:
        twenty = [row for row in played if abs(home[row] + away[row] - 20) < 0.005]
        if 2 * len(twenty) <= len(played):
            return  # not a 20-point scale
        wrong = [row for row in played if row not in twenty]
        if wrong:
            element = matches.element(wrong[0], "VP_Away")
            yield self.finding(f"ScoreTable VP_Home {matches.element(wrong[0], 'VP_Home').text} and VP_Away "
                               f"{element.text} sum to {shown(home[wrong[0]] + away[wrong[0]], 2)}, not 20"
                               f"{_more(wrong, 'match')}", element.line, element.column)

    def _margins(self, matches: Standings, played: list[int], home: list) -> Iterator[Finding]:
        boards = matches.column("NrBoards")
        scores = _match_imps(matches)
        if scores is None:
            return
        wrong_segments, wrong_vps, no_match = [], [], []
        for row in played:
            imps_, segments_ok = scores[row]
            if imps_ is None:
                continue
            if not segments_ok:
                wrong_segments.append(row)
            count = boards[0][row] if boards is not None else None
            if count is not None and not (isfinite(count) and count == int(count) and 0 < count <= MATCH_BOARDS):
                no_match.append(row)  # the scale of a match of 0, -16 or 100,000,000 boards: none
                continue
            if count and all(map(isfinite, imps_)):
                margin = int(abs(imps_[0] - imps_[1]))
                winner = victory_points(margin, int(count))
                expected = winner if imps_[0] >= imps_[1] else round(20 - winner, 2)
                if abs(home[row] - expected) > 0.005:
                    wrong_vps.append((row, expected, margin, int(count)))
        if no_match:
            element = matches.element(no_match[0], "NrBoards")
            yield self.finding(f"ScoreTable NrBoards {element.text} is no number of boards a match is played over "
                               f"(1 to {MATCH_BOARDS}): its victory points are not checked{_more(no_match, 'match')}",
                               element.line, element.column)
        if wrong_segments:
            element = matches.element(wrong_segments[0], "MatchDetails")
            yield self.finding(f"ScoreTable MatchDetails {element.text}: the segments do not add up to the "
                               f"total{_more(wrong_segments, 'match')}", element.line, element.column)
        if wrong_vps:
            row, expected, margin, count = wrong_vps[0]
            element = matches.element(row, "VP_Home")
            yield self.finding(f"ScoreTable VP_Home {element.text}, but a margin of {margin} IMPs in {count} boards "
                               f"gives the home team {expected:.2f} VPs on the WBF scale{_more(wrong_vps, 'match')}",
                               element.line, element.column)

    def _totals(self, totals: Standings, matches: Standings, played: list[int],
                teams: tuple[list, list], home: list, away: list) -> Iterator[Finding]:
        total = totals.first(("TotalScoreVP", "TotalVP"))
        ids = totals.texts("TeamId")
        if total is None or totals.table.column_index("TeamId") is None:
            return
        won: dict[str, float] = {}
        for row in played:
            for team, vp in ((teams[0][row], home[row]), (teams[1][row], away[row])):
                if team is not None:
                    won[team] = won.get(team, 0.0) + vp
        name, values, places = total
        wrong = [(row, won.get(team, 0.0)) for row, (team, value) in enumerate(zip(ids, values))
                 if team is not None and value is not None and abs(value - won.get(team, 0.0)) > 0.006]
        if wrong:
            row, computed = wrong[0]
            element = totals.element(row, name)
            yield self.finding(f"TotalScoreTable {name} {element.text} for team {ids[row]}, but its matches give "
                               f"{shown(computed, 2)} VPs{_more(wrong, 'team')}", element.line, element.column)


    @classmethod
    def compare_matches(cls, won: dict[tuple[str | None, ...], tuple[float, float, int]],
                         stated: list[StatedMatch], totals: Standings | None) -> Iterator[Finding]:
        """R105 across a file's records: ``won`` the IMPs each team won on the boards of each match identified
        (by :data:`MATCH_TAGS`: the team North-South in the open room's, the other's, the boards), ``stated`` the
        rows of the file's match tables, ``totals`` its TotalScoreTable."""
        for row in stated:
            fitting = [key for key in won if key[3:] == (row.home, row.away)
                       and all(given is None or given == key[at] for at, given in enumerate(row.key[:3]))]
            if len(fitting) != 1:
                continue  # no match, or more than one, that the row can be
            first, second, boards = won[fitting[0]]
            if (row.imps in ((first, second), (second, first))):
                continue
            element = row.elements[0]
            yield cls.finding(f"ScoreTable IMP_Home {element.text} and IMP_Away {row.elements[1].text} for "
                              f"{row.home} against {row.away}, but the match's {boards} boards give the teams "
                              f"{first:g} and {second:g} IMPs (ScoreIMP)", element.line, element.column)
        if totals is None or len(won) != 1:
            return
        total = totals.first(_IMP_TOTALS)
        (key, (first, second, boards)), = won.items()
        names = next((totals.texts(name) for name in ("TeamName", "TeamId")
                      if totals.table.column_index(name) is not None and set(key[3:]) & set(totals.texts(name))), None)
        if total is None or names is None:
            return
        name, values, _ = total
        rows = {team: row for row, team in enumerate(names) if team in key[3:] and values[row] is not None}
        given = tuple(values[rows[team]] if team in rows else None for team in key[3:])
        fits = ((first, second), (second, first), (first - second, second - first), (second - first, first - second))
        if not rows or any(all(value is None or value == due for value, due in zip(given, pair)) for pair in fits):
            return
        team = key[3] if key[3] in rows else key[4]
        element = totals.element(rows[team], name)
        yield cls.finding(f"TotalScoreTable {name} {element.text} for team {team}, but its match's {boards} boards "
                          f"give the teams {first:g} and {second:g} IMPs (ScoreIMP), a margin of "
                          f"{abs(first - second):g}", element.line, element.column)


MATCH_TAGS = ("Event", "Stage", "Round", "HomeTeam", "VisitTeam")  # what tells a match's records (R105)


class StatedMatch(NamedTuple):
    """A match table's row with IMP totals (R105): the values of its record's Event and Stage and its Round (None:
    not given), its teams, IMP_Home and IMP_Away, and their elements."""

    key: tuple[str | None, str | None, str | None]
    home: str
    away: str
    imps: tuple[float, float]
    elements: tuple[Element, Element]


def stated_matches(view: Traveller, event: str | None, stage: str | None) -> list[StatedMatch]:
    """The rows of a match table (TeamId_Home, TeamId_Away, IMP_Home, IMP_Away) that give both teams and both
    totals; none when the ScoreTable is no such table."""
    if None in view.find(("TeamId_Home", "TeamId_Away", "IMP_Home", "IMP_Away")):
        return []
    matches = Standings(view.table)
    home, away = matches.column("IMP_Home"), matches.column("IMP_Away")
    teams, rounds = (matches.texts("TeamId_Home"), matches.texts("TeamId_Away")), matches.texts("Round")
    assert home is not None and away is not None
    return [StatedMatch((event, stage, rounds[row]), home_team, away_team, (first, second),
                        (matches.element(row, "IMP_Home"), matches.element(row, "IMP_Away")))
            for row, (first, second, home_team, away_team) in enumerate(zip(home[0], away[0], *teams))
            if first is not None and second is not None and home_team and away_team]


def _match_imps(matches: Standings) -> list[tuple[tuple[float, float] | None, bool]] | None:
    """Each match's IMPs (home, away) and whether its segments add up: from IMP_Home and IMP_Away, or Ruter's
    MatchDetails; None when the table gives no IMPs."""
    home, away = matches.column("IMP_Home"), matches.column("IMP_Away")
    if home is not None and away is not None:
        return [((h, a) if h is not None and a is not None else None, True) for h, a in zip(home[0], away[0])]
    details = matches.texts("MatchDetails")
    if matches.table.column_index("MatchDetails") is None:
        return None
    found: list[tuple[tuple[float, float] | None, bool]] = []
    for text in details:
        segments: list[list[float]] = []
        for part in (text or "").split("|"):
            fields = [number(f.strip()) for f in part.split(",")]
            if len(fields) == 3:
                segments.append([float(f) for f in fields if f is not None])
        segments = [s for s in segments if len(s) == 3]
        totals = [s for s in segments if s[0] == 200]
        if len(totals) != 1:
            found.append((None, True))
            continue
        parts = [s for s in segments if s[0] != 200]
        total = totals[0]
        adds_up = not parts or (sum(s[1] for s in parts) == total[1] and sum(s[2] for s in parts) == total[2])
        found.append(((total[1], total[2]), adds_up))
    return found
