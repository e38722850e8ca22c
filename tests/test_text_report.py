"""Text output for people and problem matchers: severity on every line, grouping, the verdict table."""

from __future__ import annotations

import io
import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import CLEAN, ERROR, SHARED, WARNING, board, finding_lines, requires_shared
from conftest import run_cli as run

from bridgelint.core.findings import Finding
from bridgelint.core.report import FileReport
from bridgelint.reporters.verdict import Verdict

ROOT = Path(__file__).resolve().parents[1]
MATCHER = ROOT / ".github" / "bridgelint-matcher.json"


def spelled(games: int) -> str:
    """``games`` boards (numbered 1..N, dealer East on each), every auction spelling Pass as 'PASS' (S109)."""
    return "\n".join(board('[Auction "E"]', "PASS Pass Pass Pass", number=str(n), dealer="E")
                     for n in range(1, games + 1))


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    (tmp_path / "bridgelint.toml").write_text("")
    return tmp_path


# --- severity on every line ------------------------------------------------------------------

def test_every_finding_line_names_its_severity(here, monkeypatch):
    (here / "m.pbn").write_text(ERROR + "\n" + WARNING)
    code, out, err = run(monkeypatch, "check", "m.pbn")
    assert out.startswith("m.pbn:6:9: A103 [error] ")
    assert [line.split()[1:3] for line in finding_lines(out).splitlines()] == [["A103", "[error]"],
                                                                                ["B107", "[warning]"]]


def test_the_problem_matcher_reads_the_lines(here, monkeypatch):
    """The matcher documented for GitHub Actions picks file, line, column, code, severity and message."""
    pattern = json.loads(MATCHER.read_text())["problemMatcher"][0]["pattern"][0]
    regexp = re.compile(pattern["regexp"])
    (here / "m.pbn").write_text(ERROR + "\n" + WARNING)
    code, out, err = run(monkeypatch, "check", "m.pbn")
    matched = [regexp.match(line) for line in out.splitlines()]
    found = [{name: m.group(pattern[name]) for name in ("file", "line", "column", "code", "severity")}
             for m in matched if m]
    assert found == [{"file": "m.pbn", "line": "6", "column": "9", "code": "A103", "severity": "error"},
                     {"file": "m.pbn", "line": "9", "column": "1", "code": "B107", "severity": "warning"}]
    code, document, err = run(monkeypatch, "check", "--format", "json", "m.pbn")
    first = json.loads(document)["files"][0]["findings"][0]
    assert matched[0].group(pattern["message"]) == f"{first['message']} (board 1)"


# --- grouping -------------------------------------------------------------------------------------

def test_a_code_firing_on_many_games_is_grouped_with_an_exact_count(here, monkeypatch):
    (here / "s.pbn").write_text(spelled(40))  # dealt by East: B104 on the 30 boards East does not deal, each its own
    code, out, err = run(monkeypatch, "check", "--select", "B104", "s.pbn")
    lines = finding_lines(out).splitlines()
    assert [line.split(":")[1] for line in lines] == ["2", "16", "23"]  # boards 1, 3 and 4
    assert "s.pbn: ... and 27 more B104 [warning] in this file (--no-group shows them)\n" in out
    code, out, err = run(monkeypatch, "check", "--select", "B104", "--no-group", "s.pbn")
    assert len(finding_lines(out).splitlines()) == 30 and "more B104" not in out


def test_a_warning_saying_the_same_on_every_game_is_one_line_with_its_count(here, monkeypatch):
    (here / "s.pbn").write_text(spelled(40))
    code, out, err = run(monkeypatch, "check", "--select", "S109", "s.pbn")
    assert finding_lines(out) == ("s.pbn:6:1: S109 [warning] 'PASS' is not PBN: read as 'Pass' (PBN §3.5.1); first of 40 "
                                  "in this file (--no-group lists each)\n")
    assert "more S109" not in out
    code, out, err = run(monkeypatch, "check", "--select", "S109", "--no-group", "s.pbn")
    assert [line.split(":")[1] for line in finding_lines(out).splitlines()] == [str(7 * n + 6) for n in range(40)]


def test_a_few_findings_are_not_grouped(here, monkeypatch):
    (here / "s.pbn").write_text(spelled(5))
    code, out, err = run(monkeypatch, "check", "--select", "S109", "s.pbn")
    assert len(finding_lines(out).splitlines()) == 5 and "more" not in out and "first of" not in out
    (here / "s.pbn").write_text(spelled(6))
    code, out, err = run(monkeypatch, "check", "--select", "S109", "s.pbn")
    assert len(finding_lines(out).splitlines()) == 1 and "first of 6 in this file" in out


