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
    """An irregular call or card (``item``), and what is irregular about it."""

    kind: IrregularityKind
    item: T
    message: str
    marked: bool = False  # a PBN mark (^I, ^R, ^L) records it as condoned: legal by record
    offender: str | None = None  # the seat that revoked
    trick: int = 0  # the trick it happened in (1-13), in the play
    law: str | None = None  # the reference, when not the rule's usual one
