"""The cost of the results checks (R101-R106) on a results file, as a share of the full check.

    python benchmarks/results.py [--boards 100] [--tables 15] [--rounds 15] [--instructions [--by-code]]
    python benchmarks/results.py --leads [--instructions]   (the V rules' share, on travellers with leads)

Writes two synthetic results files with synth.py (``--results mp``: MP1 matchpoints and percentages;
``--results imp``: Butler IMPs and datums; every board with a traveller of ``--tables`` tables, the ranking
in the first game) and checks each, in this process, with every rule and with the R rules ignored,
alternated: wall and CPU time (best of ``--rounds``, and the median of the rounds' own shares), boards/s,
and the R rules' share of the full check; the peak RSS of a child checking each file with and without them.

A share of a few per cent is smaller than what a shared machine does to two timed runs, even alternated.
``--instructions`` counts instead, under valgrind's callgrind, the instructions one check of each file
runs in a child (less those of a child that only imports): the same on any load, and the figure to judge
a share by; ``--by-code`` adds what each R code costs alone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
# a child that imports, then checks FILE once (unless told "import"): every rule, or those but R with the R codes
# named (a comma-separated list, empty for none)
CHILD = """
import resource, sys
from bridgelint.engine.pipeline import check_file
from bridgelint.rules import RULES
path, which, family = sys.argv[1], sys.argv[2], sys.argv[3]
if which != "import":
    kept = set(RULES) if which == "all" else set(which.split(","))
    check_file(path, frozenset(code for code in RULES if not code.startswith(family) or code in kept))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def child(path: Path, which: str, counted: bool, family: str = "R") -> int:
    """The peak RSS (KiB) of a child checking ``path`` (``which``: all, import, or the R codes kept), or under
    callgrind the instructions it ran.  Counted, the child's string hashes are seeded (PYTHONHASHSEED=0): the
    count is then the same run after run, not 0.5% apart (the order of sets and dicts)."""
    command = [sys.executable, "-c", CHILD, str(path), which, family]
    if not counted:
        return int(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                         check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    collected = [line for line in run.stderr.splitlines() if "Collected" in line]
    return int(collected[-1].split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--leads", action="store_true",
                        help="travellers with a Lead column, and the V rules' share instead of the R rules'")
    parser.add_argument("--by-code", action="store_true",
                        help="with --instructions, also count each R code alone on top of the other rules")
    args = parser.parse_args()
    from bridgelint.engine.pipeline import check_file
    from bridgelint.rules import RULES

    DATA.mkdir(exist_ok=True)
    family = "V" if args.leads else "R"
    every = frozenset(RULES)
    without = frozenset(code for code in RULES if not code.startswith(family))
    for kind in ("mp", "imp"):
        path = DATA / f"results-{kind}-{args.boards}x{args.tables}{'-leads' if args.leads else ''}.pbn"
        subprocess.run([sys.executable, str(HERE / "synth.py"), "pbn", str(args.boards), str(path),
                        "--score-table", str(args.tables), "--results", kind, *(["--leads"] if args.leads else [])],
                       check=True)
        report = check_file(str(path), every)
        assert not [f for f in report.findings if f.severity == "error"], "the synthetic file should be clean"
        head = f"{kind}: {args.boards} boards of {args.tables} tables"
        if args.instructions:
            bare = child(path, "import", True, family)
            full, no_r = (child(path, which, True, family) - bare for which in ("all", ""))
            print(f"{head}: full check {full / 1e6:.1f} M instructions, without {family} {no_r / 1e6:.1f} M; "
                  f"{family} share {100 * (full - no_r) / full:.1f}%")
            if args.by_code:  # R104, R105 and R106 each bring the standings hook: their figures overlap
                alone = {code: child(path, code, True, family) - bare - no_r for code in RULES
                         if code.startswith(family)}
                print("  each alone: " + ", ".join(f"{code} {count / 1e6:+.1f} M" for code, count in alone.items()))
            continue
        best = {"all": [float("inf")] * 2, "no R": [float("inf")] * 2}  # "no R": without the family measured
        shares: list[float] = []
        for _ in range(args.rounds):
            cpus = []
            for name, codes in (("all", every), ("no R", without)):
                wall, cpu = time.perf_counter(), time.process_time()
                check_file(str(path), codes)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                best[name] = [min(best[name][0], wall), min(best[name][1], cpu)]
                cpus.append(cpu)
            shares.append(100 * (cpus[0] - cpus[1]) / cpus[0])
        (wall, cpu), (bare_wall, bare_cpu) = best["all"], best["no R"]
        peak, peak_no_r = child(path, "all", False, family), child(path, "", False, family)
        print(f"{head}: full check {wall:.3f} s ({cpu:.3f} s CPU), {args.boards / wall:.0f} boards/s; "
              f"without {family} {bare_wall:.3f} s ({bare_cpu:.3f} s CPU); {family} share "
              f"{100 * (wall - bare_wall) / wall:.1f}% "
              f"({100 * (cpu - bare_cpu) / cpu:.1f}% CPU, median of the rounds {statistics.median(shares):.1f}%); "
              f"peak RSS {peak / 1024:.1f} MiB ({peak_no_r / 1024:.1f} MiB without {family})")


if __name__ == "__main__":
    main()
