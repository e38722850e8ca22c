"""Bridgemate BWS: the reader's rows made records (fed as dicts, as the database gives them), the checks on them
with their places in words, the reports, the run without the ``bws`` extra, and the shared corpus session.

No BWS is written here: the database is stood in for by :class:`FakeDatabase` (its tables as rows), put where
the reader opens one; the real reading is the corpus test's (skipped without ../shared or access-parser).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from conftest import SHARED, check, file_findings, finding_lines, run_cli

from bridgelint.core.findings import Edit, Finding, Fix
from bridgelint.engine.fixing import FixMode
from bridgelint.engine.pipeline import Pipeline
from bridgelint.formats import bws, format_from_name, open_reader
from bridgelint.formats.bws_session import (
    BIDDING_LINES,
    COLUMNS,
    PLAY_LINES,
    Session,
    Tables,
    bws_call,
    corrected,
    deal_text,
    double_dummy_text,
)
from bridgelint.formats.registry import format_from_content
from bridgelint.reporters.text import painted

HEADER = b"\x00\x01\x00\x00Standard Jet DB\x00" + bytes(100)  # what a BWS starts with; the rest is the fake's
PLAY_DEAL = {"North": ("", "63", "AKQ987", "A9732"), "East": ("A8654", "KQ5", "T", "QJT6"),
             "South": ("J973", "J98742", "3", "K4"), "West": ("KQT2", "AT", "J6542", "85")}
CORPUS_BWS = SHARED / "corpus" / "bws"


def result(id: int, table: int, round_: int, board: int, ns: int, ew: int, contract: str = "4 S", seat: str = "N",
           outcome: str = "=", lead: str = "", section: int = 1, erased: bool = False, remarks: str = "") -> dict:
    """A ReceivedData row, as the database gives it."""
    return {"ID": id, "Section": section, "Table": table, "Round": round_, "Board": board, "PairNS": ns,
            "PairEW": ew, "Declarer": ns if seat in "NS" else ew, "NS/EW": seat, "Contract": contract,
            "Result": outcome, "LeadCard": lead, "Remarks": remarks, "Erased": erased, "SuspiciousContract": 0}


def seating(table: int, round_: int, ns: int, ew: int, low: int, high: int, section: int = 1) -> dict:
    """A RoundData row."""
    return {"Section": section, "Table": table, "Round": round_, "NSPair": ns, "EWPair": ew, "LowBoard": low,
            "HighBoard": high, "CustomBoards": None}


# two tables and two rounds: pairs 1-4, boards 1-2 and 3-4 in round 1, 5-6 and 7-8 in round 2
MOVEMENT = [seating(1, 1, 1, 2, 1, 2), seating(2, 1, 3, 4, 3, 4), seating(1, 2, 1, 4, 5, 6), seating(2, 2, 3, 2, 7, 8)]
SECTIONS = [{"ID": 1, "Letter": "B  "}]


def hand(board: int, section: int = 1) -> dict:
    """A HandRecord row of :data:`PLAY_DEAL`."""
    row: dict = {"Section": section, "Board": board}
    for seat, suits in PLAY_DEAL.items():
        for suit, holding in zip(("Spades", "Hearts", "Diamonds", "Clubs"), suits):
            row[seat + suit] = " ".join(holding)  # as BP accepts them: space-separated
    return row


def evaluation(board: int, ns: int = 7, ew: int = 6) -> dict:
    """A HandEvaluation row: North and South take ``ns`` tricks in every denomination, East and West ``ew``."""
    row: dict = {"Section": 1, "Board": board}
    for seat, tricks in (("North", ns), ("South", ns), ("East", ew), ("West", ew)):
        for denomination in ("Spades", "Hearts", "Diamonds", "Clubs", "Notrump"):
            row[seat + denomination] = tricks
    return row


class FakeDatabase:
    """What the reader asks of an opened database: its catalogue, and a table's columns of values."""

    def __init__(self, tables: dict[str, list[dict] | Exception]):
        self.tables = tables
        self.catalog = {name: number for number, name in enumerate(tables, 1)}

    def parse_table(self, name: str) -> dict[str, list]:
        rows = self.tables[name]
        if isinstance(rows, Exception):
            raise rows
        columns: dict[str, list] = {}
        for row in rows:
            for column in row:
                columns.setdefault(column, [])
        return {column: [row.get(column) for row in rows] for column in columns}


