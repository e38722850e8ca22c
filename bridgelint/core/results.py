"""The arithmetic of results: matchpoint scales and Neuberg (Law 78A), datums and cross-IMPs (Law 78B), the WBF
victory-point scale, rounding as scoring programs round.  Pure: no reading, no findings.

Matchpoints here are counted one point a score beaten and half a tie (``mp``) among ``entries`` results; the
scales a table may write them on are worked out from that.
"""

from __future__ import annotations

import math
from functools import lru_cache
from operator import mul
from typing import Iterable, Sequence

from .scoring import imps

# --- matchpoints (Law 78A) ----------------------------------------------------------------------------------

FORMS = ("plain", "centred", "hundred")  # step points a score beaten; less half the top; a top of 100


def neuberg(mp: float, entries: int, full: int) -> float:
    """Matchpoints among ``entries`` results factored to a field of ``full`` (Neuberg: (MP + ½)·N/n − ½)."""
    return mp if full == entries else (mp + 0.5) * full / entries - 0.5


def on_scale(mp: float, entries: int, form: str, step: int = 1) -> float:
    """``mp`` among ``entries`` results as a table writes it: ``plain`` (``step`` points a score beaten),
    ``centred`` (less half the top: the field's average is 0) or ``hundred`` (a top of 100: a percentage)."""
    top = entries - 1
    if form == "plain":
        return step * mp
    if form == "centred":
        return step * (mp - top / 2)
    return 100 * mp / top if top else 50.0


def full_field(mp: float, entries: int, written: float, form: str, step: int = 1) -> int | None:
    """The field ``full`` for which ``on_scale(neuberg(mp, entries, full), full, form, step)`` is ``written``,
    rounded to a whole number of results; None when the row cannot tell (an average row) or none fits."""
    share = (mp + 0.5) / entries
    if form == "plain":
        full = (written / step + 0.5) / share
    elif form == "centred":
        if share == 0.5:
            return None
        full = written / (step * (share - 0.5))
    else:
        ratio = written / 100
        if ratio == share:
            return None
        full = (ratio - 0.5) / (ratio - share)
    if not math.isfinite(full) or full < 2:
        return None
    return round(full)


# --- datums and cross-IMPs (Law 78B) ----------------------------------------------------------------------

def round_to_ten(value: float) -> int:
    """To the nearest 10, halves away from zero (−85 → −90), as Butler datums are rounded."""
    tens = math.floor(abs(value) / 10 + 0.5) * 10
    return int(tens if value >= 0 else -tens)


def datum(points: Sequence[int], counts: Sequence[int], method: str, form: str = "Mean") -> float | None:
    """The datum of North-South scores ``points`` (each scored ``counts`` times): ``Butler`` takes them all,
    ``Butler-2`` leaves out one highest and one lowest; ``Mean`` or ``Median`` of what remains.  Unrounded;
    None when no score remains."""
    total = sum(counts)
    if method == "Butler-2":
        if total < 3:
            return None
        total -= 2
    if not total:
        return None
    if form == "Median":
        tally: dict[int, int] = {}
        for score, count in zip(points, counts):
            tally[score] = tally.get(score, 0) + count
        ordered = sorted(tally.items())
        return _median(_less_one_each_end(ordered) if method == "Butler-2" else ordered, total)
    weighted = sum(map(mul, points, counts))
    if method == "Butler-2":
        weighted -= min(points) + max(points)
    return weighted / total


def _less_one_each_end(ordered: list[tuple[int, int]]) -> list[tuple[int, int]]:
    low, high = ordered[0], ordered[-1]
    kept = list(ordered)
    kept[0] = (low[0], low[1] - 1)
    last = len(kept) - 1
    kept[last] = (high[0], kept[last][1] - 1)
    return [(points, count) for points, count in kept if count > 0]


def _median(ordered: list[tuple[int, int]], total: int) -> float:
    def at(position: int) -> int:
        for points, count in ordered:
            if position < count:
                return points
            position -= count
        return ordered[-1][0]

    return (at((total - 1) // 2) + at(total // 2)) / 2


def cross_imps(own: int, scores: Iterable[tuple[int, int]], scale: str = "WBF") -> int:
    """IMPs of the North-South score ``own`` against every other score of the field (``scores`` with their
    counts, ``own`` among them once), summed."""
    total = 0
    skipped = False
    for points, count in scores:
        if points == own and not skipped:
            count -= 1
            skipped = True
        total += count * imps(own - points, scale)
    return total


# --- victory points -----------------------------------------------------------------------------------------

_TAU = (math.sqrt(5) - 1) / 2
MATCH_BOARDS = 500  # the most boards of a match with a scale: its length grows with √boards (337 margins at 500)


@lru_cache(maxsize=64)
def vp_scale(boards: int) -> tuple[float, ...]:
    """The WBF continuous 20-point scale (2013) for a match of ``boards``: the winner's VPs by IMP margin,
    from 0 to the first margin worth 20.

    The formula (the WBF Scoring Panel's technical report, "The New WBF IMP to VP Scales"): with
    τ = (√5 − 1)/2, r = τ³ and the blitz B = 15·√boards, the winner has 10 + 10·(1 − r^(IMPs/B))/(1 − r)
    VPs, at most 20, to two decimals.  Rounding alone can make a step larger than the one before it; the WBF
    scale then adds 0.01 to the value between them (until no step is larger than the one before), so that
    "each additional IMP in the winner's margin is worth no more than the previous one" (WBF,
    victory-point-scales.aspx).  Checked against published values: Ruter i Norge's 28-board league
    (9 → 11.98, 10 → 12.18, 12 → 12.57, 15 → 13.13, 19 → 13.82, 20 → 13.99, 23 → 14.48 where the formula
    alone gives 14.47, 24 → 14.63, 37 → 16.41, 48 → 17.62, 54 → 18.19, 80 → 20.00) and the 20-board scale
    as the Dutch federation's clubs publish it (bcstar.nl: 1 → 10.28, 2 → 10.55).
    A match of no whole number of boards from 1 to :data:`MATCH_BOARDS` has no scale: ValueError.
    """
    if not 0 < boards <= MATCH_BOARDS:
        raise ValueError(f"no scale for a match of {boards} boards (1 to {MATCH_BOARDS})")
    blitz = 15 * math.sqrt(boards)
    r = _TAU ** 3
    values: list[float] = []
    margin = 0
    while True:
        value = min(20.0, round(10 + 10 * (1 - r ** (margin / blitz)) / (1 - r) + 1e-9, 2))
        values.append(value)
        if value >= 20:
            break
        margin += 1
    cents = [round(v * 100) for v in values]
    changed = True
    while changed:  # a value raised makes the step before it larger: again until every step is no larger
        changed = False
        for i in range(2, len(cents)):
            if cents[i] - cents[i - 1] > cents[i - 1] - cents[i - 2]:
                cents[i - 1] += 1
                changed = True
    return tuple(c / 100 for c in cents)


def victory_points(margin: int, boards: int) -> float:
    """The winner's VPs for an IMP ``margin`` (0 or more) in a match of ``boards`` (WBF 2013, :func:`vp_scale`)."""
    scale = vp_scale(boards)
    return scale[margin] if margin < len(scale) else 20.0
