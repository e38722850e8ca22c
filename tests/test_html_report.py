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
from conftest import QUIET_BROWSER, board, console_errors
from conftest import run_cli as run

from bridgelint.core import documentation
from bridgelint.reporters import html as html_reporter

html5lib = pytest.importorskip("html5lib")

ROOT = Path(__file__).resolve().parents[1]


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
    inside = [href for href in hrefs if href.startswith("#")]  # the rest: the rules' pages on the documentation site
    assert inside and all(href.startswith(documentation.site() + "/rules/") for href in hrefs if href not in inside)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and {href[1:] for href in inside} <= set(ids)  # every link has its target
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
    code, out, err = run(monkeypatch, "check", "--isolated", "--select", "S109", "--fail-on", "warning", "--format",
                         "html", "-o", str(target), "many.pbn")  # S109 is a warning: drawn when it fails the file
    root = parse(target.read_text(encoding="utf-8"))
    drawn = find_all(root, "article", "board")
    assert len(drawn) == html_reporter.BOARDS_PER_FILE
    assert [b.get("id") for b in drawn[:2]] == ["f1-g1", "f1-g2"]
    [more] = find_all(root, "div", "more")
    rest = 40 - html_reporter.BOARDS_PER_FILE
    [code] = more.find("ul").findall("li")
    assert text_of(more.find("h3")) == "Boards with warnings only, not drawn"
    assert text_of(code).startswith(f"{rest} S109 on {rest} boards: 13, 14, 15, 16, ")
    assert f"32 and {rest - 20} more" in text_of(code)  # the first 20 boards named
    listed = [text_of(li.find("span")) for li in find_all(code, "li", "finding")]
    assert listed == [f"board {n}, game {n}, line {7 * n - 1}, column 1" for n in (13, 14, 15)]
    assert text_of(find_all(code, "p", "rest")[0]) == f"and {rest - 3} more"


def test_html_from_standard_input(monkeypatch, tmp_path):
    text = (ROOT / "samples" / "auction-defects.pbn").read_bytes()
    target = tmp_path / "stdin.html"
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), "-", stdin=text)
    root = parse(target.read_text(encoding="utf-8"))
    assert code == 1 and len(find_all(root, "article", "board")) == 6  # board 7's marked ^I is info, not shown


# --- what the organiser reads first ---------------------------------------------------------------------

def html_of(monkeypatch, tmp_path: Path, text: str, *args: str) -> object:
    (tmp_path / "u.pbn").write_text(text)
    target = tmp_path / "u.html"
    monkeypatch.chdir(tmp_path)
    run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), *args, "u.pbn")
    return parse(target.read_text(encoding="utf-8"))


def dated(n: int) -> list[str]:
    """``n`` boards with a B107 date warning each."""
    return [board('[Date "95.06.10"]', number=str(i)) for i in range(1, n + 1)]


def test_boards_with_errors_are_drawn_and_boards_with_warnings_only_listed(monkeypatch, tmp_path):
    """An upload whose only errors are on its last boards: those are drawn, in file order; the twenty boards
    before them with a date warning each are listed after them, not drawn."""
    games = dated(20) + [board('[Auction "N"]', "1D Pass 1C AP", number=str(n)) for n in (21, 22)]
    root = html_of(monkeypatch, tmp_path, "\n".join(games), "--select", "A103,B107")
    drawn = find_all(root, "article", "board")
    assert [b.get("id") for b in drawn] == ["f1-g21", "f1-g22"] and all("has-error" in classes(b) for b in drawn)
    [more] = find_all(root, "div", "more")
    assert classes(more) == {"more", "warnings"} and text_of(more.find("h3")) == "Boards with warnings only, not drawn"
    [item] = more.find("ul").findall("li")
    assert text_of(item).startswith("20 B107 on 20 boards: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, ")
    section = root.find(".//section[@class='file']")
    order = [e for e in section.iter() if e in drawn or e is more]
    assert order == drawn + [more]  # the errors come first
    cell = find_all(root, "td", "boards")[0]
    assert text_of(cell) == "21, 22"


