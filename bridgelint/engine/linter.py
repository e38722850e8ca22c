"""The linter: the selected rules run on single records, and the checks across records after them.

Per record, the findings are those of the reader, of the rules that can find
something in it and of the run's checks across records (each one's ``see``,
:mod:`..across.base`), completed (severity, reference, game, board) and
filtered by the selected codes.  A bug while checking a record is noted as a
problem on that record, which X001 words (:mod:`bridgelint.rules.reading`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from functools import reduce
from operator import attrgetter, or_
from typing import Iterable

from ..across.base import AcrossRecords
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..replay.context import Context
from ..rules import DEFAULT_CODES, RULES, reading
from ..rules.base import Rule
from ..rules.internal import InternalError
from ..rules.parts import ALL, AUCTION_REMARKS, PLAY_REMARKS, held

_REPLAYS = ((AUCTION_REMARKS, attrgetter("auction")), (PLAY_REMARKS, attrgetter("play")))  # in the order they run


def location(finding: Finding) -> tuple[int, int, str]:
    """The order findings are reported in: line, column, code."""
    return finding.line, finding.column, finding.code


class Linter:
    """The selected rules (those on by default, unless given) run on single records.

    Each record runs only the rules that can find something in it (``Rule.formats`` and ``Rule.needs``): the
    rules of a format and the parts a record holds are worked out once, then taken from ``plans``.
    ``dispatch=False`` runs every selected rule of the format instead (the tests compare the two).
    """

    def __init__(self, codes: Iterable[str] | None = None, dispatch: bool = True):
        self.codes = frozenset(DEFAULT_CODES if codes is None else codes)
        self.rules: list[Rule] = [RULES[c]() for c in RULES
                                  if c in self.codes and RULES[c].stage == "record" and RULES[c].checks()]
        self.dispatch = dispatch
        self.wanted = reduce(or_, (rule.needs for rule in self.rules), 0)  # the parts any selected rule needs
        self.plans: dict[tuple[str, int], list[Rule]] = {}

    def rules_for(self, replays: Context) -> list[Rule]:
        """The rules that can find something in this record."""
        fmt = replays.record.model
        parts = held(replays, self.wanted) if self.dispatch else ALL
        plan = self.plans.get((fmt, parts))
        if plan is None:
            plan = self.plans[fmt, parts] = [rule for rule in self.rules
                                             if fmt in rule.formats and rule.needs & parts == rule.needs]
        return plan

    def replay(self, batch: list[Context]) -> None:
        """Work out the replays the rules will ask for on a few records, a stage at a time: every auction, then
        every play (:mod:`.run`, ``BATCH``).  A replay that fails here is left to ``found``, which asks for it
        again and reports the bug on its record (X001)."""
        if not self.dispatch:
            return  # every rule runs: each asks for the replays it needs
        for part, replay in _REPLAYS:
            if self.wanted & part:  # the dispatch asks for this replay on every record
                for replays in batch:
                    with contextlib.suppress(Exception):
                        replay(replays)

    def check_record(self, replays: Context, hooks: Iterable[AcrossRecords] = ()) -> list[Finding]:
        """The selected findings on one record, completed (:meth:`found`)."""
        return self.complete(self.found(replays, hooks), replays.record)

    def found(self, replays: Context, hooks: Iterable[AcrossRecords] = ()) -> list[Finding]:
        """The findings on one record as made, those of reading, of the rules and of ``hooks``; a bug is X001."""
        record = replays.record
        found: list[Finding] = []
        try:
            extend = found.extend
            if record.problems:  # most records read without one
                extend(reading.findings(record.problems, self.codes))
            for rule in self.rules_for(replays):
                extend(rule.check(replays))
            for hook in hooks:
                extend(hook.see(replays))
        except Exception as error:  # a bug: report it on this record and go on
            debug_trace()
            found += reading.findings([Problem(Kind.CHECK_BUG, record.line, record.column, (error,))])
        return found

    def complete(self, found: Iterable[Finding], record: Record | None = None) -> list[Finding]:
        """The selected findings, with severity, reference, game and board filled in.

        A code that is no registered rule is a bug of bridgelint: KeyError, never a finding silently dropped.
        """
        kept = []
        for finding in found:
            rule = RULES[finding.code]
            if finding.code not in self.codes and rule is not InternalError:
                continue
            game, board = (record.game, record.board_number) if record is not None else (finding.game, finding.board)
            kept.append(finding.completed(rule.severity, rule.law, game, board))
        return kept


_LINTERS: dict[frozenset[str], Linter] = {}


def linter_for(codes: Iterable[str] | None = None) -> Linter:
    """The linter of a code selection (all codes by default), built once per process."""
    key = frozenset(DEFAULT_CODES if codes is None else codes)
    linter = _LINTERS.get(key)
    if linter is None:
        linter = _LINTERS[key] = Linter(key)
    return linter


def check_record(record: Record, codes: Iterable[str] | None = None) -> list[Finding]:
    """Every selected finding on one record, by location (no suppression: that needs the file)."""
    return sorted(linter_for(codes).check_record(Context(record)), key=location)


def debug_trace() -> None:
    """With ``BRIDGELINT_DEBUG`` set, the traceback of the bug being reported as X001, on standard error."""
    if os.environ.get("BRIDGELINT_DEBUG"):
        import traceback

        traceback.print_exc(file=sys.stderr)
