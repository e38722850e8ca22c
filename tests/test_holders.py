"""The card-to-seat view of a deal (Deal.held) against what its users worked out from the hands each on its own."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bridgelint.core.bridge import PACK, SEATS
from bridgelint.core.fingerprint import fingerprint, seat_of
from bridgelint.core.record import Deal


def random_deal(rng: random.Random) -> Deal:
    """A shuffled pack dealt out, then maybe spoilt: a card twice, a hand unknown ('-'), a hand short, a seat order
    as PBN writes it from another first seat."""
    pack = list(PACK)
    rng.shuffle(pack)
    hands: dict[str, list[str]] = {seat: pack[i * 13:i * 13 + 13] for i, seat in enumerate(SEATS)}
    for _ in range(rng.choice((0, 0, 1, 2))):  # a card dealt twice: to another seat or to the same one
        seat = rng.choice(SEATS)
        hands[seat][rng.randrange(13)] = rng.choice(pack)
    known: dict[str, tuple[str, ...] | None] = {seat: tuple(hand) for seat, hand in hands.items()}
    if rng.random() < 0.2:
        known[rng.choice(SEATS)] = None
    if rng.random() < 0.2:
        seat = rng.choice(SEATS)
        if (hand := known[seat]) is not None:
            known[seat] = hand[:rng.randrange(13)]
    first = rng.randrange(4)
    order = SEATS[first:] + SEATS[:first]
    return Deal({seat: known[seat] for seat in order}, 1, 1)


def replay_holders_before(deal: Deal) -> dict[str, str] | None:
    """The clean play replay's holder map: only for four hands of 13 different cards."""
    holder = {card: seat for seat, hand in deal.hands.items() if hand is not None and len(hand) == 13 for card in hand}
    return holder if len(holder) == 52 else None


def twice_before(deal: Deal) -> list[str]:
    """D104's cards dealt more than once, in pack order."""
    counts = Counter(card for hand in deal.hands.values() if hand for card in hand)
    return sorted((card for card, n in counts.items() if n > 1), key=PACK.index)


def fingerprint_before(deal: Deal) -> int | None:
    """The deal fingerprint as three 52-bit masks (North, East, South), None unless the pack is dealt once."""
    bits = {card: 1 << i for i, card in enumerate(PACK)}
    masks = []
    for seat in SEATS:
        hand = deal.hands.get(seat)
        if hand is None or len(hand) != 13:
            return None
        mask = sum(bits[card] for card in hand)
        if mask.bit_count() != 13:
            return None
        masks.append(mask)
    if masks[0] | masks[1] | masks[2] | masks[3] != (1 << 52) - 1:
        return None
    return masks[0] | masks[1] << 52 | masks[2] << 104


def first_holder_before(deal: Deal, card: str) -> str | None:
    """The LIN play's first leader: the first seat written that holds the first card."""
    return next((seat for seat, hand in deal.hands.items() if hand and card in hand), None)


@pytest.mark.parametrize("seed", range(8))
def test_the_shared_view_gives_what_each_user_worked_out(seed):
    rng = random.Random(seed)
    kinds = Counter()
    for _ in range(250):
        deal = random_deal(rng)
        held = deal.held
        assert held is deal.held  # worked out once
        before = replay_holders_before(deal)
        assert held.whole == (before is not None)
        if before is not None:
            assert held.seat == before
        assert list(held.twice) == twice_before(deal)
        assert fingerprint(deal) == fingerprint_before(deal)
        for card in PACK:
            assert held.seat.get(card) == first_holder_before(deal, card)
        kinds.update(["whole" if held.whole else "twice" if held.twice else "other"])
    assert min(kinds["whole"], kinds["twice"], kinds["other"]) > 10  # every kind of deal met


def test_a_whole_deal_and_its_holders():
    deal = Deal({seat: PACK[i * 13:i * 13 + 13] for i, seat in enumerate(SEATS)}, 1, 1)
    held = deal.held
    assert held.whole and held.twice == ()
    assert [held.seat[card] for card in ("SA", "H2", "DT", "C5")] == ["N", "E", "S", "W"]
    print_ = fingerprint(deal)
    assert print_ is not None and seat_of(print_, "H2") == "E"


def test_a_card_twice_in_one_hand_and_in_two():
    hands: dict[str, tuple[str, ...] | None] = {seat: PACK[i * 13:i * 13 + 13] for i, seat in enumerate(SEATS)}
    hands["E"] = ("SA",) + PACK[14:26] + ("C2", "C2")  # SA as North's too, C2 twice in East's hand
    hands["W"] = None
    held = Deal(hands, 1, 1).held
    assert held.twice == ("SA", "C2")
    assert not held.whole
    assert held.seat["SA"] == "N"  # the seat met first


@pytest.mark.parametrize("seed", range(4))
def test_a_token_that_is_no_card_of_the_pack_leaves_the_deal_not_whole(seed):
    rng = random.Random(seed)
    for _ in range(250):
        hands = random_deal(rng).hands
        seat = rng.choice(SEATS)
        if (hand := hands[seat]) is not None:  # in a hand of 13 or instead of a card
            hands[seat] = hand[:12] + ("SX",) if rng.random() < 0.5 else hand + ("SX",)
        deal = Deal(hands, 1, 1)
        held = deal.held
        assert not held.whole and list(held.twice) == twice_before(deal)
        for card in (*PACK, "SX"):
            assert held.seat.get(card) == first_holder_before(deal, card)
