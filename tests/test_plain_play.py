"""A play kept as text (``Play.plain``) gives the Cards the token-by-token reading gives, and the fast
replay of a plain play gives what the general replay gives, '*' and claims included."""

from __future__ import annotations

import io
import re

from conftest import PLAY_DEAL, PLAY_ROWS, read_findings
from hypothesis import given, settings
from hypothesis import strategies as st
from test_play_replay import IN_PLAY_ORDER, deal, lin_play

from bridgelint.core.bridge import FULL_DECK, Contract
from bridgelint.core.reference import reference
from bridgelint.core.tags import Field
from bridgelint.core.tokens import Card, seat_cards
from bridgelint.formats import open_reader
from bridgelint.replay.irregularity import AFTER_END, NOT_HELD
from bridgelint.replay.play import replay_play

HEADER = f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PLAY_DEAL}"]\n[Declarer "S"]\n[Contract "5HX"]\n'
CARDS = PLAY_ROWS.split()
BLANKS = st.sampled_from([" ", "  ", "\t", " \t"])


@st.composite
def plain_plays(draw: st.DrawFn) -> tuple[str, list[str]]:
    """The lines of a play section of plain tokens, laid out at random, and its tokens."""
    tokens = draw(st.lists(st.sampled_from(sorted(FULL_DECK) + ["-", "-", "+"]), max_size=56))
    if draw(st.booleans()):
        tokens.append("*")
    lines, rest = [], list(tokens)
    while rest:
        count = draw(st.sampled_from([4, 4, 4, 1, 2, 3, 5]))
        row, rest = rest[:count], rest[count:]
        indent = draw(st.sampled_from(["", "", " ", "\t"]))
        lines.append(indent + "".join(t + draw(BLANKS) for t in row[:-1]) + row[-1] + draw(st.sampled_from(["", " "])))
    return "".join(line + draw(st.sampled_from(["\n", "\r\n"])) for line in lines), tokens


def read(section: str, seat: str = "W"):
    text = f'{HEADER}[Play "{seat}"]\n{section}'
    return next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))


def cards_by_line(section: str, first_line: int, seat: str) -> list[Card]:
    """The section's Cards made one token at a time, from each line as written."""
    cards = [Card.plain(m.group(), first_line + number, m.start() + 1)
             for number, line in enumerate(section.split("\n")) for m in re.finditer(r"[^ \t\r]+", line)]
    seat_cards(cards, seat)
    return cards


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(plain_plays(), st.sampled_from("WNES"))
def test_cards_made_from_the_text_are_the_cards_read_token_by_token(play_text, seat):
    section, tokens = play_text
    play = read(section, seat).play
    assert play.tokens == tokens
    expected = cards_by_line(section, 7, seat)
    assert play.cards == expected
    assert play.lines() == {card.line for card in expected}
    assert play.end_mark() == (expected[-1] if tokens and tokens[-1] == "*" else None)
    # the same play turned into Card objects by a NAG after it: the same cards, the last one annotated
    eager = read(section + "$0\n", seat).play
    assert eager.tokens is None
    if tokens and tokens[-1] not in "*+":  # those annotate no card (N104)
        expected[-1].nags = (0,)
    assert eager.cards == expected


def test_a_mark_note_or_other_word_turns_the_play_into_card_objects():
    for section in ("SK H6 SA SJ\n^R HA H3 HK HJ\n", "SK H6 SA SJ =1=\n", "SK H6 SA SJ\nsk\n", "SK H6 SA SJ\nZZ\n"):
        play = read(section).play
        assert play.tokens is None and play.cards[0] == Card("SK", "card", 7, 1, "W", "S", "K"), section


def test_rows_outside_the_play_are_words_of_their_section():
    record = read("SK H6 SA SJ\n[Auction \"N\"]\nSK H6 SA SJ\n")
    assert record.play.tokens == ["SK", "H6", "SA", "SJ"]
    assert [(c.token, c.kind, c.line, c.column) for c in record.auction.calls] == [
        ("SK", "invalid", 9, 1), ("H6", "invalid", 9, 4), ("SA", "invalid", 9, 7), ("SJ", "invalid", 9, 10)]


# --- the fast replay gives what the general replay gives --------------------------------------------------------

HEARTS = Contract(5, "H")


def both_replays(play, contract=HEARTS):
    """The replay of ``play`` with the fast paths (the usual play's fast replay) and with every fast path off."""
    fast = replay_play(play, deal(), contract, "S")
    with reference():
        general = replay_play(play, deal(), contract, "S")
    return fast, general


def test_fast_replay_of_plain_plays_ending_in_a_star_or_cut_short():
    for count in range(53):
        for end in ([], ["*"]):
            rows = "\n".join([" ".join(CARDS[i:i + 4]) for i in range(0, count, 4)] + end)
            play = read(rows + "\n").play
            assert play.tokens is not None
            fast, general = both_replays(play)
            assert fast == general and fast.seated() == general.seated(), (count, end)
            assert (fast.end is not None) == bool(end) and fast.rows == (count + 3) // 4
            assert len(fast.tricks) == (count + 3) // 4 and not fast.stopped


def test_fast_replay_of_lin_plays_ending_in_a_claim():
    for count in (0, 1, 4, 7, 25, 52):
        play = lin_play(" ".join(IN_PLAY_ORDER.split()[:count]), Field("9", 9, 1, 200))
        fast, general = both_replays(play)
        assert fast == general and fast.claimed and len(fast.tricks) == count // 4, count