@pytest.fixture
def database(monkeypatch):
    """Make the reader open the given tables: ``database(ReceivedData=[...], ...)``; RoundData and Section are the
    two-table Howell's unless given."""
    def opened(**tables) -> None:
        tables.setdefault("RoundData", MOVEMENT)
        tables.setdefault("Section", SECTIONS)
        monkeypatch.setattr(bws, "open_database", lambda data: FakeDatabase(tables))
    return opened


def found(code: str | None = None) -> list[Finding]:
    return [f for f in check(HEADER, name="session.bws") if code is None or f.code == code]


def places(findings: list[Finding]) -> list[tuple[str, int, int, str | None]]:
    return [(f.code, f.line, f.column, f.place) for f in findings]


def session(**tables) -> Session:
    tables.setdefault("rounds", MOVEMENT)
    tables.setdefault("sections", SECTIONS)
    return Session(Tables(**tables))


# --- the format ------------------------------------------------------------------------------------------

def test_a_bws_is_told_by_its_name_and_by_its_content():
    assert format_from_name("club/session.BWS") == "bws"
    assert format_from_content(HEADER) == "bws"
    assert format_from_content(b"\x00\x01\x00\x00Standard ACE DB\x00") == "bws"
    assert format_from_content(b'[Event "x"]\n') == "pbn"


def test_a_bws_is_read_as_bytes(database):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2)])
    reader = open_reader(io.BytesIO(HEADER), "upload")  # no extension: by its content
    assert reader.format == "bws" and len(list(reader)) == 1


# --- rows made records ------------------------------------------------------------------------------------

def test_rows_become_a_traveller_per_board_with_law_2_header_and_law_77_scores():
    records = list(session(received=[result(7, 1, 1, 9, 1, 2, "4 S", "N", "+1"),
                                     result(3, 2, 2, 9, 3, 2, "3 NT x", "W", "-2", lead="D10"),
                                     result(5, 1, 2, 3, 1, 4, "PASS", "N", "")]).records())
    assert [(r.format, r.model, r.board_number, r.line) for r in records] == [("bws", "pbn", "3", 5),
                                                                               ("bws", "pbn", "9", 3)]
    nine = records[1]
    assert (nine.dealer.value, nine.vulnerable.value) == ("N", "EW")  # Law 2 for board 9
    assert nine.tag("Section").value == "B"
    table = nine.tables["ScoreTable"]
    assert [c.name for c in table.columns] == ["Section", "Table", "Round", "PairId_NS", "PairId_EW", "Contract",
                                               "Declarer", "Result", "Lead", "Score_NS"]
    # rows in entry order; 3NTX by West, vulnerable, two down: NS +500; 4S+1 by North, not vulnerable: +450
    assert list(table.texts()) == [["B", "2", "2", "3", "2", "3NTX", "W", "7", "DT", "500"],
                                   ["B", "1", "1", "1", "2", "4S", "N", "11", "-", "450"]]
    # each cell at line = the row's ID, column = the column's place in ReceivedData
    assert table.element_place(5) == (3, COLUMNS["Contract"]) == (3, 10)
    assert table.element_place(8) == (3, COLUMNS["LeadCard"])
    three = records[0].tables["ScoreTable"]
    assert "Lead" not in [c.name for c in three.columns]  # no row of board 3 has a lead
    assert list(three.texts()) == [["B", "1", "2", "1", "4", "Pass", "-", "-", "0"]]


def test_a_row_is_placed_in_words():
    built = session(received=[result(378, 4, 7, 9, 4, 6, section=1)])
    list(built.records())
    assert built.places == {378: "ReceivedData#378 (section B, table 4, round 7, board 9)"}


def test_a_section_letter_with_a_blank_is_one_element():
    [record] = session(received=[result(1, 1, 1, 1, 1, 2)], sections=[{"ID": 1, "Letter": "A B"}]).records()
    table = record.tables["ScoreTable"]
    assert list(table.texts())[0][:2] == ['"A B"', "1"] and table.value(0, 0) == "A B"


