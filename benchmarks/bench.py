"""Benchmark a full ``bridgelint check`` of synthetic archives.

    python benchmarks/bench.py [--boards 5000 50000] [--formats pbn lin] [--rounds 3]

For each archive it reports boards per second of a full check (reading,
replaying auction and play, every rule, text report) and the peak memory
(RSS) of the checking process.  When endplay is installed (the ``bench``
extra), it also times endplay's parse-only load of the same file, alternating
the two in one run, and prints the ratio (> 1: bridgelint is faster).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

CHECK = "import sys; from bridgelint.cli import main; sys.argv=['bridgelint','check',sys.argv[1]]; main()"
ENDPLAY = ("import sys; from endplay.parsers import {fmt}; "
           "f=open(sys.argv[1], encoding='utf-8'); {fmt}.load(f)")


def archive(fmt: str, boards: int) -> Path:
    """The synthetic archive, generated once (reproducible: fixed seed)."""
    DATA.mkdir(exist_ok=True)
    path = DATA / f"synthetic-{boards}.{fmt}"
    if not path.exists():
        subprocess.run([sys.executable, str(HERE / "synth.py"), fmt, str(boards), str(path)], check=True)
    return path


def run(code: str, path: Path, ok: tuple[int, ...] = (0, 1)) -> tuple[float, int]:
    """(seconds, peak RSS in KiB) of one child process, which must exit with a status in ``ok``."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in ok:
        raise SystemExit(f"run failed on {path}")
    return elapsed, usage.ru_maxrss


def has_endplay() -> bool:
    """Whether endplay is installed (found, not imported: the children are forked from here)."""
    import importlib.util

    return importlib.util.find_spec("endplay") is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--formats", nargs="+", default=["pbn", "lin"], choices=["pbn", "lin"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    compare = has_endplay()
    startup, _ = min(run("import bridgelint.cli", Path(os.devnull)) for _ in range(3))
    print(f"interpreter + import start-up: {startup:.3f} s (included in the times below)")
    for fmt in args.formats:
        for boards in args.boards:
            path = archive(fmt, boards)
            ours, theirs, memory = [], [], 0
            for _ in range(args.rounds):
                seconds, rss = run(CHECK, path)
                ours.append(seconds)
                memory = max(memory, rss)
                if compare:
                    theirs.append(run(ENDPLAY.format(fmt=fmt), path, ok=(0,))[0])
            best = min(ours)
            line = (f"{fmt} {boards:>6} boards: {boards / best:8.0f} boards/s "
                    f"({best:.2f} s), peak RSS {memory / 1024:.0f} MiB")
            if compare:
                line += f"; endplay {fmt}.load {boards / min(theirs):8.0f} boards/s, ratio {min(theirs) / best:.2f}"
            print(line, flush=True)


if __name__ == "__main__":
    main()
