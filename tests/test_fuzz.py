"""Property tests: no input crashes the linter, loses a game, or breaks the JSON report.

Inputs are random bytes and mutations of real files (the samples, and the shared corpus when
present): byte flips, deleted and duplicated lines, truncation at every kind of token, inserted
braces, quotes, pipes, NULs and the like.  For each input:

- checking raises nothing and reports no X001 (an internal error);
- the JSON report is valid JSON and its summary counts every game the reader delimits, which
  is also counted independently (PBN: semi-empty lines outside comments; LIN: ``qx`` fields,
  else ``md`` fields);
- the exit status would be 0 or 1 (a few cases run the command for real);
- converting the input to PBN and converting the result again gives the same bytes.

The mutations include the shapes that once raised: digits ``str.isdigit()`` takes for numbers (``¹``),
numbers of 5,000 digits, control characters in names, LIN segments concatenated.

The runs are derandomized and bounded for CI; set BRIDGELINT_FUZZ_EXAMPLES (e.g. 5000) for a
longer run.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgelint.convert.pbn_writer import PbnWriter
from bridgelint.core.problems import Problem
from bridgelint.core.report import FileReport
from bridgelint.engine.pipeline import Pipeline, check_stream
from bridgelint.formats import decode_line, open_reader
from bridgelint.formats.lin import looks_like_lin
from bridgelint.formats.lin_scan import fields, scan, text_chunks
from bridgelint.reporters import Summary
from bridgelint.reporters import json as json_reporter

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared"
EXAMPLES = int(os.environ.get("BRIDGELINT_FUZZ_EXAMPLES", "0")) or None
SEED_BYTES = 6000  # the start of each seed file is mutated: enough for several games, fast to check

FUZZ = settings(derandomize=True, max_examples=EXAMPLES or 120, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])


def _seed_files() -> list[Path]:
    files = sorted(p for p in (ROOT / "samples").iterdir() if p.suffix in (".pbn", ".lin"))
    for kind in ("pbn", "lin"):
        folder = SHARED / "corpus" / kind
        if folder.is_dir():
            files.extend(sorted(folder.glob(f"*.{kind}")))
    return files


def _seed(path: Path) -> bytes:
    data = path.read_bytes()[:SEED_BYTES]
    cut = data.rfind(b"\n", SEED_BYTES // 2)
    return data[:cut + 1] if len(data) == SEED_BYTES and cut >= 0 else data


SEEDS = [(p.name, p.suffix, _seed(p)) for p in _seed_files()]

INSERTS = [b"{", b"}", b'"', b"|", b"\x00", b"[", b"]", b"\n", b"\r", b"\n\n", b"\r\n\r\n", b";", b"%", b"^",
           b"^S", b"=1=", b"$", b"#", b"##", b"\\", b"\t", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\x7f", b"\x0c",
           b"*", b"+", b"-", b"qx|", b"md|", b"|mb|", b"pc|", b"mc|", b"|qx|o1|", b"|md|3|", b"[Play \"N\"]",
           b"[Auction \"N\"]", b"[Note \"1:x\"]", b"\n[Board \"#\"]\n", b"{\n\n", b"\n\n}", b"XX", b"7NT", b"13",
           # digits str.isdigit() takes for numbers, numbers past int()'s 4,300 digits, control characters in names
           "¹".encode(), "²³".encode(), "$¹".encode(), "=¹=".encode(), "٣".encode(), b"1" * 5000, b"$" + b"9" * 5000,
           b"=" + b"7" * 5000 + b"=", b"\n[Board \"" + b"3" * 5000 + b"\"]\n", b"\n[Result \"NS " + b"9" * 5000 + b"\"]\n",
           b"|ah|Board " + b"5" * 5000 + b"|", b"qx|o" + b"2" * 5000 + b"|", "vg|a,b,I,²,2,H,0,V,0|".encode(),
           b"\x01", b"\x1b", b"\x85", b"\xc2\x85", b"\n[West \"\x01W\x7f\"]\n", b"pn|\x02a,b\x1f,c,d|",
           b"vg|Second,Segment,I,1,2,Home2,0,Away2,0|rs|3NN=,3NN-1|pn|a,b,c,d,e,f,g,h|", b"mc|9|pc|SA|"]
# where truncation hurts: inside each kind of token
CUT_AT = [b"[", b"]", b'"', b"{", b"}", b"|", b";", b"%", b"\n", b"\r", b" ", b".", b":", b",", b"=", b"^", b"!",
          b"\\", b"$"]


# --- the property ------------------------------------------------------------------------------------

def check_bytes(data: bytes, name: str) -> FileReport:
    """Check ``data`` as file ``name`` and assert everything the properties demand."""
    report = check_stream(name, io.BytesIO(data))
    internal = [f for f in report.findings if f.code == "X001"]
    assert not internal, internal[0].message
    for finding in report.findings:
        assert finding.line >= 1 and finding.column >= 1, finding
        assert finding.severity in ("error", "warning", "info"), finding
    records = list(open_reader(io.BytesIO(data), name))
    assert report.games == len(records)
    if report.format == "pbn" and not any(f.code == "S101" for f in report.findings):
        assert report.games == pbn_game_count(data)
    elif report.format == "lin" and not any(f.code == "S101" for f in report.findings):
        assert report.games >= lin_board_lower_bound(data)
    document = json.loads(json_reporter.render([report], Summary.of([report])))
    summary = document["summary"]
    assert summary["games"] == report.games == document["files"][0]["games"]
    assert summary["errors"] + summary["warnings"] + summary["infos"] == len(report.findings)
    return report


def pbn_game_count(data: bytes) -> int:
    """Games of a PBN file counted on their own: a semi-empty line outside a ``{}`` comment ends one (§3).

    A ``{`` inside a string or inside brackets (a tag pair, or a malformed one) opens no comment. A line ends at
    LF, or at a CR that no LF follows (CRs right before an LF end the line with it).
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    games, content, in_brace = 0, False, False
    for raw in re.split(rb"\r*\n|\r", data):
        line = decode_line(raw)
        if not in_brace:
            if not line.strip():
                games, content = games + content, False
                continue
            if line.startswith("%"):
                continue
        content = True
        i, in_bracket = 0, False  # a bracket runs to its ']' or the end of the line, braces inside count not
        while i < len(line):
            c = line[i]
            if in_brace:
                in_brace = c != "}"
            elif in_bracket:
                in_bracket = c != "]"
            elif c == "[":
                in_bracket = True
            elif c == "{":
                in_brace = True
            elif c == ";":
                break
            elif c == '"':  # a string: braces inside do not count
                i += 1
                while i < len(line) and line[i] != '"':
                    i += 2 if line[i] == "\\" else 1
            i += 1
    return games + content


def lin_board_lower_bound(data: bytes) -> int:
    """Each ``qx`` field starts a board; without any, each ``md`` does."""
    tags = [field[0] for item in scan(text_chunks(io.BytesIO(data))) if not isinstance(item, Problem)
            for field in fields(item)]
    return tags.count("QX") or tags.count("MD")


# --- strategies -----------------------------------------------------------------------------------------

@st.composite
def mutated(draw) -> tuple[bytes, str]:
    """A seed file with one to four mutations."""
    name, suffix, data = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 4))):
        data = draw(st.sampled_from(MUTATIONS))(draw, data)
    suffix = draw(st.sampled_from([suffix, suffix, suffix, ".txt"]))  # .txt: the format is sniffed
    return data, "m" + suffix


