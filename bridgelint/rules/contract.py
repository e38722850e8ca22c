"""C — contract and result rules: the Contract and Declarer tags against the auction, the Result against the deal
and against the play (Laws 22B, 64, 68-69, 79)."""

from __future__ import annotations

from typing import Iterator

from ..core import bridge
from ..core.bridge import SIDE_NAMES, Result, side
from ..core.findings import Edit, Finding, Severity
from ..core.record import Record
from ..core.tags import Field
from ..core.tokens import FILLER
from ..replay.auction import AuctionReplay
from ..replay.context import per_record
from ..replay.play import opening_leader
from ..replay.play_general import revoke_transfer
from .base import Context, Rule
from .edits import value_edit
from .parts import AUCTION, CONTRACT, DECLARER, PLAY, RESULT


class MalformedContract(Rule):
    """Contract or Declarer malformed.

    What it does: reports a Contract that is not `Pass` or level, denomination
    and risk, and a Declarer that is not a seat (optionally `^`-marked).
    Why it matters: the result and the score cannot be checked.
    Example:

        [Declarer "South"]
        [Contract "4 Spades"]

    Use instead:

        [Declarer "S"]
        [Contract "4S"]

    References: PBN §3.4.13, §3.4.14.
    """

    code, name, severity, law = "C101", "malformed-contract", "error", "PBN §3.4.14"
    lin_law = "LIN rs"

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        law = self.law_for(record)
        if record.contract is not None and record.contract.value is None:
            yield self.finding(f"{record.field_name('Contract')} \"{record.contract.raw}\" is no contract: Pass, "
                               "or level, denomination and X or XX, as 4S or 3NTX", record.contract.line,
                               record.contract.column, law=law)
        if record.declarer is not None and record.declarer.value[0] is None:
            yield self.finding(f"{record.field_name('Declarer')} \"{record.declarer.raw}\" is not W, N, E or S",
                               record.declarer.line, record.declarer.column, law=law or "PBN §3.4.13")


def names_contract(record: Record) -> bool:
    """The Contract names a contract: where the auction was passed out, C102 is the one finding, not
    also the Declarer (C103) and the Result (C104) that go with that contract."""
    field = record.contract
    return field is not None and field.value is not None and not field.value.passed_out


def _from_auction(ctx: Context, name: str, value: str) -> tuple[list[Edit] | None, str]:
    """The fix that writes the auction's ``value`` for the tag ``name``: only where the auction ended legally
    and nothing else was worked out from the tag (no play, no Score); else None and why, in words the message
    ends with (``""``: nothing to say, as on a LIN record, which is never rewritten)."""
    record, result = ctx.record, ctx.auction
    tag = record.first_tags().get(name)
    if tag is None or result is None or record.model != "pbn":
        return None, ""
    why = ("the auction holds an illegal call" if result.illegal is not None else
           "a play was recorded with it" if record.play is not None and not record.play.empty() else
           "a Score was worked out from it" if record.tag("Score") is not None else "")
    edit = value_edit(tag, value) if not why else None
    return (None, why) if edit is None else ([edit], "")


def _withheld(why: str) -> str:
    """What a message of C102 or C103 adds where its fix is withheld: why, so that a person mends it."""
    return f"; --fix --unsafe-fixes leaves it, as {why}: mend it by hand" if why else ""


def _replayed(ctx: Context) -> AuctionReplay | None:
    """The auction replay, when it established a contract worth comparing."""
    result = ctx.auction
    if result is None or not result.ended or result.contract is None:
        return None
    if result.illegal is not None and result.illegal.kind in ("wrong-first-caller", "not-a-call"):
        return None
    return result


def rotated_dealer(ctx: Context) -> str | None:
    """The dealer the auction reads as if it had instead of the real one (A111), or None.

    Moving every call the same number of seats keeps each call legal (their
    relations to each other do not change) and moves the declarer as far, so
    the auction is rotated when the Declarer tag is the auction's declarer
    moved one, two or three seats on, and the opening lead comes from that
    Declarer's left.
    """
    result = _replayed(ctx)
    field = ctx.record.declarer
    if result is None or result.declarer is None or field is None or result.illegal is not None:
        return None  # an illegal call stays illegal however the auction is turned: it is the finding
    seat, marked = field.value
    if seat is None or seat == result.declarer or marked or opening_leader(ctx.record) != bridge.seat_after(seat):
        return None  # the Declarer is the auction's (no turn gives it), or the lead does not follow it
    first = _first_caller(ctx)
    for steps in (1, -1, 2):
        if first is not None and bridge.seat_after(result.declarer, steps) == seat:
            return bridge.seat_after(first, steps)
    return None


def _first_caller(ctx: Context) -> str | None:
    """Who made the first call: the dealer, or the Auction seat moved on by the '-' fillers."""
    record = ctx.record
    if record.dealer is not None and record.dealer.value is not None:
        return record.dealer.value
    auction = record.auction
    if auction is None or auction.seat is None:
        return None
    fillers = 0
    for call in auction.calls if auction.names is None else ():  # an auction kept as text has no filler
        if call.kind != FILLER:
            break
        fillers += 1
    return bridge.seat_after(auction.seat, fillers)


