"""--jobs: files checked on several processes give the same report, byte for byte, as on one."""

from __future__ import annotations

import multiprocessing
import pickle
import shutil
import subprocess
import sys
import threading
from concurrent.futures.process import _ExecutorManagerThread
from dataclasses import fields
from pathlib import Path

import pytest
from conftest import finding_lines
from conftest import run_cli as run

from bridgelint.core.findings import Finding, Related
from bridgelint.engine import parallel
from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules import RULES

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS = SHARED / "corpus"
HEADER = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
          '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n')
ERROR = HEADER + '[Auction "N"]\n1D Pass 1C AP\n'  # A103 at 6:9


def bridgelint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridgelint", *args], cwd=cwd, capture_output=True, timeout=600)


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """Samples and small files of several sizes in a directory tree, as the working directory."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    for i in range(6):
        (tmp_path / "more" / f"d{i}").mkdir(parents=True)
        (tmp_path / "more" / f"d{i}" / f"g{i}.pbn").write_text((ERROR + "\n") * (1 + 7 * i))
    (tmp_path / "more" / "broken.pbn").write_bytes(b"\x00\x01binary")
    return tmp_path


@pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")
def test_a_run_shuts_its_workers_down_before_it_returns(tree, monkeypatch):
    # a pool left to the garbage collector was shut down from whatever thread collected it, at times its own
    # management thread: "RuntimeError: cannot join current thread", an unraisable exception
    assert run(monkeypatch, "check", "--isolated", "--jobs", "2", "more")[0] == 1
    assert not [thread for thread in threading.enumerate() if isinstance(thread, _ExecutorManagerThread)]
    assert multiprocessing.active_children() == []


def test_closing_after_the_last_report_lets_the_workers_end_on_their_own(tree):
    paths = [str(p) for p in sorted((tree / "more").rglob("*.pbn"))]
    checked = parallel.check_files(Pipeline(frozenset(RULES)).checked, paths, 2)
    assert len([next(checked) for _ in paths]) == len(paths)
    workers = multiprocessing.active_children()
    checked.close()
    assert len(workers) == 2 and [worker.exitcode for worker in workers] == [0, 0]  # not terminated (-15)


def test_check_files_keeps_input_order(tree):
    paths = sorted(str(p) for p in tree.rglob("*.pbn"))
    pipeline = Pipeline(frozenset(RULES))
    serial = [result.report for result in pipeline.files(paths, 1)]
    assert [r.path for r in serial] == paths
    assert [result.report for result in parallel.check_files(pipeline.checked, paths, 2)] == serial


def test_small_files_go_to_a_worker_together_large_ones_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "TASK_BYTES", 1000)
    sizes = [5000, 300, 300, 2000, 300, 300, 300, 100, 0]  # 0: a path that cannot be read
    paths = []
    for i, size in enumerate(sizes):
        path = tmp_path / f"f{i}.pbn"
        if size:
            path.write_bytes(b"x" * size)
        paths.append(str(path))
    tasks = parallel.tasks(paths, 1)
    assert sorted(i for task in tasks for i in task) == list(range(len(paths)))  # every file once
    assert tasks == [[0], [3], [1, 2, 4], [5, 6, 7, 8]]  # largest first; small ones up to 1000 bytes a task
    # at least 4 tasks a worker: on 4 workers, up to 8600 / 16 bytes a task
    assert parallel.tasks(paths, 4) == [[0], [3], [1], [2], [4], [5], [6, 7, 8]]


def test_a_finding_goes_back_from_a_worker_whole():
    # workers pickle their findings; Finding pickles as the tuple of its fields, every one of them
    finding = Finding("A103", "1D is not higher than 1H", 6, 9, "error", "Laws 18, 27", 3, "2")
    back = pickle.loads(pickle.dumps(finding, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == finding and back is not finding
    assert [getattr(back, f.name) for f in fields(Finding)] == ["A103", "1D is not higher than 1H", 6, 9, "error",
                                                                "Laws 18, 27", 3, "2", None, None, None, None]
    related = Finding("E101", "fouled board", 5, 8, related=Related("hr.pbn", 5, 1, "board 1 in the hand record", 7))
    assert pickle.loads(pickle.dumps(related, protocol=pickle.HIGHEST_PROTOCOL)) == related
    expected = Finding("T105", "ScoreTable Score_NS 620, but ...", 6, 9, expected="420")
    assert pickle.loads(pickle.dumps(expected, protocol=pickle.HIGHEST_PROTOCOL)).expected == "420"
    placed = Finding("R106", "a result at table 3", 378, 4, place="ReceivedData#378 (section B, table 3)")
    assert pickle.loads(pickle.dumps(placed, protocol=pickle.HIGHEST_PROTOCOL)).place == placed.place


@pytest.mark.parametrize("output_format", ["text", "json", "sarif", "github", "junit"])
def test_jobs_2_gives_the_same_bytes_as_jobs_1(tree, monkeypatch, output_format):
    one = run(monkeypatch, "check", "--isolated", "--show-info", "--format", output_format, "--jobs", "1", ".")
    two = run(monkeypatch, "check", "--isolated", "--show-info", "--format", output_format, "--jobs", "2", ".")
    assert one == two
    assert one[0] == 1 and one[1]


def test_standard_input_keeps_its_place(tree, monkeypatch):
    args = ("check", "--isolated", "more/d1", "-", "more/d2", "samples/clean.pbn", "more/d3")
    one = run(monkeypatch, *args, "--jobs", "1", stdin=ERROR.encode())
    two = run(monkeypatch, *args, "--jobs", "2", stdin=ERROR.encode())
    assert one == two
    files = [line.split(":", 1)[0] for line in finding_lines(one[1]).splitlines()]
    assert list(dict.fromkeys(files)) == ["more/d1/g1.pbn", "-", "more/d2/g2.pbn", "more/d3/g3.pbn"]


def test_unreadable_paths_are_reported_in_order(tree, monkeypatch):
    args = ("check", "--isolated", "missing-1.pbn", "samples/clean.pbn", "missing-2.pbn")
    one = run(monkeypatch, *args, "--jobs", "1")
    assert one == run(monkeypatch, *args, "--jobs", "2")
    code, out, err = one
    assert (code, finding_lines(out)) == (2, "")
    assert [line.split(":")[1] for line in err.splitlines()[:2]] == [" missing-1.pbn", " missing-2.pbn"]


def test_per_file_selection_in_workers(tree, monkeypatch):
    (tree / "bridgelint.toml").write_text('[per-file-ignores]\n"more/d1/*" = ["A103"]\n')
    one = run(monkeypatch, "check", "--jobs", "1", "more")
    assert one == run(monkeypatch, "check", "--jobs", "2", "more")
    assert "more/d1/" not in one[1] and "more/d2/" in one[1]


def test_jobs_0_means_every_cpu_and_negative_is_a_usage_error(tree, monkeypatch):
    assert parallel.cpu_count() >= 1
    assert run(monkeypatch, "check", "--isolated", "--jobs", "0", "more")[0] == 1
    code, out, err = run(monkeypatch, "check", "--isolated", "--jobs", "-1", "more")
    assert (code, out) == (2, "") and "--jobs" in err


def test_jobs_through_the_installed_entry_point(tree):
    one = bridgelint("check", "--isolated", "--jobs", "1", ".", cwd=tree)
    two = bridgelint("check", "--isolated", "--jobs", "2", ".", cwd=tree)
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
    assert one.returncode == 1 and one.stdout


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"shared corpus not found at {CORPUS}")
def test_corpus_jobs_2_same_bytes_as_jobs_1():
    args = ("check", "--isolated", "--show-info", "--format", "json")
    one = bridgelint(*args, "--jobs", "1", str(CORPUS), cwd=ROOT)
    two = bridgelint(*args, "--jobs", "2", str(CORPUS), cwd=ROOT)
    assert one.returncode in (1, 2) and one.stdout
    assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)


def test_a_dead_worker_exits_2(tree, monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    def broken(check, paths, workers, on_read=None):
        raise BrokenProcessPool("a child process terminated abruptly")
        yield

    monkeypatch.setattr(parallel, "check_files", broken)
    code, out, err = run(monkeypatch, "check", "--isolated", "more")
    assert (code, out) == (2, "")
    assert err == "bridgelint: a worker process died while checking files: a child process terminated abruptly\n"
