"""Auction replay under Laws 17-22, 27, 36 and 39.

``replay_auction`` walks the calls from the first slot, one turn per slot,
and returns the final contract, its declarer and the first illegal call.
After an illegal call it goes on the way the Laws settle the record (an
insufficient bid stands, Law 27A; an inadmissible double or redouble is
cancelled, Law 36; calls after the end are cancelled, Law 39A), so the
contract can still be compared, but only the first illegal call is reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import cycle, islice
from typing import Callable

from ..core.bridge import PASSED_OUT, SEATS, Contract, bid_rank, seat_after, side
from ..core.record import Auction
from ..core.reference import SWITCH
from ..core.tokens import ALL_PASS, BID, CONTINUE, DOUBLE, END, FILLER, INVALID, PASS, PLAIN_CALLS, SKIP, Call
from .irregularity import (
    AFTER_END,
    BAD_DOUBLE,
    BAD_MARK,
    BAD_REDOUBLE,
    INSUFFICIENT,
    NOT_A_CALL,
    WRONG_FIRST_CALLER,
    Irregularity,
    Why,
)


@dataclass(slots=True)
class AuctionReplay:
    """What the replay of one auction found."""

    contract: Contract | None = None  # None: not known (unfinished, incomplete, unreadable)
    declarer: str | None = None
    ended: bool = False
    unfinished: Call | None = None  # the * or + that says the record stops early
    skipped_in_close: bool = False  # closing passes include a ^S slot (Law 17D3)
    illegal: Irregularity[Call] | None = None  # the first unmarked illegal call
    condoned: list[Irregularity[Call]] = field(default_factory=list)  # marked and right
    misfit_marks: list[Irregularity[Call]] = field(default_factory=list)  # marked, nothing to mark
    seats: list[str | None] = field(default_factory=list)  # the seat of each token of the auction (None: unknown)

    @property
    def incomplete(self) -> bool:
        """The auction stops before its end, and no * or + says so (Law 22)."""
        return not self.ended and self.unfinished is None

    @property
    def remarks(self) -> bool:
        """Whether the replay found anything the A rules report: an illegal or marked call, a mark that fits
        nothing, an auction that did not end.  A clean auction, the usual case, has none."""
        return (self.illegal is not None or bool(self.condoned) or bool(self.misfit_marks)
                or self.unfinished is not None or not self.ended)


_CLOSING = {True: [PASS] * 3, False: [PASS] * 4}  # the passes that end an auction with a bid, without one
_NEXT = {seat: seat_after(seat) for seat in SEATS}
_ROUND = {seat: tuple(seat_after(seat, i) for i in range(4)) for seat in SEATS}  # the seats of a round from seat


class _State:
    """Auction state after each call (Laws 18-22): the one place where calls change it, for both replays."""

    __slots__ = ("last_bid", "rank", "level", "denomination", "bidder", "risk", "first_namer", "window", "any_bid")

    def __init__(self) -> None:
        self.last_bid: str | None = None  # the token of the last bid
        self.rank = -1  # its rank (Law 18E), level and denomination
        self.level = 0
        self.denomination = ""
        self.bidder: str | None = None
        self.risk = ""
        self.first_namer: dict[tuple[str, str], str] = {}
        self.window: list[str] = []  # kinds of the slots since the last non-pass call
        self.any_bid = False

    def bid(self, token: str, level: int, denomination: str, seat: str | None) -> bool:
        """A bid by ``seat``; whether it is sufficient (Law 18D): an insufficient one stands all the same (Law 27A)."""
        rank = bid_rank(level, denomination)
        sufficient = rank > self.rank
        self.last_bid, self.rank, self.level, self.denomination = token, rank, level, denomination
        self.bidder, self.risk, self.any_bid, self.window = seat, "", True, []
        if seat is not None:
            self.first_namer.setdefault((side(seat), denomination), seat)
        return sufficient

    def risk_call(self, kind: str, seat: str | None) -> str | None:
        """A double or redouble by ``seat``: why it is inadmissible (a :class:`~.irregularity.Why`; Law 19; then it
        is cancelled, Law 36), or None."""
        own_side = side(seat) if seat else None
        reason = None
        if kind == DOUBLE:
            if self.last_bid is None:
                reason = Why.NO_BID
            elif own_side is not None and self.bidder is not None and side(self.bidder) == own_side:
                reason = Why.OWN_SIDE
            elif self.risk:
                reason = Why.DOUBLED if self.risk == "X" else Why.REDOUBLED
        else:
            if self.risk == "XX":
                reason = Why.REDOUBLED
            elif self.risk != "X":
                reason = Why.NO_DOUBLE
            elif own_side is not None and self.bidder is not None and side(self.bidder) != own_side:
                reason = Why.OWN_SIDE
        if reason is None:
            self.risk = "X" if kind == DOUBLE else "XX"
        self.window = []  # a non-pass call: the closing passes count from here
        return reason

    def passes(self) -> bool:
        """A pass; whether it ends the auction."""
        self.window.append(PASS)
        return self.ended()

    def all_pass(self) -> None:
        """PBN's ``AP``: the passes that end the auction."""
        while not self.ended():
            self.window.append(PASS)

    def ended(self) -> bool:
        """Law 22: three passes in rotation after a call, or four opening passes."""
        closing = _CLOSING[self.any_bid]
        return self.window[-len(closing):] == closing

    def contract(self) -> Contract:
        if self.last_bid is None:
            return PASSED_OUT
        return Contract(self.level, self.denomination, self.risk)

    def declarer(self) -> str | None:
        """The first of the side of the last bid to name its denomination (Law 22A)."""
        if self.last_bid is None or self.bidder is None:
            return None
        return self.first_namer.get((side(self.bidder), self.denomination))


