"""The conventions real programs write that break no standard, and the breaches that look like them: a
repeated empty Auction section (S105, no A107), time tables in the auction's grid (T102), spaces in a comment
(S108), text whose letters a conversion replaced with U+FFFD (S106), a makeable-only file told from the whole
file (O104), and a par tag whose value is out of form or contradicts itself (T103/T104, no O102)."""

from __future__ import annotations

import io

import pytest
from conftest import at, check, only

from bridgelint.engine.fixing import FixMode
from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules import DEFAULT_CODES

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def header(*lines: str, dealer: str = "N") -> str:
    """A game's board header (lines 1-5), then ``lines`` from line 6."""
    return "\n".join(['[Event "x"]', '[Board "1"]', f'[Dealer "{dealer}"]', '[Vulnerable "None"]',
                      f'[Deal "{DEAL}"]', *lines]) + "\n"


def fixed(text: str) -> str:
    """The file as ``check --fix --unsafe-fixes`` writes it."""
    report = Pipeline(DEFAULT_CODES).checked("t.pbn", io.BytesIO(text.encode()), fix=FixMode(unsafe=True)).report
    return text if report.fixed_text is None else report.fixed_text.decode()


# --- 1. [Auction "N"] written twice, the first section empty -----------------------------------------------

TWICE = header('[Declarer "N"]', '[Contract "1NT"]', '[Result "7"]', '[Auction "N"]', '[Auction "N"]',
               "1NT Pass Pass Pass")  # the empty section at line 9, the repeat at line 10, the calls at line 11


def test_an_empty_auction_section_repeated_is_s105_only_and_the_calls_are_the_auction():
    findings = check(TWICE)
    assert at(findings, "S105") == [(10, 1)]
    assert at(findings, "A107") == []
    (found,) = only(findings, "S105")
    assert "the Auction section at line 9 holds no call, so the calls after this one are read as the auction" \
        in found.message


def test_the_unsafe_fix_never_writes_into_the_empty_section():
    text = TWICE.replace("1NT Pass Pass Pass", "1NT Pass Pass")
    findings = check(text)
    assert at(findings, "A107") == [(11, 14)]  # the auction with calls stops early: passes go after them
    lines = fixed(text).split("\n")
    assert lines[8:10] == ['[Auction "N"]', '[Auction "N"]']
    assert lines[10].split() == ["1NT", "Pass", "Pass", "Pass"]


def test_one_auction_section_and_a_repeat_after_calls_keep_their_reading():
    single = TWICE.replace('[Auction "N"]\n[Auction "N"]', '[Auction "N"]')
    assert at(check(single), "S105") == [] and at(check(single), "A107") == []
    after = TWICE.replace('[Auction "N"]\n[Auction "N"]\n1NT Pass Pass Pass',
                          '[Auction "N"]\n1NT Pass Pass Pass\n[Auction "N"]\nPass')
    findings = check(after)
    assert at(findings, "S105") == [(11, 1)] and "the first value counts" in only(findings, "S105")[0].message
    assert at(findings, "A107") == []
    alone = header('[Auction "N"]')  # an empty section and nothing after it: still an auction that stops
    assert at(check(alone), "A107") == [(6, 1)]


# --- 2. BBO Helper's time tables, laid out in the auction's and the play's grid ------------------------------

BBO = header('[Declarer "E"]', '[Contract "1NT"]', '[Auction "N"]', "Pass\t1NT\tPass\tPass", "Pass", '[Play "S"]',
             "DA\tD8\tD7\tD4", "DK\tD9\tD6\tD3", "DQ\tDT\t-\t-", "*", '[AuctionTimeTable "N"]', " 3  5  1  2",
             " 1", '[PlayTimeTable "S"]', " 4  2  1  3", " 2  2  1  1", " 3  4  -  -")


def test_time_tables_in_the_grid_of_their_section_are_one_time_a_call_and_a_card():
    assert at(check(BBO), "T102") == []
    filler = BBO.replace('[Auction "N"]\nPass\t1NT', '[Auction "W"]\n-\tPass\t1NT').replace(
        " 3  5  1  2\n 1\n", " -  3  5  1\n 2  1\n")  # a '-' filler before the dealer, mirrored
    assert at(check(filler), "T102") == []
    plain = BBO.replace(" 3  4  -  -", " 3  4")  # one time a card, the cards not played left out
    assert at(check(plain), "T102") == []


def test_a_time_where_the_grid_has_no_card_or_a_time_missing_is_t102():
    findings = check(BBO.replace(" 3  4  -  -", " 3  4  5  -"))  # line 22: a time for a card not played
    assert at(findings, "T102") == [(22, 8)]
    assert "PlayTimeTable row 11 stands where the play has no card" in only(findings, "T102")[0].message
    findings = check(BBO.replace(" 3  5  1  2\n 1\n", " 3  5  1  2\n"))  # four times for five calls
    assert at(findings, "T102") == [(16, 1)]
    assert "AuctionTimeTable has 4 rows for 5 calls" in only(findings, "T102")[0].message


