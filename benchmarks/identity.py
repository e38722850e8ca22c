"""Findings byte for byte: the JSON report of one bridgelint on fixed inputs, and the comparison of two.

    python benchmarks/identity.py run before.json [--tree DIR]     # bridgelint of DIR (default: the installed one)
    python benchmarks/identity.py run after.json
    python benchmarks/identity.py compare before.json after.json   # exit 1 if they differ

The inputs are ``../shared/corpus`` (when present; ``--corpus`` names it), ``samples/`` and 30,000
damaged synthetic boards (``mutate.py``, fixed seeds: 20,000 PBN in four
files, two of them without ``% EXPORT``, and 10,000 LIN in two files, one of
them a vugraph match), written once into ``benchmarks/data/mutated/``.
``run`` writes what ``bridgelint check --format json --show-info --isolated``
prints on all of them, after a first line naming the inputs and their digest
(the two runs must have read the same bytes).  ``compare`` says whether the
two files are the same bytes and, if not, shows the first findings that
differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MUTATED = HERE / "data" / "mutated"
# (format, boards, seed, option) of each damaged archive: 30,000 boards in all
ARCHIVES = (("pbn", 5000, 101, None), ("pbn", 5000, 102, None), ("pbn", 5000, 103, "--no-export"),
            ("pbn", 5000, 104, "--no-export"), ("lin", 5000, 201, None), ("lin", 5000, 202, "--vugraph"))


def mutated() -> list[Path]:
    """The damaged archives, written once."""
    MUTATED.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt, boards, seed, option in ARCHIVES:
        path = MUTATED / f"mutated-{seed}{option or ''}.{fmt}"
        if not path.exists():
            command = [sys.executable, str(HERE / "mutate.py"), fmt, str(boards), str(path), "--seed", str(seed)]
            subprocess.run(command + ([option] if option else []), check=True, cwd=HERE)
        paths.append(path)
    return paths


def inputs(corpus: Path) -> list[Path]:
    return ([corpus.resolve()] if corpus.is_dir() else []) + [ROOT / "samples", *mutated()]


def digest(paths: list[Path]) -> str:
    """A digest of every .pbn and .lin file under ``paths``, by name and content."""
    sha = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".pbn", ".lin")) if path.is_dir() else [path]
        for file in files:
            sha.update(str(file).encode() + b"\0" + file.read_bytes())
    return sha.hexdigest()[:16]


def run(output: Path, tree: Path | None, corpus: Path) -> None:
    paths = inputs(corpus)
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree.resolve())
    # run from the data directory: python -c imports first from its working directory, which must not be a tree
    code = "import sys; from bridgelint.cli import main; sys.argv[0] = 'bridgelint'; main()"
    done = subprocess.run([sys.executable, "-c", code, "check", "--format", "json", "--show-info", "--isolated",
                           "--jobs", "1", *map(str, paths)], capture_output=True, env=env, cwd=MUTATED)
    if done.returncode not in (0, 1):
        sys.exit(f"bridgelint exited {done.returncode}: {done.stderr.decode(errors='replace')[-2000:]}")
    header = json.dumps({"inputs": [str(p) for p in paths], "digest": digest(paths)})
    output.write_bytes(header.encode() + b"\n" + done.stdout)
    print(f"{output}: {done.stderr.decode(errors='replace').strip()}")


def compare(before: Path, after: Path) -> int:
    a, b = before.read_bytes(), after.read_bytes()
    head_a, _, body_a = a.partition(b"\n")
    head_b, _, body_b = b.partition(b"\n")
    if head_a != head_b:
        print(f"the two runs read different inputs:\n  {head_a.decode()}\n  {head_b.decode()}")
        return 1
    if body_a == body_b:
        findings = body_a.count(b'"code"')
        print(f"identical: {len(body_a)} bytes, {findings} findings")
        return 0
    print(f"DIFFERENT: {len(body_a)} and {len(body_b)} bytes")
    try:
        files_a, files_b = json.loads(body_a)["files"], json.loads(body_b)["files"]
    except ValueError:
        return 1
    shown = 0
    for fa, fb in zip(files_a, files_b):
        found_a = [json.dumps(f, ensure_ascii=False) for f in fa["findings"]]
        found_b = [json.dumps(f, ensure_ascii=False) for f in fb["findings"]]
        set_a, set_b = set(found_a), set(found_b)
        only_a = [f for f in found_a if f not in set_b]
        only_b = [f for f in found_b if f not in set_a]
        if only_a or only_b or found_a != found_b or {**fa, "findings": 0} != {**fb, "findings": 0}:
            print(f"{fa['path']}: {len(only_a)} findings only before, {len(only_b)} only after "
                  f"(counts or order may differ as well)")
            for f in only_a[:5]:
                print(f"  - {f}")
            for f in only_b[:5]:
                print(f"  + {f}")
            shown += 1
            if shown == 10:
                break
    if len(files_a) != len(files_b) or not shown:
        print(f"{len(files_a)} and {len(files_b)} files; summaries {json.loads(body_a)['summary']} and "
              f"{json.loads(body_b)['summary']}")
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="write the report of one bridgelint")
    run_parser.add_argument("output", type=Path)
    run_parser.add_argument("--tree", type=Path, help="a bridgelint source tree to run instead of the installed one")
    run_parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus",
                            help="the shared corpus (default: ../shared/corpus; skipped when absent)")
    compare_parser = commands.add_parser("compare", help="compare two reports")
    compare_parser.add_argument("before", type=Path)
    compare_parser.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "run":
        run(args.output, args.tree, args.corpus)
    else:
        sys.exit(compare(args.before, args.after))


if __name__ == "__main__":
    main()
