"""Every fast path of the ledger, on and off alone through the reference switch: the same findings, and the path
taken when on (a call of its code counted) and not when off.  The ledger names exactly the paths the switch knows.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from conftest import check, damaged_archives

from bridgelint.core import fast_paths
from bridgelint.core.record import Play
from bridgelint.core.reference import ENV, SWITCH, names_off, reference
from bridgelint.engine.pipeline import check_stream
from bridgelint.formats import lin_scan, open_reader, pbn_export, pbn_game
from bridgelint.replay import auction, play

ROOT = Path(__file__).resolve().parents[1]


def _synthetic(boards: int) -> list[tuple[str, bytes]]:
    """Clean synthetic boards (benchmarks/synth.py), PBN in export format and LIN: the usual case everywhere."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import synth
    finally:
        sys.path.pop(0)
    rng = random.Random(11)
    made = [synth.make_board(rng, number) for number in range(1, boards + 1)]
    pbn = "% PBN 2.1\r\n% EXPORT\r\n\r\n" + "\r\n".join(synth.pbn_game(board) for board in made)
    tables = "\r\n".join(synth.pbn_game(board, synth.score_table(board, 6, rng)) for board in made)
    return [("clean.pbn", pbn.encode()), ("clean.lin", "".join(map(synth.lin_board, made)).encode()),
            ("tables.pbn", tables.encode())]


DAMAGED = damaged_archives(150)
INPUTS = [*_synthetic(40), ("export.pbn", b"% EXPORT\r\n\r\n" + DAMAGED[0][1]), *DAMAGED]


def findings(name: str, data: bytes) -> list[tuple]:
    return [(f.code, f.line, f.column, f.game, f.board, f.severity, f.message) for f in check(data, name=name)]


def _calls(module: object, attribute: str) -> Callable[[pytest.MonkeyPatch], list[int]]:
    """A probe: the calls of ``module.attribute`` (a function) counted while the probe is set."""
    def probe(monkeypatch: pytest.MonkeyPatch) -> list[int]:
        calls: list[int] = []
        real = getattr(module, attribute)

        def counted(*args, **kwargs):
            result = real(*args, **kwargs)
            calls.append(result is not None)  # a fast replay that gave up returns None: not counted as taken
            return result

        monkeypatch.setattr(module, attribute, counted)
        return calls
    return probe


def _batches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    from bridgelint.engine import run
    sizes: list[int] = []
    real = run.gathered

    def counted(contexts, size, preparing):
        sizes.append(size > 1)
        return real(contexts, size, preparing)

    monkeypatch.setattr(run, "gathered", counted)
    return sizes


# name: (a probe counting the calls of the fast code, the suffix of the inputs that take it)
PROBES: dict[str, tuple[Callable[[pytest.MonkeyPatch], list[int]], str]] = {
    "pbn-rows": (_calls(pbn_game, "_TAG_LINES"), ".pbn"),
    "auction": (_calls(auction, "_replay_plain"), ""),
    "play-text": (_calls(Play, "plain"), ".pbn"),
    "play-replay": (_calls(play, "replay_fast"), ""),
    "pbn-export": (_calls(pbn_export, "_odd_space"), ".pbn"),
    "lin-lines": (_calls(lin_scan, "_whole"), ".lin"),
    "batch": (_batches, ""),
}


def test_the_ledger_lists_exactly_the_paths_the_switch_knows_and_the_tests_probe():
    listed = [path.name for path in fast_paths.LEDGER]
    assert len(listed) == len(set(listed))
    assert set(listed) == fast_paths.NAMES == names_off(True) == set(PROBES)
    for path in fast_paths.LEDGER:
        assert path.where and path.mirrors and path.benchmark == "benchmarks/ledger.py"
        assert set(path.share) == {"pbn", "pbn+table", "lin"}
        assert max(path.share.values()) >= 10 or path.why, f"{path.name} buys under 10% and says not why it stays"


@pytest.mark.parametrize("name", sorted(PROBES))
def test_each_fast_path_alone_finds_what_the_general_code_finds_and_is_taken(name, monkeypatch):
    probe, suffix = PROBES[name]
    taken = {}
    for off in (False, True):
        calls = probe(monkeypatch)
        with reference({name} if off else ()):
            assert SWITCH.fast(name) is not off
            results = [findings(file, data) for file, data in INPUTS if file.endswith(suffix)]
        taken[off] = sum(calls)
        monkeypatch.undo()
        if not off:
            fast = results
    assert results == fast
    assert taken[False] > 0 and taken[True] == 0, taken


def test_a_path_off_alone_leaves_the_others_on():
    with reference({"play-replay"}):
        assert not SWITCH.fast("play-replay") and SWITCH.fast("lin-lines") and not SWITCH.on
    with reference(True):
        assert SWITCH.on and not any(map(SWITCH.fast, fast_paths.NAMES))
    assert SWITCH.off == frozenset()


def test_a_path_off_stays_off_in_a_pipeline_and_a_reference_pipeline_turns_all_off(monkeypatch):
    calls = _calls(play, "replay_fast")(monkeypatch)
    data = dict(INPUTS)["clean.pbn"]
    with reference({"play-replay"}):
        check_stream("clean.pbn", io.BytesIO(data))
    assert sum(calls) == 0
    check_stream("clean.pbn", io.BytesIO(data))
    assert sum(calls) > 0


def test_the_names_are_read_from_the_environment():
    code = "from bridgelint.core.reference import SWITCH; print(SWITCH.on, sorted(SWITCH.off))"

    def off(value: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code], env={**os.environ, ENV: value}, capture_output=True,
                              text=True)

    assert off("play-replay, lin-lines").stdout.split(None, 1) == ["False", "['lin-lines', 'play-replay']\n"]
    assert off("1").stdout.startswith("True")
    assert off("0").stdout == "False []\n"
    unknown = off("no-such-path")
    assert unknown.returncode != 0 and "no fast path named no-such-path" in unknown.stderr


def test_a_reference_run_keeps_no_auction_or_play_as_text():
    data = dict(INPUTS)["clean.lin"]
    for off, expected in ((False, True), (True, False)):
        with reference(off):
            records = list(open_reader(io.BytesIO(data), "clean.lin"))
        assert all((record.auction.names is not None) is expected for record in records)
