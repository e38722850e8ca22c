"""One cause, one finding: a file's findings less those whose cause is reported beside them.

A rule names the codes whose findings cause its own (``Rule.follows``): a Score that is not Law 77's (T105) makes
the board's matchpoints and IMPs computed from it differ from those written (T106, R101, R102); a total that is
not the travellers' (R104) makes its row's rank or percentage disagree (R103); a fouled deal (E101) makes a card
its player did not hold in the deal as written (P102: not a card played twice, ``Rule.may_follow``).  Where the cause stands in the same
game (``game``), or on the same line (``line``: a row, a tag; a finding decided at the end of the file has no
game), the consequence goes.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Iterable

from ..core.findings import Finding
from ..rules import RULES


@lru_cache(maxsize=1)
def _causes() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each code that follows others: those codes, with where they stand."""
    return {code: rule.follows for code, rule in RULES.items() if rule.follows}


def without_consequences(findings: list[Finding], decided: Iterable[Finding] = ()) -> list[Finding]:
    """``findings`` (final: selected and not suppressed) less those whose cause is among them or among the findings
    ``decided`` after them (the event findings the parent decides at the end of a run).  One place for the end of
    a file, the parent's findings after it and replay, so ``--jobs`` and ``--across-files`` drop the same."""
    causes = _causes()
    if not any(finding.code in causes for finding in findings):
        return findings  # the usual file: nothing that follows another code
    wanted = {code for follows in causes.values() for code, _ in follows}
    causing = [finding for finding in chain(findings, decided) if finding.code in wanted]
    in_games = {(finding.code, finding.game) for finding in causing}
    on_lines = {(finding.code, finding.line) for finding in causing}  # a file's line: one place, whichever game
    return [finding for finding in findings if not any(
        (code, finding.game) in in_games if scope == "game" else (code, finding.line) in on_lines
        for code, scope in causes.get(finding.code, ())) or not RULES[finding.code].may_follow(finding)]
