"""Shared test helpers: check inline PBN text, read records, find the shared corpus.

Test modules import the helpers directly (``from conftest import check, at``).
"""

from __future__ import annotations

import gc
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterator

import pytest

from bridgelint.core.findings import Finding
from bridgelint.core.record import Record
from bridgelint.core.reference import reference
from bridgelint.core.report import FileReport
from bridgelint.engine.pipeline import Pipeline
from bridgelint.formats.pbn import PbnReader
from bridgelint.rules import DEFAULT_CODES

SHARED = Path(__file__).resolve().parents[2] / "shared"
CORPUS_PBN = SHARED / "corpus" / "pbn"

requires_shared = pytest.mark.skipif(not CORPUS_PBN.is_dir(), reason=f"shared corpus not found at {CORPUS_PBN}")


@pytest.fixture(params=[False, True], ids=["fast", "reference"])
def both_ways(request: pytest.FixtureRequest):
    """The test runs twice: with the fast paths, and with every fast path off (``BRIDGELINT_REFERENCE=1``)."""
    with reference(request.param):
        yield request.param


@contextmanager
def counting_made(cls: type) -> Iterator[list]:
    """The objects of ``cls`` (``Call``, ``Card``) made inside, in a list that fills as they are made: a section
    kept as text makes none until its calls or cards are asked for."""
    made: list = []
    real = cls.__init__

    def init(self, *args, **kwargs) -> None:
        real(self, *args, **kwargs)
        made.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cls, "__init__", init)
        yield made


def script(path: Path, name: str) -> ModuleType:
    """A script of the repository that is no module of a package (docs/hooks.py, web/build.py), loaded from its
    path as ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bytes(text: str | bytes, encoding: str = "utf-8") -> bytes:
    return text if isinstance(text, bytes) else text.encode(encoding)


def report(text: str | bytes, name: str = "t.pbn", encoding: str = "utf-8",
           codes: frozenset[str] = DEFAULT_CODES, dd: str | None = None) -> FileReport:
    """The report of ``bridgelint check`` on ``text`` (str is encoded with ``encoding``), the rules on by default
    selected (or ``codes``); ``dd``: the deals solved, with the cache in that directory ("": none), as
    ``check --dd``."""
    return Pipeline(codes, dd=dd).check_stream(name, io.BytesIO(_bytes(text, encoding)))


def check(text: str | bytes, name: str = "t.pbn", encoding: str = "utf-8",
          codes: frozenset[str] = DEFAULT_CODES, dd: str | None = None) -> list[Finding]:
    """Every finding of every rule on by default (or of ``codes``; info included) on ``text``."""
    return report(text, name, encoding, codes, dd).findings


def read_findings(record: Record) -> list[Finding]:
    """The findings of what the reader could not read of ``record``, worded by their rules, in the engine's order."""
    from bridgelint.rules import reading

    return reading.findings(record.problems)


def file_findings(reader: Any) -> list[Finding]:
    """The findings of what a reader could not read of no record, worded by their rules, in the engine's order."""
    from bridgelint.rules import reading

    return reading.findings(reader.file_problems)


def at(findings: list[Finding], code: str) -> list[tuple[int, int]]:
    """(line, column) of each finding with ``code``."""
    return [(f.line, f.column) for f in findings if f.code == code]


def codes(findings: list[Finding]) -> set[str]:
    return {f.code for f in findings}


def only(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


def read(text: str | bytes, encoding: str = "utf-8") -> tuple[list[Record], PbnReader]:
    """The records of ``text`` read by the PBN reader, and the reader (for file findings)."""
    reader = PbnReader(io.BytesIO(_bytes(text, encoding)), "t.pbn")
    return list(reader), reader


def read_one(text: str | bytes, encoding: str = "utf-8") -> Record:
    records, _ = read(text, encoding)
    assert len(records) == 1, f"expected one game, read {len(records)}"
    return records[0]


def table_rows(record: Record) -> dict[str, list[list[str]]]:
    """The record's supplemental sections, each as its rows of elements as written."""
    return {name: list(table.texts()) for name, table in record.tables.items()}


def board(*lines: str, number: str = "1", dealer: str = "N", vulnerable: str = "None") -> str:
    """A game with a consistent header (Law 2 dealer and vulnerability for board 1) and ``lines``.

    The header takes lines 1-4 (Board, Dealer, Vulnerable, Deal); ``lines`` start at line 5.
    """
    header = [f'[Board "{number}"]', f'[Dealer "{dealer}"]', f'[Vulnerable "{vulnerable}"]', f'[Deal "{DEAL}"]']
    return "\n".join(header + list(lines)) + "\n"


# A legal deal: North holds all spades, East all hearts, South all diamonds, West all clubs.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


# --- the command line ------------------------------------------------------------

CLEAN = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
         '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n')
ERROR = CLEAN + '[Auction "N"]\n1D Pass 1C AP\n'  # A103 at 6:9
WARNING = CLEAN.replace('[Board "1"]', '[Board "1"]\n[Date "95.06.10"]')  # B107 at 2:1


