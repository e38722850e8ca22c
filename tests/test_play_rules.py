"""P101-P107, C104, C105, B106 on records read from PBN and LIN: code, line and column."""

import io

import pytest
from conftest import PLAY_DEAL as DEAL
from conftest import PLAY_ROWS as ROWS

from bridgelint.engine.pipeline import check_stream

LIN_HEAD = """vg|Test,1,I,1,1,A,0,B,0|
rs|{rs},|
pn|s,w,n,e,s2,w2,n2,e2|pg||
qx|o1|st||md|3SJ973HJ98742D3CK4,SKQT2HATDJ6542C85,SH63DAKQ987CA9732,SA8654HKQ5DTCQJT6|sv|o|mb|1D|mb|1S|mb|3H|\
mb|4S|mb|4N|mb|d|mb|p|mb|p|mb|5C|mb|d|mb|5H|mb|d|mb|p|mb|p|mb|p|pg||
"""
LIN_PLAY = """pc|SK|pc|H6|pc|SA|pc|SJ|pg||
pc|H3|pc|HK|pc|HJ|pc|HA|pg||
"""


def pbn(rows=ROWS, result="5", score="NS -1400", play_seat="W", contract="5HX"):
    return (f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "{contract}"]\n'
            f'[Result "{result}"]\n[Score "{score}"]\n[Play "{play_seat}"]\n{rows}\n')


def lin(play=LIN_PLAY + "mc|2|pg||\n", rs="5HSx-9"):
    return LIN_HEAD.format(rs=rs) + play


def found(text, code, name="t.pbn"):
    report = check_stream(name, io.BytesIO(text.encode()))
    return [(f.line, f.column, f.severity) for f in report.findings if f.code == code]


def test_clean_records_have_no_play_findings():
    for text, name in ((pbn(), "t.pbn"), (lin(), "t.lin")):
        report = check_stream(name, io.BytesIO(text.encode()))
        assert [f for f in report.findings if f.code[0] == "P" or f.code in ("C104", "C105", "B106")] == [], name


@pytest.mark.parametrize("code, text, name, where", [
    ("P101", pbn(ROWS.replace("SJ", "S1", 1)), "t.pbn", (9, 10)),
    ("P101", lin(LIN_PLAY.replace("SJ", "S1")), "t.lin", (5, 19)),
    ("P102", pbn(ROWS.replace("SK H6 SA SJ", "SK H6 SA H3")), "t.pbn", (9, 10)),
    ("P102", lin(LIN_PLAY.replace("SJ", "CA")), "t.lin", (5, 19)),
    ("P103", pbn(ROWS.replace("HA H3 HK HJ", "HA H3 HK CK")), "t.pbn", (10, 10)),
    ("P103", lin(LIN_PLAY.replace("HJ", "CK")), "t.lin", (6, 13)),
    ("P104", pbn("H6 SA SJ SK", result="", score="", play_seat="N"), "t.pbn", (9, 1)),
    ("P104", lin("pc|SA|pc|SJ|pc|SK|pc|H6|mc|1|\n"), "t.lin", (5, 1)),
    ("P105", pbn("SK H6 SA SJ\n*\nHA", result="", score=""), "t.pbn", (11, 1)),
    ("P105", lin(LIN_PLAY.replace("pc|HA|", "mc|1|pc|HA|")), "t.lin", (6, 24)),
    ("P106", lin(LIN_PLAY + "mc|0|\n"), "t.lin", (7, 1)),
    ("P107", pbn("SK ^R H6 SA SJ", result="", score=""), "t.pbn", (9, 4)),
    ("P108", pbn("SK H6 SA SJ\nHA H3", result="6", score=""), "t.pbn", (10, 4)),  # at the last card
    ("P108", lin(LIN_PLAY), "t.lin", (6, 19)),
    ("C104", pbn(result="14", score=""), "t.pbn", (6, 1)),
    ("C104", lin(rs="1NS+9"), "t.lin", (2, 4)),
    ("C105", pbn(result="6", score=""), "t.pbn", (6, 1)),
    ("C105", lin(rs="5HSx-3"), "t.lin", (2, 4)),
    ("B106", pbn(score="NS -1100"), "t.pbn", (7, 1)),
])
def test_rule_fires(code, text, name, where):
    assert [f[:2] for f in found(text, code, name)] == [where]


@pytest.mark.parametrize("code, text, name", [
    ("P101", pbn("SK H6 SA SJ\n- - - -", result="", score=""), "t.pbn"),
    ("P102", pbn(), "t.pbn"),
    ("P103", pbn("SK H6 SA SJ", result="", score=""), "t.pbn"),
    ("P104", pbn("H6 SA SJ ^L SK", result="", score="", play_seat="N"), "t.pbn"),
    ("P105", pbn("SK H6 SA SJ\n*", result="", score=""), "t.pbn"),
    ("P105", lin(LIN_PLAY + "mc|1|\n"), "t.lin"),
    ("P106", lin(LIN_PLAY + "mc|12|\n"), "t.lin"),
    ("P107", pbn("SQ D7 ^R DT D3", result="", score=""), "t.pbn"),
    ("P108", pbn("SK H6 SA SJ\nHA H3\n*", result="6", score=""), "t.pbn"),
    ("P108", pbn("SK H6 SA SJ\n+", result="", score=""), "t.pbn"),
    ("P108", pbn("\n".join(ROWS.splitlines()[:3] + ["- - - -"] * 10), result="11", score=""), "t.pbn"),
    ("P108", lin(LIN_PLAY + "mc|2|\n"), "t.lin"),
    ("P108", pbn(), "t.pbn"),
    ("C104", pbn(result="NS 5 EW 8"), "t.pbn"),
    ("C105", pbn("\n".join(ROWS.splitlines()[:3] + ["- - - -"] * 10), result="11", score=""), "t.pbn"),
    ("C105", pbn(result="^6", score=""), "t.pbn"),
    ("C105", lin(LIN_PLAY + "mc|7|\n", rs="5HSx-4"), "t.lin"),
    ("B106", pbn(result="EW 8", score="EW 1400"), "t.pbn"),
    ("B106", pbn(result="", score="0", contract="Pass").replace('[Declarer "S"]\n', ""), "t.pbn"),
])
def test_rule_does_not_fire(code, text, name):
    assert [f for f in found(text, code, name) if f[2] != "info"] == []


