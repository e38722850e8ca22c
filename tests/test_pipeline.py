"""One pipeline for every command: check, convert and replay select, configure and suppress alike."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner
from conftest import ERROR, damaged_archives

from bridgelint.across.base import Across
from bridgelint.cli import cli
from bridgelint.core.findings import Finding
from bridgelint.engine.linter import Linter
from bridgelint.engine.pipeline import Pipeline, check_stream
from bridgelint.engine.run import FileRun
from bridgelint.formats import open_reader
from bridgelint.replay.context import Context
from bridgelint.rules import DEFAULT_CODES

DIRECTIVE = "% bridgelint: disable=A103\n"
FINDING_LINE = re.compile(r"^  ([A-Z]\d{3}) (?:error|warning|info) \(line", re.M)
TWO_GAMES = ERROR + "\n" + ERROR.replace('[Board "1"]', '[Board "2"]').replace('"None"', '"NS"').replace(
    '[Dealer "N"]', '[Dealer "E"]').replace('[Auction "N"]', '[Auction "E"]')


def check_codes(out: str, err: str) -> list[str]:
    return [f["code"] for f in json.loads(out)["files"][0]["findings"]] if out.strip() else []


def convert_codes(out: str, err: str) -> list[str]:
    """The codes of the records' findings in the JSON, and of the errors and warnings on standard error."""
    from_json = {f["code"] for record in json.loads(out)["records"] for f in record["findings"]}
    from_stderr = {line.split(": ")[1].split()[0] for line in err.splitlines()}
    return sorted(from_json | from_stderr)


def replay_codes(out: str, err: str) -> list[str]:
    """The codes of the findings listed under each part of the board."""
    return FINDING_LINE.findall(out)


COMMANDS = {
    "check": (["check", "--format", "json", "--show-info"], check_codes),
    "convert": (["convert", "--to", "json"], convert_codes),
    "replay": (["replay", "--ascii"], replay_codes),
}


def run(monkeypatch, tmp_path, command: str, text: str, *options: str) -> list[str]:
    args, codes_of = COMMANDS[command]
    path = tmp_path / "t.pbn"
    path.write_text(text)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, [*args, "t.pbn", *options])
    assert result.exit_code in (0, 1), result.output
    return codes_of(result.stdout, result.stderr)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_reports_the_error(monkeypatch, tmp_path, command):
    assert "A103" in run(monkeypatch, tmp_path, command, ERROR)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("options", [("--ignore", "A103"), ("--select", "B,C"), ("--ignore", "A1")])
def test_every_command_honours_select_and_ignore(monkeypatch, tmp_path, command, options):
    assert "A103" not in run(monkeypatch, tmp_path, command, ERROR, *options)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("table", ['ignore = ["A103"]', 'per-file-ignores = { "t.pbn" = ["A"] }'])
def test_every_command_honours_the_configuration(monkeypatch, tmp_path, command, table):
    (tmp_path / "pyproject.toml").write_text(f"[tool.bridgelint]\n{table}\n")
    assert "A103" not in run(monkeypatch, tmp_path, command, ERROR)
    assert "A103" in run(monkeypatch, tmp_path, command, ERROR, "--isolated")


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_honours_suppression_lines(monkeypatch, tmp_path, command):
    codes = run(monkeypatch, tmp_path, command, DIRECTIVE + ERROR)
    assert "A103" not in codes and "S112" not in codes
    unused = run(monkeypatch, tmp_path, command, ERROR.replace("[Auction", DIRECTIVE + "[Auction").replace(
        "1C AP", "1H AP"))
    assert unused == ["S112"]


def test_a_configuration_error_ends_every_command_with_status_2(monkeypatch, tmp_path):
    (tmp_path / "t.pbn").write_text(ERROR)
    monkeypatch.chdir(tmp_path)
    for args, _ in COMMANDS.values():
        result = CliRunner().invoke(cli, [*args, "t.pbn", "--select", "Q999"])
        assert result.exit_code == 2 and "Q999" in result.stderr


def test_records_are_streamed_one_at_a_time():
    run = FileRun("t.pbn", io.BytesIO(TWO_GAMES.encode()), hooks=Pipeline().hooks_for(DEFAULT_CODES))
    seen = []
    for checked in run:
        seen.append((checked.record.board_number, run.report.games, [f.code for f in checked.findings]))
        assert isinstance(checked.replays, Context) and checked.replays.record is checked.record
    assert seen == [("1", 1, ["A103"]), ("2", 2, ["E102", "A103"])]  # board 2 repeats board 1's deal
    assert sorted(f.code for f in run.report.findings) == ["A103", "A103", "E102"]


