"""The readers' compiled patterns are the pyparsing grammars' own (patterns.py is generated from them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bridgelint.readers import generate, lin_grammar, patterns, pbn_grammar


def test_patterns_file_is_what_the_grammars_generate() -> None:
    written = Path(patterns.__file__).read_text(encoding="utf-8")
    assert written == generate.render(), "run: python bridgelint/readers/generate.py"


def test_each_pattern_equals_its_production() -> None:
    pairs = [(patterns.PBN_TOKEN, pbn_grammar.TOKEN.re), (patterns.PBN_TAG_LINE, pbn_grammar.TAG_LINE.re),
             (patterns.LIN_FIELD, lin_grammar.FIELD.re),
             (patterns.LIN_CALL, lin_grammar.CALL.re), (patterns.LIN_HOLDING, lin_grammar.HOLDING.re)]
    for compiled, production in pairs:
        assert (compiled.pattern, compiled.flags) == (production.pattern, production.flags)
    assert len(generate.productions()) == 5 + sum(1 for p in lin_grammar.PRODUCTIONS if p is not lin_grammar.LIN_FILE)


def test_a_plain_check_imports_no_pyparsing_tabulate_multiprocessing_or_xml(tmp_path: Path) -> None:
    board = Path(__file__).resolve().parents[1] / "samples" / "clean.pbn"
    code = ("import sys; from bridgelint.cli import main; sys.argv = ['bridgelint', 'check', '--isolated', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pyparsing', 'tabulate', 'multiprocessing', 'xml')))")
    done = subprocess.run([sys.executable, "-c", code, str(board)], capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.splitlines()[-1] == "[]", done.stderr
