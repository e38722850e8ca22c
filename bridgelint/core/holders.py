"""The card-to-seat view of a deal (:class:`Holders`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import chain, repeat

from .bridge import PACK


@dataclass(frozen=True, slots=True)
class Holders:
    """The card-to-seat view of a deal's known hands, shared by the play replay, D104 and the deal fingerprints.

    ``seat`` maps each card dealt to its seat (of a card dealt twice, the seat met first in ``hands``), in pack
    order (the fingerprints read a whole deal's so; a token that is no card of the pack comes after);
    ``twice`` lists the cards dealt more than once (to two seats or twice to one), in pack order;
    ``whole`` says the deal is four hands of 13 cards that deal the pack once.
    """

    seat: dict[str, str]
    twice: tuple[str, ...]
    whole: bool

    @classmethod
    def of(cls, hands: dict[str, tuple[str, ...] | None]) -> Holders:
        """The view of ``hands`` (a seat's hand None when unknown).

        Each known hand's cards are put in a copy of a dict of the whole pack, each card held by no one yet (its
        52 places made already, so in pack order), the hands taken last to first so that a card dealt twice
        keeps the seat met first.  The deal is whole when four hands of 13 leave no card of the pack without
        its seat and add none; otherwise the view keeps the cards dealt, and lists those dealt twice.
        """
        known = [hand for hand in hands.values() if hand]
        pack = _NO_HOLDER.copy()
        for who, hand in reversed([*hands.items()]):
            if hand:
                pack.update(zip(hand, repeat(who)))
        lengths = [*map(len, known)]
        if lengths == _THIRTEEN_EACH and len(pack) == len(PACK) and "" not in pack.values():
            return cls(pack, (), True)
        seat = {card: who for card, who in pack.items() if who}
        if len(seat) == sum(lengths):  # every card once
            return cls(seat, (), False)
        counts = Counter(chain.from_iterable(known))
        return cls(seat, tuple(card for card in PACK if counts[card] > 1), False)


_THIRTEEN_EACH = [13, 13, 13, 13]  # the lengths of the hands of a whole deal
_NO_HOLDER = dict.fromkeys(PACK, "")  # every card of the pack, held by no one yet
