"""T — supplemental tables (PBN §5): headers and rows (found while reading), and ScoreTables against Laws 77, 78A."""

from __future__ import annotations

from bisect import bisect_left
from functools import partial
from itertools import accumulate
from operator import mul
from typing import Callable, Iterator, cast

from ..bridge import Contract, is_vulnerable, side
from ..model import Finding, Table
from ..scoring import score
from ..tables import decimals
from .base import Context, Rule
from .parts import TABLES


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


class MalformedRow(Rule):
    """Malformed table row.

    What it does: reports table rows that do not fit the header or the
    standard: a row with missing or extra elements (`-` stands for an
    irrelevant element, `?` for an unknown one); a comment after an element; a
    `%`, `[`, `]`, `}` or `"` outside a string, or a string never closed; a
    predefined column whose element has the wrong form (Rank, Contract,
    Declarer, Result, Score, Percentage, Call, Card, Time, ScoreRange...); rows
    out of the order a `+`/`-` column declares; an AuctionTimeTable or
    PlayTimeTable without one row per call or card; an OptimumResultTable that
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


class _ScoreTableRule(Rule):
    """Base of the rules that read a ScoreTable's rows."""

    formats = frozenset(("pbn",))  # LIN has no tables
    needs = TABLES

    @staticmethod
    def score_table(ctx: Context) -> Table | None:
        table = ctx.record.tables.get("ScoreTable")
        return table if table is not None and table.columns and len(table) else None


class ScoreTableScore(_ScoreTableRule):
    """ScoreTable score differs from Law 77.

    What it does: computes the duplicate score of each ScoreTable row's
    Contract, Declarer and Result at the board's vulnerability and compares it
    with the row's Score_NS and Score_EW (a `-` in one of them: the score is in
    the other). Rows marked `^` (an artificial score) and rows with `-` or `?`
    in Contract, Declarer or Result are not checked.
    Why it matters: a score that the contract and result cannot produce ranks
    the pairs wrongly, and the matchpoints of every other row with it.
    Example:

        [Board "1"]
        [Vulnerable "None"]
        [ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW"]
        4S S 10 620 -

    Use instead:

        [Board "1"]
        [Vulnerable "None"]
        [ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW"]
        4S S 10 420 -

    References: Law 77; PBN §5.9.
    """

    code, name, severity, law = "T105", "score-table-score", "error", "Law 77"

    def check(self, ctx: Context) -> Iterator[Finding]:
        table = self.score_table(ctx)
        vulnerable = ctx.record.vulnerable
        if table is None or vulnerable is None or vulnerable.value is None:
            return
        contract_at, declarer_at, result_at = (table.column_index(name) for name in ("Contract", "Declarer", "Result"))
        sides = [(name, position) for name in ("NS", "EW")
                 if (position := table.column_index(f"Score_{name}")) is not None]
        if contract_at is None or declarer_at is None or result_at is None or not sides:
            return
        for number in range(len(table)):
            if not table.whole(number) or table.artificial(number):
                continue
            contract, declarer, tricks = (table.value(number, position)
                                          for position in (contract_at, declarer_at, result_at))
            if not isinstance(contract, Contract) or not isinstance(tricks, int) and not contract.passed_out:
                continue
            if contract.passed_out:
                ns_points = 0
            elif isinstance(declarer, str):
                points = score(contract, is_vulnerable(vulnerable.value, declarer), cast(int, tricks))
                ns_points = points if side(declarer) == "NS" else -points
            else:
                continue
            for name, position in sides:
                written = table.value(number, position)
                expected = ns_points if name == "NS" else -ns_points
                if isinstance(written, int) and written != expected:
                    element = table.cell(number, position)
                    made = "passed out" if contract.passed_out else f"{contract} by {declarer} with {tricks} tricks"
                    yield self.finding(f"ScoreTable Score_{name} {element.text}, but {made} at vulnerability "
                                       f"{vulnerable.value} scores {name} {expected}",
                                       element.line, element.column)
                    break