# --- 3. double spaces inside a comment of an export game -----------------------------------------------------

EXPORT = ("% EXPORT\r\n[Event \"x\"]\r\n[Site \"x\"]\r\n[Date \"2026.01.01\"]\r\n[Board \"1\"]\r\n[West \"a\"]\r\n"
          "[North \"b\"]\r\n[East \"c\"]\r\n[South \"d\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n"
          f"[Deal \"{DEAL}\"]\r\n[Scoring \"MP\"]\r\n[Declarer \"E\"]\r\n[Contract \"1NT\"]\r\n[Result \"7\"]\r\n"
          "[Auction \"N\"]\r\n{calls}\r\nPass\r\n")


def test_spaces_inside_a_comment_are_its_free_text_not_an_export_breach():
    text = EXPORT.format(calls="Pass 1NT {a strong  notrump,  15-17} Pass Pass ; two  spaces")
    assert at(check(text), "S108") == []


def test_double_spaces_between_elements_are_still_an_export_breach():
    findings = check(EXPORT.format(calls="Pass 1NT  {a strong notrump} Pass Pass"))
    assert at(findings, "S108") == [(18, 1)]
    assert "line 18: elements not separated by single spaces" in only(findings, "S108")[0].message


# --- 4. letters a conversion replaced with U+FFFD -------------------------------------------------------------

def test_replacement_characters_are_one_s106_at_the_first_naming_the_count():
    text = '% PBN 2.0\n[Event "Coupe de l\ufffdt\ufffd"]\n[Board "1"]\n[North "M\ufffdller"]\n{r\ufffdsum\ufffd}\n'
    findings = check(text)
    assert at(findings, "S106") == [(2, 19)]
    message = only(findings, "S106")[0].message
    assert "damaged by a conversion that replaced letters with U+FFFD" in message and "5 times" in message


def test_real_letters_in_strings_are_no_s106():
    for encoding in ("utf-8", "latin-1"):
        text = '% PBN 2.0\n[Event "Coupe de l\'\u00e9t\u00e9"]\n[Board "1"]\n[North "M\u00fcller"]\n{r\u00e9sum\u00e9}\n'
        assert at(check(text, encoding=encoding), "S106") == []


# --- 5. O104 judged over the whole file -------------------------------------------------------------------------

DD_DEAL = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
FLOOR_4 = "7c5c67c5c64484744847"  # its table (7c5c67c5c61181711817) with every cell under 4 written 4


def dd_game(*lines: str, number: str = "1") -> str:
    return "\n".join([f'[Board "{number}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DD_DEAL}"]',
                      *lines]) + "\n"


def test_one_table_whose_smallest_cell_is_4_is_read_exactly():
    text = dd_game(f'[DoubleDummyTricks "{FLOOR_4}"]', '[Ability "N:7C5C6 E:34847 S:7C5C6 W:44847"]')
    findings = check(text)
    assert at(findings, "O104") == []
    assert at(findings, "O101") == [(6, 21)]  # 3 is not the 4 DoubleDummyTricks gives: no "4 or fewer"
    assert "East in notrump 3 tricks, but DoubleDummyTricks (line 5) gives 4" in only(findings, "O101")[0].message
    pytest.importorskip("endplay")  # the solver (the dd extra)
    alone = dd_game(f'[DoubleDummyTricks "{FLOOR_4}"]')
    assert at(check(alone, dd=""), "O103") == [(5, 31)]  # the solver finds 1, not 4


def test_a_file_of_three_such_tables_is_makeable_only_and_its_markers_agree_with_the_solver():
    pytest.importorskip("endplay")  # the solver (the dd extra)
    text = "\n".join(dd_game(f'[DoubleDummyTricks "{FLOOR_4}"]', number=str(n)) for n in (1, 2, 3))
    findings = check(text, dd="")
    assert at(findings, "O104") == [(5, 31)]
    assert "4 for every cell of 4 tricks or fewer (BridgeNZ)" in only(findings, "O104")[0].message
    assert at(findings, "O103") == []


# --- 6. T103/T104 on a par tag: O102 on that tag goes ------------------------------------------------------------

def par_game(score: str) -> str:
    return dd_game('[DoubleDummyTricks "7c5c67c5c61181711817"]', f'[OptimumScore "{score}"]',
                   '[ParContract "NS 6S="]')


def test_a_par_tag_out_of_form_or_contradicting_itself_is_its_cause_alone():
    findings = check(par_game("980"))
    assert at(findings, "T103") == [(6, 16)] and at(findings, "O102") == []
    findings = check(par_game("NS 980 EW -900"))
    assert at(findings, "T104") == [(6, 16)] and at(findings, "O102") == []


def test_a_well_formed_par_tag_that_is_not_the_par_is_still_o102():
    findings = check(par_game("NS 620"))
    assert at(findings, "O102") == [(6, 16)] and at(findings, "T103") == at(findings, "T104") == []