def test_codes_are_grouped_separately(here, monkeypatch):
    (here / "s.pbn").write_text(spelled(8))
    code, out, err = run(monkeypatch, "check", "--select", "S109,B104", "s.pbn")
    codes = [line.split()[1] for line in finding_lines(out).splitlines()]
    assert codes == ["B104", "S109", "B104", "B104"]  # B104 on boards 1, 3, 4, 5, 7, 8; S109 on every game
    assert "first of 8 in this file" in out and "and 3 more B104 [warning]" in out


@pytest.mark.parametrize("output_format, count", [
    ("json", lambda out: len(json.loads(out)["files"][0]["findings"])),
    ("sarif", lambda out: len(json.loads(out)["runs"][0]["results"])),
    ("github", lambda out: len(out.splitlines())),  # with --max-annotations 0
    ("junit", lambda out: len(ET.fromstring(out.encode()).find(".//system-out").text.splitlines())),  # warnings
])
def test_machine_formats_stay_complete(here, monkeypatch, output_format, count):
    (here / "s.pbn").write_text(spelled(40))
    code, out, err = run(monkeypatch, "check", "--select", "S109", "--format", output_format, "--max-annotations", "0",
                         "s.pbn")
    assert count(out) == 40


# --- the verdict table ------------------------------------------------------------------------------

def table_rows(out: str) -> dict[str, list[str]]:
    """Rows of the verdict table by file name: the cells split on runs of two spaces."""
    lines = out.split("\n\n")[-1].splitlines()
    assert lines[0].split() == ["file", "format", "boards", "results", "errors", "warnings", "codes", "verdict"]
    return {line.split()[0]: re.split(r"\s{2,}", line.strip()) for line in lines[2:] if line.split()[0] != "-"
            and not line.startswith(" ") and ":" not in line.split()[0] and " of " not in line}


def test_verdict_table_rejects_files_with_errors(here, monkeypatch):
    (here / "e.pbn").write_text(ERROR)
    (here / "w.pbn").write_text(WARNING)
    (here / "c.pbn").write_text(CLEAN)
    code, out, err = run(monkeypatch, "check", "e.pbn", "w.pbn", "c.pbn")
    rows = table_rows(out)
    assert rows == {"e.pbn": ["e.pbn", "pbn", "1", "1", "1", "0", "A103 1", "rejected"],  # played: 1 result
                    "w.pbn": ["w.pbn", "pbn", "1", "0", "0", "1", "B107 1", "ok"]}  # a deal alone: no result
    assert out.endswith("\n1 of 3 files rejected; 1 clean file not listed (--verbose lists them)\n")


def test_fail_on_warning_rejects_warnings_too(here, monkeypatch):
    (here / "w.pbn").write_text(WARNING)
    code, out, err = run(monkeypatch, "check", "--fail-on", "warning", "w.pbn")
    assert table_rows(out)["w.pbn"][-1] == "rejected" and out.endswith("\n1 of 1 file rejected\n")


def test_verbose_lists_clean_files_and_quiet_prints_the_table_only(here, monkeypatch):
    (here / "e.pbn").write_text(ERROR)
    (here / "c.pbn").write_text(CLEAN)
    code, out, err = run(monkeypatch, "check", "--verbose", "e.pbn", "c.pbn")
    assert table_rows(out)["c.pbn"] == ["c.pbn", "pbn", "1", "0", "0", "0", "ok"]
    assert out.endswith("\n1 of 2 files rejected\n")
    code, out, err = run(monkeypatch, "check", "--quiet", "e.pbn", "c.pbn")
    assert code == 1 and finding_lines(out) == "" and out.startswith("file ")
    assert list(table_rows(out)) == ["e.pbn"]


def test_file_wide_pattern_is_a_headline_below_its_row(here, monkeypatch):
    (here / "s.pbn").write_text(spelled(12))
    code, out, err = run(monkeypatch, "check", "--quiet", "--select", "B104", "s.pbn")
    lines = out.splitlines()
    assert lines[2].startswith("s.pbn ")
    assert lines[3].startswith("  B104 on 9 of 12 boards: board … is dealt by …, not East")  # what all 9 say
    code, out, err = run(monkeypatch, "check", "--quiet", "--select", "S109", "s.pbn")
    assert out.splitlines()[3].startswith("  S109 on all 12 boards: 'PASS' ")  # the message all 12 share


