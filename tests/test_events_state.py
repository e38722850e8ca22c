"""The event state on its own: deal fingerprints and turns, the WBF IMP scale, and the decisions."""

from __future__ import annotations

import pickle

import pytest

from bridgelint.across.events import EventState, Sighting
from bridgelint.core.fingerprint import canonical, differences, fingerprint, seat_of, turn, turned
from bridgelint.core.record import Deal
from bridgelint.core.scoring import imps

# North all spades, East all hearts, South all diamonds, West all clubs
SUITED = {"N": "S", "E": "H", "S": "D", "W": "C"}


def deal(**suits: str) -> Deal:
    """A deal giving each seat one whole suit (``N="S"`` ...), default SUITED."""
    suits = {**SUITED, **suits}
    return Deal({seat: tuple(suit + rank for rank in "AKQJT98765432") for seat, suit in suits.items()}, 1, 1)


def test_fingerprint_of_a_whole_deal_and_the_seat_of_each_card():
    print_ = fingerprint(deal())
    assert print_ is not None
    assert [seat_of(print_, card) for card in ("SA", "H2", "DT", "C5")] == ["N", "E", "S", "W"]


def test_fingerprint_of_shuffled_deals_gives_each_card_its_holder():
    import random

    from bridgelint.core.bridge import PACK
    shuffle = random.Random(23)
    for _ in range(200):
        cards = list(PACK)
        shuffle.shuffle(cards)
        hands = {seat: tuple(cards[13 * i:13 * i + 13]) for i, seat in enumerate("NESW")}
        print_ = fingerprint(Deal(hands, 1, 1))
        assert print_ is not None
        assert all(seat_of(print_, card) == seat for seat, hand in hands.items() for card in hand)


@pytest.mark.parametrize("hands", [
    {"N": None},                                   # a hidden hand (-)
    {"N": ("SA", "SK")},                           # an end position / partial deal
    {"N": ("SA",) * 13},                           # a card twice: not the pack
    {"N": ("S?",) + tuple("S" + r for r in "KQJT98765432")},  # a card that is no card
])
def test_no_fingerprint_for_what_is_not_a_whole_deal(hands):
    base = deal()
    assert fingerprint(Deal({**base.hands, **hands}, 1, 1)) is None
    assert fingerprint(None) is None


def test_turns_by_whole_seats():
    print_ = fingerprint(deal())
    once = fingerprint(deal(N="C", E="S", S="H", W="D"))  # every hand one seat clockwise
    assert turned(print_, 1) == once
    assert turn(once, print_) == 1 and turn(print_, once) == 3 and turn(print_, print_) == 0
    assert turned(print_, 4) == print_
    assert len({canonical(turned(print_, k))[0] for k in range(4)}) == 1
    assert [turned(*canonical(turned(print_, k))) for k in range(4)] == [turned(print_, k) for k in range(4)]
    swapped = fingerprint(deal(E="D", S="H"))  # East and South swapped: not a turn
    assert turn(swapped, print_) is None and canonical(swapped)[0] != canonical(print_)[0]


def test_differences_in_pack_order():
    here, there = fingerprint(deal(E="D", S="H")), fingerprint(deal())
    moved = differences(here, there)
    assert len(moved) == 26
    assert moved[0] == ("HA", "S", "E") and moved[13] == ("DA", "E", "S")


@pytest.mark.parametrize("points,expected", [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (420, 9), (430, 10), (490, 10), (500, 11), (740, 12),
    (750, 13), (1990, 18), (2000, 19), (3990, 23), (4000, 24), (7600, 24), (-470, -10), (-20, -1)])
def test_wbf_imp_scale(points, expected):
    assert imps(points) == expected


def sighting(board="1", line=1, deal_print=None, table=None, room=None, ns=None, imps_=None, imps_line=0,
             key=("Club", None, None, None, None, None), tables=1, dealer="N", digest=0,
             outcome=None, vulnerable=None, day=0) -> Sighting:
    return Sighting(key, board, dealer, deal_print, line, 1, table, room, line, 1, ns, imps_, imps_line,
                    7 if imps_line else 0, line, 1, line, tables, digest, outcome, vulnerable, day)


def run(*files: list[Sighting]) -> list[list[tuple[str, int, str]]]:
    """(code, line, shown message) of the findings of each file, the files in one scope, those of its end included."""
    state = EventState()
    out = []
    for i, sightings in enumerate(files):
        state.start_file(f"f{i}.pbn")
        out.append([(f.code, f.line, f.full_message) for s in sightings for f in state.add(s)])
    for i, found in state.finish().items():
        out[i] += [(f.code, f.line, f.full_message) for f in found]
    return [sorted(found) for found in out]


A, B = fingerprint(deal()), fingerprint(deal(E="D", S="H"))


