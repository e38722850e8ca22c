"""Interrupts: SIGINT, SIGTERM and SIGHUP stop a real run on two workers, which reports the files finished and
exits 130/143/129; a main process killed by a signal it cannot handle takes its workers with it.

The run cannot end by itself: its last input is a FIFO that the test keeps
open without writing, so a worker waits on it for ever.  The signal is sent
once the run has reported its first file (read from its standard output, not
guessed with a sleep).  As the run cannot end by itself, its ending at all, with
the signal's status, shows the signal stopped it; no time is asserted (the
machine may be busy), a run that hangs fails after HANG seconds.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ERROR

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="POSIX signals and FIFOs")
FIRST_REPORT_WITHIN = 300.0  # seconds to wait for the first file's findings: generous, the machine may be busy
HANG = 60.0  # seconds after the signal at which a run that has not ended is taken to hang


@pytest.fixture
def uploads(tmp_path):
    """a.pbn and b.pbn (one A103 each), then z.pbn: a FIFO held open for writing, never written to."""
    (tmp_path / "a.pbn").write_text(ERROR)
    (tmp_path / "b.pbn").write_text(ERROR)
    os.mkfifo(tmp_path / "z.pbn")
    writer = os.open(tmp_path / "z.pbn", os.O_RDWR)  # a writer is there: reading it waits, it never ends
    yield tmp_path
    os.close(writer)


def _default_signals() -> None:
    """In the child: the signals the tests send take their default action, even where the tests run in the
    background of a shell, which starts them ignoring SIGINT and SIGQUIT (an ignored signal stays ignored
    across exec)."""
    for signum in (signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP, signal.SIGUSR1):
        signal.signal(signum, signal.SIG_DFL)


def start(cwd: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "2", *args,
                             "a.pbn", "b.pbn", "z.pbn"], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_default_signals)


def read_until(process: subprocess.Popen, wanted: bytes) -> bytes:
    """Standard output as it comes, until it holds ``wanted``."""
    out = b""
    deadline = time.monotonic() + FIRST_REPORT_WITHIN
    while wanted not in out:
        ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
        if not chunk:
            process.kill()
            pytest.fail(f"no {wanted!r} on standard output: {out!r} {process.stderr.read()!r}")
        out += chunk
    return out


def stop(process: subprocess.Popen, signum: int) -> tuple[int, bytes, bytes]:
    """Send ``signum``; (exit status, rest of stdout, stderr) once the process has ended."""
    process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=HANG)
    finally:
        process.kill()
    return process.returncode, out, err


@pytest.mark.parametrize("signum,status", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_stops_the_run_and_reports_the_files_finished(uploads, signum, status):
    process = start(uploads)
    out = read_until(process, b"a.pbn:6:9: A103 ")
    code, rest, err = stop(process, signum)
    out += rest
    assert code == status, err
    assert out.startswith(b"a.pbn:6:9: A103 [error] 1C is not higher than 1D")
    assert b"z.pbn" not in out  # never finished
    name = signal.Signals(signum).name
    assert err.decode().splitlines()[-1].startswith(f"bridgelint: interrupted by {name}: ")
    assert b"Traceback" not in err


def test_an_interrupted_json_report_is_a_valid_document(uploads):
    process = start(uploads, "--format", "json")
    wait_reading(process, uploads / "z.pbn")
    code, out, err = stop(process, signal.SIGINT)
    assert code == 130, err
    document = json.loads(out)
    assert document["summary"]["interrupted"] == "SIGINT"
    assert [f["path"] for f in document["files"]] in (["a.pbn", "b.pbn"][:n] for n in range(3))
    assert b"Traceback" not in err


def test_convert_is_interrupted_cleanly_too(uploads):
    process = subprocess.Popen([sys.executable, "-m", "bridgelint", "convert", "--isolated", "--to", "json", "a.pbn",
                                "z.pbn"], cwd=uploads, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_reading(process, uploads / "z.pbn")
    code, _, err = stop(process, signal.SIGTERM)
    assert code == 143, err
    assert err.decode().splitlines()[-1] == "bridgelint: interrupted by SIGTERM" and b"Traceback" not in err


def test_no_worker_outlives_an_interrupted_run(uploads):
    process = start(uploads)
    read_until(process, b"a.pbn:6:9: A103 ")
    workers = _children(process.pid)
    stop(process, signal.SIGTERM)
    deadline = time.monotonic() + HANG  # the kernel reaps them as soon as they end; no time is asserted
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]


def wait_reading(process: subprocess.Popen, path: Path) -> None:
    """Until the run (or one of its workers) waits on the FIFO ``path``: it is under way."""
    deadline = time.monotonic() + FIRST_REPORT_WITHIN
    while not _reading(process.pid, path):
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            pytest.fail(f"the run never read {path}: {process.stderr.read()!r}")
        time.sleep(0.05)


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pytest.skip("no /proc")


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def _reading(pid: int, path: Path) -> bool:
    """Whether ``pid`` or a child of it (a worker; none on one CPU) has ``path`` open."""
    for child in [pid, *_children(pid)]:
        try:
            if any(os.readlink(f"/proc/{child}/fd/{fd}") == str(path) for fd in os.listdir(f"/proc/{child}/fd")):
                return True
        except OSError:
            continue
    return False


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGQUIT, signal.SIGUSR1])
def test_the_workers_end_with_their_main_process(uploads, signum):
    """Killed by a signal it does not handle, the main process leaves no worker behind, nor its pipes open."""
    process = start(uploads)
    read_until(process, b"a.pbn:6:9: A103 ")
    workers = _children(process.pid)
    assert workers  # --jobs 2 on three files: the run has its workers
    process.send_signal(signum)
    try:
        process.communicate(timeout=HANG)  # ends once no process holds its standard output and error open
    finally:
        process.kill()
    assert process.returncode == -signum
    deadline = time.monotonic() + HANG
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]


PARTIAL_RESULT = """
import os, struct, sys, time
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from bridgelint.engine.parallel import stop_workers

