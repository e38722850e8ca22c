"""The browser page (web/), timed in Debian's headless chromium, as its tests drive it.

    python web/build.py && python benchmarks/web_page.py [--boards 5000] [--rounds 3]

- **samples/, cold**: from opening the page in a browser with an empty cache to the report of the seven
  samples (the files chosen as soon as the page is ready); **warm**: the same browser opening the page again
  (its cache holds Pyodide and the wheels).  The page's own clock: milliseconds since it was opened.
- **N boards**: a synthetic PBN archive of N legal boards (synth.py) checked in the page (JSON, then the HTML
  report, as the page does) against ``bridgelint check --jobs 1`` writing the same two reports on this
  machine, best of the rounds; the page's JSON is compared with the command line's.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM, QUIET_BROWSER  # noqa: E402  (the tests' browser and flags)
from devtools import Browser, served  # noqa: E402

DIST = ROOT / "web" / "dist"
FAILED = "document.body.dataset.state === 'failed' && document.getElementById('progress').textContent"


def check(browser: Browser, paths: list[Path]) -> dict:
    """The page's result for ``paths`` and its clock: when it was ready, when Check was pressed, when it showed
    the report (milliseconds since it was opened)."""
    browser.evaluate("document.getElementById('clear').click()")
    browser.set_files("#files", paths)
    browser.wait_for("!document.getElementById('check').disabled", 60)
    done = int(browser.evaluate("Number(document.body.dataset.checked || 0)"))
    browser.evaluate("document.getElementById('check').click()")
    browser.wait_for(f"Number(document.body.dataset.checked || 0) === {done + 1}", 3600, fail=FAILED)
    return browser.evaluate("({times: window.bridgelint.times, result: window.bridgelint.result})")


def opened(browser: Browser, site: str) -> None:
    browser.open(site)
    browser.wait_for("document.body.dataset.state === 'ready'", 600, fail=FAILED)


def cli(archive: Path) -> tuple[float, float, dict]:
    """Wall seconds of ``bridgelint check`` writing the JSON report, then the HTML report, and the JSON."""
    seconds = []
    with tempfile.TemporaryDirectory() as out:
        for kind in ("json", "html"):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "1", "--format", kind,
                            "-o", f"{out}/report.{kind}", archive.name], cwd=archive.parent, check=False,
                           stderr=subprocess.DEVNULL)
            seconds.append(time.perf_counter() - start)
        document = json.loads(Path(out, "report.json").read_text(encoding="utf-8"))
    return seconds[0], seconds[1], document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if CHROMIUM is None or not (DIST / "wheels.json").exists():
        sys.exit("needs chromium and the built page (python web/build.py)")
    archive = ROOT / "benchmarks" / "data" / f"synthetic-{args.boards}.pbn"
    if not archive.exists():
        archive.parent.mkdir(exist_ok=True)
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "synth.py"), "pbn", str(args.boards), str(archive)],
                       check=True)
    samples = sorted((ROOT / "samples").iterdir())
    with served(DIST) as address, tempfile.TemporaryDirectory() as profile, \
            Browser(CHROMIUM, QUIET_BROWSER, Path(profile)) as browser:
        site = address + "index.html"
        for visit in ("cold", *["warm"] * args.rounds):
            opened(browser, site)
            shown = check(browser, samples)
            times = shown["times"]
            print(f"samples/, {visit}: report {times['done'] / 1000:.2f} s after opening (ready at "
                  f"{times['ready'] / 1000:.2f} s, checked in {(times['done'] - times['checked']) / 1000:.2f} s)",
                  flush=True)
        page = []
        for _ in range(args.rounds):
            shown = check(browser, [archive])
            result = shown["result"]
            page.append(((shown["times"]["done"] - shown["times"]["checked"]) / 1000, result["checking"],
                         result["drawing"]))
            line = (f"{args.boards} boards in the page: {page[-1][0]:.2f} s from Check to the report (check "
                    f"{page[-1][1]:.2f} s, HTML report {page[-1][2]:.2f} s)")
            print(line, flush=True)
    runs = [cli(archive) for _ in range(args.rounds)]
    for checking, drawing, _ in runs:
        print(f"{args.boards} boards, command line: check {checking:.2f} s, HTML report {drawing:.2f} s", flush=True)
    same = json.loads(result["json"]) == runs[-1][2]
    best_page, best_cli = min(p[0] for p in page), min(c[0] + c[1] for c in runs)
    best_check_page, best_check_cli = min(p[1] for p in page), min(c[0] for c in runs)
    print(f"page / command line, best of {args.rounds}: both reports {best_page / best_cli:.2f}x "
          f"({best_page:.2f} s / {best_cli:.2f} s), check alone {best_check_page / best_check_cli:.2f}x "
          f"({best_check_page:.2f} s / {best_check_cli:.2f} s); the same JSON: {same}")


if __name__ == "__main__":
    main()
