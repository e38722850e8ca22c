"""P — play rules (Laws 41, 44, 61-64, 68-71), read off one play replay."""

from __future__ import annotations

from typing import Iterator

from ..core.bridge import SEAT_NAMES
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.tokens import CARD, END, Card
from ..replay.irregularity import AFTER_END, NOT_A_CARD, NOT_HELD, PLAY_ORDER, REVOKE, WRONG_LEADER, Irregularity, Why
from .base import Context, Rule, dangling
from .parts import CLAIM, PLAY_REMARKS


class _IllegalCard(Rule):
    """Base of the rules that report the illegal cards of a kind (the first one, revokes each)."""

    kinds: tuple[str, ...]
    needs = PLAY_REMARKS

    def check(self, ctx: Context) -> Iterator[Finding]:
        result = ctx.play
        if result is None:
            return
        for irregularity in (result.misplaced, result.wrong_leader, result.illegal, *result.revokes):
            if irregularity is not None and irregularity.kind in self.kinds:
                card = irregularity.item
                yield self.finding(self.message(irregularity), card.line, card.column,
                                   law=irregularity.law or self.law_for(ctx.record))
        for condoned in result.condoned:
            if condoned.kind in self.kinds:
                card = condoned.item
                yield self.finding(self.message(condoned), card.mark_line or card.line,
                                   card.mark_column or card.column, severity="info")

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        """The finding's words for what the replay found."""
        raise NotImplementedError


class NotACard(_IllegalCard):
    """Not a card.

    What it does: reports a play token that is no card (suit S H D C and rank
    A K Q J T 9-2), `-`, `*`, `+`, irregularity mark or annotation.
    Why it matters: the play cannot be replayed past it.
    Example:

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        H1 H8 H5 H2

    Use instead:

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2

    References: PBN §3.6.1; LIN `pc`.
    """

    code, name, severity, law = "P101", "not-a-card", "error", "PBN §3.6.1"
    lin_law = "LIN pc"
    kinds = (NOT_A_CARD,)

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        return f"'{irregularity.item.token}' is not a card"


_PLAYED = ", already played to trick "  # P102's words for a card played twice


class CardNotHeld(_IllegalCard):
    """Card not in that player's hand.

    What it does: reports the first card that the player on turn does not hold:
    dealt to another player, not in the deal, or already played. A PBN play
    written in play order (each trick from its leader) instead of seat columns
    is reported once, as such.
    Why it matters: each card is played once, by its holder (Laws 44B, 45);
    the rest of the play cannot be trusted. The replay stops there.
    Example: West leads the ace of spades, which North holds.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        SA H8 H5 H2

    Use instead: each card in its holder's column.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2

    References: Laws 44B, 45; PBN §3.6.
    """

    code, name, severity, law = "P102", "card-not-held", "error", "Law 44B"
    kinds = (NOT_HELD, PLAY_ORDER)

    @classmethod
    def may_follow(cls, finding: Finding) -> bool:
        """A card held by another player, or cards in other players' columns, may follow from a fouled deal
        (E101); a card played twice does not, whatever the deal."""
        return _PLAYED not in finding.message

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        card, seat = irregularity.item, irregularity.seat
        if irregularity.kind == PLAY_ORDER:
            tricks = irregularity.tricks
            how = ("in play order, each from its leader" if irregularity.why == Why.IN_PLAY_ORDER
                   else "with cards in other players' columns")
            return (f"trick{'s' if len(tricks) > 1 else ''} {', '.join(map(str, tricks))} written {how}: PBN keeps "
                    f"each player's cards in one column, in the same seat order on every line ({_name(seat)} "
                    "first, from the Play tag); each card was given to the player who holds it")
        name = card.suit + card.rank
        if irregularity.why == Why.PLAYED:
            return f"{_name(seat)} plays {name}{_PLAYED}{irregularity.trick}"
        holder = irregularity.other
        return f"{_name(seat)} plays {name}, but {f'{_name(holder)} holds it' if holder else 'the deal does not show it'}"


class Revoke(_IllegalCard):
    """Revoke.

    What it does: reports a player who did not follow suit while holding the
    suit led, when the card is not marked `^R`. A marked revoke is info.
    Why it matters: an unmarked revoke is almost always a typing error; a real
    one is established (Law 63) and may move tricks (Law 64).
    Example: North holds hearts but discards a diamond.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA D7 H5 H2

    Use instead: the card actually played,

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2

    or, for a real revoke, the mark `^R`:

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA ^R D7 H5 H2

    References: Laws 44C, 61-64; PBN §3.9.
    """

    code, name, severity, law = "P103", "revoke", "error", "Laws 44C, 61"
    needs_a_person = True  # no fix: the game is left as it is by --fix
    severity_when = "info when marked ^R"
    kinds = (REVOKE,)

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        card, led = irregularity.item, _suit(irregularity)
        name, seat = card.suit + card.rank, _name(irregularity.seat)
        if irregularity.marked:
            return f"{seat} revoked: {name} on a {led} lead while holding {led}s (marked ^R)"
        return f"revoke: {seat} plays {name} on a {led} lead while holding {led}s, and no ^R marks it"