def test_erased_rows_do_not_count():
    built = session(received=[result(1, 1, 1, 1, 1, 2, "4 S", "N", "-1", erased=True),
                              result(2, 1, 1, 1, 1, 2, "4 S", "N", "=")])
    [record] = built.records()
    assert list(record.tables["ScoreTable"].texts())[0][5:8] == ["4S", "N", "10"]
    assert built.problems == []


def test_a_mitchell_numbers_its_pairs_by_direction():
    mitchell = [seating(1, 1, 1, 1, 1, 2), seating(2, 1, 2, 2, 3, 4)]
    [record] = session(received=[result(1, 1, 1, 1, 1, 1)], rounds=mitchell).records()
    assert list(record.tables["ScoreTable"].texts())[0][3:5] == ["1NS", "1EW"]


def test_artificial_scores_and_unplayed_boards():
    [record] = session(received=[result(1, 1, 1, 1, 1, 2, "", remarks="60%-40%"),
                                 result(2, 2, 1, 1, 3, 4, "", remarks="Arbitral score")],
                       rounds=[seating(1, 1, 1, 2, 1, 2), seating(2, 1, 3, 4, 1, 2)]).records()
    table = record.tables["ScoreTable"]
    assert [row[5:] for row in table.texts()] == [["-", "-", "-", "A+"], ["-", "-", "-", "^?"]]
    assert table.artificial_rows() == {0, 1}
    [unplayed] = session(received=[result(1, 1, 1, 1, 1, 2, "", remarks="Not played")]).records()
    assert unplayed.tables["ScoreTable"].sit_out_rows() == {0}


def test_hand_record_and_hand_evaluation_give_the_deal_and_double_dummy_tricks():
    [record] = session(received=[result(1, 1, 1, 1, 1, 2)], hands=[hand(1)], evaluations=[evaluation(1)]).records()
    assert record.tag("Deal").value == "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
    assert record.deal is not None and record.deal.held.whole
    assert record.tag("DoubleDummyTricks").value == "77777" * 2 + "66666" * 2
    assert deal_text({"Section": 1, "Board": 1}) is None  # a row without a card: no deal
    assert double_dummy_text({**evaluation(1), "NorthSpades": 14}) is None


# --- S140: what cannot be read ----------------------------------------------------------------------------

@pytest.mark.parametrize("change, column, words", [
    ({"Contract": "4 Z"}, "Contract", "Contract '4 Z' is not a contract"),
    ({"Result": "+9"}, "Result", "Result '+9' is not a result of 4"),
    ({"NS/EW": "X"}, "NS/EW", "NS/EW 'X' is not a seat"),
    ({"LeadCard": "S1"}, "LeadCard", "LeadCard 'S1' is not a card"),
    ({"Contract": "", "Remarks": ""}, "Contract", "no Contract, and Remarks gives no artificial score"),
    ({"Board": None}, "Board", "Board is not a number"),
    ({"Declarer": 7}, "Declarer", "Declarer pair 7 is neither pair of the row (North-South 1, East-West 2)"),
])
def test_s140_on_a_value_not_of_bws_form(database, change, column, words):
    database(ReceivedData=[{**result(12, 1, 1, 1, 1, 2), **change}])
    [finding] = found("S140")
    assert (finding.line, finding.column) == (12, COLUMNS[column])
    assert words in finding.message and finding.message.startswith("ReceivedData row 12: ")
    assert finding.place == "ReceivedData#12 (section B, table 1, round 1, board " + \
        ("?)" if column == "Board" else "1)")


def test_no_s140_on_the_forms_bws_writes(database):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2, "7 C xx", "E", "-13"), result(2, 2, 1, 3, 3, 4, "7 NT", "S", "="),
                           result(3, 1, 2, 5, 1, 4, "2 H x", "W", "+5", lead="HA"),
                           result(4, 2, 2, 7, 3, 2, "PASS", "N", ""),
                           {**result(5, 2, 2, 8, 3, 2, "PASS", "N", ""), "Declarer": 0},  # none given
                           {**result(6, 1, 2, 6, 1, 4, "3 D", "E", "="), "Declarer": 1}])  # a switched seating
    assert found("S140") == []


