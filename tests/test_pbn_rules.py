"""Every PBN rule of the syntax, board, deal, auction, contract and notes families:
a small inline game that fires it (code, line and column asserted) and a near miss
that does not.  ``board(...)`` puts a consistent header on lines 1-4.
"""

from __future__ import annotations

import io

import pytest
from conftest import DEAL, at, board, check, codes, only, report

from bridgelint.engine.pipeline import check_stream
from bridgelint.rules import RULES
from bridgelint.rules.board import DateForm

A = '[Auction "N"]'

# code, text (str, or bytes as in the file), the (line, column) of every finding of that code
FIRES = [
    # S101: not text
    ("S101", b'[Event "a\x00b"]\n', [(1, 1)]),
    ("S101", '[Event "a"]\n'.encode("utf-16"), [(1, 1)]),
    # S102: malformed tag pairs
    ("S102", '[Event]\n', [(1, 1)]),
    ("S102", '[Event No_quotes]\n', [(1, 1)]),
    ("S102", '[Board "1"]\n  [Site "Amsterdam]\n', [(2, 3)]),
    ("S102", '[Board "1"] [Site "Amsterdam"\n', [(1, 13)]),
    ("S102", '[Ev-ent "a"]\n', [(1, 1)]),
    ("S102", '[Event "tab\there"]\n', [(1, 1)]),
    ("S102", 'stray words\n[Event "a"]\n', [(1, 1)]),
    # S103: unterminated comment
    ("S103", '[Event "a"] { never closed\n[Board "1"]\n', [(1, 13)]),
    # S104: a comment that swallowed tags, or holds a '{'
    ("S104", '[Event "a"]\n{ first\n[Board "1"]\n}\n', [(2, 1)]),
    ("S104", '[Event "a"]\n[Board "1"] { a { b }\n', [(2, 13)]),
    # S105: repeated tag, reported at the repetition
    ("S105", '[Site "a"]\n[Board "1"]\n  [Site "b"]\n', [(3, 3)]),
    # S106: control characters, DEL, 128-159
    ("S106", '[Event "a\x01b"]\n', [(1, 10)]),
    ("S106", b'[Event "ab\x7f"]\n', [(1, 11)]),
    ("S106", b'[Event "\xe9t\xe9"]\n[Site "x\x81"]\n', [(2, 9)]),  # 0x81: C1, and no Windows-1252 character
    # S107: line longer than 255 characters (EOL included): reported at column 255
    ("S107", '[Event "a"]\n[Annotator "' + "x" * 250 + '"]\n', [(2, 255)]),
    # S109: lenient spellings
    ("S109", board(A, "1N P P PASS"), [(6, 1), (6, 4), (6, 6), (6, 8)]),
    ("S109", board(A, "1NT X XX AP", '[Contract "1NXX"]'), [(7, 1)]),
    ("S109", '% EXPORT\n\n[Dealer "n"]\n', [(3, 1)]),  # lowercase: import format only (PBN §3.11)
    # S113: a tag pair lost in an escape line or a ';' comment, at the tag pair
    ("S113", '%Margins 1,1,1,1[Event ""]\n\n[Board "1"]\n', [(1, 17)]),
    ("S113", '[Board "1"] ; first board [Site "Paris"]\n', [(1, 27)]),
    # S110: inheritance where forbidden, or with nothing to inherit
    ("S110", '[Event "e"]\n[Deal "##' + DEAL + '"]\n', [(2, 1)]),
    ("S110", '[Board "1"]\n[Event "#"]\n', [(2, 1)]),
    ("S110", '[Board "1"]\n\n[Board "2"]\n[Vulnerable "#"]\n', [(4, 1)]),
    # S111: no game
    ("S111", "", [(1, 1)]),
    ("S111", "\r\n\r\n", [(1, 1)]),
    ("S111", "% PBN 2.1\n% EXPORT\n\n\n", [(1, 1)]),
    # S114: Windows-1252, reported once, at the first byte 0x80-0x9F of a file that is not UTF-8
    ("S114", b'[Event "\x93Spring\x94"]\n[Site "\x80"]\n', [(1, 9)]),
    ("S114", b'[Event "\xe9t\xe9"]\n[Site "Caf\xe9 \x96 bar"]\n', [(2, 13)]),
    # B101: board missing (due at the game's first line) or not a number
    ("B101", '[Event "e"]\n[Deal "' + DEAL + '"]\n', [(1, 1)]),
    ("B101", '[Event "e"]\n[Board "&"]\n[Deal "' + DEAL + '"]\n', [(2, 1)]),
    ("B101", '[Event "e"]\n[Board "0"]\n[Deal "' + DEAL + '"]\n', [(2, 1)]),
    ("B101", '[Event "e"]\n[Board "-3"]\n[Deal "' + DEAL + '"]\n', [(2, 1)]),
    # B102: invalid Dealer; no Dealer where the auction must be replayed (at the Auction tag)
    ("B102", '[Board "1"]\n [Dealer "Black"]\n', [(2, 2)]),
    ("B102", '[Board "1"]\n[Vulnerable "None"]\n[Auction "N"]\n1C AP\n', [(3, 1)]),
    # B103: invalid vulnerability
    ("B103", '[Board "1"]\n[Vulnerable "E"]\n', [(2, 1)]),
    # B104, B105: Law 2 (board 2: East deals, NS vulnerable)
    ("B104", '[Board "2"]\n[Dealer "N"]\n[Vulnerable "NS"]\n', [(2, 1)]),
    ("B105", '[Board "2"]\n[Dealer "E"]\n[Vulnerable "None"]\n', [(3, 1)]),
    ("B105", '[Board "16"]\n[Dealer "W"]\n[Vulnerable "All"]\n', [(3, 1)]),
    # B107: date form
    ("B107", '[Date "95.06.10"]\n[Board "1"]\n', [(1, 1)]),
    ("B107", '[Board "1"]\n[Date "2013-11-23 11:23"]\n', [(2, 1)]),
    # D101: no deal (at the game's first line; an error at the Play tag when cards must be replayed)
    ("D101", '[Event "e"]\n[Board "1"]\n', [(1, 1)]),
    ("D101", '[Board "1"]\n[Declarer "S"]\n[Contract "7NT"]\n[Play "W"]\nSA HA DA CA\n', [(4, 1)]),
    # D102: malformed deal, pointing into the value
    ("D102", '[Deal "W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n', [(1, 10)]),
    ("D102", '[Deal "X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n', [(1, 8)]),
    ("D102", '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."]\n', [(1, 10)]),
    ("D102", '[Deal "N:AKQJT98765432... .AKQJT98765432 ..AKQJT98765432. ...AKQJT98765432"]\n', [(1, 27)]),
    # D103: hand size, at the Deal tag (one finding per hand)
    ("D103", '[Deal "W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n', [(1, 10), (1, 28)]),
    ("D103", '[Deal "W:QT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]\n', [(1, 10)]),
    # D104: a card dealt twice
    ("D104", '[Deal "W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n', [(1, 27)]),
    # A101: the first call is not the dealer's, at that call
    ("A101", board('[Auction "W"]', "1D AP"), [(6, 1)]),
    ("A101", board('[Auction "W"]', "- - 1D AP"), [(6, 5)]),
    # A110: the Auction seat is not a seat, at the Auction tag (and no A101: the calls start with the dealer)
    ("A110", board('[Auction "Q"]', "1D AP"), [(5, 1)]),
    # A102: not a call
    ("A102", board(A, "1D 1 Pass"), [(6, 4)]),
    ("A102", board(A, "1D 8S"), [(6, 4)]),
    # A103: insufficient bid
    ("A103", board(A, "1D Pass 1C AP"), [(6, 9)]),
    ("A103", board(A, "1NT X Pass", "1H Pass Pass Pass"), [(7, 1)]),
    # A104: inadmissible doubles
    ("A104", board(A, "X"), [(6, 1)]),
    ("A104", board(A, "1D Pass X AP"), [(6, 9)]),
    ("A104", board(A, "1D X Pass X"), [(6, 11)]),
    ("A104", board(A, "1D X XX X"), [(6, 9)]),
    # A105: inadmissible redoubles
    ("A105", board(A, "1D XX"), [(6, 4)]),
    ("A105", board(A, "1D X Pass XX"), [(6, 11)]),
    ("A105", board(A, "1D X XX XX"), [(6, 9)]),
    # A106: calls after the end
    ("A106", board(A, "1S Pass Pass Pass", "Pass"), [(7, 1)]),
    ("A106", board(A, "1S AP Pass"), [(6, 7)]),
    ("A106", board(A, "1S * 2S"), [(6, 6)]),
    ("A106", board(A, "1S + 2S"), [(6, 6)]),
    ("A106", board(A, "Pass Pass Pass Pass 1C"), [(6, 21)]),
    # A107: incomplete, reported just after the last call
    ("A107", board(A, "1S Pass 4S"), [(6, 11)]),
    ("A107", board(A, "1S Pass", '[Declarer "N"]', '[Contract "1S"]', '[Play "E"]', "H2 DA CA SA"), [(6, 8)]),
    # A107 (Law 17D3): a skipped turn among the closing passes: the auction has not ended
    ("A107", board(A, "1S Pass Pass ^S"), [(6, 16)]),
    # A108: marked unfinished (info)
    ("A108", board(A, "1S Pass 2S *"), [(6, 12)]),
    ("A108", board(A, "1S +"), [(6, 4)]),
    # A109: misfit marks, at the mark
    ("A109", board(A, "1D ^I 2C AP"), [(6, 4)]),
    ("A109", board(A, "1D ^I Pass Pass Pass"), [(6, 4)]),
    ("A109", board(A, "1D AP ^I"), [(6, 7)]),
    ("A109", board(A, "1D ^X 2C AP"), [(6, 4)]),
    # C101: malformed Contract and Declarer
    ("C101", '[Board "1"]\n[Contract "5Hearts"]\n[Declarer "South"]\n', [(2, 1), (3, 1)]),
    ("C101", '[Board "1"]\n[Contract "5NoTrump"]\n', [(2, 1)]),
    # C102: Contract differs from the auction
    ("C102", board(A, "1H X Pass Pass Pass", '[Contract "1H"]'), [(7, 1)]),
    ("C102", board(A, "1H X XX AP", '[Contract "1HX"]'), [(7, 1)]),
    ("C102", board(A, "1C AP", '[Contract "Pass"]'), [(7, 1)]),
    ("C102", board(A, "AP", '[Contract "1C"]'), [(7, 1)]),
    ("C102", board(A, "1NT X Pass ^I 1H AP", '[Contract "1HX"]'), [(7, 1)]),  # the ^I bid stands undoubled
    # C103: Declarer differs from the auction (first of the side to name the denomination)
    ("C103", board(A, "1H Pass 4H AP", '[Declarer "S"]'), [(7, 1)]),
    ("C103", board(A, "1C Pass 1H Pass 4H AP", '[Declarer "N"]'), [(7, 1)]),
    ("C103", board(A, "AP", '[Declarer "N"]'), [(7, 1)]),  # passed out: no declarer
    ("C103", board(A, "1C AP", '[Declarer "^N"]'), [(7, 1)]),  # the swap mark on the dealer's partner is right
    ("C103", board(A, "1C AP", '[Declarer "^S"]'), [(7, 1)]),  # the swap mark on the declarer: no swap
    # N101: reference without its Note in the same section, at the reference
    ("N101", board(A, "1C =1= AP"), [(6, 4)]),
    ("N101", board(A, "1C =1= AP", '[Play "E"]', "H2 DA CA SA", '[Note "1:in the wrong section"]'), [(6, 4)]),
    # N102: Note never referenced, at the Note
    ("N102", board(A, "1C =1= AP", '[Note "1:strong"]', '[Note "2:unused"]'), [(8, 1)]),
    # N103: note numbers
    ("N103", board(A, "2S =44= AP"), [(6, 4)]),
    ("N103", board(A, "2S =a= AP"), [(6, 4)]),
    ("N103", board(A, "1C =1= AP", '[Note "1:a"]', '[Note "1:b"]'), [(8, 1)]),
    ("N103", board(A, "1C AP", '[Note "0:zero"]', '[Note "33:too big"]', '[Note "no number"]'),
     [(7, 1), (8, 1), (9, 1)]),
    # N104: annotations
    ("N104", board(A, "1C !!! AP"), [(6, 4)]),
    ("N104", board(A, "1D ! ! AP"), [(6, 6)]),
    ("N104", board(A, "1NT $7 AP"), [(6, 5)]),
    ("N104", board(A, "2C $256 AP"), [(6, 4)]),
    ("N104", board(A, "2NT?=1= =2= AP", '[Note "1:x"]', '[Note "2:y"]'), [(6, 9)]),
    ("N104", board(A, "=1= 1C AP", '[Note "1:x"]'), [(6, 1)]),
    ("N104", board(A, "1C AP", '[Declarer "N"]', '[Contract "1C"]', '[Play "E"]', "H2 $1 DA CA SA"), [(10, 4)]),
]


