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
from typing import Callable

from ..bridge import PASSED_OUT, SEAT_NAMES, SEATS, Contract, bid_rank, seat_after, side
from ..model import ALL_PASS, BID, CONTINUE, DOUBLE, END, FILLER, INVALID, PASS, REDOUBLE, SKIP, Auction, Call
from .irregularity import (AFTER_END, BAD_DOUBLE, BAD_MARK, BAD_REDOUBLE, INSUFFICIENT, NOT_A_CALL, WRONG_FIRST_CALLER,
                           Irregularity, IrregularityKind)

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


_CLOSING = {True: [PASS] * 3, False: [PASS] * 4}  # the passes that end an auction with a bid, without one
_NEXT = {seat: seat_after(seat) for seat in SEATS}


class _State:
    """Auction state after each call (Laws 18-19)."""

    __slots__ = ("last_bid", "bidder", "risk", "first_namer", "window", "any_bid")

    def __init__(self) -> None:
        self.last_bid: Call | None = None
        self.bidder: str | None = None
        self.risk = ""
        self.first_namer: dict[tuple[str, str], str] = {}
        self.window: list[str] = []  # kinds of the slots since the last non-pass call
        self.any_bid = False

    def ended(self) -> bool:
        """Law 22: three passes in rotation after a call, or four opening passes."""
        closing = _CLOSING[self.any_bid]
        return self.window[-len(closing):] == closing

    def contract(self) -> Contract:
        if self.last_bid is None:
            return PASSED_OUT
        return Contract(self.last_bid.level, self.last_bid.denomination, self.risk)


def replay_auction(auction: Auction, dealer: str | None) -> AuctionReplay:
    """Replay ``auction`` for a board dealt by ``dealer`` (None: unknown)."""
    out = AuctionReplay()
    seat = auction.seat or dealer
    state = _State()
    started = False
    stop_marker: Call | None = None
    readable = True

    def irregular(kind: IrregularityKind, call: Call, message: str) -> None:
        if out.illegal is None:
            out.illegal = Irregularity(kind, call, message)

    for call in auction.calls:
        kind = call.kind
        out.seats.append(seat)
        if stop_marker is not None:
            irregular(AFTER_END, call,
                      f"'{call.token}' after '{stop_marker.token}', which ends the record of the auction")
            continue
        if kind in (END, CONTINUE):
            stop_marker = call
            if not out.ended:
                out.unfinished = call
            continue
        if kind == INVALID:
            irregular(NOT_A_CALL, call, f"'{call.token}' is not a call")
            readable = False
            continue
        if kind == FILLER:
            if started:
                irregular(NOT_A_CALL, call, "'-' fills the turns before the dealer's first call only")
                readable = False
            seat = _NEXT[seat] if seat else None
            continue
        if not started:
            started = True
            if dealer is not None and seat is not None and seat != dealer:
                irregular(WRONG_FIRST_CALLER, call,
                          f"the first call is {_name(seat)}'s, but {_name(dealer)} is the dealer")
                readable = False
        if out.ended:
            irregular(AFTER_END, call, f"'{call.token}' after the auction ended with {_how_ended(state)}")
            if kind == ALL_PASS:
                stop_marker = call
            continue
        if kind == ALL_PASS:
            while not state.ended():
                state.window.append(PASS)
            out.ended = True
            stop_marker = call
            continue
        _apply(call, seat, state, out, irregular)
        if kind == PASS and state.ended():  # only a pass can end the auction
            out.ended = True
        seat = _NEXT[seat] if seat else None

    if out.ended:
        out.contract = state.contract()
    elif stop_marker is None and state.window and SKIP in state.window[-3:]:
        out.skipped_in_close = True
    if out.ended and readable:
        out.declarer = _declarer(state)
    else:
        out.contract = out.contract if readable else None
    return out


def _apply(call: Call, seat: str | None, state: _State, out: AuctionReplay,
           irregular: Callable[[IrregularityKind, Call, str], None]) -> None:
    """Apply one real call (or a ^S slot) to the state, noting irregularities."""
    kind = call.kind
    if kind == SKIP:
        state.window.append(SKIP)
        return
    if kind == PASS:
        state.window.append(PASS)
        if call.mark == "I":
            out.misfit_marks.append(Irregularity(BAD_MARK, call, "^I marks an insufficient bid, but this is a pass"))
        return
    own_side = side(seat) if seat else None
    if kind == BID:
        last = state.last_bid
        if last is not None and bid_rank(call.level, call.denomination) <= bid_rank(last.level, last.denomination):
            message = f"{call.token} is not higher than {last.token}"
            if call.mark == "I":
                out.condoned.append(Irregularity(INSUFFICIENT, call, message + " (accepted, marked ^I)", True))
            else:
                irregular(INSUFFICIENT, call, message)
        elif call.mark == "I":
            out.misfit_marks.append(Irregularity(
                BAD_MARK, call, f"^I marks an insufficient bid, but {call.token} is sufficient"))
        state.last_bid, state.bidder, state.risk = call, seat, ""
        state.any_bid = True
        state.window = []
        if own_side is not None and seat is not None:
            state.first_namer.setdefault((own_side, call.denomination), seat)
        return
    if call.mark == "I":
        out.misfit_marks.append(Irregularity(
            BAD_MARK, call, f"^I marks an insufficient bid, but {call.token} is no bid"))
    if kind == DOUBLE:
        reason = None
        if state.last_bid is None:
            reason = "there is no bid to double"
        elif own_side is not None and state.bidder is not None and side(state.bidder) == own_side:
            whose = "their own" if state.bidder == seat else f"partner {_name(state.bidder)}'s"
            reason = f"{_name(seat)} doubles {whose} {state.last_bid.token}; only an opponent's bid may be doubled"
        elif state.risk:
            reason = f"{state.last_bid.token} is already {'doubled' if state.risk == 'X' else 'redoubled'}"
        if reason:
            irregular(BAD_DOUBLE, call, f"inadmissible double: {reason}")
            state.window = []  # a non-pass call: the closing passes count from here
            return
        state.risk = "X"
        state.window = []
        return
    if kind == REDOUBLE:
        reason = None
        doubled = state.last_bid.token if state.last_bid is not None else "?"
        if state.risk == "XX":
            reason = f"{doubled} is already redoubled"
        elif state.risk != "X":
            reason = "there is no double to redouble"
        elif own_side is not None and state.bidder is not None and side(state.bidder) != own_side:
            reason = (f"{_name(seat)} redoubles their own side's double of {doubled}; only the side "
                      "doubled may redouble")
        if reason:
            irregular(BAD_REDOUBLE, call, f"inadmissible redouble: {reason}")
            state.window = []
            return
        state.risk = "XX"
        state.window = []


def _declarer(state: _State) -> str | None:
    if state.last_bid is None or state.bidder is None:
        return None
    return state.first_namer.get((side(state.bidder), state.last_bid.denomination))


def _how_ended(state: _State) -> str:
    return "three passes" if state.any_bid else "four passes"


def _name(seat: str | None) -> str:
    return SEAT_NAMES[seat] if seat else "?"
