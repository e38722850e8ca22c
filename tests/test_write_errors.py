"""Writing results: a write error is one line and exit 2, an output is replaced whole or left as it was,
standard output is ``-``, and a reader of standard output that goes away ends the run quietly.

Each case runs the command for real: the errors come from the operating system (``/dev/full``, a file size
limit, a closed pipe), not from a stand-in.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ERROR

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX devices, limits and pipes")
WAIT = 300  # seconds a run may take on a busy machine before it is taken to hang
GAMES = (ERROR + "\n") * 40  # a report of some kilobytes


def bridgelint(cwd: Path, *args: str, stdout=subprocess.PIPE, limit: int | None = None,
               stdin=None) -> subprocess.CompletedProcess:
    """Run the command; ``limit``: the largest file it may write, in bytes (beyond it a write fails, EFBIG)."""
    def limited() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "bridgelint", *args], cwd=cwd, stdout=stdout, stderr=subprocess.PIPE,
                          stdin=stdin, preexec_fn=limited, timeout=WAIT)


@pytest.fixture
def games(tmp_path: Path) -> Path:
    (tmp_path / "a.pbn").write_text(GAMES)
    return tmp_path


def one_line(stderr: bytes) -> str:
    lines = stderr.decode().splitlines()
    assert "Traceback" not in stderr.decode()
    return lines[-1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["check", "--isolated", "--format", "json", "-o", "/dev/full", "a.pbn"],
                                  ["convert", "--isolated", "--to", "pbn", "-o", "/dev/full", "--force", "a.pbn"]])
def test_a_full_device_is_one_line_and_exit_2(games: Path, args: list[str]) -> None:
    result = bridgelint(games, *args)
    assert result.returncode == 2
    assert one_line(result.stderr) == "bridgelint: /dev/full: No space left on device"
    assert os.path.exists("/dev/full") and not Path("/dev/full").is_file()  # written to, never replaced


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["check", "--isolated", "a.pbn"], ["check", "--isolated", "--format", "json", "a.pbn"],
                                  ["convert", "--isolated", "--to", "json", "a.pbn"], ["replay", "--isolated", "a.pbn"]])
def test_standard_output_on_a_full_device_is_one_line_and_exit_2(games: Path, args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = bridgelint(games, *args, stdout=full)
    assert result.returncode == 2
    assert one_line(result.stderr) == "bridgelint: standard output: No space left on device"


@pytest.mark.parametrize("args, name", [(["check", "--isolated", "--format", "json", "-o", "out.json", "a.pbn"],
                                         "out.json"),
                                        (["convert", "--isolated", "--to", "json", "-o", "out.json", "--force",
                                          "a.pbn"], "out.json"),
                                        (["convert", "--isolated", "--to", "pbn", "-o", "dir", "--force", "a.pbn"],
                                         "dir/a.pbn")])
def test_a_write_error_leaves_no_partial_output_and_the_old_one_as_it_was(games: Path, args: list[str],
                                                                         name: str) -> None:
    (games / "dir").mkdir()
    (games / name).write_text("the old output\n")
    full = bridgelint(games, *args)
    assert full.returncode in (0, 1) and len((games / name).read_bytes()) > 4096  # the whole output is larger
    (games / name).write_text("the old output\n")
    result = bridgelint(games, *args, limit=4096)
    assert result.returncode == 2
    assert one_line(result.stderr) == f"bridgelint: {name}: File too large"
    assert (games / name).read_text() == "the old output\n"
    assert sorted(p.name for p in (games / name).parent.iterdir() if p.name.endswith(".part")) == []


def test_an_output_file_is_replaced_whole_keeping_its_permissions(games: Path) -> None:
    out = games / "out.json"
    out.write_text("old")
    out.chmod(0o640)
    result = bridgelint(games, "check", "--isolated", "--format", "json", "-o", "out.json", "a.pbn")
    assert result.returncode == 1
    assert json.loads(out.read_text())["summary"]["games"] == 40
    assert out.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in games.iterdir()) == ["a.pbn", "out.json"]  # no temporary file left


def test_two_runs_writing_one_output_file_leave_a_valid_document(games: Path) -> None:
    for i in range(4):
        (games / f"{i}.pbn").write_text(GAMES * 5)
    command = [sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "1", "--format", "json", "-o",
               "out.json", *(f"{i}.pbn" for i in range(4))]
    runs = [subprocess.Popen(command, cwd=games, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for run in runs:
        assert run.wait(timeout=WAIT) == 1, run.stderr.read() if run.stderr else b""
        if run.stderr:
            run.stderr.close()
    document = json.loads((games / "out.json").read_text())  # one run's report, whole
    assert document["summary"]["games"] == 800
    assert sorted(p.name for p in games.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize("output", ["-", "/dev/stdout"])
def test_check_output_file_dash_is_standard_output(games: Path, output: str) -> None:
    if not os.path.exists(output) and output != "-":
        pytest.skip(f"no {output}")
    result = bridgelint(games, "check", "--isolated", "--format", "json", "-o", output, "a.pbn")
    assert result.returncode == 1, result.stderr
    assert json.loads(result.stdout)["summary"]["games"] == 40  # a pipe: written to, not replaced
    assert not (games / "-").exists()


def test_an_output_file_through_a_symbolic_link_replaces_the_file_it_names(games: Path) -> None:
    (games / "report.json").write_text("old")
    (games / "link.json").symlink_to("report.json")
    result = bridgelint(games, "check", "--isolated", "--format", "json", "-o", "link.json", "a.pbn")
    assert result.returncode == 1
    assert (games / "link.json").is_symlink()
    assert json.loads((games / "report.json").read_text())["summary"]["games"] == 40


@pytest.mark.parametrize("args", [["check", "--isolated", "a.pbn"], ["convert", "--isolated", "--to", "pbn", "a.pbn"],
                                  ["replay", "--isolated", "a.pbn"]])
def test_a_closed_pipe_ends_the_run_quietly_with_141(games: Path, args: list[str]) -> None:
    (games / "a.pbn").write_text(GAMES * 50)
    process = subprocess.Popen([sys.executable, "-m", "bridgelint", *args], cwd=games, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.read(10)  # as `| head -c 10`: read a little, then go
    process.stdout.close()
    _, err = process.communicate(timeout=WAIT)
    assert process.returncode == 141
    assert b"Traceback" not in err and b"BrokenPipe" not in err and b"Exception ignored" not in err
