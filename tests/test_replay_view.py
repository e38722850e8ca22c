"""bridgelint replay: golden output (ASCII mode) and the terminal style."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgelint.api import check_record, read
from bridgelint.cli import cli
from bridgelint.views.board import Style, render, style_for

GOLDEN = Path(__file__).parent / "golden"
SAMPLES = Path(__file__).resolve().parents[1] / "samples"
UPDATE = os.environ.get("BRIDGELINT_UPDATE_GOLDEN") == "1"

NOTES_AND_REVOKE = """\
[Event "Club night"]
[Site "Nowhere"]
[Date "2026.01.01"]
[Board "1"]
[West "Wes"]
[North "Nora"]
[East "Ed"]
[South "Sue"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "2S"]
[Result "10"]
[Auction "N"]
Pass Pass 2S =1= Pass
Pass Pass
[Note "1:weak two"]
[Play "W"]
S5 S3 S2 S9
D3 D2 H6 D5
*
"""

LIN_ALERTS_AND_CLAIM = (
    "pn|Ann,Bob,Cy,Di|st||md|3SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3,|rh||ah|Board 5|sv|n|"
    "mb|1N!|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||"
    "pc|DQ|pc|DA|pc|D3|pc|D2|pg||pc|C5|pc|C6|pc|CK|pc|C2|pg||pc|S3|pc|S2|pc|SK|pc|S5|pg||pc|H9|mc|10|pg||\n")


def replay_output(tmp_path: Path, name: str, text: str, *args: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    result = CliRunner().invoke(cli, ["replay", str(path), "--ascii", *args])
    assert result.exit_code == 0, result.output
    return result.stdout.replace(str(path), "FILE")


def assert_golden(name: str, text: str) -> None:
    golden = GOLDEN / name
    if UPDATE or not golden.exists():
        golden.write_text(text)
    assert text == golden.read_text()


def test_golden_pbn_notes_play_and_revoke(tmp_path: Path, both_ways):
    assert_golden("replay_pbn_notes_revoke.txt", replay_output(tmp_path, "a.pbn", NOTES_AND_REVOKE))


def test_golden_lin_alerts_play_and_claim(tmp_path: Path, both_ways):
    assert_golden("replay_lin_alerts_claim.txt", replay_output(tmp_path, "b.lin", LIN_ALERTS_AND_CLAIM))


def test_golden_insufficient_bid_marked_in_place(tmp_path: Path, both_ways):
    text = (SAMPLES / "auction-defects.pbn").read_text()
    output = replay_output(tmp_path, "c.pbn", text, "--board", "2")
    assert "1D <A103" in output
    assert_golden("replay_auction_finding.txt", output)


def test_the_dealer_call_is_in_its_column_and_findings_are_listed(tmp_path: Path):
    output = replay_output(tmp_path, "a.pbn", NOTES_AND_REVOKE)
    assert "        Pass  Pass  2S(1)" in output
    assert "  2        South   D5 D3 D2 H6 <P103" in output
    assert "P103 error (line 22, column 7): revoke: East plays H6" in output


def test_game_selection_and_errors(tmp_path: Path):
    path = tmp_path / "a.pbn"
    path.write_text(NOTES_AND_REVOKE + "\n" + NOTES_AND_REVOKE.replace('[Board "1"]', '[Board "2"]'))
    runner = CliRunner()
    result = runner.invoke(cli, ["replay", str(path), "--game", "2"])
    assert result.exit_code == 0 and result.stdout.startswith("Board 2 (game 2,")
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.stdout.count("Board ") == 2
    result = runner.invoke(cli, ["replay", str(path), "--board", "9"])
    assert result.exit_code == 2 and "board 9 not found" in result.stderr
    result = runner.invoke(cli, ["replay", str(path), "--board", "1", "--game", "1"])
    assert result.exit_code == 2


def test_terminal_style_has_suit_symbols_and_colour():
    (record,) = read(_write_tmp(NOTES_AND_REVOKE))
    fancy = render(record, check_record(record), Style(fancy=True))
    assert "\u2660 A643" in fancy and "\x1b[" in fancy
    plain = render(record, check_record(record), Style())
    assert plain.isascii() and "\x1b[" not in plain


def test_plain_when_not_a_terminal_or_no_color(monkeypatch: pytest.MonkeyPatch):
    class Tty:
        encoding = "utf-8"

        def isatty(self):
            return True

    class Latin1Tty(Tty):
        encoding = "latin-1"

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert style_for(False, Tty()).fancy
    assert not style_for(False, Latin1Tty()).fancy  # cannot show suit symbols: ASCII
    assert not style_for(True, Tty()).fancy
    assert not style_for(False, object()).fancy
    monkeypatch.setenv("NO_COLOR", "1")
    assert not style_for(False, Tty()).fancy


def _write_tmp(text: str) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".pbn", delete=False) as handle:
        handle.write(text)
    return handle.name


# --- vugraph rooms, LIN notes, suit escapes, a bad LIN hand ---------------------------------------

def test_vugraph_boards_name_their_room(tmp_path: Path):
    output = replay_output(tmp_path, "v.lin", (SAMPLES / "vugraph.lin").read_text())
    titles = [line.split("   ")[0] for line in output.splitlines() if line.startswith("Board ")]
    assert titles == ["Board 3 (Open room, line 4)", "Board 3 (Closed room, line 6)", "Board 4 (Open room, line 8)",
                      "Board 4 (Closed room, line 9)"]


def test_lin_notes_are_numbered_from_1_without_the_bare_alerts(tmp_path: Path):
    lin = LIN_ALERTS_AND_CLAIM.replace("mb|1N!|an|15-17|", "mb|1N!|")  # an alert with no explanation
    output = replay_output(tmp_path, "b.lin", lin)
    assert "1NT!  " in output and "2C!(1)" in output
    assert "  (1) Stayman\n" in output and "(2)" not in output


def test_pbn_suit_escapes_in_notes_are_suits(tmp_path: Path):
    text = NOTES_AND_REVOKE.replace('[Note "1:weak two"]', '[Note "1:weak two in \\\\S, denies \\\\H"]')
    assert "  (1) weak two in S, denies H\n" in replay_output(tmp_path, "a.pbn", text)
    (record,) = read(_write_tmp(text))
    fancy = render(record, check_record(record), Style(fancy=True))
    assert "weak two in \u2660, denies \x1b[31m\u2665\x1b[0m" in fancy


def test_one_bad_lin_hand_leaves_the_other_three(tmp_path: Path):
    lin = LIN_ALERTS_AND_CLAIM.replace("SJT85HA742D863CQ6", "SJT85HA742D863CQ6Z")  # West's hand
    output = replay_output(tmp_path, "b.lin", lin)
    diagram = output.split("Auction")[0]
    assert "S KQ97" in diagram and "S A643" in diagram  # South and North
    assert diagram.count("(not given)") == 2  # West, and East (not derived from a partial deal)
    assert "D102 error (line 1, column " in output


def test_a_terminal_without_suit_symbols_gets_ascii(tmp_path: Path):
    """Output to a Latin-1 terminal: plain letters, no UnicodeEncodeError."""
    import subprocess
    import sys

    path = tmp_path / "a.pbn"
    path.write_text(NOTES_AND_REVOKE)
    script = ("import sys, io; from bridgelint.cli import main\n"
              "sys.stdout = io.TextIOWrapper(sys.stdout.buffer, encoding='latin-1')\n"
              "sys.stdout.isatty = lambda: True\nsys.argv = ['bridgelint', 'replay', sys.argv[1]]\nmain()\n")
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, timeout=120,
                          env={**os.environ, "NO_COLOR": ""})
    assert done.returncode == 0, done.stderr
    assert b"S A643" in done.stdout and b"Traceback" not in done.stderr


def test_the_replayed_score_stands_beside_the_score_tag(tmp_path: Path):
    text = NOTES_AND_REVOKE.replace('[Result "10"]', '[Result "10"]\n[Score "NS 140"]')
    out = replay_output(tmp_path, "s.pbn", text)
    assert '  score: tag "NS 140", Law 77 gives NS 170\n' in out


def test_a_lin_board_without_a_score_gets_the_replayed_one(tmp_path: Path):
    out = replay_output(tmp_path, "a.lin", LIN_ALERTS_AND_CLAIM)
    assert out.endswith("  result: 10 tricks for declarer (made)\n  score: Law 77 gives NS 620 (no score in the record)\n")


def test_replay_shows_the_double_dummy_table_and_par_with_the_cells_findings_name(tmp_path: Path):
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]\n'
            '[DoubleDummyTricks "7c5c67c5c61181711817"]\n')
    output = replay_output(tmp_path, "dd.pbn", text + '[Ability "N:7C5C6 E:11817 S:7C5C6 W:11817"]\n')
    assert "\nDouble dummy\n" in output
    assert "  North  7     12   5    12   6\n" in output
    assert "  par: NS 980 (NS 6S=)\n" in output
    output = replay_output(tmp_path, "dd.pbn", text + '[Ability "N:7C5C6 E:11817 S:7C5C6 W:11818"]\n')
    assert "  West   1     1    8    1    7 <O101\n" in output  # the Ability cell that differs
    assert "O101 error (line 6, column 41): Ability gives West in clubs 8 tricks" in output
    assert "par:" not in output  # the tables disagree: no par


EVENT = Path(__file__).resolve().parents[1] / "docs" / "examples" / "event" / "results.pbn"  # the planted event


def test_replay_draws_the_traveller_with_the_wrong_score_and_the_value_it_should_be():
    result = CliRunner().invoke(cli, ["replay", "--isolated", str(EVENT), "--board", "3", "--ascii"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "  tags: none (the traveller below holds 4 results)\n" in out
    assert "\nTraveller (ScoreTable, line 42)\n" in out
    rows = out.split("\nTraveller (ScoreTable, line 42)\n")[1].split("\n\n")[0].splitlines()
    assert rows[0].split() == ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW",
                               "MP_NS", "MP_EW"]
    assert [row.split() for row in rows[2:6]] == [
        ["1", "2", "4H", "N", "10", "420", "-", "6", "0"], ["3", "4", "3H", "N", "9", "170", "->", "140", "<T105", "-",
                                                           "4", "2"],
        ["5", "6", "4H", "N", "9", "-", "50", "2", "4"], ["7", "8", "2S", "E", "8", "-", "110", "0", "6"]]
    assert rows[6].startswith("  T105 error (line 44, column 12): ScoreTable Score_NS 170, but 3H by N")


def test_replay_draws_the_ranking_lines_of_the_boards_pairs_from_the_record_that_holds_them():
    result = CliRunner().invoke(cli, ["replay", "--isolated", str(EVENT), "--board", "3", "--ascii"])
    ranking = result.stdout.split("\nRanking (TotalScoreTable, line 101)\n")[1].splitlines()
    assert ranking[0].split() == ["Rank", "PairId", "Names", "Club", "NrBoards", "TotalMP", "MeanMP"]
    assert len(ranking) == 2 + 8 + 1  # headers, rule, the 8 pairs that played board 3, the finding
    assert ranking[6].split()[:2] == ["5", "4"] and ranking[6].split()[-5:] == ["18", "->", "16", "<R104", "3.00"]
    assert ranking[10].startswith("  R104 error (line 106, column 77): TotalScoreTable TotalMP 18 for PairId 4")


def test_replay_draws_only_the_ranking_rows_of_the_boards_pairs(tmp_path: Path):
    text = EVENT.read_text(encoding="utf-8")
    text = text.replace("7 8 2S E 8 - 110 0 6", "7 9 2S E 8 - 110 0 6")  # board 3: pairs 1-7 and 9
    result = CliRunner().invoke(cli, ["replay", "--isolated", "--select", "R104", str(_written(tmp_path, text)),
                                      "--board", "3", "--ascii"])
    assert "\nRanking (TotalScoreTable, line 101, 7 of 8 rows)\n" in result.stdout
    ranking = result.stdout.split("7 of 8 rows)\n")[1].splitlines()
    assert sorted(row.split()[1] for row in ranking[2:9]) == ["1", "2", "3", "4", "5", "6", "7"]


def _written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "event.pbn"
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_underlines_the_cards_of_a_fouled_board_that_differ_on_a_terminal():
    import bridgelint

    [record] = [r for r in read(EVENT) if r.game == 6]
    findings = [f for f in bridgelint.check(EVENT).findings if f.game == 6]
    out = render(record, findings, Style(fancy=True))
    under = "\x1b[4m{}\x1b[24m"
    assert f"AQ9{under.format('8')}6" in out and f"K5{under.format('2')}" in out  # East's 8, North's 2 here
    assert f"{under.format('8')}2" in out and f"T8{under.format('2')}" in out  # North's 8, East's 2 there
    assert out.count("\x1b[4m") == 4
    assert "\x1b[4m" not in render(record, findings, Style(fancy=False))
