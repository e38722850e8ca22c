"""``check --fix``, ``--diff``, ``--unsafe-fixes``: each fix mends its finding and nothing else, once.

Per fixable code a case: the file before, the file the fix writes (byte for
byte: what the fix does not name stays as it was).  Each case is checked to
fire its code before and not after, to leave every other finding as it was,
to change nothing on a second run, and to give with ``--diff`` and ``patch``
the same file as ``--fix``.
"""

from __future__ import annotations

import gzip
import io
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import check, run_cli
from bridgelint.edit_text import apply_edits
from bridgelint.fixing import FixMode, chosen
from bridgelint.model import Edit, Finding, Fix
from bridgelint.parallel import check_one
from bridgelint.rules import RULES

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HEAD = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def fixed(data: bytes, unsafe: bool = False, name: str = "t.pbn") -> bytes:
    """What ``check --fix`` (``--unsafe-fixes``) writes for a file holding ``data``."""
    report = check_one((name, frozenset(RULES), None, None), stream=io.BytesIO(data), fix=FixMode(unsafe=unsafe))
    return data if report.fixed_text is None else report.fixed_text


def counts(data: bytes, name: str = "t.pbn") -> Counter[str]:
    return Counter(f.code for f in check(data, name))


# code, the file, the file fixed, whether the fix is unsafe
CASES = [
    ("S109", HEAD + '[Auction "N"]\n1N P 3n P\nP pass\n',
     HEAD + '[Auction "N"]\n1NT Pass 3NT Pass\nPass pass\n', False),
    ("S109", '[Event "x"]\r\n[Board "1"]\r\n[Dealer "N"]\r\n[Contract "3N"]\r\n',
     '[Event "x"]\r\n[Board "1"]\r\n[Dealer "N"]\r\n[Contract "3NT"]\r\n', False),
    ("T103", HEAD.replace('"None"', '"None  "').replace('"N"', '"n "') + '[Result " 9"]\n{ a note }\n',
     HEAD.replace('"N"', '"n"') + '[Result "9"]\n{ a note }\n', False),
    ("B107", '[Event "x"]\r\n[Date "2013-11-23 14:30"]\r\n[Board "1"]\r\n',
     '[Event "x"]\r\n[Time "14:30:00"]\r\n[Date "2013.11.23"]\r\n[Board "1"]\r\n', False),
    ("B107", '[Event "x"] [Date "23.11.2013"] [Board "1"]\n[Time "09:00:00"]\n',
     '[Event "x"] [Date "2013.11.23"] [Board "1"]\n[Time "09:00:00"]\n', False),
    ("B107", '[Date "7-Dec-2008"]\n[Board "1"]\n', '[Date "2008.12.07"]\n[Board "1"]\n', False),
]


@pytest.mark.parametrize("code, before, after, unsafe", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_fix_mends_its_finding_and_nothing_else(code, before, after, unsafe):
    data, want = before.encode("utf-8"), after.encode("utf-8")
    found = counts(data)
    assert found[code] > 0
    assert RULES[code].fixable == ("unsafe" if unsafe else "safe")
    if unsafe:
        assert fixed(data) == data  # --fix alone leaves an unsafe fix
    result = fixed(data, unsafe)
    assert result == want
    left = counts(result)
    assert left[code] == 0
    assert left - Counter({code: found[code]}) == found - Counter({code: found[code]})  # no other finding moves
    assert fixed(result, unsafe) == result  # a second --fix changes nothing


@pytest.mark.parametrize("code, before, after, unsafe", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_diff_applied_by_patch_is_what_fix_writes(tmp_path, monkeypatch, code, before, after, unsafe):
    if shutil.which("patch") is None:
        pytest.skip("patch is not installed")
    monkeypatch.chdir(tmp_path)
    Path("t.pbn").write_bytes(before.encode("utf-8"))
    flags = ["--unsafe-fixes"] if unsafe else []
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", *flags, "t.pbn", binary=True)
    assert status == 1 and Path("t.pbn").read_bytes() == before.encode("utf-8")  # --diff writes nothing
    subprocess.run(["patch", "-p1", "-s", "--binary"], input=diff, check=True)
    patched = Path("t.pbn").read_bytes()
    Path("t.pbn").write_bytes(before.encode("utf-8"))
    run_cli(monkeypatch, "check", "--isolated", "--fix", *flags, "t.pbn")
    assert patched == Path("t.pbn").read_bytes() == after.encode("utf-8")
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", *flags, "t.pbn", binary=True)
    assert (status, diff) == (0, b"")


def test_fix_in_place_keeps_the_mode_and_reports_what_is_left(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = Path("a.pbn")
    path.write_bytes((HEAD + '[Auction "N"]\n1N AP\n[Play "E"]\nS2 S3 S4\n').encode())
    os.chmod(path, 0o640)
    status, out, err = run_cli(monkeypatch, "check", "--isolated", "--fix", "a.pbn")
    assert path.read_bytes() == (HEAD + '[Auction "N"]\n1NT AP\n[Play "E"]\nS2 S3 S4\n').encode()
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert "S109" not in out and "1 fix applied" in err
    assert status == (1 if any(f.severity == "error" for f in check(path.read_bytes())) else 0)


def test_the_report_marks_the_fixable_findings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_text(HEAD + '[Auction "N"]\n1N P P P\n[Date "2013-11-23"]\n')
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "a.pbn")
    lines = [line for line in out.splitlines() if line.startswith("a.pbn:")]
    assert lines and all("[*]" in line for line in lines if " S109 " in line or " B107 " in line)
    assert out.endswith("[*] 5 findings fixable with --fix\n")
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "a.pbn")
    import json

    fixes = {f["code"]: f["fix"] for f in json.loads(out)["files"][0]["findings"]}
    assert fixes["S109"] == "safe" and fixes["B107"] == "safe"


def test_sarif_results_carry_the_fix(tmp_path, monkeypatch):
    import json

    monkeypatch.chdir(tmp_path)
    Path("a.pbn").write_text(HEAD + '[Auction "N"]\n1N AP\n')
    _, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "sarif", "a.pbn")
    [result] = [r for r in json.loads(out)["runs"][0]["results"] if r["ruleId"] == "S109"]
    [change] = result["fixes"][0]["artifactChanges"]
    assert change["replacements"] == [{"deletedRegion": {"startLine": 7, "startColumn": 1, "endLine": 7,
                                                         "endColumn": 3}, "insertedContent": {"text": "1NT"}}]


