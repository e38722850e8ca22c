"""check --dd: deals solved double dummy (DDS through endplay), O103 and O105, the cache on disk."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3

import pytest
from conftest import at, check, only, run_cli

from bridgelint.engine import solver
from bridgelint.formats.pbn import PbnReader

DEAL = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
TURNED = "N:J85.AKQ742.4.Q32 AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7"  # the deal turned one seat
OTHER = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
TRICKS = "7c5c67c5c61181711817"  # DDS's table of DEAL: N S E W, each NT S H D C


def game(deal: str, *lines: str, number: str = "1") -> str:
    return "\n".join([f'[Board "{number}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{deal}"]',
                      *lines]) + "\n"


def test_dd_without_the_solver_names_the_extra_and_exits_2(monkeypatch, tmp_path):
    def missing() -> None:
        raise solver.SolverMissing("check --dd needs a double-dummy solver: pip install 'bridgelint[dd]'")

    monkeypatch.setattr(solver, "require", missing)
    path = tmp_path / "a.pbn"
    path.write_text(game(DEAL, f'[DoubleDummyTricks "{TRICKS}"]'))
    status, out, err = run_cli(monkeypatch, "check", "--dd", str(path))
    assert status == 2 and out == ""
    assert "pip install 'bridgelint[dd]'" in err


def test_a_plain_check_does_not_import_the_solver():
    import subprocess
    import sys

    code = ("import sys, bridgelint.cli.commands, bridgelint.engine.parallel, bridgelint.engine.pipeline; "
            "print(any(m.startswith(('endplay', 'bridgelint.engine.solver', 'sqlite3')) for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


def test_a_turned_deal_is_one_solve():
    assert solver.canonical(solver.hands_of(_deal(DEAL)))[0] == solver.canonical(solver.hands_of(_deal(TURNED)))[0]


def _deal(text: str):
    (record,) = PbnReader(__import__("io").BytesIO(game(text).encode()), "t.pbn")
    return record.deal


endplay = pytest.importorskip("endplay")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGELINT_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def solved(text: str, cache_dir: str = "") -> list:
    return check(text, dd=cache_dir)


def test_the_right_table_passes():
    assert [f.code for f in solved(game(DEAL, f'[DoubleDummyTricks "{TRICKS}"]')) if f.code.startswith("O")] == []


def test_a_table_of_the_deal_turned_one_seat_is_named():
    (found,) = only(solved(game(DEAL, '[DoubleDummyTricks "11817118177c5c67c5c6"]')), "O103")
    assert (found.line, found.column) == (5, 21)
    assert "double dummy North takes 7" in found.message
    assert "the deal turned one seat clockwise (North's tricks written as East's)" in found.message


def digits(tricks: dict) -> str:
    return "".join(f"{tricks[seat, d]:x}" for seat in "NSEW" for d in ("NT", "S", "H", "D", "C"))


def test_a_table_of_another_board_is_named():
    (other,) = solver.Solver(solver.Cache(None)).tables([solver.hands_of(_deal(OTHER))])
    text = (game(OTHER, '[Result "0"]', number="1") + "\n"
            + game(DEAL, f'[DoubleDummyTricks "{digits(other)}"]', number="2"))
    (found,) = only(solved(text), "O103")
    assert found.full_message.endswith("the whole table is that of board 1 of this file (PBN §5.7)")


def test_a_table_of_a_board_after_it_is_named():
    (other,) = solver.Solver(solver.Cache(None)).tables([solver.hands_of(_deal(OTHER))])
    text = (game(DEAL, f'[DoubleDummyTricks "{digits(other)}"]', number="1") + "\n"
            + game(OTHER, '[Result "0"]', number="2"))
    (found,) = only(solved(text), "O103")
    assert (found.line, found.column, found.board) == (5, 21, "1")
    assert found.full_message.endswith("the whole table is that of board 2 of this file (PBN §5.7)")
    assert found.related is not None and found.related.line == 7


def test_a_wrong_table_of_no_board_of_the_file_is_told_without_one():
    text = game(DEAL, '[DoubleDummyTricks "7c5c67c5c61181711816"]') + "\n" + game(OTHER, '[Result "0"]', number="2")
    (found,) = only(solved(text), "O103")
    assert found.full_message == "DoubleDummyTricks gives West in clubs 6 tricks, but double dummy West takes 7 (PBN §5.7)"


def test_o105_both_sides_declaring_hearts_with_more_tricks_than_the_deal_holds():
    east = game(DEAL, '[Declarer "E"]', '[Contract "4H"]', '[Result "10"]')  # double dummy 8
    north = game(DEAL, '[Declarer "N"]', '[Contract "1H"]', '[Result "7"]')  # double dummy 5: 17 of 13
    (found,) = only(solved(east + "\n" + north), "O105")
    assert (found.line, found.column, found.game) == (15, 1, 2)
    assert "17 tricks in hearts between the two sides, more than the deal holds (13;" in found.message
    fitting = north.replace('[Result "7"]', '[Result "3"]')
    assert only(solved(east + "\n" + fitting), "O105") == []


def test_a_marker_cell_fires_only_when_the_solver_finds_more():
    assert only(solved(game(DEAL, '[DoubleDummyTricks "7c1c17c1c11181711817"]')), "O103") == []
    assert at(solved(game(DEAL, '[DoubleDummyTricks "1c1c17c1c11181711817"]')), "O103") == [(5, 21)]


def test_o105_a_result_three_tricks_over_double_dummy():
    base = ('[Declarer "W"]', '[Contract "4H"]')
    assert at(solved(game(DEAL, *base, '[Result "11"]')), "O105") == [(7, 1)]
    assert only(solved(game(DEAL, *base, '[Result "10"]')), "O105") == []
    assert only(check(game(DEAL, *base, '[Result "11"]')), "O105") == []  # no --dd: nothing solved


def test_the_cache_is_used_and_a_turned_copy_shares_the_solve(cache):
    first = solver.Solver(solver.Cache(cache))
    hands = solver.hands_of(_deal(DEAL))
    (table,) = first.tables([hands])
    assert first.solves == 1
    again = solver.Solver(solver.Cache(cache))
    (turned,) = again.tables([solver.hands_of(_deal(TURNED))])
    assert again.solves == 0
    assert turned == solver.turned(table, 1)


def test_a_damaged_cache_is_rebuilt_never_trusted(cache):
    solver.Solver(solver.Cache(cache)).tables([solver.hands_of(_deal(DEAL))])
    path = cache / solver.Cache.NAME
    db = sqlite3.connect(path)
    db.execute("UPDATE solved SET tricks = '00000000000000000000'")
    db.commit()
    db.close()
    tampered = solver.Solver(solver.Cache(cache))
    (table,) = tampered.tables([solver.hands_of(_deal(DEAL))])
    assert tampered.solves == 1 and table["N", "S"] == 12
    path.write_bytes(b"not a database" * 100)
    broken = solver.Solver(solver.Cache(cache))
    (table,) = broken.tables([solver.hands_of(_deal(DEAL))])
    assert broken.solves == 1 and table["N", "S"] == 12
    assert solver.Solver(solver.Cache(cache)).tables([solver.hands_of(_deal(DEAL))]) == [table]


def test_a_forged_entry_is_never_trusted(cache):
    # anyone who can write the cache's folder could write an entry with an unkeyed checksum: O105 3 -> 16
    hands = solver.hands_of(_deal(DEAL))
    (table,) = solver.Solver(solver.Cache(cache)).tables([hands])
    assert (cache / solver.KEY_NAME).stat().st_mode & 0o777 == 0o600
    key = solver.canonical(hands)[0]
    forged = "d" * 20
    import hashlib

    db = sqlite3.connect(cache / solver.Cache.NAME)
    db.execute("UPDATE solved SET tricks = ?, checksum = ?",
               (forged, hashlib.blake2b(f"{key}\n{forged}".encode(), digest_size=8).hexdigest()))
    db.commit()
    db.close()
    again = solver.Solver(solver.Cache(cache))
    assert again.tables([hands]) == [table] and again.solves == 1  # recomputed


def test_a_key_others_can_read_or_write_is_not_used(cache):
    hands = solver.hands_of(_deal(DEAL))
    solver.Solver(solver.Cache(cache)).tables([hands])
    os.chmod(cache / solver.KEY_NAME, 0o644)
    doubted = solver.Solver(solver.Cache(cache))
    doubted.tables([hands])
    assert doubted.solves == 1 and doubted.cache.path is None  # solved, the cache neither read nor written


def _write(directory: str, seed: int) -> int:
    import random

    rng = random.Random(seed)
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    deals = []
    for _ in range(6):
        rng.shuffle(cards)
        hands = [cards[13 * h:13 * h + 13] for h in range(4)]
        deals.append(tuple(".".join("".join(c[1] for c in sorted(hand, key=lambda c: "AKQJT98765432".index(c[1]))
                                             if c[0] == s) for s in "SHDC") for hand in hands))
    from pathlib import Path

    return len(solver.Solver(solver.Cache(Path(directory))).tables(deals))


def test_concurrent_writers_share_the_cache(cache):
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        assert pool.starmap(_write, [(str(cache), 1), (str(cache), 2), (str(cache), 1)]) == [6, 6, 6]
    db = sqlite3.connect(cache / solver.Cache.NAME)
    assert db.execute("SELECT count(*) FROM solved").fetchone()[0] == 12


class CountingSolver:
    """A stand-in for the solver: every deal takes 7 tricks everywhere; ``calls`` counts the deals of each call."""

    def __init__(self):
        self.calls: list[int] = []

    def tables(self, deals):
        deals = list(deals)
        self.calls.append(len(deals))
        return [{(seat, d): 7 for seat in "NESW" for d in ("C", "D", "H", "S", "NT")} for _ in deals]


def test_the_solving_stage_sends_the_solver_several_deals_in_one_call():
    import io

    from bridgelint.engine.pipeline import Pipeline

    text = "\n".join(game(DEAL, '[Declarer "N"]', '[Contract "3NT"]', '[Result "7"]', number=str(n))
                     for n in range(1, 41))
    counting = CountingSolver()
    result = Pipeline(hooks=(solver.SolveStage(counting),)).checking("t.pbn", io.BytesIO(text.encode()))
    assert [checked.replays.solved is not None for checked in result] == [True] * 40
    assert counting.calls == [solver.BATCH, 40 - solver.BATCH]


def test_a_directive_below_a_record_read_ahead_does_not_filter_it():
    import io

    from conftest import ERROR

    from bridgelint.engine.pipeline import Pipeline

    played = ERROR.replace('[Auction "N"]', '[Result "7"]\n[Auction "N"]')  # A103 at 7:9; a result to check
    text = played + "\n% bridgelint: disable-file=A103\n\n" + played
    counting = CountingSolver()
    result = Pipeline(hooks=(solver.SolveStage(counting),)).checking("t.pbn", io.BytesIO(text.encode()))
    assert [[(f.code, f.line, f.column) for f in checked.findings if f.code == "A103"] for checked in result] \
        == [[("A103", 7, 9)], []]
    assert counting.calls == [2]  # both records were read before the first was checked
    assert [(f.code, f.line) for f in result.report.findings if f.code == "A103"] == []  # the file's last pass
