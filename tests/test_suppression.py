"""Inline suppression: % bridgelint: disable= (one game), disable-file= (the file), S112 for unused ones."""

from __future__ import annotations

import io

import pytest
from conftest import finding_lines
from conftest import run_cli as run

from bridgelint.core.findings import Finding
from bridgelint.engine.pipeline import check_stream
from bridgelint.rules import RULES

HEADER = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
          '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n')
BAD_AUCTION = '[Auction "N"]\n1D Pass 1C AP\n'  # A103 on 1C
GOOD_AUCTION = '[Auction "N"]\n1D Pass 1H AP\n'


def lint(text: str, codes=None) -> list[Finding]:
    """The findings on ``text``, the event checks aside (the games here share a deal: E102)."""
    return check_stream("t.pbn", io.BytesIO(text.encode()), codes, events=None).findings


def where(findings: list[Finding]) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in findings]


def test_disable_suppresses_the_code_in_its_game():
    assert where(lint(HEADER + BAD_AUCTION)) == [("A103", 6, 9)]
    assert lint("% bridgelint: disable=A103\n" + HEADER + BAD_AUCTION) == []
    assert lint(HEADER + "% bridgelint: disable=A103\n" + BAD_AUCTION) == []
    assert where(lint(HEADER + BAD_AUCTION + "%bridgelint:Disable = a103 ,  C102\n")) == [("S112", 7, 31)]


def test_disable_is_per_game():
    game2 = HEADER.replace('"1"', '"2"', 1).replace('"N"]\n[Vul', '"E"]\n[Vul').replace('"None"', '"NS"')
    text = "% bridgelint: disable=A103\n" + HEADER + BAD_AUCTION + "\n" + game2 + BAD_AUCTION.replace('"N"', '"E"')
    findings = lint(text)
    assert [(f.code, f.game) for f in findings] == [("A103", 2)]


def test_unused_code_is_s112_at_the_code():
    text = HEADER + "% bridgelint: disable=A103,C102\n" + BAD_AUCTION
    findings = lint(text)
    assert where(findings) == [("S112", 5, 28)]
    finding = findings[0]
    assert finding.severity == "warning" and finding.game == 1 and finding.board == "1"
    assert "C102" in finding.message and "this game" in finding.message


def test_unused_when_the_code_fires_elsewhere():
    game2 = HEADER.replace('"1"', '"2"', 1).replace('"N"]\n[Vul', '"E"]\n[Vul').replace('"None"', '"NS"')
    text = HEADER + BAD_AUCTION + "\n" + game2 + "% bridgelint: disable=A103\n" + GOOD_AUCTION.replace('"N"', '"E"')
    assert where(lint(text)) == [("A103", 6, 9), ("S112", 12, 23)]


def test_disable_file_before_the_first_game():
    text = "% PBN 2.1\n% bridgelint: disable-file=A103\n\n" + HEADER + BAD_AUCTION
    assert lint(text) == []
    text = "% bridgelint: disable-file=A103,B105\n\n" + HEADER + BAD_AUCTION
    assert where(lint(text)) == [("S112", 1, 33)]
    assert "this file" in lint(text)[0].message


def test_disable_file_covers_every_game():
    game2 = HEADER.replace('"1"', '"2"', 1).replace('"N"]\n[Vul', '"E"]\n[Vul').replace('"None"', '"NS"')
    text = ("% bridgelint: disable-file=A103\n\n" + HEADER + BAD_AUCTION + "\n" + game2
            + BAD_AUCTION.replace('"N"', '"E"'))
    assert lint(text) == []


def test_disable_outside_any_game_is_reported():
    text = "% bridgelint: disable=A103\n\n" + HEADER + BAD_AUCTION
    assert where(lint(text)) == [("S112", 1, 1), ("A103", 8, 9)]
    assert "outside any game" in lint(text)[0].message