def test_warnings_are_drawn_when_they_fail_the_file(monkeypatch, tmp_path):
    games = dated(3) + [board('[Auction "N"]', "1D Pass 1C AP", number="4")]
    root = html_of(monkeypatch, tmp_path, "\n".join(games), "--fail-on", "warning")
    assert [b.get("id") for b in find_all(root, "article", "board")] == ["f1-g1", "f1-g2", "f1-g3", "f1-g4"]


def test_every_finding_on_the_page_has_a_place(monkeypatch, tmp_path):
    games = dated(20) + [board('[Auction "N"]', "1D Pass 1C AP", number="21")]
    root = html_of(monkeypatch, tmp_path, "\n".join(games))
    found = find_all(root, "li", "finding")
    assert len(found) > 12
    for li in found:
        where = text_of(li.find("span[@class='where']"))
        assert re.fullmatch(r"(board \S+, game \d+, )?line \d+, column \d+", where), where
        article = next((a for a in find_all(root, "article", "board") if li in list(a.iter("li"))), None)
        assert article is not None or where.startswith("board "), "a finding apart from its board names it"
    assert find_all(root, "div", "more")[0].find("ul/li").get("id") == "f1-c1"  # its place in the file's list


def test_a_score_table_finding_shows_the_whole_traveller_with_the_wrong_cell_marked(monkeypatch, tmp_path):
    text = board('[Declarer "S"]', '[Contract "4S"]', '[Result "10"]',
                 '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract;Declarer;Result;Score_NS;Score_EW"]',
                 " 1  2 4S S 10 420 -", " 3  4 4S S 10 620 -", " 5  6 3NT N 9 400 -")
    root = html_of(monkeypatch, tmp_path, text, "--select", "T105")
    [part] = find_all(root, "div", "traveller")
    assert text_of(part.find("h4")) == "Traveller (ScoreTable, line 8)"
    assert [text_of(th) for th in part.iter("th")] == ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
                                                      "Score_NS", "Score_EW"]
    rows = [[text_of(td) for td in tr.iter("td")] for tr in part.find(".//tbody").iter("tr")]
    assert rows == [["1", "2", "4S", "S", "10", "420", "-"], ["3", "4", "4S", "S", "10", "620 \u2192 420 T105", "-"],
                    ["5", "6", "3NT", "N", "9", "400", "-"]]
    [cell] = [td for td in part.iter("td") if td.find("mark") is not None]
    assert classes(cell.find("mark")) == {"error"} and text_of(find_all(cell, "span", "expected")[0]) == "\u2192 420"
    [findings] = find_all(root, "div", "findings")
    assert [text_of(h) for h in findings.iter("h4")] == ["Traveller"]  # not under Header
    assert [text_of(p) for p in find_all(findings, "p", "next")] == [
        "Next: correct the score in the scoring program and export again."]


def differing(diagram) -> dict[str, list[str]]:
    """The ranks marked as differing in each hand of a diagram, by seat."""
    return {seat: [text_of(s) for s in find_all(hand, "span", "differs")]
            for hand in find_all(diagram, "div", "hand") for seat in "NESW" if seat in classes(hand)}


def test_a_fouled_board_shows_both_deals_with_the_cards_that_differ_marked(monkeypatch, tmp_path):
    one = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    two = "N:AKQJT98765432... .KQJT98765432.A. .A.KQJT98765432. ...AKQJT98765432"  # the HA and the DA swapped
    game = '[Event "Teams"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{}"]\n' \
           '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n'
    root = html_of(monkeypatch, tmp_path, game.format(one) + "\n" + game.format(two), "--select", "E101")
    [article] = find_all(root, "article", "board")
    [other] = find_all(article, "div", "other-deal")
    assert text_of(other.find("h4")).startswith("The deal at line 5 (Board 1 (game 1")
    east = [text_of(h) for h in find_all(other, "div", "hand") if "E" in classes(h)]
    assert east == ["East\u2660 -\u2665 AKQJT98765432\u2666 -\u2663 -"]
    own, theirs = find_all(article, "div", "diagram")
    assert differing(own) == {"N": [], "E": ["A"], "S": ["A"], "W": []}
    assert [text_of(line) for line in find_all(own, "div", "E")[0].findall("div")] == [
        "\u2660 -", "\u2665 KQJT98765432", "\u2666 A", "\u2663 -"]  # its A is the diamond ace
    assert differing(theirs) == {"N": [], "E": ["A"], "S": ["A"], "W": []}
    assert text_of(find_all(theirs, "div", "E")[0].findall("div")[1]) == "\u2665 AKQJT98765432"