@pytest.mark.parametrize("code,text,where", FIRES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(FIRES)])
def test_rule_fires(code, text, where):
    findings = check(text)
    assert at(findings, code) == where, [(f.code, f.line, f.column, f.message) for f in findings]


def test_an_auction_seat_that_is_no_seat_is_its_own_defect():
    # A110 (the tag's value), not A101 (the first call not the dealer's): the calls start with the dealer
    findings = check(board('[Auction "Q"]', "1D AP"))
    assert [(f.code, f.line, f.column, f.full_message) for f in findings if f.code.startswith("A")] == [
        ("A110", 5, 1, 'Auction seat "Q" is not W, N, E or S (PBN §3.5)')]


# code, a near miss that must not fire it
CLEAN = [
    ("S101", '[Event "\xe9t\xe9"]\n'.encode("latin-1")),
    ("S102", '[Event "a \\"quoted\\" \\\\ b"]\n[Site\n "spans lines"\n]\n'),
    ("S103", '[Event "a"] { closed\n\n still a comment }\n[Board "1"]\n'),
    ("S104", '[Event "a"]\n{ a comment\n\n that spans a blank line; [not a tag]\n}\n[Board "1"]\n'),
    ("S105", board(A, "1C =1= 1D =2= AP", '[Note "1:a"]', '[Note "2:b"]')),
    ("S106", '[Event "\xe9t\xe9"]\n[Board\t"1"]\x0b\n'.encode("latin-1")),
    ("S107", '[Event "a"]\n[Annotator "' + "x" * 240 + '"]\n'),
    ("S109", board(A, "1NT Pass Pass Pass", '[Contract "1NT"]', '[Declarer "N"]')),
    ("S110", '[Event "##Club"]\n[Board "1"]\n\n[Board "2"]\n[Event "#"]\n\n[Site "x"]\n\n[Site "#"]\n'),
    ("S111", '[Event "a"]\n'),
    ("S114", '[Event "\xe9t\xe9 \xa0"]\n'.encode("latin-1")),
    ("S114", '[Event "Spring “Pairs” – 5 €"]\n'),  # UTF-8
    ("S113", '%Margins 1,1,1,1\n[Event "a"] ; [see below]\n{ [Site "x"] }\n; [Date "2026.01.01"]\n% [Room "Open"]\n'),
    ("B101", '[Board "1-1"]\n[Deal "' + DEAL + '"]\n'),
    ("B102", board(A, "1C AP")),
    ("B103", '[Board "1"]\n[Vulnerable "Love"]\n\n[Board "4"]\n[Vulnerable "Both"]\n\n[Board "1"]\n[Vulnerable "-"]\n'),
    ("B104", '[Board "2"]\n[Dealer "E"]\n\n[Board "3"]\n[Dealer "S"]\n\n[Board "1-1"]\n[Dealer "W"]\n'),
    ("B105", '[Board "2"]\n[Vulnerable "NS"]\n\n[Board "3"]\n[Vulnerable "EW"]\n\n[Board "4"]\n[Vulnerable "All"]\n'),
    ("B107", '[Date "2012.08.??"]\n[Board "1"]\n'),
    ("D101", board(A, "1C AP")),
    ("D102", '[Deal "N:- .AKQJT98765432.. - ...AKQJT98765432"]\n'),
    ("D103", '[Deal "N:AK... - QJ... -"]\n'),  # an end position
    ("D104", board()),
    ("A101", board('[Auction "W"]', "- 1D AP")),
    ("A110", board('[Auction "?"]', "1D AP") + '\n' + board('[Auction ""]', "1D AP")),
    ("A102", board(A, "1D ! $200 Pass =1= 1NT?? AP", '[Note "1:x"]')),
    ("A103", board(A, "1NT X Pass ^I 1H AP")),
    ("A104", board(A, "1D X XX 2C Pass Pass X AP")),
    ("A105", board(A, "1D X XX AP")),
    ("A106", board(A, "1S Pass Pass ^S 2H Pass Pass Pass")),
    ("A107", board(A, "1S Pass 2S *")),
    ("A108", board(A, "1S Pass 2S AP")),
    ("A109", board(A, "1D ^I 1C AP")),
    ("C101", board(A, "1S AP", '[Contract "1S"]', '[Declarer "N"]')),
    ("C102", board(A, "1H X Pass Pass Pass", '[Contract "1HX"]')),
    ("C103", board(A, "1C Pass 1H Pass 4H AP", '[Declarer "S"]')),
    ("N101", board(A, "1C =1= AP", '[Note "1:strong"]')),
    ("N102", board(A, "1C =1= AP", '[Note "1:strong"]', '[Play "E"]', "H2 =1= DA CA SA", '[Note "1:lead"]')),
    ("N103", board(A, "1C =1= 1D =32= AP", '[Note "1:a"]', '[Note "32:b"]', '[Play "E"]', "H2 =1= DA CA SA",
                   '[Note "1:again, in another section"]')),
    ("N104", board(A, "1C ! $200 =1= AP", '[Note "1:x"]', '[Play "E"]', "H2 !! $14 DA CA SA")),
]