def test_unmarked_revoke_is_an_error_and_a_marked_one_info():
    # East and South both revoke: each is a finding, the replay goes on (Law 63)
    assert found(pbn("SQ D7 DT D3", result="", score=""), "P103") == [(9, 7, "error"), (9, 10, "error")]
    assert found(pbn("SQ D7 ^R DT ^R D3", result="", score=""), "P103") == [(9, 7, "info"), (9, 13, "info")]


def test_a_claim_that_is_no_number_is_malformed_lin_only():
    # one defect, one code: S120 from the reader, not also P106
    text = lin(LIN_PLAY + "mc|ten|\n")
    assert found(text, "S120", "t.lin") == [(7, 1, "error")] and found(text, "P106", "t.lin") == []


def test_marked_result_that_equals_the_play_is_a_warning():
    assert found(pbn(result="^5", score=""), "C105") == [(6, 1, "warning")]


def test_result_on_a_passed_out_board():
    text = pbn("", result="1", score="", contract="Pass").replace('[Declarer "S"]\n', "").replace('[Play "W"]\n', "")
    assert found(text, "C104") == [(5, 1, "error")]


def test_play_order_pbn_is_one_finding():
    order = "SK H6 SA SJ H3 HK HJ HA SQ DA S8 S9 ST DK S6 S7 S2 DQ S5 S3 S4 H9 HT D9 DJ D8 DT D3 D6 D7 HQ H8 " \
            "H5 H7 D5 CA H4 D4 C9 CQ H2 D2 C7 CJ CK C8 C3 CT C4 C5 C2 C6".split()
    text = pbn("\n".join(" ".join(order[i:i + 4]) for i in range(0, 52, 4)))
    report = check_stream("t.pbn", io.BytesIO(text.encode()))
    found = [f for f in report.findings if f.code[0] in "PC" or f.code == "B106"]
    assert [(f.code, f.line, f.column) for f in found] == [("P102", 10, 1)]
    assert "written in play order" in found[0].message


def test_unaccounted_play_speaks_lin_on_a_lin_record():
    report = check_stream("t.lin", io.BytesIO(lin(LIN_PLAY).encode()))
    [finding] = [f for f in report.findings if f.code == "P108"]
    assert "mc|n|" in finding.message and "PBN" not in finding.message and finding.law == "LIN mc"



# 3CX by East, all 13 tricks played: declarer's side won 9
FULL_LIN = ('pn|s,w,n,e|st||md|4SA9876HA43DT53CJ8,SKJ4HQJ5DJ7CAQ976,S53H92DK42CKT5432,|rh||ah|Board 2|sv|n|'
            'mb|1C|mb|1D|mb|d|mb|r|mb|p|mb|1H|mb|d|mb|r|mb|1S|mb|d|mb|1N|mb|p|mb|3C|mb|p|mb|p|mb|d|mb|p|mb|p|mb|p|pg||\n'
            'pc|S6|pc|S4|pc|S5|pc|SQ|pg||\n'
            'pc|ST|pc|S8|pc|SK|pc|S3|pg||\n'
            'pc|C7|pc|C5|pc|HK|pc|CJ|pg||\n'
            'pc|S9|pc|SJ|pc|D2|pc|S2|pg||\n'
            'pc|H5|pc|H2|pc|H6|pc|H3|pg||\n'
            'pc|H7|pc|HA|pc|HJ|pc|H9|pg||\n'
            'pc|SA|pc|DJ|pc|CK|pc|D8|pg||\n'
            'pc|C2|pc|D9|pc|C8|pc|CA|pg||\n'
            'pc|D7|pc|DK|pc|DQ|pc|DT|pg||\n'
            'pc|C3|pc|HT|pc|D5|pc|C6|pg||\n'
            'pc|C9|pc|C4|pc|DA|pc|H4|pg||\n'
            'pc|CQ|pc|CT|pc|H8|pc|D3|pg||\n'
            'pc|HQ|pc|D4|pc|D6|pc|S7|pg||\n')


def test_a_claim_after_all_13_tricks_must_be_the_tricks_won():
    assert found(FULL_LIN + "mc|9|\n", "P106", "t.lin") == []
    report = check_stream("t.lin", io.BytesIO((FULL_LIN + "mc|10|\n").encode()))
    [finding] = [f for f in report.findings if f.code == "P106"]
    assert (finding.line, finding.column) == (15, 1)
    assert finding.message.startswith("claim of 10 tricks, but all 13 tricks were played and declarer's side won 9: "
                                      "the claim must be 9")
