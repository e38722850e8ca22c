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
    words them (``message``: the play's words, until its facts are given as the auction's are)."""

    kind: IrregularityKind
    item: T
    message: str = ""
    marked: bool = False  # a PBN mark (^I, ^R, ^L) records it as condoned: legal by record
    offender: str | None = None  # the seat that revoked
    trick: int = 0  # the trick it happened in (1-13), in the play
    law: str | None = None  # the reference, when not the rule's usual one
    why: str = ""  # which case of its kind it is (the auction's: ``Why`` below)
    seat: str | None = None  # the seat whose call it is (None: not known)
    other: str | None = None  # the other seat it concerns: the dealer (first call), the bidder (a double)
    earlier: str | None = None  # the earlier call it is measured against: the bid it does not overcall, the
    # bid doubled, the mark that ended the record


class Why:
    """The cases of the auction's irregularities (``Irregularity.why``)."""

    FILLER = "filler"  # not-a-call: a '-' after the first call
    RECORD_ENDED = "record-ended"  # after-end: after a '*', '+' or AP that ends the record
    FOUR_PASSES = "four-passes"  # after-end: after the four passes of a passed-out auction
    THREE_PASSES = "three-passes"  # after-end: after the three passes that end it
    PASS = "pass"  # bad-mark: ^I on a pass
    SUFFICIENT = "sufficient"  # bad-mark: ^I on a sufficient bid
    NO_BID = "no-bid"  # bad-mark: ^I on a double or redouble; bad-double: no bid to double
    OWN_SIDE = "own-side"  # bad-double: a double of one's own side's bid; bad-redouble: of one's own side's double
    DOUBLED = "doubled"  # bad-double: the bid is doubled already
    REDOUBLED = "redoubled"  # bad-double, bad-redouble: the bid is redoubled already
    NO_DOUBLE = "no-double"  # bad-redouble: nothing doubled to redouble