@pytest.mark.parametrize("code,text", CLEAN, ids=[c for c, _ in CLEAN])
def test_rule_does_not_fire(code, text):
    # a marked irregularity that is right is reported as info: the rule does not fire on it
    found = [f for f in only(check(text), code) if f.severity != "info" or RULES[code].severity == "info"]
    assert found == [], [(f.code, f.line, f.column, f.message) for f in found]


def test_every_rule_of_this_suite_has_both_cases():
    tested = {c for c, _, _ in FIRES} & {c for c, _ in CLEAN}
    families = ("S101 S102 S103 S104 S105 S106 S107 S109 S110 S111 S113 S114 B101 B102 B103 B104 B105 B107 "
                "D101 D102 D103 D104 A101 A102 A103 A104 A105 A106 A107 A108 A109 A110 C101 C102 C103 "
                "N101 N102 N103 N104").split()
    assert set(families) <= tested
    assert set(families) <= set(RULES)


# --- severities and marks ------------------------------------------------------

def severity(text: str, code: str) -> list[str]:
    return [f.severity for f in check(text) if f.code == code]


def test_accepted_insufficient_bid_is_info():
    assert severity(board(A, "1NT X Pass ^I 1H AP"), "A103") == ["info"]
    assert severity(board(A, "1NT X Pass 1H AP"), "A103") == ["error"]


