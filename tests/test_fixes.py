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
from conftest import run_cli

from bridgelint.core.findings import Edit, Finding, Fix
from bridgelint.engine.edit_text import apply_edits
from bridgelint.engine.fixing import NEEDS_A_PERSON, FixMode, chosen
from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules import DEFAULT_CODES, RULES

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HEAD = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def fixed(data: bytes, unsafe: bool = False, codes: frozenset[str] = DEFAULT_CODES) -> bytes:
    """What ``check --fix`` (``--unsafe-fixes``) writes for a file holding ``data``, checking ``codes``."""
    report = Pipeline(codes).checked("t.pbn", io.BytesIO(data), fix=FixMode(unsafe=unsafe)).report
    return data if report.fixed_text is None else report.fixed_text


def counts(data: bytes, codes: frozenset[str] = DEFAULT_CODES) -> Counter[str]:
    return Counter(f.code for f in Pipeline(codes).check_stream("t.pbn", io.BytesIO(data)).findings)


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
    ("S114", b'%Content-type: text/x-pbn; charset=ISO-8859-1\r\n[Event "Spring \x93Pairs\x94 caf\xe9"]\r\n'
             b'[Board "1"]\r\n',
     '%Content-type: text/x-pbn; charset=UTF-8\r\n[Event "Spring \u201cPairs\u201d caf\u00e9"]\r\n'
     '[Board "1"]\r\n', False),
    ("D102", HEAD.replace(DEAL, DEAL.replace(" ", "  ", 1)), HEAD, False),
    ("B109", HEAD + '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n',
     HEAD + '[Declarer "S"]\n[Contract "4S"]\n[Score "NS 420"]\n[Result "10"]\n', False),
    ("B109", HEAD.replace("None", "EW") + '[Declarer "E"] [Contract "3NTX"] [Result "7"]\n',
     HEAD.replace("None", "EW") + '[Declarer "E"] [Contract "3NTX"] [Score "EW -500"] [Result "7"]\n', False),
    ("B106", HEAD + '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS 450"]\n',
     HEAD + '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS 420"]\n', True),
    ("B106", HEAD + '[Declarer "E"]\n[Contract "4S"]\n[Result "8"]\n[Score "NS 200 EW -200"]\n',
     HEAD + '[Declarer "E"]\n[Contract "4S"]\n[Result "8"]\n[Score "NS 100 EW -100"]\n', True),
    ("B106", HEAD + '[Declarer "W"]\n[Contract "2C"]\n[Result "9"]\n[Score "100"]\n',
     HEAD + '[Declarer "W"]\n[Contract "2C"]\n[Result "9"]\n[Score "110"]\n', True),
    ("C102", HEAD + '[Declarer "N"]\n[Contract "3NT"]\n[Auction "N"]\n1S Pass 4S AP\n',
     HEAD + '[Declarer "N"]\n[Contract "4S"]\n[Auction "N"]\n1S Pass 4S AP\n', True),
    ("C103", HEAD + '[Declarer "S"]\n[Contract "4H"]\n[Auction "N"]\n1H Pass 4H AP\n',
     HEAD + '[Declarer "N"]\n[Contract "4H"]\n[Auction "N"]\n1H Pass 4H AP\n', True),
    ("A107", HEAD + '[Declarer "N"]\n[Contract "4S"]\n[Auction "N"]\n1S Pass 4S {the end}\n',
     HEAD + '[Declarer "N"]\n[Contract "4S"]\n[Auction "N"]\n1S Pass 4S Pass Pass Pass {the end}\n', True),
    ("B104", '[Board "2"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "' + DEAL + '"]\n',
     '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "' + DEAL + '"]\n', True),
    ("B105", '[Board "2"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n',
     '[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "' + DEAL + '"]\n', True),
    ("B108", HEAD + '[Auction "N"]\n1NT AP\n\n{ table 2 }\n[Room "Closed"]\n[Auction "N"]\n2NT AP\n',
     HEAD + '[Auction "N"]\n1NT AP\n\n{ table 2 }\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
     f'[Deal "{DEAL}"]\n[Room "Closed"]\n[Auction "N"]\n2NT AP\n', True),
]


