"""Checks across records: their catalogue (``across.ACROSS``), when a file's run makes each, and the protocol the
engine runs them by, whoever implements it."""

from __future__ import annotations

import io

from conftest import ERROR
from test_event_rules import D1, D2, game, pbn
from test_rule_homes import makers

from bridgelint.across import ACROSS, DECIDING, PREPARING, checks_for
from bridgelint.across.base import AcrossFiles, AcrossRecords, EventScope, Scope
from bridgelint.across.events.hook import EventHook
from bridgelint.across.events.state import Reference
from bridgelint.across.hand_deals import HandDeals
from bridgelint.across.optimum import MakeableOnlyHook, SolvedFile
from bridgelint.across.standings import StandingsHook
from bridgelint.core.findings import Finding
from bridgelint.engine.pipeline import Pipeline, check_stream
from bridgelint.engine.run_events import RunEvents
from bridgelint.rules import DEFAULT_CODES, RULES

EVERY_CODE = frozenset(RULES)
ALL_ON = Scope(EventScope(reference=Reference()), solved=True)


def test_the_catalogue_names_the_codes_each_check_decides():
    decided = {code for code, modules in makers().items() if any(m.startswith("across/") for m in modules)}
    assert decided == {"E101", "E102", "E103", "E104", "E105", "E106", "O103", "O104", "O105", "R104", "R105", "R106"}
    assert decided <= frozenset().union(*(check.codes for check in DECIDING))
    assert all(check.codes <= EVERY_CODE for check in ACROSS)
    assert ACROSS == PREPARING + DECIDING


def test_a_run_makes_each_check_in_the_catalogue_order_with_the_solve_stage_after_those_that_prepare():
    stage = object()
    made = checks_for(EVERY_CODE, ALL_ON, [stage])  # type: ignore[list-item]
    assert [type(check) for check in made] == [HandDeals, object, SolvedFile, EventHook, MakeableOnlyHook,
                                               StandingsHook]
    assert made[1] is stage
    assert all(isinstance(check, AcrossRecords) for check in made if check is not stage)


def test_a_check_is_made_only_when_its_codes_and_the_run_ask_for_it():
    assert checks_for(frozenset({"A101"}), Scope(events=None)) == []
    assert [type(c) for c in checks_for(frozenset({"R104"}), Scope(events=None))] == [StandingsHook]
    assert [type(c) for c in checks_for(frozenset({"O104"}), Scope(events=None))] == [MakeableOnlyHook]
    assert [type(c) for c in checks_for(frozenset({"O103"}), Scope(events=None))] == []  # no --dd: nothing solved
    assert [type(c) for c in checks_for(frozenset({"O103"}), Scope(events=None, solved=True))] == [SolvedFile]
    assert [type(c) for c in checks_for(frozenset({"V101"}), Scope())] == []  # no hand record: no deal to give
    assert [type(c) for c in checks_for(frozenset({"V101"}), ALL_ON)] == [HandDeals, EventHook]
    # across files, every file's sightings count, whatever its own selection
    assert [type(c) for c in checks_for(frozenset({"A101"}), Scope(EventScope(across=True)))] == [EventHook]
    assert {type(c) for c in Pipeline(DEFAULT_CODES).hooks_for(DEFAULT_CODES)} == {EventHook, MakeableOnlyHook,
                                                                                  StandingsHook}


class Twice:
    """A check across records by the protocol alone, no base class: the second record of a board is B101."""

    codes = frozenset({"B101"})
    later: frozenset[str] = frozenset()
    batch = 0
    pending = None

    def __init__(self) -> None:
        self.calls: list[str] = []

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        self.calls.append(f"start {path} {'B101' in codes}")
        self.seen: set[str | None] = set()

    def prepare(self, batch: list) -> None:
        raise AssertionError("batch is 0: nothing to prepare")

    def see(self, ctx) -> list[Finding]:
        board = ctx.record.board_number
        again = board in self.seen
        self.seen.add(board)
        return [Finding("B101", f"board {board} again", ctx.record.line, 1)] if again else []

    def end_file(self, report) -> list[Finding]:
        self.calls.append(f"end {report.games}")
        return []


def test_the_engine_runs_a_check_by_the_protocol_and_finishes_its_findings_as_the_rules():
    check = Twice()
    assert isinstance(check, AcrossRecords)
    text = ERROR + "\n" + ERROR
    report = check_stream("t.pbn", io.BytesIO(text.encode()), hooks=[check])
    assert check.calls == ["start t.pbn True", "end 2"]
    assert [(f.code, f.line, f.column, f.game, f.severity) for f in report.findings if f.code == "B101"] == [
        ("B101", ERROR.count("\n") + 2, 1, 2, RULES["B101"].severity)]
    suppressed = ERROR + "\n% bridgelint: disable=B101\n" + ERROR
    assert not [f for f in check_stream("t.pbn", io.BytesIO(suppressed.encode()), hooks=[Twice()]).findings
                if f.code == "B101"]
    assert not [f for f in check_stream("t.pbn", io.BytesIO(text.encode()), {"A103"}, hooks=[Twice()]).findings
                if f.code == "B101"]


def test_the_event_checks_part_in_the_run_is_held_and_ended_by_the_protocol(tmp_path):
    """Across files, each file's event hook leaves its sightings; the run's part decides the fouled board by the
    majority once every file is held, and only then."""
    upload, others = tmp_path / "table3.pbn", tmp_path / "tables12.pbn"
    upload.write_text(pbn(game("1", D2)))
    others.write_text(pbn(game("1", D1), game("1", D1)))
    files = Pipeline(events=EventScope(across=True)).files([str(upload), str(others)])
    assert isinstance(files.events, AcrossFiles) and isinstance(files.events, RunEvents)
    held = [result.report for result in files]
    assert not [f for report in held for f in report.findings if f.code == "E101"]  # not decided yet
    ended = files.end()
    assert [report.path for report in ended] == [str(upload), str(others)]
    assert [(report.path, f.code, f.line) for report in ended for f in report.findings if f.code == "E101"] == [
        (str(upload), "E101", 5)]
