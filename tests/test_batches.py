"""Records are read ahead in batches (``BATCH``, or a larger ``batch`` of a record hook with ``prepare``) and
their replays worked out a stage at a time: what each record and file is found to hold is that of one record at
a time, each record filtered by the directives above it; a bug in a stage of reading or replaying is X001 on its
game."""

from __future__ import annotations

import io

import pytest
from conftest import ERROR, WARNING, damaged_archives

from bridgelint.across.base import Across
from bridgelint.core.reference import reference
from bridgelint.engine import run as file_run
from bridgelint.engine.pipeline import Pipeline, check_stream
from bridgelint.formats import pbn

# games with directives between them, outside any game: each covers the games read after it (and, in the
# report, the whole file)
DIRECTIVES = "\n".join([
    ERROR, WARNING, "% bridgelint: disable-file=A103\n", ERROR, WARNING.replace('"1"', '"2"'),
    "% bridgelint: disable-file=B107\n% bridgelint: disable=D101\n", ERROR, WARNING, ERROR, WARNING, ERROR,
    WARNING, ERROR, WARNING, "% bridgelint: disable-file=B104\n", ERROR, WARNING])


class Ahead(Across):
    """A record hook that has records read ahead ``batch`` at a time; it notes the games of each batch."""

    def __init__(self, batch: int):
        self.batch = batch
        self.batches: list[list[int]] = []

    def prepare(self, batch) -> None:
        self.batches.append([ctx.record.game for ctx in batch])

    def see(self, ctx) -> list:
        return []


def run(name: str, data: bytes, hooks: tuple = ()) -> tuple[list, list]:
    """Each record's findings as the run gives them, record by record, and the file's report."""
    result = Pipeline(hooks=hooks).checking(name, io.BytesIO(data))  # the event checks included
    records = [(checked.record.game, [(f.code, f.line, f.column, f.message) for f in checked.findings])
               for checked in result]
    return records, [(f.code, f.line, f.column, f.game, f.message) for f in result.report.findings]


@pytest.mark.parametrize("batch", [2, 3, 8])
def test_records_read_ahead_are_found_to_hold_what_they_hold_one_at_a_time(batch, monkeypatch):
    inputs = [("directives.pbn", DIRECTIVES.encode()), *damaged_archives(60)]
    monkeypatch.setattr(file_run, "BATCH", 1)
    alone = {name: run(name, data) for name, data in inputs}
    for name, data in inputs:
        assert alone[name][0], name
        ahead = Ahead(batch)
        assert run(name, data, (ahead,)) == alone[name], name
        assert [game for games in ahead.batches for game in games] == [game for game, _ in alone[name][0]]
        assert all(len(games) == batch for games in ahead.batches[:-1]), name
    monkeypatch.setattr(file_run, "BATCH", batch)  # the run's own batches, no hook
    for name, data in inputs:
        assert run(name, data) == alone[name], name


@pytest.mark.parametrize("batch", [None, "reference", 3, 12])
def test_records_are_read_ahead_a_batch_at_a_time_one_at_a_time_in_the_reference_run(batch, monkeypatch):
    real = pbn.PbnReader.games
    given: list[int] = []  # the games the reader has split off

    def counted(self):
        for game in real(self):
            given.append(1)
            yield game

    monkeypatch.setattr(pbn.PbnReader, "games", counted)
    seen: list[int] = []  # how many games were split off when each record reached the hooks
    hooks = (lambda ctx: seen.append(len(given)) or [],) + ((Ahead(batch),) if isinstance(batch, int) else ())
    with reference(batch == "reference"):
        check_stream("t.pbn", io.BytesIO(DIRECTIVES.encode()), hooks=hooks)
    if batch is None or batch == 3:  # the run's own batches, larger than the hook's
        assert seen == [8] * 8 + [14] * 6
    elif batch == "reference":
        assert seen == list(range(1, 15))
    else:
        assert seen == [12] * 12 + [14] * 2


@pytest.mark.parametrize("batch", [None, 8])  # one at a time; read ahead past every directive
def test_directives_between_games_cover_the_records_read_after_them(batch):
    records, _ = run("t.pbn", DIRECTIVES.encode(), () if batch is None else (Ahead(batch),))
    a103 = [game for game, findings in records if any(code == "A103" for code, *_ in findings)]
    assert a103 == [1]  # the games after the disable-file=A103 line no longer show it


def test_a_replay_that_fails_is_x001_on_its_record_only(monkeypatch):
    from bridgelint.replay import context

    real = context.replay_auction

    def broken(auction, dealer):
        if auction.line == 9 * 7 + 5:  # the auction of game 10
            raise RuntimeError("boom")
        return real(auction, dealer)

    text = "\n".join([ERROR] * 12).encode()
    before = check_stream("t.pbn", io.BytesIO(text)).findings
    monkeypatch.setattr(context, "replay_auction", broken)
    after = check_stream("t.pbn", io.BytesIO(text)).findings
    assert [(f.game, f.line) for f in after if f.code == "X001"] == [(10, 64)]
    assert "RuntimeError: boom" in [f for f in after if f.code == "X001"][0].message
    assert [f for f in before if f.game != 10] == [f for f in after if f.game != 10]


def test_records_read_before_the_reader_fails_are_all_checked(monkeypatch):
    from bridgelint.formats import pbn

    def broken(self):
        for game in range(11):
            yield 1 + 7 * game, ERROR, []
        raise RuntimeError("boom")

    monkeypatch.setattr(pbn.PbnReader, "games", broken)
    result = check_stream("t.pbn", io.BytesIO(b""))
    assert result.games == 11
    assert [f.line for f in result.findings if f.code == "A103"] == [6 + 7 * game for game in range(11)]
    assert [(f.code, f.line) for f in result.findings if f.code == "X001"] == [("X001", 71)]


@pytest.mark.parametrize("stage", ["scan", "interpret_header", "check_export"])  # each stage of reading a game
def test_a_bug_in_a_stage_of_reading_is_x001_on_its_game_only(stage, monkeypatch):
    from bridgelint.formats.pbn_game import GameScanner

    text = ("% EXPORT\n\n" + "\n".join([ERROR] * 12)).encode()
    before = check_stream("t.pbn", io.BytesIO(text)).findings
    owner, name = (GameScanner, "scan") if stage == "scan" else (pbn, stage)
    real = getattr(owner, name)

    def broken(*args):
        record = args[0].record if stage == "scan" else args[0]
        if record.game == 3:
            raise RuntimeError("boom")
        return real(*args)

    monkeypatch.setattr(owner, name, broken)
    after = check_stream("t.pbn", io.BytesIO(text)).findings
    assert [(f.code, f.line) for f in after if f.game == 3] == [("X001", 17)]
    assert [f for f in before if f.game != 3] == [f for f in after if f.game != 3]


class FailsToPrepare(Ahead):
    """A record hook whose preparing of a batch meets a bug."""

    def prepare(self, batch) -> None:
        raise ValueError("no such table")


def test_a_bug_while_preparing_a_batch_is_x001_on_each_of_its_games_and_the_rest_is_checked():
    records, _ = run("t.pbn", (ERROR + "\n" + ERROR.replace('"1"', '"2"')).encode(), (FailsToPrepare(2),))
    assert [(game, found[0][0], "A103" in [code for code, *_ in found]) for game, found in records] == [
        (1, "X001", True), (2, "X001", True)]  # the bug at the game's start, the game still checked
    assert all(message == "internal error while preparing this game's checks: ValueError: no such table"
               for _, found in records for code, _, _, message in found if code == "X001")
