"""The cost of the results checks (R101-R106) on a results file, as a share of the full check.

    python benchmarks/results.py [--boards 100] [--tables 15] [--rounds 15]

Writes two synthetic results files with synth.py (``--results mp``: MP1 matchpoints and percentages;
``--results imp``: Butler IMPs and datums; every board with a traveller of ``--tables`` tables, the ranking
in the first game) and checks each, in this process, with every rule and with the R rules ignored,
alternated, best of ``--rounds``: wall and CPU time, boards/s, and the R rules' share of the full check.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    from bridgelint.pipeline import check_file
    from bridgelint.rules import RULES

    DATA.mkdir(exist_ok=True)
    every = frozenset(RULES)
    without = frozenset(code for code in RULES if not code.startswith("R"))
    for kind in ("mp", "imp"):
        path = DATA / f"results-{kind}-{args.boards}x{args.tables}.pbn"
        subprocess.run([sys.executable, str(HERE / "synth.py"), "pbn", str(args.boards), str(path),
                        "--score-table", str(args.tables), "--results", kind], check=True)
        report = check_file(str(path), every)
        assert not [f for f in report.findings if f.severity == "error"], "the synthetic file should be clean"
        best = {"all": [float("inf")] * 2, "no R": [float("inf")] * 2}
        for _ in range(args.rounds):
            for name, codes in (("all", every), ("no R", without)):
                wall, cpu = time.perf_counter(), time.process_time()
                check_file(str(path), codes)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                best[name] = [min(best[name][0], wall), min(best[name][1], cpu)]
        (wall, cpu), (bare_wall, bare_cpu) = best["all"], best["no R"]
        print(f"{kind}: {args.boards} boards of {args.tables} tables: full check {wall:.3f} s ({cpu:.3f} s CPU), "
              f"{args.boards / wall:.0f} boards/s; without R {bare_wall:.3f} s ({bare_cpu:.3f} s CPU); "
              f"R share {100 * (wall - bare_wall) / wall:.1f}% ({100 * (cpu - bare_cpu) / cpu:.1f}% CPU)")


if __name__ == "__main__":
    main()
