"""The auction replayer (Laws 17-22, 27, 36, 39), table-driven.

Each case is a dealer, an auction seat and the calls as written in PBN; the
replayer gets model calls built here (independently of the PBN reader).
"""

from __future__ import annotations

import pytest

from bridgelint.core import bridge
from bridgelint.core.bridge import Contract
from bridgelint.core.record import Auction
from bridgelint.core.tokens import CONTINUE, END, FILLER, INVALID, SKIP, Call
from bridgelint.replay.auction import (
    AFTER_END,
    BAD_DOUBLE,
    BAD_REDOUBLE,
    INSUFFICIENT,
    NOT_A_CALL,
    WRONG_FIRST_CALLER,
    replay_auction,
)


def calls(text: str) -> list[Call]:
    """Model calls from PBN auction tokens; ``^I`` marks the next bid, each token's column is its index."""
    out: list[Call] = []
    mark = ""
    for i, token in enumerate(text.split()):
        if token == "^I":
            mark = "I"
            continue
        simple = {"-": FILLER, "*": END, "+": CONTINUE, "^S": SKIP}
        if token in simple:
            out.append(Call(token, simple[token], 1, i + 1))
            continue
        parsed, _ = bridge.parse_pbn_call(token)
        if parsed is None:
            out.append(Call(token, INVALID, 1, i + 1))
        else:
            out.append(Call(token, parsed.kind, 1, i + 1, level=parsed.level, denomination=parsed.denomination,
                            mark=mark))
        mark = ""
    return out


def replay(dealer: str | None, text: str, seat: str | None = None):
    return replay_auction(Auction(seat or dealer, calls(text), 1, 1), dealer)


def contract(text: str) -> Contract:
    value, canonical = bridge.parse_contract(text)
    assert value is not None and canonical
    return value


# dealer, calls, final contract, declarer
COMPLETE = [
    ("N", "Pass Pass Pass Pass", "Pass", None),
    ("E", "AP", "Pass", None),
    ("N", "1NT AP", "1NT", "N"),
    ("N", "1NT Pass Pass Pass", "1NT", "N"),
    ("W", "Pass 1NT AP", "1NT", "N"),
    ("N", "1H X Pass Pass Pass", "1HX", "N"),
    ("N", "1H X XX AP", "1HXX", "N"),
    ("S", "1S Pass 2S X Pass Pass Pass", "2SX", "S"),
    ("N", "1H X 1S Pass Pass Pass", "1S", "S"),  # a new bid clears the double
    ("N", "1H X XX 2C Pass Pass Pass", "2C", "W"),
    # the declarer is the first of the side to name the final denomination, not the last bidder
    ("N", "1H Pass 4H AP", "4H", "N"),
    ("N", "1C Pass 1H Pass 4H AP", "4H", "S"),
    ("N", "1S 2H 2S 3H 4S AP", "4S", "N"),
    ("E", "1D 1S 2D 2S 3D Pass Pass 3S AP", "3S", "S"),
    ("W", "1H Pass 2H Pass Pass 3C Pass Pass 3H AP", "3H", "W"),
    # a double of the opponents' bid after two passes, and a redouble by the side doubled
    ("N", "1D Pass Pass X Pass Pass XX AP", "1DXX", "N"),
    # lenient spellings are the same calls
    ("N", "1N P P PASS", "1NT", "N"),
    # an insufficient bid accepted (^I, Law 27A) stands as the last bid: 1H undoubled, by West
    ("N", "1NT X Pass ^I 1H Pass Pass Pass", "1H", "W"),
    ("N", "1D ^I 1C AP", "1C", "E"),
    # Law 17D3: passes with a skipped turn among them do not end the auction; later calls are legal
    ("N", "1S Pass Pass ^S 2H Pass Pass Pass", "2H", "N"),
    ("N", "^S 1D AP", "1D", "E"),
]


@pytest.mark.parametrize("dealer,text,final,declarer", COMPLETE)
def test_complete_auction(dealer, text, final, declarer):
    result = replay(dealer, text)
    assert result.illegal is None, result.illegal
    assert result.ended and not result.incomplete
    assert result.contract == contract(final)
    assert result.declarer == declarer


@pytest.mark.parametrize("seat,dealer,text,declarer", [
    ("W", "N", "- 1C AP", "N"),
    ("W", "S", "- - - 1NT AP", "S"),
    ("E", "W", "- - 1D Pass 2D AP", "W"),
])
def test_fillers_before_the_dealer(seat, dealer, text, declarer):
    result = replay(dealer, text, seat=seat)
    assert result.illegal is None
    assert result.ended and result.declarer == declarer
    assert result.seats[text.split().count("-")] == dealer


