"""The Python API: reading, checking as `bridgelint check` does, the replayed outcome, writing PBN and JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import read_findings, run_cli

import bridgelint
import bridgelint.api

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_read_a_pbn_file_by_name():
    records = bridgelint.read(SAMPLES / "clean.pbn")
    assert len(records) == 4
    first = records[0]
    assert first.format == "pbn" and first.board_number == "1" and first.dealer.value == "N"
    assert str(first.contract.value) == "2S" and len(first.deal.hands["N"]) == 13


def test_iter_records_streams_a_binary_stream_with_format_from_content():
    data = (SAMPLES / "vugraph.lin").read_bytes()
    records = bridgelint.iter_records(io.BytesIO(data))
    first = next(records)
    assert first.format == "lin" and first.board_number == "3"
    assert len(list(records)) == 3


def test_iter_records_accepts_a_text_stream_and_an_explicit_format():
    text = io.StringIO('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H 1D\n')
    (record,) = bridgelint.iter_records(text, format="pbn")
    assert [c.token for c in record.auction.calls] == ["1H", "1D"]


def test_check_record_gives_the_rule_findings():
    records = bridgelint.read(str(SAMPLES / "auction-defects.pbn"))
    findings = bridgelint.check_record(records[1])
    assert [(f.code, f.severity, f.line, f.column, f.board) for f in findings] == [("A103", "error", 25, 9, "2")]


def test_reading_never_raises_on_bad_input():
    (record,) = bridgelint.read(io.BytesIO(b'[Board "1"\n[Deal "N:junk"]\n'), format="pbn")
    assert {f.code for f in read_findings(record)} >= {"S102"}


# --- checking as `bridgelint check` does -----------------------------------------------------------------------

EVENT = Path(__file__).resolve().parents[1] / "docs" / "examples" / "event"


def cli_json(monkeypatch, *args: str) -> dict:
    code, out, err = run_cli(monkeypatch, *args)
    return json.loads(out)


def test_check_finds_what_the_command_finds(monkeypatch):
    """Every finding of `bridgelint check --isolated` on a file, file-level ones and suppressions included."""
    for name in ("auction-defects.pbn", "play-defects.pbn", "vugraph.lin", "deal-defects.pbn"):
        report = bridgelint.check(SAMPLES / name)
        [expected] = cli_json(monkeypatch, "check", "--isolated", "--show-info", "--format", "json",
                               str(SAMPLES / name))["files"]
        assert [(f.code, f.severity, f.line, f.column, f.game, f.board) for f in report.findings] == [
            (f["code"], f["severity"], f["line"], f["column"], f["game"], f["board"]) for f in expected["findings"]]
        assert (report.games, report.boards) == (expected["games"], expected["boards"])


def test_check_includes_the_events_of_the_file():
    two_tables = (EVENT / "table1.pbn").read_text() + "\n" + (EVENT / "table2.pbn").read_text()
    report = bridgelint.check(io.StringIO(two_tables), select=["E"])
    assert [(f.code, f.board) for f in report.findings] == [("E101", "2")]
    assert report.path == "-" and report.events and report.events[0]["boards"]


def test_check_compares_with_the_hand_records():
    report = bridgelint.check(str(EVENT / "table2.pbn"), hand_records=[str(EVENT / "handrecord.pbn")])
    [finding] = report.findings
    assert (finding.code, finding.line, finding.column) == ("E101", 19, 8)
    assert "handrecord.pbn:17" in finding.message
    assert bridgelint.check(str(EVENT / "table2.pbn")).findings == []  # alone, its board 2 is the majority


def test_check_selects_as_the_options_do():
    path = SAMPLES / "auction-defects.pbn"
    assert {f.code for f in bridgelint.check(path, select=["A10"], ignore=["A103"]).findings} == {
        "A101", "A104", "A106", "A107"}
    with pytest.raises(ValueError, match="Z9"):
        bridgelint.check(path, select=["Z9"])


def test_check_reports_an_unreadable_path_without_raising(tmp_path):
    report = bridgelint.check(tmp_path / "missing.pbn")
    assert report.unreadable and report.findings == []


def test_iter_checked_gives_each_record_with_its_findings():
    checked = list(bridgelint.iter_checked(SAMPLES / "auction-defects.pbn", select=["A103"]))
    assert [c.record.board_number for c in checked] == ["1", "2", "3", "4", "5", "6", "7"]
    assert [(c.record.board_number, [(f.code, f.severity, f.line) for f in c.findings]) for c in checked
            if c.findings] == [("2", [("A103", "error", 25)]), ("7", [("A103", "info", 84)])]  # 7: marked ^I


# --- what was played --------------------------------------------------------------------------------------

def one(text: str):
    return bridgelint.read(io.StringIO(text), format="pbn")[0]


def test_replayed_takes_the_auction_the_result_and_law_77():
    outcome = bridgelint.replayed(one('[Dealer "E"]\n[Vulnerable "EW"]\n[Contract "4S"]\n[Declarer "W"]\n'
                                      '[Result "8"]\n[Auction "E"]\n1S Pass 4S X\nPass Pass Pass\n'))
    assert (str(outcome.contract), outcome.declarer, outcome.tricks) == ("4SX", "E", 8)  # the auction's
    assert outcome.score == 500  # two down, doubled, vulnerable: North-South score


def test_replayed_falls_back_on_the_tags_and_counts_the_play():
    outcome = bridgelint.replayed(bridgelint.read(SAMPLES / "clean.pbn")[0])
    assert (str(outcome.contract), outcome.declarer, outcome.tricks, outcome.score) == ("2S", "S", 10, 170)
    no_vulnerability = bridgelint.replayed(one('[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n'))
    assert (str(no_vulnerability.contract), no_vulnerability.tricks, no_vulnerability.score) == ("3NT", 9, None)


def test_replayed_passed_out_and_lin():
    passed = bridgelint.replayed(one('[Dealer "N"]\n[Vulnerable "All"]\n[Auction "N"]\nAP\n'))
    assert (passed.contract.passed_out, passed.declarer, passed.tricks, passed.score) == (True, None, None, 0)
    first = bridgelint.read(SAMPLES / "vugraph.lin")[0]
    assert bridgelint.replayed(first) == bridgelint.Outcome(first.contract.value, "S", 13, 1510)
    assert bridgelint.replayed(one('[Board "1"]\n')) == bridgelint.Outcome(None, None, None, None)


def test_a_lin_board_states_its_players_match_room_and_result_through_the_api():
    closed = bridgelint.read(SAMPLES / "vugraph.lin")[1]
    assert closed.tag("North") is None and closed.tag("Room") is None  # its tags stay as written: pn, vg, qx
    said = bridgelint.interpret(closed).stated
    assert said.players == {"N": "Gus", "E": "Hal", "S": "Ed", "W": "Flo"}  # the closed room's four of pn's eight
    assert (said.room, said.teams, said.table) == ("Closed", ("Home", "Away"), None)
    assert said.key == ("Sample match, Segment 1", None, None, None, "Home", "Away")
    assert (str(said.outcome.contract), said.outcome.declarer, said.outcome.tricks, said.outcome.score) == \
        ("7S", "S", 13, 1510)  # the rs entry 7SS=, vulnerable
    header = bridgelint.header(closed)
    assert (header["North"], header["South"], header["Room"], header["HomeTeam"], header["Event"]) == \
        ("Gus", "Ed", "Closed", "Home", "Sample match, Segment 1")
    assert bridgelint.interpret(bridgelint.read(SAMPLES / "vugraph.lin")[0]).stated.players["N"] == "Cy"  # open room


def test_a_lin_board_without_rs_states_the_auction_s_contract_and_its_claim():
    [record] = bridgelint.read(io.StringIO(
        "pn|Ann,Bob,Cy,Di|md|3SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3,|ah|Board 5|sv|n|"
        "mb|1N|mb|p|mb|2C|mb|p|mb|2H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|DQ|pc|DA|pc|D3|pc|D2|mc|10|\n"), format="lin")
    assert record.contract is None and record.tag("North") is None
    seen = bridgelint.interpret(record)
    assert seen.stated.players == {"N": "Cy", "E": "Di", "S": "Ann", "W": "Bob"}
    assert (seen.stated.room, seen.stated.key, seen.stated.written_score) == (None, (None,) * 6, None)
    assert seen.stated.outcome == seen.replayed
    assert (str(seen.replayed.contract), seen.replayed.declarer, seen.replayed.tricks, seen.replayed.score) == \
        ("4H", "N", 10, 620)  # the auction's contract, the claim's tricks, North-South vulnerable
    header = bridgelint.header(record)
    assert (header["Contract"], header["Declarer"], header["Result"], header["Board"]) == ("4H", "N", "10", "5")


def test_a_pbn_game_states_what_its_tags_say_and_replays_what_its_auction_says():
    seen = bridgelint.interpret(one('[Event "Club"]\n[Board "1"]\n[North "Nora"]\n[West "?"]\n[Dealer "E"]\n'
                                    '[Vulnerable "EW"]\n[Contract "4S"]\n[Declarer "W"]\n[Result "8"]\n'
                                    '[Score "NS 500"]\n[Room "closed"]\n[Table "3"]\n[Auction "E"]\n'
                                    '1S Pass 4S X\nPass Pass Pass\n'))
    said = seen.stated
    assert (said.players, said.room, said.table, said.key) == ({"N": "Nora"}, "Closed", "3",
                                                               ("Club", None, None, None, None, None))
    assert (str(said.outcome.contract), said.outcome.declarer, said.outcome.tricks, said.outcome.score) == \
        ("4S", "W", 8, 200)  # as the tags say: two down, vulnerable
    assert said.written_score == 500  # as the Score says
    assert (str(seen.replayed.contract), seen.replayed.declarer, seen.replayed.score) == ("4SX", "E", 500)
    assert said.header["Room"] == "closed" and said.tags["West"] == "?"  # the header as written


# --- writing ----------------------------------------------------------------------------------------------

def test_write_pbn_and_json_give_what_convert_gives(monkeypatch, tmp_path):
    for name in ("vugraph.lin", "clean.pbn"):
        records = bridgelint.read(SAMPLES / name)
        pbn = io.BytesIO()
        bridgelint.write_pbn(records, pbn)
        run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", str(tmp_path / f"{name}.pbn"),
                str(SAMPLES / name))
        assert pbn.getvalue() == (tmp_path / f"{name}.pbn").read_bytes()
        text = io.StringIO()
        bridgelint.write_json(records, text, path=str(SAMPLES / name))
        run_cli(monkeypatch, "convert", "--isolated", "--to", "json", "-o", str(tmp_path / f"{name}.json"),
                str(SAMPLES / name))
        assert json.loads(text.getvalue()) == json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))


def test_write_pbn_of_no_record_is_a_pbn_file():
    out = io.BytesIO()
    bridgelint.write_pbn([], out)
    assert out.getvalue() == b"% PBN 2.1\r\n% EXPORT\r\n\r\n"


def test_the_api_is_the_package_s():
    assert set(bridgelint.api.__all__) <= set(bridgelint.__all__) | {"Source"}
    assert all(callable(getattr(bridgelint, name)) for name in ("read", "iter_records", "check", "iter_checked",
                                                                 "check_record", "interpret", "replayed", "header",
                                                                 "write_pbn", "write_json"))


def test_the_record_model_is_exported_with_hands_tricks_and_a_header_for_every_format(tmp_path):
    record = bridgelint.read("samples/clean.pbn")[0]
    assert isinstance(record, bridgelint.Record) and isinstance(record.deal, bridgelint.Deal)
    north = record.deal.hand("N")
    assert isinstance(north, bridgelint.Hand)
    assert (north.suits, north.hcp, str(north)) == ({"S": "A643", "H": "KJT8", "D": "92", "C": "AK3"}, 15,
                                                     "A643.KJT8.92.AK3")
    assert isinstance(record.contract.value, bridgelint.Contract)
    tricks = bridgelint.tricks(record)
    assert all(isinstance(trick, bridgelint.Trick) for trick in tricks)
    assert [(t.leader, t.winner) for t in tricks[:3]] == [("W", "S"), ("S", "E"), ("E", "S")]  # S9; DT over D5; DA
    lin = bridgelint.read("samples/vugraph.lin")[0]
    assert lin.tag("North") is None  # LIN writes its players in one pn field
    values = bridgelint.header(lin)
    assert (values["Board"], values["Contract"], values["Declarer"]) == ("3", "7S", "S")
    assert set(values) >= {"North", "East", "South", "West", "Result"}


def test_the_writers_take_a_file_name_or_a_stream(tmp_path):
    records = bridgelint.read("samples/clean.pbn")
    bridgelint.write_pbn(records, tmp_path / "out.pbn")
    stream = io.BytesIO()
    bridgelint.write_pbn(records, stream)
    assert (tmp_path / "out.pbn").read_bytes() == stream.getvalue()
    bridgelint.write_json(records, str(tmp_path / "out.json"), findings=False)
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["records"][0]["board"] == "1"
