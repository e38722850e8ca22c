"""Benchmark a full ``bridgelint check`` of synthetic archives against endplay's parse-only load.

    python benchmarks/bench.py [--boards 5000 50000] [--formats pbn lin] [--rounds 3] [--against DIR]
                               [--score-table N] [--paths PATH ...] [--no-endplay]

For each archive, every round runs one child process per contender, in
alternation: ``bridgelint check FILE`` (reading, replaying auction and play,
every rule, text report) and, when endplay is installed (the ``bench``
extra), endplay's parse-only ``load`` of the same file.  Each run gives two
times: end to end (the child's wall clock, interpreter start and imports
included) and in-process (measured inside the child around the check or the
load: the parse, not the import).  The best of the rounds is kept; the ratio
is endplay's time over bridgelint's (> 1: bridgelint is faster).  Peak RSS is
the largest resident size of a child.  Start-up is ``bridgelint check`` on a
one-board file, best of ``--startup`` runs.

``--against DIR`` also measures the bridgelint source tree in DIR (another
revision: ``git archive REV | tar -x -C DIR``), alternated in the same
rounds, and prints its speed-up.  ``--score-table N`` also measures the PBN
archives with a ScoreTable of N results on every board (``pbn+table`` in the
report).  ``--paths`` measures ``bridgelint check --jobs 1`` of those files or
directories (the shared corpus, say) after the archives, without endplay
(which reads one file); ``--no-endplay`` leaves endplay out everywhere.
benchmarks/README.md explains the figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
TIMED = "bench-seconds:"  # the line a child writes last on standard error: its in-process time

# bridgelint check OPTIONS FILE as the console script runs it, timed around main() (imports done before)
_CHECK = f"""
import sys, time
from bridgelint.cli import main
sys.argv = ["bridgelint", "check", *{{options!r}}, sys.argv[1]]
start, cpu, status = time.perf_counter(), time.process_time(), 0
try:
    main()
except SystemExit as done:
    status = done.code
print("{TIMED}", time.perf_counter() - start, time.process_time() - cpu, file=sys.stderr)
sys.exit(status)
"""
ENDPLAY = f"""
import sys, time
from endplay.parsers import {{fmt}}
start, cpu = time.perf_counter(), time.process_time()
with open(sys.argv[1], encoding="utf-8") as f:
    {{fmt}}.load(f)
print("{TIMED}", time.perf_counter() - start, time.process_time() - cpu, file=sys.stderr)
"""


def check(options: list[str]) -> str:
    """The code of ``bridgelint check OPTIONS FILE``, timed."""
    return _CHECK.format(options=options)


@dataclass
class Contender:
    """One program under test and its best times over the rounds."""

    name: str
    code: str
    env: dict[str, str] | None = None  # None: this process's environment
    ok: tuple[int, ...] = (0, 1)  # exit statuses of a successful run
    wall: list[float] = field(default_factory=list)
    inner: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # end to end
    inner_cpu: list[float] = field(default_factory=list)
    rss: int = 0  # KiB

    def run(self, path: Path) -> None:
        wall, (inner, inner_cpu), rss, cpu = run(self.code, path, self.env, self.ok)
        self.wall.append(wall)
        self.inner.append(inner)
        self.cpu.append(cpu)
        self.inner_cpu.append(inner_cpu)
        self.rss = max(self.rss, rss)


def archive(fmt: str, boards: int, score_table: int = 0) -> Path:
    """The synthetic archive, generated once (reproducible: fixed seed); with a ScoreTable of
    ``score_table`` results on every board when that is not 0."""
    DATA.mkdir(exist_ok=True)
    variant = f"-score-table-{score_table}" if score_table else ""
    path = DATA / f"synthetic{variant}-{boards}.{fmt}"
    if not path.exists():
        subprocess.run([sys.executable, str(HERE / "synth.py"), fmt, str(boards), str(path),
                        "--score-table", str(score_table)], check=True)
    return path


def run(code: str, path: Path, env: dict[str, str] | None,
        ok: tuple[int, ...]) -> tuple[float, tuple[float, float], int, float]:
    """(wall seconds, in-process (wall, CPU) seconds, peak RSS in KiB, CPU seconds) of one child, which must exit
    with a status in ``ok``.

    The child runs in the data directory: ``python -c`` imports first from its working directory, which must not
    be a source tree.  It may write bytecode (as an installed package has it), whatever PYTHONDONTWRITEBYTECODE
    says here: otherwise every start would compile every module.
    """
    env = {name: value for name, value in (env or os.environ).items() if name != "PYTHONDONTWRITEBYTECODE"}
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=env, cwd=DATA)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.stderr.close()
    lines = stderr.decode(errors="replace").splitlines()
    if os.waitstatus_to_exitcode(status) not in ok or not lines or not lines[-1].startswith(TIMED):
        raise SystemExit(f"run failed on {path}:\n" + "\n".join(lines[-20:]))
    inner = [float(x) for x in lines[-1].split()[1:]]
    return wall, (inner[0], inner[-1]), usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def tree_env(tree: Path) -> dict[str, str]:
    """This environment with bridgelint imported from the source tree ``tree``."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(tree), os.environ.get("PYTHONPATH"))))}