class ScoreTableMatchpoints(_ScoreTableRule):
    """ScoreTable matchpoints or percentages differ from the scores.

    What it does: computes each ScoreTable row's matchpoints from the scores
    of all rows (Law 78A: a point for each score beaten and half a point for
    each equal one, or two and one: the scale the table's values are on, their
    average being half the top; Multiplicity counts a score that many times)
    and compares them with MP_NS, MP_EW, Percentage_NS and Percentage_EW. A
    value matches when it equals the computed one rounded to the decimals the
    column is written with. Percentages are MP over the top; a table whose percentages all count
    each score as also meeting itself (beaten plus half of all equal scores,
    own included, over the field) is read that way. Artificial rows (`^`) are
    not checked, their scores still count. A column whose values cannot belong
    to the whole field (their average is far from half the top on either
    scale: the table lists only part of the field) is not checked.
    Why it matters: wrong matchpoints give wrong rankings, and a results table
    is what players and directors read the standings from.
    Example:

        [Board "1"]
        [Vulnerable "None"]
        [ScoreTable "Score_NS;MP_NS"]
        420 2
        400 0
        170 1

    Use instead:

        [Board "1"]
        [Vulnerable "None"]
        [ScoreTable "Score_NS;MP_NS"]
        420 2
        400 1
        170 0

    References: Law 78A; PBN §4.2.3, §5.9.
    """

    code, name, severity, law = "T106", "score-table-matchpoints", "error", "Law 78A"

    def check(self, ctx: Context) -> Iterator[Finding]:
        table = self.score_table(ctx)
        if table is None:
            return
        checked = [(name, position) for name in ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW")
                   if (position := table.column_index(name)) is not None]
        if not checked:
            return
        field = _field(table)
        if field is None:
            return
        for name, position in checked:
            yield from self._column(table, field, name, position)

    def _column(self, table: Table, field: "_Field", name: str, position: int) -> Iterator[Finding]:
        stated = [(row, value, table.row_starts[row.number] + position) for row in field.rows
                  if isinstance(value := table.value(row.number, position), (int, float))]
        if not stated:
            return
        places = max(decimals(table.element_text(index).lstrip("^")) for _, _, index in stated)
        tolerance = 0.5 * 10 ** -places + 1e-9
        percentage = name.startswith("Percentage")
        top = field.entries - 1
        conventions: list[tuple[Callable[[float], float], float]]
        if percentage:  # (value of matchpoints, the field's average value)
            conventions = [(lambda mp: 100 * mp / top, 50.0), (lambda mp: 100 * (mp + 0.5) / field.entries, 50.0)]
        else:
            conventions = [(partial(mul, scale), scale * top / 2) for scale in (1, 2)]
        weight = sum(row.count for row, _, _ in stated)
        mean = sum(row.count * value for row, value, _ in stated) / weight
        best = None
        for convention, middle in conventions:
            if weight < field.entries or abs(mean - middle) > 0.2 * max(middle, 1):
                continue  # these values cannot be the whole field's on this scale
            wrong = []
            for row, written, index in stated:
                if row.artificial:
                    continue
                mp = row.matchpoints if name.endswith("_NS") else top - row.matchpoints
                value = convention(mp)
                if abs(written - value) > tolerance:
                    wrong.append((row, index, value))
            if best is None or len(wrong) < len(best):
                best = wrong
        if best:  # None: an excerpt of a larger field, not checked
            row, index, value = best[0]
            element = table.element(index)
            shown = f"{value:.{places}f}" if percentage or places else f"{value:g}"  # as the column writes it
            others = len(best) - 1
            more = f"; {others} more {name} {'value is' if others == 1 else 'values are'} wrong" if others else ""
            if name.endswith("_NS"):
                side, points, beaten = "NS", row.ns, row.below
            else:  # the EW score beats every NS score above the row's
                side, points, beaten = "EW", -row.ns, top - row.below - row.equal
            yield self.finding(f"ScoreTable {name} {element.text}, but the table's scores give {shown}: {side} "
                               f"{points} beats {beaten} and equals {row.equal} of the {top} other scores{more}",
                               element.line, element.column)


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


class _Field:
    """The scores of a ScoreTable's rows, each counted Multiplicity times."""

    def __init__(self, rows: list[_Row]):
        self.rows = rows
        self.entries = sum(row.count for row in rows)
        counts: dict[int, int] = {}
        for row in rows:
            counts[row.ns] = counts.get(row.ns, 0) + row.count
        scores = sorted(counts)
        below = list(accumulate((counts[points] for points in scores), initial=0))  # entries under each score
        for row in rows:
            at = bisect_left(scores, row.ns)
            row.below, row.equal = below[at], counts[row.ns] - 1


def _field(table: Table) -> _Field | None:
    """The field of the table's scores; None when a row's NS score is not known (nothing can be computed)."""
    ns, ew, multiplicity = (table.column_index(name) for name in ("Score_NS", "Score_EW", "Multiplicity"))
    if ns is None and ew is None:
        return None
    rows = []
    for number in range(len(table)):
        if not table.whole(number):
            return None
        points = table.value(number, ns) if ns is not None else None
        if not isinstance(points, int):
            other = table.value(number, ew) if ew is not None else None
            if not isinstance(other, int):
                return None
            points = -other
        count = table.value(number, multiplicity) if multiplicity is not None else 1
        rows.append(_Row(number, points, count if isinstance(count, int) and count > 0 else 1,
                         table.artificial(number)))
    field = _Field(rows)
    return field if field.entries >= 2 else None
