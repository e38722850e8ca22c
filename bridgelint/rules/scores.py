"""T — a ScoreTable's scores against Law 77 (T105) and its matchpoints and percentages against the scores (T106,
Law 78A); the base of the rules that read a ScoreTable's rows (the R rules' too).  Headers and rows are
:mod:`.tables`'."""

from __future__ import annotations

from typing import Iterator, cast

from ..core.bridge import Contract, is_vulnerable, side
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.results import full_field, neuberg, on_scale
from ..core.scoring import score
from ..core.tables import decimals
from ..core.traveller import ScoreField, Traveller
from ..core.wording import more_wrong
from .base import Context, Rule
from .method import method_of
from .parts import TABLES
from .record_tables import field_of, traveller


class _ScoreTableRule(Rule):
    """Base of the rules that read a ScoreTable's rows."""

    formats = frozenset(("pbn",))  # LIN has no tables
    needs = TABLES

    @staticmethod
    def columns(view: Traveller, names: tuple[str, ...]) -> list[tuple[str, int]]:
        """Those of ``names`` the table has as columns, with their positions, in the order of ``names``."""
        return [(name, position) for name, position in zip(names, view.find(names)) if position is not None]

    field = staticmethod(field_of)  # the field of the record's ScoreTable, worked out once for every rule


