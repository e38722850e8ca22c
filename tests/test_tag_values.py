"""Tag values whose form PBN gives (T103) and values that contradict each other (T104)."""

from __future__ import annotations

import pytest
from conftest import at, check

HEAD = '[Event "e"]\n[Board "1"]\n'  # lines 1-2; the tag under test is on line 3


def found(code: str, text: str) -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in check(text) if f.code == code]


# --- T103 malformed values ------------------------------------------------------------------

@pytest.mark.parametrize("name, value", [
    ("Score", "NS 4x0"), ("Score", "420 NS"), ("Score", "NS 420 NS -420"), ("Score", "NS 42.5"),
    ("ScoreIMP", "NS three"), ("ScoreMP", "7/5"), ("ScorePercentage", "NS 5O"),
    ("ScoreRubber", "NS 50-120"), ("ScoreRubberHistory", "NS 0/0 EW 0/0"), ("OptimumScore", "420"),
    ("Time", "25:00:00"), ("UTCTime", "12.30.00"), ("UTCDate", "2024-05-01"), ("EventDate", "1.5.2024"),
    ("TimeControl", "30 minutes"), ("Mode", "by e-mail"), ("Room", "IMP"), ("Room", "open"), ("Hidden", "WW"),
    ("Hidden", "X"), ("FrenchMP", "yes"), ("Termination", "normal!"),
])
def test_t103_fires_at_the_value(name, value):
    assert [(line, column) for line, column, _ in found("T103", HEAD + f'[{name} "{value}"]\n')] == [
        (3, len(name) + 4)]


@pytest.mark.parametrize("name, value", [
    ("Score", "NS 420"), ("Score", "-1000"), ("Score", "EW 420 NS -420"), ("ScoreIMP", "EW -2.5"),
    ("ScoreIMP", "NS 0 EW -0"), ("ScoreMP", "NS 7.5"), ("ScorePercentage", "0."), ("ScorePercentage", "EW 50. NS 50.0"),
    ("ScoreRubber", "300/40"), ("ScoreRubber", "EW 300/40 NS 50 / 70"), ("ScoreRubberHistory", "NS 0 0 / 100 0 EW 0 0 / 0 0"),
    ("OptimumScore", "NS +620"), ("OptimumScore", "EW -100 NS 100"), ("Time", "20:15:00"), ("UTCTime", "07:05:59"),
    ("UTCDate", "2024.05.??"), ("EventDate", "2024.05.01"), ("TimeControl", "4/30"), ("TimeControl", ""),
    ("Mode", "TABLE"), ("Mode", "EMB"), ("Room", "Closed"), ("Hidden", "NES"), ("FrenchMP", "No"),
    ("Termination", "time forfeit"), ("Score", "?"), ("Room", ""),
])
def test_t103_not_on_values_of_the_right_form(name, value):
    assert found("T103", HEAD + f'[{name} "{value}"]\n') == []


def test_t103_scoring_keywords_point_at_the_bad_field():
    ((line, column, message),) = found("T103", HEAD + '[Scoring "MP;;Butler"]\n')
    assert (line, column) == (3, 14) and "empty field" in message
    ((line, column, message),) = found("T103", HEAD + '[Scoring "IMP;Cross IMP"]\n')
    assert (line, column) == (3, 15) and '"Cross IMP" is not a keyword' in message
    assert found("T103", HEAD + '[Scoring "MP;MP1;Made_up-Keyword2"]\n') == []  # unknown keywords are fine


def test_t103_spaces_around_a_mandatory_value():
    ((line, column, message),) = found("T103", HEAD + '[Vulnerable "None "]\n')
    assert (line, column) == (3, 18) and 'write "None"' in message
    assert [(line, column) for line, column, _ in found("T103", HEAD + '[Dealer " N"]\n')] == [(3, 10)]
    assert found("T103", HEAD + '[Vulnerable "None"]\n[Event " spaced "]\n') == []  # free text may have spaces


def test_t103_a_history_whose_sides_count_different_games():
    ((line, column, message),) = found("T103", HEAD + '[ScoreRubberHistory "NS 0 0/100 0 EW 0 0/0"]\n')
    assert (line, column) == (3, 22) and "NS 2 and EW 1 game" in message


def test_t103_an_inherited_value_is_reported_where_it_is_written():
    text = HEAD + '[Room "##IMP"]\n\n[Board "2"]\n\n[Board "3"]\n'
    assert at(check(text), "T103") == [(3, 8)]


# --- T104 contradictions ---------------------------------------------------------------------

@pytest.mark.parametrize("tags, where", [
    ('[Vulnerable "None"]\n[ScoreRubberHistory "NS 0 0/120 0 EW 0 0/40 0"]\n', (4, 22)),
    ('[Vulnerable "All"]\n[ScoreRubberHistory "NS 0 0/120 0 EW 0 0/40 0"]\n', (4, 22)),
    ('[Score "NS 420 EW 420"]\n', (3, 9)),
    ('[OptimumScore "NS 420 EW 420"]\n', (3, 16)),
    ('[ScorePercentage "NS 101"]\n', (3, 19)),
    ('[DoubleDummyTricks "dd8d8e5e4e0000000000"]\n', (3, 21)),
    ('[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 14\n', (4, 6)),
])
def test_t104_fires(tags, where):
    assert at(check(HEAD + tags), "T104") == [where]


@pytest.mark.parametrize("tags", [
    '[Vulnerable "NS"]\n[ScoreRubberHistory "NS 0 0/120 0 EW 0 0/40 0"]\n',
    '[Vulnerable "All"]\n[ScoreRubberHistory "NS 0 0 / 100 0 0 EW 0 0 / 0 100 0"]\n',
    '[Vulnerable "None"]\n[ScoreRubberHistory "NS 0 0 / 0 EW 0 0 / 0"]\n',
    '[Score "NS 420 EW -420"]\n', '[OptimumScore "EW -100 NS 100"]\n', '[ScorePercentage "NS 62.5 EW 37.5"]\n',
    '[DoubleDummyTricks "dd8d8dd8d85454054540"]\n',
    '[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 13\nS S 0\n',
])
def test_t104_not_on_values_that_agree(tags):
    assert at(check(HEAD + tags), "T104") == []


def test_a_malformed_score_is_t103_alone():
    codes = {f.code for f in check(HEAD + '[Dealer "N"]\n[Vulnerable "None"]\n[Declarer "S"]\n[Contract "4S"]\n'
                                          '[Result "10"]\n[Score "NS 4x0"]\n')}
    assert "T103" in codes and "B106" not in codes


