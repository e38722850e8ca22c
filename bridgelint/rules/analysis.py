"""A record's double-dummy analysis and its result as declarer's tricks, read once (``per_record``) for the O rules,
their checks across a file and the views that draw them.  What they read is :mod:`bridgelint.core.optimum`'s."""

from __future__ import annotations

from ..core.optimum import Analysis, Declared, analysed
from ..replay.context import Context, per_record


@per_record
def analysis(ctx: Context) -> Analysis | None:
    """The record's double-dummy analysis (:func:`~bridgelint.core.optimum.analysed`); None when it has no table and
    no par tag."""
    record = ctx.record
    if record.model != "pbn":
        return None  # LIN carries no double-dummy analysis
    return analysed(record, ctx.written_tags)


@per_record
def declared(ctx: Context) -> Declared | None:
    """The record's result as declarer's tricks; None without contract, declarer or tricks, or passed out."""
    record = ctx.record
    if record.contract is None or record.declarer is None or record.result is None:
        return None
    contract, (declarer, _), result = record.contract.value, record.declarer.value, record.result.value
    if contract is None or contract.passed_out or not contract.denomination or declarer is None or result is None:
        return None
    tricks = result.tricks_for(declarer)
    if tricks is None:
        return None
    play = ctx.play
    proven = play is not None and (play.complete or play.claimed or play.end is not None and play.rows > 0
                                   or record.play is not None and record.play.claim is not None)  # C105's
    # a PBN play of at least one trick that ends in '*' is a claim (pbn.md §7: the Result gives the outcome)
    return Declared(declarer, contract.denomination, str(contract), tricks, proven, record.result.line,
                    record.result.column, record.game, record.board_number)