def replay_auction(auction: Auction, dealer: str | None) -> AuctionReplay:
    """Replay ``auction`` for a board dealt by ``dealer`` (None: unknown)."""
    first = auction.seat or dealer
    if auction.names is not None and first is not None and dealer in (None, first) and SWITCH.fast("auction"):
        fast = _replay_plain(auction.names, first)
        if fast is not None:
            return fast
    return _replay_general(auction, dealer)


def _replay_plain(names: list[str], first: str) -> AuctionReplay | None:
    """The replay of the usual auction, at speed, on the names of its calls (``Auction.names``), so that an
    auction kept as text stays text; None when the auction needs the general replay.

    The usual auction: plain calls (``PLAIN_CALLS``) from the dealer, each legal (Laws 18-19), none after
    the end (an ``AP`` ends it); it may stop before its end.  Its result is the one the general replay gives
    (a test compares them): the same :class:`_State` takes the calls.
    """
    state = _State()
    seats: list[str | None] = list(islice(cycle(_ROUND[first]), len(names)))
    ended = False
    for name, seat in zip(names, seats):
        if ended:
            return None  # a call after the end (Law 39A)
        call = PLAIN_CALLS[name]
        kind = call.kind
        if kind == PASS:
            ended = state.passes()
        elif kind == BID:
            if not state.bid(name, call.level, call.denomination, seat):
                return None
        elif kind == ALL_PASS:
            state.all_pass()
            ended = True
        elif state.risk_call(kind, seat) is not None:
            return None
    if not ended:
        return AuctionReplay(seats=seats)
    return AuctionReplay(state.contract(), state.declarer(), True, seats=seats)


def _replay_general(auction: Auction, dealer: str | None) -> AuctionReplay:  # noqa: C901 - Laws 17-22 call by call
    """Replay any auction, reporting its irregularities."""
    out = AuctionReplay()
    seat = auction.seat or dealer
    state = _State()
    started = False
    stop_marker: Call | None = None
    readable = True

    def irregular(irregularity: Irregularity[Call]) -> None:
        if out.illegal is None:
            out.illegal = irregularity

    for call in auction.calls:
        kind = call.kind
        out.seats.append(seat)
        if stop_marker is not None:
            irregular(Irregularity(AFTER_END, call, why=Why.RECORD_ENDED, seat=seat, earlier=stop_marker.token))
            continue
        if kind in (END, CONTINUE):
            stop_marker = call
            if not out.ended:
                out.unfinished = call
            continue
        if kind == INVALID:
            irregular(Irregularity(NOT_A_CALL, call, seat=seat))
            readable = False
            continue
        if kind == FILLER:
            if started:
                irregular(Irregularity(NOT_A_CALL, call, why=Why.FILLER, seat=seat))
                readable = False
            seat = _NEXT[seat] if seat else None
            continue
        if not started:
            started = True
            if dealer is not None and seat is not None and seat != dealer:
                irregular(Irregularity(WRONG_FIRST_CALLER, call, seat=seat, other=dealer))
                readable = False
        if out.ended:
            irregular(Irregularity(AFTER_END, call, why=Why.THREE_PASSES if state.any_bid else Why.FOUR_PASSES,
                                   seat=seat))
            if kind == ALL_PASS:
                stop_marker = call
            continue
        if kind == ALL_PASS:
            state.all_pass()
            out.ended = True
            stop_marker = call
            continue
        if _apply(call, seat, state, out, irregular):
            out.ended = True
        seat = _NEXT[seat] if seat else None

    if out.ended:
        out.contract = state.contract()
    elif stop_marker is None and state.window and SKIP in state.window[-3:]:
        out.skipped_in_close = True
    if out.ended and readable:
        out.declarer = state.declarer()
    else:
        out.contract = out.contract if readable else None
    return out


def _apply(call: Call, seat: str | None, state: _State, out: AuctionReplay,
           irregular: Callable[[Irregularity[Call]], None]) -> bool:
    """Apply one real call (or a ^S slot) to the state, noting irregularities; whether it ends the auction."""
    kind = call.kind
    if kind == SKIP:
        state.window.append(SKIP)
        return False
    if kind == PASS:
        if call.mark == "I":
            out.misfit_marks.append(Irregularity(BAD_MARK, call, why=Why.PASS, seat=seat))
        return state.passes()  # only a pass can end the auction
    if kind == BID:
        last = state.last_bid
        if not state.bid(call.token, call.level, call.denomination, seat):
            if call.mark == "I":
                out.condoned.append(Irregularity(INSUFFICIENT, call, marked=True, seat=seat, earlier=last))
            else:
                irregular(Irregularity(INSUFFICIENT, call, seat=seat, earlier=last))
        elif call.mark == "I":
            out.misfit_marks.append(Irregularity(BAD_MARK, call, why=Why.SUFFICIENT, seat=seat))
        return False
    if call.mark == "I":
        out.misfit_marks.append(Irregularity(BAD_MARK, call, why=Why.NO_BID, seat=seat))
    bidder, last = state.bidder, state.last_bid
    reason = state.risk_call(kind, seat)
    if reason is not None:
        irregular(Irregularity(BAD_DOUBLE if kind == DOUBLE else BAD_REDOUBLE, call, why=reason, seat=seat,
                               other=bidder, earlier=last))
    return False
