"""A safe fix never changes a token, a card or an inherited value; a suppressed finding's fix is not applied;
an unsafe fix that would add a finding is not applied (the run says why); ``--fix --across-files`` leaves a
game holding a board fouled across files as it is."""

from __future__ import annotations

import io
from pathlib import Path

from conftest import run_cli

from bridgelint.engine.fixing import FixMode
from bridgelint.engine.formatting import formatted as layout
from bridgelint.engine.pipeline import Pipeline
from bridgelint.formats import open_reader
from bridgelint.rules import DEFAULT_CODES

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def formatted(data: bytes) -> bytes:
    """What ``bridgelint format`` writes for ``data``."""
    return layout(Pipeline(), "t.pbn", data)[0]


def fixed(data: bytes, unsafe: bool = False, codes: frozenset[str] = DEFAULT_CODES):
    report = Pipeline(codes).checked("t.pbn", io.BytesIO(data), fix=FixMode(unsafe=unsafe)).report
    return (data if report.fixed_text is None else report.fixed_text), report


def records(data: bytes) -> list:
    return list(open_reader(io.BytesIO(data), "t.pbn", "pbn"))


def test_the_layout_never_splits_a_token_at_other_white_space():
    # U+00A0 and U+2028 are characters of a token (A102, P101 say so): not where the layout cuts
    data = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1NT\u00a0Pass  Pass Pass\n[Play "E"]\n'
            'H2\u2028H3 H4  H5\n').encode()
    after = formatted(data)
    assert "1NT\u00a0Pass Pass Pass\r\n".encode() in after and "H2\u2028H3 H4 H5\r\n".encode() in after
    before, now = records(data)[0], records(after)[0]
    assert [c.token for c in before.auction.calls] == [c.token for c in now.auction.calls]
    assert [c.token for c in before.play.cards] == [c.token for c in now.play.cards]


def test_a_tag_added_to_one_game_never_changes_what_the_next_copies():
    # game 2 has no West: the layout writes "?"; game 3's "#" copies Ann, the nearest earlier game's, still
    data = ('[Event "x"]\n[Board "1"]\n[West "Ann"]\n[Dealer "N"]\n\n[Event "x"]\n[Board "2"]\n[Dealer "E"]\n\n'
            '[Event "x"]\n[Board "3"]\n[West "#"]\n[Dealer "S"]\n').encode()
    after = formatted(data)
    assert [r.tag("West").value if r.tag("West") else None for r in records(data)] == ["Ann", None, "Ann"]
    assert [r.tag("West").value if r.tag("West") else None for r in records(after)] == ["Ann", "?", "Ann"]


def test_a_suppressed_findings_fix_is_not_made_by_another_fix():
    # S109 writes 3NT for "3n", and leaves the trailing space: T103's, suppressed in this game
    data = b'[Event "x"]\n[Board "1"]\n[Contract "3n "]\n% bridgelint: disable=T103\n'
    assert fixed(data)[0] == data.replace(b'"3n "', b'"3NT "')
    unsuppressed = data.replace(b"% bridgelint: disable=T103\n", b"")  # T103 mended in the next pass
    assert fixed(unsuppressed)[0] == unsuppressed.replace(b'"3n "', b'"3NT"')


EXPORT = ('% PBN 2.1\r\n% EXPORT\r\n[Event "x"]\r\n[Site "?"]\r\n[Date "?"]\r\n[Board "1"]\r\n[West "?"]\r\n'
          '[North "?"]\r\n[East "?"]\r\n[South "?"]\r\n[Dealer "S"]\r\n[Vulnerable "None"]\r\n'
          f'[Deal "S:{DEAL[2:]}"]\r\n[Scoring "MP"]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]\r\n').encode()


def test_an_unsafe_fix_that_would_add_a_finding_is_not_applied():
    # board 1 is North's to deal: writing Dealer "N" would leave the Deal from South, which export format forbids
    codes = DEFAULT_CODES | {"B104"}
    found = [f.code for f in Pipeline(codes).check_stream("t.pbn", io.BytesIO(EXPORT)).findings]
    assert "B104" in found and "S108" not in found
    after, report = fixed(EXPORT, unsafe=True, codes=codes)
    assert after == EXPORT and report.fixed == 0
    assert report.fix_note == "1 unsafe fix not applied: each would add a finding (B104 of game 1 would add S108)"


def test_the_cli_says_why_an_unsafe_fix_was_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("e.pbn").write_bytes(EXPORT)
    _, _, err = run_cli(monkeypatch, "check", "--isolated", "--extend-select", "B104", "--fix", "--unsafe-fixes",
                        "e.pbn")
    assert "e.pbn: 1 unsafe fix not applied: each would add a finding (B104 of game 1 would add S108)" in err
    assert Path("e.pbn").read_bytes() == EXPORT


def test_fix_across_files_leaves_a_board_fouled_across_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = '[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{}"]\n[Auction "N"]\n1N AP\n'
    fouled = DEAL.replace("AKQJ.T98", "AKQT.T98", 1).replace("T98.765.432.AKQJ", "J98.765.432.AKQJ", 1)  # ♠J, ♠T
    for name in ("a", "b"):
        Path(f"{name}.pbn").write_text(game.format(DEAL))
    Path("c.pbn").write_text(game.format(fouled))
    _, out, _ = run_cli(monkeypatch, "check", "--isolated", "--across-files", "c.pbn", "a.pbn", "b.pbn")
    assert "c.pbn:5:8: E101 [error] fouled board: ♠J is East's here, North's in the deal most tables played" in out
    run_cli(monkeypatch, "check", "--isolated", "--across-files", "--fix", "c.pbn", "a.pbn", "b.pbn")
    assert Path("c.pbn").read_text() == game.format(fouled)  # left for a person
    assert "1NT AP" in Path("a.pbn").read_text() and "1NT AP" in Path("b.pbn").read_text()
