"""One root cause, one finding: each shape below has exactly the findings listed (code, line, column)."""

from __future__ import annotations

import pytest
from conftest import PLAY_DEAL, PLAY_ROWS, check, report

# The replay's and the deal's codes: anything else a shape gives (S109, B104…) is not part of a cascade.
REPLAY_CODES = ("A", "B101", "B102", "B106", "B108", "C", "D", "P")

LIN_HEAD = ("qx|o1|st||md|3SJ973HJ98742D3CK4,SKQT2HATDJ6542C85,SH63DAKQ987CA9732,SA8654HKQ5DTCQJT6|sv|o|rs|5HSx-9|\n"
            "mb|1D|mb|1S|mb|3H|mb|4S|mb|4N|mb|d|mb|p|mb|p|mb|5C|mb|d|mb|5H|mb|d|mb|p|mb|p|mb|p|\n")
LIN_TWO_TRICKS = "pc|SK|pc|H6|pc|SA|pc|SJ|pc|H3|pc|HK|pc|HJ|pc|HA|"  # West wins the second trick


def pbn(rows: str = PLAY_ROWS, result: str = "5", score: str = "NS -1400", declarer: str = "S",
        play: str = "W", contract: str = "5HX") -> str:
    return (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PLAY_DEAL}"]\n[Declarer "{declarer}"]\n'
            f'[Contract "{contract}"]\n[Result "{result}"]\n[Score "{score}"]\n[Play "{play}"]\n{rows}\n')


# 1NT by North (North first bid notrump); the Declarer tag and the Play seat say East declared.
ROTATED = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Declarer "{declarer}"]\n'
           '[Contract "3NT"]\n[Result ""]\n[Auction "N"]\n1NT Pass 3NT AP\n[Play "{play}"]\n*\n')


def rotated(declarer: str, play: str) -> str:
    return ROTATED.format(deal=PLAY_DEAL, declarer=declarer, play=play)


SECOND_TABLE = ('\n[West "Zak"]\n[North "Ahl"]\n[East "Zar"]\n[South "Pet"]\n[Declarer "S"]\n[Contract "5HX"]\n'
                '[Result "5"]\n[Auction "N"]\n1D 1S 3H 4S\n4NT X Pass Pass\n5C X 5H X\nAP\n[Play "W"]\n'
                'SK H6 SA SJ\n*\n')
FIRST_TABLE = pbn().replace('[Play "W"]', '[Auction "N"]\n1D 1S 3H 4S\n4NT X Pass Pass\n5C X 5H X\nAP\n[Play "W"]')


