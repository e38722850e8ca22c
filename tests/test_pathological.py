"""Pathological inputs: huge lines, floods of one token, non-text, odd paths.

Every case must take time linear in the input, keep memory bounded, lose no game, and never
crash; unreadable paths exit 2 with a message while the other paths are still checked.
Linear time is tested by ratio, never by a budget in seconds: four times the input may take at
most eight times the CPU time (a quadratic step takes sixteen times), best of a few tries, so that a busy
machine does not fail the test.  Sizes stay below a megabyte or so, where the ratio would
measure the CPU caches instead.  The full-size floods, the floods sniffed by content
(``t.txt``) and the 50 MB line are marked ``slow`` (``pytest -m slow``);
BRIDGELINT_HUGE_MB sets another size for the line.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from conftest import assert_linear, cpu_seconds

from bridgelint.cli import cli
from bridgelint.engine import run as run_module
from bridgelint.engine.opening import open_input
from bridgelint.engine.pipeline import check_file, check_stream
from bridgelint.formats import lin_grammar
from bridgelint.formats.lin import LinReader, looks_like_lin
from bridgelint.formats.lin_scan import MAX_TAIL
from bridgelint.formats.pbn import READ_LIMIT
from bridgelint.formats.pbn_grammar import TOKEN

HUGE_MB = int(os.environ.get("BRIDGELINT_HUGE_MB", "50"))
BOARD_LIN = b"qx|o1|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"


def lint(data: bytes, name: str = "t.pbn"):
    """The report on ``data``, which must hold no internal error."""
    report = check_stream(name, io.BytesIO(data))
    assert not [f for f in report.findings if f.code == "X001"]
    return report


def codes(report) -> set[str]:
    return {f.code for f in report.findings}


def run(*args: str, timeout: float = 30):
    return subprocess.run([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "1", *args],
                          capture_output=True, text=True, timeout=timeout)


# --- a huge line ---------------------------------------------------------------------------------------

def _huge_file(tmp_path: Path, name: str, unit: bytes) -> Path:
    path = tmp_path / name
    size = HUGE_MB << 20
    with open(path, "wb") as out:
        block = unit * ((1 << 20) // len(unit))
        for _ in range(size // len(block)):
            out.write(block)
    return path


MEMORY_PROBE = """
import resource, sys
from bridgelint.engine.pipeline import check_file
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
report = check_file(sys.argv[1])
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(report.games, sorted({f.code for f in report.findings}), (after - before) // 1024)
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs getrusage")
@pytest.mark.parametrize("name, unit", [("huge.pbn", b'[Event "x"] {c} ; Pass 1NT '), ("huge.lin", b"aa bb cc ")])
def test_a_huge_file_without_a_newline_is_read_in_bounded_time_and_memory(tmp_path: Path, name: str,
                                                                          unit: bytes) -> None:
    path = _huge_file(tmp_path, name, unit)
    done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(path)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    games, rest = done.stdout.split(" ", 1)
    found, grown_mb = rest.rsplit(" ", 1)[0], int(rest.rsplit(" ", 1)[1])
    assert grown_mb < 40, f"peak memory grew by {grown_mb} MB on a {HUGE_MB} MB line"
    assert ("S107" if name.endswith(".pbn") else "S120") in found
    assert games in ("0", "1")


def test_an_over_long_pbn_line_is_cut_with_a_finding_and_the_lines_after_it_keep_their_columns() -> None:
    long = b"x" * (READ_LIMIT + 5000) + b" y\r\n"
    data = b'[Board "1"]\r\n' + long + b'[Dealer "Q"]\r\n[Vulnerable "None"]\r\n'
    report = lint(data)
    s107 = [f for f in report.findings if f.code == "S107"]
    assert [(f.line, f.column) for f in s107] == [(2, 255)]
    assert "only its first" in s107[0].message and "5002 more bytes" in s107[0].message
    # the cut line keeps its line end: line 3 is still the Dealer tag, at column 1
    assert ("B102", 3, 1) in {(f.code, f.line, f.column) for f in report.findings}
    assert report.games == 1


def test_an_over_long_last_line_without_a_newline() -> None:
    report = lint(b'[Board "1"]\n[Event "' + b"e" * (READ_LIMIT * 2) + b'"]')
    assert report.games == 1 and "S107" in codes(report)


# --- floods of one token ---------------------------------------------------------------------------------

FLOODS = [(b"{", 1_000_000), (b"}", 1_000_000), (b"[", 1_000_000), (b'"', 1_000_000), (b"|", 1_000_000),
          (b"=", 1_000_000), (b"$", 1_000_000), (b"x|", 500_000), (b"a |", 300_000), (b"\n", 1_000_000),
          (b" ", 5_000_000), (b" \n", 1_000_000), (b"{\n", 300_000), (b'[a "', 200_000), (b"md|", 100_000),
          (b"=a", 500_000), (b"{c}\n", 200_000), (b"x\x01\n\n", 200_000)]


@pytest.mark.parametrize("name", ["t.pbn", "t.lin", pytest.param("t.txt", marks=pytest.mark.slow)])
@pytest.mark.parametrize("unit, count", FLOODS, ids=lambda v: repr(v) if isinstance(v, bytes) else str(v))
def test_a_flood_of_one_token_is_linear(name: str, unit: bytes, count: int) -> None:
    assert_linear(lambda n: lint(unit * n, name), count // 8)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["t.pbn", "t.lin", "t.txt"])
@pytest.mark.parametrize("unit, count", FLOODS, ids=lambda v: repr(v) if isinstance(v, bytes) else str(v))
def test_a_full_size_flood_of_one_token_is_read(name: str, unit: bytes, count: int) -> None:
    """At full size only what is read is tested: between 1 and 8 MB the ratio measures the CPU caches."""
    lint(unit * count, name)


def test_a_tag_repeated_100000_times() -> None:
    report = lint(b'[Board "1"]\n' * 100_000)
    assert report.games == 1
    assert sum(f.code == "S105" for f in report.findings) == 99_999


def test_many_empty_lines_and_many_small_games() -> None:
    assert lint(b"\n" * 200_000).games == 0
    assert lint(b"\r\n" * 200_000).games == 0
    assert lint(b'[Board "1"]\n\n' * 20_000).games == 20_000
    assert lint(b"qx|o1|" * 20_000, "t.lin").games == 20_000


def test_a_comment_over_many_blank_lines_is_linear() -> None:
    """The tag-like-line search in a comment once matched \\s* across lines: quadratic."""
    report = lint(b'[Board "1"]\n{' + b"\n" * 200_000 + b'}\n[Dealer "N"]\n')
    assert report.games == 1
    report = lint(b'{' + b" \n" * 200_000)
    assert "S103" in codes(report)
    assert_linear(lambda n: lint(b'[Board "1"]\n{' + b"\n" * n + b'}\n[Dealer "N"]\n'), 100_000)
    assert_linear(lambda n: lint(b'{' + b" \n" * n), 100_000)


def test_many_handviewer_links_are_sniffed_in_linear_time() -> None:
    assert not looks_like_lin("handviewer.html?" * 4000)
    assert looks_like_lin("see handviewer.html?" * 100 + "handviewer.html?b=1&lin=qx|o1|")
    assert looks_like_lin("https://x/handviewer.html?LIN=md|3|")
    assert_linear(lambda n: looks_like_lin("handviewer.html?" * n), 4000)
    assert_linear(lambda n: lint(b"handviewer.html?" * n, "t.txt"), 4000)


def test_lin_junk_between_fields_is_linear() -> None:
    """The field scan once searched ahead from every junk position: quadratic on '|' or white space."""
    for junk in (b"|", b"\n"):
        assert lint(junk * 200_000 + BOARD_LIN, "t.lin").games == 1
        assert_linear(lambda n, junk=junk: lint(junk * n + BOARD_LIN, "t.lin"), 100_000)


def test_a_long_vugraph_match_is_read_in_linear_time() -> None:
    """Each board once split the whole rs list and summed the lengths of the entries before its own."""
    def match(n: int) -> bytes:
        rs = ",".join(["4SS=", "4SS-1"] * n)
        boards = "".join(f"qx|o{i}|md|1S2,H3,D4,|\nqx|c{i}|md|1S2,H3,D4,|\n" for i in range(1, n + 1))
        return f"vg|m,s,I,1,{n},a,0,b,0|\nrs|{rs}|\n{boards}".encode()

    matches = {n: match(n) for n in (1000, 4000)}
    records = list(LinReader(io.BytesIO(matches[1000]), "t.lin"))
    assert len(records) == 2000 and records[-1].contract.raw == "4SS-1"
    assert records[-1].contract.column == len("rs|") + len("4SS=,4SS-1,") * 999 + len("4SS=,") + 1
    assert_linear(lambda n: sum(1 for _ in LinReader(io.BytesIO(matches[n]), "t.lin")), 1000)


def test_lin_white_space_longer_than_the_tail_limit_loses_no_board() -> None:
    """More white space than MAX_TAIL between two boards once ended the scan: the second board was lost."""
    for gap in (b"\n" * (MAX_TAIL + 10), b" " * (MAX_TAIL + 10), b"\r\n" * (MAX_TAIL // 2 + 10)):
        report = lint(BOARD_LIN + gap + BOARD_LIN.replace(b"o1", b"o2"), "t.lin")
        assert report.games == 2


def test_lin_junk_longer_than_the_tail_limit_keeps_memory_bounded_and_the_next_board() -> None:
    report = lint(BOARD_LIN + b"z" * (3 * MAX_TAIL) + b"\n" + BOARD_LIN.replace(b"o1", b"o2"), "t.lin")
    assert report.games == 2 and "S120" in codes(report)


# --- the grammar regexes do not backtrack catastrophically ----------------------------------------------

_CHARS = " \t\n\r[]{}\";%=$!?^\\|#*+-.:,/aAzZ019SHDCNXPpo"
_PREFIXES = ["", "[", "[a ", '[a "', '"', "{", ";", "%", "=", "$", "^", "!", "board", "board ", "1", "o1", "s",
             "qx|", "md|", "-", "1C", "S10", "n-s "]
_N = 20_000


def _adversarial() -> list[tuple[str, str]]:
    """(prefix, unit): the text of length about n is the prefix and the unit repeated to n characters."""
    return ([(prefix, c) for prefix in _PREFIXES for c in _CHARS]
            + [("", a + b) for a, b in itertools.combinations(" \n[\"=a|\\1-", 2)])


def _matching(name: str, pattern: re.Pattern, prefix: str, unit: str) -> Callable[[int], object]:
    """``work(n)``: the pattern run over the adversarial text of about ``n`` characters."""
    def work(n: int) -> object:
        text = prefix + unit * (n // len(unit))
        if name == "pbn token":
            return sum(1 for _ in pattern.finditer(text))
        return pattern.match(text), pattern.fullmatch(text)
    return work


def test_the_grammar_regexes_are_linear_on_adversarial_text() -> None:
    """Every pattern on every text once; the slowest cases (where backtracking would show) by ratio."""
    patterns = [("pbn token", TOKEN.re)] + [(p.name, p.re) for p in lin_grammar.PRODUCTIONS
                                               if hasattr(p, "re") and isinstance(p.re, re.Pattern)]
    works = [_matching(name, pattern, prefix, unit) for prefix, unit in _adversarial() for name, pattern in patterns]
    slowest = sorted(range(len(works)), key=lambda i: cpu_seconds(works[i], _N), reverse=True)
    for i in slowest[:5]:
        assert_linear(works[i], _N)


@pytest.mark.parametrize("unit", ["Pass ", "1C\t", "SA SK SQ SJ ", 'SA SK SQ SJ\n[A "b"]\n'])
def test_a_line_of_many_calls_or_cards_ending_in_something_else_is_linear(unit: str) -> None:
    """Rows of calls or cards are one token only when a line ends after them: a long line must not be
    searched to its end again from each of its tokens."""
    assert_linear(lambda n: sum(1 for _ in TOKEN.re.finditer(unit * (n // len(unit)) + "!")), _N)


# --- not text ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["t.pbn", "t.lin", "t.txt"])
@pytest.mark.parametrize("data", ['[Board "1"]\n'.encode("utf-16"), '[Board "1"]\n'.encode("utf-16-be"),
                                  b"\x00" * 100_000, b'[Board "1"]\n\x00'],
                         ids=["utf16-bom", "utf16-be", "nuls", "one-nul"])
def test_non_text_is_one_s101_and_no_game(name: str, data: bytes) -> None:
    report = lint(data, name)
    assert "S101" in codes(report) and report.games == 0


def test_non_text_exits_1_and_the_other_files_are_still_checked(tmp_path: Path) -> None:
    (tmp_path / "a.pbn").write_bytes('[Board "1"]\n'.encode("utf-16"))
    (tmp_path / "b.pbn").write_bytes(b"\x00" * 1000)
    (tmp_path / "c.pbn").write_bytes(b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
    done = run("--format", "json", str(tmp_path))
    assert done.returncode == 1, done.stderr
    document = json.loads(done.stdout)
    assert [f["path"].rsplit("/", 1)[-1] for f in document["files"]] == ["a.pbn", "b.pbn", "c.pbn"]
    assert document["summary"]["games"] == 1


# --- paths -----------------------------------------------------------------------------------------------

def _invoke(*args: str):
    return CliRunner().invoke(cli, ["check", "--isolated", "--jobs", "1", *args])


def _good(path: Path) -> Path:
    path.write_bytes(b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
    return path


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_directory_symlink_loop_is_not_followed(tmp_path: Path) -> None:
    _good(tmp_path / "a.pbn")
    (tmp_path / "sub").mkdir()
    os.symlink(tmp_path, tmp_path / "sub" / "loop")
    os.symlink(tmp_path / "sub" / "loop2", tmp_path / "sub" / "loop2")  # a link to itself
    os.symlink(tmp_path / "sub" / "self.pbn", tmp_path / "sub" / "self.pbn")
    result = _invoke("--format", "json", str(tmp_path))
    document = json.loads(result.stdout)
    assert [(Path(f["path"]).name, "unreadable" in f) for f in document["files"]] == [("a.pbn", False),
                                                                                       ("self.pbn", True)]
    assert "self.pbn" in result.stderr and result.exit_code == 2  # a looping file link is unreadable: said


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="runs as root: a file without read permission can still be read")
def test_a_file_without_read_permission_exits_2_and_the_others_are_checked(tmp_path: Path) -> None:
    locked = _good(tmp_path / "locked.pbn")
    locked.chmod(0)
    try:
        result = _invoke("--format", "json", str(locked), str(_good(tmp_path / "b.pbn")))
    finally:
        locked.chmod(0o644)
    assert result.exit_code == 2
    assert "locked.pbn" in result.stderr and "ermission" in result.stderr
    assert [Path(f["path"]).name for f in json.loads(result.stdout)["files"]] == ["b.pbn"]


def test_an_unreadable_path_exits_2_and_the_others_are_checked(tmp_path: Path) -> None:
    """Works as root too: a path that cannot be opened whatever the permissions."""
    good = _good(tmp_path / "b.pbn")
    bad = [str(tmp_path / "missing.pbn"), str(good / "below.pbn")]
    if hasattr(os, "symlink"):
        os.symlink(tmp_path / "nowhere", tmp_path / "dangling.pbn")
        bad.append(str(tmp_path / "dangling.pbn"))
    result = _invoke("--format", "json", *bad, str(good))
    assert result.exit_code == 2
    for path in bad:
        assert path in result.stderr
    files = json.loads(result.stdout)["files"]
    assert [f["path"] for f in files if "unreadable" in f] == bad  # in the report too, not checked
    assert [Path(f["path"]).name for f in files if "unreadable" not in f] == ["b.pbn"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_given_explicitly_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    done = run("--format", "json", str(fifo), str(_good(tmp_path / "b.pbn")), timeout=20)
    assert done.returncode == 1, done.stderr
    files = json.loads(done.stdout)["files"]
    assert [Path(f["path"]).name for f in files] == ["pipe.pbn", "b.pbn"]
    assert files[0]["games"] == 0  # nobody writes to it: read as empty, nothing checked (S111)
    assert [f["code"] for f in files[0]["findings"]] == ["S111"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_with_a_writer_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # a writer is there before the reader opens it
    try:
        os.write(writer, b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n')
        stream = open_input(str(fifo))
    finally:
        os.close(writer)
    with stream:
        assert stream.read().startswith(b'[Board "1"]')


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_directory_walk_skips_fifos(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.pbn")
    _good(tmp_path / "b.pbn")
    done = run("--format", "json", str(tmp_path), timeout=20)
    assert done.returncode == 0, done.stderr
    assert [Path(f["path"]).name for f in json.loads(done.stdout)["files"]] == ["b.pbn"]


@pytest.mark.skipif(not os.path.exists("/dev/null") or not os.path.exists("/dev/zero"), reason="no /dev")
def test_a_device_given_explicitly_is_refused_with_exit_2(tmp_path: Path) -> None:
    done = run("/dev/null", "/dev/zero", str(_good(tmp_path / "b.pbn")), timeout=20)
    assert done.returncode == 2
    assert "/dev/null: not a regular file" in done.stderr and "/dev/zero: not a regular file" in done.stderr
    assert "3 files (2 unreadable)" in done.stderr


def test_a_directory_given_to_check_file_is_unreadable(tmp_path: Path) -> None:
    report = check_file(str(tmp_path))
    assert report.unreadable


def test_a_path_deleted_while_the_run_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deleted after the paths were listed: exit 2 with a message; deleted while being read: still read."""
    first, second, third = (_good(tmp_path / f"{n}.pbn") for n in "abc")
    real = run_module.open_reader

    def open_and_delete(stream, path, fmt=None, encoding=None):
        if path.endswith("a.pbn"):
            first.unlink()  # the open file stays readable
            second.unlink()  # not opened yet: gone
        return real(stream, path, fmt, encoding)

    monkeypatch.setattr(run_module, "open_reader", open_and_delete)
    result = _invoke("--format", "json", str(tmp_path))
    assert result.exit_code == 2
    assert "b.pbn" in result.stderr
    files = json.loads(result.stdout)["files"]
    assert [(Path(f["path"]).name, "unreadable" in f) for f in files] == [("a.pbn", False), ("b.pbn", True),
                                                                          ("c.pbn", False)]
    assert [f["games"] for f in files] == [1, 0, 1]


def test_the_ratio_test_catches_quadratic_work() -> None:
    assert_linear(lambda n: sum(1 for _ in range(n)), 20_000)
    with pytest.raises(pytest.fail.Exception, match="not linear"):
        assert_linear(lambda n: sum(1 for _ in range(n) for _ in range(n)), 300, tries=2)
