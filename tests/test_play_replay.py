"""The play replayer on hand-built model objects and on records read from PBN and LIN."""

import io

import pytest
from conftest import PLAY_DEAL as DEAL
from conftest import PLAY_ROWS as ROWS
from conftest import damaged_archives

from bridgelint.core.bridge import Contract, trick_winner
from bridgelint.core.record import Deal, Play
from bridgelint.core.reference import reference
from bridgelint.core.tags import Field
from bridgelint.core.tokens import Card
from bridgelint.formats import open_reader
from bridgelint.replay import irregularity
from bridgelint.replay.context import Context
from bridgelint.replay.play import declared, replay_play
from bridgelint.replay.seating import Placed

HANDS = {"W": "SK SQ ST S2 HA HT DJ D6 D5 D4 D2 C8 C5", "N": "H6 H3 DA DK DQ D9 D8 D7 CA C9 C7 C3 C2",
         "E": "SA S8 S6 S5 S4 HK HQ H5 DT CQ CJ CT C6", "S": "SJ S9 S7 S3 HJ H9 H8 H7 H4 H2 D3 CK C4"}
# The same play in play order, each trick from its leader (the LIN order).
IN_PLAY_ORDER = "SK H6 SA SJ H3 HK HJ HA SQ DA S8 S9 ST DK S6 S7 S2 DQ S5 S3 S4 H9 HT D9 DJ D8 DT D3 D6 D7 HQ H8 " \
                "H5 H7 D5 CA H4 D4 C9 CQ H2 D2 C7 CJ CK C8 C3 CT C4 C5 C2 C6"


def deal():
    return Deal({seat: tuple(cards.split()) for seat, cards in HANDS.items()}, 1, 1)


def lin_play(tokens, claim=None):
    cards = [Card(t, "card", 1, 3 * i + 1, suit=t[0], rank=t[1]) for i, t in enumerate(tokens.split())]
    return Play(None, cards, 1, 1, by_seat=False, claim=claim)


def pbn_record(rows, extra=""):
    text = (f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "5HX"]\n{extra}'
            f'[Play "W"]\n{rows}\n')
    return next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))


def test_pbn_full_play_counts_tricks():
    result = Context(pbn_record(ROWS)).play
    assert result.illegal is None and result.wrong_leader is None and result.misplaced is None
    assert result.complete and result.won == {"NS": 5, "EW": 8}
    assert result.declarer_range() == (5, 5)
    assert [t.winner for t in result.tricks][:3] == ["N", "W", "W"]


def test_lin_full_play_in_play_order():
    result = replay_play(lin_play(IN_PLAY_ORDER), deal(), Contract(5, "H", "X"), "S")
    assert result.illegal is None and result.complete and result.won == {"NS": 5, "EW": 8}


def test_lin_claim_mid_trick_leaves_the_trick_in_progress_to_play():
    result = replay_play(lin_play("SK H6 SA SJ H3 HK"), deal(), Contract(5, "H", "X"), "S")
    assert len(result.tricks) == 1 and result.declarer_range() == (1, 13)


def test_nt_has_no_trumps():
    result = replay_play(lin_play("SK H6 SA SJ"), deal(), Contract(3, "NT"), "S")
    assert result.tricks[0].winner == "E"


def test_pbn_rows_in_play_order_are_one_finding_and_replay_by_holder():
    result = Context(pbn_record("\n".join(" ".join(IN_PLAY_ORDER.split()[i:i + 4]) for i in range(0, 52, 4)))).play
    assert result.illegal is None and result.complete and result.won == {"NS": 5, "EW": 8}
    assert result.misplaced.kind == irregularity.PLAY_ORDER
    assert result.misplaced.tricks == (2, 6, 9, 10, 11, 12, 13) and result.misplaced.why == irregularity.Why.IN_PLAY_ORDER
    assert (result.misplaced.item.line, result.misplaced.item.column) == (8, 1)


def test_claim_rows_of_unknown_cards_stop_the_count():
    result = Context(pbn_record("\n".join(ROWS.splitlines()[:3] + ["- - - -"] * 10))).play
    assert result.illegal is None and len(result.tricks) == 3 and result.declarer_range() == (1, 11)


def test_first_illegal_card_stops_the_replay():
    rows = ROWS.replace("HA H3 HK HJ", "HA H3 HK DA")  # North holds the ace of diamonds, not South
    result = Context(pbn_record(rows)).play
    assert result.illegal.kind == irregularity.NOT_HELD and result.illegal.other == "N"  # North holds it
    assert len(result.tricks) == 1 and result.declarer_range() is None


def test_card_played_twice():
    result = replay_play(lin_play("SK H6 SA SJ H3 HK HJ SK"), deal(), Contract(5, "H", "X"), "S")
    assert result.illegal.kind == irregularity.NOT_HELD and (result.illegal.why, result.illegal.trick) == (irregularity.Why.PLAYED, 1)


def test_wrong_opening_leader_goes_on_from_the_actual_leader():
    result = replay_play(lin_play("SA SJ SK H6"), deal(), Contract(5, "H", "X"), "S")
    assert result.wrong_leader.kind == irregularity.WRONG_LEADER and result.illegal is None
    assert result.tricks[0].leader == "E" and result.tricks[0].winner == "N"


def test_marked_revoke_and_lead_out_of_turn_are_condoned():
    rows = "SQ D7 ^R DT ^R D3\n^R SK ^L DA HK C4"
    result = Context(pbn_record(rows)).play
    assert result.illegal is None
    assert [c.kind for c in result.condoned] == [irregularity.REVOKE, irregularity.REVOKE, irregularity.WRONG_LEADER, irregularity.REVOKE]
    assert result.tricks[1].leader == "N" and result.tricks[1].winner == "E"


