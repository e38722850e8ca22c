"""The arithmetic of results on published values: the Scoring method, IMP scales, matchpoint scales and
Neuberg, datums, cross-IMPs and the WBF victory-point scale (bridgelint.results, bridgelint.scoring_method)."""

from __future__ import annotations

import pytest

from bridgelint.core.results import (
    cross_imps,
    datum,
    full_field,
    neuberg,
    on_scale,
    round_to_ten,
    victory_points,
    vp_scale,
)
from bridgelint.core.scoring import imps, imps_against, imps_of
from bridgelint.core.scoring_method import ScoringMethod, scoring_method

# --- the Scoring method (PBN §3.4.12) ----------------------------------------------------------------------


@pytest.mark.parametrize("value, basic, modifiers, unknown", [
    ("MatchPoints;MP1", "MP", {"MP1"}, ()),
    ("IMP;Butler-2;Mean", "IMP", {"Butler-2", "Mean"}, ()),
    ("imp;cross1", "IMP", {"Cross1"}, ()),  # keywords read without regard to case
    ("MP", "MP", set(), ()),
    ("Teams", None, set(), ("Teams",)),  # not a keyword of the standard: unknown, not guessed
    ("MP;IMP", "MP", set(), ("IMP",)),  # a second basic system
    ("", None, set(), ()),
    ("?", None, set(), ()),
])
def test_the_scoring_tag_is_read_into_one_method(value, basic, modifiers, unknown):
    method = scoring_method(value)
    assert (method.basic, set(method.modifiers), method.unknown) == (basic, modifiers, unknown)


def test_what_the_method_says_and_what_it_leaves_unknown():
    assert scoring_method("MatchPoints;MP1").mp_step == 2  # two points a score beaten
    assert scoring_method("MP;MP2").mp_step == 1
    assert scoring_method("MP").mp_step is None  # not named: the table's values tell
    assert scoring_method("MP;MP1;MP2").mp_step is None
    assert scoring_method("IMP;Butler-2;Mean").comparison == "Butler-2"
    assert scoring_method("IMP;Butler;Median").datum_form == "Median"
    assert scoring_method("IMP").comparison is None  # IMPs, but against what is not named
    assert scoring_method("IMP;Butler;Cross").comparison is None
    assert scoring_method("IMP;Butler;Frobnicate").comparison is None  # something unknown: not guessed
    assert scoring_method("MP;Butler").comparison is None
    assert scoring_method("IMP;Cross2;IMP_1948").imp_scale == "IMP_1948"
    assert scoring_method("IMP;Cross2").imp_scale == "WBF"
    assert scoring_method(None) == ScoringMethod()
    assert str(scoring_method("imp;butler-2;mean")) == "IMP;Butler-2;Mean"


# --- IMP scales (Law 78B) ------------------------------------------------------------------------------------

# Law 78B as printed (pzbs.pl's translation of the 2017 Laws): the lowest difference of each IMP, 1 to 24
WBF_STEPS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
             2500, 3000, 3500, 4000]
# the scale of 1948, as Sports Illustrated printed it on 2 May 1960 ("Imps in the cards"): 0-10 = 0, 20-60 = 1 ...
SCALE_1948 = [20, 70, 140, 220, 350, 500, 750, 1000, 1250, 1500, 2000, 2500, 3000, 3500, 4000]


@pytest.mark.parametrize("scale, steps", [("WBF", WBF_STEPS), ("IMP_1948", SCALE_1948)])
def test_imp_scales_as_published(scale, steps):
    for won, low in enumerate(steps, start=1):
        assert imps(low, scale) == won and imps(-low, scale) == -won
        assert imps(low - 10, scale) == won - 1
    assert imps(10, scale) == 0 and imps(99990, scale) == len(steps)


def test_a_difference_from_an_exact_datum_has_the_imps_of_the_step_below():
    assert imps(45) == 1 and imps(-45) == -1 and imps(19.9) == 0 and imps(50) == 2


# --- matchpoint scales and Neuberg (Law 78A) ----------------------------------------------------------------

def test_matchpoint_scales():
    # five results: a score that beats three and ties one has 3.5 (one a score beaten), top 4
    assert on_scale(3.5, 5, "plain") == 3.5
    assert on_scale(3.5, 5, "plain", 2) == 7  # MP1: two a score beaten, one a tie
    assert on_scale(3.5, 5, "centred", 2) == 3  # Ruter: 7 less half the top of 8
    assert on_scale(3.5, 5, "hundred") == 87.5  # a top of 100


