"""One road: check, replay, convert, the API and the HTML report find the same codes, the event checks included,
on one process or several."""

from __future__ import annotations

import json
import pickle
import re
import shutil
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgelint
from bridgelint.across.base import EventScope
from bridgelint.cli import cli
from bridgelint.core.report import FileReport
from bridgelint.engine import pipeline
from bridgelint.engine.hand_records import read_reference
from bridgelint.engine.linter import location
from bridgelint.engine.opening import open_input
from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules import RULES

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
FOULED = "N:AKQJ.T98.765.432 765.432.AKQJ.T98 T98.765.432.AKQJ 432.AKQJ.T98.765"  # East's and South's hands swapped


def game(board: str, deal: str, contract: str) -> str:
    return (f'[Event "Club night"]\n[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "7"]\n')


# board 1 at three tables, the second dealt another way: E101 on it, by the majority
E101_FIXTURE = "\n".join((game("1", DEAL, "1NT"), game("1", FOULED, "2C"), game("1", DEAL, "1S")))
SEEN = ("error", "warning")  # convert prints these; info is left out everywhere
CODE_LINE = re.compile(r"^  ([A-Z]\d{3}) (error|warning|info) \(line", re.M)
HTML_CODE = re.compile(r'class="code (error|warning|info)"[^>]*>([A-Z]\d{3})<')


@pytest.fixture
def inputs(tmp_path, monkeypatch) -> list[str]:
    for sample in sorted(SAMPLES.iterdir()):
        shutil.copy(sample, tmp_path / sample.name)
    (tmp_path / "fouled.pbn").write_text(E101_FIXTURE)
    monkeypatch.chdir(tmp_path)
    return sorted(p.name for p in tmp_path.iterdir())


def invoke(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return result


def by_check(path: str) -> set[str]:
    files = json.loads(invoke("check", "--format", "json", "--show-info", path).stdout)["files"]
    return {f["code"] for f in files[0]["findings"] if f["severity"] in SEEN}


def by_replay(path: str) -> set[str]:
    return {code for code, severity in CODE_LINE.findall(invoke("replay", "--ascii", path).stdout) if severity in SEEN}


def by_convert(path: str) -> set[str]:
    result = invoke("convert", "--to", "json", path)
    from_json = {f["code"] for record in json.loads(result.stdout)["records"] for f in record["findings"]
                 if f["severity"] in SEEN}
    return from_json | {line.split(": ")[1].split()[0] for line in result.stderr.splitlines()}


def by_api(path: str) -> set[str]:
    return {f.code for f in pipeline.check_file(path).findings if f.severity in SEEN}


def by_html(path: str) -> set[str]:
    invoke("check", "--format", "html", "--output-file", "report.html", path)
    return {code for severity, code in HTML_CODE.findall(Path("report.html").read_text(encoding="utf-8"))
            if severity in SEEN}


WAYS = {"replay": by_replay, "convert": by_convert, "api": by_api, "html": by_html}


@pytest.mark.parametrize("way", sorted(WAYS))
def test_every_command_finds_the_codes_check_finds(inputs, way):
    found = {path: by_check(path) for path in inputs}
    assert "E101" in found["fouled.pbn"] and any(found[p] for p in inputs if p != "fouled.pbn")
    assert {path: WAYS[way](path) for path in inputs} == found


def test_an_api_run_without_event_checks_finds_no_event_code(inputs):
    assert "E101" in by_api("fouled.pbn")
    assert not {f.code for f in pipeline.check_file("fouled.pbn", events=None).findings} & {"E101", "E102"}


def test_one_check_on_two_processes_finds_what_each_file_alone_finds(inputs):
    files = json.loads(invoke("check", "--format", "json", "--show-info", "--jobs", "2", *inputs).stdout)["files"]
    together = {Path(f["path"]).name: {x["code"] for x in f["findings"] if x["severity"] in SEEN} for f in files}
    assert together == {path: by_check(path) for path in inputs}


def found_by(reports) -> dict[str, set[str]]:
    return {Path(report.path).name: {f.code for f in report.findings if f.severity in SEEN} for report in reports}


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_road_gives_each_file_what_check_finds_on_one_process_or_two(inputs, jobs):
    with closing(Pipeline().files(inputs, jobs)) as run:
        assert found_by(result.report for result in run) == {path: by_check(path) for path in inputs}
        assert not run.waiting and run.end() == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_api_checks_several_files_as_check_does(inputs, jobs):
    reports = bridgelint.check_files(inputs, jobs=jobs)
    assert [report.path for report in reports] == inputs
    assert found_by(reports) == {path: by_check(path) for path in inputs}


def test_the_api_checks_events_across_files_as_check_does(inputs):
    (Path("again.pbn")).write_text(game("1", FOULED, "3C"))  # board 1 of fouled.pbn, dealt as its second table
    paths = [*inputs, "again.pbn"]
    files = json.loads(invoke("check", "--format", "json", "--show-info", "--across-files", *paths).stdout)["files"]
    by_command = {Path(f["path"]).name: [(x["code"], x["line"], x["message"]) for x in f["findings"]] for f in files}
    reports = bridgelint.check_files(paths, across_files=True, jobs=2)
    assert {report.path: [(f.code, f.line, f.full_message) for f in report.findings] for report in reports} == by_command
    within = {report.path: {f.code for f in report.findings} for report in bridgelint.check_files(paths)}
    assert "E101" in by_command["again.pbn"][0] and "E101" not in within["again.pbn"]  # seen across files only


def test_each_records_findings_and_the_files_own_make_the_report(inputs):
    """The record-level road (replay, convert) and the report-level one (check) give the same findings."""
    with closing(Pipeline().files(inputs)) as run:
        for result in run:
            per_record = [f for checked in result for f in checked.findings]
            assert sorted(per_record + result.at_end + result.file_findings, key=location) == result.report.findings
            assert result.opened and not result.lost


def described(report: FileReport) -> tuple:
    return (report.path, report.format, report.games, report.boards, report.unreadable, report.events,
            [(f.code, f.severity, f.line, f.column, f.game, f.board, f.message) for f in report.findings])


def test_a_pipeline_pickles_and_a_worker_reports_what_this_process_does(inputs):
    reference = read_reference(["fouled.pbn"], open_input)  # board 1 as its first table has it: E101 elsewhere
    pipeline = Pipeline(frozenset(RULES), fmt=None, events=EventScope(listed=True, reference=reference),
                        hand_records=("fouled.pbn",), encoding="cp1252")
    sent = pickle.loads(pickle.dumps(pipeline))
    assert replace(sent, events=None) == replace(pipeline, events=None)
    assert sent.events is not None and sent.events.reference is not None
    assert sent.events.reference.files == reference.files == ["fouled.pbn"]
    for path in inputs:
        here = pipeline.checked(path)
        there = pickle.loads(pickle.dumps(sent.checked(path)))  # what a worker sends back
        assert described(there.report) == described(here.report)
        assert (there.at_end, there.file_findings, there.lost) == (here.at_end, here.file_findings, here.lost)
    with closing(pipeline.files(inputs, 2)) as two, closing(pipeline.files(inputs, 1)) as one:
        assert [described(r.report) for r in two] == [described(r.report) for r in one]
        assert [described(r) for r in two.end()] == [described(r) for r in one.end()]
    assert "E101" in {f.code for report in one.end() for f in report.findings}