def test_cards_after_the_lin_claim():
    claim = Field("3", 3, 1, 5)
    result = replay_play(lin_play("SK H6 SA SJ", claim), deal(), Contract(5, "H", "X"), "S")
    assert result.illegal.kind == irregularity.AFTER_END and result.illegal.item.token == "SA"


def test_no_contract_or_passed_out():
    assert replay_play(lin_play("SK"), deal(), None, None).illegal is None
    result = replay_play(lin_play("SK"), deal(), Contract(0), None)
    assert result.illegal.kind == irregularity.AFTER_END


def test_without_a_deal_the_counts_are_not_trusted():
    result = replay_play(lin_play(IN_PLAY_ORDER), None, Contract(5, "H", "X"), "S")
    assert result.complete and result.declarer_range() is None


# --- every card placed in a seat, also where the replay stops ------------------------------------------

def seated(result):
    return [(row.leader, " ".join(seat + ":" + card.token for seat, card in row.cards), row.winner)
            for row in result.seated()]


@pytest.mark.parametrize("contract,rows", [
    # 5H: North ruffs trick 1 and leads trick 2, whose heart ace wins it for West
    (Contract(5, "H", "X"), [("N", "N:H3 E:SK S:HJ W:HA", "W"), ("W", "W:SQ N:DA E:S8 S:S9", "W")]),
    # 3NT: East's spade ace wins trick 1, North's heart ace trick 2
    (Contract(3, "NT"), [("E", "E:H3 S:SK W:HJ N:HA", "N"), ("N", "N:SQ E:DA S:S8 W:S9", "N")]),
])
def test_after_the_replay_stops_the_cards_are_placed_from_each_winner_under_the_trump(contract, rows):
    result = replay_play(lin_play("SK H6 SA SJ H3 SK HJ HA SQ DA S8 S9"), None, contract, "S")  # no deal
    illegal = result.illegal
    assert (illegal.kind, illegal.why, illegal.item.card, illegal.trick) == (irregularity.NOT_HELD, irregularity.Why.PLAYED, "SK", 1)
    assert len(result.tricks) == 1 and all(isinstance(row, Placed) for row in result.seated()[1:])
    assert seated(result)[1:] == rows


def test_after_a_card_not_held_the_next_lead_is_by_its_holder_and_nothing_more_is_found():
    # East plays North's CA to trick 2, West's HA wins it, West leads SQ and D2; North plays South's D3
    result = replay_play(lin_play("SK H6 SA SJ H3 CA HJ HA SQ DA S8 S9 D2 D3"), deal(), Contract(5, "H", "X"), "S")
    illegal = result.illegal  # East plays CA, but North holds it
    assert (illegal.kind, illegal.seat, illegal.item.card, illegal.other) == (irregularity.NOT_HELD, "E", "CA", "N")
    assert seated(result) == [("W", "W:SK N:H6 E:SA S:SJ", "N"), ("N", "N:H3 E:CA S:HJ W:HA", "W"),
                              ("W", "W:SQ N:DA E:S8 S:S9", "W"), ("W", "W:D2 N:D3", None)]
    assert result.revokes == [] and result.wrong_leader is None and len(result.tricks) == 1


def test_a_short_last_trick_is_placed_but_not_counted():
    result = replay_play(lin_play("SK H6 SA SJ H3 HK"), deal(), Contract(5, "H", "X"), "S")
    assert result.illegal is None and len(result.tricks) == 1
    assert seated(result)[1:] == [("N", "N:H3 E:HK", None)]


def test_without_a_contract_each_row_is_led_by_the_holder_of_its_first_card():
    result = replay_play(lin_play("SK H6 SA SJ H3 HK HJ HA"), deal(), None, None)
    assert result.tricks == [] and seated(result) == [("W", "W:SK N:H6 E:SA S:SJ", None),
                                                       ("N", "N:H3 E:HK S:HJ W:HA", None)]


def test_the_placing_ends_where_no_leader_can_be_told():
    assert replay_play(lin_play("SK H6 SA SJ"), None, None, None).seated() == []  # no deal, no declarer


def test_pbn_rows_after_a_stop_are_placed_by_their_columns():
    rows = ROWS.replace("HA H3 HK HJ", "HA H3 HK DA")  # North holds the ace of diamonds, not South
    result = Context(pbn_record(rows)).play
    assert len(result.tricks) == 1 and len(result.seated()) == 13
    assert sum(len(row.cards) for row in result.seated()) == 52
    assert all(card.seat == seat for row in result.seated()[1:] for seat, card in row.cards)


@pytest.mark.parametrize("cards,trump,winner", [
    ("SA SK SQ SJ", None, 0), ("S2 SK SQ SJ", None, 1), ("S2 H3 SQ D4", None, 2),  # the suit led
    ("S2 H3 SQ D4", "H", 1), ("S2 H3 H9 D4", "H", 2), ("H2 SA SK SQ", "H", 0),  # trumps
    ("S2 HA DA CA", "C", 3), ("D5 D9 DT D3", "S", 2)])
def test_trick_winner_law_44(cards, trump, winner):
    assert trick_winner(cards.split(), trump) == winner


# --- the fast replay of the usual play agrees with the general replay ------------------------------------------

def test_the_fast_replay_gives_what_the_general_replay_gives():
    replayed = 0
    for name, data in damaged_archives(600):
        for record in open_reader(io.BytesIO(data), name):
            if record.play is None:
                continue
            contract, declarer = declared(record, Context(record).auction)
            fast = replay_play(record.play, record.deal, contract, declarer)
            with reference():
                general = replay_play(record.play, record.deal, contract, declarer)
            assert fast == general and fast.seated() == general.seated(), (name, record.line)
            replayed += fast.dealt and not fast.stopped
    assert replayed > 400