def test_s140_for_a_missing_table_an_unreadable_table_and_a_file_not_a_database(database, monkeypatch):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2)], RoundData=ValueError("page 12 damaged"))
    assert [f.message for f in found("S140")] == ["table RoundData cannot be read: ValueError: page 12 damaged"]
    monkeypatch.setattr(bws, "open_database", lambda data: FakeDatabase({"RoundData": MOVEMENT}))
    assert [f.message for f in found("S140")] == [
        "the BWS has no ReceivedData table, which every BWS holds; the rest is checked"]

    def broken(data: bytes):
        raise ValueError("Failed to parse DB file header")

    monkeypatch.setattr(bws, "open_database", broken)
    [finding] = found()
    assert finding.code == "S140" and "not an Access database that can be read" in finding.message


def test_a_session_without_a_result_is_no_pass(database):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2, erased=True)])
    assert [(f.code, f.message) for f in found()] == [("S111", "the file holds no game")]


def test_s140_for_a_hand_evaluation_out_of_range(database):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2)], HandEvaluation=[{**evaluation(1), "WestClubs": 15}])
    [finding] = found("S140")
    assert finding.place == "HandEvaluation (section B, board 1)"
    assert found("O105") == []


def test_s140_for_a_file_over_the_limit(database, monkeypatch):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2)])
    monkeypatch.setattr(bws, "READ_LIMIT", 64)
    [finding] = found()
    assert finding.code == "S140" and "over" in finding.message


# --- E103: two live rows for one table, round and board ---------------------------------------------------

def test_e103_on_two_live_rows_says_whether_they_differ(database):
    database(ReceivedData=[result(5, 1, 1, 1, 1, 2, "4 S", "N", "="), result(9, 1, 1, 1, 1, 2, "3 NT", "S", "-1")])
    [finding] = found("E103")
    assert (finding.line, finding.column, finding.place) == (
        9, COLUMNS["Board"], "ReceivedData#9 (section B, table 1, round 1, board 1)")
    assert finding.message == ("board 1 has two results at table 1 in round 1: 3NT-1 by South here, 4S= by North at "
                               "ReceivedData#5; a table plays a board once, and only this row is checked")
    database(ReceivedData=[result(5, 1, 1, 1, 1, 2), result(9, 1, 1, 1, 1, 2)])
    [same] = found("E103")
    assert "the same result twice" in same.message


def test_no_e103_once_the_earlier_row_is_erased(database):
    database(ReceivedData=[result(5, 1, 1, 1, 1, 2, erased=True), result(9, 1, 1, 1, 1, 2, "3 NT", "S", "-1")])
    assert found("E103") == []


# --- R106: rows against the movement, and the traveller's own --------------------------------------------

def test_r106_on_rows_the_movement_does_not_have(database):
    database(ReceivedData=[result(1, 3, 1, 1, 5, 6),  # no table 3
                           result(2, 2, 1, 3, 3, 1),  # table 2 in round 1 seats 3 and 4
                           result(3, 1, 2, 7, 1, 4)])  # table 1 plays boards 5-6 in round 2
    assert [(f.line, f.column, f.place, f.message) for f in found("R106")] == [
        (1, COLUMNS["Round"], "ReceivedData#1 (section B, table 3, round 1, board 1)",
         "a result at table 3 in round 1, which the movement (RoundData) does not have"),
        (2, COLUMNS["PairNS"], "ReceivedData#2 (section B, table 2, round 1, board 3)",
         "pairs 3 and 1 at table 2 in round 1, where the movement (RoundData) seats 3 and 4"),
        (3, COLUMNS["Board"], "ReceivedData#3 (section B, table 1, round 2, board 7)",
         "board 7 at table 1 in round 2, where the movement (RoundData) plays boards 5-6"),
    ]


def test_no_r106_on_a_session_that_follows_its_movement(database):
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2), result(2, 1, 1, 2, 1, 2), result(3, 2, 1, 3, 3, 4),
                           result(4, 2, 1, 4, 3, 4), result(5, 1, 2, 5, 1, 4), result(6, 1, 2, 6, 1, 4),
                           result(7, 2, 2, 7, 3, 2), result(8, 2, 2, 8, 3, 2)])
    assert found("R106") == []