@pytest.mark.parametrize("text, name, expected", [
    # a card after '*': P105 on it, the row after '*' is no trick (no P102 for its columns)
    (pbn("SK H6 SA SJ\n*\nC2", result="", score=""), "t.pbn", [("P105", 12, 1)]),
    (pbn("SK H6 SA SJ\n*\nHA H3 HK HJ", result="", score=""), "t.pbn", [("P105", 12, 1)]),
    (pbn("SK H6 SA SJ\n*\nS8 S9 SQ DA", result="", score=""), "t.pbn", [("P105", 12, 1)]),
    # '+' ends the play after its trick; in seat columns a card right of it may come before it in play order
    (pbn("SK H6 SA SJ\n+ H3 HK HJ\nSQ DA S8 S9", result="", score=""), "t.pbn", [("P105", 12, 1)]),
    (pbn("SK H6 SA SJ\nHA H3 + HJ", result="", score=""), "t.pbn", [("P105", 11, 9)]),
    # a card after the claim at a trick boundary, not by the last winner: P105, no P104
    (LIN_HEAD + LIN_TWO_TRICKS + "mc|2|pc|S8|\n", "t.lin", [("P105", 3, 54)]),
    (LIN_HEAD + LIN_TWO_TRICKS + "mc|2|pc|SQ|pc|DA|\n", "t.lin", [("P105", 3, 54)]),
    # an impossible Result is C104 alone: no C105, no B106
    (pbn(result="NS 13 EW 13", score="NS 100"), "t.pbn", [("C104", 7, 1)]),
    (pbn(result="14", score="NS 100"), "t.pbn", [("C104", 7, 1)]),
    (pbn(result="NS 8 EW 7", score="EW 50", declarer="W", play="N", contract="1NT", rows="*"), "t.pbn",
     [("C104", 7, 1)]),
    # a two-sided Result read one way by C105 and B106: EW 8 with South declaring is 5 for NS
    (pbn(result="EW 8", score="NS -1400"), "t.pbn", []),
    (pbn(result="NS 5 EW 8", score="NS -1400"), "t.pbn", []),
    (pbn(result="EW 7", score="NS -1100"), "t.pbn", [("C105", 7, 1)]),
    # a Score right for the auction's contract or the tricks won: the tag that differs is the finding, no B106
    (FIRST_TABLE.replace('[Contract "5HX"]', '[Contract "5H"]'), "t.pbn", [("C102", 6, 1)]),
    (FIRST_TABLE.replace('[Contract "5HX"]', '[Contract "5HXX"]'), "t.pbn", [("C102", 6, 1)]),
    (pbn(result="6", score="NS -1400"), "t.pbn", [("C105", 7, 1)]),
    (pbn(result="EW 7", score="NS -1400"), "t.pbn", [("C105", 7, 1)]),
    # a Score for both sides that contradict each other: T104 alone, no B106 for the wrong side
    (pbn(score="NS -1400 EW 1300"), "t.pbn", []),
    # a contract named where the auction was passed out: C102 alone, not C103 and C104 for its declarer and result
    (rotated("N", "E").replace("1NT Pass 3NT AP", "AP").replace('[Result ""]', '[Result "9"]'), "t.pbn",
     [("C102", 6, 1)]),
    (LIN_HEAD.split("\n")[0] + "\nmb|p|mb|p|mb|p|mb|p|\n", "t.lin", [("C102", 1, 95)]),
    # a Score right for neither: B106 too
    (FIRST_TABLE.replace('[Contract "5HX"]', '[Contract "5H"]').replace("-1400", "-1100"), "t.pbn",
     [("C102", 6, 1), ("B106", 8, 1)]),
    (pbn(result="6", score="NS -1000"), "t.pbn", [("C105", 7, 1), ("B106", 8, 1)]),
    # a Play seat one, two or three seats off, the cards in columns from the right leader: P104 alone
    (pbn(play="N"), "t.pbn", [("P104", 10, 1)]),
    (pbn(play="E"), "t.pbn", [("P104", 10, 1)]),
    (pbn(play="S"), "t.pbn", [("P104", 10, 1)]),
    # a card left out of the deal or dealt twice: the deal's finding alone, the play goes on (no P102, P103)
    (pbn().replace(PLAY_DEAL, PLAY_DEAL.replace("KQT2", "KQT")), "t.pbn", [("D103", 4, 10)]),
    (pbn().replace(PLAY_DEAL, PLAY_DEAL.replace("KQT2", "KQT3")), "t.pbn", [("D104", 4, 61)]),
    # LIN three hands with a card dealt twice: East is not derived as the rest (14 cards), D104 alone
    (LIN_HEAD.replace(",SA8654HKQ5DTCQJT6|", ",|").replace("3SJ973", "3SJ972") + LIN_TWO_TRICKS + "mc|2|\n", "t.lin",
     [("D104", 1, 33)]),
    # ... but a card its player was not dealt is P102: in a deal of 52, and from a hand of 13 beside a hidden one
    (pbn("SK SQ SA SJ\n*", result="", score="").replace(PLAY_DEAL, PLAY_DEAL.replace("W:KQT2.AT.J6542.85 ", "W:- ")),
     "t.pbn", [("P102", 10, 4)]),
    (pbn(PLAY_ROWS.replace("S2 DQ S5 S3", "S3 DQ S5 S2")), "t.pbn", [("P102", 14, 1)]),
    # a play that stops early with nothing to say why: P108; its Result compared with what the tricks played
    # allow (declarer's side has won one: "0" is out of reach, C105)
    (pbn("SK H6 SA SJ\nHA H3", result="0", score=""), "t.pbn", [("C105", 7, 1), ("P108", 11, 4)]),
    (pbn("SK H6 SA SJ\nHA H3\n*", result="0", score=""), "t.pbn", [("C105", 7, 1)]),
    # a second table written without Board, Dealer and Deal: B108 alone
    (FIRST_TABLE + SECOND_TABLE, "t.pbn", [("B108", 29, 1)]),
    # an auction that fits one, two or three seats on: A111 alone, no C103
    (rotated("E", "S"), "t.pbn", [("A111", 8, 1)]),
    (rotated("W", "N"), "t.pbn", [("A111", 8, 1)]),
    (rotated("S", "W"), "t.pbn", [("A111", 8, 1)]),
    # the play does not agree with the rotation: the Declarer is wrong, C103
    (rotated("E", "W"), "t.pbn", [("C103", 5, 1)]),
    (rotated("N", "E"), "t.pbn", []),
])
def test_one_cause_one_finding(text, name, expected):
    found = [(f.code, f.line, f.column) for f in check(text, name) if f.code.startswith(REPLAY_CODES)]
    assert found == expected