class WrongLeader(_IllegalCard):
    """Wrong leader.

    What it does: reports an opening lead that is not by declarer's
    left-hand opponent (or a PBN Play seat that says so), and in LIN a trick led
    by another player than the winner of the last one, when no `^L` marks the
    lead out of turn. A marked one is info. The replay goes on from the actual
    leader.
    Why it matters: a lead out of turn is legal only when accepted (Laws 53,
    54); usually the Declarer or the Play seat is wrong.
    Example: South declares, but the play starts with North.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "N"]
        SA S8 S5 S2

    Use instead: declarer's left-hand opponent on lead (or `^L` on a lead out of turn).

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2

    References: Laws 41A, 44G, 53, 54; PBN §3.6, §3.9.
    """

    code, name, severity, law = "P104", "wrong-leader", "error", "Laws 41A, 44G"
    severity_when = "info when marked ^L"
    kinds = (WRONG_LEADER,)

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        why, seat, leader = irregularity.why, _name(irregularity.seat), _name(irregularity.other)
        if irregularity.marked:
            return f"{seat} led out of turn, {leader} was on lead (marked ^L: accepted)"
        if why == Why.LAST_TRICK:
            return f"{seat} leads {irregularity.item.card}, but {leader} won the last trick"
        if why == Why.OPENING:
            return f"the opening lead {irregularity.item.card} is {seat}'s, but {leader} is declarer's left-hand opponent"
        columns = f", and the cards are written in columns from {leader}" if why == Why.TURNED else ""
        return f"the Play seat makes {seat} the opening leader, but {leader} is declarer's left-hand opponent{columns}"


class PlayAfterEnd(_IllegalCard):
    """Play after the end.

    What it does: reports a card after `*` or `+`, after a LIN claim, in a
    14th trick, or on a passed-out board.
    Why it matters: the play ends with the 13th trick or a claim (Law 68D);
    what follows was not played.
    Example:

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2
        * HK

    Use instead: the play ended where it ended.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2
        *

    References: Laws 22B, 44, 68D; PBN §3.6.
    """

    code, name, severity, law = "P105", "play-after-end", "error", "Laws 44, 68D"
    kinds = (AFTER_END,)

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        why, token = irregularity.why, irregularity.item
        if why == Why.PASSED_OUT:
            return "play on a passed-out board, which has none"
        if why == Why.FOURTEENTH:
            return "a 14th trick: a deal has 13"
        if why == Why.CLAIMED:
            return f"{_token(token)} after the claim (mc), which ends the play"
        if token.kind == END and why == Why.GOES_ON:
            return "'*' after '+': '+' says the play goes on later, '*' that nothing more is given; write one of them"
        ends = "nothing more is given" if why == Why.RECORD_ENDED else "the rest of the play comes later"
        return f"{_token(token)} after '{irregularity.earlier}', which says {ends}"


class ImpossibleClaim(Rule):
    """Impossible claim.

    What it does: checks a LIN claim `mc|n|` (declarer's side's total tricks)
    against the play: at least the tricks that side has already won, at most
    those plus the tricks still to play (a trick in progress counts as to play).
    Why it matters: a claim can only be about the tricks left (Laws 68, 69).
    Example: West won the first trick, yet the claim gives North-South all 13.

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|H7|pc|H2|pc|HA|pc|HT|mc|13|

    Use instead: a claim of at most the 12 tricks left.

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o|mb|1N|mb|p|mb|p|mb|p|pc|H7|pc|H2|pc|HA|pc|HT|mc|8|

    References: Laws 68, 69, 79.
    """

    code, name, severity, law = "P106", "impossible-claim", "error", "Laws 68, 69"
    needs = CLAIM

    def check(self, ctx: Context) -> Iterator[Finding]:
        claim = ctx.record.play.claim if ctx.record.play is not None else None
        result = ctx.play
        if claim is None or claim.value is None or result is None:
            return  # a claim that is no number is malformed LIN (S120, found while reading)
        bounds = result.declarer_range()
        if not 0 <= claim.value <= 13:
            yield self.finding(f"claim mc|{claim.raw}| is not a number of tricks 0-13",
                               claim.line, claim.column)
        elif bounds is not None and not bounds[0] <= claim.value <= bounds[1]:
            won, most = bounds
            if won == most:
                yield self.finding(f"claim of {claim.value} tricks, but all 13 tricks were played and declarer's "
                                   f"side won {won}: the claim must be {won}", claim.line, claim.column)
                return
            yield self.finding(f"claim of {claim.value} tricks, but declarer's side has won {won} with "
                               f"{most - won} to play: the claim must lie in {won}-{most}",
                               claim.line, claim.column)