def test_r106_of_the_traveller_a_pair_at_two_tables_in_a_round(database):
    # pair 2 at table 1 on board 1 and at table 2 on board 2 in round 1; no movement to say more
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2), result(2, 2, 1, 2, 3, 2)], RoundData=[])
    [finding] = found("R106")
    assert finding.place == "ReceivedData#2 (section B, table 2, round 1, board 2)"
    assert finding.message == "ScoreTable has pair 2 at table 2 in round 1, but at table 1 in that round on board 1 " \
                              "(line 1)"


# --- leads and double dummy --------------------------------------------------------------------------------

def test_v101_on_a_lead_the_declaring_side_holds_in_the_hand_record_row(database):
    # 4S by East: South leads; the spade ace is East's own
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "4 S", "E", "=", lead="SA"),
                           result(6, 2, 2, 1, 3, 2, "4 S", "E", "=", lead="S3")], HandRecord=[hand(1)])
    [finding] = found("V101")
    assert (finding.line, finding.column, finding.place) == (
        4, COLUMNS["LeadCard"], "ReceivedData#4 (section B, table 1, round 1, board 1)")


def test_no_v101_on_leads_the_leader_holds(database):
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "4 S", "E", "=", lead="SJ")], HandRecord=[hand(1)])
    assert found("V101") == [] and found("V102") == []


def test_o105_from_the_hand_evaluation(database):
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "4 S", "E", "+3"), result(6, 2, 2, 1, 3, 2, "4 S", "E", "-2")],
             HandEvaluation=[evaluation(1)])
    [finding] = found("O105")
    assert (finding.line, finding.place) == (4, "ReceivedData#4 (section B, table 1, round 1, board 1)")
    assert "East takes 6" in finding.message


def test_leads_against_the_hand_record_given_with_hand_record(database, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "4 S", "E", "=", lead="SA")])
    Path("session.bws").write_bytes(HEADER)
    Path("hr.pbn").write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                              '[Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n',
                              encoding="utf-8")
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "--jobs", "1", "--select",
                             "V101", "--hand-record", "hr.pbn", "session.bws")
    findings = {f["path"]: f["findings"] for f in json.loads(out)["files"]}["session.bws"]
    assert status == 1 and [(f["code"], f["line"], f["column"], f["place"]) for f in findings] == [
        ("V101", 4, COLUMNS["LeadCard"], "ReceivedData#4 (section B, table 1, round 1, board 1)")]


# --- auctions and plays ------------------------------------------------------------------------------------

def bid(id: int, counter: int, call: str, erased: bool = False, table: int = 1, board: int = 1) -> dict:
    return {"ID": id, "Section": 1, "Table": table, "Round": 1, "Board": board, "Counter": counter,
            "Direction": "NESW"[counter % 4], "Bid": call, "Erased": erased}


def card(id: int, counter: int, written: str) -> dict:
    return {"ID": id, "Section": 1, "Table": 1, "Round": 1, "Board": 1, "Counter": counter, "Direction": "",
            "Card": written, "Erased": False}


def test_bids_as_calls():
    calls = [bws_call(written, 1, 1) for written in ("PASS", "x", "xx", "1S", "3NT", "1N", "SkipBid")]
    assert [(c.token, c.kind, c.level, c.denomination) for c in calls] == [
        ("Pass", "pass", 0, ""), ("X", "double", 0, ""), ("XX", "redouble", 0, ""), ("1S", "bid", 1, "S"),
        ("3NT", "bid", 3, "NT"), ("1NT", "bid", 1, "NT"), ("SkipBid", "invalid", 0, "")]


def test_an_erased_bid_undoes_the_earlier_one_of_its_counter():
    rows = corrected([bid(1, 0, "1S"), bid(2, 0, "1S", erased=True), bid(3, 0, "1H"), bid(4, 1, "PASS")])
    assert [(row["ID"], row["Bid"]) for row in rows[1, 1, 1, 1]] == [(3, "1H"), (4, "PASS")]