def test_rotated_auction_names_the_dealer_it_reads_as():
    [finding] = [f for f in check(rotated("E", "S")) if f.code == "A111"]
    assert finding.message.startswith("the auction reads as if East dealt: then East is declarer")


def test_rotated_auction_without_dealer_reads_the_first_caller_from_the_auction():
    """No Dealer: the first caller is the Auction seat, moved on by the '-' fillers (an auction kept as text has
    none)."""
    plain = rotated("E", "S").replace('[Dealer "N"]\n', "")
    filled = plain.replace('[Auction "N"]\n1NT', '[Auction "W"]\n- 1NT')
    for text in (plain, filled):
        [finding] = [f for f in check(text) if f.code == "A111"]
        assert finding.message.startswith("the auction reads as if East dealt"), text


def test_missing_board_header_says_what_is_missing():
    [finding] = [f for f in check(FIRST_TABLE + SECOND_TABLE) if f.code == "B108"]
    assert finding.message.startswith("no Board, Dealer, Vulnerable or Deal: this game reads as another table of "
                                      "board 1")
    assert '[Board "#"]' in finding.message and finding.severity == "error"


@pytest.mark.parametrize("text", [
    FIRST_TABLE + SECOND_TABLE.replace('[West "Zak"]', '[Board "1"]\n[West "Zak"]'),  # Board given
    SECOND_TABLE.lstrip(),  # no game before it
    FIRST_TABLE.replace('[Board "1"]\n', "") + SECOND_TABLE,  # the game before has no Board either
])
def test_a_game_that_does_not_follow_a_full_board_header_is_not_b108(text):
    found = {f.code for f in check(text)}
    assert "B108" not in found and {"B102", "D101"} <= found


def test_rotated_lin_auction_names_the_md_dealer():
    text = LIN_HEAD.replace("rs|5HSx-9|", "rs|5HWx-9|") + "pc|CA|\n"  # North, West's left, leads
    [finding] = [f for f in check(text, "t.lin") if f.code.startswith(("A111", "C103"))]
    assert finding.code == "A111" and finding.full_message == (
        "the auction reads as if East dealt: then West is declarer, as the rs declarer and the opening lead say; "
        "the dealer in md is wrong (Law 17B)")


def test_play_seat_off_says_where_the_columns_start():
    [finding] = [f for f in check(pbn(play="N")) if f.code.startswith("P")]
    assert finding.message.startswith("the Play seat makes North the opening leader, but West is declarer's "
                                      "left-hand opponent, and the cards are written in columns from West")


def test_an_auction_with_an_illegal_call_is_not_read_as_rotated():
    # 3C is insufficient; the calls after it moved on a seat put the declarer a seat off, but turning the
    # auction keeps 3C insufficient, so no A111: the illegal call and the Declarer are the findings
    text = FIRST_TABLE.replace("1D 1S 3H 4S", "1D 1S 3H 3C 4S")
    assert [f.code for f in check(text) if f.code.startswith(REPLAY_CODES)] == ["C103", "A103"]


@pytest.mark.parametrize("text, expected", [
    # an unclosed '{' is S103 alone: no S104 for the tag pairs it swallowed, no D101 for the lost Deal
    (f'[Event "a"]\n[Board "1"] {{ oops\n[Dealer "N"]\n[Deal "{PLAY_DEAL}"]\n', [("S103", 2, 13)]),
    # a control character between tag pairs is S106 alone, not also stray text (S102)
    ('[Event "a"]\x01\n[Board "1"]\n[Deal "' + PLAY_DEAL + '"]\n', [("S106", 1, 12)]),
    # ... but printable stray text is S102
    ('[Event "a"] junk\n[Board "1"]\n[Deal "' + PLAY_DEAL + '"]\n', [("S102", 1, 13)]),
])
def test_one_syntax_defect_one_finding(text, expected):
    assert [(f.code, f.line, f.column) for f in check(text)] == expected


