"""The play replay under Laws 41, 44, 53-54, 61-64 and 68-69, for any play: the general replay.

It walks the tricks against the deal: who is on lead, whether each card is
held, whether suit was followed, who won.  PBN writes each trick in seat
columns from the Play seat (PBN §3.6); LIN writes cards in play order.  The
replay stops at the first unmarked illegal card (one root cause, one finding);
marked irregularities (``^R``, ``^L``) are legal by record and the replay goes
through them.  A revoke, marked or not, is established once play goes on (Law
63): the cards are played as written and the tricks won as usual, and
``revoke_transfer`` says what Law 64A may move at the end.  Two real-world
faults are reported once and replayed through: a wrong opening leader (the play
goes on from the actual leader, Law 53A) and PBN tricks written out of their
seat columns, in play order for instance (the cards go to their holders).  A
trick with unknown cards (``-``, a claim written as ``- - - -``) ends the
counting; later known cards are still checked against the hands.  Every card is
also placed in a seat (``seating``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Callable, Sequence

from ..core.bridge import SEATS, Contract, seat_after, side, trick_winner
from ..core.record import Deal, Play
from ..core.tokens import CARD, CONTINUE, END, INVALID, UNKNOWN, Card
from .irregularity import AFTER_END, BAD_MARK, NOT_A_CARD, NOT_HELD, PLAY_ORDER, REVOKE, WRONG_LEADER, Irregularity, Why
from .seating import OFFSET, ROTATION, Placed, Seating, Trick

SIDE = {seat: side(seat) for seat in SEATS}


@dataclass(slots=True)
class PlayReplay:
    """What the replay of one play found."""

    declarer: str | None = None
    dealt: bool = False  # the cards were checked against a deal: the trick counts can be trusted
    tricks: list[Trick] = field(default_factory=list)  # the completed tricks, known cards only
    won: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    illegal: Irregularity[Card] | None = None  # the first unmarked illegal card: the replay stopped there
    revokes: list[Irregularity[Card]] = field(default_factory=list)  # unmarked revokes: established, the replay went on
    wrong_leader: Irregularity[Card] | None = None  # the first unmarked wrong leader: the replay went on
    misplaced: Irregularity[Card] | None = None  # PBN tricks not in seat columns: replayed by the cards' holders
    condoned: list[Irregularity[Card]] = field(default_factory=list)  # marked and right
    misfit_marks: list[Irregularity[Card]] = field(default_factory=list)  # marked, nothing to mark
    rows: int = 0  # tricks written, known or not ('- - - -' rows count)
    end: Card | None = None  # the '*' or '+' that ends the record of the play
    claimed: bool = False  # a LIN claim (mc) ends the play
    _placed: list[Placed] = field(default_factory=list, compare=False)  # the rows after ``tricks`` placed so far
    _place_rest: Callable[[], None] | None = field(default=None, compare=False, repr=False)  # places the others

    def seated(self) -> list[Trick | Placed]:
        """Every row the replay can place in seats, in play order: the counted tricks, then the placed rows."""
        if self._place_rest is not None:
            place, self._place_rest = self._place_rest, None
            place()
        return [*self.tricks, *self._placed]

    @property
    def stopped(self) -> bool:
        """The replay stopped at an illegal card: the trick counts say nothing."""
        return self.illegal is not None

    @property
    def complete(self) -> bool:
        return len(self.tricks) == 13

    def declarer_range(self) -> tuple[int, int] | None:
        """(won, won + left): the tricks declarer's side can end with (Laws 68D, 69)."""
        if self.declarer is None or self.stopped or not self.dealt:
            return None
        won = self.won[side(self.declarer)]
        return won, won + 13 - len(self.tricks)

    @property
    def unaccounted(self) -> bool:
        """The play stops before 13 tricks and nothing says why: no '*', '+' or claim (P108)."""
        return (self.declarer is not None and self.dealt and not self.stopped and self.rows < 13
                and self.end is None and not self.claimed and self.rows > 0)

    @property
    def remarks(self) -> bool:
        """Whether the replay found anything the P rules report: an illegal, misplaced or marked card, a wrong
        leader, a revoke, a mark that fits nothing, a play that stops with nothing to say why.  A clean play, the
        usual case, has none."""
        return (self.illegal is not None or self.wrong_leader is not None or self.misplaced is not None
                or bool(self.revokes) or bool(self.condoned) or bool(self.misfit_marks) or self.unaccounted)