def test_a_table_with_bids_and_cards_is_a_record_replayed(database):
    auction = [bid(10 + i, i, call) for i, call in enumerate(("PASS", "1S", "PASS", "4S", "PASS", "PASS", "PASS"))]
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "4 S", "E", "=")], HandRecord=[hand(1)], BiddingData=auction,
             PlayData=[card(20, 1, "S3"), card(21, 2, "SK"), card(22, 3, "H6")])  # South leads; West; North revokes?
    findings = found()
    records = list(open_reader(io.BytesIO(HEADER), "session.bws"))
    table = records[1]
    assert (table.tag("Table").value, table.tag("Round").value, table.tag("Contract").value) == ("1", "1", "4S")
    assert [c.token for c in table.auction.calls] == ["Pass", "1S", "Pass", "4S", "Pass", "Pass", "Pass"]
    assert table.auction.calls[0].line == BIDDING_LINES + 10 and table.play.cards[0].line == PLAY_LINES + 20
    # North shows out of spades with a heart: holds none, so no revoke; the auction ends in 4S by East; the play
    # stops after a trick (P108 says the result is checked against the tricks played only)
    assert [(f.code, f.place) for f in findings if f.code[0] in "ACP"] == [
        ("P108", "PlayData#22 (section B, table 1, round 1, board 1, card 3)")]


def test_a_bid_after_the_auction_ended_is_found_on_its_row(database):
    auction = [bid(10 + i, i, call) for i, call in enumerate(("1S", "PASS", "PASS", "PASS", "2S"))]
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "1 S", "N", "=")], HandRecord=[hand(1)], BiddingData=auction)
    assert [(f.code, f.line, f.place) for f in found() if f.code[0] == "A"] == [
        ("A106", BIDDING_LINES + 14, "BiddingData#14 (section B, table 1, round 1, board 1, call 5)")]


def test_the_auction_against_the_received_contract(database):
    auction = [bid(10 + i, i, call) for i, call in enumerate(("1S", "PASS", "PASS", "PASS"))]
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "2 S", "N", "=")], HandRecord=[hand(1)], BiddingData=auction)
    assert [(f.code, f.message) for f in found() if f.code.startswith("C")] == [
        ("C102", "Contract is 2S, but the auction ends in 1S")]
    database(ReceivedData=[result(4, 1, 1, 1, 1, 2, "1 S", "N", "=")], HandRecord=[hand(1)], BiddingData=auction)
    assert not [f for f in found() if f.code.startswith("C")]


# --- reports -----------------------------------------------------------------------------------------------