@pytest.mark.parametrize("line, column, words", [
    ("% bridgelint: disable=Z999", 23, "unknown code 'Z999'"),
    ("% bridgelint: disable=", 1, "names no code"),
    ("% bridgelint: enable=A103", 1, "not a bridgelint directive"),
    ("% bridgelint: disable A103", 1, "not a bridgelint directive"),
])
def test_malformed_directives(line, column, words):
    findings = lint(HEADER + line + "\n" + GOOD_AUCTION)
    assert where(findings) == [("S112", 5, column)]
    assert words in findings[0].message


def test_other_escape_lines_are_left_alone():
    assert lint("% PBN 2.1\n% EXPORT? no\n\n" + HEADER + "% a comment about bridgelint\n" + GOOD_AUCTION) == []


def test_codes_not_checked_are_not_judged():
    text = HEADER + "% bridgelint: disable=C102\n" + GOOD_AUCTION
    assert where(lint(text)) == [("S112", 5, 23)]
    assert lint(text, codes=set(RULES) - {"C102"}) == []


def test_s112_can_be_ignored_or_suppressed():
    text = HEADER + "% bridgelint: disable=C102\n" + GOOD_AUCTION
    assert lint(text, codes=set(RULES) - {"S112"}) == []
    assert lint("% bridgelint: disable-file=S112\n\n" + text) == []
    assert lint(HEADER + "% bridgelint: disable=C102,S112\n" + GOOD_AUCTION) == []


def test_reader_findings_on_the_games_lines_are_suppressed():
    long_tag = '[Event "' + "x" * 260 + '"]\n'
    text = HEADER + long_tag + BAD_AUCTION
    assert [f.code for f in lint(text)] == ["S107", "A103"]
    assert [f.code for f in lint(HEADER + "% bridgelint: disable=S107\n" + long_tag + BAD_AUCTION)] == ["A103"]
    # the next game's lines are not the suppressing game's
    game2 = HEADER.replace('"1"', '"2"', 1).replace('"N"]\n[Vul', '"E"]\n[Vul').replace('"None"', '"NS"')
    text = HEADER + "% bridgelint: disable=A103\n" + BAD_AUCTION + "\n" + game2 + long_tag
    assert where(lint(text)) == [("S107", 13, 255)]


def test_internal_errors_are_never_suppressed(monkeypatch):
    from bridgelint.rules import auction

    def boom(self, ctx):
        raise RuntimeError("boom")
        yield

    monkeypatch.setattr(auction.InsufficientBid, "check", boom)
    findings = lint(HEADER + "% bridgelint: disable=X001\n" + BAD_AUCTION)
    assert where(findings) == [("X001", 1, 1), ("S112", 5, 23)]  # X001 is never suppressed
    assert "never suppressed" in findings[1].message


# --- the command line ------------------------------------------------------------------


def test_cli_suppressed_error_exits_0(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.pbn").write_text(HEADER + "% bridgelint: disable=A103\n" + BAD_AUCTION)
    code, out, err = run(monkeypatch, "check", "--isolated", "s.pbn")
    assert (code, finding_lines(out), err) == (0, "", "1 file, 1 board, 1 result: 0 errors, 0 warnings\n")


def test_cli_unused_suppression_is_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.pbn").write_text(HEADER + "% bridgelint: disable=A104\n" + GOOD_AUCTION)
    code, out, err = run(monkeypatch, "check", "--isolated", "s.pbn")
    assert code == 0
    assert finding_lines(out) == ("s.pbn:5:23: S112 [warning] bridgelint: disable of A104 suppresses nothing: A104 found nothing in "
                   "this game (board 1)\n")
    assert err == "1 file, 1 board, 1 result: 0 errors, 1 warning\n"
    assert run(monkeypatch, "check", "--isolated", "--fail-on", "warning", "s.pbn")[0] == 1


def test_crlf_line_ends():
    text = ("% bridgelint: disable-file=B105\n\n" + HEADER + "% bridgelint: disable=A103\n" + BAD_AUCTION)
    assert where(lint(text.replace("\n", "\r\n"))) == [("S112", 1, 28)]