def test_a_fouled_board_shows_the_hand_records_deal_from_its_file(monkeypatch, tmp_path):
    one = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    two = "N:AKQJT98765432... .KQJT98765432.A. .A.KQJT98765432. ...AKQJT98765432"  # the HA and the DA swapped
    game = '[Event "Teams"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{}"]\n'
    (tmp_path / "hr.pbn").write_text(game.format(one))
    root = html_of(monkeypatch, tmp_path, game.format(two) + '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n',
                   "--select", "E101", "--hand-record", "hr.pbn")
    [other] = [div for article in find_all(root, "article", "board") for div in find_all(article, "div", "other-deal")]
    assert text_of(other.find("h4")) == "board 1 in the hand record, hr.pbn:5"
    east = [text_of(h) for h in find_all(other, "div", "hand") if "E" in classes(h)]
    assert east == ["East\u2660 -\u2665 AKQJT98765432\u2666 -\u2663 -"]
    own, theirs = find_all(find_all(root, "article", "board")[0], "div", "diagram")
    assert differing(own) == differing(theirs) == {"N": [], "E": ["A"], "S": ["A"], "W": []}


def test_codes_link_the_rule_text_the_page_carries(monkeypatch, tmp_path):
    from bridgelint.rules import RULES

    root = html_of(monkeypatch, tmp_path, board('[Auction "N"]', "1D Pass 1C AP"))
    links = {a.get("href") for a in find_all(root, "a", "code")}
    assert links == {"#rule-A103"}
    [rule] = find_all(root, "article", "rule")
    assert rule.get("id") == "rule-A103" and text_of(rule.find("h3")).startswith("A103 insufficient-bid")
    said = text_of(rule)
    doc = RULES["A103"].doc()
    assert doc.split("\n\n")[0].split("\n")[0] in said and "What it does:" in said and "Use instead:" in said
    assert [a.get("href") for a in rule.iter("a")] == [documentation.rule_url("A103")]


def test_unfinished_tricks_are_left_out_and_the_centre_shows_dealer_and_vulnerability(monkeypatch, tmp_path):
    text = board('[Declarer "S"]', '[Contract "3NT"]', '[Result "9"]', '[Play "W"]', "-  HA H2 H3", "*",
                 dealer="E", vulnerable="NS")
    root = html_of(monkeypatch, tmp_path, text, "--ignore", "D")
    [article] = find_all(root, "article", "board")
    play = find_all(article, "div", "play")
    assert all("- - - -" not in text_of(tr) for p in play for tr in p.iter("tr"))
    [centre] = find_all(article, "div", "table")
    assert centre.get("aria-label") == "dealer E, vulnerable NS"
    assert {text_of(s) for s in find_all(centre, "span", "vul")} == {"N", "S"}
    assert [text_of(s) for s in find_all(centre, "span", "dealer")] == ["E"]


DD_BOARD = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]\n'
            '[DoubleDummyTricks "7c5c67c5c61181711817"]\n[Ability "N:7C5C6 E:11817 S:7C5C6 W:11818"]\n'
            '[Date "95.06.10"]\n')  # the Ability's West in clubs differs (O101), the Date draws the board alone


def double_dummy_of(root) -> tuple[list[str], list[list[str]], list]:
    """The board's double-dummy part: its headers, its rows of cells as text, and its cells that are marked."""
    [part] = find_all(find_all(root, "article", "board")[0], "div", "double-dummy")
    headers = [text_of(th) for th in part.iter("th")]
    rows = [[text_of(td) for td in tr.iter("td")] for tr in part.find("table/tbody").iter("tr")]
    return headers, rows, [td for td in part.iter("td") if td.find("mark") is not None]