def revoke_transfer(play: PlayReplay) -> dict[str, int]:
    """The most tricks Law 64A transfers to each side for the play's revokes (marked or not).

    64A1: the offender won the revoke trick: that trick and one more if the
    offending side won a later trick; 64A2: otherwise one trick if the
    offending side won the revoke trick or a later one.  No transfer (64B) for
    a revoke on trick 12, a second revoke in the same suit by the same player,
    a revoke by dummy, or when both sides revoked.  Tricks not in the record (a
    claim) count as possibly won by the offending side.
    """
    transfer = {"NS": 0, "EW": 0}
    revokes = sorted(((r.trick, r.seat) for r in (*play.revokes, *play.condoned)
                      if r.kind == REVOKE and r.seat is not None), key=lambda revoke: revoke[0])
    if not revokes or len({SIDE[offender] for _, offender in revokes}) > 1:
        return transfer
    dummy = seat_after(play.declarer, 2) if play.declarer else None
    seen: set[tuple[str, str | None]] = set()  # (offender, suit led); the suit is None in a trick left unfinished
    for number, offender in revokes:
        led = _led_suit(play, number)
        first_in_suit = (offender, led) not in seen
        seen.add((offender, led))
        if number == 12 or offender == dummy or not first_in_suit:
            continue
        offending = SIDE[offender]
        later = sum(SIDE[t.winner] == offending for t in play.tricks[number:]) + 13 - len(play.tricks)
        winner = play.tricks[number - 1].winner if number <= len(play.tricks) else None
        if winner == offender:
            moved = 1 + (later > 0)
        else:
            moved = int(winner is None or SIDE[winner] == offending or later > 0)
        transfer["NS" if offending == "EW" else "EW"] += moved
    return transfer


def _led_suit(play: PlayReplay, number: int) -> str | None:
    return play.tricks[number - 1].cards[0][1].suit if number <= len(play.tricks) else None



def replay_general(play: Play, deal: Deal | None, trump: str | None, declarer: str | None) -> PlayReplay:
    out = PlayReplay(declarer=declarer, dealt=deal is not None)
    replay = _Replay(out, deal, trump, seat_after(declarer) if declarer else play.seat, play)
    replay.rows_of_four(play.cards, replay.seat_row if play.by_seat else replay.order_row)
    out.rows, out.end, out.claimed = replay.rows, replay.after, replay.claim is not None
    if replay.misplaced and not replay.turned:
        in_order = all(in_order for _, _, in_order in replay.misplaced)
        out.misplaced = Irregularity(PLAY_ORDER, replay.misplaced[0][1], why=Why.IN_PLAY_ORDER if in_order else "",
                                     seat=play.seat, tricks=tuple(n for n, _, _ in replay.misplaced), law="PBN §3.6")
    return out

def replay_without_contract(play: Play, deal: Deal | None, contract: Contract | None,
                            declarer: str | None) -> PlayReplay:
    """The play of an unknown contract, a passed-out board or PBN columns without a Play seat: nothing is
    counted; the first token that is no card, or a card played on a passed-out board, is illegal."""
    out = PlayReplay(declarer=declarer)
    invalid = next((c for c in play.cards if c.kind == INVALID), None)
    if invalid is not None:
        out.illegal = Irregularity(NOT_A_CARD, invalid)
    elif contract is not None and contract.passed_out and any(c.kind == CARD for c in play.cards):
        first = next(c for c in play.cards if c.kind == CARD)
        out.illegal = Irregularity(AFTER_END, first, why=Why.PASSED_OUT, law="Law 22B")
    if not play.by_seat or play.seat:
        out._place_rest = partial(_place_without_trumps, out, play, deal, declarer)
    return out


