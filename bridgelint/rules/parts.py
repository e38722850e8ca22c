"""The parts of a record, as bits: the pipeline runs a rule only on records that hold every part it needs.

A rule names in ``needs`` the parts without which it finds nothing (``AUCTION | CONTRACT``: C102 compares
the Contract with the auction); :func:`held` says which parts one record holds.  Most parts are fields of
the record.  ``AUCTION_REMARKS`` and ``PLAY_REMARKS`` are what the replays found that the A and P rules
report, as the replays say it (``AuctionReplay.remarks``, ``PlayReplay.remarks``): an illegal or marked call
or card, a mark that fits nothing, an auction that did not end, a play that stops with nothing to say why.
A clean auction or play is the usual case, and none of those rules runs on it.  ``tests/test_dispatch.py``
keeps the needs honest: with and without the dispatch, the findings are the same.
"""

from __future__ import annotations

from ..replay.context import Context

AUCTION = 1 << 0
AUCTION_REMARKS = 1 << 1  # the auction replay found something the A rules report
PLAY = 1 << 2
PLAY_REMARKS = 1 << 3  # the play replay found something the P rules report
CLAIM = 1 << 4  # a LIN claim (mc)
NOTES = 1 << 5  # a Note tag in the auction or play section
DEAL = 1 << 6
BOARD = 1 << 7
DEALER = 1 << 8
VULNERABLE = 1 << 9
CONTRACT = 1 << 10
DECLARER = 1 << 11
RESULT = 1 << 12
SCORE = 1 << 13
DATE = 1 << 14
TABLES = 1 << 15  # a supplemental section (PBN §5)
BOARD_BEFORE = 1 << 16  # a PBN game without Board, Dealer and Deal after one with them (B108)
SOLVED = 1 << 17  # the deal solved double dummy (check --dd)
ALL = (1 << 18) - 1


def held(ctx: Context, wanted: int = ALL) -> int:
    """The parts ``ctx``'s record holds; a replay part only when ``wanted`` (the replay runs for it)."""
    record = ctx.record
    parts = 0
    auction, play = record.auction, record.play
    if auction is not None:
        parts |= AUCTION | (NOTES if auction.notes else 0)
        if wanted & AUCTION_REMARKS and (replay := ctx.auction) is not None and replay.remarks:
            parts |= AUCTION_REMARKS
    if play is not None:
        parts |= PLAY | (NOTES if play.notes else 0) | (CLAIM if play.claim is not None else 0)
        if wanted & PLAY_REMARKS and (played := ctx.play) is not None and played.remarks:
            parts |= PLAY_REMARKS
    return (parts | (DEAL if record.deal is not None else 0) | (BOARD if record.board is not None else 0)
            | (DEALER if record.dealer is not None else 0) | (VULNERABLE if record.vulnerable is not None else 0)
            | (CONTRACT if record.contract is not None else 0) | (DECLARER if record.declarer is not None else 0)
            | (RESULT if record.result is not None else 0) | (SCORE if record.score is not None else 0)
            | (DATE if record.date is not None else 0) | (TABLES if record.tables else 0)
            | (BOARD_BEFORE if record.board_before is not None else 0) | (SOLVED if ctx.solved is not None else 0))