def where_from(env: dict[str, str] | None) -> str:
    """The directory bridgelint is imported from under ``env``."""
    code = "import os, bridgelint; print(os.path.dirname(os.path.dirname(bridgelint.__file__)))"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=DATA,
                          check=True).stdout.strip()


def startup(env: dict[str, str] | None) -> tuple[float, float]:
    """(wall, CPU) seconds of ``bridgelint check`` on a one-board file."""
    wall, _, _, cpu = run(check([]), archive("pbn", 1), env, (0, 1))
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--formats", nargs="+", default=["pbn", "lin"], choices=["pbn", "lin"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--startup", type=int, default=10, metavar="RUNS", help="runs of the start-up measure")
    parser.add_argument("--against", type=Path, metavar="DIR", help="also measure the bridgelint tree in DIR")
    parser.add_argument("--score-table", type=int, default=0, metavar="N",
                        help="also measure PBN archives with a ScoreTable of N results on every board")
    parser.add_argument("--paths", type=Path, nargs="+", default=[], metavar="PATH",
                        help="also measure the check of these files or directories (no endplay)")
    parser.add_argument("--no-endplay", action="store_true", help="measure bridgelint only")
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    trees = [("bridgelint", None)] + ([(f"bridgelint@{args.against}", tree_env(args.against.resolve()))]
                                      if args.against else [])
    compare = not args.no_endplay and importlib.util.find_spec("endplay") is not None  # found, not imported
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} CPUs, load {load}; best of {args.rounds} alternated rounds; "
          f"ratio = endplay time / bridgelint time")
    for name, env in trees:
        print(f"{name} from {where_from(env)}")
    best = {name: (float("inf"), float("inf")) for name, _ in trees}
    for _ in range(args.startup):  # alternated as well
        for name, env in trees:
            wall, cpu = startup(env)
            best[name] = (min(best[name][0], wall), min(best[name][1], cpu))
    bare = [run(f'import sys; print("{TIMED}", 0, 0, file=sys.stderr)', Path(os.devnull), None, (0,))
            for _ in range(args.startup)]
    python = (min(r[0] for r in bare), min(r[3] for r in bare))
    for name, _ in trees:
        print(f"start-up ({name} check on a one-board file): {best[name][0]:.3f} s wall, {best[name][1]:.3f} s CPU "
              f"(bare interpreter {python[0]:.3f} s wall, {python[1]:.3f} s CPU)")
    variants = [(fmt, 0) for fmt in args.formats]
    if args.score_table and "pbn" in args.formats:
        variants.insert(args.formats.index("pbn") + 1, ("pbn", args.score_table))
    for fmt, score_table in variants:
        for boards in args.boards:
            path = archive(fmt, boards, score_table)
            contenders = [Contender(name, check([]), env) for name, env in trees]
            if compare:
                contenders.append(Contender("endplay", ENDPLAY.format(fmt=fmt), ok=(0,)))
            for _ in range(args.rounds):
                for contender in contenders:
                    contender.run(path)
            report(fmt + ("+table" if score_table else ""), boards, contenders, compare)
    for path in args.paths:  # on one process, so that the CPU times are the check's own
        contenders = [Contender(name, check(["--jobs", "1"]), env) for name, env in trees]
        for _ in range(args.rounds):
            for contender in contenders:
                contender.run(path.resolve())
        report(path.name, count_boards(path), contenders, False)


def count_boards(path: Path) -> int:
    """The boards ``bridgelint check`` reads in ``path`` (from its JSON summary), for the boards/s figures."""
    import json

    done = subprocess.run([sys.executable, "-m", "bridgelint", "check", "--format", "json", "--isolated", str(path)],
                          capture_output=True, text=True, cwd=DATA)
    return int(json.loads(done.stdout)["summary"]["boards"])


def report(fmt: str, boards: int, contenders: list[Contender], compare: bool) -> None:
    """Lines of figures for one archive."""
    theirs = contenders[-1] if compare else None
    for c in contenders:
        wall, inner = min(c.wall), min(c.inner)
        line = (f"{fmt} {boards:>6} {c.name}: end to end {wall:6.2f} s ({min(c.cpu):6.2f} s CPU) "
                f"{boards / wall:6.0f} boards/s, in-process {inner:6.2f} s ({min(c.inner_cpu):6.2f} s CPU) "
                f"{boards / inner:6.0f} boards/s, peak RSS {c.rss / 1024:4.0f} MiB")
        if theirs is not None and c is not theirs:
            line += (f"; ratio end to end {min(theirs.wall) / wall:.2f} (CPU {min(theirs.cpu) / min(c.cpu):.2f}), "
                     f"in-process {min(theirs.inner) / inner:.2f} (CPU {min(theirs.inner_cpu) / min(c.inner_cpu):.2f})")
        print(line, flush=True)
    if len(contenders) - compare == 2:
        ours, other = contenders[:2]
        print(f"{fmt} {boards:>6} speed-up over {other.name}: end to end {min(other.wall) / min(ours.wall):.2f} "
              f"(CPU {min(other.cpu) / min(ours.cpu):.2f}), in-process {min(other.inner) / min(ours.inner):.2f} "
              f"(CPU {min(other.inner_cpu) / min(ours.inner_cpu):.2f})", flush=True)


if __name__ == "__main__":
    main()
