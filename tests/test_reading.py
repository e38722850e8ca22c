"""Readers note problems as data; the dispatcher words each by the rule that reads its kind, for selected codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelint.core.problems import Kind, Problem
from bridgelint.rules import RULES, reading

PACKAGE = Path(__file__).resolve().parents[1] / "bridgelint"


def test_each_kind_is_read_by_one_rule():
    readers = [(kind, rule.code) for rule in RULES.values() for kind in rule.reads]
    assert sorted(kind.name for kind, _ in readers) == sorted(kind.name for kind in Kind)  # each once, none left


def test_each_kind_is_noted_by_a_reader():
    noted = set()
    for path in [*(PACKAGE / "formats").glob("*.py"), PACKAGE / "engine" / "inputs.py"]:  # the readers, unpacking
        noted.update(re.findall(r"\bKind\.([A-Z0-9_]+)\b", path.read_text(encoding="utf-8")))
    assert noted == {kind.name for kind in Kind}


def test_the_dispatcher_words_selected_codes_only_and_a_reader_bug_always():
    problems = [Problem(Kind.NO_GAME, 1, 1, ("lin",)), Problem(Kind.READER_BUG, 3, 1, (ValueError("x"),))]
    assert [(f.code, f.message, f.law) for f in reading.findings(problems)] == [
        ("S111", "the file holds no board (no qx or md field)", "LIN"),
        ("X001", "internal error while reading this game: ValueError: x", None)]
    assert [f.code for f in reading.findings(problems, frozenset({"A103"}))] == ["X001"]


def test_a_kind_no_rule_reads_is_a_bug_never_a_problem_dropped(monkeypatch):
    monkeypatch.delitem(reading.READERS, Kind.NO_GAME)
    with pytest.raises(KeyError):
        reading.findings([Problem(Kind.NO_GAME, 1, 1, ("pbn",))])
