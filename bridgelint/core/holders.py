"""The card-to-seat view of a deal (:class:`Holders`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import chain

from .bridge import FULL_DECK, PACK
from .reference import SWITCH


@dataclass(frozen=True, slots=True)
class Holders:
    """The card-to-seat view of a deal's known hands, shared by the play replay, D104 and the deal fingerprints.

    ``seat`` maps each card dealt to its seat (of a card dealt twice, the seat met first in ``hands``), in pack
    order for a whole deal (the fingerprints read it so), else in no particular order;
    ``twice`` lists the cards dealt more than once (to two seats or twice to one), in pack order;
    ``whole`` says the deal is four hands of 13 cards that deal the pack once.
    """

    seat: dict[str, str]
    twice: tuple[str, ...]
    whole: bool

    @classmethod
    def of(cls, hands: dict[str, tuple[str, ...] | None]) -> Holders:
        """The view of ``hands`` (a seat's hand None when unknown).

        The usual deal, four hands of 13 cards, is put in a copy of a dict of the whole pack, each card held by
        no one yet (its 52 places made already, so in pack order); it is whole when every card of the pack then
        has its seat (52 cards that are the 52 of the pack: each once).  Any other deal gets the general view
        (:meth:`of_any`).
        """
        given = [*hands.values()]
        if not SWITCH.on and None not in given and [*map(len, given)] == _THIRTEEN_EACH:  # type: ignore[arg-type]  # no None
            pack = _NO_HOLDER.copy()
            pack.update(zip(chain.from_iterable(given), "".join([who * 13 for who in hands])))  # type: ignore[arg-type]
            if "" not in pack.values():
                return cls(pack, (), True)
        return cls.of_any(hands)

    @classmethod
    def of_any(cls, hands: dict[str, tuple[str, ...] | None]) -> Holders:
        """The view of any ``hands``, looking at each card (what :meth:`of` gives, on every deal)."""
        known = [(seat, hand) for seat, hand in hands.items() if hand]
        seat = {card: who for who, hand in reversed(known) for card in hand}
        dealt = sum(len(hand) for _, hand in known)
        if len(seat) == dealt:  # the usual deal: every card once
            whole = len(known) == 4 and all(len(hand) == 13 for _, hand in known) and seat.keys() == FULL_DECK
            return cls({card: seat[card] for card in PACK} if whole else seat, (), whole)  # whole: in pack order
        counts = Counter(card for _, hand in known for card in hand)
        return cls(seat, tuple(card for card in PACK if counts[card] > 1), False)


_THIRTEEN_EACH = [13, 13, 13, 13]  # the lengths of the hands of a whole deal
_NO_HOLDER = dict.fromkeys(PACK, "")  # every card of the pack, held by no one yet
