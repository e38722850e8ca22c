"""Each file's findings as soon as it is done, in input order; a progress bar on standard error only on a terminal."""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ERROR, WARNING, finding_lines
from conftest import run_cli as run

from bridgelint.cli.progress import CLEAR
from bridgelint.engine import parallel
from bridgelint.engine.pipeline import Pipeline, check_file

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def two(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.pbn").write_text(ERROR)
    (tmp_path / "b.pbn").write_text(WARNING)
    return tmp_path


# --- the progress bar -----------------------------------------------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_progress_bar_on_a_terminal(two, monkeypatch, jobs):
    code, out, err = run(monkeypatch, "check", "--isolated", "--jobs", jobs, "a.pbn", "b.pbn", terminal=True)
    assert "checking  [" in err and "100%  2/2 files, 2 boards" in err
    *bar, summary = err.split(CLEAR)
    assert summary == "\x1b[?25h2 files, 2 boards, 1 result: 1 error, 1 warning\n"  # the bar wiped, the cursor back
    assert finding_lines(out) and "checking" not in out


def test_no_progress_bar_off_a_terminal_or_when_quiet(two, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--isolated", "a.pbn", "b.pbn")
    assert err == "2 files, 2 boards, 1 result: 1 error, 1 warning\n"
    code, out, err = run(monkeypatch, "check", "--isolated", "--quiet", "a.pbn", "b.pbn", terminal=True)
    assert err == "2 files, 2 boards, 1 result: 1 error, 1 warning\n"


def test_the_bytes_read_are_counted_in_this_process_and_in_workers(two):
    sizes = [os.path.getsize(two / name) for name in ("a.pbn", "b.pbn")]
    heard: list[int] = []
    check_file(str(two / "a.pbn"), on_read=heard.append)
    assert sum(heard) == sizes[0]
    for workers in (1, 2):
        heard.clear()
        paths = [str(two / name) for name in ("a.pbn", "b.pbn")]
        reports = [result.report for result in Pipeline(frozenset({"A103"})).files(paths, workers, on_read=heard.append)]
        assert [r.path for r in reports] == paths and sum(heard) == sum(sizes)


# --- streaming -----------------------------------------------------------------------------------------------

def read_until(fd: int, wanted: bytes, seen: bytes = b"") -> bytes:
    """What ``fd`` gives until ``wanted`` is in it (a failing test, not a hang, if it never comes)."""
    while wanted not in seen:
        ready, _, _ = select.select([fd], [], [], 120)
        assert ready, f"waited for {wanted!r}; got {seen!r}"
        chunk = os.read(fd, 65536)
        assert chunk, f"output ended before {wanted!r}: {seen!r}"
        seen += chunk
    return seen


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_file_is_printed_when_it_is_done_in_input_order(tmp_path, jobs):
    """The second input is a pipe that gets its text only after the first file's findings were printed."""
    (tmp_path / "a.pbn").write_text(ERROR)
    fifo = tmp_path / "b.pbn"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # held open: reading b.pbn waits for its text
    (tmp_path / "c.pbn").write_text(ERROR)
    process = subprocess.Popen([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", jobs,
                                "a.pbn", "b.pbn", "c.pbn"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    try:
        seen = read_until(process.stdout.fileno(), b"a.pbn:6:9: A103 [error]")
        assert b"b.pbn" not in seen and b"c.pbn" not in seen  # c.pbn may be done (--jobs 2), but waits for b.pbn
        os.write(writer, WARNING.encode())
        os.close(writer)
        writer = -1
        rest = process.stdout.read()
    finally:
        if writer >= 0:
            os.close(writer)  # b.pbn ends: the run ends too
        process.wait(timeout=120)
    lines = finding_lines((seen + rest).decode()).splitlines()
    assert [line.split(":")[0] for line in lines] == ["a.pbn", "b.pbn", "c.pbn"]


def test_an_interrupted_run_has_printed_the_files_done_and_wiped_the_bar(two, monkeypatch):
    def interrupted(check, paths, workers, on_read=None):
        yield check(paths[0], on_read=on_read)
        raise KeyboardInterrupt

    monkeypatch.setattr(parallel, "check_files", interrupted)
    code, out, err = run(monkeypatch, "check", "--isolated", "a.pbn", "b.pbn", terminal=True)
    assert code != 0 and finding_lines(out).startswith("a.pbn:6:9: A103 [error] ")
    assert CLEAR + "\x1b[?25h" in err  # the bar wiped, the cursor shown again
