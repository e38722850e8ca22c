"""C — result rules: the Result against the deal and against the play (Laws 22B, 64, 68-69, 79)."""

from __future__ import annotations

from typing import Iterator

from ..core.bridge import SIDE_NAMES, Result, side
from ..core.findings import Finding, Severity
from ..core.record import Record
from ..core.tags import Field
from ..replay.context import per_record
from ..replay.play_general import revoke_transfer
from .base import Context, Rule
from .parts import PLAY, RESULT
from .contract import names_contract


@per_record
def result_problem(ctx: Context) -> tuple[str, str, Severity | None] | None:
    """Why the Result cannot be right, the reference and the severity when not the rule's (C104), or None; C105
    and B106 do not read it then.  A Result of no trick on a passed-out board is wrong by the letter only."""
    record = ctx.record
    field = record.result
    if field is None:
        return None
    result = field.value
    if not isinstance(result, Result):
        return (f"{_written(record, field)} is not a number of tricks: 9, NS 9, EW 4 or NS 9 EW 4",
                ImpossibleResult.law_for(record) or "PBN §3.4.15", None)
    contract, _ = ctx.declared
    numbers = [n for n in (result.declarer_tricks, result.ns, result.ew) if n is not None]
    if contract is not None and contract.passed_out and not contract.denomination and not names_contract(record):
        if not any(numbers):
            return (f"{_written(record, field)} on a passed-out board: harmless (no trick was played), but a "
                    "passed-out board has no declarer and its Result is \"\"", "Law 22B", "warning")
        return f"{_written(record, field)} on a passed-out board, which is not played", "Law 22B", None
    if max(numbers, default=0) > 13:
        return f"{_written(record, field)}: a deal has 13 tricks", "Law 79", None
    if sum(numbers) > 13:
        return (f"{_written(record, field)}: North-South and East-West together win {sum(numbers)} tricks, "
                "a deal has 13", "Law 79", None)
    return None


def _written(record: Record, field: Field[Result | None]) -> str:
    """The Result as the record writes it: ``Result "9"``."""
    return f"{record.field_name('Result')} \"{field.raw}\""


_NO_TRANSFER = {"NS": 0, "EW": 0}


class ImpossibleResult(Rule):
    """Result malformed or impossible.

    What it does: reports a Result that is not one of `9`, `NS 9`, `EW 4`,
    `NS 9 EW 4` (optionally `^`-marked), a trick count outside 0-13, NS and EW
    together over 13, and a Result on a passed-out board (a warning when it
    gives no side a trick, `0`: wrong by the letter, harmless in effect).
    Why it matters: a deal has 13 tricks (Law 79A); a passed-out board is not
    played (Law 22B) and has Result `""` (PBN §3.4.15).
    Example:

        [Result "NS 9 EW 5"]

    Use instead:

        [Result "NS 9 EW 4"]

    References: Laws 22B, 79; PBN §3.4.15.
    """

    code, name, severity, law = "C104", "impossible-result", "error", "Law 79"
    severity_when = "warning for a Result of no trick on a passed-out board"
    lin_law = "LIN rs"
    needs = RESULT

    def check(self, ctx: Context) -> Iterator[Finding]:
        field = ctx.record.result
        problem = result_problem(ctx)
        if field is not None and problem is not None:
            message, law, severity = problem
            yield self.finding(message, field.line, field.column, law=law, severity=severity)


class ResultMismatch(Rule):
    """Result differs from the play.

    What it does: compares the Result with the tricks won in the replayed play.
    After a claim (a PBN play ended by `*` or `+` or filled with `- - - -`
    rows, LIN `mc`) the Result must lie between the tricks already won and
    those plus the tricks left; a LIN `mc` fixes it. A revoke (marked `^R` or
    not) allows what Law 64A can transfer: 0, 1 or 2 tricks to the
    non-offending side. A Result marked `^` (players agreed a count that
    differs from the play) is not compared; a `^` on a Result that equals the
    play is a warning. A play that stops early with nothing to say why is
    P108, and its Result is not compared.
    Why it matters: the score is computed from the Result (Law 79).
    Example: the defence won the first trick, so declarer cannot have won all 13.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "13"]
        [Play "W"]
        HA H8 H5 H2
        *

    Use instead: the tricks declarer won, or `^` before the count the players agreed.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "9"]
        [Play "W"]
        HA H8 H5 H2
        *

    References: Laws 64, 68D, 69, 79; PBN §3.4.15.
    """

    code, name, severity, law = "C105", "result-mismatch", "error", "Law 79"
    severity_when = "warning when a ^-marked Result equals the play"
    needs = RESULT | PLAY

    def check(self, ctx: Context) -> Iterator[Finding]:
        field, play, written = ctx.record.result, ctx.play, ctx.record.play
        if field is None or play is None or written is None or result_problem(ctx) is not None:
            return
        result, declarer, bounds = field.value, play.declarer, play.declarer_range()
        if not isinstance(result, Result) or declarer is None or bounds is None:
            return  # result_problem says why a Result is no Result; no range: no declarer or no trick count
        tricks = result.tricks_for(declarer)
        if tricks is None:
            return
        low, high = bounds
        claim = written.claim.value if written.claim is not None else None
        if claim is not None and low <= claim <= high:
            low = high = claim
        else:
            claim = None  # a claim the play cannot have: P106 says so
        own = side(declarer)
        transfer = revoke_transfer(play) if play.revokes or play.condoned else _NO_TRANSFER  # a revoke or none
        low -= transfer["NS" if own == "EW" else "EW"]
        high += transfer[own]
        wrong = not low <= tricks <= high
        if result.marked:
            if not wrong and low == high:
                yield self.finding(f"Result \"{field.raw}\" is marked ^ (differs from the tricks won), but it equals "
                                   "them", field.line, field.column, severity="warning", law="PBN §3.4.15")
            return
        if not wrong:
            return
        them = SIDE_NAMES[own]
        if claim is not None:
            how = f"the claim mc|{claim}| gives them {claim}"
        elif len(play.tricks) == 13:
            how = f"they won {play.won[own]} in the play"
        else:
            how = (f"they had won {play.won[own]} with {13 - len(play.tricks)} to play, so {bounds[0]}-{bounds[1]} "
                   "are possible")
        if any(transfer.values()):
            how += f", {low}-{high} allowing for the Law 64 revoke transfer"
        yield self.finding(f"{ctx.record.field_name('Result')} \"{field.raw}\" gives declarer's side "
                           f"({them}) {tricks} tricks, but {how}", field.line, field.column)
