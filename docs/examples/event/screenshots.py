"""The screenshots of the HTML report in the event guide (docs/guides/event.md), made from the planted event.

    python docs/examples/event/screenshots.py [FOLDER]    # needs Debian's chromium


checks ``results.pbn`` (beside this script: a club pairs evening with a wrong traveller score, a fouled board
and a wrong total planted) as ``bridgelint check --format html`` does, and photographs the page in headless
Chromium: the top of the report, the board with the marked traveller, the fouled board with the cards that
differ marked in both deals, and the ranking with its wrong total.  Each board is shown alone on the report's
own page and style, the picture as tall as it is.  The pictures go to docs/guides/img (or FOLDER).  Run it
again whenever the report's look changes, so that the guide shows what bridgelint writes; the HTML report's
tests run it too.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EVENT = Path("docs/examples/event/results.pbn")  # as the report names it: from the repository's root
IMAGES = ROOT / "docs" / "guides" / "img"
WIDTH = 1000  # pixels: a laptop's window
BROWSER = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
           "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
           "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--proxy-server=http://127.0.0.1:9"]
SHOTS = {  # picture: (what of the report, its height in pixels or None: as tall as it is)
    "report-top.png": (None, 760),
    "report-traveller.png": ("Board 3 (game 3,", None),
    "report-fouled-board.png": ("Board 5 (game 6,", None),
    "report-ranking.png": ("Board 6 (game 7,", None),
}
_MEASURE = "<script>document.title = document.documentElement.scrollHeight</script>"


def report(folder: Path) -> str:
    """The HTML report of the planted event."""
    target = folder / "report.html"
    subprocess.run([sys.executable, "-m", "bridgelint", "check", "--isolated", "--format", "html", "-o", str(target),
                    str(EVENT)], cwd=ROOT, check=False, capture_output=True)
    return target.read_text(encoding="utf-8")


def alone(page: str, title: str) -> str:
    """The report's page with only the board whose title starts with ``title`` in it."""
    boards = re.findall(r'<article class="board[^"]*" id="[^"]+"><h3>.*?</article>', page, re.S)
    [board] = [b for b in boards if re.sub(r"<[^>]+>", "", b.split("</h3>")[0]).split(">", 1)[-1].startswith(title)]
    return re.sub(r"<main>.*</main>", lambda _: f"<main>{board}</main>", page, flags=re.S)


def shoot(browser: str, folder: Path, page: str, target: Path, height: int | None) -> None:
    source = folder / "shot.html"
    if height is None:  # measured first: the page's height, as its title
        source.write_text(page.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
        dom = run(browser, folder, "--dump-dom", f"--window-size={WIDTH},600", source.as_uri()).stdout
        height = int(re.search(r"<title>(\d+)</title>", dom).group(1))  # type: ignore[union-attr]
    source.write_text(page, encoding="utf-8")
    run(browser, folder, f"--screenshot={target}", f"--window-size={WIDTH},{height}", source.as_uri())


def run(browser: str, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([browser, *BROWSER, f"--user-data-dir={folder / 'profile'}", *args], capture_output=True,
                          text=True, timeout=300, check=True)


def main(images: Path = IMAGES) -> None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("screenshots.py: chromium is not installed (apt-get install chromium)")
    images.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        page = report(folder)
        for picture, (title, height) in SHOTS.items():
            shoot(browser, folder, page if title is None else alone(page, title), images / picture, height)
            print(f"wrote {images / picture}")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else IMAGES)
