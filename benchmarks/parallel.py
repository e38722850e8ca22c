"""The speed-up of ``bridgelint check --jobs 2`` over ``--jobs 1``.

    python benchmarks/parallel.py [--files 20] [--boards 300] [--repeat 3]

Writes FILES synthetic PBN archives of BOARDS boards each (benchmarks/synth.py,
one seed a file) into benchmarks/data/parallel/, checks them with ``--jobs 1``
and ``--jobs 2`` (best of REPEAT wall-clock runs each), checks that both
reports are the same bytes, and prints the times and the speed-up.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def make_files(directory: Path, files: int, boards: int) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(1, files + 1):
        path = directory / f"synthetic-{i:02d}-{boards}.pbn"
        if not path.exists():
            subprocess.run([sys.executable, str(HERE / "synth.py"), "pbn", str(boards), str(path), "--seed", str(i)],
                           check=True)
        paths.append(path)
    return paths


def run(jobs: int, paths: list[Path]) -> tuple[float, bytes]:
    command = [sys.executable, "-m", "bridgelint", "check", "--isolated", "--format", "json", "--jobs", str(jobs),
               *map(str, paths)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"bridgelint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    return elapsed, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    paths = make_files(HERE / "data" / "parallel", args.files, args.boards)
    best: dict[int, float] = {}
    outputs: dict[int, bytes] = {}
    for _ in range(args.repeat):
        for jobs in (1, 2):
            elapsed, output = run(jobs, paths)
            best[jobs] = min(best.get(jobs, elapsed), elapsed)
            outputs[jobs] = output
    same = outputs[1] == outputs[2]
    print(f"{args.files} files x {args.boards} boards, {os.cpu_count()} CPUs, best of {args.repeat}")
    print(f"--jobs 1: {best[1]:.2f} s")
    print(f"--jobs 2: {best[2]:.2f} s")
    print(f"speed-up: {best[1] / best[2]:.2f}x; reports identical: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