class Terminal(io.StringIO):
    """A captured stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run_cli(monkeypatch, *args: str, stdin: bytes = b"", terminal: bool = False, binary: bool = False) -> tuple:
    """(exit status, stdout, stderr) of ``bridgelint args``, in-process through the real entry point.

    ``terminal``: standard error says it is a terminal; ``binary``: standard output as bytes.
    """
    from bridgelint.cli import commands as cli

    out: io.TextIOBase = io.TextIOWrapper(io.BytesIO(), "utf-8", newline="") if binary else io.StringIO()
    err = Terminal() if terminal else io.StringIO()
    monkeypatch.setattr(sys, "argv", ["bridgelint", *args])
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as done:
        cli.main()
    code = done.value.code
    if isinstance(out, io.TextIOWrapper):
        out.flush()
        return (0 if code is None else code), out.buffer.getvalue(), err.getvalue()  # type: ignore[attr-defined]
    return (0 if code is None else code), out.getvalue(), err.getvalue()


# --- a full legal play (5HX by South, NS win 5 tricks), in seat columns W N E S -------

PLAY_DEAL = "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
PLAY_ROWS = """SK H6 SA SJ
HA H3 HK HJ
SQ DA S8 S9
ST DK S6 S7
S2 DQ S5 S3
HT D9 S4 H9
DJ D8 DT D3
D6 D7 HQ H8
D5 CA H5 H7
D4 C9 CQ H4
D2 C7 CJ H2
C8 C3 CT CK
C5 C2 C6 C4"""


FINDING_LINE = re.compile(r"[^\n]*?(?::\d+:\d+|\)): [A-Z]\d{3} \[(?:error|warning|info)\] [^\n]*\n")  # or at a place
# in words (a BWS row)


def finding_lines(out: str) -> str:
    """The finding lines of text output, without the grouped counts and the verdict table."""
    return "".join(FINDING_LINE.findall(out))


def damaged_archives(boards: int) -> list[tuple[str, bytes]]:
    """Synthetic boards with random defects (benchmarks/mutate.py), PBN and LIN, and the samples."""
    import random

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    try:
        import mutate
        import synth
    finally:
        sys.path.pop(0)
    boards_rng, damage = random.Random(7), random.Random("mutations 7")
    pbn, lin = [], []
    for number in range(1, boards + 1):
        board = synth.make_board(boards_rng, number)
        pbn.append("\r\n".join(mutate.mutate_pbn(damage, synth.pbn_game(board).rstrip("\r\n").split("\r\n"))))
        lin.append(mutate.mutate_lin(damage, synth.lin_board(board)))
    inputs = [("t.pbn", "\r\n\r\n".join(pbn).encode()), ("t.lin", "".join(lin).encode())]
    return inputs + [(path.name, path.read_bytes()) for path in sorted((root / "samples").iterdir())]


# --- linear time, by ratio -------------------------------------------------------------------------------

MEASURABLE = 0.03  # seconds of CPU: below this, timer noise drowns the ratio


def cpu_seconds(work: Callable[[int], object], n: int, repeat: int = 1) -> float:
    """The CPU time ``repeat`` runs of ``work(n)`` take, the garbage collector off (no part of the algorithm).

    CPU time, not wall time: the time other processes take on a busy machine does not count.
    """
    gc.disable()
    try:
        start = time.process_time()
        for _ in range(repeat):
            work(n)
        return time.process_time() - start
    finally:
        gc.enable()


def assert_linear(work: Callable[[int], object], n: int, tries: int = 5, factor: int = 4, bound: float = 8) -> None:
    """``work(factor * n)`` takes at most ``bound`` times as long as ``work(n)``: the best time of up to ``tries``
    of each (4n within 8×: linear work takes 4×, a quadratic step 16×, so timer noise has a factor of 2 either
    side; 2n within 3× left only 1.5× and once failed on linear work on a busy machine).

    A fast ``work`` is repeated (the same number of times for both sizes) until it takes a measurable time.
    """
    repeat = 1
    while repeat < 1024 and cpu_seconds(work, n, repeat) < MEASURABLE:
        repeat *= 2
    small = big = float("inf")
    for _ in range(tries):
        small, big = min(small, cpu_seconds(work, n, repeat)), min(big, cpu_seconds(work, factor * n, repeat))
        if big <= bound * small:
            return
    pytest.fail(f"not linear: {big:.4f}s for {factor}n against {small:.4f}s for n = {n} ({repeat} runs each)")


# --- the browser: Debian's chromium, headless, offline but for the loopback address --------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
QUIET_BROWSER = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-extensions", "--disable-default-apps", "--disable-breakpad", "--no-pings",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://127.0.0.1:9",
                 "--hide-scrollbars"]


@pytest.fixture(scope="module")
def chromium() -> str:
    """The browser; the browser tests skip only where it is not installed and the run is not CI."""
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run installs Debian's chromium package")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return CHROMIUM


def rendered(chromium: str, tmp_path: Path, url: str) -> tuple[str, list[str]]:
    """The DOM Chromium renders from ``url``, and the console errors it logs while loading it."""
    done = subprocess.run([chromium, *QUIET_BROWSER, f"--user-data-dir={tmp_path / 'profile-console'}",
                           "--enable-logging=stderr", "--v=0", "--dump-dom", url],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, [line for line in done.stderr.splitlines() if "CONSOLE" in line]


def console_errors(chromium: str, tmp_path: Path, url: str) -> list[str]:
    """The console errors Chromium logs while loading ``url``."""
    return rendered(chromium, tmp_path, url)[1]
