"""B106 — the Score against Law 77 for the Contract, Declarer, Result and stated vulnerability; B109 — the Score
missing where they give it."""

from __future__ import annotations

from typing import Iterator

from ..core.bridge import SEAT_NAMES, Contract, Result, Score, is_vulnerable, parse_score, side
from ..core.findings import Edit, Finding
from ..core.record import Record
from ..core.scoring import score
from .base import Context, Rule
from .edits import value_edit
from .parts import CONTRACT, SCORE
from .result import result_problem


class ScoreMismatch(Rule):
    """Score differs from Law 77.

    What it does: computes the duplicate score of the Contract, Declarer and
    Result under the vulnerability the record states (not the one the board
    number implies) and compares it with the Score: `NS 420`, `EW -420`,
    `NS 420 EW -420`, or a bare number for declarer's side. A passed-out board
    scores 0. Records scored as rubber or Chicago (honours, carried
    partscores) and Scores that are no number of points are not checked. A
    Score right for the auction's contract and declarer, or for the tricks won
    in the play, is not reported: C102, C103 or C105 names the tag that differs;
    nor is a Score for both sides that do not sum to zero (T104).
    Why it matters: a Score no contract and result can produce is a sign of a
    wrong Result, Contract, Declarer or vulnerability, or of a corrupt record.
    Example:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]
        [Score "NS 620"]

    Use instead:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]
        [Score "NS 420"]

    References: Law 77; PBN §4 (Score).
    """

    code, name, severity, law = "B106", "score-mismatch", "error", "Law 77"
    fixable = "unsafe"  # the Score replaced by Law 77's for the Contract, Declarer, Result and Vulnerable
    needs = SCORE | CONTRACT

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        field = record.score
        contract = record.contract.value if record.contract is not None else None
        if field is None or field.raw is None or contract is None or field.raw.strip() in ("", "?") or _rubber(record):
            return
        if result_problem(ctx) is not None:  # C104 says why the Result cannot be scored
            return
        written = parse_score(field.raw)
        if written is None:  # T103 says what its form should be
            return
        if written.ns is not None and written.ew is not None and written.ns + written.ew:
            return  # T104: the two sides' scores contradict each other, whichever is wrong
        vulnerability = record.vulnerable.value if record.vulnerable is not None else None
        if contract.passed_out:
            if contract.denomination:  # an end position
                return
            if any((written.declarer_points, written.ns, written.ew)):
                yield self.finding(f"Score \"{field.raw}\", but a passed-out board scores 0",
                                   field.line, field.column, law="Laws 22B, 77",
                                   edits=_score_fix(record, written, "NS", 0))
            return
        declarer = record.declarer.value[0] if record.declarer is not None else None
        result = record.result.value if record.result is not None else None
        if declarer is None or vulnerability is None or not isinstance(result, Result):
            return
        tricks = result.tricks_for(declarer)
        if tricks is None or not 0 <= tricks <= 13:
            return
        vulnerable = is_vulnerable(vulnerability, declarer)
        points = score(contract, vulnerable, tricks)
        for own_side, value in written.written(declarer):
            expected = points if own_side == side(declarer) else -points
            if value != expected and not _as_played(ctx, contract, declarer, vulnerability, tricks, own_side, value):
                yield self.finding(
                    f"Score \"{field.raw}\", but {contract} by {SEAT_NAMES[declarer]} with {tricks} tricks, "
                    f"{'vulnerable' if vulnerable else 'not vulnerable'}, scores {own_side} {expected}",
                    field.line, field.column, edits=_score_fix(record, written, side(declarer), points))
                return