class ScoreTableScore(_ScoreTableRule):
    """ScoreTable score differs from Law 77.

    What it does: computes the duplicate score of each ScoreTable row's
    Contract, Declarer and Result at the board's vulnerability and compares it
    with the row's Score_NS and Score_EW (a `-` in one of them: the score is in
    the other). Rows marked `^` (an artificial score) and rows with `-` or `?`
    in Contract, Declarer or Result are not checked. One cause, one finding:
    the board's matchpoints and IMPs (T106, R101, R102), computed from the
    Score as written, are not reported beside it.
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
        view = traveller(ctx)
        vulnerable = ctx.record.vulnerable
        if view is None or vulnerable is None or vulnerable.value is None:
            return
        contract_at, declarer_at, result_at = (view.position(name) for name in ("Contract", "Declarer", "Result"))
        sides = [(name, position) for name in ("NS", "EW") if (position := view.position(f"Score_{name}")) is not None]
        if contract_at is None or declarer_at is None or result_at is None or not sides:
            return
        table = view.table
        written = [(name, position, view.values(position)) for name, position in sides]
        for index, (row, contract, declarer, tricks) in enumerate(zip(view.numbers, *(
                view.values(position) for position in (contract_at, declarer_at, result_at)))):
            if table.artificial(row):
                continue
            if not isinstance(contract, Contract) or not isinstance(tricks, int) and not contract.passed_out:
                continue
            if contract.passed_out:
                ns_points = 0
            elif isinstance(declarer, str):
                points = score(contract, is_vulnerable(vulnerable.value, declarer), cast(int, tricks))
                ns_points = points if side(declarer) == "NS" else -points
            else:
                continue
            for name, position, values in written:
                expected = ns_points if name == "NS" else -ns_points
                if isinstance(values[index], int) and values[index] != expected:
                    element = table.cell(row, position)
                    made = "passed out" if contract.passed_out else f"{contract} by {declarer} with {tricks} tricks"
                    yield self.finding(f"ScoreTable Score_{name} {element.text}, but {made} at vulnerability "
                                       f"{vulnerable.value} scores {name} {expected}; the board's matchpoints "
                                       "and IMPs are checked against the Score as written, so mend it first",
                                       element.line, element.column, expected=str(expected))
                    break


class ScoreTableMatchpoints(_ScoreTableRule):
    """ScoreTable matchpoints or percentages differ from the scores.

    What it does: computes each ScoreTable row's matchpoints from the scores
    of all rows (Law 78A: a point for each score beaten and half a point for
    each equal one; Multiplicity counts a score that many times) and compares
    them with MP_NS, MP_EW, Percentage_NS and Percentage_EW (and the seats'
    MP_North ... Percentage_West of an individual event). MP columns are read
    on the scale the table shows: two points a score beaten or one (the
    Scoring tag's MP1 or MP2 decides when it names one), a top of 100 (the
    matchpoints times 100 over the other scores), or centred on 0 (the
    matchpoints less half the top, as Ruter writes them); a board with fewer
    results than its top implies may be factored up (Neuberg: (MP + ½)·N/n −
    ½ for n results scored as N). Percentages are the matchpoints over the
    top, of the factored matchpoints where the MP columns are factored; a table whose percentages all count each score as also meeting
    itself (100·(MP + ½)/N, artificial rows left out, as FFT writes them) is
    read that way. A value matches when it equals the computed one at the
    column's own precision (a value ending in 0 may be one decimal short,
    and an exact half may round either way). Artificial rows (`^`, `A+`...)
    are not checked; their scores still count, and rows that hold no score
    (an adjusted `A+`/`A-`) are left out of the field. A column whose values
    cannot belong to the whole field (their average is far from half the top
    on every scale: the table lists only part of the field) is not checked.
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

    or, on a top of 100 (three other scores):

        [Board "1"]
        [Vulnerable "None"]
        [ScoreTable "Score_NS;MP_NS"]
        420 100
        400 66.67
        170 33.33
        -50 0

    References: Law 78A; PBN §4.2.3, §5.9.
    """

    code, name, severity, law = "T106", "score-table-matchpoints", "error", "Law 78A"
    follows = ((ScoreTableScore.code, "game"),)  # matchpoints of a Score that is not Law 77's: that is the finding
    reads = frozenset((Kind.USEBIO_ARTIFICIAL_POINTS,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """T106 on the matchpoints of a USEBIO line whose artificial score gives another share of the top."""
        element, text, artificial, share, top, expected = problem.facts
        yield cls.finding(f"{element} {text}, but the artificial score {artificial} gives {element[:2]} {share}% of "
                          f"the top {top}: {expected}", problem.line, problem.column, expected=expected)

    def check(self, ctx: Context) -> Iterator[Finding]:
        view = traveller(ctx)
        checked = self.columns(view, _MATCHPOINT_COLUMNS) if view is not None else []
        if view is None or not checked:
            return
        field = self.field(ctx)
        if field is None:
            return
        step = method_of(ctx).mp_step
        fulls: list[int] = []  # the fields the MP columns are factored to (Neuberg), for the percentages
        for name, position in sorted(checked, key=lambda column: column[0].startswith("Percentage")):
            partner = view.position(_partner(name)) if field.adjusted else None
            yield from self._column(view, field, name, position, step, partner, fulls)

    def _column(self, view: Traveller, field: ScoreField, name: str, position: int, step: int | None,
                partner: int | None, fulls: list[int]) -> Iterator[Finding]:
        """The first wrong value of one column on the reading of it that finds fewest.  ``partner``: the other
        side's column of a table with adjusted rows, where a row whose two values do not add up to the top is a
        split score the director gave (Law 12C1), not matchpoints of the scores.  ``fulls``: the fields the
        table's MP columns were found factored to, so far (a percentage of a factored board is of the factored
        matchpoints); this column's is added."""
        table, values, written_as = view.table, view.values(position), view.texts(position)
        stated = [(row, value, table.row_starts[row.number] + position) for row in field.rows
                  if isinstance(value := values[row.number], (int, float))]
        if not stated:
            return
        texts = [written_as[row.number].lstrip("^") for row, _, _ in stated]
        places = max(decimals(text) for text in texts)
        tolerances = [0.5 * 10 ** -(places - 1 if places and text.endswith("0") and "." in text else places) + 1e-9
                      for text in texts]
        partners = view.values(partner) if partner is not None else []
        percentage = name.startswith("Percentage")
        ns = name.endswith(_NS_SUFFIXES)
        weight = sum(row.count for row, _, _ in stated)
        if weight < field.entries:
            return  # these values cannot be the whole field's
        mean = sum(row.count * value for row, value, _ in stated) / weight
        best: list | None = None
        best_reading: "_Reading | None" = None
        for reading in _readings(field, stated, percentage, ns, step, fulls if percentage else []):
            if abs(mean - reading.middle) > 0.2 * max(reading.half, 1):
                continue  # these values cannot be the whole field's on this scale
            wrong = []
            for (row, written, index), tolerance in zip(stated, tolerances):
                if row.artificial or partner is not None and not reading.complements(
                        written, partners[row.number], tolerance):
                    continue
                value = reading.value(row.matchpoints if ns else field.entries - 1 - row.matchpoints)
                if abs(written - value) > tolerance:
                    wrong.append((row, index, value))
                    if best is not None and len(wrong) >= len(best):
                        break  # no better than a reading already tried
            if best is None or len(wrong) < len(best):
                best, best_reading = wrong, reading
                if not wrong:
                    break  # every value fits this reading
        if best_reading is not None and best_reading.full != field.entries and not percentage:
            fulls.append(best_reading.full)
        if best and best_reading is not None:  # None: an excerpt of a larger field, not checked
            row, index, value = best[0]
            element = table.element(index)
            shown = f"{value:.{places}f}" if percentage or places else f"{value:g}"  # as the column writes it
            more = more_wrong(best, name)
            top = field.entries - 1
            if ns:
                side, points, beaten = "NS", row.ns, row.below
            else:  # the EW score beats every NS score above the row's
                side, points, beaten = "EW", -row.ns, top - row.below - row.equal
            factored = (f", factored to {best_reading.full} results (Neuberg)"
                        if best_reading.full != field.entries else "")
            yield self.finding(f"ScoreTable {name} {element.text}, but the table's scores give {shown}: {side} "
                               f"{points} beats {beaten} and equals {row.equal} of the {top} other scores"
                               f"{factored}{more}", element.line, element.column, expected=shown)


