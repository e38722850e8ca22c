"""Encodings: reports written to any output encoding without a traceback; inputs read in the encoding named."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SHARED, requires_shared, run_cli

from bridgelint.core.tags import Tag

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
SWAPPED = "N:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432"  # East's and South's hands


def game(deal: str) -> str:
    return (f'[Event "Żółty"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n')


def bridgelint(*args: str, encoding: str, cwd: Path) -> subprocess.CompletedProcess:
    """``bridgelint args`` in a process whose standard output and error are in ``encoding``."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("GITHUB_ACTIONS", None)
    return subprocess.run([sys.executable, "-m", "bridgelint", *args], cwd=cwd, env=env, capture_output=True)


@pytest.fixture
def fouled(tmp_path: Path) -> Path:
    """A board played with two different deals (E101, whose message names cards as suit symbols)."""
    (tmp_path / "fouled.pbn").write_text(game(DEAL) + "\n" + game(SWAPPED), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_text_report_to_an_encoding_without_suit_symbols_writes_letters(fouled, encoding):
    done = bridgelint("check", "--isolated", "fouled.pbn", encoding=encoding, cwd=fouled)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    out = done.stdout.decode(encoding)
    assert "fouled.pbn:14:8: E101 [error] fouled board: HA is South's here, East's " in out and "DA is East's here" in out
    assert "\u2665" not in out and "rejected" in out


def test_text_report_in_utf8_keeps_the_symbols(fouled):
    done = bridgelint("check", "--isolated", "fouled.pbn", encoding="utf-8", cwd=fouled)
    assert done.returncode == 1 and "\u2665A is South's here" in done.stdout.decode("utf-8")


@pytest.mark.parametrize("fmt", ["json", "sarif", "junit", "github", "html"])
def test_documents_are_utf8_whatever_the_output_encoding(fouled, fmt):
    done = bridgelint("check", "--isolated", "--format", fmt, "fouled.pbn", encoding="ascii", cwd=fouled)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert "E101" in done.stdout.decode("utf-8")


def test_replay_to_an_encoding_without_symbols_writes_letters(fouled):
    done = bridgelint("replay", "--isolated", "fouled.pbn", encoding="ascii", cwd=fouled)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert "                        S AKQJT98765432\n" in done.stdout.decode("ascii")


@pytest.mark.slow
@requires_shared
def test_every_corpus_file_checks_in_cp1252_without_a_traceback(tmp_path):
    corpus = SHARED / "corpus"
    for path in sorted(p for p in corpus.rglob("*") if p.suffix.lower() in (".pbn", ".lin")):
        done = bridgelint("check", "--isolated", "-j", "1", str(path), encoding="cp1252", cwd=tmp_path)
        assert done.returncode in (0, 1) and b"Traceback" not in done.stderr, path


# --- inputs: the encoding named, else as the bytes show ------------------------------------------

def header(event: str) -> str:
    return (f'[Event "{event}"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n')


def events(data: bytes, encoding: str | None = None, fmt: str = "pbn") -> list[str | None]:
    from bridgelint.formats import open_reader

    return [(r.tag("Event") or Tag("", "")).value for r in open_reader(io.BytesIO(data), f"t.{fmt}", encoding=encoding)]


def s114(data: bytes, tmp_path: Path, monkeypatch, *args: str, name: str = "t.pbn") -> list[tuple[int, int, str]]:
    (tmp_path / name).write_bytes(data)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "--select", "S114", *args, name)
    return [(f["line"], f["column"], f["message"]) for f in json.loads(out)["files"][0]["findings"]]


def test_windows_1250_is_read_as_such_where_a_letter_inside_a_word_shows_it(tmp_path, monkeypatch):
    data = (header("Club") + '[North "Józef Wałęsa"]\n').encode("cp1250")
    assert s114(data, tmp_path, monkeypatch) == [
        (6, 17, "the file is not UTF-8 and byte 0xB3 is the Windows-1250 character 'ł': read as Windows-1250 "
                "(--encoding cp1250 says so); PBN files are ISO-8859-1 (Latin-1) or UTF-8 (PBN §2.2)")]
    from bridgelint.formats import open_reader

    record = next(iter(open_reader(io.BytesIO(data), "t.pbn")))
    assert record.tag("North").value == "Józef Wałęsa"


def test_windows_1251_is_read_as_such_where_a_cyrillic_word_shows_it(tmp_path, monkeypatch):
    data = header("Кубок Москвы").encode("cp1251")
    assert events(data) == ["Кубок Москвы"]
    assert [(line, column) for line, column, _ in s114(data, tmp_path, monkeypatch)] == [(1, 9)]


def test_windows_1251_in_lin(tmp_path, monkeypatch):
    data = "pn|Иванов,Петров,Сидоров,Козлов|md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|\n"
    found = s114(data.encode("cp1251"), tmp_path, monkeypatch, name="t.lin")
    assert found[0][:2] == (1, 4) and "Windows-1251 character 'И'" in found[0][2] and "LIN files are UTF-8" in found[0][2]


def test_latin_1_stays_latin_1_without_a_finding(tmp_path, monkeypatch):
    data = header("Müller Ærø Cup").encode("latin-1")
    assert events(data) == ["Müller Ærø Cup"]
    assert s114(data, tmp_path, monkeypatch) == []


def test_windows_1252_is_still_named_so(tmp_path, monkeypatch):
    data = header("Spring \u201cPairs\u201d").encode("cp1252")
    assert events(data) == ["Spring \u201cPairs\u201d"]
    assert [m.split(":")[0] for _, _, m in s114(data, tmp_path, monkeypatch)] == [
        "the file is not UTF-8 and byte 0x93 is the Windows-1252 character '\u201c'"]


def test_the_encoding_named_reads_the_file_without_a_finding(tmp_path, monkeypatch):
    data = header("Kraków Ł").encode("iso8859_2")  # Latin-2: no byte that shows it
    assert events(data, "iso8859_2") == ["Kraków Ł"]
    assert s114(data, tmp_path, monkeypatch, "--encoding", "iso-8859-2") == []


def test_the_configuration_names_an_encoding_per_glob(tmp_path, monkeypatch):
    (tmp_path / "old").mkdir()
    data = header("Łódź").encode("iso8859_2")
    (tmp_path / "old" / "a.pbn").write_bytes(data)
    (tmp_path / "b.pbn").write_bytes(data)
    (tmp_path / "bridgelint.toml").write_text('encoding = { "old/*" = "iso-8859-2" }\nselect = ["S114"]\n')
    monkeypatch.chdir(tmp_path)
    from bridgelint.engine.config import discover
    from bridgelint.engine.pipeline import Pipeline
    from bridgelint.rules import RULES

    pipeline = Pipeline(config=discover(RULES))
    assert pipeline.encoding_for("old/a.pbn") == "iso8859-2" and pipeline.encoding_for("b.pbn") is None


@pytest.mark.parametrize("name", ["utf-16", "no-such-encoding", "rot13"])
def test_an_encoding_that_cannot_be_read_is_a_usage_error(tmp_path, monkeypatch, name):
    (tmp_path / "t.pbn").write_text(header("Club"))
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--encoding", name, "t.pbn")
    assert code == 2 and f"--encoding: {name!r} is not an encoding bridgelint can read" in err