def _flip(draw, data: bytes) -> bytes:
    if not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    return data[:i] + bytes([data[i] ^ (1 << draw(st.integers(0, 7)))]) + data[i + 1:]


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def _delete_line(draw, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[draw(st.integers(0, len(lines) - 1))]
    return b"".join(lines)


def _duplicate_line(draw, data: bytes) -> bytes:
    lines = _lines(data)
    i = draw(st.integers(0, len(lines) - 1))
    lines[i:i] = [lines[i]] * draw(st.integers(1, 3))
    return b"".join(lines)


def _truncate(draw, data: bytes) -> bytes:
    token = draw(st.sampled_from(CUT_AT))
    places = [i for i in range(len(data)) if data.startswith(token, i)]
    if not places:
        return data[:draw(st.integers(0, len(data)))]
    return data[:draw(st.sampled_from(places)) + draw(st.integers(0, len(token)))]


def _insert(draw, data: bytes) -> bytes:
    i = draw(st.integers(0, len(data)))
    return data[:i] + draw(st.sampled_from(INSERTS)) * draw(st.integers(1, 3)) + data[i:]


def _splice(draw, data: bytes) -> bytes:
    """A piece of another seed file: PBN in LIN and the other way round."""
    other = draw(st.sampled_from(SEEDS))[2]
    i, j = sorted((draw(st.integers(0, len(other))), draw(st.integers(0, len(other)))))
    at = draw(st.integers(0, len(data)))
    return data[:at] + other[i:j] + data[at:]


def _concatenate(draw, data: bytes) -> bytes:
    """The file followed by a seed of its own kind: LIN matches concatenated segment after segment."""
    suffix = ".lin" if looks_like_lin(decode_line(data[:200])) else ".pbn"
    other = draw(st.sampled_from([seed for seed in SEEDS if seed[1] == suffix] or SEEDS))[2]
    return data + b"\n" * draw(st.integers(0, 2)) + other


MUTATIONS = [_flip, _delete_line, _duplicate_line, _truncate, _insert, _insert, _splice, _concatenate]


# --- tests -----------------------------------------------------------------------------------------------

@FUZZ
@given(st.binary(max_size=2000), st.sampled_from(["f.pbn", "f.lin", "f.txt"]))
def test_random_bytes(data: bytes, name: str) -> None:
    check_bytes(data, name)


@FUZZ
@given(st.lists(st.sampled_from(INSERTS + CUT_AT + [b"a", b"Pass", b"S", b"1", b"o1", b"AKQ"]), max_size=80),
       st.sampled_from(["f.pbn", "f.lin"]))
def test_random_token_soup(parts: list[bytes], name: str) -> None:
    check_bytes(b"".join(parts), name)


@FUZZ
@given(mutated())
def test_mutated_files(case: tuple[bytes, str]) -> None:
    check_bytes(*case)


def converted(data: bytes, name: str) -> bytes:
    """``data`` converted to PBN (export format), as ``convert --to pbn`` writes it."""
    out = io.BytesIO()
    writer = PbnWriter(out)
    for checked in Pipeline().checking(name, io.BytesIO(data)):
        writer.write(checked.record, checked.replays)
    writer.header()
    return out.getvalue()


@FUZZ
@given(mutated())
def test_converting_a_converted_file_again_gives_the_same_bytes(case: tuple[bytes, str]) -> None:
    once = converted(*case)
    # a PBN file's comments are not carried over: a LIN board's commentary, lines of their own, goes the second time
    assert converted(once, "again.pbn") == re.sub(rb"(?m)^\{[^}]*\}\r\n", b"", once)


@pytest.mark.parametrize("name, suffix, data", SEEDS, ids=[s[0] for s in SEEDS])
def test_every_truncation_point_of_a_token(name: str, suffix: str, data: bytes) -> None:
    """Each seed cut right after the first of each kind of token (and one byte on)."""
    data = data[:1500]
    for token in CUT_AT:
        i = data.find(token)
        if i >= 0:
            check_bytes(data[:i + 1], "t" + suffix)
            check_bytes(data[:i + 2], "t" + suffix)


# --- regressions found by fuzzing and by the pathological cases ------------------------------------------

def test_brace_comment_string_and_note_regression_inputs() -> None:
    for data, name in [(b'{"}\n\n[Board "1"]\n', "a.pbn"), (b'[Event "{"]\n\n[Board "2"]\n', "a.pbn"),
                       (b"%{\n\n[Board \"1\"]\n", "a.pbn"), (b"qx|o1|md|3|qx|", "a.lin"),
                       (b"md|", "a.lin"), (b"|" * 10, "a.lin"), (b"\xef\xbb\xbf", "a.pbn")]:
        check_bytes(data, name)


def test_a_repeated_play_section_does_not_add_its_cards_to_the_first() -> None:
    """Found by fuzzing: '[{Event' made one game of a whole file; the cards of every later Play section were
    appended to the first Play (seatless), and the play replay raised StopIteration on a 14th trick (X001)."""
    game = (b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            b'[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
            b'[Declarer "S"]\n[Contract "7D"]\n[Auction "N"]\nPass Pass 7D Pass\nPass Pass\n[Play "W"]\nCA SA HA DA\n')
    report = check_bytes(game + game, "t.pbn")
    assert report.games == 1 and "S105" in {f.code for f in report.findings}
    record = next(iter(open_reader(io.BytesIO(game + game), "t.pbn")))
    first = next(iter(open_reader(io.BytesIO(game), "t.pbn")))
    assert len(record.play.cards) == len(first.play.cards)
    assert len(record.auction.calls) == len(first.auction.calls)
    assert all(card.seat is not None for card in record.play.cards if card.kind == "card")


# --- the command, for real: exit status and JSON on stdout ----------------------------------------------

CLI_CASES = {
    "random": bytes(range(1, 256)) * 3,
    "nul": b"[Board \"1\"]\n\x00\n",
    "braces": b"{" * 500 + b"\n\n[Board \"1\"]\n",
    "pipes": b"|" * 500 + b"qx|o1|md|3|",
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
@pytest.mark.parametrize("suffix", [".pbn", ".lin"])
def test_command_exit_status_and_json(tmp_path: Path, case: str, suffix: str) -> None:
    path = tmp_path / f"{case}{suffix}"
    path.write_bytes(CLI_CASES[case])
    done = subprocess.run([sys.executable, "-m", "bridgelint", "check", "--format", "json", "--jobs", "1",
                           "--isolated", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    document = json.loads(done.stdout)
    assert document["summary"]["files"] == 1
    assert not any(f["code"] == "X001" for f in document["files"][0]["findings"])
    assert done.returncode == (1 if document["summary"]["errors"] else 0)


# --- the slow run: every command and format over 50,000 mutated inputs ----------------------------------------

SLOW_INPUTS = int(os.environ.get("BRIDGELINT_SLOW_INPUTS", "50000"))
BATCH = 250  # inputs a run of the command reads (a directory of them)
CHECK_FORMATS = ("text", "json", "sarif", "github", "junit", "html")


def _mutated_inputs(count: int) -> list[tuple[str, bytes]]:
    """Boards of mutate.py's damaged archives, one to three a file, with one to three shapes of INSERTS each:
    reproducible (fixed seeds)."""
    import random

    from conftest import damaged_archives

    archives = dict(damaged_archives(2000))
    pbn = archives["t.pbn"].split(b"\r\n\r\n")
    lin = archives["t.lin"].splitlines(keepends=True)
    rng = random.Random("fifty thousand")
    inputs = []
    for i in range(count):
        kind = i % 3
        _, suffix, seed = rng.choice(SEEDS)
        data, suffix = ((b"\r\n\r\n".join(rng.sample(pbn, rng.randint(1, 3))), ".pbn") if kind == 0 else
                        (b"".join(rng.sample(lin, rng.randint(1, 3))), ".lin") if kind == 1 else (seed[:3000], suffix))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice(INSERTS) + data[at:]
        inputs.append((f"{i % BATCH}{suffix}", data))
    return inputs


@pytest.mark.slow
def test_fifty_thousand_mutated_inputs_through_every_command_and_format(tmp_path: Path) -> None:
    """Each batch of inputs through ``check`` in JSON and in one other report format, ``convert`` to PBN or
    JSON (the formats in turn, batch after batch) and ``replay`` of its first file: no traceback, no internal
    error, no exit status but 0 and 1 (``convert``: 0; ``replay``: 0, or 2 for a file with no board to show).
    Run in this process (click's runner): a process a batch would spend more time starting than checking.
    BRIDGELINT_SLOW_INPUTS sets another count."""
    from click.testing import CliRunner

    from bridgelint.cli import cli

    runner = CliRunner()
    inputs = _mutated_inputs(SLOW_INPUTS)
    for start in range(0, len(inputs), BATCH):
        batch = tmp_path / f"batch{start // BATCH}"
        batch.mkdir()
        for name, data in inputs[start:start + BATCH]:
            (batch / name).write_bytes(data)
        number = start // BATCH  # the formats in turn, batch after batch: each reads thousands of inputs
        fmt, to = CHECK_FORMATS[number % len(CHECK_FORMATS)], ("pbn", "json")[number % 2]
        runs = [["check", "--isolated", "--jobs", "1", "--format", "json", "-o", str(tmp_path / "report.json"),
                 str(batch)]]
        runs += [["check", "--isolated", "--jobs", "1", "--format", fmt, "-o", str(tmp_path / f"report.{fmt}"),
                  str(batch)]] if fmt != "json" else []
        runs += [["convert", "--isolated", "--to", to, "--force", "-o", str(tmp_path / f"out.{to}"), str(batch)],
                 ["replay", "--isolated", str(batch / inputs[start][0])]]
        for args in runs:
            result = runner.invoke(cli, args, catch_exceptions=True)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
            allowed = (0, 1) if args[0] == "check" else (0, 2) if args[0] == "replay" else (0,)
            assert result.exit_code in allowed, (args, result.output[-2000:])
            assert "Traceback" not in result.output and "X001" not in result.output, args
        document = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
        assert document["summary"]["files"] == BATCH
        assert not any(f["code"] == "X001" for file in document["files"] for f in file["findings"])