def test_fouled_board_on_the_record_the_majority_did_not_play():
    [found] = run([sighting(line=1, deal_print=A), sighting(line=9, deal_print=A), sighting(line=20, deal_print=B)])
    assert [(code, line) for code, line, _ in found] == [("E101", 20)]
    assert found[0][2] == ("fouled board: ♥A is South's here, East's in the deal most tables played; "
                           "♦A is East's here, South's there (26 cards differ); dealt this way at 1 table, "
                           "the other way at 2 tables, first at line 1 (Law 87)")


def test_the_majority_stands_even_when_the_fouled_table_comes_first():
    [found] = run([sighting(line=1, deal_print=B), sighting(line=9, deal_print=A), sighting(line=20, deal_print=A)])
    assert [(code, line) for code, line, _ in found] == [("E101", 1)]
    assert "at 1 table, the other way at 2 tables, first at line 9" in found[0][2]


def test_a_traveller_votes_for_each_of_its_tables():
    [found] = run([sighting(line=1, deal_print=B), sighting(line=9, deal_print=B), sighting(line=20, deal_print=A,
                                                                                            tables=5)])
    assert [(code, line) for code, line, _ in found] == [("E101", 1), ("E101", 9)]
    assert "dealt this way at 2 tables, the other way at 5 tables, first at line 20" in found[0][2]


def test_a_tie_takes_the_deal_seen_first_and_says_so():
    [found] = run([sighting(line=1, deal_print=A), sighting(line=20, deal_print=B)])
    assert found == [("E101", 20, "fouled board: ♥A is South's here, East's in the deal most tables played; "
                                  "♦A is East's here, South's there (26 cards differ); dealt this way at 1 table, "
                                  "the other way at 1 table, first at line 1 (a tie: the deal seen first is taken "
                                  "as the reference) (Law 87)")]


def test_fouled_board_across_files_names_the_file():
    first, second = run([sighting(line=5, deal_print=A), sighting(line=7, deal_print=A)],
                        [sighting(line=3, deal_print=B)])
    assert first == [] and second[0][:2] == ("E101", 3) and "first at f0.pbn:5" in second[0][2]
    first, second = run([sighting(line=5, deal_print=B)], [sighting(line=3, deal_print=A, tables=2)])
    assert second == [] and first[0][:2] == ("E101", 5) and "first at f1.pbn:3" in first[0][2]


def test_turned_board_is_fouled_and_said_so():
    [found] = run([sighting(line=1, deal_print=A), sighting(line=5, deal_print=A),
                   sighting(line=9, deal_print=turned(A, 2))])
    assert found == [("E101", 9, "fouled board: the deal most tables played turned half round; dealt this way at 1 "
                                 "table, the other way at 2 tables, first at line 1 (Law 87)")]


def test_hands_and_dealer_turned_together_are_the_same_board():
    assert run([sighting(deal_print=A), sighting(line=9, deal_print=turned(A, 1), dealer="E"),
                sighting(line=19, deal_print=turned(A, 2), dealer="S")]) == [[]]
    [found] = run([sighting(deal_print=A), sighting(line=9, deal_print=turned(A, 1), dealer="S")])
    assert [code for code, _, _ in found] == ["E101"]
    [found] = run([sighting(deal_print=A, dealer=None), sighting(line=9, deal_print=turned(A, 1), dealer="E")])
    assert [code for code, _, _ in found] == ["E101"]


def test_vulnerability_turns_with_the_hands_and_the_dealer():
    # one seat clockwise: North-South's vulnerability is East-West's; half round it stays
    assert run([sighting(deal_print=A, vulnerable="NS"), sighting(line=9, deal_print=turned(A, 1), dealer="E",
                                                                  vulnerable="EW"),
                sighting(line=19, deal_print=turned(A, 2), dealer="S", vulnerable="NS"),
                sighting(line=29, deal_print=turned(A, 3), dealer="W", vulnerable=None)]) == [[]]
    [found] = run([sighting(deal_print=A, vulnerable="NS"), sighting(line=5, deal_print=A, vulnerable="NS"),
                   sighting(line=9, deal_print=turned(A, 1), dealer="E", vulnerable="NS")])
    assert found == [("E101", 9, "fouled board: the deal most tables played turned one seat clockwise; dealt this "
                                 "way at 1 table, the other way at 2 tables, first at line 1 (Law 87)")]


def test_a_key_tag_not_written_is_carried_from_the_game_before():
    from bridgelint.across.events.sighting import carried
    assert carried(("WC", None, "2012", None, "Final:2"), ("WC", None, "2012", None, "Final:1")) == \
        ("WC", None, "2012", None, "Final:2")
    assert carried((None, None, None, None, None), ("WC", None, "2012", None, "Final:2")) == \
        ("WC", None, "2012", None, "Final:2")
    assert carried(("A", None, None, None, None), None) == ("A", None, None, None, None)