def test_a_headline_names_what_the_findings_share():
    def headline(*messages: str) -> str:
        findings = [Finding("B104", m, n, 1, "warning", game=n) for n, m in enumerate(messages, 1)]
        return Verdict.of(FileReport("a.pbn", "pbn", 10, 10, findings)).headline.split(": ", 1)[1]

    assert headline(*["board 1 is dealt by North"] * 9, "board 2 is dealt by South") == "board 1 is dealt by North"
    assert headline(*(f"board {n} is dealt by North" for n in range(5))) == "board … is dealt by North"
    summary = "Dealer differs from the standard dealer of the board number"
    assert headline(*(f"board {n} is dealt by {n}" for n in range(5))) == summary  # too little shared
    assert headline(*(f"board {n}{' really' * n} is dealt" for n in range(5))) == summary  # no common shape
    assert len(headline(*(f"the long message of board {n} " + "x" * 300 for n in range(5)))) == 120


def test_boards_not_compared_are_named_in_the_table_even_when_rare():
    findings = [Finding(code, "m", n, 1, "warning", game=n) for n, code in enumerate(
        ["B104"] * 4 + ["B105"] * 3 + ["S101"] * 2 + ["A101"] * 2 + ["E105"], 1)]
    assert Verdict.of(FileReport("a.pbn", "pbn", 12, 12, findings)).row()[6] == "B104 4, B105 3, S101 2, E105 1"
    assert Verdict.of(FileReport("a.pbn", "pbn", 12, 12, findings[:-1])).row()[6] == "B104 4, B105 3, S101 2"


def test_the_codes_of_a_row_name_the_errors_first():
    """What the director must fix comes first: one fouled board before 735 date warnings."""
    findings = [Finding("B107", "m", n, 1, "warning", game=n) for n in range(1, 736)]
    findings += [Finding("P102", "m", 800, 1, "error", game=9), Finding("E101", "m", 900, 1, "error", game=10),
                 Finding("E101", "m", 950, 1, "error", game=11), Finding("B104", "m", 990, 1, "warning", game=12)]
    row = Verdict.of(FileReport("a.pbn", "pbn", 735, 18, findings, results=735)).row()
    assert row[2:] == ["18", "735", "3", "736", "E101 2, P102 1, B107 735", "rejected"]
    warned = Verdict.of(FileReport("a.pbn", "pbn", 735, 18, findings[:735] + findings[-1:])).row()
    assert warned[6] == "B107 735, B104 1"


def test_no_headline_for_a_small_file_or_a_rare_code():
    findings = [Finding("B104", "m", n, 1, "warning", game=n) for n in range(1, 6)]
    assert Verdict.of(FileReport("a.pbn", "pbn", 12, 12, findings)).headline is None  # on 5 of 12: not half
    assert Verdict.of(FileReport("a.pbn", "pbn", 9, 9, findings)).headline is None  # fewer than 10 boards
    assert Verdict.of(FileReport("a.pbn", "pbn", 10, 10, findings)).headline.startswith("B104 on 5 of 10 boards: ")


def test_clean_run_is_one_line(here, monkeypatch):
    (here / "c.pbn").write_text(CLEAN)
    assert run(monkeypatch, "check", "c.pbn")[1] == "0 of 1 file rejected; 1 clean file not listed (--verbose lists them)\n"


# --- the whole corpus ------------------------------------------------------------------------------------

@pytest.mark.slow
@requires_shared
def test_the_corpus_warnings_fit_a_screenful_per_file_and_every_rejected_file_is_named(monkeypatch):
    corpus = str(SHARED / "corpus")
    code, out, err = run(monkeypatch, "check", "--isolated", "--jobs", "2", corpus)
    code, document, err = run(monkeypatch, "check", "--isolated", "--jobs", "2", "--format", "json", corpus)
    files = json.loads(document)["files"]
    errors = sum(x["severity"] == "error" for f in files for x in f["findings"])
    assert sum(" [error] " in line for line in finding_lines(out).splitlines()) == errors  # every error a line
    assert len(out.splitlines()) - errors < 1000  # the warnings grouped
    with_errors = [f["path"] for f in files if any(x["severity"] == "error" for x in f["findings"])]
    table = out.split("\n\n")[-1]
    rejected = [line.split()[0] for line in table.splitlines() if line.rstrip().endswith(" rejected")]
    assert with_errors and rejected == with_errors
    lines = table.splitlines()
    if lines[-1].startswith("[*] "):  # what --fix would mend closes the report, as in ruff
        lines.pop()
    assert lines[-1].startswith(f"{len(with_errors)} of {len(files)} files rejected")
    grouped = sum(int(m.group(1).replace(",", "")) for m in re.finditer(r"\.\.\. and ([\d,]+) more ", out))
    grouped += sum(int(m.group(1).replace(",", "")) - 1  # one S108 line for every game of a file
                   for m in re.finditer(r"\(([\d,]+) games; --no-group lists each\)", out))
    grouped += sum(int(m.group(1).replace(",", "")) - 1  # one line for a warning the same on every game
                   for m in re.finditer(r"; first of ([\d,]+) in this file \(--no-group lists each\)", out))
    assert len(finding_lines(out).splitlines()) + grouped == sum(len(f["findings"]) for f in files)


