"""What a replay finds irregular: one type for a call of the auction and a card of the play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeVar

from ..core.tokens import Call, Card

IrregularityKind = Literal["wrong-first-caller", "not-a-call", "insufficient", "bad-double", "bad-redouble",
                           "not-a-card", "not-held", "play-order", "revoke", "wrong-leader", "after-end", "bad-mark"]
# The auction's.
WRONG_FIRST_CALLER: Final = "wrong-first-caller"  # Law 17B
NOT_A_CALL: Final = "not-a-call"
INSUFFICIENT: Final = "insufficient"  # Laws 18, 27
BAD_DOUBLE: Final = "bad-double"  # Laws 19A, 36
BAD_REDOUBLE: Final = "bad-redouble"  # Laws 19B, 36
# The play's.
NOT_A_CARD: Final = "not-a-card"
NOT_HELD: Final = "not-held"  # Law 44B
PLAY_ORDER: Final = "play-order"  # PBN rows written in play order, not seat columns
REVOKE: Final = "revoke"  # Laws 44C, 61
WRONG_LEADER: Final = "wrong-leader"  # Laws 41A, 44G
# Both.
AFTER_END: Final = "after-end"  # Laws 22, 39 (auction); the play's end
BAD_MARK: Final = "bad-mark"  # a PBN mark (^I, ^R, ^L) with nothing to mark

T = TypeVar("T", Call, Card)


@dataclass(slots=True)
class Irregularity(Generic[T]):
    """An irregular call or card (``item``), and the facts of what is irregular about it: the rule of its kind
    words them."""

    kind: IrregularityKind
    item: T
    marked: bool = False  # a PBN mark (^I, ^R, ^L) records it as condoned: legal by record
    why: str = ""  # which case of its kind it is (``Why``)
    seat: str | None = None  # the seat whose call or card it is (None: not known)
    other: str | None = None  # the other seat it concerns: the dealer (first call), the bidder (a double), the
    # player on lead (a lead out of turn), the holder of a card played by another
    earlier: str | None = None  # the earlier call or token it is measured against: the bid it does not overcall,
    # the bid doubled, the '*' or '+' that ended the record
    trick: int = 0  # the trick it happened in (1-13), in the play; a card played again: the trick it was played to
    suit: str | None = None  # the suit led (a revoke, a ^R)
    tricks: tuple[int, ...] = ()  # the tricks written out of their seat columns (play-order)
    law: str | None = None  # the reference, when not the rule's usual one


class Why:
    """The cases of the irregularities (``Irregularity.why``)."""

    # the auction's
    FILLER = "filler"  # not-a-call: a '-' after the first call
    RECORD_ENDED = "record-ended"  # after-end: after a '*', '+' or AP that ends the record (the play's: after '*')
    FOUR_PASSES = "four-passes"  # after-end: after the four passes of a passed-out auction
    THREE_PASSES = "three-passes"  # after-end: after the three passes that end it
    PASS = "pass"  # bad-mark: ^I on a pass
    SUFFICIENT = "sufficient"  # bad-mark: ^I on a sufficient bid
    NO_BID = "no-bid"  # bad-mark: ^I on a double or redouble; bad-double: no bid to double
    OWN_SIDE = "own-side"  # bad-double: a double of one's own side's bid; bad-redouble: of one's own side's double
    DOUBLED = "doubled"  # bad-double: the bid is doubled already
    REDOUBLED = "redoubled"  # bad-double, bad-redouble: the bid is redoubled already
    NO_DOUBLE = "no-double"  # bad-redouble: nothing doubled to redouble
    # the play's
    PLAYED = "played"  # not-held: a card played to an earlier trick
    GOES_ON = "goes-on"  # after-end: after a '+', which says the rest of the play comes later
    CLAIMED = "claimed"  # after-end: after a LIN claim (mc)
    FOURTEENTH = "fourteenth"  # after-end: a 14th trick
    PASSED_OUT = "passed-out"  # after-end: a play on a passed-out board
    IN_PLAY_ORDER = "in-play-order"  # play-order: tricks written in play order, each from its leader
    PLAY_SEAT = "play-seat"  # wrong-leader: the Play seat names another opening leader
    TURNED = "turned"  # wrong-leader: the same, and every card written in the column from the right leader
    OPENING = "opening"  # wrong-leader: the opening lead is another player's card
    LAST_TRICK = "last-trick"  # wrong-leader: a lead by another than the last trick's winner
    LEAD_MARKED = "lead-marked"  # bad-mark: a second ^L in a trick
    IN_TURN = "in-turn"  # bad-mark: ^L on a lead in turn
    FOLLOWED = "followed"  # bad-mark: ^R on a card that follows suit
    VOID = "void"  # bad-mark: ^R on a card of a player void in the suit led
