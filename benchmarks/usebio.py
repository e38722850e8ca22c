"""The cost of reading and checking a USEBIO file against a PBN results file of the same boards and rows.

    python benchmarks/usebio.py [--copies 4] [--rounds 9]

Builds ``data/usebio-COPIES.xml`` from the corpus's Compscore MP Howell (``../shared/corpus/usebio``): its
boards ``--copies`` times over, renumbered, with their HANDSET deals (4 copies: about 330 KB, 108 boards, 644
traveller lines).  ``bridgelint convert --to pbn`` writes the same boards as PBN results (Deal, ScoreTable,
TotalScoreTable).  Each file is then checked in this process with every rule, alternated: wall and CPU time, best
of ``--rounds``, and the ratio USEBIO / PBN.
"""

from __future__ import annotations

import argparse
import io
import re
import time
from pathlib import Path

from bridgelint.convert.pbn_writer import PbnWriter
from bridgelint.engine.pipeline import check_file
from bridgelint.formats import open_reader
from bridgelint.rules import DEFAULT_CODES

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
SOURCE = HERE.parents[1] / "shared" / "corpus" / "usebio" / "abftech__cobalt__mp_pairs_howell.xml"
_BOARD = re.compile(r"<BOARD_NUMBER>([0-9]+)</BOARD_NUMBER>")


def stretched(text: str, copies: int) -> str:
    """The file with its EVENT's boards and its HANDSET's boards ``copies`` times over, renumbered after the last."""
    last = max(int(n) for n in _BOARD.findall(text))

    def copied(block: str) -> str:
        return "".join(_BOARD.sub(lambda m, k=k: f"<BOARD_NUMBER>{int(m.group(1)) + k * last}</BOARD_NUMBER>", block)
                       for k in range(copies))

    events = re.search(r"(<BOARD EVENT_TYPE.*</BOARD>\s*)</EVENT>", text, re.DOTALL)
    handset = re.search(r"<HANDSET>(.*)</HANDSET>", text, re.DOTALL)
    assert events is not None and handset is not None
    text = text[:events.start(1)] + copied(events.group(1)) + text[events.end(1):]
    handset = re.search(r"<HANDSET>(.*)</HANDSET>", text, re.DOTALL)
    assert handset is not None
    return text[:handset.start(1)] + copied(handset.group(1)) + text[handset.end(1):]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    xml = DATA / f"usebio-{args.copies}.xml"
    xml.write_text(stretched(SOURCE.read_text(encoding="utf-8"), args.copies), encoding="utf-8")
    out = io.BytesIO()
    writer = PbnWriter(out)
    records = list(open_reader(io.BytesIO(xml.read_bytes()), str(xml)))
    for record in records:
        writer.write(record)
    pbn = xml.with_suffix(".pbn")
    pbn.write_bytes(out.getvalue())
    lines = sum(len(record.tables["ScoreTable"]) for record in records)
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.rounds):
        for name, path in (("usebio", xml), ("pbn", pbn)):
            wall, cpu = time.perf_counter(), time.process_time()
            report = check_file(str(path), DEFAULT_CODES)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            assert report.games == len(records), (name, report.games)
            old = best.get(name, (float("inf"), float("inf")))
            best[name] = (min(old[0], wall), min(old[1], cpu))
    for name, path in (("usebio", xml), ("pbn", pbn)):
        wall, cpu = best[name]
        print(f"{name:6} {path.stat().st_size / 1000:6.0f} KB, {len(records)} boards, {lines} lines: "
              f"{wall * 1000:6.1f} ms ({cpu * 1000:6.1f} ms CPU)")
    print(f"ratio usebio/pbn: wall {best['usebio'][0] / best['pbn'][0]:.2f}, CPU {best['usebio'][1] / best['pbn'][1]:.2f}")


if __name__ == "__main__":
    main()
