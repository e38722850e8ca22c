"""Output paths: convert never loses an input, and every output problem is exit 2 before any work."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import ERROR, run_cli

LIN = "pn|Ann,Bob,Cy,Di|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA|sv|o|mb|1S|mb|p|mb|p|mb|p|\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(path: str, text: str = ERROR) -> Path:
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(text)
    return file


def convert(monkeypatch, *args: str) -> tuple[int, str, str]:
    return run_cli(monkeypatch, "convert", "--isolated", "--to", "json", *args)


def listing(directory: str) -> list[str]:
    return sorted(p.relative_to(directory).as_posix() for p in Path(directory).rglob("*") if p.is_file())


def test_a_directory_is_mirrored_below_the_output_directory(here, monkeypatch):
    write("games/r1/x.pbn")
    write("games/r2/x.pbn")
    write("games/r2/y.lin", LIN)
    Path("out").mkdir()
    code, _, err = convert(monkeypatch, "games", "-o", "out")
    assert code == 0, err
    assert listing("out") == ["r1/x.json", "r2/x.json", "r2/y.json"]


def test_a_zip_is_mirrored_by_its_members(here, monkeypatch):
    with zipfile.ZipFile("up.zip", "w") as archive:
        archive.writestr("r1/b.pbn", ERROR)
        archive.writestr("r2/b.pbn", ERROR)
    Path("out").mkdir()
    code, _, err = convert(monkeypatch, "up.zip", "-o", "out")
    assert code == 0, err
    assert listing("out") == ["r1/b.json", "r2/b.json"]


@pytest.mark.parametrize("inputs", [("a/x.pbn", "b/x.pbn"), ("d/example.lin", "d/example.pbn")])
def test_two_inputs_for_one_output_are_refused_before_writing(here, monkeypatch, inputs):
    for path in inputs:
        write(path, LIN if path.endswith(".lin") else ERROR)
    Path("out").mkdir()
    code, out, err = convert(monkeypatch, *inputs, "-o", "out")
    assert code == 2
    assert err.startswith(f"bridgelint: {inputs[0]} and {inputs[1]} would be written to the same file out/")
    assert listing("out") == []


def test_an_existing_output_is_kept_without_force(here, monkeypatch):
    write("x.pbn")
    Path("out").mkdir()
    write("out/x.json", "keep me")
    write("single.json", "keep me too")
    code, _, err = convert(monkeypatch, "x.pbn", "-o", "out")
    assert (code, err) == (2, "bridgelint: out/x.json: exists; --force overwrites it\n")
    code, _, err = convert(monkeypatch, "x.pbn", "-o", "single.json")
    assert (code, err) == (2, "bridgelint: single.json: exists; --force overwrites it\n")
    assert Path("out/x.json").read_text() == "keep me" and Path("single.json").read_text() == "keep me too"
    code, _, _ = convert(monkeypatch, "x.pbn", "-o", "out", "--force")
    assert code == 0 and Path("out/x.json").read_text().startswith('{"version": 1')


def test_an_input_is_never_an_output(here, monkeypatch):
    write("d/x.pbn")
    code, _, err = run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "d/x.pbn", "-o", "d/x.pbn", "--force")
    assert code == 2 and "d/x.pbn: is one of the inputs" in err
    code, _, err = run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "d", "-o", "d", "--force")
    assert code == 2 and "d/x.pbn: is one of the inputs" in err
    assert Path("d/x.pbn").read_text() == ERROR


@pytest.mark.parametrize("output,message", [
    ("nodir/", "bridgelint: nodir/: no such directory\n"),
    ("nodir/x.json", "bridgelint: nodir/x.json: directory nodir does not exist\n"),
])
def test_an_output_path_that_cannot_be_is_exit_2(here, monkeypatch, output, message):
    write("x.pbn")
    code, out, err = convert(monkeypatch, "x.pbn", "-o", output)
    assert (code, out, err) == (2, "", message)


def test_an_output_that_cannot_be_opened_is_exit_2_before_any_work(here, monkeypatch):
    write("x.pbn")
    code, out, err = convert(monkeypatch, "x.pbn", "-o", "/proc/x.json")
    assert code == 2 and err.startswith("bridgelint: /proc/x.json: ") and "A103" not in err


@pytest.mark.parametrize("output,message", [
    ("x.pbn", "bridgelint: x.pbn: is one of the inputs; it would be overwritten while it is read\n"),
    ("nodir/report.json", "bridgelint: nodir/report.json: directory nodir does not exist\n"),
    (".", "bridgelint: .: is a directory\n"),
])
def test_check_output_file_problems_are_exit_2_before_any_work(here, monkeypatch, output, message):
    write("x.pbn")
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "x.pbn", "--output-file", output)
    assert (code, out, err) == (2, "", message)  # no summary: nothing was checked
    assert Path("x.pbn").read_text() == ERROR