def _score_fix(record: Record, written: Score, declaring: str, points: int) -> list[Edit] | None:
    """The Score tag written anew with Law 77's ``points`` for the ``declaring`` side, in the form it had."""
    tag = record.first_tags().get("Score")
    if tag is None:
        return None
    other = "EW" if declaring == "NS" else "NS"
    if written.declarer_points is not None:
        value = str(points)
    elif written.ns is not None and written.ew is not None:
        value = f"NS {points if declaring == 'NS' else -points} EW {points if declaring == 'EW' else -points}"
    elif (written.ns if declaring == "NS" else written.ew) is not None:
        value = f"{declaring} {points}"
    else:
        value = f"{other} {-points}"
    edit = value_edit(tag, value)
    return None if edit is None else [edit]


def _as_played(ctx: Context, contract: Contract, declarer: str, vulnerability: str, tricks: int, own_side: str,
               value: int) -> bool:
    """The Score is that of the auction's contract and declarer, or of the tricks won in the play:
    then the Contract, Declarer or Result tag is what is wrong, and C102, C103 or C105 says so."""
    auction = ctx.auction
    contracts = {(contract, declarer)}
    if auction is not None and auction.ended and auction.contract is not None and auction.declarer is not None:
        contracts.add((auction.contract, auction.declarer))
    counts = {tricks}
    play = ctx.play
    bounds = play.declarer_range() if play is not None and not play.unaccounted else None
    if play is not None and play.declarer is not None and bounds is not None and bounds[0] == bounds[1]:
        won = bounds[0]
        counts.add(won if side(play.declarer) == side(declarer) else 13 - won)
    for played, by in contracts:
        for count in counts:
            points = score(played, is_vulnerable(vulnerability, by), count)
            if value == (points if own_side == side(by) else -points):
                return True
    return False


def _rubber(record: Record) -> bool:
    """The record is scored as rubber or Chicago, where Law 77 is not the whole score."""
    tag = record.tag("Scoring")
    scoring = tag.value.upper() if tag is not None else ""
    return "RUBBER" in scoring or "CHICAGO" in scoring


class MissingScore(Rule):
    """Score missing where Contract, Declarer, Result and Vulnerable give it.

    What it does: warns on a game with a Contract, a Declarer, a Result and a
    Vulnerable from which Law 77 gives the score, but no Score tag; its fix
    writes the Score (`NS 420`, the declaring side's points) before the Result.
    Off by default (`--extend-select B109`): most hand records leave the Score
    out on purpose. Records scored as rubber or Chicago, passed-out boards and
    Results that cannot be scored are left alone.
    Why it matters: programs that rank or compare scores read the Score tag;
    a result without it counts for nothing there.
    Example:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]

    Use instead:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Score "NS 420"]
        [Result "10"]

    References: Law 77; PBN §4 (Score).
    """

    code, name, severity, law = "B109", "missing-score", "warning", "Law 77"
    formats = frozenset(("pbn",))  # LIN has no Score field
    needs = CONTRACT
    default = False
    fixable = "safe"  # the Score written as Law 77 gives it

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        contract = record.contract.value if record.contract is not None else None
        result_tag = record.first_tags().get("Result")
        if record.tag("Score") is not None or contract is None or contract.passed_out or result_tag is None or \
                _rubber(record) or result_problem(ctx) is not None:
            return
        declarer = record.declarer.value[0] if record.declarer is not None else None
        vulnerability = record.vulnerable.value if record.vulnerable is not None else None
        result = record.result.value if record.result is not None else None
        if declarer is None or vulnerability is None or not isinstance(result, Result):
            return
        tricks = result.tricks_for(declarer)
        if tricks is None or not 0 <= tricks <= 13:
            return
        value = f"{side(declarer)} {score(contract, is_vulnerable(vulnerability, declarer), tricks)}"
        edits = None
        if not result_tag.inherited and result_tag.value_column:
            inserted = f'[Score "{value}"]' + ("\n" if result_tag.column == 1 else " ")
            edits = [Edit(result_tag.line, result_tag.column, result_tag.line, result_tag.column, inserted)]
        yield self.finding(f"no Score: {contract} by {SEAT_NAMES[declarer]} with {tricks} tricks scores {value}",
                           result_tag.line, result_tag.column, edits=edits)
