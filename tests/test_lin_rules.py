"""Auction, deal, board and syntax rules on LIN input, through the whole pipeline."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgelint.engine.pipeline import check_file, check_stream

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
DEAL = "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"  # dealer South; South holds the spades
HEAD = f"pn|S,W,N,E|st||{DEAL}rh||ah|Board 3|sv|e|"  # board 3: South deals, EW vulnerable (Law 2)


def check(text: str, name: str = "t.lin"):
    return check_stream(name, io.BytesIO(text.encode()))


def found(text: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in check(text).findings]


@pytest.mark.parametrize("name", ["single.lin", "vugraph.lin"])
def test_clean_samples_have_no_findings(name):
    report = check_file(str(SAMPLES / name))
    assert report.format == "lin" and report.boards > 0
    assert report.findings == []


def test_auction_defects_sample():
    report = check_file(str(SAMPLES / "auction-defects.lin"))
    assert [(f.code, f.line, f.column, f.game, f.board) for f in report.findings] == [
        ("A103", 1, 92, 1, "3"), ("A104", 2, 97, 2, "3"), ("A106", 3, 107, 3, "3"), ("A107", 4, 93, 4, "3")]


# HEAD is 85 characters: sv is at column 81, the first mb at 86; "mb|1S|" is 6 long, "mb|p|" 5.

def test_insufficient_bid():
    assert found(HEAD + "mb|1S|mb|1H|mb|p|mb|p|mb|p|") == [("A103", 1, 92)]
    assert found(HEAD + "mb|1S|mb|2H|mb|p|mb|p|mb|p|") == []


def test_double_of_partner():
    assert found(HEAD + "mb|1S|mb|p|mb|d|mb|p|mb|p|mb|p|") == [("A104", 1, 97)]
    assert found(HEAD + "mb|1S|mb|d|mb|p|mb|p|mb|p|") == []


def test_redouble_without_double():
    assert found(HEAD + "mb|1S|mb|r|mb|p|mb|p|mb|p|") == [("A105", 1, 92)]
    assert found(HEAD + "mb|1S|mb|d|mb|r|mb|p|mb|p|mb|p|") == []


def test_call_after_the_end():
    assert found(HEAD + "mb|1S|mb|p|mb|p|mb|p|mb|2S|") == [("A106", 1, 107)]
    assert found(HEAD + "mb|p|mb|p|mb|p|mb|p|") == []


def test_missing_passes_before_the_play():
    text = HEAD + "mb|1S|mb|p|pg||pc|HA|pc|D2|pc|C2|pc|S2|"
    assert found(text) == [("A107", 1, 93)]
    assert "play starts before the auction ended" in check(text).findings[0].message
    assert found(HEAD + "mb|7S|mb|p|mb|p|mb|p|pg||pc|HA|pc|D2|pc|C2|pc|S2|mc|13|") == []


def test_compact_auction_in_one_mb():
    assert found(HEAD + "mb|1S1Hppp|") == [("A103", 1, 86)]
    assert found(HEAD + "mb|1Sppp|") == []


def test_not_a_call():
    assert found(HEAD + "mb|1S|mb|9Z|mb|p|mb|p|mb|p|") == [("A102", 1, 92)]


def test_invalid_sv_is_b103():
    text = f"pn|S,W,N,E|st||{DEAL}rh||ah|Board 3|sv|q|"
    assert found(text) == [("B103", 1, 81)]
    assert found(text.replace("sv|q|", "sv|E-W|")) == []


def test_missing_sv_uses_the_board_number():
    assert found(f"{DEAL}ah|Board 3|") == []


def test_standard_vulnerability_and_dealer_of_the_board_number():
    assert found(HEAD.replace("sv|e|", "sv|b|")) == [("B105", 1, 81)]
    assert found(HEAD.replace("Board 3", "Board 1")) == [("B104", 1, 16), ("B105", 1, 81)]


def test_deal_rules():
    assert found("md|1SA,SK,SQ,SJ,ST|ah|Board 3|") == [("D102", 1, 1)]
    text = "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT9876543SA,|ah|Board 3|"  # North holds South's SA
    assert found(text) == [("D104", 1, 35)]  # at North's hand; East is not derived from 38 cards (no 14-card D103)
    assert [f.full_message for f in check(text).findings] == ["SA is dealt to South and North (Law 1)"]


def test_syntax_rules():
    assert found(HEAD + "zz|1|") == [("S121", 1, 86)]
    assert found(HEAD + "pg||1c|pg||") == [("S120", 1, 90)]
    report = check("vg|m,s,I,1,2,a,0,b,0|")
    assert [(f.code, f.line, f.column) for f in report.findings] == [("S111", 1, 1)]


def test_rs_result_feeds_the_contract_rules():
    text = ("vg|m,s,I,3,3,a,0,b,0|rs|4HS=,|pg||\n"
            f"qx|o3|{DEAL}sv|e|mb|7S|mb|p|mb|p|mb|p|")
    assert [code for code, _, _ in found(text)] == ["C102"]
    assert found(text.replace("4HS=", "7SS=")) == []