def test_a_board_shows_its_double_dummy_table_with_the_cell_a_finding_names(monkeypatch, tmp_path):
    root = html_of(monkeypatch, tmp_path, DD_BOARD)
    headers, rows, marked = double_dummy_of(root)
    assert headers == ["", "NT", "\u2660", "\u2665", "\u2666", "\u2663"]
    assert rows[0] == ["North", "7", "12", "5", "12", "6"]
    assert rows[3] == ["West", "1", "1", "8", "1", "7 O101"]  # the cell the O101 finding names
    [cell] = marked
    assert classes(cell.find("mark")) == {"error"} and "Ability gives West in clubs 8 tricks" in cell.find("mark").get(
        "title")
    assert not [p for p in find_all(root, "p", "note") if text_of(p).startswith("par:")]  # tables disagree: no par


def test_a_board_whose_tables_agree_shows_their_par(monkeypatch, tmp_path):
    root = html_of(monkeypatch, tmp_path, DD_BOARD.replace("W:11818", "W:11817"), "--fail-on", "warning")
    headers, rows, marked = double_dummy_of(root)
    assert rows[3] == ["West", "1", "1", "8", "1", "7"] and marked == []
    [part] = find_all(find_all(root, "article", "board")[0], "div", "double-dummy")
    assert [text_of(p) for p in find_all(part, "p", "note")] == ["par: NS 980 (NS 6S=)"]


def test_a_board_without_double_dummy_tags_has_no_such_part(monkeypatch, tmp_path):
    root = html_of(monkeypatch, tmp_path, board('[Date "95.06.10"]'), "--fail-on", "warning")
    assert find_all(root, "article", "board") and find_all(root, "div", "double-dummy") == []


def test_headings_and_table_headers_for_assistive_technology(monkeypatch, tmp_path):
    root = samples_root = parse(samples_html(monkeypatch, tmp_path).read_text(encoding="utf-8"))
    levels = [int(e.tag[1]) for e in samples_root.iter() if re.fullmatch(r"h[1-6]", str(e.tag))]
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:]))  # no level skipped
    assert all(th.get("scope") == "col" for th in root.iter("th"))
    assert root.find("body/main") is not None


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_colours_have_the_contrast_of_wcag_aa():
    css = html_reporter.CSS
    colours = dict(re.findall(r"--(\w+): (#[0-9a-f]{6})", css))
    pairs = [(colours["error"], "#ffffff"), (colours["warning"], "#ffffff"), (colours["info"], "#ffffff"),
             ("#ffffff", colours["error"]), ("#ffffff", "#2e7d32"), ("#555555", "#ffffff"), ("#0645ad", "#ffffff")]
    for fore, back in pairs:
        light, dark = sorted((_luminance(fore), _luminance(back)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (fore, back)


# --- in the browser ---------------------------------------------------------------------------------------------

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


def test_the_page_loads_with_no_console_error(chromium, monkeypatch, tmp_path):
    target = samples_html(monkeypatch, tmp_path)
    assert console_errors(chromium, tmp_path, target.as_uri()) == []


def test_the_console_check_sees_an_error(chromium, tmp_path):
    """The check above can fail: a page whose script logs an error shows it."""
    page = tmp_path / "broken.html"
    page.write_text('<!DOCTYPE html><title>t</title><script>console.error("broken page")</script>')
    assert any("broken page" in line for line in console_errors(chromium, tmp_path, page.as_uri()))


def test_the_browser_draws_the_error_board_first(chromium, monkeypatch, tmp_path):
    games = dated(20) + [board('[Auction "N"]', "1D Pass 1C AP", number="21")]
    (tmp_path / "u.pbn").write_text("\n".join(games))
    target = tmp_path / "u.html"
    monkeypatch.chdir(tmp_path)
    run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), "u.pbn")
    shot = tmp_path / "first.png"
    dom, requests = browse(chromium, tmp_path, target, f"--screenshot={shot}", "--window-size=1200,1600")
    assert requests == [] and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dom, requests = browse(chromium, tmp_path, target, "--dump-dom")
    root = parse(dom)
    assert find_all(root, "article", "board")[0].get("id") == "f1-g21"
    assert all(re.search(r"line \d+, column \d+", text_of(li)) for li in find_all(root, "li", "finding"))


