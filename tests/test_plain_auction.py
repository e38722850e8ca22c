"""An auction kept as text (``Auction.plain``, LIN's ``LinAuction``) gives the Calls the token-by-token reading
gives, and the fast replay of its names gives what the general replay gives: the same result for a legal auction,
and the general replay (which reports it) for any irregular one."""

from __future__ import annotations

import io
import re

from conftest import counting_made
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelint.core.reference import reference
from bridgelint.core.tokens import PLAIN_CALLS, Call
from bridgelint.engine.linter import check_record
from bridgelint.formats import open_reader
from bridgelint.formats.lin import LinReader
from bridgelint.replay.auction import replay_auction

NAMES = sorted(PLAIN_CALLS)
BIDS = [name for name in NAMES if PLAIN_CALLS[name].kind == "bid"]
BLANKS = st.sampled_from([" ", "  ", "\t", " \t"])


@st.composite
def laid_out(draw: st.DrawFn, names: list[str]) -> str:
    """The lines of an auction section holding ``names``, laid out at random (rows of any length, comments)."""
    lines, rest = [], list(names)
    while rest:
        count = draw(st.sampled_from([4, 4, 4, 1, 2, 3, 5]))
        row, rest = rest[:count], rest[count:]
        indent = draw(st.sampled_from(["", "", " ", "\t"]))
        tail = draw(st.sampled_from(["", " ", " {a comment}", " ; a comment"]))
        lines.append(indent + "".join(t + draw(BLANKS) for t in row[:-1]) + row[-1] + tail)
    return "".join(line + draw(st.sampled_from(["\n", "\r\n"])) for line in lines)


@st.composite
def plain_sections(draw: st.DrawFn) -> tuple[str, list[str]]:
    """An auction section of plain calls, laid out at random, and its names."""
    names = draw(st.lists(st.sampled_from(NAMES), max_size=30))
    return draw(laid_out(names)), names


def read(section: str, seat: str = "N", dealer: str = "N"):
    text = f'[Dealer "{dealer}"]\n[Auction "{seat}"]\n{section}'
    return next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))


def calls_by_line(section: str, first_line: int) -> list[Call]:
    """The section's Calls made one token at a time, from each line as written (comments left out)."""
    return [Call.plain(m.group(), first_line + number, m.start() + 1)
            for number, line in enumerate(section.split("\n"))
            for m in re.finditer(r"[^ \t\r]+", re.sub(r"[{;].*", "", line))]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(plain_sections())
def test_calls_made_from_the_text_are_the_calls_read_token_by_token(auction_text):
    section, names = auction_text
    with counting_made(Call) as made:
        auction = read(section).auction
        assert auction.names == names and made == []
        expected = calls_by_line(section, 3)
        assert auction.calls == expected and len(made) == 2 * len(names)  # the calls, then those expected
    assert [(c.token, c.kind, c.level, c.denomination) for c in expected] == [
        (name, PLAIN_CALLS[name].kind, PLAIN_CALLS[name].level, PLAIN_CALLS[name].denomination) for name in names]
    assert auction.lines() == {call.line for call in expected}
    assert auction.annotatable() == []
    # the same auction turned into Call objects by a NAG after it: the same calls, the last one annotated
    eager = read(section + "$0\n").auction
    assert eager.names is None
    if expected:
        expected[-1].nags = (0,)
    assert eager.calls == expected and eager.lines() == auction.lines()


def test_a_mark_note_or_other_word_turns_the_auction_into_call_objects():
    for section in ("1C Pass\n^I 1C Pass Pass Pass\n", "1C =1= Pass\n", "1C Pass\npass\n", "- 1C AP\n", "1C *\n",
                    "1C Pass $1\n", "1C Pass ZZ\n"):
        auction = read(section).auction
        assert auction.names is None and auction.calls[0].token in ("1C", "-"), section
        assert auction.calls[0].line == 3 and auction.calls[0].column == 1, section


def test_each_auction_section_starts_with_no_call():
    """An Auction section cut short by a malformed tag pair is in no section from there: none of its calls goes to
    a later Auction section, whether they were kept as text or as Call objects."""
    for first in ("1C Pass", "1C =1= Pass"):
        record = read(f"{first}\n[Bad tag\n[Auction \"N\"]\n1H Pass Pass Pass\n")
        assert [call.token for call in record.auction.calls] == ["1H", "Pass", "Pass", "Pass"], first


def test_an_auction_kept_as_text_stays_text_through_a_check():
    with counting_made(Call) as made:
        record = read("1C Pass 1H Pass\n2NT Pass 3NT AP\n")
        check_record(record)
        assert record.auction.names is not None and made == []
        # export format: the lines of the calls are checked for their spacing (S108) from the text
        text = '% EXPORT\r\n[Dealer "N"]\r\n[Auction "N"]\r\n1C Pass  1H Pass\r\n2NT Pass 3NT AP\r\n'
        record = next(iter(open_reader(io.BytesIO(text.encode()), "t.pbn")))
        export = [f.message for f in check_record(record) if f.code == "S108"]
        assert len(export) == 1 and "; line 4: elements not separated by single spaces" in export[0]
        assert record.auction.names is not None and made == []


# --- the fast replay gives what the general replay gives ------------------------------------------------------

def both_replays(names: list[str], seat: str = "N", dealer: str | None = "N"):
    """The replay of an auction of plain calls read from a PBN section, with the fast paths (the usual auction's
    fast replay) and with every fast path off."""
    auction = read(" ".join(names) + "\n" if names else "", seat, dealer or "").auction
    assert auction.names == names
    return replayed_both_ways(auction, dealer)


