"""Law 77 scoring: every combination against an independent table-driven oracle, and laws.md §6.5."""

import pytest

from bridgelint.core.bridge import Contract, Score, parse_score
from bridgelint.core.scoring import score

# Law 77 as printed: running undertrick totals (laws.md §6.3), per odd trick values (§6.1).
DOWN = {
    (False, ""): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (False, "X"): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (False, "XX"): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (True, ""): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (True, "X"): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (True, "XX"): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}
FACTOR = {"": 1, "X": 2, "XX": 4}


def oracle(level, denomination, risk, vulnerable, tricks):
    """Law 77 summed trick by trick, written independently of scoring.py."""
    need = level + 6
    if tricks < need:
        return -DOWN[(vulnerable, risk)][need - tricks - 1]
    odd = []
    for n in range(1, level + 1):
        if denomination in "CD":
            odd.append(20)
        elif denomination == "NT" and n == 1:
            odd.append(40)
        else:
            odd.append(30)
    below = sum(v * FACTOR[risk] for v in odd)
    total = below + (50 if below < 100 else (500 if vulnerable else 300))
    total += {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
    total += {"": 0, "X": 50, "XX": 100}[risk]
    for _ in range(tricks - need):
        if risk == "":
            total += 20 if denomination in "CD" else 30
        else:
            total += (200 if vulnerable else 100) * (FACTOR[risk] // 2)
    return total


def test_every_combination_against_the_oracle():
    count = 0
    for level in range(1, 8):
        for denomination in ("C", "D", "H", "S", "NT"):
            for risk in ("", "X", "XX"):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        expected = oracle(level, denomination, risk, vulnerable, tricks)
                        assert score(Contract(level, denomination, risk), vulnerable, tricks) == expected, \
                            (level, denomination, risk, vulnerable, tricks)
                        count += 1
    assert count == 2940


@pytest.mark.parametrize("contract, vulnerable, tricks, expected", [
    (Contract(1, "NT"), False, 7, 90),
    (Contract(2, "C", "X"), False, 8, 180),
    (Contract(2, "H", "X"), False, 9, 570),
    (Contract(4, "S"), False, 10, 420),
    (Contract(3, "NT"), True, 10, 630),
    (Contract(1, "NT", "XX"), True, 7, 760),
    (Contract(6, "C"), True, 12, 1370),
    (Contract(7, "NT"), False, 13, 1520),
    (Contract(6, "NT", "X"), False, 13, 1330),
    (Contract(4, "H", "X"), False, 6, -800),
    (Contract(3, "D", "X"), True, 6, -800),
    (Contract(2, "S", "XX"), False, 6, -600),
    (Contract(5, "D"), True, 9, -200),
    (Contract(0), False, 0, 0),
])
def test_worked_examples_of_laws_6_5(contract, vulnerable, tricks, expected):
    assert score(contract, vulnerable, tricks) == expected


@pytest.mark.parametrize("raw, parsed", [
    ("420", Score(420, None, None)),
    ("-300", Score(-300, None, None)),
    ("NS 420", Score(None, 420, None)),
    ("EW -100", Score(None, None, -100)),
    ("NS 420 EW -420", Score(None, 420, -420)),
    ("EW 50 NS -50", Score(None, -50, 50)),
    ("a", None), ("10.5", None), ("NS 1 NS 2", None), ("", None),
])
def test_parse_score(raw, parsed):
    assert parse_score(raw) == parsed


def test_score_sides():
    assert Score(420, None, None).written("E") == [("EW", 420)]
    assert Score(None, 420, -420).written("N") == [("NS", 420), ("EW", -420)]