def test_not_fouled_in_other_events_nor_other_boards_nor_without_results():
    other_event = ("Club", "Elsewhere", None, None, None, None)
    assert run([sighting(deal_print=A), sighting(line=9, deal_print=B, key=other_event)]) == [[]]
    assert run([sighting(deal_print=A), sighting(board="2", line=9, deal_print=B)]) == [[]]
    assert run([sighting(deal_print=A, tables=0), sighting(line=9, deal_print=B, tables=0)]) == [[]]
    # an unplayed record is never fouled and does not vote
    assert run([sighting(deal_print=A, tables=0), sighting(line=9, deal_print=B)]) == [[]]
    assert run([sighting(deal_print=A), sighting(line=9, deal_print=B, tables=0)]) == [[]]


def test_duplicated_deal_once_per_board_as_dealt_or_turned():
    [found] = run([sighting(deal_print=A), sighting(board="2", line=9, deal_print=turned(A, 1)),
                   sighting(board="2", line=15, deal_print=turned(A, 1)), sighting(board="3", line=20, deal_print=A)])
    assert found == [("E102", 9, "board 2 repeats the deal of board 1 at line 1 turned one seat clockwise (Law 6)"),
                     ("E102", 20, "board 3 repeats the deal of board 1 at line 1 (Law 6)")]


def test_duplicated_deal_over_the_event_name_whatever_the_date():
    final, stage = ("Final", None, None, None, None, None), ("Final", None, None, "2", None, None)
    day1, day2 = 713_834, 713_835  # 1955-05-01 and the day after
    [found] = run([sighting(board="65", deal_print=A, key=final, day=day1),
                   sighting(board="161", line=9, deal_print=A, key=stage, day=day2)])
    assert found == [("E102", 9, "board 161 repeats the deal of board 65 at line 1 (Law 6)")]
    other = ("Trials", None, None, None, None, None)
    assert run([sighting(board="65", deal_print=A, key=final), sighting(board="161", line=9, deal_print=A,
                                                                        key=other)]) == [[]]
    # the same board number in two sessions (its deals split by day): no E102, no E101
    assert run([sighting(deal_print=A, key=final, day=day1), sighting(line=9, deal_print=B, key=final, day=day2)]) \
        == [[]]


def test_repeated_table_or_room():
    [found] = run([sighting(table="3", deal_print=A, digest=7, outcome="4S= by North"),
                   sighting(line=5, table="4", deal_print=A),
                   sighting(line=9, table="3", deal_print=A, digest=7, outcome="4S= by North"),
                   sighting(line=12, room="Open", digest=8, outcome="3NT-1 by East"),
                   sighting(line=14, room="Closed"), sighting(line=16, room="Open", digest=9, outcome="4S= by North"),
                   sighting(line=18), sighting(line=19)])
    assert found == [("E103", 9, "board 1 is recorded twice at table 3: the same record as at line 1 (the same "
                                 "upload twice?) (Law 15)"),
                     ("E103", 16, "board 1 has two results at the open room: 4S= by North here, 3NT-1 by East at "
                                  "line 12; a table plays a board once (Law 15)")]


def test_team_imps_checked_when_both_rooms_are_known():
    right = [sighting(room="Open", ns=420, imps_=10, imps_line=2), sighting(line=9, room="Closed", ns=-50, imps_=-10,
                                                                            imps_line=10)]
    assert run(right) == [[]]
    wrong_here = [right[0], right[1]._replace(imps=-9)]
    [[(code, line, message)]] = run(wrong_here)
    assert (code, line) == ("E104", 10)
    assert message == ("North-South are given -9 IMPs, but North-South scored -50 here and +420 in the open room at "
                       "line 1: the difference, -470 points, is -10 IMPs on the WBF scale (Law 78B)")
    wrong_there = [right[0]._replace(imps=9), right[1]]
    [[(code, line, message)]] = run(wrong_there)
    assert (code, line) == ("E104", 9) and "given +9 IMPs at line 2" in message
    assert "the difference, +470 points to them, is +10 IMPs" in message
    no_score = [right[0]._replace(ns=None, imps=3), right[1]]
    assert run(no_score) == [[]]


def test_team_imps_stated_once_for_the_board_are_judged_once():
    # a LIN mp entry: both rooms carry the same header value at the same place
    found = run([sighting(room="Open", ns=420, imps_=9, imps_line=2),
                 sighting(line=9, room="Closed", ns=-50, imps_=-9, imps_line=2)])
    assert [(code, line) for code, line, _ in found[0]] == [("E104", 2)]