def replayed_both_ways(auction, dealer):
    """The replay of ``auction`` with the fast paths and with every fast path off."""
    fast = replay_auction(auction, dealer)
    with reference():
        return fast, replay_auction(auction, dealer)


@st.composite
def auctions(draw: st.DrawFn) -> list[str]:
    """Mostly legal auctions: bids going up, an opponent's double of the last bid and the redouble of it (right
    after it, or after two passes), passes, then often an end by three passes or AP; now and then any call at
    all (a bid not higher, a double out of place...), or calls after the end."""
    names: list[str] = []
    rank = -1
    for _ in range(draw(st.integers(0, 14))):
        choice = draw(st.sampled_from(["Pass", "Pass", "Pass", "bid", "bid", "bid", "risk", "risk", "risk", "any"]))
        last = max((i for i, name in enumerate(names) if name != "Pass"), default=-1)
        passes, before = len(names) - 1 - last, names[last] if last >= 0 else None  # since the last other call
        if choice == "bid" and rank < len(BIDS) - 1:
            rank = draw(st.integers(rank + 1, min(rank + 4, len(BIDS) - 1)))
            names.append(BIDS[rank])
        elif choice == "risk" and before not in (None, "XX") and passes in (0, 2):
            names.append("XX" if before == "X" else "X")
        elif choice == "any":
            names.append(draw(st.one_of(st.sampled_from(["X", "XX", "AP"]), st.sampled_from(BIDS))))
        elif passes < (2 if before else 3):  # a pass that does not end the auction
            names.append("Pass")
    names += draw(st.sampled_from([[], ["Pass"] * 3, ["Pass"] * 3, ["AP"], ["AP"], ["Pass", "Pass"], ["Pass"] * 4,
                                   ["Pass"] * 3 + ["1C"], ["AP", "Pass"]]))
    return names


@settings(max_examples=600, deadline=None, derandomize=True, database=None)
@given(auctions(), st.sampled_from("NESW"))
def test_fast_replay_is_the_general_replay_or_leaves_the_auction_to_it(names, dealer):
    fast, general = both_replays(names, dealer, dealer)
    assert fast == general


def test_fast_replay_of_legal_auctions():
    cases = {("N", "Pass Pass Pass Pass"): ("Pass", None), ("E", "AP"): ("Pass", None),
             ("N", "1NT AP"): ("1NT", "N"), ("W", "Pass 1NT AP"): ("1NT", "N"),
             ("N", "1H X XX AP"): ("1HXX", "N"), ("S", "1S Pass 2S X Pass Pass Pass"): ("2SX", "S"),
             ("N", "1C Pass 1H Pass 4H AP"): ("4H", "S"), ("E", "1D 1S 2D 2S 3D Pass Pass 3S AP"): ("3S", "S"),
             ("N", "1D Pass Pass X Pass Pass XX AP"): ("1DXX", "N"), ("N", "1S Pass"): (None, None),
             ("N", ""): (None, None)}
    for (dealer, text), (contract, declarer) in cases.items():
        fast, general = both_replays(text.split(), dealer, dealer)
        assert fast == general and fast.illegal is None, text
        assert (str(fast.contract) if fast.contract else None, fast.declarer) == (contract, declarer), text
        assert fast.ended == (contract is not None) and fast.seats == general.seats


def test_replay_auction_takes_the_general_replay_for_another_first_caller_or_no_seat():
    for seat, dealer in (("W", "N"), ("", None)):
        auction = read("1C Pass Pass Pass\n", seat, dealer or "").auction
        assert auction.names is not None
        fast, general = replayed_both_ways(auction, dealer)
        assert fast == general
    assert replay_auction(read("1C Pass Pass Pass\n", "W").auction, "N").illegal.kind == "wrong-first-caller"


# --- LIN: an auction of one-call mb fields is kept as the names of its calls ----------------------------------

LIN_DEAL = "md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"  # dealt by South
LIN_CALLS = ["p", "P", "d", "D", "r", "R", "1c", "1N", "2n!", "3H", "7s", "p!"]


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(st.sampled_from(LIN_CALLS), st.sampled_from([None, None, "", "Stayman"])), max_size=12))
def test_lin_calls_made_from_the_fields_match_their_names(mbs):
    fields = "".join(f"mb|{value}|" + (f"an|{note}|" if note is not None else "") for value, note in mbs)
    text = LIN_DEAL + fields
    with counting_made(Call) as made:
        auction = next(iter(LinReader(io.BytesIO(text.encode()), "t.lin"))).auction
        if not mbs:
            assert auction is None
            return
        assert auction.names is not None and made == []
        calls = auction.calls
        assert made == calls
    assert [(c.kind, c.level, c.denomination) for c in calls] == [
        (PLAIN_CALLS[name].kind, PLAIN_CALLS[name].level, PLAIN_CALLS[name].denomination) for name in auction.names]
    assert [(c.token, c.alert, c.explanation) for c in calls] == [(value, value.endswith("!"), note)
                                                                  for value, note in mbs]
    columns = [m.start() + 1 for m in re.finditer(r"mb\|", text)]
    assert [(c.line, c.column) for c in calls] == [(1, column) for column in columns]
    fast, general = replayed_both_ways(auction, "S")
    assert fast == general


def test_lin_auction_of_other_mb_values_is_read_as_call_objects():
    for values in (["1nppp"], ["p", "-", "1S"], ["p", "7Q"], ["p", ""]):
        text = LIN_DEAL + "".join(f"mb|{value}|" for value in values)
        auction = next(iter(LinReader(io.BytesIO(text.encode()), "t.lin"))).auction
        assert auction.names is None and auction.calls[0].token in ("1n", "p"), values
