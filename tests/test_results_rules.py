"""R — results and standings (R101-R106), each rule firing and not, with line and column; the Ruter files."""

from __future__ import annotations

import pytest

from bridgelint.cli import cli
from conftest import at, check, report

HEAD = '[Event "e"]\n[Board "1"]\n[Vulnerable "None"]\n'  # lines 1-3


def game(scoring: str, table: str, rows: str) -> str:
    """A game whose Scoring tag is line 4, the table's header line 5 and its rows from line 6."""
    return HEAD + f'[Scoring "{scoring}"]\n[ScoreTable "{table}"]\n' + rows


# --- R101 IMPs of the method, R102 the datum -----------------------------------------------------------------

BUTLER = "420 4 -4 260\n400 4 -4 260\n-50 -7 7 260\n"  # the mean 256.67, 260 to the nearest 10


def test_r101_butler_imps_against_the_rounded_or_the_exact_datum():
    table = "Score_NS;IMP_NS;IMP_EW;ButlerDatum"
    assert at(check(game("IMP;Butler", table, BUTLER)), "R101") == []
    findings = [f for f in check(game("IMP;Butler", table, BUTLER.replace("420 4 -4", "420 5 -4"))) if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(6, 5)]
    assert ("IMP_NS 5, but NS 420 against the datum 260 (the mean of the 3 scores, 256.67, to the nearest 10) "
            "is 4 IMPs") in findings[0].message
    # 45 from an exact datum is 1 IMP: 90 and 0 have the mean 45 (50 to the nearest 10, where 0 would be -2)
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 1\n0 -1\n")), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 1\n0 -2\n")), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 2\n0 -2\n")), "R101") == [(6, 4)]


def test_r101_butler_2_leaves_out_one_highest_and_one_lowest_score():
    rows = "620 5\n420 0\n400 0\n-100 -11\n"  # 420 and 400 remain: the datum 410
    assert at(check(game("IMP;Butler-2", "Score_NS;IMP_NS", rows)), "R101") == []
    assert at(check(game("IMP;Butler-2;Median", "Score_NS;IMP_NS", rows)), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", rows)), "R101") == [(6, 5)]


def test_r101_cross_imps():
    # 430 against 400, 150 and -50: 1 + 7 + 10 = 18 IMPs, 6 a comparison (Cross2), 4.5 over the 4 scores
    rows = "430 {}\n400 {}\n150 {}\n-50 {}\n"
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", rows.format(18, 15, -8, -25))), "R101") == []
    assert at(check(game("IMP;Cross2", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.33))), "R101") == []
    assert at(check(game("IMP;Cross1", "Score_NS;IMP_NS", rows.format(4.5, 3.75, -2, -6.25))), "R101") == []
    assert at(check(game("IMP;Cross1", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.33))), "R101") == []  # N-1
    findings = [f for f in check(game("IMP;Cross2", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.00)))
                if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(9, 5)]
    assert "against the 3 other scores (-25 IMPs over 3, Cross2) is -8.33 IMPs" in findings[0].message


def test_r101_the_imp_scale_of_1948():
    # 60 points are 1 IMP on the 1948 scale, 2 on the WBF's
    assert at(check(game("IMP;Cross;IMP_1948", "Score_NS;IMP_NS", "420 1\n360 -1\n")), "R101") == []
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", "420 2\n360 -2\n")), "R101") == []
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", "420 1\n360 -1\n")), "R101") == [(6, 5)]


def test_r101_artificial_rows_count_but_are_not_checked():
    rows = "420 4\n400 4\n^-50 0\n"
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", rows)), "R101") == []


@pytest.mark.parametrize("scoring", ["IMP", "MP", "", "IMP;Butler;Cross", "IMP;Butler;Frobnicate", "IMP;Cross;IMP_1961"])
def test_r101_a_method_not_named_or_not_known_is_skipped_and_counted(scoring):
    text = game(scoring, "Score_NS;IMP_NS", "420 9\n400 9\n")
    checked = report(text)
    assert at(checked.findings, "R101") == []
    assert checked.skipped == {"R101": 1}


def test_r102_the_datum_column():
    table = "Score_NS;IMP_NS;IMP_EW;ButlerDatum"
    assert at(check(game("IMP;Butler", table, BUTLER)), "R102") == []
    assert at(check(game("IMP;Butler", table, BUTLER.replace(" 260", " 256.67"))), "R102") == []  # exact
    wrong = BUTLER.replace("400 4 -4 260", "400 4 -4 250")
    findings = [f for f in check(game("IMP;Butler", table, wrong)) if f.code == "R102"]
    assert [(f.line, f.column) for f in findings] == [(7, 10)]
    assert "ButlerDatum 250, but the table's scores give the datum 260" in findings[0].message
    assert report(game("MP", table, BUTLER)).skipped == {"R101": 1, "R102": 1}


def test_statistics_count_the_skipped_checks(tmp_path, capsys):
    from click.testing import CliRunner

    path = tmp_path / "t.pbn"
    path.write_text(game("IMP", "Score_NS;IMP_NS", "420 9\n400 9\n"))
    result = CliRunner().invoke(cli, ["check", "--statistics", "--isolated", str(path)])
    assert "skipped" in result.output and "R101" in result.output and "score-table-imps" in result.output
