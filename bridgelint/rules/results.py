"""R — the travellers' results: IMPs against a datum or every other score, the datum, travellers that cannot
be (R101, R102, R106; Law 78; PBN §3.4.12); the ranking is checked in :mod:`.standings`, teams matches in :mod:`.teams`.

The scoring method is the one the Scoring tag names (:mod:`bridgelint.core.scoring_method`); a rule that needs a
method the tag does not name, or names in a way not known, does not check the table and counts the skip
(``bridgelint check --statistics``).  The arithmetic is :mod:`bridgelint.core.results`.
"""

from __future__ import annotations

from functools import lru_cache
from operator import neg
from typing import Callable, Iterator

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.results import cross_imps, datum, round_to_ten
from ..core.scoring import IMP_SCALES, imps_against
from ..core.scoring_method import DATUM_METHODS, ScoringMethod
from ..core.tables import decimals
from ..core.traveller import SEAT_COLUMNS, ScoreField, Traveller, per_direction
from ..core.wording import more_wrong, shown
from ..replay.context import per_record
from .base import Context
from .method import method_of
from .record_tables import ids_apart, traveller
from .scores import ScoreTableScore, _ScoreTableRule

DATUM_COLUMNS = ("ButlerDatum", "Datum")


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
            more = more_wrong(best, name)
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
                more = more_wrong(wrong, name)
                yield self.finding(f"ScoreTable {name} {element.text}, but the table's scores give "
                                   f"{chosen.described(method, field.entries)}"
                                   f"{more}", element.line, element.column)


_R106_COLUMNS = (*(name for name, _ in SEAT_COLUMNS), "Section", "Table", "Round", "Names_NS", "Names_EW")


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
        seats, (section, at_table, round_, names_ns, names_ew) = _r106_plan(view.find(_R106_COLUMNS))
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
def _r106_plan(found: tuple[int | None, ...]) -> tuple[list[tuple[int, str]], tuple[int | None, ...]]:
    """What R106 reads of a header's positions (:data:`_R106_COLUMNS`): the seat columns it has, with their
    positions and seats, and the positions of Section, Table, Round, Names_NS and Names_EW; worked out once a
    header."""
    seats = [(at, seat) for at, (_, seat) in zip(found, SEAT_COLUMNS) if at is not None]
    return seats, found[len(SEAT_COLUMNS):]


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


def _who(seats: list[tuple[int, str]]) -> str:
    return "pair" if len(seats) <= 2 else "player"