class MisfitPlayMark(Rule):
    """A play irregularity mark that does not fit.

    What it does: warns on `^R` before a card that is no revoke and `^L` before
    the card of the player who was on lead.
    Why it matters: a mark claims an irregularity that did not happen.
    Example: `^R` on a card that follows suit.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA ^R H8 H5 H2

    Use instead:

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Play "W"]
        HA H8 H5 H2

    References: PBN §3.9.
    """

    code, name, severity, law = "P107", "misfit-play-mark", "warning", "PBN §3.9"
    needs = PLAY_REMARKS

    reads = frozenset((Kind.UNKNOWN_PLAY_MARK, Kind.DANGLING_PLAY_MARK))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """P107 at a mark of a play section that is none, or that marks nothing."""
        if problem.kind is Kind.UNKNOWN_PLAY_MARK:
            (text,) = problem.facts
            yield cls.finding(f"'{text}' is no play irregularity mark: ^R and ^L only", problem.line, problem.column)
        else:
            yield dangling(cls, problem)

    def check(self, ctx: Context) -> Iterator[Finding]:
        if ctx.play is not None:
            yield from self.misfit_marks(ctx.play.misfit_marks, self.message)

    @staticmethod
    def message(irregularity: Irregularity[Card]) -> str:
        """^L or ^R on a card that is no lead out of turn or no revoke."""
        why = irregularity.why
        if why == Why.LEAD_MARKED:
            return "^L marks the lead of this trick, but another card of it has ^L already"
        if why == Why.IN_TURN:
            return f"^L marks a lead out of turn, but {_name(irregularity.other)} was on lead"
        did = "followed suit" if why == Why.FOLLOWED else f"had no {_suit(irregularity)}s"
        return f"^R marks a revoke, but {_name(irregularity.seat)} {did}"


class UnaccountedPlay(Rule):
    """The play stops early and nothing says why.

    What it does: warns on a play that stops before 13 tricks with no `*` or
    `+` (PBN) and no claim (LIN `mc`) that accounts for the rest. The Result
    is then compared only with what the tricks played allow (C105 when it lies
    outside: declarer's side cannot end with fewer than it has won, nor more than
    that and the tricks left).
    Why it matters: a record that just stops may have lost its last tricks, or
    the players claimed and the record does not say so; the Result cannot be
    checked exactly either way.
    Example: one trick, then nothing.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "9"]
        [Play "W"]
        HA H8 H5 H2

    Use instead: `*` after the last card when the rest was claimed (or the other tricks).

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Declarer "S"]
        [Contract "3NT"]
        [Result "9"]
        [Play "W"]
        HA H8 H5 H2
        *

    References: PBN §3.6; Laws 68, 79.
    """

    code, name, severity, law = "P108", "unaccounted-play", "warning", "PBN §3.6"
    lin_law = "LIN mc"
    needs = PLAY_REMARKS

    def check(self, ctx: Context) -> Iterator[Finding]:
        result = ctx.play
        if result is None or not result.unaccounted:
            return
        play = ctx.record.play
        if play is None:
            return
        line, column = play.last_place()
        unchecked = " the Result is checked only against the tricks played;" if ctx.record.result is not None else ""
        if ctx.record.model == "lin":
            yield self.finding(f"the play ends at trick {result.rows} with no claim:{unchecked} LIN records a claim "
                               "of the rest with mc|n| (n: declarer's tricks in all)", line, column,
                               law=self.lin_law)
            return
        yield self.finding(f"the play ends at trick {result.rows} with no '*', '+' or claim:{unchecked} PBN ends "
                           "a play that stops early with '*'", line, column)


SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def _suit(irregularity: Irregularity[Card]) -> str:
    """The name of the suit led, which a revoke and a ^R always have."""
    assert irregularity.suit is not None
    return SUIT_NAMES[irregularity.suit]


def _name(seat: str | None) -> str:
    return SEAT_NAMES.get(seat, "?") if seat else "?"


def _token(card: Card) -> str:
    """A card as players write it (SK), any other token quoted."""
    return card.card if card.kind == CARD else f"'{card.token}'"
