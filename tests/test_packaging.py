"""The package's metadata: one version, the licence declared and shipped, an sdist with tests and data."""

from __future__ import annotations

import sys
from importlib.metadata import version
from pathlib import Path

import bridgelint

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once():
    project = pyproject()["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert pyproject()["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bridgelint.core._version.__version__"}
    assert version("bridgelint") == bridgelint.__version__


def test_the_licence_file_matches_the_declared_licence():
    assert pyproject()["project"]["license"] == "MIT" and pyproject()["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_sdist_carries_tests_samples_and_grammars():
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").split("\n")
    for folder in ("tests", "samples", "grammars", "docs"):  # docs: the documentation tests read it
        assert f"graft {folder}" in manifest
    assert "include mkdocs.yml" in manifest
    assert "include LICENSE CHANGELOG.md README.md" in manifest


def test_the_annotations_are_shipped():
    """py.typed (PEP 561): a user's type checker reads the package's annotations."""
    assert (Path(bridgelint.__file__).parent / "py.typed").is_file()
    assert pyproject()["tool"]["setuptools"]["package-data"]["bridgelint"] == ["py.typed"]
