"""The dispatch runs a rule only on records that hold what it reads (``Rule.needs``): it must never skip a rule
that could fire.  With and without it, every rule's documented examples and thousands of damaged boards give
the same findings; and it does skip: a clean board runs none of the A and P rules."""

from __future__ import annotations

import io

import pytest
from conftest import damaged_archives
from test_rule_docs import SECTION, snippets

from bridgelint.engine.linter import Linter, location
from bridgelint.formats import open_reader
from bridgelint.replay.context import Context
from bridgelint.rules import RULES
from bridgelint.rules.parts import held

DISPATCHED, EVERY_RULE = Linter(), Linter(dispatch=False)


def findings(linter: Linter, name: str, data: bytes) -> list[tuple]:
    """Every finding of every record of ``data``, by record and location."""
    return [(f.code, f.line, f.column, f.severity, f.message)
            for record in open_reader(io.BytesIO(data), name)
            for f in sorted(linter.check_record(Context(record)), key=location)]


def documented() -> list[tuple[str, bytes]]:
    """Every snippet of every rule's documentation (Example, Use instead), with its rule's code."""
    return [(code, snippet) for code, rule in RULES.items() for text in SECTION.split(rule.doc())[1:]
            for snippet in snippets(text)]


@pytest.mark.parametrize("code, snippet", documented())
def test_the_dispatch_keeps_every_finding_of_the_rule_docs(code, snippet):
    assert findings(DISPATCHED, "-", snippet) == findings(EVERY_RULE, "-", snippet)


def test_the_dispatch_keeps_every_finding_of_damaged_boards():
    archives = damaged_archives(1500)
    found = 0
    for name, data in archives:
        dispatched = findings(DISPATCHED, name, data)
        assert dispatched == findings(EVERY_RULE, name, data), name
        found += len(dispatched)
    assert found > 3000  # the boards are damaged: most rules fire somewhere


def test_the_documented_examples_fire_the_parts_they_need():
    """Each rule that needs a part fires on a record that holds it (the needs are not so wide that it never runs)."""
    for code, snippet in documented():
        for record in open_reader(io.BytesIO(snippet), "-"):
            ctx = Context(record)
            fired = {f.code for f in EVERY_RULE.check_record(ctx)}
            if code in fired and RULES[code].checks():
                assert RULES[code].needs & held(ctx) == RULES[code].needs, code


def test_a_clean_board_runs_none_of_the_auction_and_play_rules():
    clean = (b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
             b'[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
             b'[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "N"]\nPass Pass 3NT AP\n'
             b'[Play "W"]\nHA H8 H5 H2\n*\n')
    ctx = Context(next(iter(open_reader(io.BytesIO(clean), "t.pbn"))))
    run = {rule.code for rule in DISPATCHED.rules_for(ctx)}
    every = {rule.code for rule in EVERY_RULE.rules_for(ctx)}
    skipped = every - run
    assert {code for code in every if code[0] in "AP" and code != "A111"} <= skipped
    assert {"A111", "C102", "C103", "C104", "C105", "D103", "D104", "T103"} <= run


def test_a_damaged_auction_runs_the_auction_rules():
    damaged = b'[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1D Pass 1C AP\n'
    ctx = Context(next(iter(open_reader(io.BytesIO(damaged), "t.pbn"))))
    run = {rule.code for rule in DISPATCHED.rules_for(ctx)}
    assert {"A101", "A103", "A107", "A108", "A109"} <= run
    assert not {"P101", "P108", "C105", "D103"} & run
