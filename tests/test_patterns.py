"""The readers' compiled patterns are the pyparsing grammars' own (patterns.py is generated from them)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelint.formats import generate, lin_grammar, patterns, pbn_grammar


def test_patterns_file_is_what_the_grammars_generate() -> None:
    written = Path(patterns.__file__).read_text(encoding="utf-8")
    assert written == generate.render(), "run: python bridgelint/formats/generate.py"


def test_each_pattern_equals_its_production() -> None:
    pairs = [(patterns.PBN_TOKEN, pbn_grammar.TOKEN.re), (patterns.PBN_SINGLE_TOKEN, pbn_grammar.SINGLE_TOKEN.re),
             (patterns.PBN_TAG_LINE, pbn_grammar.TAG_LINE.re),
             (patterns.LIN_FIELD, lin_grammar.FIELD.re),
             (patterns.LIN_CALL, lin_grammar.CALL.re), (patterns.LIN_HOLDING, lin_grammar.HOLDING.re)]
    for compiled, production in pairs:
        assert (compiled.pattern, compiled.flags) == (production.pattern, production.flags)
    assert len(generate.productions()) == 6 + sum(1 for p in lin_grammar.PRODUCTIONS if p is not lin_grammar.LIN_FILE)


def test_a_plain_check_imports_no_pyparsing_tabulate_multiprocessing_or_xml(tmp_path: Path) -> None:
    board = Path(__file__).resolve().parents[1] / "samples" / "clean.pbn"
    code = ("import sys; from bridgelint.cli import main; sys.argv = ['bridgelint', 'check', '--isolated', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyparsing', 'tabulate', 'multiprocessing', 'xml')))")
    done = subprocess.run([sys.executable, "-c", code, str(board)], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.splitlines()[-1] == "[]", done.stderr


PIECES = ['[Event "x"]', '[Play "N"]', "[Note", '"', "[", "]", "{", "}", ";", "%", "\n", "\r\n", " ", "\t", "\v", "\xa0",
          "S2", "HA", "C", "T", "Pass", "1NT", "X", "XX", "AP", "7", "=1=", "$3", "!", "?", "^", "^I", "-", "*", "x"]


@settings(max_examples=1000, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_the_scan_finds_the_tokens_of_the_alternatives_in_their_order_of_precedence(pieces) -> None:
    """The token pattern tests for white space before trying the alternatives: the same tokens."""
    text = "".join(pieces)
    plain = re.compile(pbn_grammar.alternation(pbn_grammar.ALTERNATIVES))
    assert tokens(patterns.PBN_TOKEN, text) == tokens(plain, text)


@settings(max_examples=1000, deadline=None, derandomize=True, database=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_without_the_rows_each_tag_pair_call_and_card_is_a_token_and_the_rest_the_same(pieces) -> None:
    """The reference run's pattern splits each row token into the tokens the rows hold, and finds every other
    token as the token pattern does."""
    text = "".join(pieces)
    rows = set(pbn_grammar.ROWS)
    split = []
    for m in patterns.PBN_TOKEN.finditer(text):
        if m.lastgroup in rows:  # a tag pair of each line, or each call or card
            held = patterns.PBN_TAG_LINE if m.lastgroup == "tag_lines" else re.compile(r"[^ \t\r\n]+")
            split += [held_token.start() for held_token in held.finditer(text, m.start(), m.end())]
        else:
            split.append(m.start())
    assert [m.start() for m in patterns.PBN_SINGLE_TOKEN.finditer(text)] == split
    assert not rows & {m.lastgroup for m in patterns.PBN_SINGLE_TOKEN.finditer(text)}


def tokens(pattern: re.Pattern, text: str) -> list[tuple]:
    return [(m.lastgroup, m.span(), sorted(m.groupdict().items())) for m in pattern.finditer(text)]