_NS_SUFFIXES = ("_NS", "_North", "_South")
_PARTNERS = {"NS": "EW", "EW": "NS", "North": "East", "East": "North", "South": "West", "West": "South"}


def _partner(name: str) -> str:
    """The other side's column: MP_NS and MP_EW, MP_North and MP_East..."""
    kind, _, seat = name.partition("_")
    return f"{kind}_{_PARTNERS[seat]}"
_MATCHPOINT_COLUMNS = tuple(f"{kind}_{seat}" for kind in ("MP", "Percentage")
                            for seat in ("NS", "EW", "North", "South", "East", "West"))


class _Reading:
    """One way a column may write matchpoints: a scale (``form``, ``step``) over a field of ``full`` results."""

    __slots__ = ("form", "step", "entries", "full", "half", "middle")

    def __init__(self, form: str, step: int, entries: int, full: int):
        self.form, self.step, self.entries, self.full = form, step, entries, full
        self.half = step * (full - 1) / 2 if form in ("plain", "centred") else 50.0  # half the top
        self.middle = 0.0 if form == "centred" else self.half  # the field's average

    def complements(self, written: float, other: object, tolerance: float) -> bool:
        """Whether a row's value and the other side's (``other``) add up to what the two sides share."""
        if not isinstance(other, (int, float)):
            return True
        shared = {"plain": self.step * (self.full - 1), "centred": 0.0}.get(self.form, 100.0)
        return abs(written + other - shared) <= 2 * tolerance

    def value(self, mp: float) -> float:
        """The value written for ``mp`` (one point a score beaten among ``entries``) on this reading."""
        if self.form == "fft":
            return 100 * (mp + 0.5) / self.entries
        return on_scale(neuberg(mp, self.entries, self.full), self.full, self.form, self.step)


def _readings(field: ScoreField, stated: list, percentage: bool, ns: bool, step: int | None,
              factored: list[int]) -> Iterator[_Reading]:
    """The readings a column may be on: unfactored first (a percentage: factored as the table's MPs are, first),
    then factored to the full field its values imply."""
    n = field.entries
    if percentage:
        forms = [("hundred", 1)]
    else:
        steps = (step,) if step else (1, 2)
        forms = [(form, s) for s in steps for form in ("plain", "centred")] + [("hundred", 1)]
    for known in dict.fromkeys(factored):
        yield _Reading("hundred", 1, n, known)
    for form, s in forms:
        yield _Reading(form, s, n, n)
    if percentage and all(not row.artificial for row, _, _ in stated):
        yield _Reading("fft", 1, n, n)
    for form, s in forms:
        full = _full_field(field, stated, ns, form, s)
        if full is not None:
            yield _Reading(form, s, n, full)


def _full_field(field: ScoreField, stated: list, ns: bool, form: str, step: int) -> int | None:
    """The number of results a factored column's values imply (from its most extreme row); None: no more than
    the table holds, or none to tell."""
    n = field.entries
    extreme = None
    for row, written, _ in stated:
        if row.artificial:
            continue
        mp = row.matchpoints if ns else n - 1 - row.matchpoints
        if extreme is None or abs(mp - (n - 1) / 2) > abs(extreme[0] - (n - 1) / 2):
            extreme = (mp, written)
    if extreme is None:
        return None
    full = full_field(extreme[0], n, extreme[1], form, step)
    return full if full is not None and full > n else None