def test_neuberg_factoring():
    # (MP + 1/2) * N / n - 1/2: a top among 7 results scored as 8 (EBU White Book, Neuberg's formula)
    assert neuberg(6, 7, 8) == pytest.approx(6.9285714)
    assert neuberg(0, 7, 8) == pytest.approx(0.0714286)
    assert neuberg(3, 7, 8) == pytest.approx(3.5)  # the average stays the average
    assert neuberg(3, 7, 7) == 3


@pytest.mark.parametrize("form, step", [("plain", 1), ("plain", 2), ("centred", 2), ("hundred", 1)])
def test_the_full_field_is_found_again_from_a_factored_value(form, step):
    for mp, entries, full in [(6, 7, 8), (0, 7, 8), (9.5, 11, 13), (1, 2, 4)]:
        written = round(on_scale(neuberg(mp, entries, full), full, form, step), 2)
        assert full_field(mp, entries, written, form, step) == full
    assert full_field(3, 7, 0.0, "centred", 2) is None  # an average row tells nothing


# --- datums and cross-IMPs ----------------------------------------------------------------------------------

def test_datums():
    scores, once = [420, 400, 170, -50, -100], [1] * 5
    assert datum(scores, once, "Butler") == 168
    assert datum(scores, once, "Butler-2") == pytest.approx(520 / 3)  # 400, 170 and -50
    assert datum(scores, once, "Butler", "Median") == 170
    assert datum([420, -50], [3, 1], "Butler-2") == 420  # one of the three 420s and the -50 left out
    assert datum([420, -50], [3, 1], "Butler-2", "Median") == 420
    assert datum([420, 400], [1, 1], "Butler-2") is None
    assert datum([420, 400, 100, 90], [1] * 4, "Butler", "Median") == 250


@pytest.mark.parametrize("value, ten", [(-85, -90), (85, 90), (84.9, 80), (-50, -50), (0, 0), (4.99, 0), (5, 10)])
def test_a_datum_rounded_to_the_nearest_ten_halves_away_from_zero(value, ten):
    assert round_to_ten(value) == ten


def test_cross_imps():
    # BridgeHit's example: 430 against 400, 150 and -50 is 1 + 7 + 10 = 18 IMPs (6 a comparison)
    field = [(430, 1), (400, 1), (150, 1), (-50, 1)]
    assert cross_imps(430, field) == 18
    assert cross_imps(-50, field) == -10 - 10 - 5
    assert cross_imps(420, [(420, 2), (400, 1)]) == 1  # the own score is left out once, its tie counts 0


# --- the WBF victory-point scale (2013) ---------------------------------------------------------------------

# Ruter i Norge's 28-board league (the corpus file teams.pbn), margin -> the winner's VPs
RUTER_28 = {0: 10.0, 9: 11.98, 10: 12.18, 12: 12.57, 15: 13.13, 19: 13.82, 20: 13.99, 23: 14.48, 24: 14.63,
            37: 16.41, 48: 17.62, 54: 18.19, 80: 20.0}


def test_victory_points_as_published():
    for margin, vp in RUTER_28.items():
        assert victory_points(margin, 28) == vp
    assert [victory_points(m, 20) for m in (0, 1, 2)] == [10.0, 10.28, 10.55]  # the 20-board scale (bcstar.nl)


def test_the_concavity_correction():
    # 23 IMPs in 28 boards: 14.47 by the formula, 14.48 on the scale, so that no IMP is worth more than the one
    # before it
    assert victory_points(23, 28) == 14.48
    for boards in range(1, 101):
        scale = vp_scale(boards)
        steps = [round(b - a, 2) for a, b in zip(scale, scale[1:])]
        assert all(later <= earlier for earlier, later in zip(steps, steps[1:])), boards
        assert scale[0] == 10 and scale[-1] == 20
    assert victory_points(500, 16) == 20


def test_imps_of_a_list_are_each_difference_s_imps():
    # Law 78B: 0-10 is 0, 20-40 is 1, 45 (against an exact mean) 1, 4000 or more 24; the sign follows the difference
    differences = [0, 10, 20, 40, 45, 50, -90, 3990, 4000, -15200, 17.5]
    assert imps_of(differences) == [0, 0, 1, 1, 1, 2, -3, 23, 24, -24, 0] == [imps(d) for d in differences]
    assert imps_of([60, 70, -4000], "IMP_1948") == [1, 2, -15]


def test_imps_against_a_datum_looked_up_or_computed():
    scores = [420, -50, 4400, -3990, 130]
    for middle in (260, 256.5, -30, 0):
        assert imps_against(scores, middle) == [imps(score - middle) for score in scores]
        assert imps_against(scores, middle, "IMP_1948") == [imps(score - middle, "IMP_1948") for score in scores]
    assert imps_against([420, 400], 260) == [4, 4] and imps_against([], 260) == []
