"""Reference and severity agree: a message never cites a reference itself, the finding's ``law`` field is cited
after it on output (``Finding.full_message``), and a finding's severity is the rule's, or one its ``severity_when``
names (what `bridgelint rules` shows)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import CORPUS_PBN, check, requires_shared, run_cli
from test_rule_docs import section, snippets

from bridgelint.engine.discovery import expand_paths
from bridgelint.engine.pipeline import check_file
from bridgelint.rules import RULES
from bridgelint.rules.files import LongLine

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
CITATION = re.compile(r"\((?:Laws? [^()]*|PBN §[^()]*|LIN[^()]*|USEBIO[^()]*|XML [^()]*)\)|§|\bLaws? \d")


def miscited(findings) -> list[tuple[str, str, str | None]]:
    """The findings whose message cites a reference itself, or whose full message does not end with its law field's,
    cited once."""
    wrong = []
    for f in findings:
        right = CITATION.findall(f.message) == [] and \
            CITATION.findall(f.full_message) == ([f"({f.law})"] if f.law else [])
        if not right:
            wrong.append((f.code, f.message, f.law))
    return wrong


def test_rule_finding_keeps_the_reference_apart_and_outputs_cite_it_once():
    finding = LongLine.finding("line is 300 characters long", 2, 255)
    assert (finding.message, finding.law) == ("line is 300 characters long", "PBN §2.3")
    assert finding.full_message == "line is 300 characters long (PBN §2.3)"
    other = LongLine.finding("a tab inside the string", 2, 1, law="PBN §2.3, §3.3")
    assert (other.message, other.law) == ("a tab inside the string", "PBN §2.3, §3.3")
    assert other.full_message == "a tab inside the string (PBN §2.3, §3.3)"


@pytest.mark.parametrize("code", sorted(RULES))
def test_documented_examples_cite_their_law_field(code):
    texts = [text for name in ("Example", "Use instead") for text in snippets(section(RULES[code].doc(), name))]
    assert [w for text in texts for w in miscited(check(text, name="-"))] == []


def test_samples_cite_their_law_field():
    reports = [check_file(path) for path in expand_paths([str(SAMPLES)])]
    assert reports and [w for report in reports for w in miscited(report.findings)] == []


@pytest.mark.slow
@requires_shared
def test_corpus_findings_cite_their_law_field():
    reports = [check_file(path) for path in expand_paths([str(CORPUS_PBN.parent)])]
    assert [w for report in reports for w in miscited(report.findings)][:5] == []


def odd_severities(findings) -> list[tuple[str, str, str]]:
    """The findings whose severity is neither their rule's nor one its severity_when announces."""
    return [(f.code, f.severity, f.message) for f in findings if f.severity != RULES[f.code].severity
            and not (RULES[f.code].severity_when or "").startswith(f.severity)]


def test_severities_are_the_ones_the_catalogue_shows():
    texts = [text for rule in RULES.values() for name in ("Example", "Use instead")
             for text in snippets(section(rule.doc(), name))]
    findings = [f for text in texts for f in check(text, name="-")]
    findings += [f for path in expand_paths([str(SAMPLES)]) for f in check_file(path).findings]
    findings += check('[Board "1"]\n[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\nHA H8 H5 H2\n*\n')  # no deal
    assert odd_severities(findings) == []
    assert {f.severity for f in findings if f.code == "D101"} == {"warning", "error"}


def test_rules_lists_the_severity_a_code_really_gets(monkeypatch):
    status, out, _ = run_cli(monkeypatch, "rules")
    rows = {line.split()[0]: line for line in out.splitlines() if line[:1].isalpha() and line[1:4].isdigit()}
    assert status == 0 and "warning, error when a play needs it" in rows["D101"]
    assert "info when marked ^I (accepted)" in rows["A103"] and "error, " not in rows["A101"]
