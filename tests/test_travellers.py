"""V101-V103: each traveller row's opening lead against the reference deal; O105 on traveller rows."""

from __future__ import annotations

import re

import pytest
from conftest import at, check, only

from bridgelint.core.bridge import parse_lead

# North AQT94.T53.KQ8.T9, East 63.J98.J53.K8654, South K72.6.AT9762.AJ7, West J85.AKQ742.4.Q32
DEAL = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
HEADER = '[ScoreTable "Round;Contract;Declarer;Result;Lead"]'
V = frozenset(("V101", "V102", "V103", "V104", "T102"))


def game(*rows: str, header: str = HEADER, deal: str | None = DEAL) -> str:
    """A board with its deal (line 2) and a traveller whose header is line 3, its rows from line 4."""
    lines = ['[Board "1"]', f'[Deal "{deal}"]' if deal else '[Dealer "N"]', header, *rows]
    return "\n".join(lines) + "\n"


def v_codes(text: str, codes: frozenset[str] = V) -> list[tuple[str, int, int]]:
    return sorted((f.code, f.line, f.column) for f in check(text, codes=codes))


@pytest.mark.parametrize("written, card", [
    ("SA", "SA"), ("HT", "HT"), ("ht", "HT"), ("D10", "DT"), ("\u2660A", "SA"), ("\u266610", "DT"), ("TD", "DT"),
    ("AD", "DA"), ("10C", "CT"), ("2c", "C2"),
])
def test_every_lead_form_is_read(written, card):
    assert parse_lead(written) == card


@pytest.mark.parametrize("written", ["X7", "S1", "SS", "A", "D", "0", "S10x", "AK"])
def test_a_lead_that_is_no_card_is_not_read(written):
    assert parse_lead(written) is None


@pytest.mark.parametrize("lead", ["DJ", "dj", "JD", "\u2666J", "C4", "4C", "\u26634"])
def test_the_leader_s_card_in_any_form_fits(lead):
    assert v_codes(game(f"1 4S N 10 {lead}")) == []


@pytest.mark.parametrize("lead", ["D7", "7D", "\u26667", "SA", "AS", "\u2660A", "S10", "10S", "TS"])
def test_a_lead_held_by_declarer_or_dummy_is_v101_at_the_lead(lead):
    # ♦7 South's (dummy), ♠A and ♠10 North's (declarer)
    assert v_codes(game(f"1 4S N 10 {lead}")) == [("V101", 4, 11)]


def test_v101_names_the_holder_in_bridge_words():
    (found,) = only(check(game("1 4S N 10 D7"), codes=V), "V101")
    assert "\u26667 is South's, declarer's partner: was the contract played by East-West?" in found.message
    (found,) = only(check(game("1 4H W 10 HA"), codes=V), "V101")
    assert "\u2665A is West's, declarer's own card: was the contract played by North-South?" in found.message


@pytest.mark.parametrize("lead", ["C2", "2C", "\u26632", "HK"])
def test_a_lead_held_by_declarer_s_right_hand_opponent_is_v102(lead):
    findings = check(game(f"1 4S N 10 {lead}"), codes=V)
    assert at(findings, "V102") == [(4, 11)] and not only(findings, "V101")
    assert "declarer entered for South's seat, or a lead out of turn" in only(findings, "V102")[0].message


def test_a_malformed_lead_is_t102_not_v():
    assert v_codes(game("1 4S N 10 X7")) == [("T102", 4, 11)]


@pytest.mark.parametrize("row", ["1 4S N 10 -", "1 4S N 10 ?", "1 - N 10 D7", "1 4S ? 10 D7", "1 ? - - D7",
                                 "1 Pass - - D7", "1 4S N 10 ^D7"])
def test_rows_with_an_unknown_or_irrelevant_element_or_passed_out_are_skipped(row):
    assert v_codes(game(row)) == []


def test_a_traveller_without_a_whole_deal_is_skipped_and_counted():
    from conftest import report

    found = report(game("1 4S N 10 D7", deal=None), codes=V)
    assert [f.code for f in found.findings] == []
    assert found.skipped == {"V101": 1, "V102": 1, "V103": 1, "V104": 1}


def test_leads_that_stop_fitting_from_a_round_on_are_one_v103_that_replaces_v101_and_v102():
    rows = ["1 4S N 10 DJ", "2 4S N 10 C4", "3 4S N 10 D7", "4 4S N 11 C2", "5 3NT S 9 SA"]
    findings = check(game(*rows), codes=V)
    assert v_codes(game(*rows)) == [("V103", 6, 11)]
    message = only(findings, "V103")[0].message
    assert "from round 3 on: 3 rows of round 3 on (lines 6, 7, 8)" in message and "the 2 rows before fit" in message


