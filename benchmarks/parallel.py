"""The speed-up of ``bridgelint check --jobs 2`` over ``--jobs 1``.

    python benchmarks/parallel.py [--files 20] [--boards 300] [--repeat 3] [--damaged]

Writes FILES synthetic PBN archives of BOARDS boards each (benchmarks/synth.py,
one seed a file; with ``--damaged`` mutate.py's damaged boards, whose reports
hold about 1.6 findings a board) into benchmarks/data/parallel/, checks them
with ``--jobs 1`` and ``--jobs 2`` (REPEAT alternated wall-clock runs each), checks that both
reports are the same bytes, and prints the best times, the speed-up, the CPU
time the runs used and the load average.  Other work on the machine makes the
speed-up smaller: each run also gives the CPU time that other processes took
during it (Linux: from /proc/stat), and the speed-up of the best runs that
shared the machine with less than 0.05 s of it is printed apart.  The children
may write bytecode, as an installed package has it (see bench.py's ``run``).
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


def make_files(directory: Path, files: int, boards: int, damaged: bool = False) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    writer = "mutate" if damaged else "synth"
    paths = []
    for i in range(1, files + 1):
        path = directory / f"{'mutated' if damaged else 'synthetic'}-{i:02d}-{boards}.pbn"
        if not path.exists():
            command = [sys.executable, str(HERE / f"{writer}.py"), "pbn", str(boards), str(path), "--seed", str(i)]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        paths.append(path)
    return paths


def machine_busy() -> float | None:
    """The CPU seconds the whole machine has spent busy since boot (None where /proc/stat is not)."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(n) for n in stat.readline().split()[1:8]]
    except OSError:
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # less idle and iowait


def run(jobs: int, paths: list[Path]) -> tuple[float, float, float | None, bytes]:
    """(wall, CPU, other processes' CPU, report) of one run."""
    command = [sys.executable, "-m", "bridgelint", "check", "--isolated", "--format", "json", "--jobs", str(jobs),
               *map(str, paths)]
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    before, busy = resource.getrusage(resource.RUSAGE_CHILDREN), machine_busy()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    after, busy_after = resource.getrusage(resource.RUSAGE_CHILDREN), machine_busy()
    if done.returncode not in (0, 1):
        sys.exit(f"bridgelint exited {done.returncode}: {done.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    other = max(0.0, busy_after - busy - cpu) if busy is not None and busy_after is not None else None
    return elapsed, cpu, other, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--damaged", action="store_true", help="damaged boards (mutate.py): reports with findings")
    args = parser.parse_args()
    paths = make_files(HERE / "data" / "parallel", args.files, args.boards, args.damaged)
    runs: dict[int, list[tuple[float, float, float | None]]] = {1: [], 2: []}
    outputs: dict[int, bytes] = {}
    for _ in range(args.repeat):
        for jobs in (1, 2):
            elapsed, cpu, other, outputs[jobs] = run(jobs, paths)
            runs[jobs].append((elapsed, cpu, other))
    same = outputs[1] == outputs[2]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    kind = "damaged " if args.damaged else ""
    print(f"{args.files} files x {args.boards} {kind}boards, {os.cpu_count()} CPUs, best of {args.repeat}, load {load}")
    for jobs in (1, 2):
        elapsed, cpu, _ = min(runs[jobs])
        others = ", ".join("?" if other is None else f"{other:.2f}" for _, _, other in runs[jobs])
        print(f"--jobs {jobs}: {elapsed:.2f} s wall, {cpu:.2f} s CPU; other processes' CPU in each run: {others} s")
    print(f"speed-up: {min(runs[1])[0] / min(runs[2])[0]:.2f}x; reports identical: {same}")
    quiet = {jobs: [run for run in runs[jobs] if run[2] is not None and run[2] < 0.05] for jobs in (1, 2)}
    if quiet[1] and quiet[2]:
        print(f"speed-up of the runs on a quiet machine: {min(quiet[1])[0] / min(quiet[2])[0]:.2f}x "
              f"({len(quiet[1])} and {len(quiet[2])} runs)")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