def test_swapped_declarer_mark_is_info_where_right_and_error_where_not():
    assert severity(board(A, "1C AP", '[Declarer "^S"]'), "C103") == ["info"]
    assert severity(board(A, "1C AP", '[Declarer "^N"]'), "C103") == ["error"]
    assert severity(board(A, "1C AP", '[Declarer "^E"]'), "C103") == ["error"]


def test_no_deal_is_an_error_only_when_the_play_needs_it():
    assert severity('[Board "1"]\n', "D101") == ["warning"]
    assert severity('[Board "1"]\n[Declarer "S"]\n[Contract "7NT"]\n[Play "W"]\nSA HA DA CA\n', "D101") == ["error"]


def test_law_17d3_message_cites_the_law():
    [finding] = only(check(board(A, "1S Pass Pass ^S")), "A107")
    assert "17D3" in finding.full_message


def test_after_an_illegal_call_the_rest_is_not_reported_again():
    findings = check(board(A, "1D Pass 1C X Pass X XX Pass Pass Pass Pass"))
    assert at(findings, "A103") == [(6, 9)]
    assert codes(findings) & {"A104", "A105", "A106", "A107"} == set()


def test_inheritance_forbidden_reports_the_cause_once():
    findings = check('[Board "1"]\n[Dealer "#"]\n[Vulnerable "##None"]\n[Deal "#"]\n[Contract "#"]\n')
    assert at(findings, "S110") == [(2, 1), (3, 1), (4, 1), (5, 1)]
    assert codes(findings) & {"B102", "B103", "D102", "C101"} == set()