def test_irregular_plays_are_replayed_as_the_general_replay_replays_them():
    revoke = PLAY_ROWS.replace("HA H3 HK HJ", "HA D7 HK HJ")
    plays = [read(rows + "\n").play
             for rows in (revoke, PLAY_ROWS + "\nSA", "- - - -\n" + PLAY_ROWS, "SK H6 SA SJ\n*\nHA H3 HK HJ")]
    for play in [*plays, lin_play("SK H6 SA SJ", Field("3", 3, 1, 5))]:
        fast, general = both_replays(play)
        assert fast == general and fast.seated() == general.seated()
    assert [(len(fast.revokes), fast.illegal.kind, fast.illegal.item.line)
            for fast, _ in map(both_replays, plays)] == [(3, NOT_HELD, 14), (0, AFTER_END, 20), (0, AFTER_END, 20),
                                                         (0, AFTER_END, 9)]


def test_tricks_of_the_fast_replay_make_their_cards_when_read():
    play = read(PLAY_ROWS + "\n").play
    fast, general = both_replays(play)
    assert [t.cards for t in fast.tricks] == [t.cards for t in general.tricks]
    assert fast.tricks[1].cards[0] == ("N", play.cards[5])


def test_contract_in_no_trump():
    fast, general = both_replays(read(PLAY_ROWS + "\n").play, Contract(3, "NT"))
    assert fast == general and fast.won == {"NS": 3, "EW": 10}


# --- the usual header, read as a run of tag lines, gives the tags the tag pairs give one by one ----------------

TAG_NAMES = st.sampled_from(["Event", "Site", "Board", "Dealer", "Deal", "Note", "Auction", "Play", "Score",
                             "OptimumResultTable", "X_1"])
TAG_VALUES = st.text(st.characters(min_codepoint=32, max_codepoint=0x17F, blacklist_characters='"\\\x7f'), max_size=12)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(TAG_NAMES, TAG_VALUES), min_size=1, max_size=8), st.sampled_from(["\n", "\r\n"]),
       st.sampled_from(["", " ", "\t "]))
def test_tag_lines_read_as_the_tag_pairs_one_by_one(pairs, end, blank):
    lines = [f'[{name} "{value}"]{blank}' for name, value in pairs]
    at_once = read_text(end.join(lines) + end)
    # a comment after each tag pair: no tag pair alone on its line, each is read as a token of its own
    one_by_one = read_text(end.join(line + " {}" for line in lines) + end)
    assert at_once.tags == one_by_one.tags
    assert [(t.line, t.column, t.value_column) for t in at_once.tags[:len(pairs)]] == [
        (number, 1, len(name) + 4) for number, (name, _) in enumerate(pairs, 1)]
    assert [f.code for f in read_findings(at_once)] == [f.code for f in read_findings(one_by_one)]


def read_text(text: str):
    return next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))


# --- the usual auction rows, read at once, give the calls read one by one -------------------------------------

CALLS = st.sampled_from(["Pass", "Pass", "X", "XX", "AP", "1C", "1NT", "3H", "7S", "-", "*", "+", "2N", "pass"])


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.lists(CALLS, min_size=1, max_size=5), min_size=1, max_size=5), BLANKS, st.sampled_from(["\n", "\r\n"]))
def test_call_rows_read_as_the_calls_one_by_one(rows, blank, end):
    lines = [blank.join(row) for row in rows]
    at_once = read_text('[Dealer "N"]\n[Auction "N"]\n' + end.join(lines) + end)
    # a comment after each row: no row of calls alone on its line, each call is read as a token of its own
    one_by_one = read_text('[Dealer "N"]\n[Auction "N"]\n' + end.join(line + " {}" for line in lines) + end)
    assert at_once.auction.calls == one_by_one.auction.calls
    assert [c.token for c in at_once.auction.calls] == [call for row in rows for call in row]
    assert [(f.code, f.line, f.column) for f in read_findings(at_once)] == [
        (f.code, f.line, f.column) for f in read_findings(one_by_one)]


def test_fast_replay_of_plays_with_unknown_cards():
    """A claim written out: the tricks are counted up to the first row with a '-'; the rows placed alike."""
    rows = [row.split() for row in PLAY_ROWS.splitlines()]
    counted = 0  # plays whose tricks are counted up to the first row with a '-'
    for k in range(13):
        for mask in range(1, 16):  # which cards of row k are unknown
            row = [card if not mask >> i & 1 else "-" for i, card in enumerate(rows[k])]
            for after, end in ((rows[k + 1:], []), ([["-"] * 4] * (12 - k), ["*"]), ([], ["*"])):
                text = "\n".join([" ".join(r) for r in [*rows[:k], row, *after]] + end)
                play = read(text + "\n").play
                fast, general = both_replays(play)
                assert fast == general and fast.seated() == general.seated(), (k, mask, after)
                counted += len(fast.tricks) == k
    assert counted > 400


def test_irregular_cards_around_unknown_ones_go_to_the_general_replay():
    rows = PLAY_ROWS.splitlines()
    revoke = "\n".join(rows[:1] + ["HA D7 - -"])  # North leads D7, West plays HA holding diamonds
    fast, general = both_replays(read(revoke + "\n").play)
    assert fast == general and fast.revokes
    not_held = "\n".join(rows[:3] + ["- - - -", "D7 D6 - -"])  # North's D7 in West's column, West's D6 in North's
    fast, general = both_replays(read(not_held + "\n").play)
    assert fast == general and fast.illegal.kind == NOT_HELD
