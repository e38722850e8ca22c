"""R — results and standings: from the travellers to the ranking (Laws 78, 79; PBN §3.4.12, §5.9, §5.10).

The scoring method is the one the Scoring tag names (:mod:`bridgelint.scoring_method`); a rule that needs a
method the tag does not name, or names in a way not known, does not check the table and counts the skip
(``bridgelint check --statistics``).  The arithmetic is :mod:`bridgelint.results`.
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..model import Finding, Table
from ..results import cross_imps, datum, round_to_ten
from ..scoring import IMP_SCALES, imps
from ..scoring_method import DATUM_METHODS, ScoringMethod
from ..tables import decimals
from .base import Context
from .method import method_of
from .tables import ScoreField, _ScoreTableRule

DATUM_COLUMNS = ("ButlerDatum", "Datum")


def _shown(value: float, places: int) -> str:
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
            return f"the datum {self.value:g} ({of}, {_shown(self.exact, 2)}, to the nearest 10)"
        return f"the datum {_shown(self.exact, 2)} ({of})"


def _datums(field: ScoreField, method: ScoringMethod) -> list[_Datum]:
    exact = datum(((row.ns, row.count) for row in field.rows), method.comparison or "", method.datum_form or "")
    return [] if exact is None else [_Datum(exact, True), _Datum(exact, False)]  # rounded first: most programs


class _MethodRule(_ScoreTableRule):
    """Base of the rules that need the table's scoring method."""

    @staticmethod
    def columns(table: Table, names: tuple[str, ...]) -> list[tuple[str, int]]:
        return [(name, position) for name in names if (position := table.column_index(name)) is not None]

    @staticmethod
    def places(table: Table, field: ScoreField, position: int) -> int:
        return max((decimals(table.element_text(table.row_starts[row.number] + position).lstrip("^"))
                    for row in field.rows), default=0)


class ImpMismatch(_MethodRule):
    """ScoreTable IMPs are not those of the Scoring method.

    What it does: computes each ScoreTable row's IMPs under the method the
    Scoring tag names and compares them with IMP_NS and IMP_EW: against a
    datum (`Butler`: the mean of all the table's scores; `Butler-2`: without
    one highest and one lowest; `Median` instead of `Mean`), the datum exact
    or rounded to the nearest 10 (halves away from zero), whichever the whole
    table follows; or against every other score (`Cross`: the IMPs summed;
    `Cross1`: divided by the number of scores, N or N − 1, whichever the
    whole table follows; `Cross2`: divided by the number of comparisons). The
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

    def check(self, ctx: Context) -> Iterator[Finding]:
        table = self.score_table(ctx)
        if table is None:
            return
        checked = self.columns(table, ("IMP_NS", "IMP_EW"))
        if not checked:
            return
        method = method_of(ctx)
        scale = method.imp_scale
        if method.comparison is None or scale not in IMP_SCALES:
            ctx.skip(self.code)
            return
        field = self.field(ctx)
        if field is None:
            return
        readings = self._readings(field, method, scale or "WBF")
        for name, position in checked:
            yield from self._column(table, field, name, position, readings)

    @staticmethod
    def _readings(field: ScoreField, method: ScoringMethod, scale: str
                  ) -> list[tuple[Callable[..., float], Callable[..., str]]]:
        """Each way the method may be applied: the IMPs of a row, and how they were found (for the message)."""
        comparison = method.comparison
        if comparison in DATUM_METHODS:
            return [(lambda row, d=d: imps(row.ns - d.value, scale),
                     lambda row, d=d: d.described(method, field.entries)) for d in _datums(field, method)]
        scores = [(row.ns, row.count) for row in field.rows]
        n = field.entries
        divisors = {"Cross": [1], "Cross1": [n, n - 1], "Cross2": [n - 1]}[comparison or ""]
        return [(lambda row, k=k: cross_imps(row.ns, scores, scale) / k,
                 lambda row, k=k: f"the {n - 1} other scores ({cross_imps(row.ns, scores, scale)} IMPs"
                                  + (f" over {k}, {comparison})" if k != 1 else ", Cross)"))
                for k in divisors if k > 0]

    def _column(self, table: Table, field: ScoreField, name: str, position: int,
                readings: list[tuple[Callable[..., float], Callable[..., str]]]) -> Iterator[Finding]:
        stated = [(row, value, table.row_starts[row.number] + position) for row in field.rows
                  if not row.artificial and isinstance(value := table.value(row.number, position), (int, float))]
        if not stated or not readings:
            return
        places = self.places(table, field, position)
        tolerance = 0.5 * 10 ** -places + 1e-9
        sign = 1 if name.endswith("_NS") else -1
        best: list | None = None
        how: Callable[..., str] | None = None
        for value_of, described in readings:
            wrong = [(row, index, sign * value_of(row)) for row, written, index in stated
                     if abs(written - sign * value_of(row)) > tolerance]
            if best is None or len(wrong) < len(best):
                best, how = wrong, described
        if best and how is not None:
            row, index, value = best[0]
            element = table.element(index)
            others = len(best) - 1
            more = f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""
            side, points = ("NS", row.ns) if sign == 1 else ("EW", -row.ns)
            yield self.finding(f"ScoreTable {name} {element.text}, but {side} {points} against {how(row)} is "
                               f"{_shown(value, places)} IMPs{more}", element.line, element.column)


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

    def check(self, ctx: Context) -> Iterator[Finding]:
        table = self.score_table(ctx)
        if table is None:
            return
        checked = self.columns(table, DATUM_COLUMNS)
        if not checked:
            return
        method = method_of(ctx)
        if method.comparison not in DATUM_METHODS:
            ctx.skip(self.code)
            return
        field = self.field(ctx)
        if field is None:
            return
        datums = _datums(field, method)
        if not datums:
            return
        for name, position in checked:
            stated = [(value, table.row_starts[row.number] + position) for row in field.rows
                      if isinstance(value := table.value(row.number, position), (int, float))]
            tolerance = 0.5 * 10 ** -self.places(table, field, position) + 1e-9
            wrong, chosen = min((([index for value, index in stated if abs(value - d.value) > tolerance], d)
                                 for d in datums), key=lambda found: len(found[0]))
            if wrong:
                element = table.element(wrong[0])
                others = len(wrong) - 1
                more = f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""
                yield self.finding(f"ScoreTable {name} {element.text}, but the table's scores give "
                                   f"{chosen.described(method, field.entries)}"
                                   f"{more}", element.line, element.column)