def test_rounds_are_read_in_their_order_not_the_file_s():
    rows = ["4 4S N 11 C2", "1 4S N 10 DJ", "3 4S N 10 D7", "2 4S N 10 C4"]
    assert v_codes(game(*rows)) == [("V103", 6, 11)]


@pytest.mark.parametrize("rows", [
    ["1 4S N 10 DJ", "2 4S N 10 D7", "3 4S N 10 C2"],  # one row fits before: V101 and V102 row by row
    ["1 4S N 10 DJ", "2 4S N 10 C4", "3 4S N 10 D7"],  # one row misfits after
    ["1 4S N 10 DJ", "2 4S N 10 D7", "3 4S N 10 C4", "4 4S N 10 C2"],  # a fitting row after a misfit
])
def test_fewer_than_two_rows_on_a_side_or_a_fit_after_is_no_v103(rows):
    assert not any(code == "V103" for code, _, _ in v_codes(game(*rows)))


def test_a_round_split_between_fitting_and_misfitting_rows_is_no_v103():
    rows = ["1 4S N 10 DJ", "2 4S N 10 C4", "2 4S N 10 D7", "3 4S N 10 C2"]
    assert not any(code == "V103" for code, _, _ in v_codes(game(*rows)))


def test_a_board_on_the_table_turned_is_v103_without_rounds():
    # the deal turned one seat: North's hand played as East's, so the leader on 4S by N (East) led North's cards
    header = '[ScoreTable "Contract;Declarer;Result;Lead"]'
    rows = ["4S N 10 SA", "4S N 10 HT", "4H W 9 D4"]  # ♠A ♥10 North's, led by East; ♦4 West's, led by North
    text = game(*rows, header=header)
    findings = check(text, codes=V)
    assert [f.code for f in findings] == ["V103"]
    assert "every one fits it turned one seat clockwise (North's hand played as East's)" in findings[0].message
    assert at(findings, "V103") == [(4, 9)]


def test_three_misfits_that_no_one_turn_fits_are_no_v103():
    header = '[ScoreTable "Contract;Declarer;Result;Lead"]'
    rows = ["4S N 10 SA", "4S N 10 D7", "4S N 10 C2"]
    assert [code for code, _, _ in v_codes(game(*rows, header=header))] == ["V101", "V101", "V102"]


# --- O105 on traveller rows ------------------------------------------------------------

TRICKS = "7c5c67c5c61181711817"  # the deal's double-dummy tricks: N S E W, each NT S H D C
O105 = frozenset(("O105",))


def test_a_row_three_over_the_board_s_own_table_is_o105_at_its_result():
    text = game("1 4H W 11 D4", "2 4S N 12 DJ", "3 4H W 10 D4", f'[DoubleDummyTricks "{TRICKS}"]')
    findings = check(text, codes=O105)
    assert at(findings, "O105") == [(4, 8)]  # West takes 8 in hearts; 10 (2 over) and North's 12 are no finding
    assert "Result 11 tricks in 4H by West, but double dummy West takes 8 in hearts: 3 over" in findings[0].message


def test_without_a_whole_consistent_table_rows_are_not_compared_with_double_dummy():
    assert check(game("1 4H W 11 D4"), codes=O105) == []
    assert check(game("1 4H W 11 D4", '[DoubleDummyTricks "7c5c67c5c6118171181"]'), codes=O105) == []  # 19 digits


def test_both_sides_taking_more_tricks_in_one_denomination_than_the_deal_holds_is_o105_on_the_later_row():
    # no table: the bound of 13 tricks needs none
    text = game("1 4S N 10 DJ", "2 4S E 4 D7", "3 3S W 4 D7", "4 2S E 3 D7", deal=None)
    findings = check(text, codes=O105)
    assert at(findings, "O105") == [(5, 8)]  # East-West's most (the first of two 4s) against North's 10
    assert "North-South are recorded taking 10 in 4S by North in this traveller (line 4): 14 tricks in spades " \
        "between the two sides, more than the deal holds (13)" in findings[0].message


def test_rows_that_fit_the_deal_are_no_o105():
    text = game("1 4S N 10 DJ", "2 4S E 3 D7", "3 4H W 8 D4", "4 - - - -", "5 4S N ? DJ",
                f'[DoubleDummyTricks "{TRICKS}"]')
    assert check(text, codes=O105) == []


def test_o105_on_rows_with_the_solver():
    pytest.importorskip("endplay")
    text = game("1 4H W 11 D4", "2 4S N 12 DJ")  # no table in the file: the solver's
    assert at(check(text, codes=O105, dd=""), "O105") == [(4, 8)]
    assert check(text, codes=O105) == []


