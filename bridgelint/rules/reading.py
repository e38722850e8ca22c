"""The dispatcher of problems: each problem a reader or the engine noted, worded by the rule that reads its kind.

Readers and the engine note problems as data (:mod:`bridgelint.core.problems`); here each kind finds its rule
(``Rule.reads``), and the rule's ``read`` makes the findings, for the selected codes only (a bug of bridgelint,
X001, always).  A kind no rule reads is a bug of bridgelint: KeyError, never a problem silently dropped.
"""

from __future__ import annotations

from typing import Iterable

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from . import RULES
from .base import Rule
from .internal import InternalError

READERS: dict[Kind, type[Rule]] = {kind: rule for rule in RULES.values() for kind in rule.reads}


def findings(problems: Iterable[Problem], codes: frozenset[str] | None = None) -> list[Finding]:
    """The findings of ``problems``, in their order, of the rules whose code is among ``codes`` (None: every
    rule's; a bug of bridgelint always)."""
    found: list[Finding] = []
    for problem in problems:
        rule = READERS[problem.kind]
        if codes is None or rule.code in codes or rule is InternalError:
            found.extend(rule.read(problem))
    return found