def test_findings_carry_game_board_severity_and_reference():
    findings = check('[Board "1"]\n[Dealer "N"]\n\n[Board "7"]\n[Dealer "N"]\n[Date "1.2.3"]\n')
    [date] = only(findings, "B107")
    assert (date.game, date.board, date.severity, date.law) == (2, "7", "warning", "PBN §3.4.3")
    [dealer] = only(findings, "B104")
    assert (dealer.line, dealer.column, dealer.game, dealer.board) == (5, 1, 2, "7")


def test_file_and_game_findings_are_sorted_by_place():
    findings = check('[Board "1"]\n[Dealer "E"]\n[Event "a\x01"]\n\n[Board "2"]\n[Date "x"]\n')
    assert [(f.line, f.code) for f in findings] == [(1, "D101"), (2, "B104"), (3, "S106"), (5, "D101"), (6, "B107")]


# --- X001 --------------------------------------------------------------------

def test_internal_error_is_reported_on_its_game_and_the_others_are_checked(monkeypatch):
    original = DateForm.check

    def broken(self, ctx):
        if ctx.record.game == 2:
            raise RuntimeError("boom")
        return original(self, ctx)

    monkeypatch.setattr(DateForm, "check", broken)
    text = ('[Board "1"]\n[Date "bad"]\n\n'
            '[Board "2"]\n[Date "bad"]\n\n'
            '[Board "3"]\n[Date "bad"]\n[Dealer "N"]\n')
    result = check_stream("t.pbn", io.BytesIO(text.encode()))
    x001 = only(result.findings, "X001")
    assert [(f.line, f.column, f.game, f.board, f.severity) for f in x001] == [(4, 1, 2, "2", "error")]
    assert "RuntimeError: boom" in x001[0].message
    assert at(result.findings, "B107") == [(2, 1), (8, 1)]
    assert at(result.findings, "B104") == [(9, 1)]  # rules after the broken one are run on game 3
    assert result.games == 3


