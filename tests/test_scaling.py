"""Inputs that used to take quadratic time or memory: each is linear now, tested by ratio and by counted work.

The ratio: ``4n`` at most 6 times as long as ``n``, the best of a few tries (a quadratic step takes 16 times
as long); CPU time, so that a busy machine does not fail the test.  Memory is measured in a child process.
"""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import assert_linear

from bridgelint import iter_records
from bridgelint.core.lin_match import match_event, match_fields, match_tag, match_teams
from bridgelint.engine import inputs
from bridgelint.engine.pipeline import Pipeline, check_stream

ROOT = Path(__file__).resolve().parents[1]
GAME = (ROOT / "samples" / "clean.pbn").read_text(encoding="latin-1").split("\n\n")[1] + "\n"
VUGRAPH = (ROOT / "samples" / "vugraph.lin").read_text(encoding="latin-1")


def linear(work, n: int) -> None:
    assert_linear(work, n, factor=4, bound=6)


def lint(data: str | bytes, name: str = "t.pbn"):
    report = check_stream(name, io.BytesIO(data.encode("utf-8") if isinstance(data, str) else data))
    assert [f.message for f in report.findings if f.code == "X001"] == []
    return report


# --- suppression directives ----------------------------------------------------------------------------------

def file_directives(n: int) -> str:
    return "% PBN 2.1\n" + "% bridgelint: disable-file=A103\n" * n + "\n" + GAME


def game_directives(n: int) -> str:
    return "% PBN 2.1\n\n" + GAME.replace("[Board", "% bridgelint: disable=A103\n" * n + "[Board")


@pytest.mark.parametrize("text", [file_directives, game_directives])
def test_many_unused_directives_take_linear_time_and_each_is_one_s112(text) -> None:
    report = lint(text(3))
    first = 2 if text is file_directives else 6
    assert [f.line for f in report.findings if f.code == "S112"] == [first, first + 1, first + 2]
    linear(lambda n: lint(text(n)), 2000)


# --- zip members ----------------------------------------------------------------------------------------------

def _zip(path: Path, members: int) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for i in range(members):
            archive.writestr(f"round/{i}.pbn", GAME)
    return path


def test_the_members_of_one_zip_are_read_with_its_directory_read_once(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    archive = _zip(tmp_path / "many.zip", 300)
    opened = []

    class Counted(zipfile.ZipFile):
        def __init__(self, *args, **kwargs):
            opened.append(args[0])
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(inputs.zipfile, "ZipFile", Counted)
    pipeline = Pipeline()
    reports = [pipeline.check_file(path) for path in pipeline.paths([str(archive)])]
    assert len(reports) == 300 and all(report.games == 1 for report in reports)
    assert len(opened) == 2  # listed once, then read member after member


def test_a_zip_of_many_members_takes_linear_time(tmp_path: Path) -> None:
    archives = {n: _zip(tmp_path / f"{n}.zip", n) for n in (200, 800)}  # 0.4 ms a member: above the timer's noise

    def work(n: int) -> None:
        pipeline = Pipeline()
        assert sum(pipeline.check_file(path).games for path in pipeline.paths([str(archives[n])])) == n

    linear(work, 200)


# --- concatenated LIN segments --------------------------------------------------------------------------------

def segment(i: int) -> str:
    """The sample match as segment ``i``: its own event name, home team and results."""
    return (VUGRAPH.replace("Segment 1", f"Segment {i}").replace("Home", f"Home{i}")
            .replace("rs|7SS=,7SS=,P,PASS|", "rs|7SS=,7SS-1,P,PASS|" if i % 2 == 0 else "rs|7SS=,7SS=,P,PASS|"))


def test_each_segment_of_a_concatenated_lin_file_has_its_own_header() -> None:
    text = segment(1) + segment(2)
    records = list(iter_records(io.BytesIO(text.encode()), "lin"))
    assert len(records) == 8
    events = [match_event(match_fields(match_tag(r, "VG").value)) for r in records]
    assert events == ["Sample match, Segment 1"] * 4 + ["Sample match, Segment 2"] * 4
    homes = [match_teams(match_fields(match_tag(r, "VG").value))[0] for r in records]
    assert homes == ["Home1"] * 4 + ["Home2"] * 4
    players = [tag.value for r in records for tag in r.tags if tag.name == "PN"]
    assert len(players) == 8  # each board carries its own segment's players, once
    assert [r.result.raw if r.result else None for r in records[:2]] == ["7SS=", "7SS="]  # segment 1's rs
    assert [r.result.raw if r.result else None for r in records[4:6]] == ["7SS=", "7SS-1"]  # segment 2's


def test_concatenated_segments_of_the_same_boards_are_no_e103() -> None:
    report = lint(segment(1) + segment(3), "t.lin")
    assert report.games == 8
    assert "E103" not in {f.code for f in report.findings}


def test_many_concatenated_segments_take_linear_time() -> None:
    linear(lambda n: lint("".join(segment(i) for i in range(n)), "t.lin"), 60)


# --- long lines and floods ------------------------------------------------------------------------------------

MEMORY_PROBE = """
import re, sys
from bridgelint.engine.pipeline import check_file
report = check_file(sys.argv[1])
status = open("/proc/self/status").read()  # VmHWM: this program's peak (ru_maxrss keeps the forking parent's)
print(report.games, int(re.search(r"VmHWM:\\s*(\\d+) kB", status).group(1)) // 1024)
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("line", ['"' + "a" * 1_000_000, '[Event "' + "a" * 1_000_000, "{" + "a" * 1_000_000,
                                  '[Event "x"]\n[Note "1:' + "a" * 1_000_000])
def test_a_line_of_a_million_characters_with_an_open_quote_peaks_under_60_mb(tmp_path: Path, line: str) -> None:
    path = tmp_path / "long.pbn"
    path.write_text('% PBN 2.1\n\n[Board "1"]\n' + line + "\n", encoding="ascii")
    out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(path)], capture_output=True, text=True,
                         check=True).stdout.split()
    assert int(out[0]) == 1
    assert int(out[1]) < 60, f"peak RSS {out[1]} MB"


def test_an_open_quote_on_a_long_line_is_linear() -> None:
    linear(lambda n: lint('[Board "1"]\n"' + "a" * n + "\n"), 50_000)
    linear(lambda n: lint('[Board "1"]\n[Event "' + "a\\\"" * n + "\n"), 5_000)


@pytest.mark.parametrize("unit, found", [("$1 ", 9), ("$300 ", 10), ("$1\n", 9), ("$¹ ", 10)])
def test_a_flood_of_nags_is_linear(unit: str, found: int) -> None:
    head = ('[Board "1"]\n[Dealer "N"]\n[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 '
            'JT85.A742.863.Q6"]\n[Auction "N"]\nPass ')
    report = lint(head + unit * 10 + "\n")
    assert len([f for f in report.findings if f.code == "N104"]) == found and report.games == 1
    linear(lambda n: lint(head + unit * n + "\n"), 5000)

