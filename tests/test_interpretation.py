"""A record's interpretation (replay/semantics.py) is worked out once per record, whoever asks for it: the PBN
writer, the board view, the HTML report, the API."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgelint.api import read
from bridgelint.convert.pbn_writer import game_text
from bridgelint.replay import semantics
from bridgelint.replay.context import Context
from bridgelint.replay.semantics import interpretation, stated
from bridgelint.reporters.html import board_html
from bridgelint.views.board import render, title

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


@pytest.fixture
def counted(monkeypatch):
    """The names of the interpretation's workings, each time one runs."""
    calls: list[str] = []
    for name in ("_pbn_header", "_lin_header", "_replayed"):
        work = getattr(semantics, name)
        monkeypatch.setattr(semantics, name, lambda *args, work=work, name=name: calls.append(name) or work(*args))
    return calls


@pytest.mark.parametrize(("sample", "header"), [("clean.pbn", "_pbn_header"), ("vugraph.lin", "_lin_header")])
def test_a_record_is_interpreted_once_whoever_asks(counted, sample, header):
    record = read(SAMPLES / sample)[0]
    ctx = Context(record)
    text = game_text(record, ctx)
    drawn = render(record, [], replays=ctx)
    seen = interpretation(ctx)
    assert interpretation(ctx) is seen and stated(ctx) is seen.stated
    assert counted == [header, "_replayed"]
    assert f'[North "{seen.stated.tags["North"]}"]' in text and f"North: {seen.stated.players['N']}" in drawn


def test_the_writer_and_the_view_do_not_replay_for_the_stated_values(counted):
    record = read(SAMPLES / "clean.pbn")[0]
    ctx = Context(record)
    game_text(record, ctx)
    render(record, [], replays=ctx)
    assert counted == ["_pbn_header"]  # the replayed outcome is the API's: worked out only when asked for


def test_a_new_context_interprets_again(counted):
    record = read(SAMPLES / "clean.pbn")[0]
    board_html(record, [], "b1")  # the HTML report reads the record again: a Context of its own
    stated(Context(record))
    assert counted == ["_pbn_header", "_pbn_header"]


def test_a_board_that_names_its_room_is_titled_by_it_in_every_format():
    lin = read(SAMPLES / "vugraph.lin")[1]
    assert title(lin, stated(Context(lin))) == "Board 3 (Closed room, line 6)"
    open_room, unnamed = read(io.StringIO('[Board "7"]\n[Room "open"]\n\n[Board "7"]\n[Room "lobby"]\n'), format="pbn")
    assert title(open_room, stated(Context(open_room))) == "Board 7 (Open room, line 1)"
    assert title(unnamed, stated(Context(unnamed))) == "Board 7 (game 2, line 4)"  # no room of a match