def _bytes(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


@pytest.mark.parametrize("code, before, after, unsafe", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_fix_mends_its_finding_and_nothing_else(code, before, after, unsafe):
    data, want = _bytes(before), _bytes(after)
    codes = DEFAULT_CODES | {code}
    found = counts(data, codes)
    assert found[code] > 0
    assert RULES[code].fixable == ("unsafe" if unsafe else "safe")
    if unsafe:
        assert fixed(data, codes=codes) == data  # --fix alone leaves an unsafe fix
    result = fixed(data, unsafe, codes)
    assert result == want
    left = counts(result, codes)
    assert left[code] == 0
    assert left - Counter({code: found[code]}) == found - Counter({code: found[code]})  # no other finding moves
    assert fixed(result, unsafe, codes) == result  # a second --fix changes nothing


@pytest.mark.parametrize("code, before, after, unsafe", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_diff_applied_by_patch_is_what_fix_writes(tmp_path, monkeypatch, code, before, after, unsafe):
    if shutil.which("patch") is None:
        pytest.skip("patch is not installed")
    monkeypatch.chdir(tmp_path)
    Path("t.pbn").write_bytes(_bytes(before))
    flags = ["--extend-select", code] + (["--unsafe-fixes"] if unsafe else [])
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", *flags, "t.pbn", binary=True)
    assert status == 1 and Path("t.pbn").read_bytes() == _bytes(before)  # --diff writes nothing
    subprocess.run(["patch", "-p1", "-s", "--binary"], input=diff, check=True)
    patched = Path("t.pbn").read_bytes()
    Path("t.pbn").write_bytes(_bytes(before))
    run_cli(monkeypatch, "check", "--isolated", "--fix", *flags, "t.pbn")
    assert patched == Path("t.pbn").read_bytes() == _bytes(after)
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", *flags, "t.pbn", binary=True)
    assert (status, diff) == (0, b"")


def test_a_second_table_is_written_out_only_where_its_play_fits_the_deal_before():
    # West's SA is North's in the game before: another board, not another table of it
    data = (HEAD + '[Auction "N"]\n1NT AP\n\n[Room "Closed"]\n[Declarer "N"]\n[Contract "1NT"]\n[Auction "N"]\n'
            '1NT AP\n[Play "E"]\nH7 H4 SA HT\n').encode()
    assert counts(data)["B108"] == 1
    assert fixed(data, unsafe=True) == data


def test_the_vulnerability_of_a_board_written_from_other_seats_is_not_set():
    # board 2 (East deals, North-South vulnerable) written one seat round: South deals, East-West vulnerable
    data = ('[Board "2"]\n[Dealer "S"]\n[Vulnerable "EW"]\n[Deal "' + DEAL + '"]\n[Auction "S"]\nPass\n').encode()
    assert counts(data, DEFAULT_CODES | {"B104", "B105"})["B105"] == 1
    assert fixed(data, True, DEFAULT_CODES | {"B104", "B105"}) == data  # setting NS alone would foul the board
    kept = data.replace(b'"EW"', b'"None"')  # not the board turned: the board number's vulnerability is set
    assert fixed(kept, True, DEFAULT_CODES | {"B104", "B105"}) == kept.replace(b'"None"', b'"NS"')


def test_fix_in_place_keeps_the_mode_and_reports_what_is_left(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = Path("a.pbn")
    path.write_bytes((HEAD + '[Auction "N"]\n1N AP\n[Play "E"]\nS2 S3 S4\n').encode())
    os.chmod(path, 0o640)
    status, out, err = run_cli(monkeypatch, "check", "--isolated", "--fix", "a.pbn")
    assert path.read_bytes() == (HEAD + '[Auction "N"]\n1NT AP\n[Play "E"]\nS2 S3 S4\n').encode()
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert "S109" not in out and "1 fix applied" in err
    errors = Pipeline().check_stream("a.pbn", io.BytesIO(path.read_bytes())).findings
    assert status == (1 if any(f.severity == "error" for f in errors) else 0)


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
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(json.loads(out))
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
    # a rewrite across lines keeps Latin-1 where a line of it is Latin-1
    assert edited(b"a\n[West \"Ren\xe9\"]\n", [Edit(1, 1, 3, 1, 'a\r\n[West "René"]\r\n')]) == \
        b"a\r\n[West \"Ren\xe9\"]\r\n"


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


@pytest.mark.parametrize("code", sorted(NEEDS_A_PERSON))
def test_the_examples_of_what_needs_a_person_stay_byte_for_byte(code):
    from test_rule_docs import section, snippets

    assert RULES[code].fixable is None
    for example in snippets(section(RULES[code].doc(), "Example")):
        assert counts(example)[code] > 0
        assert fixed(example, unsafe=True) == example
        # other defects in the same game (a spelling, a date) are left too: a person looks at the game first
        sloppy = example.replace(b"[Dealer", b'[Date "2013-11-23"]\n[Dealer', 1)
        assert fixed(sloppy, unsafe=True) == sloppy


def test_contract_and_declarer_fixes_are_offered_or_say_why_not():
    # an auction that ended legally, with a note, a comment, a double and a redouble: C102 mended
    auction = '[Auction "N"]\n1NT =1= Pass 2C X\nXX { a comment } Pass Pass 2NT\nPass Pass Pass\n[Note "1:15-17"]\n'
    data = (HEAD + '[Declarer "W"]\n[Contract "3NT"]\n' + auction).encode()
    findings = {f.code: f for f in Pipeline().check_stream("t.pbn", io.BytesIO(data)).findings}
    assert findings["C102"].fix is not None and "leaves it" not in findings["C102"].message
    assert fixed(data, unsafe=True) == data.replace(b'"3NT"', b'"2NT"')
    # a Score worked out from the Contract: withheld, and said so
    scored = data.replace(b'[Auction "N"]', b'[Score "EW 600"]\n[Auction "N"]')
    [c102] = [f for f in Pipeline().check_stream("t.pbn", io.BytesIO(scored)).findings if f.code == "C102"]
    assert c102.fix is None and "--fix --unsafe-fixes leaves it, as a Score was worked out from it" in c102.message
    # a declarer of the other side: withheld, and said so
    other = data.replace(b'[Declarer "W"]', b'[Declarer "S"]')
    [c103] = [f for f in Pipeline().check_stream("t.pbn", io.BytesIO(other)).findings if f.code == "C103"]
    assert c103.fix is None and "the auction's declarer sits on the other side" in c103.message