# dealer, auction seat, calls, kind of the first illegal call, its index in the tokens (column)
ILLEGAL = [
    ("N", "W", "1D", WRONG_FIRST_CALLER, 1),
    ("N", "W", "- - 1D", WRONG_FIRST_CALLER, 3),  # fillers for W and N: E calls first
    ("N", "N", "1D 8S", NOT_A_CALL, 2),
    ("N", "N", "1D 1 Pass", NOT_A_CALL, 2),
    ("N", "N", "1D - Pass", NOT_A_CALL, 2),  # a filler after the first call
    ("N", "N", "1D Pass 1C", INSUFFICIENT, 3),
    ("N", "N", "1NT X Pass 1H", INSUFFICIENT, 4),
    ("N", "N", "1H 1H", INSUFFICIENT, 2),
    ("N", "N", "1NT Pass 2C Pass 2C", INSUFFICIENT, 5),
    ("N", "N", "X", BAD_DOUBLE, 1),  # nothing to double
    ("N", "N", "Pass Pass X", BAD_DOUBLE, 3),
    ("N", "N", "1D Pass X", BAD_DOUBLE, 3),  # partner's bid
    ("N", "N", "1D X Pass X", BAD_DOUBLE, 4),  # own side's bid (the doubler's partner doubled it already)
    ("N", "N", "1D X X", BAD_DOUBLE, 3),  # already doubled (by the opponents' own side)
    ("N", "N", "1D X XX X", BAD_DOUBLE, 4),  # already redoubled
    ("N", "N", "XX", BAD_REDOUBLE, 1),  # nothing to redouble
    ("N", "N", "1D XX", BAD_REDOUBLE, 2),  # no double
    ("N", "N", "1D X Pass XX", BAD_REDOUBLE, 4),  # the doubler's partner
    ("N", "N", "1D X XX XX", BAD_REDOUBLE, 4),  # already redoubled
    ("N", "N", "1D X XX 1H XX", BAD_REDOUBLE, 5),  # the new bid cleared the double
    ("N", "N", "1S Pass Pass Pass Pass", AFTER_END, 5),
    ("N", "N", "Pass Pass Pass Pass Pass", AFTER_END, 5),
    ("N", "N", "Pass Pass Pass Pass 1C", AFTER_END, 5),
    ("N", "N", "1S AP Pass", AFTER_END, 3),
    ("N", "N", "1S AP AP", AFTER_END, 3),
    ("N", "N", "1S Pass Pass Pass 2S", AFTER_END, 5),
    ("N", "N", "1S * Pass", AFTER_END, 3),
    ("N", "N", "1S + 2S", AFTER_END, 3),
    ("N", "N", "1S Pass * +", AFTER_END, 4),
]


@pytest.mark.parametrize("dealer,seat,text,kind,index", ILLEGAL)
def test_first_illegal_call(dealer, seat, text, kind, index):
    result = replay(dealer, text, seat=seat)
    assert result.illegal is not None
    assert result.illegal.kind == kind
    assert result.illegal.item.column == index


def test_only_the_first_illegal_call_is_reported():
    result = replay("N", "1D Pass 1C X Pass X XX")
    assert result.illegal.kind == INSUFFICIENT and result.illegal.item.token == "1C"


def test_inadmissible_double_is_cancelled():
    # Law 36: the double of partner's bid does not count; three passes after it end the auction
    result = replay("N", "1D Pass X Pass Pass Pass")
    assert result.illegal.kind == BAD_DOUBLE
    assert result.ended and result.contract == contract("1D")


def test_calls_after_the_end_do_not_change_the_contract():
    result = replay("N", "1S Pass Pass Pass 2H X")
    assert result.illegal.kind == AFTER_END and result.illegal.item.token == "2H"
    assert result.contract == contract("1S") and result.declarer == "N"


def test_condoned_insufficient_bid_is_not_illegal_but_recorded():
    result = replay("N", "1NT X Pass ^I 1H Pass Pass Pass")
    assert result.illegal is None
    assert [(c.kind, c.item.token, c.marked) for c in result.condoned] == [(INSUFFICIENT, "1H", True)]
    assert result.misfit_marks == []


@pytest.mark.parametrize("text,token", [("1D ^I 2C AP", "2C"), ("1D ^I Pass Pass Pass", "Pass"),
                                        ("1D ^I X AP", "X")])
def test_insufficient_mark_on_a_sufficient_call_is_a_misfit(text, token):
    result = replay("N", text)
    assert result.illegal is None and result.condoned == []
    assert [m.item.token for m in result.misfit_marks] == [token]


@pytest.mark.parametrize("text", ["1S Pass Pass ^S", "1S ^S Pass Pass", "1S Pass ^S Pass"])
def test_skip_among_closing_passes_does_not_end_the_auction(text):
    # Law 17D3: the auction reverts to the skipped player; stopping here is incomplete
    result = replay("N", text)
    assert not result.ended and result.incomplete
    assert result.skipped_in_close
    assert result.illegal is None
    assert result.contract is None


def test_skip_before_the_closing_passes_does_not_keep_the_auction_open():
    result = replay("N", "1S ^S 2S Pass Pass Pass")
    assert result.ended and not result.skipped_in_close
    assert result.contract == contract("2S") and result.declarer == "N"


@pytest.mark.parametrize("text", ["1S Pass", "1S Pass Pass", "Pass Pass Pass", "", "1S X"])
def test_incomplete_auction(text):
    result = replay("N", text)
    assert result.incomplete and not result.ended and result.unfinished is None
    assert not result.skipped_in_close
    assert result.illegal is None


@pytest.mark.parametrize("text,marker", [("1S Pass 2S *", "*"), ("1S +", "+"), ("*", "*")])
def test_unfinished_auction(text, marker):
    result = replay("N", text)
    assert not result.ended and not result.incomplete
    assert result.unfinished.token == marker
    assert result.contract is None


def test_end_marker_after_the_end_is_not_unfinished():
    result = replay("N", "1S AP *")
    assert result.ended and result.unfinished is None
    assert result.illegal.kind == AFTER_END


def test_unknown_dealer_still_replays_from_the_auction_seat():
    result = replay(None, "1C Pass 1H AP", seat="E")
    assert result.illegal is None
    assert result.contract == contract("1H") and result.declarer == "W"


def test_not_a_call_makes_the_contract_unknown():
    result = replay("N", "1D 8S Pass Pass Pass")
    assert result.illegal.kind == NOT_A_CALL
    assert result.declarer is None


def test_calls_get_their_seats_in_the_replay_not_in_the_record():
    auction = Auction("E", calls("1C X XX Pass Pass Pass"), 1, 1)
    before = [repr(call) for call in auction.calls]
    result = replay_auction(auction, "E")
    assert result.seats == ["E", "S", "W", "N", "E", "S"]
    assert [repr(call) for call in auction.calls] == before
