"""Law 77: the duplicate score of a board, from declarer's side; Law 78B: IMPs.  Pure."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from typing import Iterable, Sequence

from .bridge import Contract

_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
_MULTIPLIER = {"": 1, "X": 2, "XX": 4}


def score(contract: Contract, declarer_vulnerable: bool, tricks: int) -> int:
    """Declarer's side's score for ``tricks`` (0-13) won in ``contract``; 0 if passed out (Law 22B)."""
    if contract.passed_out:
        return 0
    multiplier = _MULTIPLIER[contract.risk]
    need = contract.level + 6
    if tricks < need:
        return -_undertricks(need - tricks, multiplier, declarer_vulnerable)
    per_trick = _TRICK_VALUE[contract.denomination]
    trick_score = multiplier * (per_trick * contract.level + (10 if contract.denomination == "NT" else 0))
    total = trick_score
    if trick_score < 100:
        total += 50
    else:
        total += 500 if declarer_vulnerable else 300
    if contract.level >= 6:
        slam = 500 if contract.level == 6 else 1000
        total += slam * 3 // 2 if declarer_vulnerable else slam
    total += {1: 0, 2: 50, 4: 100}[multiplier]
    overtrick = per_trick if multiplier == 1 else 50 * multiplier * (2 if declarer_vulnerable else 1)
    return total + (tricks - need) * overtrick


def _undertricks(down: int, multiplier: int, vulnerable: bool) -> int:
    """The defenders' points for ``down`` undertricks (Law 77, with the fourth-undertrick bonus)."""
    if multiplier == 1:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * multiplier // 2


# Law 78B: IMP scales, as the smallest point difference of each IMP.  WBF: the current scale (20-40 is 1 IMP, ...
# 3500-3990 is 23, 4000 or more 24).  IMP_1948: the scale the WBF used before it, up to 15 (0-10 is 0, 20-60 is 1,
# ... 4000 or more 15; as printed in Sports Illustrated, 2 May 1960, "Imps in the cards").
IMP_SCALES = {
    "WBF": (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
            2500, 3000, 3500, 4000),
    "IMP_1948": (20, 70, 140, 220, 350, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 3500, 4000),
}


def imps(difference: float, scale: str = "WBF") -> int:
    """The IMPs of a point difference on an IMP scale (Law 78B), with its sign.  A difference between two steps
    of the scale (against an exact datum: 45) has the IMPs of the step below it (1)."""
    won = bisect_right(IMP_SCALES[scale], abs(difference))
    return won if difference >= 0 else -won


def imps_of(differences: Iterable[float], scale: str = "WBF") -> list[int]:
    """:func:`imps` of each of ``differences``, in one pass."""
    steps = IMP_SCALES[scale]
    return [bisect_right(steps, difference) if difference >= 0 else -bisect_right(steps, -difference)
            for difference in differences]


_LOOKED_UP = 4000  # the differences the IMPs of a whole difference are looked up for, either way


@lru_cache(maxsize=None)
def _by_difference(scale: str) -> tuple[int, ...]:
    """:func:`imps` of every whole difference from -_LOOKED_UP to _LOOKED_UP, in that order: a run of each IMP,
    each run made at once."""
    bounds = [min(step, _LOOKED_UP + 1) for step in (*IMP_SCALES[scale], _LOOKED_UP + 1)]
    counts = [high - low for low, high in zip((0, *bounds), bounds)]  # how many differences of 0 or more give each
    table: list[int] = []
    for imp in range(len(counts) - 1, 0, -1):
        table += [-imp] * counts[imp]
    table += [0] * (2 * counts[0] - 1)
    for imp in range(1, len(counts)):
        table += [imp] * counts[imp]
    return tuple(table)


def imps_against(points: Sequence[int], datum: float, scale: str = "WBF") -> list[int]:
    """:func:`imps` of each of North-South's ``points`` less ``datum``: looked up when the datum is whole (rounded,
    as most are) and no difference is larger than the table holds, else as :func:`imps_of`."""
    if points and datum == int(datum) and max(points) - datum <= _LOOKED_UP and min(points) - datum >= -_LOOKED_UP:
        table, offset = _by_difference(scale), _LOOKED_UP - int(datum)
        return [table[offset + score] for score in points]
    return imps_of([score - datum for score in points], scale)