def test_a_record_hook_sees_every_record_and_its_findings_are_selected_and_suppressed():
    seen: list[str | None] = []

    def repeated_board(replays: Context):
        seen.append(replays.record.board_number)
        if seen.count(replays.record.board_number) > 1:
            yield Finding("B101", "board 1 again", replays.record.line, 1)

    text = ERROR + "\n" + ERROR + "\n" + DIRECTIVE.replace("A103", "B101") + ERROR
    report = check_stream("t.pbn", io.BytesIO(text.encode()), hooks=[repeated_board])
    assert seen == ["1", "1", "1"]
    assert [(f.code, f.game) for f in report.findings if f.code == "B101"] == [("B101", 2)]
    assert not [f for f in check_stream("t.pbn", io.BytesIO(text.encode()), {"A103"}, hooks=[repeated_board]).findings
                if f.code == "B101"]


def test_a_check_across_records_is_called_for_each_file_and_decides_at_its_end():
    calls: list[str] = []

    class Repeats(Across):
        def start_file(self, path, codes):
            calls.append(f"start {path}")
            self.boards: dict[str | None, int] = {}

        def see(self, ctx):
            calls.append(f"record {ctx.record.game}")
            self.boards[ctx.record.board_number] = ctx.record.line
            return ()

        def end_file(self, report):
            calls.append("end")
            return [Finding("B101", f"{len(self.boards)} board", line, 1) for line in self.boards.values()]

    text = ERROR + "\n" + ERROR
    report = check_stream("t.pbn", io.BytesIO(text.encode()), hooks=[Repeats()])
    assert calls == ["start t.pbn", "record 1", "record 2", "end"]
    assert [(f.code, f.message, f.line) for f in report.findings if f.code == "B101"] == [
        ("B101", "1 board", ERROR.count("\n") + 2)]


def test_a_bug_in_a_hook_is_x001_on_its_record():
    def broken(replays: Context):
        raise RuntimeError("boom")

    report = check_stream("t.pbn", io.BytesIO(TWO_GAMES.encode()), hooks=[broken])
    assert [(f.code, f.game) for f in report.findings if f.code == "X001"] == [("X001", 1), ("X001", 2)]


def test_the_pipeline_applies_per_file_ignores_and_exclusions(tmp_path):
    from bridgelint.engine.config import parse_config
    from bridgelint.rules import RULES

    (tmp_path / "a.pbn").write_text(ERROR)
    (tmp_path / "skip.pbn").write_text(ERROR)
    config = parse_config({"per-file-ignores": {"a.pbn": ["A103"]}, "exclude": ["skip.pbn"]}, RULES, tmp_path)
    pipeline = Pipeline(frozenset(RULES), config)
    assert pipeline.paths([str(tmp_path)]) == [str(tmp_path / "a.pbn")]
    assert "A103" not in pipeline.codes_for(str(tmp_path / "a.pbn"))
    assert [f.code for f in pipeline.check_file(str(tmp_path / "a.pbn")).findings] == []


def test_rules_run_only_on_the_formats_they_can_find_something_in(monkeypatch):
    linter = Linter(dispatch=False)  # every rule of the format, whatever the record holds (tests/test_dispatch.py)
    everything = [rule.code for rule in linter.rules]
    pbn_only = {rule.code for rule in linter.rules if rule.formats == frozenset(("pbn",))}
    assert {"N101", "N102", "T103", "T104", "T105", "T106"} <= pbn_only
    called: list[str] = []
    for rule in linter.rules:  # note which rules run
        monkeypatch.setattr(rule, "check", lambda ctx, code=rule.code: called.append(code) or iter(()))
    for name, data in (("t.pbn", b'[Board "1"]\n'), ("t.lin", b"md|3SAK,HAK,DAK,|")):
        called.clear()
        linter.check_record(Context(next(iter(open_reader(io.BytesIO(data), name)))))
        assert called == (everything if name == "t.pbn" else [code for code in everything if code not in pbn_only])
    monkeypatch.undo()
    lin_records = [r for name, data in damaged_archives(400) if name.endswith(".lin")
                   for r in open_reader(io.BytesIO(data), name)]
    assert len(lin_records) >= 400
    # run on LIN anyway, the PBN-only rules find nothing there: skipping them loses nothing
    found = {f.code for record in lin_records for rule in linter.rules if rule.code in pbn_only
             for f in rule.check(Context(record))}
    assert found == set()