# --- S108 once per file, messages that fit, tables fitted to the terminal -----------------------------------

def exported(games: int, end: str = "\n") -> str:
    """``games`` boards of a % EXPORT file, every line ended by ``end`` (LF: each game breaks export format)."""
    return ("% EXPORT\n\n" + "\n".join(board(number=str(n)) for n in range(1, games + 1))).replace("\n", end)


def test_s108_on_every_game_the_same_way_is_one_line_for_the_file(here, monkeypatch):
    (here / "x.pbn").write_text(exported(8))
    code, out, err = run(monkeypatch, "check", "--select", "S108", "x.pbn")
    lines = finding_lines(out).splitlines()
    assert len(lines) == 1 and "... and" not in out
    assert lines[0].startswith("x.pbn:3:1: S108 [warning] % EXPORT declared, but every game breaks it: mandatory tags")
    assert lines[0].endswith(", line end LF, export wants CR LF; first at line 3 (8 games; --no-group lists each) "
                             "(PBN §2.1)")
    code, out, err = run(monkeypatch, "check", "--select", "S108", "--no-group", "x.pbn")
    assert len(finding_lines(out).splitlines()) == 8


def test_a_long_message_keeps_its_first_items_and_counts_the_rest():
    message = "game breaks export format (% EXPORT): " + "; ".join(f"line {n}: tag T{n} is out of order"
                                                                    for n in range(1, 80))
    f = Finding("S108", message, 1, 1, severity="warning", law="PBN §2.1", game=1, board="1")
    from bridgelint.reporters.text import LINE_ROOM, line

    short = line("x.pbn", f, whole=False)
    assert len(short) <= LINE_ROOM + 1 and short.endswith(" more (PBN §2.1) (board 1)\n")
    kept = short.split(": ", 1)[1].count("is out of order")
    assert f"; and {79 - kept} more (PBN §2.1)" in short
    assert line("x.pbn", f) == f"x.pbn:1:1: S108 [warning] {message} (PBN §2.1) (board 1)\n"


def test_the_verdict_table_fits_the_terminal_and_never_cuts_a_path(here, monkeypatch):
    deep = here / ("a-long-directory-name-of-an-upload" * 3)
    deep.mkdir()
    (deep / "m.pbn").write_text(ERROR)
    shown = f"{deep.name}/m.pbn"  # relative to the current folder, named by its absolute path
    monkeypatch.setenv("COLUMNS", "90")
    code, out, err = run(monkeypatch, "check", str(deep / "m.pbn"))
    assert out.startswith(f"{shown}:6:9: A103 [error] ")
    table = out.split("\n\n", 1)[1].splitlines()
    assert table[0].split() == ["format", "boards", "results", "errors", "warnings", "codes", "verdict"]
    assert table[2] == shown and table[3].split() == ["pbn", "1", "1", "1", "0", "A103", "1", "rejected"]
    assert max(len(line) for line in table if line != shown) <= 90
    monkeypatch.delenv("COLUMNS")
    code, out, err = run(monkeypatch, "check", str(deep / "m.pbn"))
    assert out.split("\n\n", 1)[1].splitlines()[2].startswith(f"{shown}  pbn ")  # not a terminal: as wide as it is


