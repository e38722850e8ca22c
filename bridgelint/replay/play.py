"""Play replay under Laws 41, 44, 53-54, 61-64 and 68-69.

``replay_play`` walks the tricks against the deal: who is on lead, whether
each card is held, whether suit was followed, who won.  PBN writes each trick
in seat columns from the Play seat (PBN §3.6); LIN writes cards in play order.
The replay stops at the first unmarked illegal card (one root cause, one
finding); marked irregularities (``^R``, ``^L``) are legal by record and the
replay goes through them.  A wrong opening leader is reported and the play
goes on from the actual leader (Law 53A).  A trick with unknown cards (``-``,
a claim written as ``- - - -``) ends the counting: later known cards are
still checked against the hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bridge import SEAT_NAMES, SEATS, Contract, card_beats, seat_after, side
from ..model import CONTINUE, END, INVALID, Card, Deal, Play, Record

CARD, UNKNOWN = "card", "unknown"  # Card kinds besides end, continue, invalid

# Irregularity kinds.
NOT_A_CARD = "not-a-card"
NOT_HELD = "not-held"  # Law 44B
PLAY_ORDER = "play-order"  # PBN rows written in play order, not seat columns
REVOKE = "revoke"  # Laws 44C, 61
WRONG_LEADER = "wrong-leader"  # Laws 41A, 44G
AFTER_END = "after-end"
BAD_MARK = "bad-mark"

SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@dataclass(slots=True)
class Irregularity:
    kind: str
    card: Card
    message: str
    marked: bool = False  # a PBN mark (^R, ^L) records it: legal by record
    offender: str | None = None  # the seat that revoked


@dataclass(slots=True)
class Trick:
    leader: str
    cards: list[tuple[str, Card]]  # in play order
    winner: str


@dataclass(slots=True)
class PlayReplay:
    """What the replay of one play found."""

    declarer: str | None = None
    tricks: list[Trick] = field(default_factory=list)  # the completed tricks, known cards only
    won: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    illegal: Irregularity | None = None  # the first unmarked illegal card: the replay stopped there
    wrong_leader: Irregularity | None = None  # the first unmarked wrong leader: the replay went on
    condoned: list[Irregularity] = field(default_factory=list)  # marked and right
    misfit_marks: list[Irregularity] = field(default_factory=list)  # marked, nothing to mark
    unfinished: Card | None = None  # a PBN '+': the next card is still to come

    @property
    def stopped(self) -> bool:
        """The replay stopped at an illegal card: the trick counts say nothing."""
        return self.illegal is not None and self.illegal.kind != PLAY_ORDER

    @property
    def complete(self) -> bool:
        return len(self.tricks) == 13

    def declarer_range(self) -> tuple[int, int] | None:
        """(won, won + left): the tricks declarer's side can end with (Laws 68D, 69)."""
        if self.declarer is None or self.stopped:
            return None
        won = self.won[side(self.declarer)]
        return won, won + 13 - len(self.tricks)


def declared(record: Record, auction) -> tuple[Contract | None, str | None]:
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
    return contract, declarer or tag_seat


def replay_play(play: Play, deal: Deal | None, contract: Contract | None, declarer: str | None) -> PlayReplay:
    """Replay ``play`` of ``contract`` by ``declarer`` on ``deal`` (each may be None: unknown)."""
    out = PlayReplay(declarer=declarer)
    invalid = next((c for c in play.cards if c.kind == INVALID), None)
    if contract is None or (contract.passed_out and not contract.denomination):
        if invalid is not None:
            out.illegal = Irregularity(NOT_A_CARD, invalid, f"'{invalid.token}' is not a card")
        elif contract is not None and play.cards and play.cards[0].kind != END:
            out.illegal = Irregularity(AFTER_END, play.cards[0], "play on a passed-out board: there is none")
        return out
    leader = seat_after(declarer) if declarer else play.seat
    replay = _Replay(out, deal, None if contract.denomination == "NT" else contract.denomination, leader, play)
    if play.by_seat:
        replay.by_seat(play)
        if out.illegal is not None and out.illegal.kind in (NOT_HELD, REVOKE):
            return _try_play_order(play, deal, contract, declarer, out)
    else:
        replay.in_play_order(play.cards)
    return out


