"""The speed-up of ``bridgelint check --jobs 2`` over ``--jobs 1``.

    python benchmarks/parallel.py [--files 20] [--boards 300] [--repeat 3]

Writes FILES synthetic PBN archives of BOARDS boards each (benchmarks/synth.py,
one seed a file) into benchmarks/data/parallel/, checks them with ``--jobs 1``
and ``--jobs 2`` (best of REPEAT wall-clock runs each), checks that both
reports are the same bytes, and prints the times, the speed-up, the CPU
time the runs used and the load average (other work on the machine makes the
speed-up smaller: compare on an idle machine).
"""

from __future__ import annotations

import argparse
import os
import resource
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


def run(jobs: int, paths: list[Path]) -> tuple[float, float, bytes]:
    command = [sys.executable, "-m", "bridgelint", "check", "--isolated", "--format", "json", "--jobs", str(jobs),
               *map(str, paths)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"bridgelint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    paths = make_files(HERE / "data" / "parallel", args.files, args.boards)
    best: dict[int, tuple[float, float]] = {}
    outputs: dict[int, bytes] = {}
    for _ in range(args.repeat):
        for jobs in (1, 2):
            elapsed, cpu, output = run(jobs, paths)
            best[jobs] = min(best.get(jobs, (elapsed, cpu)), (elapsed, cpu))
            outputs[jobs] = output
    same = outputs[1] == outputs[2]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{args.files} files x {args.boards} boards, {os.cpu_count()} CPUs, best of {args.repeat}, load {load}")
    for jobs in (1, 2):
        print(f"--jobs {jobs}: {best[jobs][0]:.2f} s wall, {best[jobs][1]:.2f} s CPU")
    print(f"speed-up: {best[1][0] / best[2][0]:.2f}x; reports identical: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
