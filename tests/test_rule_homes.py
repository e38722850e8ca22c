"""Where each catalogue code is checked: in its rule class (``Rule.checks()``), or at the place listed here, and why.

A rule checks at its stage (``Rule.stage``): a record rule's ``check`` finds its code on a record that has been
read; a rule of another stage (text, game, event, file) has ``check_*`` class methods, which the reader, the
event state or the end of a file call with the facts they hold.  The codes below have no check of their own:
what they report is found where the text, the file or the run is at hand (while reading, unpacking, or after
every record of a file or a run), and checking there is the one pass that sees it.  Each entry names the modules
that make the code's findings (through the rule class: ``Rule.finding``, ``record.problem(Rule, ...)`` or a
class method of the rule) and says why the check is not the rule's own.  The list only shrinks: a code whose
check moves into its rule leaves it, and the tests fail until it does.
"""

from __future__ import annotations

import ast
from pathlib import Path

from bridgelint.rules import RULES
from bridgelint.rules.base import Rule

PACKAGE = Path(__file__).resolve().parents[1] / "bridgelint"

ELSEWHERE: dict[str, tuple[set[str], str]] = {
    "O103": ({"across/optimum.py"}, "a table against the solver's, naming the board of the file whose table "
                                         "it is: a record hook after the solve stage (SolvedFile), decided at the "
                                         "end of the file"),
    "R104": ({"across/standings.py"}, "the file's totals against all its travellers: the comparison is the "
                                             "rule's (StandingsTotals.compare), run by the standings hook once the "
                                             "file is read"),
}


def package_sources() -> dict[str, str]:
    """Module (``formats/pbn.py``) → its source, for the package's modules outside the catalogue."""
    return {path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(PACKAGE.rglob("*.py")) if path.relative_to(PACKAGE).as_posix() != "rules/__init__.py"}


def makers(sources: dict[str, str] | None = None) -> dict[str, set[str]]:
    """Code → the modules (of ``sources``, by default the package's outside the catalogue) with a call that makes its
    findings through its rule class: ``Rule.method(...)`` or ``f(Rule, ...)``."""
    codes = {rule.__name__: code for code, rule in RULES.items()}
    found: dict[str, set[str]] = {}
    for module, source in (package_sources() if sources is None else sources).items():
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call):
                continue
            named = [node.func.value] if isinstance(node.func, ast.Attribute) else []
            named += node.args[:1]
            for name in named:
                rule = name.id if isinstance(name, ast.Name) else name.attr if isinstance(name, ast.Attribute) else None
                if rule in codes:
                    found.setdefault(codes[rule], set()).add(module)
    return found


def test_the_codes_without_a_check_of_their_own_are_those_listed():
    assert sorted(code for code, rule in RULES.items() if not rule.checks()) == sorted(ELSEWHERE)


def test_each_listed_code_is_made_where_the_list_says():
    found = makers()
    assert {code: found.get(code, set()) for code in ELSEWHERE} == {code: where for code, (where, _) in ELSEWHERE.items()}


def test_a_rule_checks_at_its_stage_only():
    """``check`` is for records; the other stages' checks are called by whoever holds their facts."""
    for code, rule in RULES.items():
        stage_checks = [name for name in dir(rule) if name.startswith("check_")]
        if rule.stage == "record":
            assert not stage_checks, code
        else:
            assert rule.check is Rule.check, code


def test_each_check_of_another_stage_is_called_where_its_facts_are():
    found = makers()
    for code, rule in RULES.items():
        if rule.stage != "record" and rule.checks() and not rule.reads:  # a rule that reads is dispatched
            assert found.get(code), code


def test_the_search_sees_each_way_of_making_a_finding():
    found = makers({"formats/a.py": "findings.append(SwallowedTag.finding('lost', 1, 1))",
                    "formats/b.py": "NoteNumber.check_note(record, tag, notes)",
                    "formats/c.py": "record.problem(MalformedTag, 'malformed', 1, 1)"})
    assert found == {"S113": {"formats/a.py"}, "N103": {"formats/b.py"}, "S102": {"formats/c.py"}}


def test_findings_are_made_only_by_the_rules_and_the_checks_across_records():
    """Readers and the engine note problems, which the rules word (``rules/reading.py``): outside the two
    catalogues, ``rules/`` and ``across/`` (the checks across records, which call their rules with the event,
    standings and table state they hold), no module calls a rule to make a finding."""
    outside = {module for modules in makers().values() for module in modules if not module.startswith("rules/")}
    assert sorted(module for module in outside if not module.startswith("across/")) == []
    assert outside  # the search sees the checks across records' calls
