"""The cost of the event checks (E101-E104) and the memory they take across files.

    python benchmarks/events.py [--boards 50000] [--across 50000 500000] [--files 20] [--rounds 3]

1. Cost: on the synthetic PBN and LIN archives of ``--boards`` boards (one
   file, one event), ``bridgelint check FILE`` against ``bridgelint check
   --ignore E FILE``, alternated, best of ``--rounds``, timed in-process and
   in CPU time (steadier on a loaded machine).  The cost is the difference as
   a share of the full check (the goal: under 10%).
2. Memory: for each of ``--across``, that many boards of one event in
   ``--files`` PBN files (boards numbered on from file to file), ``bridgelint
   check --select E DIR`` (reading and the event checks: the other rules keep
   nothing from one record to the next) with the events of each file only,
   then ``--across-files`` on ``--jobs 1`` and ``--jobs 2``, then with
   ``--hand-record`` (the boards' deals without their play, in one file) file
   by file and across files, one run each; peak RSS is the largest resident
   size of the run's processes, and the bytes a board are those above the
   first run (what the event state keeps across the run).  ``--rounds 0``
   skips the cost.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from bench import DATA, HERE, archive, check, run


def parts(boards: int, files: int) -> Path:
    """``boards`` boards of one event in ``files`` PBN files, generated once."""
    folder = DATA / f"event-{boards}-in-{files}"
    each = boards // files
    if not folder.is_dir():
        folder.mkdir(parents=True)
        for i in range(files):
            subprocess.run([sys.executable, str(HERE / "synth.py"), "pbn", str(each),
                            str(folder / f"part{i + 1:03d}.pbn"), "--first", str(i * each + 1),
                            "--seed", str(i + 1)], check=True)
    return folder


def cost(fmt: str, boards: int, rounds: int) -> None:
    path = archive(fmt, boards)
    codes = {"full": check(["--jobs", "1"]), "without E": check(["--jobs", "1", "--ignore", "E"])}
    runs: dict[str, list[tuple[float, tuple[float, float], int, float]]] = {name: [] for name in codes}
    for _ in range(rounds):
        for name, code in codes.items():
            runs[name].append(run(code, path, None, (0, 1)))
    full, full_cpu = min(r[1][0] for r in runs["full"]), min(r[1][1] for r in runs["full"])
    without, without_cpu = min(r[1][0] for r in runs["without E"]), min(r[1][1] for r in runs["without E"])
    print(f"{fmt} {boards:>6}: check {full:6.2f} s ({full_cpu:6.2f} s CPU), without the E rules {without:6.2f} s "
          f"({without_cpu:6.2f} s CPU): the event checks cost {100 * (full - without) / full:4.1f}% of the check "
          f"in-process, {100 * (full_cpu - without_cpu) / full_cpu:4.1f}% of its CPU time", flush=True)


def hand_record(folder: Path) -> Path:
    """The hand record of the boards of ``folder``: each board's Event, Board, Dealer, Vulnerable and Deal, no play."""
    path = folder.parent / f"{folder.name}-handrecord.pbn"
    if not path.exists():
        keep = ("[Event ", "[Board ", "[Dealer ", "[Vulnerable ", "[Deal ")
        with path.open("w", encoding="utf-8") as out:
            for part in sorted(folder.glob("*.pbn")):
                with part.open(encoding="utf-8") as lines:
                    for line in lines:
                        if line.startswith(keep):
                            out.write(line)
                            if line.startswith("[Deal "):
                                out.write("\n")
    return path


def memory(boards: int, files: int) -> None:
    folder = parts(boards, files)
    hand = hand_record(folder)
    runs = [("events per file", ["--jobs", "1"]), ("--across-files", ["--jobs", "1", "--across-files"]),
            ("--across-files", ["--jobs", "2", "--across-files"]),
            ("--hand-record", ["--jobs", "1", "--hand-record", str(hand)]),
            ("--hand-record --across", ["--jobs", "1", "--across-files", "--hand-record", str(hand)])]
    base = 0
    for name, options in runs:
        _, (inner, _), rss, _ = run(check(["--select", "E", *options]), folder, None, (0, 1))
        base = base or rss
        jobs = options[1]
        print(f"pbn {boards:>6} in {files} files, --jobs {jobs}, {name:>22}: in-process {inner:7.2f} s, "
              f"peak RSS {rss / 1024:5.0f} MiB, {1024 * (rss - base) / boards:4.0f} bytes a board above the first",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=50000)
    parser.add_argument("--across", type=int, nargs="+", default=[50000, 500000])
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load {', '.join(f'{x:.1f}' for x in os.getloadavg())}; best of {args.rounds}")
    if args.rounds:
        for fmt in ("pbn", "lin"):
            cost(fmt, args.boards, args.rounds)
    for boards in args.across:
        memory(boards, args.files)


if __name__ == "__main__":
    main()
