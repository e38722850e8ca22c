"""The replay of the usual play, at speed: the fast twin of ``play_general`` (``replay_fast``)."""

from __future__ import annotations

from functools import partial

from ..core.bridge import FULL_DECK, SEATS, SUITS, card_power, seat_after
from ..core.record import Deal, Play
from ..core.tokens import CARD, END, UNKNOWN
from .play_general import SIDE, PlayReplay, replay_general
from .seating import OFFSET, ROTATION, Placed, Trick, in_seats

_COLUMN_SEATS = {seat: "".join(ROTATION[seat]) * 13 for seat in SEATS}  # the seat of each card in seat columns from seat
_NOTHING_LEFT = dict.fromkeys(SEATS, "")  # the suits left in the hands after 13 tricks
UNKNOWN_CARD = "-"  # the token of an unknown card (PBN §3.6.1)
_CARD_OR_UNKNOWN = FULL_DECK | {UNKNOWN_CARD}
_POWERS = {trump: {led: card_power(trump, led) for led in SUITS} for trump in (*SUITS, None)}  # by trump, suit led


def replay_fast(play: Play, deal: Deal, trump: str | None, declarer: str) -> PlayReplay | None:
    """The replay of the usual play, at speed; None when the play needs the general replay.

    The usual play: a full deal, the opening lead by declarer's left-hand opponent,
    every token a card without mark held by its player (PBN: in its seat column)
    who follows suit when able, at most 13 tricks, the last of them maybe short,
    and at most a '*' after them, or a LIN claim.  In PBN, unknown cards ('-', a
    claim written out) may stand for cards: the tricks are counted up to the first
    row holding one, and the known cards after it are checked against the hands
    only (their rows are placed by the general replay, when asked for).  For such
    a play the result is the one the general replay gives (``BRIDGELINT_REFERENCE=1`` runs that one);
    anything else, however rare, goes to the general replay, which starts afresh.

    It reads the cards' names only, so a play kept as text (``Play.tokens``) stays
    text.  The tricks are played for their winners first, with the cards put in
    seat columns from the opening leader (as PBN writes them); the columns are then
    checked as wholes: each card held by its column's player, and a card off the
    suit led only when that player shows no card of that suit later in the column
    or left in the hand.
    """
    held = deal.held
    holder = held.seat
    names = _plain_names(play)
    if not held.whole or names is None or len(names) > 52:
        return None  # not four hands of 13 different cards, or not a play of cards without mark
    unknown = names.index(UNKNOWN_CARD) if UNKNOWN_CARD in names else len(names)
    known = names if unknown == len(names) else [name for name in names if name != UNKNOWN_CARD]
    if len(set(known)) < len(known):
        return None  # a card played twice
    leader = opening = seat_after(declarer)  # the opening leader: the Play seat, where the PBN columns start
    by_seat = play.by_seat
    if (by_seat and play.seat != opening) or (not by_seat and unknown < len(names)):
        return None  # PBN columns not from the opening leader, or unknown cards in play order
    out = PlayReplay(declarer=declarer, dealt=True, rows=(len(names) + 3) // 4, end=play.end_mark(),
                     claimed=play.claim is not None)
    tricks, won, column = out.tricks, out.won, OFFSET[opening]
    power = _POWERS[trump]
    full = min(len(names), unknown) // 4 * 4  # the tokens of the tricks counted: whole rows of known cards
    written = names[:full] if by_seat else []  # the cards of the whole tricks in columns from the opening leader
    leads = []  # the column of each trick's leader
    for start in range(0, full, 4):
        row, at = names[start:start + 4], column[leader]
        if not by_seat:  # LIN: in play order from the leader
            row = row[4 - at:] + row[:4 - at]
            written += row
        winner = holder[max(row, key=power[row[at][0]])]  # the winning card's holder (checked below)
        tricks.append(Trick(leader, None, winner, play, start))
        won[SIDE[winner]] += 1
        leads.append(at)
        leader = winner
    # the tokens after them, a short row or (PBN) the rows from the first one with an unknown card: PBN writes
    # them in seat columns, LIN a short row in play order from the leader
    rest = list(zip(_COLUMN_SEATS[opening][full:] if by_seat else ROTATION[leader], names[full:]))
    if ("".join(map(holder.__getitem__, written)) != _COLUMN_SEATS[opening][:full]
            or any(holder[name] != seat for seat, name in rest if name != UNKNOWN_CARD)):
        return None  # a card not held by the player of its column
    # each column's suits: those its player played in the whole tricks, in order, then those left in the hand
    suits = "".join(written)[::2]
    left = _NOTHING_LEFT
    if full < 52:
        played = set(written)
        left = {seat: "".join(c[0] for c in hand if c not in played) for seat, hand in deal.hands.items() if hand}
    ahead = [suits[i::4] + left[seat] for i, seat in enumerate(ROTATION[opening])]
    for number, at in enumerate(leads):
        trick = suits[4 * number:4 * number + 4]
        led = trick[at]
        if trick.count(led) < 4:
            for i, suit in enumerate(trick):
                if suit != led and ahead[i].find(led, number + 1) >= 0:
                    return None  # a revoke: the player shows the suit led later, or still holds it
    first = rest[:4]  # the first row not counted: its cards follow the suit led, when the lead is known
    lead = dict(first).get(leader, UNKNOWN_CARD)
    if lead != UNKNOWN_CARD and any(name[0] != lead[0] and lead[0] in left[seat] for seat, name in first
                                    if name != UNKNOWN_CARD):
        return None
    # placed when asked for, so that a play kept as text stays so
    if unknown < len(names):
        out._place_rest = partial(_place_as_general, out, play, deal, trump, declarer)
    elif rest:
        out._place_rest = partial(_place_short_row, out, play, full, leader)
    return out


def _place_as_general(out: PlayReplay, play: Play, deal: Deal, trump: str | None, declarer: str) -> None:
    """Place the rows after the counted tricks as the general replay places them (a play with unknown cards)."""
    general = replay_general(play, deal, trump, declarer)
    general.seated()
    out._placed = general._placed


def _place_short_row(out: PlayReplay, play: Play, start: int, leader: str) -> None:
    """Place the short last row of a play, from ``play.cards[start]``, led by ``leader``."""
    row = [card for card in play.cards[start:] if card.kind != END]
    out._placed.append(Placed(leader, in_seats(row, leader, play.by_seat), None))


def _plain_names(play: Play) -> list[str] | None:
    """The names of the play's cards ('-' for an unknown one) when every token is a card or '-' without
    mark, but for a '*' after them (and none after a LIN claim); else None."""
    tokens = play.tokens
    if tokens is not None:  # kept as text: the tokens are in PBN spelling, without marks
        names = tokens[:-1] if tokens and tokens[-1] == "*" else tokens
        return names if _CARD_OR_UNKNOWN.issuperset(names) else None
    cards, claim = play.cards, play.claim
    if claim is not None and cards and (cards[-1].line, cards[-1].column) > (claim.line, claim.column):
        return None
    if cards and cards[-1].kind == END:
        cards = cards[:-1]
    names = [card.suit + card.rank if card.kind == CARD else UNKNOWN_CARD for card in cards
             if card.kind in (CARD, UNKNOWN) and not card.mark]
    return names if len(names) == len(cards) else None