# --- across a table or a tag: the consequence goes where its cause is reported (Rule.follows) --------------------

MP_TABLE = ('[Event "e"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "MP;MP2"]\n'
            '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]\n'
            '4S S 10 420 - 3 0\n4S S 9 - 50 1 2\n3NT N 9 400 - 2 1\n4S S 8 - 100 0 3\n')  # rows from line 6


def test_one_score_typo_is_one_finding_on_its_row():
    assert [f.code for f in check(MP_TABLE) if f.code[0] in "TR"] == []
    typo = MP_TABLE.replace("3NT N 9 400", "3NT N 9 440")  # 440 would beat 420: T106 on two rows of MPs
    [finding] = [f for f in check(typo) if f.code[0] in "TR"]
    assert (finding.code, finding.line, finding.column) == ("T105", 8, 9)
    assert "matchpoints and IMPs are checked against the Score as written" in finding.message
    # the MPs are still checked where the Score's finding is not reported
    assert [(f.code, f.line) for f in report(typo, codes=frozenset(("T106",))).findings] == [
        ("T106", 6), ("T106", 6)]


def test_one_score_typo_in_a_butler_table_is_one_finding():
    rows = ("4S S 10 420 - 4 -4 260\n4S S 10 420 - 4 -4 260\n4S S 9 - 50 -7 7 260\n")
    text = ('[Event "e"]\n[Board "1"]\n[Vulnerable "None"]\n[Scoring "IMP;Butler"]\n'
            '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum"]\n' + rows)
    assert [f.code for f in check(text) if f.code[0] in "TR"] == []
    typo = text.replace("4S S 9 - 50", "4S S 9 - 500")
    assert [(f.code, f.line, f.column) for f in check(typo) if f.code[0] in "TR"] == [("T105", 8, 10)]


def test_a_changed_total_is_r104_not_also_r103_on_its_row():
    ranking = ('[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]\n'
               "1 1 2 2 100.0\n1 4 2 2 100.0\n3 2 2 0 0.0\n3 3 2 0 0.0\n")  # rows from line 5
    games = ['[Event "e"]\n[Board "1"]\n[Scoring "MP;MP2"]\n' + ranking +
             '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n1 2 420 1 0\n3 4 400 0 1\n',
             '[Event "e"]\n[Board "2"]\n[Scoring "MP;MP2"]\n'
             '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n1 2 100 1 0\n3 4 50 0 1\n']
    text = "\n".join(games)
    assert [f.code for f in check(text) if f.code[0] == "R"] == []
    changed = text.replace("3 3 2 0 0.0", "3 3 2 1 0.0")  # its percentage now contradicts it too
    assert [(f.code, f.line, f.column) for f in check(changed) if f.code[0] == "R"] == [("R104", 8, 7)]
    assert [(f.code, f.line) for f in report(changed, codes=frozenset(("R103",))).findings] == [("R103", 8)]


def test_a_malformed_optimum_score_is_not_also_the_wrong_par():
    head = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PLAY_DEAL}"]\n'
            '[DoubleDummyTricks "7c5c67c5c61181711817"]\n')
    assert {f.code for f in check(head + '[OptimumScore "NS 980"]\n')} & {"T103", "T104", "O102"} == set()
    bad = head + '[OptimumScore "NS 980 EW -900"]\n'
    assert [(f.code, f.line) for f in check(bad) if f.code in ("T103", "T104", "O102")] == [("T104", 6)]
    assert [(f.code, f.line) for f in report(bad, codes=frozenset(("O102",))).findings] == [("O102", 6)]


@pytest.mark.parametrize("score, expected", [
    ("980", [("T103", 6, 16)]),  # a bare number: out of form, not also "no par"
    ("NS 980 EW -900", [("T104", 6, 16)]),  # NS not minus EW: not also "not the par"
    ("NS 620", [("O102", 6, 16)]),  # well formed and not the par: O102 alone
])
def test_a_par_tag_whose_value_t103_or_t104_reports_is_no_o102(score, expected):
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]\n'
            f'[DoubleDummyTricks "7c5c67c5c61181711817"]\n[OptimumScore "{score}"]\n')
    assert [(f.code, f.line, f.column) for f in check(text) if f.code[0] in "OT"] == expected
