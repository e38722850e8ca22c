"""bridgelint convert: PBN export format and JSON, round trips over the corpus."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgelint.cli import cli
from bridgelint.convert.json_writer import JsonWriter
from bridgelint.convert.pbn_writer import PbnWriter, game_text
from bridgelint.core.bridge import Result
from bridgelint.core.record import Record
from bridgelint.core.tokens import FILLER
from bridgelint.engine.pipeline import check_stream
from bridgelint.formats import open_reader
from bridgelint.replay.context import Context
from bridgelint.replay.semantics import stated

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def records(text: str | bytes, name: str = "t.pbn") -> list[Record]:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return list(open_reader(io.BytesIO(data), name))


def to_pbn(data: bytes, name: str) -> bytes:
    out = io.BytesIO()
    writer = PbnWriter(out)
    for record in open_reader(io.BytesIO(data), name):
        writer.write(record)
    writer.header()
    return out.getvalue()


def crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


# --- PBN to PBN -------------------------------------------------------------------

IMPORT_GAME = """\
[Board "3"]
[Dealer "s"]
[Vulnerable "both"]
[Deal "W:2KQT.AT.J6542.85 AJ4.KQ52.T.QJT76 9853.J9.AQ7.AK3 76.87643.K983.942"]
[Contract "3n"]
[Declarer "S"]
[Result "NS 9"]
[Event "Club night"]
[Room "Open"]
[Auction "W"]
- - - 1C Pass
1H ! =1= Pass 1n Pass
3N p P pass
[Note "1: four hearts"]
[Play "W"]
SK S4 S3 S7
*
"""

EXPORT_GAME = """\
[Event "Club night"]
[Site "?"]
[Date "?"]
[Board "3"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "S:76.87643.K983.942 KQT2.AT.J6542.85 AJ4.KQ52.T.QJT76 9853.J9.AQ7.AK3"]
[Scoring "?"]
[Declarer "S"]
[Contract "3NT"]
[Result "9"]
[Room "Open"]
[Auction "S"]
1C Pass 1H =1= $1 Pass
1NT Pass 3NT Pass
Pass Pass
[Note "1: four hearts"]
[Play "W"]
SK S4 S3 S7 *
"""


def test_import_format_game_becomes_export_format():
    (record,) = records(IMPORT_GAME)
    assert game_text(record) == crlf(EXPORT_GAME)


def test_file_header_and_one_empty_line_between_games():
    data = to_pbn((IMPORT_GAME + "\n" + IMPORT_GAME).encode(), "t.pbn")
    assert data.startswith(b"% PBN 2.1\r\n% EXPORT\r\n\r\n[Event ")
    assert data.count(b"\r\n\r\n[Event ") == 2
    assert b"\n" not in data.replace(b"\r\n", b"")
    assert data.endswith(b"*\r\n")


def test_export_output_checks_clean_of_s108_and_converts_to_the_same_bytes():
    first = to_pbn(IMPORT_GAME.encode(), "t.pbn")
    report = check_stream("t.pbn", io.BytesIO(first))
    assert not [f for f in report.findings if f.code in ("S108", "S109")]
    assert to_pbn(first, "t.pbn") == first


def test_first_call_out_of_turn_is_kept_in_its_column():
    (record,) = records('[Dealer "N"]\n[Auction "E"]\n1C Pass Pass Pass\n')
    text = game_text(record)
    assert '[Auction "N"]\r\n- 1C Pass Pass\r\nPass\r\n' in text
    (again,) = records(text)
    codes = [f.code for f in check_stream("t.pbn", io.BytesIO(text.encode())).findings]
    assert "A101" in codes and "S108" not in codes
    assert [c.token for c in again.auction.calls if c.kind != FILLER] == ["1C", "Pass", "Pass", "Pass"]


def test_marks_notes_and_nags_are_kept_in_export_order():
    (record,) = records('[Dealer "W"]\n[Auction "W"]\n1D ^I 1C !! =2= $25 Pass ^S\n[Note "2:oops"]\n')
    text = game_text(record)
    assert "1D ^I 1C =2= $3 $25 Pass ^S\r\n" in text
    assert '[Note "2:oops"]' in text


def test_strings_are_escaped():
    (record,) = records('[Event "A \\"quoted\\" \\\\ name"]\n[Board "1"]\n')
    assert '[Event "A \\"quoted\\" \\\\ name"]' in game_text(record)
    (again,) = records(game_text(record))
    assert again.tag("Event").value == 'A "quoted" \\ name'


def test_unknown_values_are_question_marks_and_nothing_is_invented():
    (record,) = records('[Board "7"]\n[Contract "4S"]\n')
    text = game_text(record)
    assert '[Dealer "?"]' in text and '[Deal "?"]' in text and '[Declarer "?"]' in text
    assert "[Auction" not in text and "[Play" not in text


def test_passed_out_board():
    (record,) = records('[Dealer "N"]\n[Contract "Pass"]\n[Declarer ""]\n[Result ""]\n[Auction "N"]\nAP\n')
    text = game_text(record)
    assert '[Declarer ""]\r\n[Contract "Pass"]\r\n[Result ""]\r\n[Auction "N"]\r\nAP\r\n' in text


def test_tables_go_last_sorted_by_name():
    text = '[Board "1"]\n[ScoreTable "Rank;Score_NS"]\n1 420\n2 "-50"\n[OptimumResultTable "Declarer;Result"]\nN 9\n'
    (record,) = records(text)
    out = game_text(record)
    assert out.endswith(crlf('[OptimumResultTable "Declarer;Result"]\nN 9\n[ScoreTable "Rank;Score_NS"]\n1 420\n'
                             '2 "-50"\n'))


def test_tables_are_written_aligned_to_their_widths_and_sorted():
    text = ('[Board "1"]\n[ScoreTable "-Rank\\\\3R;Contract\\\\4L;+Score_NS\\\\5R;Names_NS"]\n'
            '2 3NT 400 "Ann;Bob"\n1   4S 420 x\n2 4H 400 y\n[ActionTable "Call;Percentage"]\n  1H   100\n')
    (record,) = records(text)
    # the widths written as the corpus and every program write them, one backslash (read as two here too)
    assert game_text(record).endswith(crlf('[ActionTable "Call;Percentage"]\n1H 100\n'
                                           '[ScoreTable "-Rank\\3R;Contract\\4L;+Score_NS\\5R;Names_NS"]\n'
                                           '  1 4S     420 x\n  2 3NT    400 "Ann;Bob"\n  2 4H     400 y\n'))
    (again,) = records(game_text(record))
    assert game_text(again) == game_text(record)


def test_json_carries_tables_typed():
    from bridgelint.convert.json_writer import record_dict

    text = ('[Board "1"]\n[ScoreTable "-Rank\\\\2R;Contract;Score_NS;Names_NS"]\n'
            '1 4S 420 "Ann;Bob"\n2 ^3NT ? x\n')
    (record,) = records(text)
    table = record_dict(record)["tables"]["ScoreTable"]
    assert table["header"] == "-Rank\\2R;Contract;Score_NS;Names_NS" and table["line"] == 2
    assert table["columns"][0] == {"name": "Rank", "order": "-", "width": 2, "align": "R"}
    assert [[cell["value"] for cell in row] for row in table["rows"]] == [[1, "4S", 420, "Ann;Bob"],
                                                                         [2, "3NT", None, "x"]]
    assert table["rows"][1][1] == {"text": "^3NT", "value": "3NT", "artificial": True, "line": 4, "column": 3}
    json.dumps(table)


# --- LIN to PBN -----------------------------------------------------------------

LIN_BOARD = ("pn|Ann,Bob,Cy,Di|st||md|3SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3,|rh||"
             "ah|Board 5|sv|n|mb|1N!|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2H|mb|p|mb|4H|mb|p|mb|p|mb|p|"
             "pg||pc|DQ|pc|DA|pc|D3|pc|D2|pg||pc|C5|pc|C6|pc|CK|pc|C2|pg||pc|S3|pc|S2|pc|SK|pc|S5|pg||"
             "pc|H9|mc|10|pg||\n")


def test_lin_board_becomes_export_format():
    (record,) = records(LIN_BOARD, "t.lin")
    text = game_text(record)
    assert text.startswith(crlf('[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "5"]\n[West "Bob"]\n[North "Cy"]\n'
                                '[East "Di"]\n[South "Ann"]\n[Dealer "N"]\n[Vulnerable "NS"]\n'))
    assert crlf('[Auction "N"]\n1NT =1= Pass 2C =2= Pass\n2H Pass 4H Pass\nPass Pass\n'
                '[Note "1:15-17"]\n[Note "2:Stayman"]\n') in text
    (again,) = records(text)
    assert again.contract.value.level == 4 and again.declarer.value == ("N", False)
    assert again.result.value == Result(10, None, None, False)
    assert again.play.seat == "E"
    assert [c.token for c in again.play.cards][-1] == "*"


def test_lin_commentary_is_kept_as_pbn_commentary_after_what_it_follows():
    long = "x " * 200
    lin = (LIN_BOARD.replace("mb|1N!|", "nt|ann: hello } all|mb|1N!|").replace("mb|2H|", "mb|2H|nt|bob: 5@S and 4!h|")
           .replace("pc|C5|", "pc|C5|nt|cy: " + long + "|"))
    (record,) = records(lin, "t.lin")
    text = game_text(record)
    assert crlf('[Auction "N"]\n{ann: hello ) all}\n1NT =1= Pass 2C =2= Pass\n2H Pass 4H Pass\n'
                '{bob: 5\\S and 4\\H}\nPass Pass\n') in text
    play = text[text.index('[Play "E"]'):]
    lines = play.split("\r\n")
    assert lines[2] == "C2 C5 C6 CK" and lines[3].startswith("{cy: x x") and lines[4].endswith(" x}")
    assert max(map(len, text.split("\r\n"))) <= 253  # no line over PBN's 255 with its end
    (again,) = records(text)  # the calls and cards read as before; the commentary is no token
    (plain,) = records(game_text(records(LIN_BOARD, "t.lin")[0]))
    assert [c.token for c in again.auction.calls] == [c.token for c in plain.auction.calls]
    assert [c.token for c in again.play.cards] == [c.token for c in plain.play.cards]
    assert not [f for f in check_stream("t.pbn", io.BytesIO(text.encode())).findings if f.severity != "info"]


def test_lin_alert_without_explanation_is_an_empty_note():
    (record,) = records("md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|mb|1C!|mb|p|mb|p|mb|p|", "t.lin")
    assert '1C =1= Pass Pass Pass\r\n[Note "1:"]' in game_text(record)


def test_lin_claim_mid_trick_and_lead_columns():
    (record,) = records(LIN_BOARD, "t.lin")
    text = game_text(record)
    # East leads (declarer North's left); South wins trick 1, North trick 2, South trick 3.
    # Trick 4 is led by South: H9 stands in South's column, East has not played.
    assert crlf('[Play "E"]\nDQ DA D3 D2\nC2 C5 C6 CK\nS2 SK S5 S3\n- H9 *\n') in text


def lin_game(cards: str, md: str = "3SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,SA643HKJT8D92CAK3,") -> str:
    """The LIN_BOARD deal, 4H by North, and these cards played."""
    return f"md|{md}|sv|n|mb|4H|mb|p|mb|p|mb|p|" + "".join(f"pc|{card}|" for card in cards.split()) + "\n"


@pytest.mark.parametrize("cards,rows", [
    # West plays North's SA to trick 2 (P102, the replay stops): North's CK wins it and leads
    ("DQ DA D3 D2 C5 SA CK C2 S3 S2 SK S5 H9", "DQ DA D3 D2\nC2 C5 SA CK\nS2 SK S5 S3\n- H9\n"),
    # West revokes, ruffing the club lead with the heart ace (P103): West wins trick 2 and leads
    ("DQ DA D3 D2 C5 HA CK C2 ST S3 S2 SK", "DQ DA D3 D2\nC2 C5 HA CK\nS2 SK ST S3\n"),
    # a token that is no card (P101) keeps its column; its trick has no winner, the holder of S3 leads next
    ("DQ DA D3 D2 C5 XX CK C2 S3 S2 SK S5", "DQ DA D3 D2\nC2 C5 XX CK\nS2 SK S5 S3\n"),
], ids=["card-not-held", "revoke", "not-a-card"])
def test_lin_play_the_replay_stops_in_or_goes_through_keeps_every_card_in_its_column(cards, rows):
    (record,) = records(lin_game(cards), "t.lin")
    assert crlf('[Play "E"]\n' + rows) in game_text(record)


def test_lin_play_with_unknown_hands_is_placed_from_each_winner():
    (record,) = records(lin_game("DQ DA D3 D2 C5 C6 CK C2 S3 S2 SK S5", md="3SKQ97HQ9DAK54CJ75,SJT85HA742D863CQ6,,"),
                        "t.lin")
    assert record.deal.hands["E"] is None
    assert crlf('[Play "E"]\nDQ DA D3 D2\nC2 C5 C6 CK\nS2 SK S5 S3\n') in game_text(record)


def model(record: Record) -> dict:
    """What a conversion must keep: deal, calls, cards by trick, the replayed tricks, the outcome."""
    ctx = Context(record)
    deal = ({seat: tuple(sorted(h)) if h else None for seat, h in record.deal.hands.items()}
            if record.deal is not None else None)
    calls = [(c.kind, c.level, c.denomination) for c in record.auction.calls if c.kind != FILLER] \
        if record.auction is not None else None
    cards = tricks = None
    if record.play is not None:
        real = [c for c in record.play.cards if c.kind != "end"]
        cards = [frozenset(c.card for c in real[i:i + 4] if c.kind == "card") for i in range(0, len(real), 4)]
        cards = [group for group in cards if group]
        tricks = [(t.leader, [(s, c.card) for s, c in t.cards], t.winner)
                  for t in (ctx.play.tricks if ctx.play else []) if len(t.cards) == 4]
    return {"deal": deal, "calls": calls, "cards": cards, "tricks": tricks, "outcome": stated(ctx).outcome}


def corpus_files(pattern: str) -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(CORPUS.glob(pattern))


def _ids(paths):
    return [p.name[:50] for p in paths]


LIN_FILES = corpus_files("lin/*.lin") + sorted(SAMPLES.glob("*.lin"))
ALL_FILES = LIN_FILES + corpus_files("pbn/*.pbn") + sorted(SAMPLES.glob("*.pbn"))


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus not present")
@pytest.mark.parametrize("path", LIN_FILES, ids=_ids(LIN_FILES))
def test_lin_to_pbn_keeps_the_model(path: Path):
    data = path.read_bytes()
    lin = [model(r) for r in open_reader(io.BytesIO(data), path.name)]
    pbn = [model(r) for r in open_reader(io.BytesIO(to_pbn(data, path.name)), "out.pbn")]
    assert len(lin) == len(pbn)
    for number, (a, b) in enumerate(zip(lin, pbn), 1):
        assert a == b, f"board record {number}"


_COMMENTARY_LINES = re.compile(rb"^\{[^}]*\}\r\n", re.M)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus not present")
@pytest.mark.parametrize("path", ALL_FILES, ids=_ids(ALL_FILES))
def test_export_is_stable_and_clean_of_s108(path: Path):
    first = to_pbn(path.read_bytes(), path.name)
    # a PBN file's comments are not carried over: a LIN board's commentary, lines of their own, goes the second time
    assert to_pbn(first, "out.pbn") == _COMMENTARY_LINES.sub(b"", first)
    report = check_stream("out.pbn", io.BytesIO(first), ["S108"])
    assert report.findings == []


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus not present")
@pytest.mark.parametrize("path", corpus_files("pbn/*.pbn")[:12], ids=_ids(corpus_files("pbn/*.pbn")[:12]))
def test_pbn_to_pbn_keeps_the_model(path: Path):
    data = path.read_bytes()
    before = [model(r) for r in open_reader(io.BytesIO(data), path.name)]
    after = [model(r) for r in open_reader(io.BytesIO(to_pbn(data, path.name)), "out.pbn")]
    assert before == after


# --- JSON ------------------------------------------------------------------------

def test_json_of_the_record_model():
    out = io.StringIO()
    writer = JsonWriter(out)
    for record in records(LIN_BOARD, "t.lin"):
        writer.write(record, path="t.lin")
    writer.close()
    document = json.loads(out.getvalue())
    assert document["version"] == 1
    (board,) = document["records"]
    assert board["format"] == "lin" and board["board"] == "5" and board["dealer"] == "N"
    assert board["vulnerable"] == "NS"
    assert sorted(board["deal"]) == ["E", "N", "S", "W"] and len(board["deal"]["E"]) == 13
    assert board["auction"]["calls"][0] == {
        "token": "1N!", "kind": "bid", "seat": "N", "level": 1, "denomination": "NT", "mark": None, "alert": True,
        "note": None, "nags": [], "explanation": "15-17", "line": 1, "column": 101}
    assert board["play"]["claim"] == 10 and board["play"]["cards"][0]["card"] == "DQ"
    assert board["contract"] is None and board["findings"] == []


def test_json_empty_document():
    out = io.StringIO()
    JsonWriter(out).close()
    assert json.loads(out.getvalue()) == {"version": 1, "records": []}


# --- the command ----------------------------------------------------------------

def test_convert_command_to_stdout_prints_findings_on_stderr(tmp_path: Path):
    source = tmp_path / "a.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H 1D Pass Pass\nPass\n')
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "pbn"])
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"% PBN 2.1\r\n% EXPORT\r\n")
    assert b"1H 1D Pass Pass\r\nPass\r\n" in result.stdout_bytes
    assert f"{source}:4:4: A103 " in result.stderr


def test_convert_command_to_directory_and_json(tmp_path: Path):
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "b.lin").write_text(LIN_BOARD)
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "b.lin"), "--to", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    document = json.loads((out / "b.json").read_text())
    assert document["records"][0]["path"] == str(tmp_path / "b.lin")
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "b.lin"), "--to", "pbn", "-o", str(out / "x.pbn")])
    assert result.exit_code == 0
    assert (out / "x.pbn").read_bytes().startswith(b"% PBN 2.1\r\n")


def test_convert_command_unreadable_path_exits_2(tmp_path: Path):
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "missing.pbn"), "--to", "pbn"])
    assert result.exit_code == 2
    assert "missing.pbn" in result.stderr


def test_mutated_inputs_never_crash_the_writers():
    import random

    from bridgelint.api import check_record
    from bridgelint.convert.json_writer import record_dict
    from bridgelint.views.board import render

    rng = random.Random(6)
    sources = [(p.name, p.read_bytes()) for p in sorted(SAMPLES.glob("*"))] + [("t.lin", LIN_BOARD.encode())]
    for _ in range(300):
        name, data = rng.choice(sources)
        data = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(data))
            if rng.random() < 0.5:
                data[at] = rng.choice(b' |-*+^=$!?{}[]"\n0123456789SHDCNEWXPpmbcq')
            else:
                del data[at:at + rng.randint(1, 8)]
        for record in open_reader(io.BytesIO(bytes(data)), name):
            text = game_text(record)
            record_dict(record)
            render(record, check_record(record))
            for again in open_reader(io.BytesIO(text.encode("utf-8")), "out.pbn"):
                game_text(again)


def test_lin_match_header_gives_event_scoring_and_each_room_its_players():
    deal = "md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|sv|o|"
    text = ("vg|Spring Teams,Final,I,1,1,Home,0,Away,0|\npn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
            f"qx|o1|{deal}mb|p|mb|p|mb|p|mb|p|\nqx|c1|{deal}mb|p|mb|p|mb|p|mb|p|\n")
    open_room, closed_room = (game_text(record) for record in records(text, "t.lin"))
    assert open_room.startswith(crlf('[Event "Spring Teams, Final"]\n[Site "?"]\n[Date "?"]\n[Board "1"]\n'
                                     '[West "w1"]\n[North "n1"]\n[East "e1"]\n[South "s1"]\n'))
    assert crlf('[Scoring "IMP"]\n') in open_room
    assert crlf('[HomeTeam "Home"]\n') in open_room and crlf('[VisitTeam "Away"]\n') in closed_room
    assert crlf('[West "w2"]\n[North "n2"]\n[East "e2"]\n[South "s2"]\n') in closed_room
    (single,) = records(f"pn|s,w,n,e|{deal}mb|p|mb|p|mb|p|mb|p|", "t.lin")
    assert game_text(single).startswith(crlf('[Event "?"]\n'))  # no vg: nothing invented


@pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus not present")
def test_converted_tables_keep_their_widths_for_endplays_reader(tmp_path):
    endplay_pbn = pytest.importorskip("endplay.parsers.pbn")
    source = CORPUS / "pbn" / "rkcb__pbnparser__butler.pbn"
    converted = tmp_path / "b.pbn"
    result = CliRunner().invoke(cli, ["convert", "--isolated", str(source), "--to", "pbn", "-o", str(converted)])
    assert result.exit_code == 0, result.output
    with converted.open(encoding="utf-8") as f:
        boards = endplay_pbn.load(f)
    headers = boards[0].info["ScoreTable"]["headers"]
    assert [(h["name"], h["minwidth"], h["alignment"]) for h in headers[:3]] == [
        ("Table", "1", "R"), ("Round", "1", "R"), ("PairId_NS", "2", "R")]
    assert all(h["minwidth"] for board in boards for name in ("ScoreTable", "TotalScoreTable")
               if name in board.info for h in board.info[name]["headers"])


def test_convert_groups_the_findings_it_prints_as_check_does(tmp_path):
    text = "\n".join(f'[Event "e"]\n[Board "{n}"]\n[Date "95.06.10"]\n[Dealer "N"]\n' for n in range(1, 9))
    (tmp_path / "d.pbn").write_text(text)
    runner = CliRunner()
    result = runner.invoke(cli, ["convert", "--isolated", str(tmp_path / "d.pbn"), "--to", "json", "-o",
                                 str(tmp_path / "d.json")])
    b107 = [line for line in result.stderr.splitlines() if " B107 " in line]
    assert result.exit_code == 0 and len(b107) == 1 and "first of 8 in this file" in b107[0]
    result = runner.invoke(cli, ["convert", "--isolated", "--no-group", str(tmp_path / "d.pbn"), "--to", "json",
                                 "-o", str(tmp_path / "e.json")])
    assert sum(" B107 " in line for line in result.stderr.splitlines()) == 8
