"""What ``check --dd`` costs: DDS's tables per second, and a 36-board hand record with a cold and a warm cache.

    python benchmarks/dd.py [--deals 256] [--rounds 3]

1. Tables per second: ``--deals`` random deals solved by the solver (no cache), in batches of 32, best of
   ``--rounds``, wall clock and CPU time of this process (DDS's threads included).
2. A hand record: 36 boards with BridgeComposer's double-dummy tags, ``bridgelint check --dd`` with an
   empty cache directory (cold: every deal solved), then again (warm: every deal from the cache), and a
   plain ``bridgelint check`` of the same file; each a child process, best of ``--rounds``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bridgelint.engine.solver import Cache, Solver

RANKS = "AKQJT98765432"


def random_hands(rng: random.Random) -> tuple[str, str, str, str]:
    cards = list(range(52))
    rng.shuffle(cards)
    return tuple(".".join("".join(RANKS[c % 13] for c in sorted(cards[13 * h:13 * h + 13]) if c // 13 == s)
                          for s in range(4)) for h in range(4))  # type: ignore[return-value]


def hand_record(path: Path, boards: int = 36) -> None:
    """``boards`` random deals with their DoubleDummyTricks, OptimumScore and ParContract, solved once."""
    from bridgelint.core.bridge import standard_dealer, standard_vulnerability
    from bridgelint.core.par import par

    rng = random.Random(36)
    deals = [random_hands(rng) for _ in range(boards)]
    tables = Solver(Cache(None)).tables(deals)
    out = []
    for number, (hands, tricks) in enumerate(zip(deals, tables), 1):
        dealer, vulnerable = standard_dealer(number), standard_vulnerability(number)
        best = par(tricks, dealer, vulnerable)
        digits = "".join(f"{tricks[s, d]:x}" for s in "NSEW" for d in ("NT", "S", "H", "D", "C"))
        contracts = "; ".join(map(str, best.contracts)) or "Pass"
        out.append(f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vulnerable}"]\n'
                   f'[Deal "N:{" ".join(hands)}"]\n[DoubleDummyTricks "{digits}"]\n'
                   f'[OptimumScore "NS {best.score}"]\n[ParContract "{contracts}"]\n')
    path.write_text("\n".join(out))


def tables_per_second(deals: int, rounds: int) -> None:
    rng = random.Random(1)
    batch = [random_hands(rng) for _ in range(deals)]
    best = None
    for _ in range(rounds):
        solver = Solver(Cache(None))
        wall, cpu = time.perf_counter(), time.process_time()
        solver.tables(batch)
        took = time.perf_counter() - wall, time.process_time() - cpu
        best = took if best is None or took[0] < best[0] else best
        rng = random.Random(rng.random())
        batch = [random_hands(rng) for _ in range(deals)]  # new deals each round: nothing kept
    assert best is not None
    print(f"solve {deals} deals: {best[0]:.2f} s ({best[1]:.2f} s CPU), {deals / best[0]:.1f} tables/s")


def child(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bridgelint", "check", "-q", "--jobs", "1", *args], env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - start, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def hand_record_runs(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "hand-record-36.pbn"
        hand_record(record)
        results: dict[str, tuple[float, float]] = {}
        for _ in range(rounds):
            cache = Path(tmp) / f"cache-{time.perf_counter_ns()}"
            env = {**os.environ, "BRIDGELINT_CACHE_DIR": str(cache)}
            for name, args in (("cold", ["--dd", str(record)]), ("warm", ["--dd", str(record)]),
                               ("plain", [str(record)])):
                took = child(args, env)
                if name not in results or took[0] < results[name][0]:
                    results[name] = took
        for name, (wall, cpu) in results.items():
            print(f"36-board hand record, {name:5}: {wall:.2f} s ({cpu:.2f} s CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load {', '.join(f'{x:.1f}' for x in os.getloadavg())}; best of {args.rounds}")
    tables_per_second(args.deals, args.rounds)
    hand_record_runs(args.rounds)


if __name__ == "__main__":
    main()
