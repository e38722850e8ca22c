"""E101-E104 through the command line: PBN and LIN, within a file and across files, on one process and on two."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS_PBN, PLAY_DEAL, PLAY_ROWS, requires_shared, run_cli

from bridgelint.engine.pipeline import Pipeline
from bridgelint.rules.event import EVENT_CODES

# whole deals, North East South West: D1 gives each seat one suit; D2 swaps East's and South's hands;
# D1_TURNED is D1 with every hand one seat clockwise; D3 swaps South's and West's
D1 = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
D2 = "N:AKQJT98765432... ..AKQJT98765432. .AKQJT98765432.. ...AKQJT98765432"
D1_TURNED = "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
D3 = "N:AKQJT98765432... .AKQJT98765432.. ...AKQJT98765432 ..AKQJT98765432."


def game(board: str, deal: str, event: str = "Teams", result: bool = True, **tags: str) -> list[str]:
    """The lines of one PBN game: Event, Board, Dealer, Vulnerable, Deal (lines 1-5), then the tags given."""
    lines = [f'[Event "{event}"]', f'[Board "{board}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{deal}"]']
    if result:
        lines += ['[Declarer "N"]', '[Contract "4S"]', '[Result "10"]']
    return lines + [f'[{name} "{value}"]' for name, value in tags.items()]


def pbn(*games: list[str]) -> str:
    return "\n\n".join("\n".join(lines) for lines in games) + "\n"


# LIN hands in md order South, West, North, East (dealer 3: North); each a deal above
MD = {D1: "3SHDAKQJT98765432C,SHDCAKQJT98765432,SAKQJT98765432HDC,SHAKQJT98765432DC",
      D2: "3SHAKQJT98765432DC,SHDCAKQJT98765432,SAKQJT98765432HDC,SHDAKQJT98765432C",
      D3: "3SHDCAKQJT98765432,SHDAKQJT98765432C,SAKQJT98765432HDC,SHAKQJT98765432DC"}


def lin(*boards: tuple[str, str], mp: str = "10,,0,", rs: str = "4SN=,4SN-1,3NS=,3NS=") -> str:
    """A teams match (boards 1-2), one line per board (``qx`` label, deal); the boards start on line 4."""
    head = ["vg|Teams,Segment 1,I,1,2,Home,0,Away,0|", f"rs|{rs}|", f"mp|{mp}|" if mp else "pn|a,b,c,d|"]
    return "\n".join(head + [f"qx|{label}|md|{MD[deal]}|sv|o|pg||" for label, deal in boards]) + "\n"


@pytest.fixture
def write(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def write(name: str, text: str) -> str:
        Path(name).write_text(text, encoding="utf-8")
        return name
    return write


def check(monkeypatch, *args: str, jobs: str = "1", output: str = "json"):
    return run_cli(monkeypatch, "check", "--isolated", "--select", "E", "--format", output, "--jobs", jobs, *args)


def found(monkeypatch, *args: str) -> list[tuple[str, str, int, int, str]]:
    """(file, code, line, column, message) of each E finding; the same bytes on one process and on two."""
    one, two = check(monkeypatch, *args, jobs="1"), check(monkeypatch, *args, jobs="2")
    assert one == two
    text_one, text_two = check(monkeypatch, *args, output="text"), check(monkeypatch, *args, jobs="2", output="text")
    assert text_one == text_two
    document = json.loads(one[1])
    return [(f["path"], x["code"], x["line"], x["column"], x["message"]) for f in document["files"]
            for x in f["findings"]]


# --- E101 fouled board -------------------------------------------------------------------

def test_e101_pbn_fires_on_the_record_most_tables_did_not_play(monkeypatch, write):
    path = write("r.pbn", pbn(game("1", D1), game("1", D1), game("1", D2)))
    assert found(monkeypatch, path) == [(path, "E101", 23, 8, "fouled board: ♥A is South's here, East's in the deal "
                                         "most tables played; ♦A is East's here, South's there (26 cards differ); "
                                         "dealt this way at 1 table, the other way at 2 tables, first at line 5 "
                                         "(Law 87)")]
    first = write("first.pbn", pbn(game("1", D2), game("1", D1), game("1", D1)))  # the fouled table read first
    assert [x[:4] for x in found(monkeypatch, first)] == [(first, "E101", 5, 8)]


def test_e101_results_file_with_travellers_only(monkeypatch, write):
    rows = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
    traveller = rows + " 1  2 4S   N 10\n 3  4 3NT  S  9\n 5  6 4S   N 11"
    path = write("results.pbn", pbn(game("1", D1), game("1", D2, result=False)) + traveller + "\n")
    [(name, code, line, _, message)] = found(monkeypatch, path)
    assert (name, code, line) == (path, "E101", 5) and "at 1 table, the other way at 3 tables, first at line 14" \
        in message
    practice = write("practice.pbn", pbn(game("1", D1, result=False), game("1", D2, result=False)))
    assert found(monkeypatch, practice) == []


def test_e101_pbn_not_for_equal_deals_other_events_or_practice_deals(monkeypatch, write):
    same = write("same.pbn", pbn(game("1", D1), game("1", D1)))
    events = write("events.pbn", pbn(game("1", D1), game("1", D2, event="Other")))
    practice = write("practice.pbn", pbn(game("1", D1, result=False), game("1", D2, result=False)))
    assert found(monkeypatch, same, events, practice) == []


def test_e101_lin_fires_on_the_closed_room(monkeypatch, write):
    path = write("m.lin", lin(("o1", D1), ("c1", D2)))
    [(name, code, line, column, message)] = found(monkeypatch, path)
    assert (name, code, line, column) == (path, "E101", 5, 10)
    assert message.startswith("fouled board: ♥A is South's here, East's in the deal most tables played")
    assert message.endswith("the other way at 1 table, first at line 4 (a tie: the deal seen first is taken as the "
                            "reference) (Law 87)")


def test_e101_lin_not_when_both_rooms_hold_the_deal(monkeypatch, write):
    path = write("m.lin", lin(("o1", D1), ("c1", D1), ("o2", D3), ("c2", D3)))
    assert found(monkeypatch, path) == []


def test_e101_across_files_only_when_asked(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False), game("2", D3, result=False)))
    upload = write("table3.pbn", pbn(game("1", D2)))
    others = write("tables12.pbn", pbn(game("1", D1), game("1", D1)))
    assert found(monkeypatch, record, upload, others) == []
    [(name, code, line, _, message)] = found(monkeypatch, "--across-files", record, upload, others)
    assert (name, code, line) == (upload, "E101", 5) and "first at tables12.pbn:5" in message
    # the hand record does not vote: by majority alone the one upload is its board's reference
    assert found(monkeypatch, "--across-files", record, upload) == []


def test_e101_lin_across_files(monkeypatch, write):
    open_room = write("open.lin", lin(("o1", D1)))
    closed_room = write("closed.lin", lin(("c1", D2)))
    assert found(monkeypatch, open_room, closed_room) == []
    [(name, code, line, column, message)] = found(monkeypatch, "--across-files", open_room, closed_room)
    assert (name, code, line, column) == (closed_room, "E101", 4, 10) and "first at open.lin:4 (a tie" in message


def test_across_files_from_the_configuration(monkeypatch, write):
    write("bridgelint.toml", "across-files = true\n")
    first, second = write("a.pbn", pbn(game("1", D1))), write("b.pbn", pbn(game("1", D2)))
    code, out, _ = run_cli(monkeypatch, "check", "--select", "E", first, second)
    assert code == 1 and out.startswith("b.pbn:5:8: E101 [error] fouled board: ♥A is South's here")
    write("bridgelint.toml", "across-files = 1\n")
    code, _, err = run_cli(monkeypatch, "check", first)
    assert code == 2 and "'across-files' must be true or false" in err


# --- E102 duplicated deal ----------------------------------------------------------------

def test_e102_pbn_fires_once_for_a_turned_deal(monkeypatch, write):
    path = write("r.pbn", pbn(game("1", D1), game("2", D1_TURNED), game("2", D1_TURNED)))
    assert found(monkeypatch, path) == [
        (path, "E102", 14, 8, "board 2 repeats the deal of board 1 at line 5 turned one seat clockwise (Law 6)")]


def test_e102_pbn_not_for_distinct_deals(monkeypatch, write):
    path = write("r.pbn", pbn(game("1", D1), game("2", D2), game("3", D3)))
    assert found(monkeypatch, path) == []


def test_e102_lin_fires_and_not(monkeypatch, write):
    repeated = write("repeated.lin", lin(("o1", D1), ("o2", D1)))
    distinct = write("distinct.lin", lin(("o1", D1), ("o2", D3)))
    assert found(monkeypatch, repeated, distinct) == [
        (repeated, "E102", 5, 10, "board 2 repeats the deal of board 1 at line 4 (Law 6)")]


def test_e102_across_files(monkeypatch, write):
    first, second = write("a.pbn", pbn(game("1", D1))), write("b.pbn", pbn(game("2", D1)))
    assert found(monkeypatch, first, second) == []
    assert found(monkeypatch, "--across-files", first, second) == [
        (second, "E102", 5, 8, "board 2 repeats the deal of board 1 at a.pbn:5 (Law 6)")]


# --- E103 the same board at the same table or room twice -----------------------------------

def test_e103_pbn_fires_at_the_table_tag(monkeypatch, write):
    path = write("r.pbn", pbn(game("1", D1, Table="3"), game("1", D1, Table="4"), game("1", D1, Table="3")))
    assert found(monkeypatch, path) == [
        (path, "E103", 29, 9, "board 1 is recorded twice at table 3: the same record as at line 9 (the same upload "
                              "twice?) (Law 15)")]
    second = write("s.pbn", pbn(game("1", D1, Table="3"),
                                game("1", D1, result=False, Table="3", Declarer="E", Contract="3NT", Result="8")))
    assert found(monkeypatch, second) == [
        (second, "E103", 16, 9, "board 1 has two results at table 3: 3NT-1 by East here, 4S= by North at line 9; "
                                "a table plays a board once (Law 15)")]


def test_e103_pbn_not_at_other_tables_or_rooms_or_unnamed(monkeypatch, write):
    path = write("r.pbn", pbn(game("1", D1, Room="Open"), game("1", D1, Room="Closed"), game("1", D1),
                              game("1", D1)))
    assert found(monkeypatch, path) == []


def test_e103_lin_fires_on_a_room_twice(monkeypatch, write):
    path = write("m.lin", lin(("o1", D1), ("c1", D1), ("o1", D1)))
    assert found(monkeypatch, path) == [
        (path, "E103", 6, 4, "board 1 is recorded twice at the open room: the same record as at line 4 (the same "
                             "upload twice?) (Law 15)")]


def test_e103_across_files(monkeypatch, write):
    first, second = write("a.pbn", pbn(game("1", D1, Room="Open"))), write("b.pbn", pbn(game("1", D1, Room="Open")))
    assert found(monkeypatch, first, second) == []
    assert [x[:4] for x in found(monkeypatch, "--across-files", first, second)] == [(second, "E103", 9, 8)]


# --- E104 team IMPs ------------------------------------------------------------------------

def teams(closed_imps: str) -> str:
    return pbn(game("1", D1, Room="Open", Score="NS 420", ScoreIMP="NS 10"),
               game("1", D1, Room="Closed", Score="NS -50", ScoreIMP=closed_imps))


def test_e104_pbn_fires_at_the_wrong_imps(monkeypatch, write):
    path = write("r.pbn", teams("EW 9"))
    assert found(monkeypatch, path) == [
        (path, "E104", 23, 12, "North-South are given -9 IMPs, but North-South scored -50 here and +420 in the open "
                               "room at line 1: the difference, -470 points, is -10 IMPs on the WBF scale (Law 78B)")]


def test_e104_pbn_not_when_the_imps_follow_the_scale(monkeypatch, write):
    path = write("r.pbn", teams("EW 10"))
    assert found(monkeypatch, path) == []


def test_e104_lin_mp_against_the_rooms_results(monkeypatch, write):
    wrong = write("wrong.lin", lin(("o1", D1), ("c1", D1), ("o2", D3), ("c2", D3), mp="9,,0,"))
    right = write("right.lin", lin(("o1", D1), ("c1", D1), ("o2", D3), ("c2", D3), mp="10,,,0"))
    [(name, code, line, column, message)] = found(monkeypatch, wrong, right)
    assert (name, code, line, column) == (wrong, "E104", 3, 1)
    assert "given -9 IMPs" in message and "-10 IMPs" in message


def test_e104_across_files(monkeypatch, write):
    first = write("a.pbn", pbn(game("1", D1, Room="Open", Score="NS 420", ScoreIMP="NS 10")))
    second = write("b.pbn", pbn(game("1", D1, Room="Closed", Score="NS -50", ScoreIMP="NS -9")))
    assert found(monkeypatch, first, second) == []
    assert [x[:4] for x in found(monkeypatch, "--across-files", first, second)] == [(second, "E104", 11, 12)]


# --- the events in the JSON report -------------------------------------------------------------

def test_json_lists_the_events(monkeypatch, write):
    first = write("a.pbn", pbn(game("1", D1, Table="1"), game("1", D1, event="Pairs")))
    second = write("b.pbn", pbn(game("1", D1, Table="2")))
    within = json.loads(check(monkeypatch, first, second)[1])["events"]
    assert [(e["key"]["event"], e["files"]) for e in within] == [("Teams", ["a.pbn"]), ("Pairs", ["a.pbn"]),
                                                                 ("Teams", ["b.pbn"])]
    across = json.loads(check(monkeypatch, "--across-files", first, second)[1])["events"]
    assert across == [
        {"key": {"event": "Teams", "site": None, "section": None, "stage": None,
                 "hometeam": None, "visitteam": None},
         "files": ["a.pbn", "b.pbn"],
         "boards": [{"board": "1", "records": 2, "tables": [{"table": "1", "room": None},
                                                            {"table": "2", "room": None}],
                     "reference": "majority"}]},
        {"key": {"event": "Pairs", "site": None, "section": None, "stage": None,
                 "hometeam": None, "visitteam": None},
         "files": ["a.pbn"], "boards": [{"board": "1", "records": 1, "tables": [], "reference": None}]}]
    # with a hand record, what each board was compared with (None: nothing, E105 says so)
    hand = write("hr.pbn", pbn(game("1", D1, result=False)))
    document = json.loads(check(monkeypatch, "--hand-record", hand, first, write("c.pbn", pbn(game("2", D1))))[1])
    assert [(e["files"], [(b["board"], b["reference"]) for b in e["boards"]]) for e in document["events"]] == [
        (["hr.pbn"], [("1", "hand-record")]), (["a.pbn"], [("1", "hand-record")]), (["a.pbn"], [("1", "hand-record")]),
        (["c.pbn"], [("2", None)])]


# --- LIN across files, consistent uploads, suppression and standard input -----------------------

def test_lin_across_files_e102_e103_e104(monkeypatch, write):
    first = write("a.lin", lin(("o1", D1), ("c1", D1)))
    second = write("b.lin", lin(("o2", D1), ("o1", D2), mp="9,,0,"))  # board 2 is board 1 again; o1 twice
    assert found(monkeypatch, first, second) == []
    codes = [(code, line, column) for _, code, line, column, _ in found(monkeypatch, "--across-files", first, second)]
    assert codes == [("E104", 3, 1), ("E102", 4, 10), ("E103", 5, 4), ("E101", 5, 10)]


def test_consistent_uploads_across_files_fire_nothing(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False), game("2", D3, result=False)))
    open_room = write("open.pbn", pbn(game("1", D1, Room="Open", Score="NS 420", ScoreIMP="NS 10"),
                                      game("2", D3, Room="Open", Score="NS 420", ScoreIMP="NS 0")))
    closed_room = write("closed.pbn", pbn(game("1", D1, Room="Closed", Score="NS -50", ScoreIMP="EW 10"),
                                          game("2", D3, Room="Closed", Score="NS 420", ScoreIMP="NS 0")))
    lin_match = write("match.lin", lin(("o1", D1), ("c1", D1), ("o2", D3), ("c2", D3)))
    assert found(monkeypatch, "--across-files", record, open_room, closed_room, lin_match) == []


def test_a_directive_suppresses_an_event_finding_across_files(monkeypatch, write):
    first = write("a.pbn", pbn(game("1", D1)))
    second = write("b.pbn", "% bridgelint: disable-file=E101,E103\n" + pbn(game("1", D2)))
    [(name, code, line, column, message)] = check_findings(monkeypatch, "--select", "E,S112", "--across-files",
                                                           first, second)
    assert (name, code, line, column) == (second, "S112", 1, 33)
    assert message == "bridgelint: disable of E103 suppresses nothing: E103 found nothing in this file"
    within = check_findings(monkeypatch, "--select", "E,S112", first, second)
    assert [(code, column) for _, code, _, column, _ in within] == [("S112", 28), ("S112", 33)]


def check_findings(monkeypatch, *args: str) -> list[tuple[str, str, int, int, str]]:
    one = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "--jobs", "1", *args)
    two = run_cli(monkeypatch, "check", "--isolated", "--format", "json", "--jobs", "2", *args)
    assert one == two
    return [(f["path"], x["code"], x["line"], x["column"], x["message"]) for f in json.loads(one[1])["files"]
            for x in f["findings"]]


def test_standard_input_takes_its_place_in_the_run(monkeypatch, write):
    first, last = write("a.pbn", pbn(game("1", D1))), write("c.pbn", pbn(game("1", D3)))
    args = ("check", "--isolated", "--select", "E", "--across-files", "--format", "json", first, "-", last)
    code, out, _ = run_cli(monkeypatch, *args, stdin=pbn(game("1", D2)).encode())
    findings = [(f["path"], x["code"], x["message"][:40]) for f in json.loads(out)["files"] for x in f["findings"]]
    assert code == 1 and findings == [("-", "E101", "fouled board: ♥A is South's here, East's"),
                                      (last, "E101", "fouled board: ♦A is West's here, South's")]


# --- the shared corpus: no fouled board where a file holds one deal per board of each event --------

@requires_shared
def test_the_corpus_holds_no_fouled_board(monkeypatch):
    files = sorted(str(p) for p in CORPUS_PBN.parent.rglob("*") if p.suffix in (".pbn", ".lin"))
    found = {(Path(report.path).name, f.code) for report in (Pipeline(EVENT_CODES).check_file(path) for path in files)
             for f in report.findings}
    # a teaching file gives boards 4-1, 30-1 and 34-1 the deals of boards 4, 30 and 34 (and other auctions)
    assert found == {("Rick-Wilson__pbn-to-pdf__Precision_1C_Auctions_with_Notes.pbn", "E102")}


def test_a_file_whose_event_findings_are_ignored_still_counts_across_files(monkeypatch, write):
    write("bridgelint.toml", 'across-files = true\n[per-file-ignores]\n"handrecord.pbn" = ["E"]\n')
    record, upload = write("handrecord.pbn", pbn(game("1", D1), game("1", D1))), write("up.pbn", pbn(game("1", D2)))
    code, out, _ = run_cli(monkeypatch, "check", "--select", "E", "--format", "json", "--jobs", "2", record, upload)
    findings = [(f["path"], x["code"], x["line"]) for f in json.loads(out)["files"] for x in f["findings"]]
    assert findings == [(upload, "E101", 5)]


def test_an_unreadable_file_across_files_is_reported_and_the_others_checked(monkeypatch, write):
    first, second = write("a.pbn", pbn(game("1", D1))), write("b.pbn", pbn(game("1", D2)))
    for jobs in ("1", "2"):
        code, out, err = run_cli(monkeypatch, "check", "--isolated", "--select", "E", "--across-files", "--jobs", jobs,
                                 first, "missing.pbn", second)
        assert code == 2 and "bridgelint: missing.pbn: No such file or directory" in err
        assert "Traceback" not in err and out.startswith("b.pbn:5:8: E101 [error] fouled board")


# --- the hand record as reference (--hand-record), E105 ----------------------------------------

def test_hand_record_is_the_reference_whatever_the_event_tags(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, event="", result=False), game("2", D3, event="",
                                                                                       result=False)))
    uploads = write("up.pbn", pbn(game("1", D2, Date="2013-08-10 17:22"), game("1", D1, Date="2013-08-11"),
                                  game("2", D3, event="Club", Table="4")))
    [(name, code, line, column, message)] = found(monkeypatch, "--hand-record", record, uploads)
    assert (name, code, line, column) == (uploads, "E101", 5, 8)
    assert message == ("fouled board: board 1 here is not the hand record's: ♥A is South's here, East's in "
                       "handrecord.pbn:5; ♦A is East's here, South's there (26 cards differ) (Law 87)")
    # the fouled table first, one against many: the hand record decides, never the order
    first = write("first.pbn", pbn(game("1", D2), game("1", D1), game("1", D1)))
    assert [x[:3] for x in found(monkeypatch, "--hand-record", record, first)] == [(first, "E101", 5)]
    many = write("many.pbn", pbn(game("1", D2), game("1", D2), game("1", D2)))
    assert [x[:3] for x in found(monkeypatch, "--hand-record", record, many)] == [(many, "E101", 5), (many, "E101", 14),
                                                                                (many, "E101", 23)]


def test_hand_record_not_fired_on_agreeing_uploads_nor_on_the_hand_record(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False), game("2", D3, result=False)))
    uploads = write("up.pbn", pbn(game("1", D1), game("1", D1, Table="2"), game("2", D3)))
    assert found(monkeypatch, "--hand-record", record, uploads) == []
    # hands and dealer turned together are the hand record's board written from other seats
    turned = write("turned.pbn", "\n".join(game("1", D1_TURNED)).replace('[Dealer "N"]', '[Dealer "E"]') + "\n")
    assert found(monkeypatch, "--hand-record", record, turned) == []


def test_hand_record_vulnerability_turns_with_the_hands(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)).replace('"None"', '"NS"'))
    turned = "\n".join(game("1", D1_TURNED)).replace('[Dealer "N"]', '[Dealer "E"]') + "\n"
    together = write("together.pbn", turned.replace('"None"', '"EW"'))
    assert found(monkeypatch, "--hand-record", record, together) == []
    kept = write("kept.pbn", turned.replace('"None"', '"NS"'))  # North-South vulnerable, East now dealer
    assert found(monkeypatch, "--hand-record", record, kept) == [
        (kept, "E101", 5, 8, "fouled board: board 1 here is not the hand record's: the deal of handrecord.pbn:5 "
                             "turned one seat clockwise (Law 87)")]


def test_hand_record_from_the_configuration(monkeypatch, write):
    write("handrecord.pbn", pbn(game("1", D1, result=False)))
    upload = write("up.pbn", pbn(game("1", D2)))
    write("bridgelint.toml", 'hand-record = ["handrecord.pbn"]\n')
    code, out, _ = run_cli(monkeypatch, "check", "--select", "E", upload)
    assert code == 1 and out.startswith("up.pbn:5:8: E101 [error] fouled board: board 1 here is not the hand "
                                        "record's")
    write("bridgelint.toml", 'hand-record = "handrecord.pbn"\n')
    code, _, err = run_cli(monkeypatch, "check", upload)
    assert code == 2 and "'hand-record' must be a list of paths" in err


def test_a_hand_record_that_cannot_be_read_is_a_usage_error(monkeypatch, write):
    upload = write("up.pbn", pbn(game("1", D2)))
    code, _, err = run_cli(monkeypatch, "check", "--isolated", "--hand-record", "missing.pbn", upload)
    assert code == 2 and "bridgelint: missing.pbn: No such file or directory (a hand record)" in err
    write("bad.zip", "PK\x03\x04 not a zip")  # a damaged archive: said the same way, never a traceback
    code, _, err = run_cli(monkeypatch, "check", "--isolated", "--hand-record", "bad.zip", upload)
    assert code == 2 and "bridgelint: bad.zip: not a readable zip archive" in err and "Traceback" not in err
    assert "Traceback" not in err


def test_e105_on_an_upload_board_the_hand_record_lacks(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)))
    uploads = write("up.pbn", pbn(game("1", D1), game("7", D3), game("8", "N:- - - -"), game("9", D2, result=False)))
    assert found(monkeypatch, "--hand-record", record, uploads) == [
        (uploads, "E105", 14, 8, "board 7 is in no hand record (handrecord.pbn): its deal was not compared "
                                 "(Law 87)")]


def test_e105_on_a_hand_record_nothing_was_compared_with(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)))
    other = write("session2.pbn", pbn(game("5", D3, result=False)))
    upload = write("up.pbn", pbn(game("1", D1)))
    assert found(monkeypatch, "--hand-record", record, "--hand-record", other, upload) == [
        (other, "E105", 1, 1, "no record of the run was compared with this hand record: nothing was compared (do "
                              "the uploads number their boards as it does, and hold whole deals?) (Law 87)")]
    for across in ((), ("--across-files",)):
        assert [x[:3] for x in found(monkeypatch, *across, "--hand-record", record, record)] == [
            (record, "E105", 1)]


def test_two_hand_records_holding_one_board(monkeypatch, write):
    first = write("hr1.pbn", pbn(game("1", D1, result=False), game("5", D3, result=False)))
    again = write("hr2.pbn", pbn(game("5", D3, result=False), game("1", D2, result=False)))
    upload = write("up.pbn", pbn(game("1", D1), game("5", D3)))
    # the second hand record: each board already in the first (E105, or E101 where it differs), so nothing was
    # compared with it (E105 at its first game)
    assert [x[:4] for x in found(monkeypatch, "--hand-record", first, "--hand-record", again, upload)] == [
        (again, "E105", 1, 1), (again, "E105", 5, 8), (again, "E101", 11, 8)]
    messages = [x[4] for x in found(monkeypatch, "--hand-record", first, "--hand-record", again, upload)][1:]
    assert messages[0] == "board 5 is already in hr1.pbn:11: this one is not the reference (Law 87)"
    assert messages[1].startswith("fouled board: board 1 of this hand record is not the earlier one's: ♥A is "
                                  "South's here, East's in hr1.pbn:5")


def test_hand_record_across_files_gives_the_same(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)))
    uploads = [write(f"t{i}.pbn", pbn(game("1", D2 if i == 3 else D1))) for i in range(1, 5)]
    for across in ((), ("--across-files",)):
        assert [x[:3] for x in found(monkeypatch, *across, "--hand-record", record, *uploads)] == [
            ("t3.pbn", "E101", 5)]


def test_the_uncompared_board_example(monkeypatch, write):
    from test_rule_docs import section, snippets

    from bridgelint.rules import RULES
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    record = write("handrecord.pbn", pbn(game("24", deal, event="Club night", result=False)))
    [example], [use_instead] = (snippets(section(RULES["E105"].doc(), part)) for part in ("Example", "Use instead"))
    bad, good = write("bad.pbn", example.decode()), write("good.pbn", use_instead.decode())
    assert [x[:2] for x in found(monkeypatch, "--hand-record", record, bad)] == [(record, "E105"), (bad, "E105")]
    assert found(monkeypatch, "--hand-record", record, good) == []


# --- the other record: SARIF relatedLocations, replay ------------------------------------------

def test_sarif_gives_the_other_record_as_a_related_location(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)))
    upload = write("up.pbn", pbn(game("1", D2)))
    majority = write("r.pbn", pbn(game("1", D1), game("1", D1), game("1", D2)))
    _, out, _ = check(monkeypatch, "--hand-record", record, upload, output="sarif")
    [result] = [r for r in json.loads(out)["runs"][0]["results"] if r["ruleId"] == "E101"]
    assert result["relatedLocations"] == [{"id": 1, "physicalLocation": {
        "artifactLocation": {"uri": "handrecord.pbn", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 5, "startColumn": 1}}, "message": {"text": "board 1 in the hand record"}}]
    _, out, _ = check(monkeypatch, majority, output="sarif")
    document = json.loads(out)
    [result] = [r for r in document["runs"][0]["results"] if r["ruleId"] == "E101"]
    [related] = result["relatedLocations"]
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "r.pbn"
    assert related["physicalLocation"]["region"]["startLine"] == 5
    assert related["message"]["text"] == "board 1 as most tables played it (2 tables)"
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(document)


def test_replay_shows_a_fouled_board_under_its_deal_and_the_reference_deal(monkeypatch, write):
    record = write("handrecord.pbn", pbn(game("1", D1, result=False)))
    upload = write("up.pbn", pbn(game("1", D2)))
    code, out, _ = run_cli(monkeypatch, "replay", "--ascii", "--isolated", "--hand-record", record, upload)
    assert code == 0
    deal_part = out[out.index("                        South"):out.index("Contract and result")]
    assert "  E101 error (line 5, column 8): fouled board: board 1 here is not the hand record's" in deal_part
    assert ("    board 1 in the hand record, handrecord.pbn:5:\n"
            "      North  S AKQJT98765432  H -  D -  C -\n"
            "      East   S -  H AKQJT98765432  D -  C -\n"
            "      South  S -  H -  D AKQJT98765432  C -\n"
            "      West   S -  H -  D -  C AKQJT98765432\n") in deal_part
    # by the majority, within the file
    path = write("r.pbn", pbn(game("1", D1), game("1", D1), game("1", D2)))
    code, out, _ = run_cli(monkeypatch, "replay", "--ascii", "--isolated", "--game", "3", path)
    assert "    board 1 as most tables played it (2 tables), r.pbn:5:\n      North  S AKQJT98765432" in out


# --- the Date separates sessions, by the day (issue 36) ------------------------------------------

def test_e101_dates_compared_by_the_day_a_fouled_table_among_times(monkeypatch, write):
    # BBO writes the time each table ended: one event, one day; the third table played another deal
    path = write("times.pbn", pbn(game("1", D1, Date="2013-08-24 19:13"), game("1", D1, Date="2013-08-24 19:40"),
                                  game("1", D2, Date="2013-08-24 19:52"), game("1", D1, Date="2013-08-24 20:05")))
    assert [x[:4] for x in found(monkeypatch, path)] == [(path, "E101", 25, 8)]
    assert "dealt this way at 1 table, the other way at 3 tables, first at line 5" in found(monkeypatch, path)[0][4]


def test_e101_e103_not_when_the_deals_split_by_day(monkeypatch, write):
    # board 1 used again the next day with another deal, at the same tables: two sessions, nothing reported
    path = write("days.pbn", pbn(game("1", D1, Date="2013.08.24", Table="1"), game("1", D1, Date="2013.08.24",
                                                                                     Table="2"),
                                 game("1", D1, Date="2013.08.24", Table="3"), game("1", D2, Date="2013.08.25 10:02",
                                                                                     Table="1"),
                                 game("1", D2, Date="2013.08.25 11:40", Table="2")))
    assert found(monkeypatch, path) == []
    assert found(monkeypatch, "--across-files", path) == []
    # a table twice with one deal on two days is still E103 (at the second Table tag, line 21)
    again = write("again.pbn", pbn(game("1", D1, Date="2013.08.24", Table="1"),
                                   game("1", D1, Date="2013.08.25", Table="1")))
    assert [x[:4] for x in found(monkeypatch, again)] == [(again, "E103", 21, 9)]


def test_e101_practice_set_over_days_the_odd_table_whose_day_overlaps(monkeypatch, write):
    # a practice set played on three days: the odd table played on a day the majority played on too
    path = write("practice.pbn", pbn(game("1", D1, Date="2013-08-24 09:00"), game("1", D1, Date="2013-08-25"),
                                     game("1", D2, Date="2013-08-25 21:10"), game("1", D1, Date="2013-08-26")))
    assert [x[:4] for x in found(monkeypatch, path)] == [(path, "E101", 25, 8)]
    # a day not known never separates: "?" parts, an unreadable date
    for unknown in ("2013.??.??", "Summer 2013", "2013-02-30"):
        odd = write("odd.pbn", pbn(game("1", D1, Date="2013-08-24"), game("1", D1, Date="2013-08-24"),
                                   game("1", D2, Date=unknown)))
        assert [x[:4] for x in found(monkeypatch, odd)] == [(odd, "E101", 25, 8)], unknown


# --- E106: an upload that is not of the hand record ----------------------------------------------

def dealt(seed: int, first: str = "N") -> str:
    """A whole deal of its own for each seed, as a PBN Deal value from ``first`` (E: the hands turned one seat)."""
    import random
    cards = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    random.Random(seed).shuffle(cards)
    hands = [".".join("".join(c[1] for c in cards[13 * i:13 * i + 13] if c[0] == suit) for suit in "SHDC")
             for i in range(4)]
    return f"{first}:" + " ".join(hands)


def hand_record(write, boards: int = 20) -> str:
    return write("hr.pbn", pbn(*(game(str(n), dealt(n), event="", result=False) for n in range(1, boards + 1))))


def test_e106_an_upload_numbered_from_1_that_is_the_hand_records_11_to_20(monkeypatch, write):
    record = hand_record(write)
    upload = write("up.pbn", pbn(*(game(str(n), dealt(n + 10)) for n in range(1, 11))))
    for across in ((), ("--across-files",)):
        assert found(monkeypatch, *across, "--hand-record", record, upload) == [
            (upload, "E106", 5, 8, "this upload is not of the hand record hr.pbn: 10 of its 10 boards compared "
                                   "differ from it; boards 1\u201310 here are the hand record's 11\u201320 (the board "
                                   "numbers are shifted: check it against the session's numbers); no E101 is given "
                                   "on its boards (Law 87)")]


def test_e106_an_upload_whose_hands_are_all_turned(monkeypatch, write):
    record = hand_record(write)
    # the hands turned one seat, the dealer not: each board alone would be E101
    upload = write("up.pbn", pbn(*(game(str(n), dealt(n, first="E")) for n in range(1, 11))))
    [(name, code, line, column, message)] = found(monkeypatch, "--hand-record", record, upload)
    assert (name, code, line, column) == (upload, "E106", 5, 8)
    assert message.startswith("this upload is not of the hand record hr.pbn: 10 of its 10 boards compared differ "
                              "from it; each is the hand record's turned one seat ")
    # E106 not selected: the E101 of each board instead
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "--select", "E101", "--format", "json",
                           "--hand-record", record, upload)
    assert [x["code"] for f in json.loads(out)["files"] for x in f["findings"]] == ["E101"] * 10


def test_e106_not_when_2_of_10_boards_differ_each_is_e101(monkeypatch, write):
    record = hand_record(write)
    upload = write("up.pbn", pbn(*(game(str(n), dealt(n + 100 if n in (3, 8) else n)) for n in range(1, 11))))
    assert [x[:4] for x in found(monkeypatch, "--hand-record", record, upload)] == [
        (upload, "E101", 23, 8), (upload, "E101", 68, 8)]
    # three boards of one number, all differing, are one board number compared: E101 each, no E106
    many = write("many.pbn", pbn(*(game("1", dealt(99)) for _ in range(3))))
    assert [x[:3] for x in found(monkeypatch, "--hand-record", record, many)] == [
        (many, "E101", 5), (many, "E101", 14), (many, "E101", 23)]


# --- the cascade E101 -> P102: a fouled board's play is checked against the deal as written -------

FOULED = "W:QT2.AT9.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 KJ973.J8742.3.K4"  # PLAY_DEAL, West's SK and South's H9 swapped


def played(deal: str, rows: str = PLAY_ROWS) -> str:
    """Board 1 played as ``rows`` give it (lines 1-22 of a game: the Deal on line 5, the first trick on 10)."""
    return (f'[Event "Club"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Declarer "S"]\n'
            f'[Contract "5HX"]\n[Result "5"]\n[Play "W"]\n{rows}\n')


def e101_p102(monkeypatch, *args: str) -> list[tuple[str, str, int, int]]:
    """(file, code, line, column) of the E101 and P102 findings; the same on one process and on two."""
    outs = [run_cli(monkeypatch, "check", "--isolated", "--select", "E101,P102", "--format", "json", "--jobs", jobs,
                    *args)[1] for jobs in ("1", "2")]
    assert outs[0] == outs[1]
    return [(f["path"], x["code"], x["line"], x["column"]) for f in json.loads(outs[0])["files"]
            for x in f["findings"]]


def test_a_record_with_e101_has_no_p102(monkeypatch, write):
    path = write("fouled.pbn", "\n".join([played(PLAY_DEAL), played(PLAY_DEAL), played(FOULED)]))
    for across in ((), ("--across-files",)):
        assert e101_p102(monkeypatch, *across, path) == [(path, "E101", 51, 8)]  # no P102 at 56:1
    record = write("hr.pbn", f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PLAY_DEAL}"]\n')
    upload = write("up.pbn", played(FOULED))
    for across in ((), ("--across-files",)):
        assert e101_p102(monkeypatch, *across, "--hand-record", record, upload) == [(upload, "E101", 5, 8)]


def test_p102_stays_without_e101_on_its_record(monkeypatch, write):
    path = write("fouled.pbn", "\n".join([played(PLAY_DEAL), played(PLAY_DEAL), played(FOULED)]))
    # E101 not reported (ignored): the card not held is said
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "--select", "P102", "--format", "json", path)
    assert [(x["code"], x["line"], x["column"]) for f in json.loads(out)["files"] for x in f["findings"]] == [
        ("P102", 56, 1)]
    # the deal as written played by most tables: E101 on the other record, the P102s of the majority's stay
    most = write("most.pbn", "\n".join([played(FOULED), played(FOULED), played(PLAY_DEAL)]))
    assert e101_p102(monkeypatch, most) == [(most, "P102", 10, 1), (most, "P102", 33, 1), (most, "E101", 51, 8)]


def test_a_card_played_twice_stays_beside_e101(monkeypatch, write):
    # West's D2 and South's C4 swapped (cards of the last tricks); West plays SK again at trick 2: whatever the
    # deal, a card played twice
    fouled = "W:KQT2.AT.J654.854 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.32.K"
    twice = PLAY_ROWS.replace("HA H3 HK HJ", "SK H3 HK HJ")
    path = write("twice.pbn", "\n".join([played(PLAY_DEAL), played(PLAY_DEAL), played(fouled, twice)]))
    assert e101_p102(monkeypatch, path) == [(path, "E101", 51, 8), (path, "P102", 57, 1)]
