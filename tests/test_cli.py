"""The command line: output formats, exit status, paths, standard input, rule docs.

``run`` calls the real entry point (``bridgelint.cli:main``, which maps click's
errors to exit status 2) in-process, with its own standard streams.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CLEAN, ERROR, WARNING, finding_lines
from conftest import run_cli as run

from bridgelint.rules import RULES
from bridgelint.rules.board import DateForm


@pytest.fixture
def files(tmp_path: Path):
    def write(name: str, text: str) -> str:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode())
        return str(path)
    return write


def test_clean_file_exits_0_and_is_only_counted(monkeypatch, files):
    path = files("clean.pbn", CLEAN)
    code, out, err = run(monkeypatch, "check", path)
    assert (code, out) == (0, "0 of 1 file rejected; 1 clean file not listed (--verbose lists them)\n")
    assert err == "1 file, 1 board, 0 results: 0 errors, 0 warnings\n"


def test_warnings_alone_exit_0(monkeypatch, files):
    path = files("w.pbn", WARNING)
    code, out, err = run(monkeypatch, "check", path)
    assert code == 0
    assert finding_lines(out) == f'{path}:2:1: B107 [warning] Date "95.06.10" is not YYYY.MM.DD (PBN §3.4.3) (board 1)\n'
    assert err == "1 file, 1 board, 0 results: 0 errors, 1 warning\n"


def test_error_exits_1_text_format(monkeypatch, files):
    path = files("e.pbn", ERROR)
    code, out, err = run(monkeypatch, "check", path)
    assert code == 1
    assert finding_lines(out) == f"{path}:6:9: A103 [error] 1C is not higher than 1D (Laws 18, 27) (board 1)\n"
    assert err.startswith("1 file, 1 board, 1 result: 1 error, 0 warnings")


def test_text_format_names_the_game_when_there_is_no_board(monkeypatch, files):
    path = files("g.pbn", '[Event "x"]\n\n[Date "x"]\n')
    code, out, err = run(monkeypatch, "check", path)
    assert finding_lines(out) == f'{path}:3:1: B107 [warning] Date "x" is not YYYY.MM.DD (PBN §3.4.3) (game 2)\n'
    assert code == 0


def test_text_lines_have_the_documented_shape(monkeypatch, files):
    path = files("m.pbn", ERROR + "\n" + WARNING)
    code, out, err = run(monkeypatch, "check", path)
    lines = out.split("\n\n")[0].splitlines()
    assert len(lines) == 2
    for line in lines:
        assert re.fullmatch(re.escape(path) + r":\d+:\d+: [SBDACNPX]\d{3} \[(error|warning)\] .+ \(board \S+\)", line), line


def test_info_findings_are_hidden_unless_asked(monkeypatch, files):
    path = files("i.pbn", CLEAN + '[Auction "N"]\n1S Pass 2S *\n')
    code, out, err = run(monkeypatch, "check", path)
    assert (code, finding_lines(out)) == (0, "")
    code, out, err = run(monkeypatch, "check", "--show-info", path)
    assert code == 0
    assert out.startswith(f"{path}:6:12: A108 [info] ")
    assert err.endswith(", 1 info\n")


JSON_FINDING_KEYS = {"code", "severity", "message", "law", "line", "column", "game", "board", "fix"}


def test_json_format_has_the_documented_shape(monkeypatch, files):
    bad = files("e.pbn", ERROR)
    none = files("n.pbn", '[Event "x"]\n\n[Date "x"]\n')
    code, out, err = run(monkeypatch, "check", "--format", "json", bad, none)
    assert code == 1
    assert err.startswith("2 files, 1 board, 1 result: 1 error, 1 warning")
    document = json.loads(out)
    assert set(document) >= {"version", "files", "summary"}
    assert document["version"] == 1
    assert set(document["summary"]) >= {"files", "games", "boards", "results", "errors", "warnings", "infos"}
    assert document["summary"] == {"files": 2, "games": 3, "boards": 1, "results": 1, "errors": 1, "warnings": 1,
                                   "infos": 0, "unreadable": 0}
    first, second = document["files"]
    assert set(first) >= {"path", "format", "games", "boards", "results", "findings"}
    assert (first["path"], first["format"], first["games"], first["boards"], first["results"]) == (bad, "pbn", 1, 1, 1)
    [finding] = first["findings"]
    assert set(finding) >= JSON_FINDING_KEYS
    assert {k: finding[k] for k in JSON_FINDING_KEYS - {"message"}} == {
        "code": "A103", "severity": "error", "law": "Laws 18, 27", "line": 6, "column": 9, "game": 1, "board": "1",
        "fix": None}
    [finding] = second["findings"]
    assert (finding["code"], finding["game"], finding["board"]) == ("B107", 2, None)


def test_json_of_a_clean_run(monkeypatch, files):
    code, out, err = run(monkeypatch, "check", "--format", "json", files("c.pbn", CLEAN))
    assert code == 0
    document = json.loads(out)
    assert document["files"][0]["findings"] == []
    assert document["summary"]["errors"] == 0


def test_missing_path_exits_2_and_the_other_paths_are_checked(monkeypatch, files, tmp_path):
    path = files("e.pbn", ERROR)
    missing = str(tmp_path / "nope.pbn")
    code, out, err = run(monkeypatch, "check", missing, path)
    assert code == 2
    assert finding_lines(out) == f"{path}:6:9: A103 [error] 1C is not higher than 1D (Laws 18, 27) (board 1)\n"
    assert missing in err
    assert err.splitlines()[-1].startswith("2 files (1 unreadable), 1 board, 1 result")


@pytest.mark.parametrize("args", [
    ("check", "--bogus", "x.pbn"),
    ("check", "--format", "xml", "x.pbn"),
    ("check",),
    ("nonsense",),
])
def test_usage_errors_exit_2(monkeypatch, args):
    code, out, err = run(monkeypatch, *args)
    assert code == 2
    assert finding_lines(out) == ""
    assert "Error" in err or "Usage" in err


def test_directories_are_searched_recursively_for_pbn_and_lin(monkeypatch, files, tmp_path):
    files("a/one.pbn", ERROR)
    files("a/b/c/two.PBN", WARNING)
    files("a/b/ignored.txt", ERROR)
    files("a/b/notes.md", ERROR)
    files("a/three.lin", "")
    code, out, err = run(monkeypatch, "check", "--format", "json", str(tmp_path / "a"))
    paths = [Path(f["path"]).relative_to(tmp_path).as_posix() for f in json.loads(out)["files"]]
    assert sorted(paths) == ["a/b/c/two.PBN", "a/one.pbn", "a/three.lin"]
    assert code == 1


def test_standard_input(monkeypatch):
    code, out, err = run(monkeypatch, "check", "-", stdin=ERROR.encode())
    assert code == 1
    assert finding_lines(out) == "-:6:9: A103 [error] 1C is not higher than 1D (Laws 18, 27) (board 1)\n"
    assert err.startswith("1 file, 1 board, 1 result: 1 error")


def test_empty_standard_input_is_no_pass(monkeypatch):
    code, out, err = run(monkeypatch, "check", "--input-format", "pbn", "-", stdin=b"")
    assert code == 1  # nothing was checked: S111 is an error
    assert out.startswith("-:1:1: S111 [error] the file holds no game")


def test_not_text_is_reported_and_the_run_goes_on(monkeypatch, files, tmp_path):
    binary = tmp_path / "bin.pbn"
    binary.write_bytes(b"\x00\x01\x02garbage")
    clean = files("c.pbn", CLEAN)
    code, out, err = run(monkeypatch, "check", str(binary), clean)
    assert code == 1
    assert out.startswith(f"{binary}:1:1: S101 [error] ")
    assert err.startswith("2 files, 1 board, 0 results: 1 error")


def test_internal_error_exits_2_and_other_games_are_checked(monkeypatch, files):
    original = DateForm.check

    def broken(self, ctx):
        if ctx.record.game == 1:
            raise ValueError("broken rule")
        return original(self, ctx)

    monkeypatch.setattr(DateForm, "check", broken)
    path = files("x.pbn", WARNING + "\n" + WARNING)
    code, out, err = run(monkeypatch, "check", path)
    assert code == 2
    lines = finding_lines(out).splitlines()
    assert lines[0].startswith(f"{path}:1:1: X001 [error] internal error while checking this game: ValueError: broken rule")
    assert lines[1:] == [f'{path}:8:1: B107 [warning] Date "95.06.10" is not YYYY.MM.DD (PBN §3.4.3) (board 1)']


def test_rules_table(monkeypatch):
    code, out, err = run(monkeypatch, "rules")
    assert code == 0 and err == ""
    header, rule_line, *rows = out.splitlines()
    assert header.split() == ["code", "name", "severity", "fix", "reference", "what"]
    by_code = {row.split()[0]: row.split() for row in rows}
    assert set(by_code) == set(RULES)
    assert by_code["A101"][1:3] == ["first-call", "error"]
    assert " ".join(by_code["A103"][1:7]) == "insufficient-bid error, info when marked ^I"
    assert by_code["S104"][1:3] == ["swallowing-comment", "warning"]
    assert by_code["S109"][1:4] == ["non-standard-spelling", "warning", "safe"]


@pytest.mark.parametrize("code", ["A103", "a103"])
def test_rule_documentation(monkeypatch, code):
    status, out, err = run(monkeypatch, "rule", code)
    assert status == 0 and err == ""
    assert out.startswith("A103 insufficient-bid (error, info when marked ^I (accepted))\n")
    positions = [out.index(section) for section in
                 ("What it does:", "Why it matters:", "Example:", "Use instead:", "References:")]
    assert positions == sorted(positions)


@pytest.mark.parametrize("prefix", ["A", "a", "A10"])
def test_rule_prefix_lists_the_family(monkeypatch, prefix):
    status, out, err = run(monkeypatch, "rule", prefix)
    assert status == 0 and err == ""
    header, _, *rows = out.splitlines()
    assert header.split() == ["code", "name", "severity", "fix", "reference", "what"]
    wanted = sorted(c for c in RULES if c.startswith(prefix.upper()))
    assert [row.split()[0] for row in rows] == wanted and len(wanted) >= 9
    a103 = rows[wanted.index("A103")]
    assert a103.split()[1:3] == ["insufficient-bid", "error,"] and a103.endswith("Insufficient bid.")


def test_rule_prefix_of_one_code_prints_its_documentation(monkeypatch):
    status, out, err = run(monkeypatch, "rule", "A110")
    assert status == 0 and out.startswith("A110 auction-seat (error)\n")


@pytest.mark.parametrize("code", ["Z", "A2", ""])
def test_unknown_rule_prefix_exits_2(monkeypatch, code):
    status, out, err = run(monkeypatch, "rule", code)
    assert status == 2 and out == ""
    assert "unknown rule code or prefix" in err


def test_unknown_rule_code_exits_2(monkeypatch):
    code, out, err = run(monkeypatch, "rule", "Z999")
    assert code == 2
    assert finding_lines(out) == ""
    assert "Z999" in err


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_rule_has_the_five_documentation_sections(code):
    rule = RULES[code]
    assert rule.__doc__, code
    doc = rule.doc()
    summary = doc.splitlines()[0]
    assert summary and not summary.startswith("What it does")
    rest = doc[len(summary):]
    sections = ("What it does:", "Why it matters:", "Example:", "Use instead:", "References:")
    positions = [rest.find("\n" + s) for s in sections]
    assert -1 not in positions, (code, [s for s, p in zip(sections, positions) if p < 0])
    assert positions == sorted(positions)
    texts = re.split(r"\n(?:What it does|Why it matters|Example|Use instead|References):", rest)[1:]
    assert all(t.strip() for t in texts), code


def test_console_script_end_to_end(files):
    path = files("e.pbn", ERROR)
    done = subprocess.run([sys.executable, "-m", "bridgelint", "check", path], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert finding_lines(done.stdout) == f"{path}:6:9: A103 [error] 1C is not higher than 1D (Laws 18, 27) (board 1)\n"
    assert done.stderr.startswith("1 file, 1 board, 1 result: 1 error")