def _try_play_order(play: Play, deal, contract: Contract, declarer, failed: PlayReplay) -> PlayReplay:
    """A PBN play that fails in seat columns but replays in play order: one finding for it."""
    if any(c.mark for c in play.cards):
        return failed
    trial = PlayReplay(declarer=declarer)
    leader = seat_after(declarer) if declarer else play.seat
    replay = _Replay(trial, deal, None if contract.denomination == "NT" else contract.denomination, leader, play)
    replay.in_play_order(play.cards)
    if trial.illegal is not None or trial.wrong_leader is not None or not trial.tricks:
        return failed
    trial.illegal = Irregularity(
        PLAY_ORDER, failed.illegal.card,
        "the cards are written in play order, each trick from its leader; PBN §3.6 wants seat columns "
        f"from the Play seat ({failed.illegal.message} when read that way)")
    return trial


class _Replay:
    """The state of one replay: hands left, cards played, who is on lead."""

    def __init__(self, out: PlayReplay, deal: Deal | None, trump: str | None, leader: str | None, play: Play):
        self.out = out
        self.trump = trump
        self.leader = leader
        self.tracking = True  # False once a trick is not fully known
        self.after: Card | None = None  # the '*' or '+' that ends the record of the play
        self.played: dict[str, int] = {}  # card -> trick number
        self.claim = (play.claim.line, play.claim.column) if play.claim is not None else None
        hands = deal.hands if deal is not None else {}
        self.hands = {seat: set(hands[seat]) if hands.get(seat) is not None else None for seat in SEATS}
        self.holder = {card: seat for seat, hand in self.hands.items() if hand for card in hand}

    # --- the two layouts ---------------------------------------------------

    def by_seat(self, play: Play) -> None:
        """PBN: rows of four seat columns; each row is one trick."""
        row: list[Card] = []
        for card in play.cards:
            if card.kind == END:
                if not self.end(card):
                    return
                continue
            row.append(card)
            if len(row) == 4:
                if not self.seat_row(row):
                    return
                row = []
        if row:
            self.seat_row(row)

    def in_play_order(self, cards: list[Card]) -> None:
        """LIN (and PBN rows written in play order): four cards a trick, from its leader."""
        trick: list[Card] = []
        for card in cards:
            if card.kind == END:
                if not self.end(card):
                    return
                continue
            trick.append(card)
            if len(trick) == 4:
                if not self.order_row(trick):
                    return
                trick = []
        if trick:
            self.order_row(trick)

    def end(self, card: Card) -> bool:
        """A '*': the play record ends here."""
        if self.after is not None:
            return self.stop(AFTER_END, card, f"'*' after '{self.after.token}', which already ends the play")
        self.after = card
        return True

    def seat_row(self, row: list[Card]) -> bool:
        by_seat = {card.seat: card for card in row}
        leader = self.leader
        marked = [card for card in row if card.mark == "L"]
        if marked and leader is not None:
            for card in marked[1:]:
                self.misfit(card, "^L marks the lead of this trick, but another card already has it")
            actual = marked[0].seat
            if actual == leader:
                self.misfit(marked[0], f"^L marks a lead out of turn, but {_name(leader)} was on lead")
            else:
                self.out.condoned.append(Irregularity(
                    WRONG_LEADER, marked[0], f"{_name(actual)} led out of turn: {_name(leader)} was on lead"
                    " (marked ^L, accepted)", True))
                leader = actual
        elif not self.out.tricks and leader is not None and row[0].seat != leader and self.tracking:
            self.wrong_leader(row[0], f"the Play seat makes {_name(row[0].seat)} the opening leader, but "
                                      f"{_name(leader)} is declarer's left-hand opponent")
            leader = row[0].seat
        if leader is None:
            leader = row[0].seat
        return self.trick(leader, [(seat_after(leader, i), by_seat.get(seat_after(leader, i))) for i in range(4)])

    def order_row(self, cards: list[Card]) -> bool:
        leader = self.leader
        first = cards[0]
        holder = self.holder.get(first.card) if first.kind == CARD else None
        if (leader is not None and self.tracking and holder is not None and holder != leader
                and first.card in self.hands[holder] and first.card not in self.played):
            if self.out.tricks:
                message = f"{_name(holder)} led {first.card}, but {_name(leader)} won the last trick"
            else:
                message = f"the opening lead {first.card} is {_name(holder)}'s, but {_name(leader)} is declarer's " \
                          "left-hand opponent"
            self.wrong_leader(first, message)
            leader = holder
        if leader is None:
            leader = holder
            if leader is None:
                return self.trick_unknown([(None, card) for card in cards])
        return self.trick(leader, [(seat_after(leader, i), card) for i, card in enumerate(cards)])

    # --- one trick ---------------------------------------------------------

    def trick(self, leader: str, cards: list[tuple[str, Card | None]]) -> bool:
        """Play one trick in play order; False when the replay stops."""
        if len(self.out.tricks) >= 13 and self.tracking:
            first = next(card for _, card in cards if card is not None)
            return self.stop(AFTER_END, first, "a 14th trick: a deal has 13")
        if not self.tracking or any(card is None or card.kind != CARD for _, card in cards):
            return self.trick_unknown(cards, leader)
        led = cards[0][1].suit
        for seat, card in cards:
            if not self.legal(seat, card, led):
                return False
        best_seat, best = cards[0][0], cards[0][1].card
        for seat, card in cards[1:]:
            if card_beats(card.card, best, led, self.trump):
                best_seat, best = seat, card.card
        self.out.tricks.append(Trick(leader, cards, best_seat))
        self.out.won[side(best_seat)] += 1
        self.leader = best_seat
        return True

    def trick_unknown(self, cards: list[tuple[str | None, Card | None]], leader: str | None = None) -> bool:
        """A trick with unknown cards: check what is known, and stop counting."""
        led = None
        for i, (seat, card) in enumerate(cards):
            if card is None or card.kind == UNKNOWN:
                led = led if i else ""
                continue
            if card.kind == CONTINUE:
                if self.after is not None:
                    return self.stop(AFTER_END, card, f"'+' after '{self.after.token}', which already ends the play")
                self.after = self.out.unfinished = card
                led = led if i else ""
                continue
            if card.kind == INVALID:
                return self.stop(NOT_A_CARD, card, f"'{card.token}' is not a card")
            if self.after is not None:
                return self.stop(AFTER_END, card, f"{card.card} after '{self.after.token}', which ends the play")
            if seat is not None and not self.legal(seat, card, led if self.tracking and led else None):
                return False
            if i == 0 and seat == leader:
                led = card.suit
        self.tracking = False
        return True

    def legal(self, seat: str, card: Card, led: str | None) -> bool:
        """Check one card of a trick and take it from the hand; False when the replay stops."""
        if card.kind == INVALID:
            return self.stop(NOT_A_CARD, card, f"'{card.token}' is not a card")
        if self.claim is not None and (card.line, card.column) > self.claim:
            return self.stop(AFTER_END, card, f"{card.card} after the claim, which ends the play")
        if self.after is not None:
            return self.stop(AFTER_END, card, f"{card.card} after '{self.after.token}', which ends the play")
        name = card.card
        hand = self.hands[seat]
        if name in self.played:
            return self.stop(NOT_HELD, card, f"{_name(seat)} plays {name}, already played to trick {self.played[name]}")
        if hand is not None and name not in hand:
            owner = self.holder.get(name)
            where = f"{_name(owner)} holds it" if owner else "the deal does not show it"
            return self.stop(NOT_HELD, card, f"{_name(seat)} plays {name}, but {where}")
        if hand is None and self.holder.get(name) not in (None, seat):
            return self.stop(NOT_HELD, card, f"{_name(seat)} plays {name}, but {_name(self.holder[name])} holds it")
        revoke = (led is not None and card.suit != led and hand is not None
                  and any(c[0] == led for c in hand))
        if card.mark == "R":
            if revoke:
                self.out.condoned.append(Irregularity(
                    REVOKE, card, f"{_name(seat)} revoked: {name} on a {SUIT_NAMES[led]} lead while holding "
                    f"{SUIT_NAMES[led]}s (marked ^R)", True, seat))
            else:
                self.misfit(card, f"^R marks a revoke, but {_name(seat)} could not follow suit or did")
        elif revoke:
            return self.stop(REVOKE, card, f"revoke: {_name(seat)} plays {name} on a {SUIT_NAMES[led]} lead while "
                                           f"holding {SUIT_NAMES[led]}s, and no ^R", seat)
        if hand is not None:
            hand.discard(name)
        self.played[name] = len(self.out.tricks) + 1
        return True

    # --- findings ------------------------------------------------------------

    def stop(self, kind: str, card: Card, message: str, offender: str | None = None) -> bool:
        self.out.illegal = Irregularity(kind, card, message, offender=offender)
        return False

    def wrong_leader(self, card: Card, message: str) -> None:
        if self.out.wrong_leader is None:
            self.out.wrong_leader = Irregularity(WRONG_LEADER, card, message)

    def misfit(self, card: Card, message: str) -> None:
        self.out.misfit_marks.append(Irregularity(BAD_MARK, card, message))


def _name(seat: str | None) -> str:
    return SEAT_NAMES.get(seat, "?") if seat else "?"
