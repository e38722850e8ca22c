"""D — deal rules (Laws 1 and 6)."""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from ..core import bridge
from ..core.findings import Edit, Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tokens import END
from ..core.wording import counted
from .base import Context, Rule
from .board import omits_board_header
from .edits import value_edit
from .parts import DEAL
from .syntax import BadInheritance


class NoDeal(Rule):
    """No deal.

    What it does: warns when a board has no deal; an error when a play must be
    replayed against it. A game with `[Deal ""]` and no auction or play that
    holds the event's standings (a TotalScoreTable, or a ScoreTable of matches
    without a Contract column) is no board; a `#` that inherits no deal is
    S110 alone; a traveller whose board the run's hand record deals
    (`--hand-record`) has its deal there.
    Why it matters: without the hands nothing about the play can be checked.
    Example:

        [Board "1"]

    Use instead: the deal in every game (`#` cannot inherit it).

        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    References: Law 6, PBN §3.4.11.
    """

    code, name, severity, law = "D101", "no-deal", "warning", "Law 6"
    severity_when = "error when a play needs it"

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        if record.deal_field is not None or not (record.board or record.auction or record.play):
            return
        if omits_board_header(record):  # B108 says what is missing
            return
        if any(p.kind is Kind.UNCLOSED_COMMENT for p in record.problems):
            return  # an unclosed '{' swallowed the rest of the file, the Deal with it
        tag = record.tag("Deal")
        if tag is not None and any(p.kind in BadInheritance.reads and (p.line, p.column) == (tag.line, tag.column)
                                   for p in record.problems):
            return  # a '#' that inherits no deal: S110 says so, once
        if record.auction is None and record.play is None and is_summary(record):
            return  # the event's standings, not a board
        if ctx.hand_deal is not None:
            return  # a traveller whose board the hand record deals (--hand-record): the V rules check against it
        if record.play is not None and any(card.kind != END for card in record.play.cards):
            yield self.finding("no deal: the play cannot be replayed", record.play.line, record.play.column,
                               severity="error")
        else:
            line, column = (tag.line, tag.column) if tag else (record.line, record.column)
            yield self.finding("no deal", line, column)


def is_summary(record: Record) -> bool:
    """A game that holds the event's standings, not a board: ``[Deal ""]`` and a TotalScoreTable, or a
    ScoreTable of matches (without a Contract column), as scoring programs write a teams summary."""
    tag = record.tag("Deal")
    if tag is None or tag.value.strip():
        return False
    if "TotalScoreTable" in record.tables:
        return True
    table = record.tables.get("ScoreTable")
    return table is not None and not any(column.name == "Contract" for column in table.columns)


class MalformedDeal(Rule):
    """Deal malformed.

    What it does: reports a deal that cannot be read: a bad first seat, other
    than four hands, other than four suits, characters that are not ranks.
    Why it matters: the hands are unknown to every check that follows.
    Example: a ten written `10`.

        [Deal "N:AKQJ.1098.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    Use instead: seat, colon, four hands S.H.D.C, ranks AKQJT98765432.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    References: PBN §3.4.11, LIN `md`.
    """

    code, name, severity, law = "D102", "malformed-deal", "error", "PBN §3.4.11"
    stage = "game"
    fixable = "safe"  # hands separated by single spaces (the other defects need a person)
    lin_law = "LIN md"
    reads = frozenset((Kind.DEAL_NO_SEAT, Kind.DEAL_HAND_COUNT, Kind.DEAL_SPACING, Kind.DEAL_NO_HAND,
                       Kind.DEAL_SUIT_COUNT, Kind.DEAL_NOT_RANK,
                       Kind.LIN_MD_LAST_COMMA, Kind.LIN_MD_HANDS, Kind.LIN_MD_HAND))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """The finding where a Deal or md value stopped parsing; Deal hands not apart by single spaces are
        mended."""
        kind, facts = problem.kind, problem.facts
        if kind in _LIN_DEAL:
            yield cls.finding(_lin_deal(kind, facts), problem.line, problem.column, law=cls.lin_law)
            return
        edits: list[Edit] | None = None
        if kind is Kind.DEAL_NO_SEAT:
            said = f"\"{facts[0][:12]}\" does not start with a seat and ':'"
        elif kind is Kind.DEAL_HAND_COUNT:
            said = f"{facts[0]} hands where 4 are due"
        elif kind is Kind.DEAL_SPACING:
            tag, spaced = facts
            said = "hands must be separated by single spaces"
            edit = value_edit(tag, spaced)
            edits = None if edit is None else [edit]
        elif kind is Kind.DEAL_NO_HAND:
            said = "no hand is given"
        elif kind is Kind.DEAL_SUIT_COUNT:
            seat, hand, count = facts
            said = f"{bridge.SEAT_NAMES[seat]}'s hand \"{hand}\" has {count} suits where 4 are due"
        else:  # DEAL_NOT_RANK
            char, seat = facts
            said = f"'{char}' in {bridge.SEAT_NAMES[seat]}'s hand is not a rank"
        yield cls.finding(f"Deal malformed: {said}", problem.line, problem.column, edits=edits)


