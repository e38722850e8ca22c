"""``--diff``: hunks found in time linear in the file (counted work, never seconds), names quoted as git quotes
them so that no name makes a header of its own, CR-only files diffed so ``patch`` applies them, an archive
member's hunks labelled with the member's name; every diff applied gives the fixed file."""

from __future__ import annotations

import gzip
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from conftest import run_cli

from bridgelint.engine.diffing import unified_diff

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
GAME = '[Event "x"]\n[Board "{}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n[Auction "N"]\n1N AP\n\n'
_HUNK = re.compile(rb"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n")


def applied(before: bytes, diff: bytes) -> bytes:
    """``diff`` applied to ``before``, hunk by hunk, every removed and context line checked."""
    old = before.split(b"\n")
    old = [line + b"\n" for line in old[:-1]] + ([old[-1]] if old[-1] else [])
    out: list[bytes] = []
    at = 0
    lines = diff.split(b"\n")[2:]
    k = 0
    while k < len(lines) and lines[k]:
        m = _HUNK.match(lines[k] + b"\n")
        assert m, lines[k]
        start = int(m.group(1)) - (1 if m.group(2) != b"0" else 0)
        out += old[at:start]
        at = start
        k += 1
        while k < len(lines) and lines[k][:1] in (b" ", b"-", b"+", b"\\"):
            kind, text = lines[k][:1], lines[k][1:] + b"\n"
            if k + 1 < len(lines) and lines[k + 1].startswith(b"\\ No newline"):
                text = text[:-1]
            if kind in (b" ", b"-"):
                assert old[at] == text
                at += 1
            if kind in (b" ", b"+"):
                out.append(text)
            k += 1
    return b"".join(out + old[at:])


def mutated(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(lines))
        choice = rng.random()
        if choice < 0.4:
            lines[at] = lines[at] + b" x"
        elif choice < 0.7:
            lines.insert(at, rng.choice([b"", b"[Board \"1\"]", b"new"]))
        elif len(lines) > 1:
            del lines[at]
    return b"\n".join(lines)


def test_every_diff_applied_gives_the_fixed_file():
    rng = random.Random(7)
    for _ in range(300):
        before = "".join(GAME.format(i) for i in range(rng.randint(1, 5))).encode()
        if rng.random() < 0.3:
            before = before.rstrip(b"\n")
        after = mutated(rng, before)
        assert applied(before, unified_diff("t.pbn", before, after)) == after


def counted(work: Callable[[], object]) -> int:
    """The work done by ``work()``, counted: the function calls it makes (Python's and C's)."""
    count = 0

    def profile(frame, event, arg):
        nonlocal count
        count += event in ("call", "c_call")

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def calls(before: bytes, after: bytes) -> int:
    """The work of diffing, counted."""
    return counted(lambda: unified_diff("t.pbn", before, after))


def test_diff_is_linear_in_the_file():
    # every game's 1N fixed: 250 and 1,000 games; difflib over the whole file took 1.4 s and 68 s
    def work(games: int) -> int:
        before = "".join(GAME.format(i) for i in range(games)).encode()
        return calls(before, before.replace(b"1N AP", b"1NT AP"))

    assert work(1000) / work(250) < 5  # linear: 4; quadratic: 16


def test_diff_costs_no_more_than_a_few_times_fixing():
    import io

    from bridgelint.core.findings import Edit
    from bridgelint.engine.edit_text import apply_edits

    before = "".join(GAME.format(i) for i in range(1000)).encode()
    edits = [Edit(8 * i + 7, 1, 8 * i + 7, 3, "1NT") for i in range(1000)]
    fixed: list[bytes] = []
    count = counted(lambda: fixed.append(b"".join(apply_edits(io.BytesIO(before), edits))))
    after = fixed[0]
    assert after == before.replace(b"1N AP", b"1NT AP")
    assert calls(before, after) <= 3 * count


def test_a_name_never_makes_a_header(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = Path("x\n+++ b")
    folder.mkdir()
    (folder / "victim.pbn").write_text(GAME.format(1))
    Path("victim.pbn").write_text("mine\n")
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", ".", binary=True)
    assert diff.startswith(b'--- "a/x\\n+++ b/victim.pbn"\n+++ "b/x\\n+++ b/victim.pbn"\n@@ ')
    assert [line for line in diff.split(b"\n") if line.startswith(b"+++")] == [b'+++ "b/x\\n+++ b/victim.pbn"']
    if shutil.which("patch") is not None:
        subprocess.run(["patch", "-p1", "-s"], input=diff, check=True)
        assert Path("victim.pbn").read_text() == "mine\n"
        assert "1NT AP" in (folder / "victim.pbn").read_text()


def test_a_cr_only_file_is_diffed_so_patch_applies_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = (GAME.format(1) + GAME.format(2)).replace("\n", "\r").encode()
    Path("t.pbn").write_bytes(data)
    status, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", "t.pbn", binary=True)
    want = data.replace(b"1N AP", b"1NT AP")
    assert status == 1 and applied(data, diff) == want
    if shutil.which("patch") is None:
        pytest.skip("patch is not installed")
    subprocess.run(["patch", "-p1", "-s", "--binary"], input=diff, check=True)
    assert Path("t.pbn").read_bytes() == want


def test_an_archive_members_hunks_are_labelled_with_its_name(tmp_path, monkeypatch):
    import zipfile

    monkeypatch.chdir(tmp_path)
    Path("d").mkdir()
    Path("d/c.pbn.gz").write_bytes(gzip.compress(GAME.format(1).encode()))
    with zipfile.ZipFile("d/u.zip", "w") as archive:
        archive.writestr("in/b.pbn", GAME.format(2))
    _, diff, _ = run_cli(monkeypatch, "check", "--isolated", "--diff", "d/c.pbn.gz", "d/u.zip", binary=True)
    headers = [line for line in diff.split(b"\n") if line.startswith((b"--- ", b"+++ "))]
    assert headers == [b"--- a/d/c.pbn", b"+++ b/d/c.pbn", b"--- a/d/in/b.pbn", b"+++ b/d/in/b.pbn"]