def test_internal_error_is_kept_when_rules_are_deselected(monkeypatch):
    monkeypatch.setattr(DateForm, "check", lambda self, ctx: 1 / 0)
    result = check_stream("t.pbn", io.BytesIO(b'[Board "1"]\n[Date "2024.01.01"]\n'), ["B107"])  # B107 runs
    assert [f.code for f in result.findings] == ["X001"]


def test_report_counts_games_and_boards():
    result = report('% PBN 2.1\n\n[Event "no board"]\n\n[Board "1"]\n\n[Deal "' + DEAL + '"]\n')
    assert (result.games, result.boards) == (3, 2)


# --- regressions of reader decisions -------------------------------------------

def test_non_ascii_outside_strings_is_s106_and_in_strings_is_not():
    assert at(check('[Auction "N"]\n1C\u00a0Pass\n'), "S106") == [(2, 1)]
    assert at(check('[Event "Café"]\n{crème}\n'), "S106") == []


def test_line_findings_belong_to_their_game():
    findings = only(check('[Board "1"]\n\n[Board "2"]\n[Event "' + "x" * 260 + '"]\n'), "S107")
    assert [(f.line, f.game, f.board) for f in findings] == [(4, 2, "2")]


def test_deal_with_double_space_or_no_hand_is_d102():
    assert at(check('[Deal "W:KQT2.AT.J6542.85  - - -"]\n'), "D102") == [(1, 10)]
    assert at(check('[Deal "W:- - - -"]\n'), "D102") == [(1, 10)]
    assert at(check('[Deal "W:KQT2.AT.J6542.85 - - -"]\n'), "D102") == []


def test_d102_names_the_character_as_written():
    (finding,) = only(check('[Deal "W:vKQT2.AT.J6542.85 - - -"]\n'), "D102")
    assert "'v'" in finding.message


def test_play_of_only_an_end_mark_needs_no_deal():
    findings = only(check('[Board "1"]\n[Play "W"]\n*\n'), "D101")
    assert [f.severity for f in findings] == ["warning"]
    assert [f.severity for f in only(check('[Board "1"]\n[Play "W"]\nSA *\n'), "D101")] == ["error"]


