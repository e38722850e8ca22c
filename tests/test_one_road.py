"""One road: check, replay, convert, the API and the HTML report find the same codes, the event checks included."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgelint.engine import pipeline
from bridgelint.cli import cli

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


def test_the_boards_a_report_draws_are_the_records_the_run_read(inputs):
    """The HTML report draws from ``Pipeline.records``: the records as the run read them, in order."""
    run = pipeline.Pipeline()
    boards = 0
    for path in inputs:
        with open(path, "rb") as stream:
            checked = [(c.record.game, c.record.line, c.record.board_number) for c in run.run(path, stream)]
        assert [(r.game, r.line, r.board_number) for r in run.records(path)] == checked
        boards += len(checked)
    assert boards > len(inputs)
