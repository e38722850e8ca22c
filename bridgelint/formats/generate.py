"""Write :mod:`.patterns`: the compiled patterns of the grammars' productions, without pyparsing.

    python bridgelint/formats/generate.py

The pyparsing grammars (:mod:`.pbn_grammar`, :mod:`.lin_grammar`) define the
syntax; the readers scan with their regular expressions, and importing
pyparsing at every start would cost more than reading a small file.  This
module copies each pattern and its flags into ``patterns.py``; a test keeps
that file equal to what this module writes now.  The grammars are loaded
from their files, not through the package, which needs ``patterns.py``
already: a pattern can be added before the readers can be imported.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pyparsing as pp

TARGET = Path(__file__).with_name("patterns.py")
HEADER = '''"""Compiled patterns of the grammar productions the readers scan with (no pyparsing at run time).

Generated from pbn_grammar.py and lin_grammar.py by ``python bridgelint/formats/generate.py``;
tests keep this file equal to the grammars.  Do not edit by hand.
"""

import re

'''


def _grammar(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_generate_{name}", TARGET.with_name(f"{name}.py"))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load the grammar module {name}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def productions() -> list[tuple[str, pp.Regex]]:
    """(constant name, production) of each pattern the readers use."""
    pbn_grammar, lin_grammar = _grammar("pbn_grammar"), _grammar("lin_grammar")
    lin = [(f"LIN_{p.customName.upper()}", p) for p in lin_grammar.PRODUCTIONS if isinstance(p, pp.Regex)]
    pbn = [(f"PBN_{name}", getattr(pbn_grammar, name))
           for name in ("TOKEN", "SINGLE_TOKEN", "TAG_PAIR", "TAG_LINE", "CLOSED_STRING", "COLUMN_SPEC")]
    return [*pbn, *lin]


def render() -> str:
    """The text of ``patterns.py``."""
    lines = []
    for name, production in productions():
        flags = [f"re.{flag.name}" for flag in re.RegexFlag if flag & production.re.flags and flag != re.UNICODE]
        pieces = re.split(r"(?<=\))(?=\|\(\?P<)", production.re.pattern)  # a line per named alternative
        literal = _literal(pieces[0]) if len(pieces) == 1 else "\n    " + "\n    ".join(map(_literal, pieces))
        arguments = ", ".join([literal, *(" | ".join(flags),) * bool(flags)])
        lines.append(f"{name} = re.compile({arguments})\n")
    return HEADER + "".join(lines)


def _literal(pattern: str) -> str:
    """A raw string literal of ``pattern`` when one can hold it, else its repr."""
    for quote in ('"', "'"):
        if quote not in pattern and not pattern.endswith("\\") and pattern.isprintable():
            return f"r{quote}{pattern}{quote}"
    return repr(pattern)


if __name__ == "__main__":
    TARGET.write_text(render(), encoding="utf-8")
    print(f"wrote {TARGET}")
