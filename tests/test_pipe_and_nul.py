"""Every report format exits 141 when its reader goes away early (``| head -c 50``), as the text report does;
a NUL byte is S101 wherever it is, and never read as text: ``convert`` never writes it."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli

from bridgelint.engine.pipeline import check_stream

MANY = "".join(f'[Event "e"]\n[Board "{i}"]\n[Dealer "N"]\n[Contract "9Z"]\n\n' for i in range(1, 3001))


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit", "gitlab", "html"])
def test_a_reader_that_goes_away_ends_the_run_with_141(tmp_path, fmt):
    path = tmp_path / "many.pbn"
    path.write_text(MANY)
    command = [sys.executable, "-m", "bridgelint", "check", "--isolated", "--format", fmt, "--max-annotations", "0",
               str(path)]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.read(50)
    run.stdout.close()  # as head -c 50 does
    error = run.stderr.read()
    assert run.wait() == 141, error
    assert b"Traceback" not in error


HEAD = "".join(f'[Event "e"]\n[Board "{i}"]\n\n' for i in range(1, 4000)).encode()  # past the first 64 KiB


def test_a_nul_past_the_start_stops_reading_at_its_line():
    data = HEAD + b'[Event "a\x00b"]\n[Board "9"]\n\n[Event "after"]\n[Board "10"]\n'
    assert len(HEAD) > 65536
    report = check_stream("n.pbn", io.BytesIO(data))
    line = HEAD.count(b"\n") + 1
    [s101] = [f for f in report.findings if f.code == "S101"]
    assert (s101.line, s101.column) == (line, 1) and f"a NUL byte on line {line}" in s101.message
    assert report.games == 3999  # the games before it; none from its line on


def test_a_nul_at_the_start_skips_the_file():
    report = check_stream("n.pbn", io.BytesIO(b'[Event "a\x00b"]\n' + HEAD))
    assert [(f.code, f.line) for f in report.findings] == [("S101", 1)] and report.games == 0


def test_convert_never_writes_a_nul(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("n.pbn").write_bytes(HEAD + b'[Event "a\x00b"]\n[Board "77777"]\n')
    run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", "out.pbn", "n.pbn")
    written = Path("out.pbn").read_bytes()
    assert b"\x00" not in written and b'[Board "3999"]' in written and b'77777' not in written
