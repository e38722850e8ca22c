"""The play replay: the fast replay of the usual play (``play_fast``) where it applies, else the general
replay under the Laws (``play_general``); and what the replay is run under (``declared``)."""

from __future__ import annotations

from ..core.bridge import Contract, seat_after
from ..core.record import Deal, Play, Record
from ..core.reference import SWITCH
from .auction import AuctionReplay
from .play_fast import replay_fast
from .play_general import PlayReplay, replay_general, replay_without_contract


def replay_play(play: Play, deal: Deal | None, contract: Contract | None, declarer: str | None) -> PlayReplay:
    """Replay ``play`` of ``contract`` by ``declarer`` on ``deal`` (each may be None: unknown)."""
    if contract is None or (contract.passed_out and not contract.denomination) or (play.by_seat and not play.seat):
        return replay_without_contract(play, deal, contract, declarer)
    trump = None if contract.denomination == "NT" else contract.denomination
    fast = None
    if deal is not None and declarer is not None and SWITCH.fast("play-replay"):
        fast = replay_fast(play, deal, trump, declarer)
    return fast if fast is not None else replay_general(play, deal, trump, declarer)


def declared(record: Record, auction: AuctionReplay | None) -> tuple[Contract | None, str | None]:
    """The contract and declarer the play is replayed under.

    The replayed auction wins over the Contract and Declarer fields; a
    ``^``-marked Declarer (declarer and dummy swapped, Law 54A) wins over the
    auction's declarer.
    """
    contract = auction.contract if auction is not None else None
    if contract is None and record.contract is not None:
        contract = record.contract.value
    tag_seat, marked = record.declarer.value if record.declarer is not None else (None, False)
    declarer = auction.declarer if auction is not None and not marked else None
    if declarer is None or (tag_seat not in (None, declarer) and opening_leader(record) == seat_after(tag_seat)):
        return contract, tag_seat  # where the auction and the Declarer disagree, the play sides with the Declarer
    return contract, declarer


def opening_leader(record: Record) -> str | None:
    """Who the play itself says led first: the PBN Play seat, or the holder of the first LIN card."""
    play = record.play
    if play is None:
        return None
    if play.by_seat or not play.cards or record.deal is None:
        return play.seat
    first = play.cards[0].card
    return record.deal.held.seat.get(first)