def test_the_browser_draws_the_double_dummy_table_with_the_marked_cell(chromium, monkeypatch, tmp_path):
    (tmp_path / "u.pbn").write_text(DD_BOARD)
    target = tmp_path / "u.html"
    monkeypatch.chdir(tmp_path)
    run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), "u.pbn")
    dom, requests = browse(chromium, tmp_path, target, "--dump-dom")
    assert requests == []
    headers, rows, marked = double_dummy_of(parse(dom))
    assert headers[1:] == ["NT", "\u2660", "\u2665", "\u2666", "\u2663"] and len(rows) == 4
    assert [text_of(td) for td in marked] == ["7 O101"]
    shot = tmp_path / "dd.png"
    browse(chromium, tmp_path, target, f"--screenshot={shot}", "--window-size=1200,900")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


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
    warned = tmp_path / "warned.pbn"  # a board with a warning only: on the screen, not in the print
    warned.write_text(board('[Date "95.06.10"]'))
    target = samples_html(monkeypatch, tmp_path, "samples/", str(warned))
    pdf = tmp_path / "report.pdf"
    browse(chromium, tmp_path, target, f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"Page size:\s+59[45]\.\d* x 841\.\d* pts \(A4\)", info)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [page.strip() for page in text.split("\f") if page.strip()]
    files = ("samples/auction-defects.lin", "samples/auction-defects.pbn", "samples/deal-defects.pbn",
             "samples/play-defects.pbn", str(warned))
    assert len(pages) > 3 and pages[0].startswith("bridgelint report")
    for number, page in enumerate(pages[1:], 2):
        assert page.startswith(("Board ",) + files), f"page {number} starts inside a board: {page[:80]!r}"
    titles = re.findall(r"^\s*Board \S+ \((?:game|record) \d+, line \d+\)", text, re.M)
    root = parse(target.read_text(encoding="utf-8"))
    assert len(titles) == len(find_all(root, "article", "has-error")) == len(find_all(root, "article", "board"))
    assert find_all(root, "div", "warnings") and "Boards with warnings only" not in text  # listed on the screen
    assert "Printed: the verdict table and the boards with errors" in pages[0]


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


# --- the planted event: what a director reads first ----------------------------------------------------------

EVENT = Path("docs/examples/event/results.pbn")  # a wrong traveller score, a fouled board, a wrong total planted
MM = 72 / 25.4  # PDF points a millimetre


def event_html(monkeypatch, tmp_path: Path, text: str | None = None) -> Path:
    """The report of the planted event, or of ``text`` written in its place."""
    monkeypatch.chdir(ROOT)
    source = str(EVENT)
    if text is not None:
        source = str(tmp_path / "event.pbn")
        Path(source).write_text(text, encoding="utf-8")
    target = tmp_path / "event.html"
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "html", "-o", str(target), source)
    assert code == 1, err
    return target


def board_titled(root, title: str):
    [found] = [b for b in find_all(root, "article", "board") if text_of(b.find("h3")).startswith(title)]
    return found


