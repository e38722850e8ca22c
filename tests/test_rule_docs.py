"""Docs are tests: every rule's Example fires its code and its Use instead does not.

The conventions of the two sections are described in ``bridgelint/rules/base.py``.
"""

from __future__ import annotations

import re

import pytest
from conftest import check, run_cli

from bridgelint.rules import DEFAULT_CODES, RULES
from bridgelint.rules.base import SECTIONS
from bridgelint.rules.optimum import SOLVED_CODES

SECTION = re.compile(r"^(" + "|".join(SECTIONS) + "):", re.M)
NOTATION = re.compile(r"<0x([0-9A-F]{2})>|<(\d+)×(.)>")
UNSHOWABLE = {"X001", "S115", "S116", "E105", "E106"}  # rules no plain file can fire; keep this short


def section(doc: str, name: str) -> str:
    """The text of one section of a rule's documentation, up to the next section."""
    parts = SECTION.split(doc)
    return parts[parts.index(name) + 1]


def snippets(text: str) -> list[bytes]:
    """The indented blocks of a section, dedented, as the bytes of a file (notations expanded)."""
    blocks: list[list[str]] = []
    prose = True
    for line in text.splitlines():
        if line.startswith("    "):
            if prose:
                blocks.append([])
            blocks[-1].append(line[4:])
            prose = False
        elif line.strip():
            prose = True
        elif not prose:
            blocks[-1].append("")
    return [_expand("\n".join(block).strip("\n") + "\n") for block in blocks]


def _expand(text: str) -> bytes:
    out, at = bytearray(), 0
    for m in NOTATION.finditer(text):
        out += text[at:m.start()].encode("utf-8")
        out += bytes([int(m.group(1), 16)]) if m.group(1) else (m.group(3) * int(m.group(2))).encode("utf-8")
        at = m.end()
    return bytes(out + text[at:].encode("utf-8"))


def fired(code: str, data: bytes) -> list[str]:
    """The findings of ``code`` on ``data``: info ones only for a rule whose severity is info; a rule that needs
    the solver runs as ``check --dd`` (skipped without it)."""
    rule = RULES[code]
    if code in SOLVED_CODES:
        pytest.importorskip("endplay")
    return [f"{f.line}:{f.column} {f.severity} {f.message}"
            for f in check(data, name="-", codes=DEFAULT_CODES | {code}, dd="" if code in SOLVED_CODES else None)
            if f.code == code and (f.severity != "info" or rule.severity == "info")]


SHOWN = sorted(code for code in RULES if code not in UNSHOWABLE)


@pytest.mark.parametrize("code", SHOWN)
def test_the_example_fires_the_rule(code, both_ways):
    examples = snippets(section(RULES[code].doc(), "Example"))
    assert examples, f"{code}: the Example has no indented snippet"
    for example in examples:
        assert fired(code, example), (code, example)
        assert fired("X001", example) == [], (code, example)


@pytest.mark.parametrize("code", SHOWN)
def test_the_use_instead_does_not_fire_the_rule(code, both_ways):
    fixes = snippets(section(RULES[code].doc(), "Use instead"))
    assert fixes, f"{code}: the Use instead has no indented snippet"
    for fix in fixes:
        assert fired(code, fix) == [], (code, fix)


@pytest.mark.parametrize("code", SHOWN)
def test_the_use_instead_holds_no_error(code, both_ways):
    for fix in snippets(section(RULES[code].doc(), "Use instead")):
        errors = [f"{f.code} {f.message}" for f in check(fix, name="-") if f.severity == "error"]
        assert errors == [], (code, fix)


@pytest.mark.parametrize("code", sorted(RULES))
def test_snippets_stand_after_a_blank_line(code):
    # so that the Markdown of the SARIF rule help shows them as code blocks
    assert re.search(r"^\S.*\n {4}\S", RULES[code].doc(), re.M) is None, code


def test_bridgelint_rule_prints_the_documentation_the_tests_run(monkeypatch):
    status, out, err = run_cli(monkeypatch, "rule", "P103")
    assert status == 0 and out == (f"P103 revoke (error, info when marked ^R)\n\n{RULES['P103'].doc()}\n\n"
                                   "Fix: none (a person must mend it).\n")
    assert snippets(section(out, "Example")) == snippets(section(RULES["P103"].doc(), "Example"))


def test_only_the_listed_rules_are_unshowable():
    assert {code for code, rule in RULES.items() if rule.unshowable} == UNSHOWABLE
    assert all(RULES[code].unshowable.strip() for code in UNSHOWABLE)


def test_snippets_are_the_indented_blocks_with_notations_expanded():
    text = (" the first:\n\n    [Event \"a<0x00>b\"]\n\n    [Board \"1\"]\n\nor the second:\n\n"
            "    [Event \"<3×x>\"]\n")
    assert snippets(text) == [b'[Event "a\x00b"]\n\n[Board "1"]\n', b'[Event "xxx"]\n']
    assert snippets(" prose only, no snippet.\n") == []
