"""What each fast path of the ledger (bridgelint/core/fast_paths.py) buys: its share of a whole check, counted.

    python benchmarks/ledger.py [--jobs 2] [--only NAME ...] [--off NAME,NAME ...] [--against DIR]

Writes three synthetic files with synth.py into data/ (``pbn``: 1,000 boards with auction and play; ``pbn+table``:
300 boards, each with a ScoreTable of 12 results; ``lin``: 1,000 boards) and counts under valgrind's callgrind
the instructions of ``bridgelint check FILE`` (the text report) in a child, less those of a child that only
imports it, with string hashes seeded (``PYTHONHASHSEED=0``): the same count on any load.  For each fast path it
counts the check with that path off alone (``BRIDGELINT_REFERENCE=name``) and prints its share:
(instructions off - instructions on) / instructions on; then every path off (``BRIDGELINT_REFERENCE=1``).
``--off A,B`` counts a combination of paths off as well (what removing them together would cost);
``--against DIR`` counts the check of another tree, for the speed bar: DIR holds its ``bridgelint`` package,
unpacked (``git archive REV | tar -x -C DIR``), as both trees' modules are compiled to bytecode first (a module
compiled during a check would count).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "data"
FILES = {  # name: (file, synth.py arguments)
    "pbn": ("ledger-1000.pbn", ["pbn", "1000"]),
    "pbn+table": ("ledger-300-table12.pbn", ["pbn", "300", "--score-table", "12"]),
    "lin": ("ledger-1000.lin", ["lin", "1000"]),
}
# a child that imports the command line, then checks FILE (unless told "import"), its report to /dev/null
CHILD = """
import sys
from bridgelint.cli import main
if sys.argv[1] != "import":
    sys.argv = ["bridgelint", "check", sys.argv[1]]
    sys.stdout = open("/dev/null", "w")
    try:
        main()
    except SystemExit:
        pass
"""


def count(path: str, off: str, tree: Path = ROOT) -> int:
    """The instructions of a child checking ``path`` ("import": importing only) with ``off`` in
    BRIDGELINT_REFERENCE, the ``bridgelint`` of ``tree`` first on its path."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "BRIDGELINT_REFERENCE": off, "PYTHONPATH": str(tree)}
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          CHILD, path], capture_output=True, text=True, env=env, cwd="/")
    if run.returncode:
        raise RuntimeError(f"{path} with {off!r} off ({tree}): {run.stderr[-2000:]}")
    collected = [line for line in run.stderr.splitlines() if "Collected" in line]
    return int(collected[-1].split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1, help="children counted at once (counts do not move)")
    parser.add_argument("--only", nargs="*", metavar="NAME", help="these fast paths only (default: every one)")
    parser.add_argument("--off", nargs="*", default=[], metavar="A,B", help="combinations of paths off to count")
    parser.add_argument("--against", type=Path, metavar="DIR", help="another tree to count the whole check of")
    parser.add_argument("--files", nargs="*", choices=FILES, default=list(FILES))
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bridgelint.core.fast_paths import LEDGER

    DATA.mkdir(exist_ok=True)
    paths = {}
    for name in args.files:
        file, synth = FILES[name]
        paths[name] = str(DATA / file)
        if not (DATA / file).exists():
            subprocess.run([sys.executable, str(HERE / "synth.py"), synth[0], synth[1], paths[name], *synth[2:]],
                           check=True)
    for tree in (ROOT, *([args.against] if args.against else [])):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "bridgelint")], check=True)
    names = args.only if args.only is not None else [path.name for path in LEDGER]
    settings = ["", *names, *args.off, "1"]
    jobs = [(file, "import", ROOT) for file in args.files] + [(file, off, ROOT) for file in args.files
                                                               for off in settings]
    if args.against:
        jobs += [(file, "import", args.against) for file in args.files]
        jobs += [(file, "", args.against) for file in args.files]
    with ThreadPoolExecutor(args.jobs) as pool:
        counts = dict(zip(jobs, pool.map(lambda job: count("import" if job[1] == "import" else paths[job[0]],
                                                             "" if job[1] == "import" else job[1], job[2]), jobs)))
    print(f"{'off':<28}" + "".join(f"{file:>22}" for file in args.files))
    for off in settings:
        cells = []
        for file in args.files:
            bare = counts[(file, "import", ROOT)]
            on, this = counts[(file, "", ROOT)] - bare, counts[(file, off, ROOT)] - bare
            cells.append(f"{this / 1e6:9.1f} M {100 * (this - on) / on:+7.1f}%")
        print(f"{off or '(every path on)':<28}" + "".join(f"{cell:>22}" for cell in cells))
    if args.against:
        cells = []
        for file in args.files:
            on = counts[(file, "", ROOT)] - counts[(file, "import", ROOT)]
            other = counts[(file, "", args.against)] - counts[(file, "import", args.against)]
            cells.append(f"{other / 1e6:9.1f} M {100 * (on - other) / other:+7.1f}%")
        print(f"{'this tree against ' + args.against.name:<28}" + "".join(f"{cell:>22}" for cell in cells))


if __name__ == "__main__":
    main()