def half_written():  # a worker stopped in the middle of sending its result: the header, part of the data
    os.write(POOL._result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
    WRITTEN.set()
    time.sleep(3600)

FORK = multiprocessing.get_context("fork")
WRITTEN = FORK.Event()
POOL = ProcessPoolExecutor(1, mp_context=FORK)
future = POOL.submit(half_written)
WRITTEN.wait()  # the pool's thread reads the rest, which never comes
stop_workers(POOL)
POOL.shutdown(wait=True, cancel_futures=True)
print("shut down", type(future.exception()).__name__)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork")
def test_stopping_workers_ends_a_pool_waiting_for_the_rest_of_a_result():
    """A worker terminated while it wrote its result left the pool's thread waiting for the rest, and the run
    with it, for ever (SIGINT or SIGTERM to the main process only, now and then); stopping it ends both."""
    result = subprocess.run([sys.executable, "-c", PARTIAL_RESULT], capture_output=True, text=True, timeout=HANG)
    assert (result.returncode, result.stdout) == (0, "shut down BrokenProcessPool\n"), result.stderr


def test_a_signal_ignored_from_the_start_stays_ignored(uploads):
    """As under ``nohup``: SIGHUP ignored when the run starts does not stop it; SIGTERM then does."""
    def nohup() -> None:
        _default_signals()
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    process = subprocess.Popen([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "2", "a.pbn",
                                "b.pbn", "z.pbn"], cwd=uploads, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=nohup)
    read_until(process, b"a.pbn:6:9: A103 ")
    try:
        status = dict(line.split(":\t", 1) for line in Path(f"/proc/{process.pid}/status").read_text().splitlines())
    except OSError:
        process.kill()
        pytest.skip("no /proc")
    ignored, caught = int(status["SigIgn"], 16), int(status["SigCgt"], 16)
    assert ignored & 1 << (signal.SIGHUP - 1) and not caught & 1 << (signal.SIGHUP - 1)  # still ignored
    assert caught & 1 << (signal.SIGTERM - 1)  # handled: the run stops cleanly
    code, _, err = stop(process, signal.SIGTERM)
    assert code == 143, err