@pytest.mark.parametrize("columns", ["80", "120"])
def test_two_uploads_of_one_name_in_two_folders_are_told_apart(here, monkeypatch, columns):
    for club in ("north-london-bridge-club-monday-pairs", "south-london-bridge-club-monday-pairs"):
        (here / club / "uploads").mkdir(parents=True)
        (here / club / "uploads" / "results_of_the_evening_faulty.pbn").write_text(ERROR)
    monkeypatch.setenv("COLUMNS", columns)
    code, out, err = run(monkeypatch, "check", "--quiet", str(here))
    lines = out.splitlines()
    assert lines[2:6:2] == [f"{club}/uploads/results_of_the_evening_faulty.pbn"
                            for club in ("north-london-bridge-club-monday-pairs", "south-london-bridge-club-monday-pairs")]
    assert all(line.startswith("pbn ") and line.endswith("rejected") for line in lines[3:7:2])
    assert max(map(len, lines)) <= int(columns)
    monkeypatch.setenv("COLUMNS", "200")  # wide enough: one row a file, the path in its column
    code, out, err = run(monkeypatch, "check", "--quiet", str(here))
    assert out.splitlines()[2].startswith("north-london-bridge-club-monday-pairs/uploads/results_of_the_evening_faulty.pbn  pbn")


def test_a_short_path_stays_in_its_row_the_warning_codes_give_way(here, monkeypatch):
    (here / "event.pbn").write_text(fouled(8))
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = run(monkeypatch, "check", "--quiet", "event.pbn")
    lines = out.splitlines()
    assert lines[2] == "event.pbn  pbn          8       24       8        49  E101 8, B107 24…  rejected"
    assert max(map(len, lines)) <= 80


def test_the_rules_table_fits_the_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    code, out, err = run(monkeypatch, "rules")
    assert code == 0 and max(map(len, out.splitlines())) <= 100 and "A103" in out