def test_the_browser_shows_the_planted_event_errors_first_with_the_wrong_cells_and_cards_marked(
        chromium, monkeypatch, tmp_path):
    dom, requests = browse(chromium, tmp_path, event_html(monkeypatch, tmp_path), "--dump-dom")
    assert requests == []
    root = parse(dom)
    # every board has a date warning; the three with errors are drawn first, in file order, the others listed
    drawn = find_all(root, "article", "board")
    assert [text_of(b.find("h3")).split(")")[0] for b in drawn] == [
        "Board 3 (game 3, line 34", "Board 5 (game 6, line 76", "Board 6 (game 7, line 88"]
    assert all("has-error" in classes(b) for b in drawn)
    [more] = find_all(root, "div", "more")
    assert text_of(more).startswith("Boards with warnings only, not drawn4 B107 on 4 boards: 1, 2, 4, 5")
    # the wrong traveller score: its cell marked, the Law 77 score beside it; the whole traveller drawn
    [traveller] = find_all(board_titled(root, "Board 3 "), "div", "traveller")
    assert len(traveller.find(".//tbody").findall("tr")) == 4
    [cell] = [td for td in traveller.iter("td") if td.find("mark") is not None]
    assert text_of(cell) == "170 \u2192 140 T105" and classes(cell.find("mark")) == {"error"}
    # the ranking lines of board 3's pairs, from the record that holds the ranking, the wrong total marked
    [lines] = find_all(board_titled(root, "Board 3 "), "div", "ranking")
    assert [text_of(td) for td in lines.iter("td") if td.find("mark") is not None] == ["18 \u2192 16 R104"]
    # the wrong total of the ranking, on the record that holds it
    [ranking] = find_all(board_titled(root, "Board 6 "), "div", "ranking")
    [row] = [tr for tr in ranking.find(".//tbody").iter("tr") if tr.find("td/mark") is not None]
    assert [text_of(td) for td in row.iter("td")][:2] == ["5", "4"]  # pair 4's
    assert [text_of(td) for td in row.iter("td") if td.find("mark") is not None] == ["18 \u2192 16 R104"]
    # the fouled board: the cards in which the two deals differ, marked in both
    fouled = board_titled(root, "Board 5 ")
    own, theirs = find_all(fouled, "div", "diagram")
    assert differing(own) == {"N": ["2"], "E": ["8"], "S": [], "W": []}  # its North holds the 2 of diamonds
    assert differing(theirs) == {"N": ["8"], "E": ["2"], "S": [], "W": []}  # the other deal's, the 8 of spades
    assert text_of(find_all(own, "div", "N")[0].findall("div")[2]) == "\u2666 K52"
    # each part's findings under its heading, with what to do next
    headings = {text_of(h) for b in drawn for h in find_all(b, "div", "findings")[0].iter("h4")}
    assert headings == {"Header", "Traveller", "Deal", "Ranking"}
    steps = {text_of(p) for p in find_all(root, "p", "next")}
    assert "Next: correct the score in the scoring program and export again." in steps
    assert "Next: check which tables played which deal (Law 87) and score the board as the Law says." in steps


WIDE = ["FederationNumber", "MasterpointsAwarded", "HandicapApplied", "CarryForwardScore", "SessionBonusPoints",
        "QualifiedForFinal", "RegionalCommittee", "SeasonRankingPoints"]


def test_the_planted_event_prints_on_a4_portrait_with_nothing_wider_than_the_page(chromium, monkeypatch, tmp_path):
    """Printed to PDF with a ranking of sixteen columns: A4 portrait, and no word beyond the page's right margin
    (what is wider than the page is cut at its edge, so it shows as text in the margin)."""
    if shutil.which("pdftotext") is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext is not installed: .ci/run installs Debian's poppler-utils")
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils)")
    pdf = tmp_path / "event.pdf"
    browse(chromium, tmp_path, event_html(monkeypatch, tmp_path, wide_event()), f"--print-to-pdf={pdf}",
           "--no-pdf-header-footer")
    box = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    pages = [(float(w), float(h)) for w, h in re.findall(r'<page width="([\d.]+)" height="([\d.]+)"', box)]
    assert pages and all(abs(w - 210 * MM) < 1 and abs(h - 297 * MM) < 1 for w, h in pages)  # A4 portrait
    words = [(float(x), word) for x, word in re.findall(r'xMax="([\d.]+)"[^>]*>([^<]*)<', box)]
    assert any(word == "\u2192" for _, word in words) and len(words) > 300
    right = 210 * MM - 12 * MM  # the @page margin
    assert [(x, word) for x, word in words if x > right + 0.5] == []


