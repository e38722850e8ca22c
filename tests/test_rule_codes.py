"""Rules own their codes: every finding is made by a registered rule class, never from a bare code string."""

from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
from pathlib import Path

import pytest

import bridgelint
from bridgelint.core.findings import Finding
from bridgelint.engine import linter, pipeline
from bridgelint.engine.linter import Linter
from bridgelint.rules import RULES
from bridgelint.rules.base import Rule

PACKAGE = Path(bridgelint.__file__).parent
CODE = re.compile(r"[A-Z][0-9]{3}")


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _rule_classes() -> list[type[Rule]]:
    for module in pkgutil.walk_packages([str(PACKAGE)], "bridgelint."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, todo = [], [Rule]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if "code" in vars(sub):
                found.append(sub)
    return found


def test_every_rule_class_is_registered_under_its_own_code():
    classes = _rule_classes()
    assert len(classes) >= len(RULES)
    assert {cls.code: cls for cls in classes} == RULES
    assert len({cls.code for cls in classes}) == len(classes), "two rule classes share a code"
    assert all(CODE.fullmatch(code) for code in RULES)


def _bare_codes(source: str, name: str) -> list[str]:
    """Where ``source`` builds a Finding directly or spells a code outside a rule class's ``code`` attribute."""
    tree = ast.parse(source)
    allowed: set[int] = set()  # the constants of `code, name, severity, law = ...` in class bodies
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and "code" in {
                        n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}:
                    allowed.update(id(n) for n in ast.walk(statement.value))
    where = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and CODE.fullmatch(node.value) \
                and id(node) not in allowed:
            where.append(f"{name}:{node.lineno}: code literal {node.value!r}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Finding" \
                and name not in ("rules/base.py", "core/findings.py"):  # Rule.finding, and a finding's completed copy
            where.append(f"{name}:{node.lineno}: Finding(...) built outside Rule.finding")
    return where


def test_no_finding_is_built_from_a_bare_code():
    offences = [where for path in _modules()
                for where in _bare_codes(path.read_text(encoding="utf-8"), path.relative_to(PACKAGE).as_posix())]
    assert offences == []


def test_the_check_above_sees_a_bare_code():
    source = 'from ..model import Finding\n\ndef f():\n    return Finding("S102", "m", 1, 1)\n'
    assert _bare_codes(source, "readers/probe.py") == [
        "readers/probe.py:4: Finding(...) built outside Rule.finding", "readers/probe.py:4: code literal 'S102'"]
    rule = 'class R(Rule):\n    """Doc A101."""\n\n    code, name, severity, law = "A101", "r", "error", None\n'
    assert _bare_codes(rule, "rules/r.py") == []


def test_an_unregistered_code_is_loud_not_dropped():
    linter = Linter()
    with pytest.raises(KeyError):
        linter.complete([Finding("A199", "misspelt", 1, 1)])
    unselected = Linter(["A103"])
    with pytest.raises(KeyError):
        unselected.complete([Finding("A199", "misspelt", 1, 1)])


def test_an_unregistered_code_in_a_rule_becomes_an_internal_error(monkeypatch):
    class Misspelt(Rule):
        code, name, severity = "A199", "misspelt", "error"

        def check(self, ctx):
            yield self.finding("found", ctx.record.line, ctx.record.column)

    monkeypatch.setattr(linter, "_LINTERS", {})  # a linter of this test's own
    linter.linter_for().rules.append(Misspelt())
    report = pipeline.check_stream("t.pbn", io.BytesIO(b'[Board "1"]\n'))
    assert [f.code for f in report.findings] == ["X001"]
    assert "KeyError: 'A199'" in report.findings[0].message
