"""``bridgelint format``: PBN export format written, the layout alone; ``check --fix`` never touches layout."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import CORPUS_PBN, requires_shared, run_cli
from test_fix_properties import facts, records

from bridgelint.engine.fixing import FixMode
from bridgelint.engine.formatting import declared, formatted
from bridgelint.engine.pipeline import Pipeline

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

# a file, and the file in export format
CASES = [
    ('% EXPORT\n\n[Board "1"] [Site "here"]\n[Dealer "E"]\n[Vulnerable "Both"]\n'
             f'[Deal "{DEAL}"]\n[Scoring "IMP"]\n[Declarer "S"]\n[Contract "3NT"]\n[Auction "E"]\n'
             'Pass  1NT Pass 3NT\n{ a comment   kept }\nPass Pass Pass \n[BCFlags "1"]\n[Result "NS 9"]\n'
             '[West "w"]\n[North "n"]\n[East "e"]\n[South "s"]\n',
     '% EXPORT\n\n[Event "?"]\r\n[Site "here"]\r\n[Date "?"]\r\n[Board "1"]\r\n[West "w"]\r\n[North "n"]\r\n'
     '[East "e"]\r\n[South "s"]\r\n[Dealer "E"]\r\n[Vulnerable "All"]\r\n'
     '[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]\r\n[Scoring "IMP"]\r\n'
     '[Declarer "S"]\r\n[Contract "3NT"]\r\n[Result "9"]\r\n[BCFlags "1"]\r\n[Auction "E"]\r\n'
     'Pass 1NT Pass 3NT\r\n{ a comment   kept }\r\nPass Pass Pass\r\n'),
    ('% EXPORT\r\n\r\n[Event "x"]\r\n[Site "y"]\r\n[Date "2001.01.01"]\r\n[Board "2"]\r\n[West "w"]\r\n'
             '[North "n"]\r\n[East "e"]\r\n[South "s"]\r\n[Dealer "E"]\r\n[Vulnerable "NS"]\r\n'
             '[Deal "E:QJA.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\r\n'
             '[Scoring "IMP"]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]\r\n[Room "Open"]\r\n'
             '[Annotator "me"]\r\n% an escape line\r\n',
     '% EXPORT\r\n\r\n[Event "x"]\r\n[Site "y"]\r\n[Date "2001.01.01"]\r\n[Board "2"]\r\n[West "w"]\r\n'
     '[North "n"]\r\n[East "e"]\r\n[South "s"]\r\n[Dealer "E"]\r\n[Vulnerable "NS"]\r\n'
     '[Deal "E:AQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\r\n'
     '[Scoring "IMP"]\r\n[Declarer ""]\r\n[Contract ""]\r\n[Result ""]\r\n[Annotator "me"]\r\n'
     '% an escape line\r\n[Room "Open"]\r\n'),
]


def written(data: bytes) -> bytes:
    return formatted(Pipeline(), "t.pbn", data)[0]


@pytest.mark.parametrize("before, after", CASES)
def test_format_writes_export_format_once(before, after):
    data, want = before.encode(), after.encode()
    assert written(data) == want
    assert written(want) == want  # a second format changes nothing
    # check --fix leaves the layout alone: the tags in their order, the line ends
    fixed = Pipeline().checked("t.pbn", io.BytesIO(data), fix=FixMode(unsafe=True)).report.fixed_text or data
    assert re.findall(rb"\[(\w+)", fixed) == re.findall(rb"\[(\w+)", data)
    assert fixed.count(b"\r\n") == data.count(b"\r\n")


def test_a_file_without_an_export_line_is_declared_export_format():
    assert declared(b"% PBN 2.1\n[Event \"x\"]\n") == b"% PBN 2.1\n% EXPORT\r\n[Event \"x\"]\n"
    assert declared(b"\xef\xbb\xbf[Event \"x\"]\n") == b"\xef\xbb\xbf% PBN 2.1\r\n% EXPORT\r\n[Event \"x\"]\n"
    assert declared(b"% PBN 2.1\r\n%  export\r\n") == b"% PBN 2.1\r\n%  export\r\n"
    text = written(f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'.encode())
    assert text.startswith(b"% PBN 2.1\r\n% EXPORT\r\n") and b"\n" not in text.replace(b"\r\n", b"")


def test_format_check_and_diff_exit_1_and_write_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    before, after = (text.encode() for text in CASES[0])
    Path("t.pbn").write_bytes(before)
    status, out, err = run_cli(monkeypatch, "format", "--isolated", "--check", "t.pbn")
    assert (status, out) == (1, "would reformat t.pbn\n") and Path("t.pbn").read_bytes() == before
    status, diff, _ = run_cli(monkeypatch, "format", "--isolated", "--diff", "t.pbn", binary=True)
    assert status == 1 and Path("t.pbn").read_bytes() == before
    if shutil.which("patch") is not None:
        subprocess.run(["patch", "-p1", "-s", "--binary"], input=diff, check=True)
        assert Path("t.pbn").read_bytes() == after
        Path("t.pbn").write_bytes(before)
    status, _, err = run_cli(monkeypatch, "format", "--isolated", "t.pbn")
    assert status == 0 and Path("t.pbn").read_bytes() == after and "1 file reformatted" in err
    assert run_cli(monkeypatch, "format", "--isolated", "--check", "t.pbn")[0] == 0
    Path("m.lin").write_text("qx|o1|md|1S,,,|\n")
    status, _, err = run_cli(monkeypatch, "format", "--isolated", "m.lin")
    assert status == 0 and "a LIN file, left as it is" in err


@requires_shared
@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS_PBN.glob("*.pbn")) if CORPUS_PBN.is_dir() else [])
def test_every_corpus_file_formatted_says_the_same_and_stays(name):
    data = (CORPUS_PBN / name).read_bytes()
    after = written(data)
    old, new = records(data, name), records(after, name)
    assert len(old) == len(new)
    for a, b in zip(old, new):
        was, now = facts(a), facts(b)
        was.pop("escapes"), now.pop("escapes")  # the header's % EXPORT line
        assert was == now, (name, a.game)
    assert written(after) == after, f"{name}: a second format changed it"


RESULTS_FILES = ["rkcb__pbnparser__butler.pbn", "rkcb__pbnparser__liigaButler1b.pbn", "rkcb__pbnparser__sm2.pbn",
                 "gerhardsletten__jrbridge-pbn-api__individuals.pbn", "gerhardsletten__jrbridge-pbn-api__pairs.pbn",
                 "gerhardsletten__jrbridge-pbn-api__teams-sub.pbn"]


@requires_shared
@pytest.mark.parametrize("name", RESULTS_FILES)
def test_fix_on_a_results_file_changes_only_the_wrong_scores_line(name):
    # a scoring program's file, its first game given a played contract and a Score that is not Law 77's
    data = (CORPUS_PBN / name).read_bytes()
    end = b"\r\n" if b"\r\n" in data else b"\n"
    planted = data.replace(b'[Declarer ""]', b'[Declarer "N"]', 1).replace(b'[Contract ""]', b'[Contract "3NT"]', 1) \
        .replace(b'[Result ""]' + end, b'[Result "9"]' + end + b'[Score "NS 420"]' + end, 1)
    assert planted.count(b"[Score ") == data.count(b"[Score ") + 1
    report = Pipeline().checked(name, io.BytesIO(planted), fix=FixMode(unsafe=True)).report
    assert report.fixed_text is not None
    before, after = planted.splitlines(keepends=True), report.fixed_text.splitlines(keepends=True)
    assert len(before) == len(after)
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert changed in ([(b'[Score "NS 420"]' + end, b'[Score "NS 400"]' + end)],
                       [(b'[Score "NS 420"]' + end, b'[Score "NS 600"]' + end)]), changed


def test_format_reports_only_what_the_layout_could_not_mend(tmp_path, monkeypatch):
    # a file with a revoke and a wrong Score: format is about layout, and says nothing of them
    monkeypatch.chdir(tmp_path)
    Path("p.pbn").write_bytes((Path(__file__).resolve().parents[1] / "samples" / "play-defects.pbn").read_bytes())
    status, _, err = run_cli(monkeypatch, "format", "--check", "p.pbn")
    codes = {line.split(" ")[1] for line in err.splitlines() if line.startswith("p.pbn:")}
    assert codes <= {"S108"}, err
