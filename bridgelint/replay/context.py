"""The per-record cache of replays (each replayer runs at most once per record, on demand) and of the tags."""

from __future__ import annotations

from functools import cached_property

from ..model import Record, Tag
from .auction import AuctionReplay, replay_auction
from .play import PlayReplay, declared, replay_play


class Context:
    """One record and what the replayers found in it, computed once, on demand."""

    __slots__ = ("record", "__dict__")

    def __init__(self, record: Record):
        self.record = record

    @cached_property
    def written_tags(self) -> dict[str, Tag]:
        """The first tag of each name written in this game (not carried by ``##``), by name."""
        return self.record.first_tags(written=True)

    @cached_property
    def auction(self) -> AuctionReplay | None:
        """The auction replay (None without an auction)."""
        record = self.record
        if record.auction is None:
            return None
        dealer = record.dealer.value if record.dealer is not None else None
        return replay_auction(record.auction, dealer)

    @cached_property
    def play(self) -> PlayReplay | None:
        """The play replay (None without a play), under the contract of the auction or the tags."""
        record = self.record
        if record.play is None:
            return None
        contract, declarer = declared(record, self.auction)
        return replay_play(record.play, record.deal, contract, declarer)
