"""The HTML report: valid HTML5, self-contained, bounded; rendered in headless Chromium.

The browser tests need Debian's ``chromium`` (``.ci/run`` installs it); they
skip only where it is not installed and the run is not CI.  Chromium runs
with every host name resolving to nothing and a dead proxy, so no request
can leave the machine; its network log shows whether the page asked for one.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridgelint.reporters import html as html_reporter
from conftest import board
from conftest import run_cli as run

html5lib = pytest.importorskip("html5lib")

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
QUIET_BROWSER = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-extensions", "--disable-default-apps", "--disable-breakpad", "--no-pings",
                 "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9", "--hide-scrollbars"]


def samples_html(monkeypatch, tmp_path: Path, *paths: str) -> Path:
    monkeypatch.chdir(ROOT)
    target = tmp_path / "report.html"
    code, out, err = run(monkeypatch, "check", "--isolated", "--jobs", "1", "--format", "html", "-o", str(target),
                         *(paths or ("samples/",)))
    assert code == 1 and out == ""
    return target


def parse(text: str):
    return html5lib.parse(text, namespaceHTMLElements=False)


def classes(element) -> set[str]:
    return set(element.get("class", "").split())


def find_all(root, tag: str, cls: str | None = None) -> list:
    return [e for e in root.iter(tag) if cls is None or cls in classes(e)]


def text_of(element) -> str:
    return "".join(element.itertext())


# --- the document, without a browser ------------------------------------------------------------------

def test_the_page_is_valid_html5_and_self_contained(monkeypatch, tmp_path):
    page = samples_html(monkeypatch, tmp_path).read_bytes()
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    root = parser.parse(page)  # strict: any parse error of the HTML5 syntax raises
    assert page.startswith(b"<!DOCTYPE html>") and b'<meta charset="utf-8">' in page
    assert not [e for e in root.iter() if e.tag in ("script", "img", "iframe", "object", "embed", "link", "base")]
    assert not [e for e in root.iter() if e.get("src") is not None]
    hrefs = [e.get("href") for e in root.iter("a")]
    assert hrefs and all(href.startswith("#") for href in hrefs)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and {href[1:] for href in hrefs} <= set(ids)  # every link has its target
    style = "".join(text_of(e) for e in root.iter("style"))
    assert "url(" not in style and "@import" not in style
    assert "break-inside: avoid" in style and "@page { size: A4" in style


def test_control_characters_of_the_input_are_shown_escaped_and_the_page_stays_valid(monkeypatch, tmp_path):
    game = (ROOT / "samples" / "clean.pbn").read_text(encoding="latin-1").split("\n\n")[1]
    game = game.replace('[West "W', '[West "\x1bW\x85')
    game = game.replace("Pass Pass 2S Pass", "Pass \x02 Pass 2S Pass")  # a bad character: its message quotes it
    (tmp_path / "ctl.pbn").write_text(game, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(monkeypatch, "check", "--isolated", "--jobs", "1", "--format", "html", "-o", "r.html",
                         "ctl.pbn")
    assert code in (0, 1), err
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)
    assert not re.search("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]", page)
    assert "West: \\x1bW\\x85" in page


def test_a_file_with_many_boards_draws_the_first_and_counts_the_rest(monkeypatch, tmp_path):
    games = "\n".join(board('[Auction "N"]', "PASS Pass Pass Pass", number=str(n), dealer="N")
                      for n in range(1, 41))
    (tmp_path / "many.pbn").write_text(games)
    target = tmp_path / "many.html"
    monkeypatch.chdir(tmp_path)
    code, out, err = run(monkeypatch, "check", "--isolated", "--select", "S109", "--format", "html", "-o",
                         str(target), "many.pbn")
    root = parse(target.read_text(encoding="utf-8"))
    drawn = find_all(root, "article", "board")
    assert len(drawn) == html_reporter.BOARDS_PER_FILE
    assert [b.get("id") for b in drawn[:2]] == ["f1-g1", "f1-g2"]
    [more] = find_all(root, "div", "more")
    rest = 40 - html_reporter.BOARDS_PER_FILE
    assert [text_of(li).split(",")[0] for li in more.iter("li")] == [f"{rest} S109 on {rest} more boards"]


def test_html_from_standard_input(monkeypatch, tmp_path):
    text = (ROOT / "samples" / "auction-defects.pbn").read_bytes()
    target = tmp_path / "stdin.html"
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), "-", stdin=text)
    root = parse(target.read_text(encoding="utf-8"))
    assert code == 1 and len(find_all(root, "article", "board")) == 6  # board 7's marked ^I is info, not shown


# --- in the browser ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def chromium() -> str:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run installs Debian's chromium package")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return CHROMIUM


def browse(chromium: str, tmp_path: Path, page: Path, *args: str) -> tuple[str, list[dict]]:
    """The DOM Chromium renders from ``page`` and the requests it started (from its network log)."""
    netlog = tmp_path / "netlog.json"
    done = subprocess.run([chromium, *QUIET_BROWSER, f"--user-data-dir={tmp_path / 'profile'}",
                           f"--log-net-log={netlog}", *args, page.as_uri()],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    log = json.loads(netlog.read_text(encoding="utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    requests = [e["params"] for e in log["events"] if e["type"] == start and "url" in e.get("params", {})]
    # the browser's own services start requests with no origin; the page's have one
    return done.stdout, [r for r in requests if r.get("initiator") != "not an origin"]


def test_the_browser_renders_the_report(chromium, monkeypatch, tmp_path):
    target = samples_html(monkeypatch, tmp_path)
    dom, requests = browse(chromium, tmp_path, target, "--dump-dom")
    assert requests == []
    root = parse(dom)
    rows = [r for r in find_all(root, "tr") if classes(r) & {"ok", "rejected"}]
    assert [(text_of(r.find("td")), sorted(classes(r))) for r in rows] == [
        ("samples/auction-defects.lin", ["rejected"]), ("samples/auction-defects.pbn", ["rejected"]),
        ("samples/deal-defects.pbn", ["rejected"]), ("samples/play-defects.pbn", ["rejected"])]
    # one diagram per board with findings, each with four hands
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "json", "samples/")
    with_findings = {(f["path"], finding["game"]) for f in json.loads(out)["files"] for finding in f["findings"]
                     if finding["game"] is not None}
    boards = find_all(root, "article", "board")
    assert len(boards) == len(with_findings) > 10
    assert all(len(find_all(b, "div", "hand")) == 4 for b in boards)
    # the insufficient bid of board 2 is marked in its cell of the auction grid, in the dealer's order
    board2 = next(b for b in boards if text_of(b.find("h3")).startswith("Board 2 (game 2,"))
    [cell] = [td for td in board2.iter("td") if td.find("mark") is not None]
    assert text_of(cell) == "1\u2666 A103" and classes(cell.find("mark")) == {"error"}
    assert "Laws 18, 27" in [text_of(s) for s in find_all(board2, "span", "law")]
    # the verdict table links to each board drawn
    links = [a.get("href") for a in root.iter("a")]
    assert {f"#{b.get('id')}" for b in boards} <= set(links)


def test_the_browser_takes_a_screenshot(chromium, monkeypatch, tmp_path):
    target = samples_html(monkeypatch, tmp_path)
    for name, size in (("desktop.png", "1200,1600"), ("phone.png", "390,844")):
        shot = tmp_path / name
        dom, requests = browse(chromium, tmp_path, target, f"--screenshot={shot}", f"--window-size={size}")
        assert requests == []
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_the_network_check_sees_a_request(chromium, tmp_path):
    """The check above can fail: a page that loads an image shows a request (which goes nowhere)."""
    page = tmp_path / "fetches.html"
    page.write_text('<!DOCTYPE html><title>t</title><img src="http://example.invalid/x.png" alt="">')
    dom, requests = browse(chromium, tmp_path, page, "--dump-dom")
    assert [r["url"] for r in requests] == ["http://example.invalid/x.png"]


def test_the_report_prints_on_a4_with_no_board_split(chromium, monkeypatch, tmp_path):
    """Printed to PDF: A4 pages, each starting with a board or with a file's heading (never inside a board)."""
    if shutil.which("pdftotext") is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext is not installed: .ci/run installs Debian's poppler-utils")
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils)")
    target = samples_html(monkeypatch, tmp_path)
    pdf = tmp_path / "report.pdf"
    browse(chromium, tmp_path, target, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Page size:\s+59[45]\.\d* x 841\.\d* pts \(A4\)", info)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [page.strip() for page in text.split("\f") if page.strip()]
    files = ("samples/auction-defects.lin", "samples/auction-defects.pbn", "samples/deal-defects.pbn",
             "samples/play-defects.pbn")
    assert len(pages) > 3 and pages[0].startswith("bridgelint report")
    for number, page in enumerate(pages[1:], 2):
        assert page.startswith(("Board ",) + files), f"page {number} starts inside a board: {page[:80]!r}"
    titles = re.findall(r"^\s*Board \S+ \((?:game|record) \d+, line \d+\)", text, re.M)
    assert len(titles) == len(find_all(parse(target.read_text(encoding="utf-8")), "article", "board"))


def test_text_from_the_record_is_escaped(monkeypatch, tmp_path):
    """Names, notes, tokens and tag values from a file are text on the page, never markup."""
    hostile = board('[West "<script>alert(1)</script>"]', '[Contract "<i>4S"]', '[Auction "N"]',
                    "1S =1= <x> Pass Pass", '[Note "1:<b>strong</b> & \\\\S"]')
    (tmp_path / "h.pbn").write_text(hostile)
    target = tmp_path / "h.html"
    monkeypatch.chdir(tmp_path)
    run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), "h.pbn")
    page = target.read_text(encoding="utf-8")
    root = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False).parse(page)
    assert not [e for e in root.iter() if e.tag in ("script", "i", "x")]
    assert not [e for e in root.iter("b") if text_of(e) == "strong"]
    text = text_of(root.find("body"))
    assert "West: <script>alert(1)</script>" in text and "(1) <b>strong</b> & \u2660" in text