# --- the hand record's deal -------------------------------------------------------------

def test_a_traveller_without_a_deal_is_checked_against_the_hand_record(tmp_path):
    import bridgelint

    hand = tmp_path / "hand.pbn"
    hand.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n')
    results = tmp_path / "results.pbn"
    results.write_text(game("1 4S N 10 DJ", "2 4S N 10 D7", deal=None))
    report = bridgelint.check(str(results), hand_records=[str(hand)], select=["V"])
    (found,) = [f for f in report.findings if f.code.startswith("V")]
    assert (found.code, found.line, found.column) == ("V101", 5, 11)
    assert "\u26667 is South's in the hand record's deal, declarer's partner" in found.message
    assert [f.code for f in bridgelint.check(str(results), select=["V"]).findings] == []


# --- the HTML report ---------------------------------------------------------------------

def test_the_html_report_marks_the_lead_in_the_hand_that_holds_it():
    from conftest import read_one

    from bridgelint.reporters.html import board_html

    text = game("1 4S N 10 DJ", "2 4S N 10 D7", "3 4S N 10 C2")
    record = read_one(text)
    drawn = board_html(record, check(text, codes=V), "board-1")
    marked = [m.group(1) for m in re.finditer(r'<span class="lead"[^>]*>(.)</span>', drawn)]
    assert sorted(marked) == ["2", "7"]  # ♦7 in South's hand, ♣2 in West's; ♦J (a fitting lead) is not marked
    assert board_html(record, [], "board-1").count('class="lead"') == 0


def test_o105_on_the_rows_of_a_traveller_without_a_deal_solves_the_hand_record_s(tmp_path):
    pytest.importorskip("endplay")
    from bridgelint.across.base import EventScope
    from bridgelint.engine.hand_records import read_reference
    from bridgelint.engine.pipeline import Pipeline

    hand = tmp_path / "hand.pbn"
    hand.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n')
    results = tmp_path / "results.pbn"
    results.write_text(game("1 4H W 11 D4", "2 4S N 12 DJ", deal=None))
    reference = read_reference([str(hand)], lambda path: open(path, "rb"))  # noqa: SIM115 - read_reference closes it
    pipeline = Pipeline(O105, events=EventScope(reference=reference), dd="")
    found = pipeline.check_file(str(results))
    assert [(f.code, f.line, f.column) for f in found.findings] == [("O105", 4, 8)]
    assert Pipeline(O105, dd="").check_file(str(results)).findings == []  # no deal, no hand record: nothing solved


def test_d101_leaves_a_traveller_whose_board_the_hand_record_deals(tmp_path):
    from bridgelint.across.base import EventScope
    from bridgelint.engine.hand_records import read_reference
    from bridgelint.engine.pipeline import Pipeline

    hand = tmp_path / "hand.pbn"
    hand.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n')
    results = tmp_path / "results.pbn"
    results.write_text(game("1 4S N 10 DJ", deal=None) + "\n" + game("1 4S N 10 DJ", deal=None).replace(
        '[Board "1"]', '[Board "2"]'))
    reference = read_reference([str(hand)], lambda path: open(path, "rb"))  # noqa: SIM115 - read_reference closes it
    d101 = frozenset(("D101",))
    found = Pipeline(d101, events=EventScope(reference=reference)).check_file(str(results))
    assert [(f.code, f.line, f.column, f.board) for f in found.findings] == [("D101", 6, 1, "2")]  # board 1 is dealt
    alone = Pipeline(d101).check_file(str(results))  # no hand record: neither board has a deal
    assert [(f.code, f.line, f.board) for f in alone.findings] == [("D101", 1, "1"), ("D101", 6, "2")]


@pytest.mark.parametrize("lead", ["DT", "D10", "\u266610", "C9", "S7"])
def test_a_lead_one_spot_off_the_leader_s_card_is_v104_not_v101_or_v102(lead):
    # East leads against North: holds ♦J (♦10 is South's), ♣8 (♣9 is North's), ♠6 (♠7 is South's)
    findings = check(game(f"1 4S N 10 {lead}"), codes=V)
    assert [(f.code, f.line, f.column) for f in findings] == [("V104", 4, 11)]
    assert "but East, who leads, holds" in findings[0].message and "one spot off?" in findings[0].message


def test_a_lead_two_spots_off_is_no_typo():
    # ♦9 is South's and East holds ♦J, two spots up: a lead by the declaring side
    assert v_codes(game("1 4S N 10 D9")) == [("V101", 4, 11)]