def test_summary_lists_events_files_boards_and_tables():
    state = EventState()
    state.start_file("a.pbn")
    state.add(sighting(table="1", deal_print=A))
    state.add(sighting(board="2", line=5, room="Open"))
    state.start_file("b.pbn")
    state.add(sighting(line=2, table="2", room="Closed", deal_print=A))
    assert state.add(sighting(board=None, line=9)) == []  # no board number: not in any event
    assert state.summary() == [{
        "key": {"event": "Club", "site": None, "section": None, "stage": None, "hometeam": None, "visitteam": None},
        "files": ["a.pbn", "b.pbn"],
        "boards": [{"board": "1", "records": 2, "tables": [{"table": "1", "room": None},
                                                           {"table": "2", "room": "Closed"}], "reference": "majority"},
                   {"board": "2", "records": 1, "tables": [{"table": None, "room": "Open"}], "reference": None}]}]


def test_a_file_of_sightings_packed_gives_them_back_in_order():
    from bridgelint.across.events.packed import Sightings
    other = ("Club", "Elsewhere", None, None, None, None)
    written = [sighting(deal_print=A, vulnerable="NS"), sighting(board="2", line=9, key=other, dealer=None, day=735_000),
               sighting(board="07", line=12, deal_print=B), sighting(line=15, table="3", digest=7, outcome="4S="),
               sighting(line=18, room="Open", ns=420, imps_=10, imps_line=2), sighting(board=None, line=20),
               sighting(line=22, tables=10 ** 30), sighting(line=2 ** 40, deal_print=turned(A, 3), dealer="W"),
               sighting(line=30, dealer="X"), sighting(line=31, vulnerable="Love")]
    packed = Sightings()
    for one in written:
        packed.append(one)
    assert list(packed) == written
    assert list(pickle.loads(pickle.dumps(packed))) == written
    assert sorted(packed._kept) == list(range(2, len(written)))  # the usual two packed, the others kept whole


def test_a_sighting_is_small_and_pickles():
    s = sighting(deal_print=A, table="3", room="Open", ns=420)
    assert pickle.loads(pickle.dumps(s)) == s


@pytest.mark.parametrize("written", [
    [str(n) for n in range(1, 3000)],  # the usual event: looked up by number
    [str(n) for n in range(100000, 10000000, 7919)],  # sparse numbers: hashed
    [str(n) for n in range(1, 300)] + ["07", "1-1", "+7", "٣", "0", " 5", "5000", "5000000000"] + ["2000", "6000"],
])
def test_packed_board_numbers_find_every_number_held(written):
    from bridgelint.across.events.packed import NumberIndex, Numbers, number_code
    numbers, index = Numbers(), NumberIndex()
    for number in written:
        code = number_code(number)
        assert index.get(number, code, numbers) == -1
        index.add(number, code, len(numbers.codes), numbers)
        numbers.append(number, code)
    assert [numbers[i] for i in range(len(written))] == written  # given back as written
    assert [index.get(number, number_code(number), numbers) for number in written] == list(range(len(written)))
    for absent in ("3000000", "08", "99999", "4"):
        if absent not in written:
            assert index.get(absent, number_code(absent), numbers) == -1
    assert len(index.direct) <= 8 * len(written) + 2048  # the array by number stays near the count held
    if index.hashed is not None:
        assert 2 * index.hashed.used <= len(index.hashed.slots)  # at most half full


def test_a_reference_keeps_the_first_board_of_a_number_and_pickles():
    from bridgelint.across.events.state import Official, Reference
    reference = Reference()
    reference.add("5", Official(A, 12, 0, "N", "NS"))
    reference.add("5", Official(B, 30, 1, "E", None))  # already held: the first stays
    reference.add("05", Official(B, 40, 1, None, None))
    again = pickle.loads(pickle.dumps(reference))
    assert again.get("5") == Official(A, 12, 0, "N", "NS") and again.get("05") == Official(B, 40, 1, None, None)
    assert again.get("6") is None


def test_a_date_is_read_by_the_day():
    from datetime import date

    from bridgelint.across.events.sighting import day_number
    day = date(2013, 8, 24).toordinal()
    for value in ("2013.08.24", "2013-08-24", "2013-08-24 19:13", "2013.08.24 19:13:05", " 2013-8-24 "):
        assert day_number(value) == day, value
    for value in ("2013.??.??", "2013.08.??", "????.??.??", "", "?", "24.08.2013", "2013-02-30", "2013-13-01",
                  "Summer 2013"):
        assert day_number(value) == 0, value


def test_sessions_split_deals_on_days_apart_only():
    from bridgelint.across.events.state import sessions
    assert sessions([{1, 2}, {3}]) == [0, 1]  # apart: two sessions
    assert sessions([{1, 2, 3}, {2}]) == [0, 0]  # the odd table on a day of the majority's
    assert sessions([{1}, {0}]) == [0, 0]  # a day not known never separates
    assert sessions([{1}, {2}, {1, 2}]) == [0, 0, 0]  # linked through a third deal
    assert sessions([{5}, {1}, {1}]) == [0, 1, 1]
