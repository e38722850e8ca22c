"""The per-record cache of replays (each replayer runs at most once per record, on demand), of the tags, and of
what several rules ask of one record (:func:`per_record`)."""

from __future__ import annotations

from functools import wraps
from typing import Callable, Generic, TypeVar

from ..core.bridge import Contract
from ..core.record import Deal, Record
from ..core.tags import Tag
from .auction import AuctionReplay, replay_auction
from .play import declared, replay_play
from .play_general import PlayReplay

T = TypeVar("T")


class once(Generic[T]):
    """A Context attribute computed on first reading and kept in the instance: ``functools.cached_property``
    without the lock it takes at each first reading (Python 3.11), which a record's few reads would pay for."""

    def __init__(self, compute: Callable[[Context], T]):
        self.compute, self.name, self.__doc__ = compute, compute.__name__, compute.__doc__

    def __get__(self, ctx: Context, owner: type | None = None) -> T:
        value = ctx.__dict__[self.name] = self.compute(ctx)  # read from the instance from now on
        return value


class Context:
    """One record and what the replayers found in it, computed once, on demand."""

    __slots__ = ("record", "skipped", "__dict__")
    # set by a run that solves deals (check --dd): the deal's double-dummy tricks by (seat, denomination)
    solved: dict[tuple[str, str], int] | None = None
    # set by a run with hand records (--hand-record) on a record whose own deal is not whole: the hand record's
    # deal of the record's board, the reference deal its travellers are checked against (the V rules)
    hand_deal: Deal | None = None

    def __init__(self, record: Record):
        self.record = record
        self.skipped: list[str] = []  # the codes of checks not made on this record for want of what they need

    def skip(self, code: str) -> None:
        """A rule could not check this record (a method it does not know): counted, not a finding."""
        self.skipped.append(code)

    @once
    def written_tags(self) -> dict[str, Tag]:
        """The first tag of each name written in this game (not carried by ``##``), by name."""
        return self.record.first_tags(written=True)

    @once
    def auction(self) -> AuctionReplay | None:
        """The auction replay (None without an auction)."""
        record = self.record
        if record.auction is None:
            return None
        dealer = record.dealer.value if record.dealer is not None else None
        return replay_auction(record.auction, dealer)

    @once
    def declared(self) -> tuple[Contract | None, str | None]:
        """The contract and declarer the play is replayed under (:func:`~.play.declared`)."""
        return declared(self.record, self.auction)

    @once
    def play(self) -> PlayReplay | None:
        """The play replay (None without a play), under the contract of the auction or the tags."""
        record = self.record
        if record.play is None:
            return None
        contract, declarer = self.declared
        return replay_play(record.play, record.deal, contract, declarer)


def per_record(compute: Callable[[Context], T]) -> Callable[[Context], T]:
    """``compute(ctx)`` computed once per record and kept in its Context, for every rule that asks."""
    key = f"{compute.__module__}.{compute.__qualname__}"

    @wraps(compute)
    def shared(ctx: Context) -> T:
        kept = ctx.__dict__
        if key not in kept:
            kept[key] = compute(ctx)
        return kept[key]

    return shared