_LIN_DEAL = frozenset((Kind.LIN_MD_LAST_COMMA, Kind.LIN_MD_HANDS, Kind.LIN_MD_HAND))


def _lin_deal(kind: Kind, facts: tuple) -> str:
    """What is wrong with an md value, in words."""
    if kind is Kind.LIN_MD_LAST_COMMA:
        return "md has a comma after the fourth hand"
    if kind is Kind.LIN_MD_HANDS:
        return f"md has {counted(facts[0], 'hand')}: 3 or 4 (South, West, North, East) expected"
    seat, text, char, before_suit = facts
    what = ("the cards before a suit letter: each suit is its letter (S, H, D, C) and then its ranks"
            if before_suit else f"'{char}' where a suit letter (S, H, D, C) or a rank should be")
    return f"md: {bridge.SEAT_NAMES[seat]}'s hand \"{text}\" has {what}"


class HandSize(Rule):
    """A hand does not hold 13 cards.

    What it does: reports a hand of other than 13 cards, unless the hand is not
    given (`-`); in an end position (every hand short) the hands must hold
    equally many cards.
    Why it matters: a 51-card deal or a 14-card hand cannot have been played
    (Laws 1, 6B).
    Example: North with 14 cards and East with 12.

        [Deal "N:AKQJT.T98.765.432 98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    Use instead: 13 cards in every hand.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    References: Laws 1, 6B.
    """

    code, name, severity, law = "D103", "hand-size", "error", "Law 6B"
    needs = DEAL

    def check(self, ctx: Context) -> Iterator[Finding]:
        deal = ctx.record.deal
        if deal is None or {len(hand) for hand in deal.hands.values() if hand is not None} <= {13}:
            return  # the usual deal: every hand given holds 13 cards
        known = {seat: hand for seat, hand in deal.hands.items() if hand is not None}
        if known and all(len(hand) < 13 for hand in known.values()):  # an end position (PBN §3.10)
            sizes = Counter(len(hand) for hand in known.values())
            usual = max(sizes, key=lambda size: (sizes[size], -size))
            for seat in bridge.SEATS:
                hand = known.get(seat)
                if hand is not None and len(hand) != usual:
                    yield self.finding(f"{bridge.SEAT_NAMES[seat]} holds {len(hand)} cards, the other hands of "
                                       f"this end position {usual}", *deal.where(seat))
            return
        for seat in bridge.SEATS:
            hand = known.get(seat)
            if hand is not None and len(hand) != 13:
                yield self.finding(f"{bridge.SEAT_NAMES[seat]} holds {len(hand)} cards, not 13",
                                   *deal.where(seat))


class DuplicateCard(Rule):
    """A card is dealt twice.

    What it does: reports every card that appears in more than one place in the deal.
    Why it matters: the pack has 52 different cards (Law 1); a duplicate means
    another card is missing.
    Example: the king of spades in North's and East's hands (and the ten in none).

        [Deal "N:AKQJ.T98.765.432 K98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    Use instead: each card once.

        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    References: Law 1.
    """

    code, name, severity, law = "D104", "duplicate-card", "error", "Law 1"
    needs_a_person = True  # no fix: the game is left as it is by --fix
    needs = DEAL

    def check(self, ctx: Context) -> Iterator[Finding]:
        deal = ctx.record.deal
        if deal is None:
            return
        for card in deal.held.twice:  # none in the usual deal
            holders = sorted((seat for seat, hand in deal.hands.items() if hand and card in hand),
                             key=lambda seat: deal.where(seat)[1])
            names = " and ".join(bridge.SEAT_NAMES[seat] for seat in holders) if len(holders) > 1 else \
                f"{bridge.SEAT_NAMES[holders[0]]} twice"
            yield self.finding(f"{card} is dealt to {names}", *deal.where(holders[-1]))

