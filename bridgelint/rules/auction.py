"""A — auction rules (Laws 17-22, 27, 36, 39), read off one auction replay."""

from __future__ import annotations

from typing import Iterator

from ..core.bridge import SEAT_NAMES
from ..core.findings import Edit, Finding
from ..core.problems import Kind, Problem
from ..core.record import Auction
from ..core.tokens import BID, DOUBLE, PASS, REDOUBLE, Call
from ..replay import auction as replay
from ..replay.irregularity import Irregularity, Why
from .base import Context, Rule, dangling
from .contract import rotated_dealer
from .parts import AUCTION, AUCTION_REMARKS, DECLARER, PLAY


class AuctionSeat(Rule):
    """Auction seat is not a seat.

    What it does: reports an Auction tag whose value is not W, N, E or S (nor
    empty, `?` or an inheritance mark); the calls are then read as starting
    with the dealer.
    Why it matters: the seat tells who made the first call written; without it
    every call may belong to another player.
    Example:

        [Dealer "N"]
        [Auction "Q"]
        1D AP

    Use instead: the seat of the first call written.

        [Dealer "N"]
        [Auction "N"]
        1D AP

    References: PBN §3.5.
    """

    code, name, severity, law = "A110", "auction-seat", "error", "PBN §3.5"
    stage = "game"

    reads = frozenset((Kind.AUCTION_SEAT_UNREAD,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """A110 at an Auction tag whose value reads as no seat, unless it says the seat is not known (empty,
        ``?``) or is an inheritance mark (``#``: S110's)."""
        (value,) = problem.facts
        if value not in ("", "?") and not value.startswith("#"):
            yield cls.finding(f"Auction seat \"{value}\" is not W, N, E or S", problem.line, problem.column)


class _IllegalCall(Rule):
    """Base of the rules that report the first illegal call of a kind, each in its words (``message``)."""

    kind: str
    needs = AUCTION_REMARKS

    def check(self, ctx: Context) -> Iterator[Finding]:
        result = ctx.auction
        if result is None:
            return
        illegal = result.illegal
        if illegal is not None and illegal.kind == self.kind:
            call = illegal.item
            yield self.finding(self.message(illegal), call.line, call.column, law=self.law_for(ctx.record))
        for condoned in result.condoned:
            if condoned.kind == self.kind:
                call = condoned.item
                yield self.finding(self.message(condoned), call.line, call.column, severity="info")

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        """The finding's words for what the replay found."""
        raise NotImplementedError


class FirstCall(_IllegalCall):
    """The first call is not the dealer's.

    What it does: reports an auction whose first call falls to another player
    than the dealer: the Auction seat differs from the Dealer and no `-`
    fillers make up the difference.
    Why it matters: every call then belongs to the wrong player, and the
    declarer comes out wrong. (A condoned call out of rotation, Law 29A,
    would look the same; records cannot show it.)
    Example: North deals, but the auction starts with West.

        [Dealer "N"]
        [Auction "W"]
        1D Pass Pass Pass

    Use instead: the auction from the dealer.

        [Dealer "N"]
        [Auction "N"]
        1D Pass Pass Pass

    References: Law 17B, PBN §3.5.
    """

    code, name, severity, law = "A101", "first-call", "error", "Law 17B"
    kind = replay.WRONG_FIRST_CALLER

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        return f"the first call is {_name(irregularity.seat)}'s, but {_name(irregularity.other)} is the dealer"


class NotACall(_IllegalCall):
    """Not a call.

    What it does: reports an auction token that is no Pass, X, XX, bid 1C-7NT,
    `AP`, `-`, `*`, `+` or annotation.
    Why it matters: the auction cannot be replayed past it.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1D 8S Pass Pass Pass

    Use instead: one call per turn, in PBN spelling.

        [Dealer "N"]
        [Auction "N"]
        1D 1S Pass Pass Pass

    References: Law 18A, PBN §3.5.1.
    """

    code, name, severity, law = "A102", "not-a-call", "error", "PBN §3.5.1"
    lin_law = "LIN mb"
    kind = replay.NOT_A_CALL

    reads = frozenset((Kind.NOT_A_CALL,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """A102 at a token of an auction section that the reader read as no call."""
        (text,) = problem.facts
        yield cls.finding(f"'{text}' is not a call", problem.line, problem.column)

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        if irregularity.why == Why.FILLER:
            return "'-' fills the turns before the dealer's first call only"
        return f"'{irregularity.item.token}' is not a call"


class InsufficientBid(_IllegalCall):
    """Insufficient bid.

    What it does: reports a bid that is not higher than the last bid and is not
    marked `^I` (an insufficient bid accepted under Law 27A). A marked one is info.
    Why it matters: an insufficient bid must be corrected or accepted; an
    unmarked one in a record is almost always a typing error.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1D Pass 1C AP

    Use instead: the bid actually made,

        [Dealer "N"]
        [Auction "N"]
        1D Pass 2C AP

    or, when the insufficient bid was accepted at the table, the mark `^I`:

        [Dealer "N"]
        [Auction "N"]
        1D Pass ^I 1C AP

    References: Laws 18B-D, 27.
    """

    code, name, severity, law = "A103", "insufficient-bid", "error", "Laws 18, 27"
    severity_when = "info when marked ^I (accepted)"
    kind = replay.INSUFFICIENT

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        message = f"{irregularity.item.token} is not higher than {irregularity.earlier}"
        return message + " (accepted, marked ^I)" if irregularity.marked else message


class InadmissibleDouble(_IllegalCall):
    """Inadmissible double.

    What it does: reports a double of nothing, of partner's or one's own bid, or
    of a bid already doubled or redoubled.
    Why it matters: Law 19A allows doubling only an opponent's last bid; the
    inadmissible double is cancelled (Law 36) and the contract is not doubled.
    Example: South doubles partner's bid.

        [Dealer "N"]
        [Auction "N"]
        1D Pass X AP

    Use instead: the opponent doubles.

        [Dealer "N"]
        [Auction "N"]
        1D X AP

    References: Laws 19A, 36.
    """

    code, name, severity, law = "A104", "inadmissible-double", "error", "Laws 19A, 36"
    kind = replay.BAD_DOUBLE

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        why, seat, bidder, doubled = irregularity.why, irregularity.seat, irregularity.other, irregularity.earlier
        if why == Why.NO_BID:
            reason = "there is no bid to double"
        elif why == Why.OWN_SIDE:
            whose = "their own" if bidder == seat else f"partner {_name(bidder)}'s"
            reason = f"{_name(seat)} doubles {whose} {doubled}; only an opponent's bid may be doubled"
        else:
            reason = f"{doubled} is already {'doubled' if why == Why.DOUBLED else 'redoubled'}"
        return f"inadmissible double: {reason}"


class InadmissibleRedouble(_IllegalCall):
    """Inadmissible redouble.

    What it does: reports a redouble with no double to redouble, of one's own
    side's double, or of a bid already redoubled.
    Why it matters: Law 19B allows redoubling only an opponent's double; the
    inadmissible redouble is cancelled (Law 36).
    Example: a redouble with nothing doubled.

        [Dealer "N"]
        [Auction "N"]
        1D Pass Pass XX

    Use instead: the side doubled redoubles.

        [Dealer "N"]
        [Auction "N"]
        1D X XX AP

    References: Laws 19B, 36.
    """

    code, name, severity, law = "A105", "inadmissible-redouble", "error", "Laws 19B, 36"
    kind = replay.BAD_REDOUBLE

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        why, doubled = irregularity.why, irregularity.earlier or "?"
        if why == Why.REDOUBLED:
            reason = f"{doubled} is already redoubled"
        elif why == Why.NO_DOUBLE:
            reason = "there is no double to redouble"
        else:
            reason = (f"{_name(irregularity.seat)} redoubles their own side's double of {doubled}; only the side "
                      "doubled may redouble")
        return f"inadmissible redouble: {reason}"


class CallAfterEnd(_IllegalCall):
    """Call after the auction ended.

    What it does: reports the first call after three passes that follow a call,
    after four opening passes, or after `AP`, `*` or `+`.
    Why it matters: calls after the final pass are cancelled (Law 39A); the
    contract is the one before them.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1S Pass Pass Pass Pass

    Use instead:

        [Dealer "N"]
        [Auction "N"]
        1S Pass Pass Pass

    References: Laws 22, 39.
    """

    code, name, severity, law = "A106", "call-after-end", "error", "Laws 22, 39"
    kind = replay.AFTER_END

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        token, why = irregularity.item.token, irregularity.why
        if why == Why.RECORD_ENDED:
            return f"'{token}' after '{irregularity.earlier}', which ends the record of the auction"
        return f"'{token}' after the auction ended with {'three' if why == Why.THREE_PASSES else 'four'} passes"


class IncompleteAuction(Rule):
    """Auction incomplete: closing passes missing.

    What it does: reports an auction that stops, or whose play starts, before
    three passes follow the last call (or four passes open it), when no `*` or
    `+` says it is unfinished (in LIN, which has no such mark, when the play has
    started). Passes that include a skipped player's turn
    (`^S`) do not end an auction (Law 17D3).
    Why it matters: the contract is not established; readers disagree on it.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1S Pass 4S

    Use instead: the closing passes,

        [Dealer "N"]
        [Auction "N"]
        1S Pass 4S AP

    or `*` when the rest of the auction is unknown:

        [Dealer "N"]
        [Auction "N"]
        1S Pass 4S *

    References: Laws 22, 17D3.
    """

    code, name, severity, law = "A107", "incomplete-auction", "error", "Law 22"
    needs = AUCTION_REMARKS
    fixable = "unsafe"  # the closing passes, where Contract and Declarer are what the auction then gives

    def check(self, ctx: Context) -> Iterator[Finding]:
        result, record = ctx.auction, ctx.record
        auction = record.auction
        if result is None or auction is None or not result.incomplete or result.illegal is not None:
            return
        played = record.play is not None and not record.play.empty()
        if record.model == "lin" and not played:
            return  # LIN has no '*': an auction without play may be a bidding problem or a cut-off record
        if auction.calls:
            last = auction.calls[-1]
            line, column = last.line, last.column + len(last.token)
        else:
            line, column = auction.line, auction.column
        law = None
        if result.skipped_in_close:
            message = ("the auction has not ended: a player's turn was skipped (^S) among the closing passes, "
                       "so the auction reverts to that player")
            law = "Law 17D3"
        elif played:
            message = "the play starts before the auction ended: closing passes missing"
        else:
            message = "the auction stops before it ended: closing passes missing"
        edits = None if result.skipped_in_close else _closing_passes(ctx)
        yield self.finding(message, line, column, law=law, edits=edits)


def _closing_passes(ctx: Context) -> list[Edit] | None:
    """The passes written after the last call that end the auction, where the last call has no annotation
    (which would then follow a pass) and the auction so ended gives the Contract and the Declarer written."""
    record = ctx.record
    auction, contract, declarer = record.auction, record.contract, record.declarer
    if record.model != "pbn" or auction is None or not auction.calls or contract is None or contract.value is None:
        return None
    seat = declarer.value[0] if declarer is not None and not declarer.value[1] else None  # ^: not the auction's
    if seat is None and not contract.value.passed_out:
        return None
    last = auction.calls[-1]
    if last.kind not in (PASS, DOUBLE, REDOUBLE, BID) or last.note is not None or last.nags or last.alert:
        return None
    dealer = record.dealer.value if record.dealer is not None else None
    for count in range(1, 5):
        closed = Auction(auction.seat, [*auction.calls, *(Call("Pass", PASS, 0, 0) for _ in range(count))],
                         auction.line, auction.column)
        ended = replay.replay_auction(closed, dealer)
        if ended.ended:
            break
    else:
        return None
    if ended.illegal is not None or ended.contract != contract.value or ended.declarer != seat:
        return None
    end = last.column + len(last.token)
    return [Edit(last.line, end, last.line, end, " Pass" * count)]


class UnfinishedAuction(Rule):
    """Auction marked unfinished.

    What it does: notes an auction that ends with `*` or `+` before its end.
    Why it matters: the Contract and Declarer tags cannot be checked against it.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1S Pass 2S *

    Use instead: nothing when the rest is unknown (this is legal PBN, info only), else the whole auction.

        [Dealer "N"]
        [Auction "N"]
        1S Pass 2S AP

    References: PBN §3.5.
    """

    code, name, severity, law = "A108", "unfinished-auction", "info", "PBN §3.5"
    needs = AUCTION_REMARKS

    def check(self, ctx: Context) -> Iterator[Finding]:
        result = ctx.auction
        if result is not None and result.unfinished is not None:
            marker = result.unfinished
            yield self.finding(f"the auction is marked unfinished with '{marker.token}': Contract and Declarer "
                               "are not checked against it", marker.line, marker.column)


class MisfitAuctionMark(Rule):
    """An auction irregularity mark that does not fit.

    What it does: warns on `^I` before a sufficient bid or before a call that is
    no bid, a mark that marks nothing, and an unknown mark letter.
    Why it matters: a mark claims an irregularity that did not happen.
    Example: `^I` on a sufficient bid.

        [Dealer "N"]
        [Auction "N"]
        1D ^I 2C AP

    Use instead:

        [Dealer "N"]
        [Auction "N"]
        1D 2C AP

    References: PBN §3.9, Law 27A.
    """

    code, name, severity, law = "A109", "misfit-auction-mark", "warning", "PBN §3.9"
    needs = AUCTION_REMARKS

    reads = frozenset((Kind.UNKNOWN_AUCTION_MARK, Kind.DANGLING_AUCTION_MARK))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """A109 at a mark of an auction section that is none, or that marks nothing."""
        if problem.kind is Kind.UNKNOWN_AUCTION_MARK:
            (text,) = problem.facts
            yield cls.finding(f"'{text}' is no auction irregularity mark: ^I and ^S only", problem.line,
                              problem.column)
        else:
            yield dangling(cls, problem)

    def check(self, ctx: Context) -> Iterator[Finding]:
        if ctx.auction is not None:
            yield from self.misfit_marks(ctx.auction.misfit_marks, self.message)

    @staticmethod
    def message(irregularity: Irregularity[Call]) -> str:
        """^I on a call that is no insufficient bid."""
        why = irregularity.why
        what = "this is a pass" if why == Why.PASS else \
            f"{irregularity.item.token} is {'sufficient' if why == Why.SUFFICIENT else 'no bid'}"
        return f"^I marks an insufficient bid, but {what}"


class RotatedAuction(Rule):
    """The auction reads as if another player dealt.

    What it does: reports an auction whose calls all fit when every call is
    moved to the next seat (or two or three seats on): that rotation makes the
    Declarer tag the declarer, and the opening lead comes from that
    declarer's left. One finding per game, instead of a C103 on the Declarer.
    Why it matters: every call is then credited to the wrong player; usually
    the Auction tag names the wrong seat, or the opening passes were left out.
    Example: East declares and South leads, so North cannot have opened 1NT: North passed first.

        [Dealer "N"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "E"]
        [Contract "3NT"]
        [Auction "N"]
        1NT Pass 3NT AP
        [Play "S"]
        H4 HA HT H7

    Use instead: every call, from the dealer's.

        [Dealer "N"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "E"]
        [Contract "3NT"]
        [Auction "N"]
        Pass 1NT Pass 3NT AP
        [Play "S"]
        H4 HA HT H7

    References: Law 17B, PBN §3.5.
    """

    code, name, severity, law = "A111", "rotated-auction", "error", "Law 17B"
    needs_a_person = True  # no fix: the game is left as it is by --fix
    needs = AUCTION | DECLARER | PLAY  # the opening lead says who declared

    def check(self, ctx: Context) -> Iterator[Finding]:
        dealer, record = rotated_dealer(ctx), ctx.record
        declarer = record.declarer.value[0] if record.declarer is not None else None
        if dealer is None or declarer is None or record.auction is None:
            return
        told = "the Auction tag or the seat of the first call" if record.model == "pbn" else "the dealer in md"
        yield self.finding(f"the auction reads as if {SEAT_NAMES[dealer]} dealt: then {SEAT_NAMES[declarer]} is "
                           f"declarer, as the {record.field_name('Declarer')} and the opening lead say; {told} "
                           "is wrong", record.auction.line, record.auction.column)


def _name(seat: str | None) -> str:
    return SEAT_NAMES[seat] if seat else "?"