def test_export_declared_without_a_blank_line_before_the_first_tag():
    text = '% PBN 2.1\n% EXPORT\n[Event "a"]\n[Board "1"]\n'
    assert at(check(text), "S108") == [(1, 1)]  # the first breach: mandatory tags missing


def test_export_ranks_ignore_spot_cards():
    header = ('% EXPORT\n\n[Event "e"]\n[Site "s"]\n[Date "2024.01.01"]\n[Board "1"]\n[West "w"]\n[North "n"]\n'
              '[East "e"]\n[South "s"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
    tail = '[Scoring "IMP"]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n'
    def crlf(text):
        return text.replace("\n", "\r\n")

    assert at(check(crlf(header + '[Deal "N:AKxx.xxx.xxx.xxx - - -"]\n' + tail)), "S108") == []
    assert at(check(crlf(header + '[Deal "N:KAxx.xxx.xxx.xxx - - -"]\n' + tail)), "S108") == [(13, 1)]


def test_export_lets_a_later_game_omit_a_tag_set_with_double_hash():
    game = ('[Event "e"]\n[Site "{site}"]\n[Date "2024.01.01"]\n[Board "{n}"]\n[West "w"]\n[North "n"]\n'
            '[East "e"]\n[South "s"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{dealer}:- - - -"]\n'
            '[Scoring "IMP"]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n')
    first = game.format(site="##Here", n=1, dealer="N", vul="None")
    second = game.format(site="", n=2, dealer="E", vul="NS").replace('[Site ""]\n', "")
    assert at(check(("% EXPORT\n\n" + first + "\n" + second).replace("\n", "\r\n")), "S108") == []
    third = second.replace('[Event "e"]\n', "") + '[Event "e"]\n'
    assert at(check(("% EXPORT\n\n" + first + "\n" + third).replace("\n", "\r\n")), "S108") == [(32, 1)]


def test_end_position_hands_hold_equally_many_cards():
    assert codes(check('[Deal "N:AK... - QJ... -"]\n')) & {"D102", "D103"} == set()
    findings = only(check('[Deal "N:AKQ... T9... QJ... -"]\n'), "D103")
    assert [(f.line, f.column) for f in findings] == [(1, 10)]
    assert findings[0].full_message == "North holds 3 cards, the other hands of this end position 2 (Law 6B)"


def test_a_bug_while_reading_a_game_is_x001_on_that_game_and_reading_goes_on(monkeypatch):
    from bridgelint.formats import pbn

    real = pbn.interpret_header

    def broken(record, first):
        if record.game == 2:
            raise RuntimeError("boom")
        real(record, first)

    monkeypatch.setattr(pbn, "interpret_header", broken)
    result = report('[Board "1"]\n[Dealer "E"]\n\n[Board "2"]\n\n[Board "3"]\n[Dealer "E"]\n')
    assert result.games == 3
    assert [(f.code, f.game, f.line) for f in result.findings if f.code in ("X001", "B104")] == [
        ("B104", 1, 2), ("X001", 2, 4), ("B104", 3, 7)]


def test_a_bug_that_stops_the_reader_is_x001_and_the_file_is_still_reported(monkeypatch):
    from bridgelint.formats import pbn

    def broken(self):
        yield 1, '[Board "1"]\n', []
        raise RuntimeError("boom")

    monkeypatch.setattr(pbn.PbnReader, "games", broken)
    result = report('[Board "1"]\n\n[Board "2"]\n')
    assert result.games == 1
    assert [(f.code, f.line) for f in result.findings if f.code == "X001"] == [("X001", 1)]


def test_deal_findings_point_into_the_value_whatever_the_spacing():
    assert at(check('[Deal   "W:vKQT2.AT.J6542.85 - - -"]\n'), "D102") == [(1, 12)]
    assert at(check('[Deal "W:KQT2.AT.J65Z2.85 - - -"]\n'), "D102") == [(1, 21)]
    assert at(check('[ Deal "W:KQT2.AT.J6542.852 - - -"]\n'), "D103") == [(1, 11)]


def test_a_long_line_says_its_length_and_that_the_end_of_line_counts():
    [finding] = [f for f in check('[Event "a"]\n[Annotator "' + "x" * 250 + '"]\n') if f.code == "S107"]
    assert finding.full_message == ("line has 264 characters and its end of line: PBN allows 255, the end of line "
                               "included (PBN §2.3)")
