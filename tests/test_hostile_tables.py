"""Hostile tables: every number a table gives (NrBoards, VPs, IMPs, MatchDetails, percentages, counts) is a
finding or is bounded, never an internal error (X001) nor work that grows with the number's value.

Realistic tables (a traveller, a ranking, a match table, a team ranking, an optimum table) have their cells
replaced by hostile numbers, seeded: zero, negative, huge, not finite, many digits, odd digits.  Before the bound on a match's boards,
4 of these 400 files gave X001 (math domain error, division by zero) and one ran for an hour.  The run is
counted (how many files, how many X001), never timed; the victory-point scale's length, what its work grows
with, is bounded (:func:`bridgelint.core.results.vp_scale`)."""

from __future__ import annotations

import io
import random
import re

import pytest

from bridgelint.core.results import MATCH_BOARDS, vp_scale
from bridgelint.engine.pipeline import check_stream

GAME = '[Event "e"]\n[Board "{board}"]\n[Scoring "{scoring}"]\n[Vulnerable "None"]\n[Dealer "N"]\n' \
       '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
TEMPLATES = [
    '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;MP_NS;MP_EW;Percentage_NS"]\n'
    '1 1 1 2 3NT N 9 400 2 0 100\n2 1 3 4 4S S 10 420 0 2 0\n',
    '[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW;Multiplicity"]\n1 2 420 5 -5 1\n3 4 400 -5 5 1\n',
    '[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage;MeanMP"]\n'
    '1 4 20 1449.8 72.49 72.49\n2 7 6 422.3 70.38 70.38\n3 2 20 1404.0 70.20 70.20\n',
    '[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;NrBoardsSession;SessionScoreMP;SessionPercentage"]\n'
    '1 1 4 3 2 2 100.0\n1 4 4 3 2 2 100.0\n3 2 4 1 2 0 0.0\n',
    '[ScoreTable "Round;TeamId_Home;TeamId_Away;MatchDetails;NrBoards;VP_Home;VP_Away"]\n'
    '1 1 2 "1,15,54|2,30,0|200,45,54" 28 8.02 11.98\n1 3 4 "1,40,31|2,25,24|200,65,55" 28 12.18 7.82\n',
    '[TotalScoreTable "Rank;TeamId;TotalScoreVP;TotalIMP"]\n1 4 7.82 10\n2 1 8.02 -10\n',
    '[ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]\n1 Lions Tigers 13 6\n',
    '[TotalScoreTable "Rank;PairId;Direction;NrBoards;TotalMP;TotalIMP;TotalScoreIMP"]\n'
    '1 1 "N-S" 2 2 3 4\n2 2 "N-S" 2 0 1 2\n',
    '[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 9\nS S 10\n',
    '[InstantScoreTable "ScoreRange_NS;Percentage_NS;IMP_NS"]\n*,400 0 -3\n420,* 100 3\n',
]
HOSTILE = ["0", "-0", "-16", "-1", "100000000", "99999999999999999999", "1e308", "1e999", "-1e999", "nan", "inf",
           "-inf", "0.0", "0.00001", "1e-308", "2.5", "-100", "100.01", "13", "14", "²", "٣", "1" * 400, "-",
           '"1,nan,inf"', '"1,1e999,2|2,3,4"', '"1,-5,3|-1,2,2"', '"0,0,0"', '"99999999999,1,2"', '"1,2|"',
           '"|"', '""', "1_000", "0x10", "+5", ".5", "5.", "1e5"]
SCORINGS = ["MP", "IMP", "IMP;Cross", "Butler", "VP", "BAM", "MP;MP2", "Cross_IMP", ""]
_CELL = re.compile(r'"[^"]*"|\S+')


def hostile_game(rng: random.Random) -> str:
    """A game whose tables (one or two of the templates) have some cells replaced by hostile numbers."""
    board = rng.choice(["1", "2", "0", "-3", "99999999"])
    tables = []
    for template in rng.sample(TEMPLATES, rng.randint(1, 2)):
        header, _, rows = template.partition("\n")
        rows = "\n".join(_CELL.sub(lambda m: rng.choice(HOSTILE) if rng.random() < 0.3 else m.group(), row)
                         for row in rows.splitlines())
        tables.append(f"{header}\n{rows}\n")
    return GAME.format(board=board, scoring=rng.choice(SCORINGS)) + "".join(tables)


def hostile_file(seed: int) -> str:
    rng = random.Random(seed)
    return "\n".join(hostile_game(rng) for _ in range(rng.randint(1, 3)))


def test_four_hundred_hostile_tables_give_no_internal_error():
    internal = [(seed, f.message) for seed in range(400) for f in
                check_stream("hostile.pbn", io.BytesIO(hostile_file(seed).encode())).findings if f.code == "X001"]
    assert internal == []


@pytest.mark.parametrize("boards", ["100000000", "-16", "0", "2.5"])
def test_a_match_of_hostile_boards_is_one_finding(boards):
    text = GAME.format(board="1", scoring="VP") + TEMPLATES[4].replace(" 28 8.02", f" {boards} 8.02")
    findings = check_stream("m.pbn", io.BytesIO(text.encode())).findings
    assert [(f.code, f.line, f.column) for f in findings] == [("R105", 8, 34)]


@pytest.mark.parametrize("boards", ["1e999", "nan", "inf", "1" * 400])
def test_a_match_of_boards_that_are_no_number_is_not_checked(boards):
    text = GAME.format(board="1", scoring="VP") + TEMPLATES[4].replace(" 28 8.02", f" {boards} 8.02")
    assert [f.code for f in check_stream("m.pbn", io.BytesIO(text.encode())).findings if f.code == "X001"] == []


def test_the_victory_point_scale_is_bounded_by_the_boards_of_a_match():
    assert len(vp_scale(MATCH_BOARDS)) < 400  # the margins worked out: the scale's whole work, counted
    for boards in (0, -16, MATCH_BOARDS + 1, 100_000_000):
        with pytest.raises(ValueError, match="no scale for a match"):
            vp_scale(boards)