def test_the_event_guide_screenshots_are_made_by_its_script(chromium, tmp_path):
    """docs/examples/event/screenshots.py makes the pictures the event guide shows, from the planted event."""
    import sys

    done = subprocess.run([sys.executable, "docs/examples/event/screenshots.py", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    guide = (ROOT / "docs" / "guides" / "event.md").read_text(encoding="utf-8")
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pictures == ["report-fouled-board.png", "report-ranking.png", "report-top.png", "report-traveller.png"]
    for name in pictures:
        shot = (tmp_path / name).read_bytes()
        assert shot[:8] == b"\x89PNG\r\n\x1a\n" and len(shot) > 20_000
        width, height = int.from_bytes(shot[16:20], "big"), int.from_bytes(shot[20:24], "big")
        assert width == 1000 and 500 < height < 2000, (name, height)  # a board as tall as it is
        assert f"](img/{name})" in guide and (ROOT / "docs" / "guides" / "img" / name).exists()


def test_a_long_traveller_shows_the_rows_its_findings_are_on(monkeypatch, tmp_path):
    rows = [f"{n} {n + 1} 4S S 10 420 -" for n in range(1, 300, 2)]
    rows[70] = "141 142 4S S 10 620 -"
    text = board('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]', *rows)
    root = html_of(monkeypatch, tmp_path, text, "--select", "T105")
    [part] = find_all(root, "div", "traveller")
    assert text_of(part.find("h4")) == "Traveller (ScoreTable, line 5, 1 of 150 rows)"
    assert [[text_of(td) for td in tr.iter("td")] for tr in part.find(".//tbody").iter("tr")] == [
        ["141", "142", "4S", "S", "10", "620 \u2192 420 T105", "-"]]


def wide_event() -> str:
    """The planted event with a ranking of sixteen columns, long ids and names in it."""
    text = (ROOT / EVENT).read_text(encoding="utf-8").replace('MeanMP\\5R"]', "MeanMP\\5R;" + ";".join(WIDE) + '"]')
    text = re.sub(r"(\d\.\d\d)\n", r'\1 PT-2026-000123 0.75 "no-handicap" 12.5 24.0 "yes-qualified" "Norte" 1250\n',
                  text)
    assert text.count("PT-2026-000123") == 8
    return text


_MEASURE = ("<script>document.title = JSON.stringify({page: document.documentElement.scrollWidth - "
            "document.documentElement.clientWidth, boards: [...document.querySelectorAll('article.board')].map("
            "b => b.scrollWidth - b.clientWidth), tables: [...document.querySelectorAll('.results .scroll')].map("
            "t => t.scrollWidth - t.clientWidth)})</script>")


def test_on_a_screen_as_wide_as_a4_nothing_overflows_a_board(chromium, monkeypatch, tmp_path):
    """At 794 pixels (A4's width at 96 dpi) neither the page, nor a board's card, nor a traveller or ranking is
    wider than it shows (measured by a script in a copy of the page)."""
    page = event_html(monkeypatch, tmp_path, wide_event()).read_text(encoding="utf-8")
    measured = tmp_path / "measured.html"
    measured.write_text(page.replace("</body>", _MEASURE + "</body>"), encoding="utf-8")
    dom, requests = browse(chromium, tmp_path, measured, "--dump-dom", "--window-size=794,1000")
    overflow = json.loads(text_of(parse(dom).find(".//title")))
    # the tables: board 3's traveller and ranking lines, board 6's traveller and ranking; no table scrolls either
    assert overflow == {"page": 0, "boards": [0, 0, 0], "tables": [0, 0, 0, 0]}


def test_every_error_on_a_board_not_drawn_is_listed(monkeypatch, tmp_path):
    games = [board('[Auction "N"]', "1D Pass 1C AP", number=str(n)) for n in range(1, 21)] + dated(1)
    root = html_of(monkeypatch, tmp_path, "\n".join(games), "--select", "A103,B107")
    assert len(find_all(root, "article", "board")) == html_reporter.BOARDS_PER_FILE
    errors, warnings = find_all(root, "div", "more")
    assert text_of(errors.find("h3")) == "More boards with errors, not drawn"
    listed = [text_of(li.find("span")) for li in find_all(errors, "li", "finding")]
    assert listed == [f"board {n}, game {n}, line {7 * n - 1}, column 9" for n in range(13, 21)]  # all 8, not 3
    assert text_of(warnings.find("h3")) == "Boards with warnings only, not drawn"
