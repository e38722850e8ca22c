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


def test_each_kind_is_noted_by_a_reader_or_the_engine():
    noted = set()
    engine = [PACKAGE / "engine" / f"{name}.py" for name in ("inputs", "suppression", "linter", "run")]
    for path in [*(PACKAGE / "formats").glob("*.py"), *engine]:  # the readers; unpacking, directives, bugs
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


def test_the_engine_s_problems_are_worded_at_their_place_in_their_game():
    problems = [Problem(Kind.DIRECTIVE_UNUSED, 5, 23, ("A104", "game", False, 2, "7")),
                Problem(Kind.DIRECTIVE_UNUSED, 1, 24, ("X001", "file", True, None, None)),
                Problem(Kind.NOT_A_DIRECTIVE, 3, 1, (" bridgelint: enable=A103 ", 1, "1")),
                Problem(Kind.CHECK_BUG, 9, 1, (ValueError("x"),))]
    assert [(f.code, f.message, f.line, f.column, f.game, f.board) for f in reading.findings(problems)] == [
        ("S112", "bridgelint: disable of A104 suppresses nothing: A104 found nothing in this game", 5, 23, 2, "7"),
        ("S112", "bridgelint: disable of X001 suppresses nothing: an internal error is never suppressed", 1, 24, None,
         None),
        ("S112", "'%bridgelint: enable=A103' is not a bridgelint directive: write 'bridgelint: disable=CODE,...' or "
                 "'bridgelint: disable-file=CODE,...'", 3, 1, 1, "1"),
        ("X001", "internal error while checking this game: ValueError: x", 9, 1, None, None)]
    assert [f.code for f in reading.findings(problems, frozenset({"A103"}))] == ["X001"]
