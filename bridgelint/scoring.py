"""Law 77: the duplicate score of a board, from declarer's side; Law 78B: IMPs.  Pure."""

from __future__ import annotations

from bisect import bisect_left

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


# Law 78B: the WBF IMP scale, as the largest point difference of each IMP (20-40 is 1 IMP, ... 3500-3990 is 23)
_IMP_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990,
               2240, 2490, 2990, 3490, 3990)


def imps(difference: int) -> int:
    """The IMPs of a point difference on the WBF scale (Law 78B), with its sign; 4000 or more is 24."""
    won = bisect_left(_IMP_BOUNDS, abs(difference))
    return won if difference >= 0 else -won