def test_standard_input_fixed_goes_to_standard_output(monkeypatch):
    data = (HEAD + '[Auction "N"]\n1N AP\n').encode()
    status, out, err = run_cli(monkeypatch, "check", "--isolated", "--fix", "-", stdin=data, binary=True)
    assert out == data.replace(b"1N AP", b"1NT AP")


def test_an_archive_member_is_not_rewritten_in_place(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = (HEAD + '[Auction "N"]\n1N AP\n').encode()
    Path("a.pbn.gz").write_bytes(gzip.compress(data))
    packed = Path("a.pbn.gz").read_bytes()
    status, out, err = run_cli(monkeypatch, "check", "--isolated", "--fix", "a.pbn.gz")
    assert Path("a.pbn.gz").read_bytes() == packed and "not rewritten in place" in err
    Path("out").mkdir()
    run_cli(monkeypatch, "check", "--isolated", "--fix", "--fix-to", "out", "a.pbn.gz")
    assert Path("out/a.pbn").read_bytes() == data.replace(b"1N AP", b"1NT AP")


def test_fix_with_jobs_gives_the_same_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for folder in ("one", "two"):
        Path(folder).mkdir()
        for i in range(4):
            Path(folder, f"{i}.pbn").write_text(HEAD + f'[Date "2013-11-2{i} 10:00"]\n[Auction "N"]\n1N P P P\n')
    run_cli(monkeypatch, "check", "--isolated", "--fix", "--jobs", "1", "one")
    run_cli(monkeypatch, "check", "--isolated", "--fix", "--jobs", "2", "two")
    for i in range(4):
        assert Path("one", f"{i}.pbn").read_bytes() == Path("two", f"{i}.pbn").read_bytes()
        assert b"1NT" in Path("one", f"{i}.pbn").read_bytes()


# --- the edits themselves -----------------------------------------------------------------------------------

def edited(data: bytes, edits: list[Edit], reencode: bool = False) -> bytes:
    return b"".join(apply_edits(io.BytesIO(data), edits, reencode))


def test_an_edit_keeps_the_line_ends_and_the_bytes_around_it():
    assert edited(b'[A "x"]\r\n[B "y"]\r\n', [Edit(1, 5, 1, 6, "zz"), Edit(2, 1, 2, 1, '[T "1"]\n')]) == \
        b'[A "zz"]\r\n[T "1"]\r\n[B "y"]\r\n'
    assert edited(b"a\nb\nc\n", [Edit(1, 2, 3, 1, "")]) == b"ac\n"
    assert edited(b"a\rb\nc", [Edit(2, 2, 3, 2, "Z")]) == b"a\rbZ"  # a lone CR ends a line, as the reader reads it


def test_an_edit_on_a_windows_1252_line_keeps_its_bytes():
    # columns count characters: the curly quote is one byte in Windows-1252, three in UTF-8
    assert edited(b"\x93x\x94 1N\n", [Edit(1, 5, 1, 7, "1NT")]) == b"\x93x\x94 1NT\n"
    assert edited("“x” 1N\n".encode(), [Edit(1, 5, 1, 7, "1NT")]) == "“x” 1NT\n".encode()
    assert edited(b"\xef\xbb\xbf1N\n", [Edit(1, 1, 1, 3, "1NT")]) == b"\xef\xbb\xbf1NT\n"  # the BOM kept
    assert edited(b"\x93x\x94\nz\n", [], reencode=True) == "“x”\nz\n".encode()


def test_overlapping_fixes_are_left_for_the_next_pass():
    first = Fix("safe", (Edit(1, 1, 1, 5, "a"),))
    second = Fix("safe", (Edit(1, 3, 1, 8, "b"),))
    third = Fix("unsafe", (Edit(2, 1, 2, 2, "c"),))
    findings = [Finding("S109", "m", 1, 1, "warning", fix=fix) for fix in (second, first, third)]
    assert chosen(findings, FixMode()) == [first]
    assert chosen(findings, FixMode(unsafe=True)) == [first, third]


NO_FIX = {  # codes whose defects need a person: under --fix --unsafe-fixes their file stays byte-identical
    "D104": HEAD.replace(DEAL, "N:AKQJ.T98.765.432 AKQJ.T98.765.432 765.432.AKQJ.T98 432.AKQJ.T98.765"),
    "S103": HEAD + "{ a comment that never closes\n",
    "P103": (HEAD + '[Declarer "S"]\n[Contract "1S"]\n[Auction "N"]\nPass 1S AP\n[Play "W"]\n'
             "HA SA H7 H4\n"),
}


@pytest.mark.parametrize("code", sorted(NO_FIX))
def test_what_needs_a_person_is_left_byte_for_byte(code):
    data = NO_FIX[code].encode()
    assert counts(data)[code] > 0 and RULES[code].fixable is None
    assert fixed(data, unsafe=True) == data