@pytest.mark.slow
@requires_shared
def test_the_corpus_text_report_has_no_line_of_320_characters_or_more(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(monkeypatch, "check", "--isolated", str(SHARED / "corpus"))
    assert code in (0, 1) and max(map(len, out.splitlines())) < 320


# --- no error hidden ------------------------------------------------------------------------------------------

D1 = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
D2 = "N:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432"  # East's and South's hands swapped


def fouled(boards: int) -> str:
    """An event of ``boards`` boards (1..N) each played at three tables, the third dealt D2 (E101 on its Deal, line
    ``27 * (board - 1) + 23``, column 8); every game dated 95.06.10 (B107), dealt by North at no one vulnerable (B104,
    B105 from board 2)."""
    games = []
    for number in range(1, boards + 1):
        for deal in (D1, D1, D2):
            games.append("\n".join(['[Event "Pairs"]', '[Date "95.06.10"]', f'[Board "{number}"]', '[Dealer "N"]',
                                    f'[Deal "{deal}"]', '[Declarer "N"]', '[Contract "4S"]', '[Result "10"]']))
    return "\n\n".join(games) + "\n"


def test_eight_fouled_boards_are_eight_lines_in_every_format(here, monkeypatch):
    (here / "event.pbn").write_text(fouled(8))
    places = [(27 * b + 23, 8) for b in range(8)]
    code, out, err = run(monkeypatch, "check", "event.pbn")
    lines = finding_lines(out).splitlines()
    e101 = [line for line in lines if " E101 [error] " in line]
    assert [tuple(map(int, line.split(":")[1:3])) for line in e101] == places
    assert all(line.startswith(f"event.pbn:{row}:8: E101 [error] fouled board: ") and line.endswith(f"(board {n})")
               for n, (line, (row, _)) in enumerate(zip(e101, places), 1))
    assert "more E101" not in out and lines[0] == ('event.pbn:2:1: B107 [warning] Date "95.06.10" is not YYYY.MM.DD '
                                                   "(PBN §3.4.3); first of 24 in this file (--no-group lists each)")
    code, document, err = run(monkeypatch, "check", "--format", "json", "event.pbn")
    findings = json.loads(document)["files"][0]["findings"]
    assert [(f["line"], f["column"]) for f in findings if f["code"] == "E101"] == places
    code, out, err = run(monkeypatch, "check", "--format", "github", "event.pbn")
    annotations = out.splitlines()
    assert len(annotations) == 19  # every error, 10 warnings (the cap of each kind), the notice of what is left
    assert [line.split(",title=")[0] for line in annotations[:8]] == [
        f"::error file=event.pbn,line={row},col=8" for row, _ in places]
    assert all(line.startswith("::warning ") for line in annotations[8:18])
    code, sarif, err = run(monkeypatch, "check", "--format", "sarif", "event.pbn")
    assert [(r["locations"][0]["physicalLocation"]["region"]["startLine"], r["level"])
            for r in json.loads(sarif)["runs"][0]["results"] if r["ruleId"] == "E101"] == [(row, "error") for row, _ in places]
    code, html, err = run(monkeypatch, "check", "--format", "html", "event.pbn")
    assert html.count('<li class="finding"><a class="code error" href="#rule-E101"') == 8  # each drawn board's
    code, junit, err = run(monkeypatch, "check", "--format", "junit", "event.pbn")
    failures = ET.fromstring(junit.encode()).findall(".//failure")
    assert [failure.get("type") for failure in failures] == ["E101 error"] * 8
    assert [failure.text.split(":")[1] for failure in failures] == [str(row) for row, _ in places]
    warnings = sum(f["severity"] == "warning" for f in findings)
    assert annotations[18] == (f"::notice title=bridgelint::not annotated: {warnings - 10} warnings (GitHub shows 10 "
                               "annotations of each kind a step: --max-annotations); the job summary lists every "
                               "error, `bridgelint check` every finding")


def test_errors_are_never_grouped_warnings_are(here, monkeypatch):
    (here / "e.pbn").write_text("\n".join(board('[Auction "N"]', "1D Pass 1C AP", number=str(n)) for n in range(1, 9)))
    code, out, err = run(monkeypatch, "check", "--select", "A103,B104", "e.pbn")
    lines = finding_lines(out).splitlines()
    assert [line.split()[0] for line in lines if " A103 " in line] == [f"e.pbn:{7 * n + 6}:9:" for n in range(8)]
    assert sum(" B104 " in line for line in lines) == 3 and "and 3 more B104 [warning]" in out
    assert "more A103" not in out


def test_github_annotates_errors_first_and_says_which_were_left(here, monkeypatch):
    (here / "event.pbn").write_text(fouled(8))
    code, out, err = run(monkeypatch, "check", "--format", "github", "--max-annotations", "5", "event.pbn")
    annotations = out.splitlines()
    assert len(annotations) == 11 and all(line.startswith("::error ") for line in annotations[:5])
    assert all(line.startswith("::warning ") for line in annotations[5:10])
    assert annotations[10].startswith("::notice title=bridgelint::not annotated: 3 errors, ")


# --- colour -------------------------------------------------------------------------------------------------

def test_color_always_paints_severities_and_verdicts_never_and_a_pipe_do_not(here, monkeypatch):
    (here / "m.pbn").write_text(ERROR + "\n" + WARNING)
    code, out, err = run(monkeypatch, "check", "--color", "always", "m.pbn")
    lines = out.splitlines()
    assert lines[0].startswith("m.pbn:6:9: \x1b[31m\x1b[1mA103 [error]\x1b[0m 1C is not higher than 1D")
    assert lines[1].startswith("m.pbn:9:1: \x1b[33mB107 [warning]\x1b[0m Date ")
    assert lines[5] == "m.pbn  pbn          2        1       1         1  \x1b[31mA103 1\x1b[0m, B107 1  \x1b[31m\x1b[1mrejected\x1b[0m"
    plain = run(monkeypatch, "check", "m.pbn")[1]  # not a terminal
    assert "\x1b" not in plain and run(monkeypatch, "check", "--color", "never", "m.pbn")[1] == plain
    assert plain.splitlines()[0].startswith("m.pbn:6:9: A103 [error] 1C")


def test_colour_on_a_terminal_unless_no_color(monkeypatch):
    from conftest import Terminal

    from bridgelint.views import colour

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour.wanted(Terminal()) and not colour.wanted(io.StringIO())
    assert colour.wanted(io.StringIO(), "always") and not colour.wanted(Terminal(), "never")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour.wanted(Terminal()) and colour.wanted(Terminal(), "always")
    monkeypatch.setenv("NO_COLOR", "")  # set but empty: as if not set (no-color.org)
    assert colour.wanted(Terminal())


def test_paths_are_shown_relative_to_the_current_folder(here):
    from bridgelint.reporters.text import relative

    assert relative(str(here / "a" / "b.pbn")) == os.path.join("a", "b.pbn")
    assert relative(str(here / "up.zip") + "!dir/x.pbn") == "up.zip!dir/x.pbn"
    assert relative("../elsewhere/x.pbn") == "../elsewhere/x.pbn" and relative("-") == "-"
    outside = os.path.dirname(str(here))
    assert relative(os.path.join(outside, "x.pbn")) == os.path.join(outside, "x.pbn")  # not below: as named
