"""Odd numbers in a record: digits that are not ASCII, numbers past Python's 4,300-digit limit.

``"¹"`` passes ``str.isdigit()`` but not ``int()``, and ``int()`` refuses more than 4,300 digits: each such
value is a finding on its own line, never an internal error (X001) that loses the game or the file.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from bridgelint.core import tables
from bridgelint.core.digits import HUGE, is_digits, matched, whole
from bridgelint.core.tables import NUMBER, SCORE, column_figures, column_values, number, parse_element, unquoted
from bridgelint.engine.pipeline import check_stream

ROOT = Path(__file__).resolve().parents[1]
BIG = "1" * 5000
GAME = (ROOT / "samples" / "clean.pbn").read_text(encoding="latin-1").split("\n\n")[1]
VUGRAPH = (ROOT / "samples" / "vugraph.lin").read_text(encoding="latin-1")
SINGLE = (ROOT / "samples" / "single.lin").read_text(encoding="latin-1")


def tag(name: str, value: str) -> str:
    return re.sub(rf'\[{name} "[^"]*"\]', f'[{name} "{value}"]', GAME)


def before_score(line: str) -> str:
    return GAME.replace("[Score ", f"{line}\n[Score ")


def in_auction(token: str) -> str:
    return GAME.replace("Pass 2S Pass", f"Pass {token} 2S Pass")


TABLE = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
PBN_CASES = {  # name: (game text, a code it is reported by, on the line that holds the value)
    "Board ¹": (tag("Board", "¹"), "B101"),
    "Board of 5000 digits": (tag("Board", BIG), "B101"),
    "Result of 5000 digits": (tag("Result", BIG), "C104"),
    "Result NS of 5000 digits": (tag("Result", "NS " + BIG), "C104"),
    "Score of 5000 digits": (tag("Score", BIG), "B106"),
    "Score NS of 5000 digits": (tag("Score", "NS " + BIG), "B106"),
    "ScoreIMP ¹": (before_score('[ScoreIMP "¹"]'), "T103"),
    "ScoreIMP of 5000 digits": (before_score(f'[ScoreIMP "{BIG}"]'), None),
    "ScorePercentage of 5000 digits": (before_score(f'[ScorePercentage "{BIG}"]'), "T104"),
    "NAG $¹": (in_auction("$¹"), "N104"),
    "NAG of 5000 digits": (in_auction("$" + BIG), "N104"),
    "note reference =¹=": (in_auction("=¹="), "N103"),
    "note reference of 5000 digits": (in_auction(f"={BIG}="), "N103"),
    "Note of 5000 digits": (GAME.replace("[Play ", f'[Note "{BIG}:x"]\n[Play '), "N103"),
    "table elements ¹ ²": (GAME + "\n" + TABLE + "N S ¹\nN H ²\n", "T102"),
    "table element of 5000 digits": (GAME + "\n" + TABLE + f"N S {BIG}\n", "T104"),
    "table width of 5000 digits": (GAME + f'\n[TotalScoreTable "Rank\\{BIG}R;PairId\\2R"]\n1 1\n', None),
    "table score of 5000 digits": (GAME + '\n[TotalScoreTable "Rank\\2R;PairId\\2R;TotalScoreMP\\4R"]\n'
                                   f"{BIG} 1 {BIG}\n", None),
    "traveller Multiplicity ¹": (GAME + '\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW;Multiplicity"]\n'
                                 "1 2 170 1 1 ¹\n3 4 170 1 1 2\n", None),
    "traveller Multiplicity of 5000 digits": (GAME + '\n[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW;'
                                              f'Multiplicity"]\n1 2 170 1 1 {BIG}\n', None),
    "NrBoards and IMPs of 400 digits and a decimal point (infinity)": (
        GAME + '\n[ScoreTable "Table;Home;Away;NrBoards;IMP_Home;IMP_Away;VP_Home;VP_Away"]\n'
        f"1 A B {'9' * 400}.0 30 10 15 5\n2 C D 16 {'9' * 400}.5 10 15 5\n", None),
    "OptimumScore of 5000 digits": (before_score(f'[OptimumScore "NS {BIG}"]'), None),
    "Minimax of 5000 digits": (before_score(f'[ParContract "NS 4S="]\n[Minimax "4SN{BIG}"]'), None),
}


def lint(text: str, name: str):
    report = check_stream(name, io.BytesIO(text.encode("utf-8")))
    assert [f.message for f in report.findings if f.code == "X001"] == []
    return report


@pytest.mark.parametrize("case", PBN_CASES)
def test_an_odd_number_in_pbn_is_a_finding_on_its_line_and_the_game_is_checked(case: str) -> None:
    text, code = PBN_CASES[case]
    report = lint("% PBN 2.1\n\n" + text + "\n", "t.pbn")
    assert report.games == 1
    assert "A103" not in {f.code for f in report.findings}  # the auction and the play are still replayed
    if code is not None:
        line = 3 + next(i for i, row in enumerate(text.split("\n")) if "¹" in row or BIG in row)
        assert (code, line) in {(f.code, f.line) for f in report.findings}


LIN_CASES = {
    "vg first board ²": (re.sub(r"vg\|([^,]*),([^,]*),([^,]*),([^,]*),", r"vg|\1,\2,\3,²,", VUGRAPH, count=1), 4,
                         None),
    "vg first board of 5000 digits": (re.sub(r"vg\|([^,]*),([^,]*),([^,]*),([^,]*),", rf"vg|\1,\2,\3,{BIG},",
                                             VUGRAPH, count=1), 4, None),
    "qx board of 5000 digits": (VUGRAPH.replace("qx|o3", "qx|o" + BIG, 1), 4, "B101"),
    "ah board of 5000 digits": (SINGLE.replace("Board 3", "Board " + BIG), 1, "B101"),
    "claim ¹³": (SINGLE.replace("mc|13", "mc|¹³"), 1, "S120"),
}


@pytest.mark.parametrize("case", LIN_CASES)
def test_an_odd_number_in_lin_is_a_finding_and_every_board_is_read(case: str) -> None:
    text, games, code = LIN_CASES[case]
    report = lint(text, "t.lin")
    assert report.games == games
    if code is not None:
        assert code in {f.code for f in report.findings}


def test_the_board_number_of_more_than_18_digits_says_so() -> None:
    report = lint("% PBN 2.1\n\n" + tag("Board", BIG) + "\n", "t.pbn")
    (finding,) = [f for f in report.findings if f.code == "B101"]
    assert (finding.line, finding.column) == (6, 1)
    assert "more than 18 digits" in finding.message


@pytest.mark.parametrize("text, value", [("0", 0), ("007", 7), ("-12", -12), ("+3", 3), ("0" * 5000 + "42", 42),
                                         (BIG, HUGE), ("-" + BIG, -HUGE), ("¹", None), ("٣", None), ("1_000", None),
                                         (" 1", None), ("", None), ("-", None)])
def test_whole_reads_ascii_digits_of_any_length(text: str, value: int | None) -> None:
    assert whole(text) == value


@pytest.mark.parametrize("texts", [["0", "007", "-12", "420"], ["1" * 19, "1"], ["1", "¹"], ["1 2", "-"],
                                   ["2.5", "^7", '"12"', "", "Bye"], ["+3", "--2", "5-"]])
def test_a_column_is_read_as_each_element_is_and_the_same_again_from_what_was_kept(texts: list[str]) -> None:
    for kind in (SCORE, NUMBER, None):
        assert column_values(kind, texts) == column_values(kind, list(texts)) == [parse_element(kind, text)
                                                                                   for text in texts]
    assert column_figures(texts) == column_figures(texts)
    values, places = column_figures(texts)
    assert values == [number(unquoted(text.lstrip("^"))) for text in texts]


def test_what_a_column_kept_stays_bounded() -> None:
    for value in range(3 * tables._REMEMBERED):
        assert column_values(SCORE, [str(value)]) == [value] and column_figures([str(value)]) == ([value], 0)
    assert len(tables._PARSED[SCORE]) <= tables._REMEMBERED + 1 and len(tables._FIGURES) <= tables._REMEMBERED + 1


def test_digits_are_ascii_only() -> None:
    assert is_digits("0123456789") and not is_digits("¹") and not is_digits("٣") and not is_digits("")
    assert "¹".isdigit() and "٣".isdigit()  # what str.isdigit() would have let through
    with pytest.raises(ValueError):
        matched("x")


@pytest.mark.parametrize("width", ["99999999", "9" * 30, BIG])
def test_a_huge_column_width_is_not_padded_by_convert(width: str) -> None:
    from bridgelint.convert.pbn_writer import PbnWriter
    from bridgelint.engine.pipeline import Pipeline

    text = "% PBN 2.1\n\n" + GAME + f'\n[TotalScoreTable "Rank\\{width}R;PairId\\2R"]\n1 1\n'
    out = io.BytesIO()
    writer = PbnWriter(out)
    for checked in Pipeline().checking("t.pbn", io.BytesIO(text.encode())):
        writer.write(checked.record, checked.replays)
    assert len(out.getvalue()) < 2 * len(text) + 1000  # not a line of 100 million spaces
    assert out.getvalue().endswith(b"R;PairId\\2R\"]\r\n1  1\r\n")  # PairId padded to its 2, Rank not