class ContractMismatch(Rule):
    """Contract differs from the auction.

    What it does: compares the Contract with the final contract of the replayed
    auction: level, denomination, doubled or redoubled, or passed out. Its
    unsafe fix writes the auction's contract where the auction ended legally
    and nothing was worked out from the tag (no play, no Score); where the
    fix is withheld, the message says why.
    Why it matters: the score and every statistic built on the record use the
    Contract tag; it must be what the auction says.
    Example: the double left out.

        [Dealer "N"]
        [Contract "1H"]
        [Auction "N"]
        1H X Pass Pass Pass

    Use instead:

        [Dealer "N"]
        [Contract "1HX"]
        [Auction "N"]
        1H X Pass Pass Pass

    References: Laws 19D, 22A, PBN §3.4.14.
    """

    code, name, severity, law = "C102", "contract-mismatch", "error", "Law 22"
    fixable = "unsafe"  # the auction's contract, where it ended legally and nothing was worked out from the tag
    needs = CONTRACT | AUCTION

    def check(self, ctx: Context) -> Iterator[Finding]:
        field = ctx.record.contract
        result = _replayed(ctx)
        if field is None or field.value is None or result is None:
            return
        written: bridge.Contract = field.value
        if written.level == 0 and written.denomination:  # an end position names the denomination only
            return
        if written != result.contract:
            edits, why = _from_auction(ctx, "Contract", str(result.contract))
            yield self.finding(f"{ctx.record.field_name('Contract')} is {written}, but the auction ends in "
                               f"{result.contract}{_withheld(why)}", field.line, field.column, edits=edits)


class DeclarerMismatch(Rule):
    """Declarer differs from the auction.

    What it does: compares the Declarer with the first player of the declaring
    side who named the final denomination, unless the Declarer is marked `^`
    (declarer and dummy swapped, Law 54A). On a passed-out board there is no
    declarer. Its unsafe fix writes the auction's declarer where the auction
    ended legally, nothing was worked out from the tag (no play, no Score)
    and the declarer stays on the same side (the Result keeps its sense);
    where the fix is withheld, the message says why.
    Why it matters: the opening leader and the result's side follow from it.
    Example: North bid hearts first, South declares.

        [Dealer "N"]
        [Declarer "S"]
        [Contract "4H"]
        [Auction "N"]
        1H Pass 4H AP

    Use instead:

        [Dealer "N"]
        [Declarer "N"]
        [Contract "4H"]
        [Auction "N"]
        1H Pass 4H AP

    References: Law 22A and the definition of declarer, PBN §3.4.13.
    """

    code, name, severity, law = "C103", "declarer-mismatch", "error", "Law 22A"
    fixable = "unsafe"  # the auction's declarer, of the same side, where nothing was worked out from the tag
    severity_when = "info when a ^-marked Declarer is right"
    needs = DECLARER | AUCTION

    def check(self, ctx: Context) -> Iterator[Finding]:
        field = ctx.record.declarer
        result = _replayed(ctx)
        if field is None or result is None or result.contract is None:
            return
        contract = result.contract
        seat, marked = field.value
        if seat is None:
            return
        name = ctx.record.field_name("Declarer")
        if contract.passed_out:
            if names_contract(ctx.record):  # C102 says the auction was passed out
                return
            edits, why = _from_auction(ctx, "Declarer", "")
            yield self.finding(f"{name} is {bridge.SEAT_NAMES[seat]}, but the board was passed out{_withheld(why)}",
                               field.line, field.column, law="Law 22B", edits=edits)
        elif result.declarer and marked:  # ^: declarer and dummy swapped, so the seat is the auction's dummy
            dummy = bridge.partner(result.declarer)
            if seat == dummy:
                yield self.finding(f"Declarer is marked ^{seat}: {bridge.SEAT_NAMES[seat]} played the hand for "
                                   f"declarer {bridge.SEAT_NAMES[result.declarer]}", field.line,
                                   field.column, severity="info")
            else:
                yield self.finding(f"Declarer ^{seat} says declarer and dummy were swapped, but the auction makes "
                                   f"{bridge.SEAT_NAMES[result.declarer]} declarer and "
                                   f"{bridge.SEAT_NAMES[dummy]} dummy", field.line, field.column)
        elif result.declarer and seat != result.declarer and rotated_dealer(ctx) is None:
            first = bridge.SEAT_NAMES[result.declarer]
            same_side = bridge.side(seat) == bridge.side(result.declarer)  # Result and Score keep their sense
            edits, why = _from_auction(ctx, "Declarer", result.declarer)
            if not same_side:
                edits, why = None, "the auction's declarer sits on the other side, so the Result would change sides"
            yield self.finding(f"{name} is {bridge.SEAT_NAMES[seat]}, but {first} was the first of "
                               f"{bridge.SIDE_NAMES[bridge.side(result.declarer)]} to bid "
                               f"{bridge.DENOMINATION_NAMES[contract.denomination]}, so {first} is declarer"
                               f"{_withheld(why)}", field.line, field.column, edits=edits)


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