def _place_without_trumps(out: PlayReplay, play: Play, deal: Deal | None, declarer: str | None) -> None:
    """Place the play of an unknown contract: no trick has a winner, each row is led by its first card's holder."""
    replay = _Replay(out, deal, None, seat_after(declarer) if declarer else play.seat, play, winners=False)
    replay.rows_of_four(play.cards, replay.place_row, playing=False)


class _Replay(Seating):
    """The state of one replay: hands left, cards played, who is on lead."""

    def __init__(self, out: PlayReplay, deal: Deal | None, trump: str | None, leader: str | None, play: Play,
                 winners: bool = True):
        hands = deal.hands if deal is not None else {}
        super().__init__({seat: set(hand) for seat in SEATS if (hand := hands.get(seat)) is not None}, trump,
                         leader, play.by_seat, out._placed, winners)
        self.out = out
        self.rows = 0
        self.tracking = True  # False once a trick is not fully known
        self.after: Card | None = None  # the '*' or '+' that ends the record of the play
        self.played: dict[str, int] = {}  # card -> trick number
        self.claim = (play.claim.line, play.claim.column) if play.claim is not None else None
        dealt = [card for hand in self.hands.values() for card in hand]
        self.twice = set() if len(dealt) == len(self.holder) else {  # cards dealt to two hands (D104)
            card for card in self.holder if sum(card in hand for hand in self.hands.values()) > 1}
        # a hand short of a card (D103) or holding one dealt twice (D104), in a deal that is no end position:
        # the cards it misses are played by it as no P102 of their own; a hand of 13 has none to play
        full = any(len(hand) == 13 for hand in self.hands.values())
        self.undealt: dict[str, int] = {seat: 13 - len(hand) + len(hand & self.twice)
                                        for seat, hand in self.hands.items()} if full else {}
        self.misplaced: list[tuple[int, Card, bool]] = []  # (trick, first card, in play order)
        # the usual PBN play: every card in its holder's seat column, so no row is regrouped by holder
        self.in_columns = play.by_seat and all(self.holder.get(card.suit + card.rank) == card.seat
                                               for card in play.cards if card.kind == CARD)
        # every card in the column of its holder once the columns start from the leader: the Play seat is
        # what is wrong (P104 says so), not the columns
        steps = OFFSET[play.seat][leader] if play.by_seat and play.seat and leader else 0
        self.turned = bool(steps) and all(card.seat is not None and
                                          self.holder.get(card.suit + card.rank) == seat_after(card.seat, steps)
                                          for card in play.cards if card.kind == CARD)

    # --- rows ---------------------------------------------------------------

    def rows_of_four(self, cards: list[Card], play_row: Callable[[list[Card]], bool], playing: bool = True) -> None:
        """Cut the tokens into tricks of four (a '*' ends the last one early) and play them.

        A token after the end of the play ('*', '+', a LIN claim) stops the replay before
        its row is sorted into a trick: it was not played, so it belongs to no trick.
        Where the replay stops, the tokens left are kept to be placed (``place_later``).
        ``playing`` False: the rows are placed only, no end of the play is looked for.
        """
        row: list[Card] = []
        for at, card in enumerate(cards):
            kind = card.kind
            if playing and kind != UNKNOWN and self.past_end(card):
                return self.place_later(row + cards[at:])
            if kind != END:
                row.append(card)
                if len(row) == 4:
                    if not play_row(row):
                        return self.place_later(cards[at + 1:])
                    row = []
                continue
            if row:
                if not play_row(row):
                    return self.place_later(cards[at + 1:])
                row = []
            if playing:
                self.after = card
        if row:
            play_row(row)

    def past_end(self, card: Card) -> bool:
        """Whether ``card`` comes after the end of the play; the replay stops there (P105).

        A '+' ends the play from the next trick on: in PBN seat columns, cards of
        its own row may come before it in play order.
        """
        if self.after is not None:
            self.after_end(card)
        elif self.claim is not None and (card.line, card.column) > self.claim:
            self.stop(Irregularity(AFTER_END, card, why=Why.CLAIMED))
        else:
            return False
        return True

    def seat_row(self, row: list[Card]) -> bool:
        """One PBN row: the leader is the last winner, or the card marked ^L."""
        if not self.tracking:
            return self.trick(None, [(card.seat, card) for card in row])
        by_seat = {card.seat: card for card in row}
        leader = self.leader
        marked = [card for card in row if card.mark == "L"]
        for card in marked[1:]:
            self.misfit(Irregularity(BAD_MARK, card, why=Why.LEAD_MARKED, seat=card.seat))
        if marked and marked[0].seat == leader:
            self.misfit(Irregularity(BAD_MARK, marked[0], why=Why.IN_TURN, seat=leader, other=leader))
        elif marked:
            actual = marked[0].seat
            self.out.condoned.append(Irregularity(WRONG_LEADER, marked[0], True, seat=actual, other=leader))
            leader = actual
        elif self.rows == 0 and row[0].seat != leader:
            self.wrong_leader(Irregularity(WRONG_LEADER, row[0], why=Why.TURNED if self.turned else Why.PLAY_SEAT,
                                           seat=row[0].seat, other=leader))
            if not self.turned:  # the columns say who led; when they are turned, the cards do
                leader = row[0].seat
        assert leader is not None  # a PBN play is replayed only with a Play seat, so every column has its seat
        return self.trick(leader, self.by_holder(row, leader) or
                          [(seat, by_seat.get(seat)) for seat in ROTATION[leader]])

    def by_holder(self, row: list[Card], leader: str) -> list[tuple[str, Card | None]] | None:
        """A row whose cards are held by other players than their columns': the trick by holder."""
        if self.in_columns:
            return None
        known = [(i, card) for i, card in enumerate(row) if card.kind == CARD]
        if not known or any(card.kind not in (CARD, UNKNOWN) or card.mark for card in row):
            return None
        by_seat: dict[str, Card] = {}  # each card by its holder, while he still holds it
        for _, card in known:
            holder = self.holder.get(card.card)
            if holder is None or holder in by_seat or card.card not in self.hands[holder]:
                return None
            by_seat[holder] = card
        if all(holder == card.seat for holder, card in by_seat.items()):
            return None
        in_order = all(holder == ROTATION[leader][i] for holder, (i, _) in zip(by_seat, known))
        self.misplaced.append((self.rows + 1, row[0], in_order))
        return [(seat, by_seat.get(seat)) for seat in ROTATION[leader]]

    def order_row(self, cards: list[Card]) -> bool:
        """Four cards in play order: the leader is the last winner, or whoever held the first card."""
        leader = self.leader
        first = cards[0]
        holder = self.holding(first)
        if self.tracking and holder is not None and holder != leader:
            if leader is not None:
                self.wrong_leader(Irregularity(WRONG_LEADER, first, why=Why.LAST_TRICK if self.rows else Why.OPENING,
                                               seat=holder, other=leader))
            leader = holder
        if leader is None or not self.tracking:
            return self.trick(None, [(None, card) for card in cards])
        return self.trick(leader, list(zip(ROTATION[leader], cards)))

    # --- one trick ---------------------------------------------------------

    def trick(self, leader: str | None, cards: Sequence[tuple[str | None, Card | None]]) -> bool:
        """Play one trick in play order; False when the replay stops.

        ``leader`` None: who played what is not known; only the cards are checked.
        A trick that is not counted (short, or where the replay stops) is placed.
        """
        self.rows += 1
        if self.rows > 13:
            first = next((card for _, card in cards if card is not None), None)
            if first is not None:
                self.stop(Irregularity(AFTER_END, first, why=Why.FOURTEENTH))
            self.place(leader, cards)
            return False
        first = cards[0][1]
        led = first.suit if leader is not None and first is not None and first.kind == CARD else None
        known: list[tuple[str, Card]] = []  # the cards of the trick that are known, by their players
        for seat, card in cards:
            if card is not None:
                if not self.take(seat, card, led):
                    self.place(leader, cards)
                    return False
                if card.kind == CARD and seat is not None:
                    known.append((seat, card))
        if leader is None or len(known) < 4:
            self.tracking = False
            self.place(leader, cards)
            return True
        best_seat = known[trick_winner([card.card for _, card in known], self.trump)][0]
        self.out.tricks.append(Trick(leader, known, best_seat))
        self.out.won[SIDE[best_seat]] += 1
        self.leader = best_seat
        return True

    def take(self, seat: str | None, card: Card, led: str | None) -> bool:  # noqa: C901 - each card's Laws, in turn
        """Check one token of a trick and take its card from the hand; False when the replay stops."""
        kind = card.kind
        if kind == INVALID:
            return self.stop(Irregularity(NOT_A_CARD, card, seat=seat))
        if kind == UNKNOWN:
            return True
        if self.after is not None:  # a '+' earlier in this trick's play order
            return self.after_end(card)
        if kind == CONTINUE:
            self.after = card
            return True
        name = card.suit + card.rank
        played = self.played
        if name in played:
            return self.stop(Irregularity(NOT_HELD, card, why=Why.PLAYED, seat=seat, trick=played[name]))
        played[name] = self.rows
        if seat is None:
            return True
        hand, owner = self.hands.get(seat), self.holder.get(name)
        if owner is None and self.undealt.get(seat, 0) > 0:
            self.undealt[seat] -= 1
            return True
        if owner != seat and (hand is None or name not in hand) and (hand is not None or owner is not None):
            return self.stop(Irregularity(NOT_HELD, card, seat=seat, other=owner))
        if hand is None:
            return True
        revoke = led is not None and card.suit != led and any(c[0] == led for c in hand)
        hand.discard(name)
        if name in self.twice:  # dealt twice (D104): played once, it is gone from both hands
            for other in self.hands.values():
                other.discard(name)
        if led is None:  # the lead, or a trick whose leader is not known
            return True
        if card.mark == "R" and revoke:
            self.out.condoned.append(Irregularity(REVOKE, card, True, seat=seat, trick=self.rows, suit=led))
        elif card.mark == "R" and led is not None:
            self.misfit(Irregularity(BAD_MARK, card, why=Why.FOLLOWED if card.suit == led else Why.VOID, seat=seat,
                                     suit=led))
        elif revoke:
            self.out.revokes.append(Irregularity(REVOKE, card, seat=seat, trick=self.rows, suit=led))
        return True

    # --- placing only ----------------------------------------------------------

    def place_later(self, cards: list[Card]) -> None:
        """Keep the tokens after a stop, to be placed when ``PlayReplay.seated`` asks for them."""
        if cards and self.placing:
            self.out._place_rest = partial(self.rows_of_four, cards, self.place_row, playing=False)

    # --- findings ------------------------------------------------------------

    def stop(self, irregularity: Irregularity[Card]) -> bool:
        self.out.illegal = irregularity
        return False

    def after_end(self, card: Card) -> bool:
        """``card`` after the '*' or '+' that ends the record of the play: the replay stops (P105)."""
        end = self.after
        assert end is not None
        return self.stop(Irregularity(AFTER_END, card, why=Why.RECORD_ENDED if end.kind == END else Why.GOES_ON,
                                      earlier=end.token))

    def wrong_leader(self, irregularity: Irregularity[Card]) -> None:
        if self.out.wrong_leader is None:
            self.out.wrong_leader = irregularity

    def misfit(self, irregularity: Irregularity[Card]) -> None:
        self.out.misfit_marks.append(irregularity)
