"""Paths: each real file once, default excludes below a searched directory, --jobs bounded, nothing to check."""

from __future__ import annotations

import concurrent.futures
import json
import os
import zipfile
from pathlib import Path

import pytest
from conftest import ERROR, run_cli

from bridgelint.engine import parallel
from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules import RULES

SKIPPED = (".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", ".hidden", "__MACOSX")


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for directory in SKIPPED + ("games",):
        (tmp_path / directory).mkdir()
        (tmp_path / directory / "x.pbn").write_text(ERROR)
    (tmp_path / "games" / "._x.pbn").write_bytes(b"\x00\x05\x16\x07 AppleDouble")
    return tmp_path


def checked(monkeypatch, *args: str) -> list[str]:
    code, out, err = run_cli(monkeypatch, "check", "--format", "json", *args)
    assert code in (1, 2), err
    return [f["path"] for f in json.loads(out)["files"]]


def test_the_same_file_is_checked_once(tree, monkeypatch):
    os.symlink("games/x.pbn", "link.pbn")
    paths = checked(monkeypatch, "--isolated", "games/x.pbn", "./games/x.pbn", str(tree / "games" / "x.pbn"),
                    "link.pbn", "games")
    assert paths == ["games/x.pbn"]


def test_hidden_and_tool_directories_are_not_searched(tree, monkeypatch):
    assert checked(monkeypatch, "--isolated", ".") == ["./games/x.pbn"]


def test_what_is_named_is_read(tree, monkeypatch):
    assert checked(monkeypatch, "--isolated", ".hidden", ".git/x.pbn") == [".hidden/x.pbn", ".git/x.pbn"]


def test_extend_exclude_adds_and_exclude_replaces_the_defaults(tree, monkeypatch):
    Path("bridgelint.toml").write_text('extend-exclude = ["games"]\n')
    code, _, err = run_cli(monkeypatch, "check", ".")
    assert code == 2 and err.startswith("bridgelint: nothing to check in .: ")
    Path("bridgelint.toml").write_text('exclude = ["games", ".git", ".hg", ".svn", ".hidden"]\n')
    assert checked(monkeypatch, ".") == [f"./{name}/x.pbn" for name in sorted(
        ("__MACOSX", "__pycache__", "node_modules", "venv", ".venv"))]


def test_zip_members_in_hidden_or_macos_folders_are_skipped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with zipfile.ZipFile("up.zip", "w") as archive:
        archive.writestr("b.pbn", ERROR)
        archive.writestr("__MACOSX/._b.pbn", b"\x00\x05\x16\x07")
        archive.writestr(".trash/c.pbn", ERROR)
    assert checked(monkeypatch, "--isolated", "up.zip") == ["up.zip!b.pbn"]


@pytest.mark.parametrize("content", [{}, {"notes.txt": "no records"}])
def test_a_run_with_nothing_to_check_exits_2(tmp_path, monkeypatch, content):
    monkeypatch.chdir(tmp_path)
    Path("empty").mkdir()
    for name, text in content.items():
        (Path("empty") / name).write_text(text)
    for command in (["check"], ["convert", "--to", "pbn"]):
        code, out, err = run_cli(monkeypatch, *command, "--isolated", "empty")
        assert (code, out) == (2, "")
        assert err == ("bridgelint: nothing to check in empty: no .pbn or .lin file (also .gz, or in a .zip) that "
                       "is not excluded\n")


class Pool:
    """A stand-in for ProcessPoolExecutor that records how many workers it was asked for."""

    asked: list[int] = []

    def __init__(self, max_workers, **_):
        Pool.asked.append(max_workers)
        raise RuntimeError("recorded")


@pytest.mark.parametrize("cpus,files,jobs,workers", [(2, 2, 64, 2), (8, 3, 64, 3), (2, 9, 64, 2), (1, 9, 64, 0)])
def test_jobs_never_exceed_the_files_or_the_cpus(tmp_path, monkeypatch, cpus, files, jobs, workers):
    monkeypatch.setattr(parallel, "cpu_count", lambda: cpus)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    Pool.asked = []
    paths = []
    for i in range(files):
        (tmp_path / f"{i}.pbn").write_text(ERROR)
        paths.append(str(tmp_path / f"{i}.pbn"))
    try:
        reports = [result.report for result in Pipeline(frozenset(RULES)).files(paths, jobs)]
    except RuntimeError:
        reports = []
    assert Pool.asked == ([workers] if workers else [])
    assert len(reports) == (0 if workers else files)  # one worker: checked in this process