def test_the_reports_say_the_place_in_words(database, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    database(ReceivedData=[result(378, 3, 1, 1, 5, 6, section=1)])
    Path("session.bws").write_bytes(HEADER)
    args = ("check", "--isolated", "--jobs", "1", "--select", "R106", "session.bws")
    _, text, _ = run_cli(monkeypatch, *args)
    assert text.startswith("session.bws:ReceivedData#378 (section B, table 3, round 1, board 1): R106 [error] a "
                           "result at table 3 in round 1")
    _, out, _ = run_cli(monkeypatch, *args[:-1], "--format", "json", "session.bws")
    [finding] = json.loads(out)["files"][0]["findings"]
    assert finding["place"] == "ReceivedData#378 (section B, table 3, round 1, board 1)" and finding["line"] == 378
    _, out, _ = run_cli(monkeypatch, *args[:-1], "--format", "sarif", "session.bws")
    jsonschema = pytest.importorskip("jsonschema")
    schema = Path(__file__).with_name("sarif-schema-2.1.0.json").read_text(encoding="utf-8")
    jsonschema.validate(json.loads(out), json.loads(schema))
    [location] = json.loads(out)["runs"][0]["results"][0]["locations"]
    assert location["logicalLocations"] == [{"name": "ReceivedData#378 (section B, table 3, round 1, board 1)",
                                             "kind": "element"}]


def test_a_line_placed_in_words_is_painted_and_counted_as_a_finding_line():
    line = "session.bws:ReceivedData#3 (section B, table 1, round 1, board 1): R106 [error] two tables\n"
    assert painted(line).startswith(line.split("R106")[0] + "\x1b[")  # the code and severity in colour
    assert finding_lines(line + "\nfile  format\n") == line


def test_a_finding_placed_in_words_is_never_fixed():
    edit = Fix("safe", (Edit(1, 1, 1, 2, "x"),))
    assert FixMode().wants(Finding("T105", "m", 1, 1, fix=edit))
    assert not FixMode().wants(Finding("T105", "m", 1, 1, fix=edit, place="ReceivedData#1 (...)"))


def test_convert_writes_the_session_as_pbn_results(database, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    database(ReceivedData=[result(1, 1, 1, 1, 1, 2, "4 S", "N", "+1"), result(2, 2, 2, 1, 3, 4, "3 NT", "E", "-1")],
             RoundData=[])
    Path("session.bws").write_bytes(HEADER)
    status, _, _ = run_cli(monkeypatch, "convert", "--isolated", "session.bws", "--to", "pbn", "-o", "session.pbn")
    written = Path("session.pbn").read_text(encoding="utf-8")
    assert status == 0
    assert '[ScoreTable "Section;Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]' in written
    assert "B 1 1 1 2 4S N 11 450\nB 2 2 3 4 3NT E 8 50\n" in written
    reread = Pipeline().check_stream("session.pbn", io.BytesIO(written.encode()))
    assert reread.results == 2 and not [f for f in reread.findings if f.severity == "error"]


# --- without the bws extra ---------------------------------------------------------------------------------

@pytest.fixture
def no_extra(monkeypatch):
    for name in ("access_parser", "access_parser.access_parser", "access_parser.utils"):
        monkeypatch.setitem(sys.modules, name, None)  # an import of it fails


def test_without_the_extra_a_bws_is_one_finding(no_extra):
    [finding] = check(HEADER, name="session.bws")
    assert finding.code == "S140" and "pip install 'bridgelint[bws]'" in finding.message


def test_without_the_extra_the_run_exits_2_only_when_nothing_else_was_checked(no_extra, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    Path("session.bws").write_bytes(HEADER)
    Path("clean.pbn").write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n', encoding="utf-8")
    status, out, err = run_cli(monkeypatch, "check", "--isolated", "--jobs", "1", "session.bws")
    assert status == 2 and "Traceback" not in out + err
    assert out.count("S140 [error]") == 1 and "pip install 'bridgelint[bws]'" in out
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "--jobs", "1", "--select", "S140", "session.bws",
                             "clean.pbn")
    assert status == 1 and out.count("S140 [error]") == 1  # the error fails the run; the PBN was checked


# --- the shared corpus: a real club session ----------------------------------------------------------------

def corpus_session() -> Path:
    if not CORPUS_BWS.is_dir():
        pytest.skip(f"shared corpus not found at {CORPUS_BWS}")
    pytest.importorskip("access_parser")
    return next(CORPUS_BWS.glob("*.BWS"))


def test_the_corpus_session_is_read_whole():
    path = corpus_session()
    reader = open_reader(io.BytesIO(path.read_bytes()), path.name)
    records = list(reader)
    rows = sum(len(record.tables["ScoreTable"]) for record in records)
    sections = {record.tag("Section").value for record in records}
    assert (rows, len(records), sections) == (297, 27, {"A"})
    assert file_findings(reader) == [] and len(reader.places) == 297
    report = Pipeline().check_stream(path.name, io.BytesIO(path.read_bytes()))
    assert report.results == 297 and report.boards == 27
    assert not [f for f in report.findings if f.code in ("X001", "S140", "R106", "E103")]
    assert all(f.place is not None and f.place.startswith("ReceivedData#") for f in report.findings)


def test_the_corpus_session_against_its_hand_record(monkeypatch):
    path = corpus_session()
    hand_record = next(CORPUS_BWS.glob("*HandRecord.pbn"))
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "--jobs", "1", "--hand-record",
                             str(hand_record), str(path))
    [session_file] = [f for f in json.loads(out)["files"] if f["path"] == str(path)]
    assert not [f for f in session_file["findings"] if f["code"] in ("X001", "E101", "E106")]
    assert status in (0, 1)
