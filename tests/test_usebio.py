"""The USEBIO reader: field forms, safe XML (S130), encodings (S114), the checks it feeds, the corpus, conversion."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import at, check, file_findings, only, read_findings

from bridgelint.cli import cli
from bridgelint.convert.pbn_writer import PbnWriter
from bridgelint.core.record import Record
from bridgelint.formats import open_reader
from bridgelint.formats.registry import format_from_content, format_from_name
from bridgelint.formats.usebio import UsebioReader, looks_like_usebio

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "usebio"


# --- fixtures -------------------------------------------------------------------------------------------------

def line(ns: str = "1", ew: str = "2", contract: str | None = "4S", by: str | None = "N", tricks: str | None = "10",
         score: str = "420", lead: str | None = None, points: tuple[str, str, str] | None = None) -> str:
    """A TRAVELLER_LINE, each element on a line of its own; ``points``: (kind, NS, EW), as ("MATCH_POINTS", "2", "0")."""
    parts = [f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>", f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"]
    parts += [f"<{name}>{value}</{name}>" for name, value in
              (("CONTRACT", contract), ("PLAYED_BY", by), ("LEAD", lead), ("TRICKS", tricks)) if value is not None]
    parts.append(f"<SCORE>{score}</SCORE>")
    if points is not None:
        kind, north, east = points
        parts += [f"<NS_{kind}>{north}</NS_{kind}>", f"<EW_{kind}>{east}</EW_{kind}>"]
    return "<TRAVELLER_LINE>\n" + "\n".join(parts) + "\n</TRAVELLER_LINE>"


def board(number: int, *lines: str, average: str | None = None) -> str:
    datum = f"\n<BOARD_AVERAGE>{average}</BOARD_AVERAGE>" if average is not None else ""
    return f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>{datum}\n" + "\n".join(lines) + "\n</BOARD>"


def pair(number: str, total: str | None = None, place: str | None = None, percentage: str | None = None,
         direction: str = "", boards: str | None = None) -> str:
    parts = [f"<PAIR_NUMBER>{number}</PAIR_NUMBER>", f"<DIRECTION>{direction}</DIRECTION>"]
    parts += [f"<{name}>{value}</{name}>" for name, value in
              (("BOARDS_PLAYED", boards), ("TOTAL_SCORE", total), ("PERCENTAGE", percentage), ("PLACE", place))
              if value is not None]
    return "<PAIR>\n" + "\n".join(parts) + "\n</PAIR>"


def usebio(*boards: str, event_type: str = "MP_PAIRS", pairs: tuple[str, ...] = (), handset: str = "",
           header: str = "<DATE>11/03/2026</DATE>", winner: str = "1") -> str:
    participants = "<PARTICIPANTS>\n" + "\n".join(pairs) + "\n</PARTICIPANTS>\n" if pairs else ""
    return (f'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<CLUB>\n<CLUB_NAME>Club</CLUB_NAME>\n</CLUB>\n'
            f'<EVENT EVENT_TYPE="{event_type}">\n<EVENT_DESCRIPTION>Pairs</EVENT_DESCRIPTION>\n{header}\n'
            f'<WINNER_TYPE>{winner}</WINNER_TYPE>\n{participants}' + "\n".join(boards) + f"\n</EVENT>\n{handset}</USEBIO>\n")


def hands(number: int, north: str, east: str, south: str, west: str) -> str:
    """A HANDSET board; each hand as ``spades.hearts.diamonds.clubs``."""
    out = [f"<BOARD>\n<BOARD_NUMBER>{number}</BOARD_NUMBER>"]
    for direction, hand in (("North", north), ("East", east), ("South", south), ("West", west)):
        suits = hand.split(".")
        out.append(f"<HAND>\n<DIRECTION>{direction}</DIRECTION>\n" + "\n".join(
            f"<{name}>{ranks}</{name}>" for name, ranks in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), suits))
                   + "\n</HAND>")
    return "\n".join(out) + "\n</BOARD>\n"


HANDSET_1 = "<HANDSET>\n" + hands(1, "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.",
                                   "...AKQJT98765432") + "</HANDSET>\n"


def place(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """(line, column), 1-based, of the ``nth`` occurrence of ``needle`` in ``text``."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def read(text: str | bytes) -> tuple[list[Record], UsebioReader]:
    reader = UsebioReader(io.BytesIO(text.encode("utf-8") if isinstance(text, str) else text), "t.xml")
    return list(reader), reader


def rows(record: Record, name: str = "ScoreTable") -> list[list[str]]:
    return list(record.tables[name].texts())


def checked(text: str | bytes) -> list:
    return check(text, name="t.xml")


MP_BOARD = board(1, line("1", "2", points=("MATCH_POINTS", "2", "0")), line("3", "4", "4S", "N", "9", "-50",
                                                                            points=("MATCH_POINTS", "0", "2")))


# --- telling the format -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("head", [b'<?xml version="1.0"?>\n<USEBIO Version="1.2">', b"<USEBIO Version='1.2'>",
                                  b'\xef\xbb\xbf<?xml version="1.0"?>\r\n<!DOCTYPE USEBIO SYSTEM "usebio.dtd">',
                                  b"<!-- scored -->\n<USEBIO>"])
def test_usebio_is_told_by_its_content(head):
    assert looks_like_usebio(head)
    assert format_from_content(head) == "usebio"


@pytest.mark.parametrize("head", [b'[Event "x"]\n', b"pn|a,b,c,d|", b"<html><body>", b"<USEBIOX>"])
def test_other_content_is_not_usebio(head):
    assert not looks_like_usebio(head)


def test_the_xml_extension_is_usebio():
    assert format_from_name("session.XML") == "usebio"
    assert format_from_name("session.xml.gz") == "usebio"


# --- records and field forms ------------------------------------------------------------------------------------

def test_each_board_is_a_record_with_its_header_from_the_event():
    text = usebio(MP_BOARD, board(2, line()), handset=HANDSET_1)
    records, reader = read(text)
    assert [r.board_number for r in records] == ["1", "2"]
    first, second = records
    tags = {tag.name: tag.value for tag in first.tags}
    assert tags == {"Event": "Pairs", "Site": "Club", "Date": "2026.03.11", "Scoring": "MP;MP1", "Board": "1",
                    "Dealer": "N", "Vulnerable": "None", "Deal": "N:AKQJT98765432... .AKQJT98765432.. "
                                                                 "..AKQJT98765432. ...AKQJT98765432"}
    assert (second.dealer.value, second.vulnerable.value) == ("E", "NS")  # Law 2 for board 2
    assert second.deal is None and first.deal is not None and first.deal.hands["W"][0] == "CA"
    assert (first.line, first.column) == place(text, "<BOARD>")
    assert file_findings(reader) == []


def test_hands_and_vulnerability_inside_the_board():
    inside = hands(3, "AKQJT98765432...", ".AKQJT98765432..", "..AKQJT98765432.", "...AKQJT98765432")
    inside = inside.replace("<BOARD>\n<BOARD_NUMBER>3</BOARD_NUMBER>", "").replace("</BOARD>", "")
    text = usebio(board(3, "<VULNERABILITY>North-South</VULNERABILITY>" + inside, line()))
    record = read(text)[0][0]
    assert (record.vulnerable.value, record.dealer.value) == ("NS", "S")  # as written; Law 2 gives E-W on board 3
    assert record.deal is not None and record.deal.hands["N"][0] == "SA"
    assert at(checked(text), "B105") == [place(text, "<VULNERABILITY>")]


@pytest.mark.parametrize("written, iso", [("11/03/2026", "2026.03.11"), ("5/12/2015", "2015.12.05"),
                                          ("2018-01-31", "2018.01.31")])
def test_dates_in_either_form(written, iso):
    records, reader = read(usebio(MP_BOARD, header=f"<DATE>{written}</DATE>"))
    assert records[0].tag("Date").value == iso
    assert file_findings(reader) == []


def test_a_date_in_no_known_form_is_s131_and_not_read():
    text = usebio(MP_BOARD, header="<DATE>March 11</DATE>")
    records, _ = read(text)
    assert records[0].tag("Date") is None
    assert at(checked(text), "S131") == [place(text, "<DATE>")]


@pytest.mark.parametrize("event_type, points, scoring", [
    ("MP_PAIRS", "MATCH_POINTS", "MP;MP1"), ("BUTLER_PAIRS", "BUTLER_POINTS", "IMP;Butler-2"),
    ("CROSS_IMP", "CROSS_IMP_POINTS", "IMP;Cross2"), ("PAIRS", "MATCH_POINTS", "MP;MP1"),
    ("PAIRS", "BUTLER_POINTS", "IMP;Butler-2")])
def test_the_scoring_follows_the_event_type_or_the_points_written(event_type, points, scoring):
    text = usebio(board(1, line(points=(points, "0", "0"))), event_type=event_type)
    records, _ = read(text)
    assert records[0].tag("Scoring").value == scoring
    kind = "MP" if points == "MATCH_POINTS" else "IMP"
    assert records[0].tables["ScoreTable"].tag.value.endswith(f"Score_NS;{kind}_NS;{kind}_EW")


@pytest.mark.parametrize("written, cells", [
    ({"contract": "3N", "by": "S", "tricks": "9", "score": "400"}, ["3NT", "S", "9", "400"]),
    ({"contract": "5Dx", "by": "e", "tricks": "8", "score": "300"}, ["5DX", "E", "8", "300"]),
    ({"contract": "4HXX", "by": "W", "tricks": "10", "score": "-880"}, ["4HXX", "W", "10", "-880"]),
    ({"contract": "PASS", "by": "N", "tricks": "0", "score": "0"}, ["Pass", "-", "-", "0"]),
    ({"contract": "NP", "by": "N", "tricks": "0", "score": "0"}, ["-", "-", "-", "-"]),
    ({"contract": None, "by": None, "tricks": None, "score": "A6040"}, ["-", "-", "-", "-"])])
def test_contract_declarer_result_and_score_as_pbn_cells(written, cells):
    records, reader = read(usebio(board(1, line("1 NS", "1 EW", **written))))
    row = rows(records[0])[0]
    assert row[:2] == ['"1 NS"', '"1 EW"']
    assert [row[2], row[3], row[4], row[6]] == cells
    assert not read_findings(records[0]) and not file_findings(reader)


@pytest.mark.parametrize("lead, cell", [("TD", "DT"), ("H4", "H4"), ("10s", "ST"), ("", "-")])
def test_a_lead_in_either_order(lead, cell):
    records, _ = read(usebio(board(1, line(lead=lead))))
    assert rows(records[0])[0][5] == cell
    assert not read_findings(records[0])


def test_artificial_and_not_played_lines_are_artificial_rows():
    text = usebio(board(1, line("1", "2", points=("MATCH_POINTS", "2", "2")),
                        line("3", "4", None, None, None, "A5050", points=("MATCH_POINTS", "2", "2")),
                        line("5", "6", "NP", "N", "0", "0", points=("MATCH_POINTS", "3", "1"))))
    records, _ = read(text)
    table = records[0].tables["ScoreTable"]
    assert table.artificial_rows() == {1, 2}
    assert rows(records[0])[1][-2:] == ["^2", "^2"]
    assert not only(checked(text), "T106")


def test_cells_stand_at_their_elements():
    text = usebio(board(1, line("1", "2", "4S", "N", "10", "420", lead="KD")))
    table = read(text)[0][0].tables["ScoreTable"]
    for element in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "TRICKS", "LEAD", "SCORE"):
        column = table.column_index({"NS_PAIR_NUMBER": "PairId_NS", "EW_PAIR_NUMBER": "PairId_EW",
                                     "CONTRACT": "Contract", "PLAYED_BY": "Declarer", "TRICKS": "Result",
                                     "LEAD": "Lead", "SCORE": "Score_NS"}[element])
        assert table.element_place(column) == place(text, f"<{element}>"), element


def test_participants_are_the_ranking_of_the_first_record():
    text = usebio(MP_BOARD, board(2, line()), pairs=(pair("1 NS", "55.00", "1", "55.00", "NS"),
                                                     pair("2 EW", "45.00", "3=", "45.00", "EW")), winner="2")
    first, second = read(text)[0]
    assert "TotalScoreTable" not in second.tables
    ranking = first.tables["TotalScoreTable"]
    assert ranking.tag.value == "Rank;PairId;Direction;TotalScore;TotalPercentage;Names"
    assert list(ranking.texts()) == [["1", '"1 NS"', "NS", "55.00", "55.00", "-"],
                                     ["3", '"2 EW"', "EW", "45.00", "45.00", "-"]]


def test_a_board_of_several_sections_is_one_traveller_scored_across_the_field():
    def section(name: str, *lines: str) -> str:
        return f'<SECTION SECTION_ID="{name}">\n' + board(1, *lines) + "\n</SECTION>"

    text = usebio(section("A", line("(A) 1 NS", "(A) 1 EW", points=("MATCH_POINTS", "4", "0"))),
                  section("B", line("(B) 1 NS", "(B) 1 EW", "4S", "N", "9", "-50", points=("MATCH_POINTS", "0", "4")),
                          line("(B) 2 NS", "(B) 2 EW", "3S", "N", "10", "170", points=("MATCH_POINTS", "2", "2"))))
    records, _ = read(text)
    assert len(records) == 1
    assert [row[0] for row in rows(records[0])] == ['"(A) 1 NS"', '"(B) 1 NS"', '"(B) 2 NS"']
    assert not {"T106", "R106", "S130", "S131"} & {f.code for f in checked(text)}


def test_a_handset_deal_against_the_hand_record(tmp_path):
    record = tmp_path / "hands.pbn"
    record.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                      '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n')
    upload = tmp_path / "session.xml"
    upload.write_text(usebio(board(1, line()), handset=HANDSET_1))
    result = CliRunner().invoke(cli, ["check", "--hand-record", str(record), "--select", "E", str(upload)])
    assert "E101" not in result.output
    fouled = "<HANDSET>\n" + hands(1, "KQJT98765432.A..", "A.KQJT98765432..", "..AKQJT98765432.",
                                     "...AKQJT98765432") + "</HANDSET>\n"  # the aces of spades and hearts swapped
    upload.write_text(text := usebio(board(1, line()), handset=fouled))
    result = CliRunner().invoke(cli, ["check", "--hand-record", str(record), "--select", "E,D", str(upload)])
    line_no, column = place(text, "<BOARD>", 1)
    assert f"session.xml:{line_no}:{column}: E101" in result.output


def test_a_handset_hand_of_the_wrong_size_is_d103_at_the_handset_board():
    short = HANDSET_1.replace("<SPADES>AKQJT98765432</SPADES>", "<SPADES>AKQJT9876543</SPADES>")
    text = usebio(board(1, line()), handset=short)
    assert at(checked(text), "D103") == [place(text, "<BOARD>", 1)] * 1


# --- S130, S131 ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("element, written, kwargs", [
    ("CONTRACT", "8S", {"contract": "8S"}), ("PLAYED_BY", "Q", {"by": "Q"}), ("TRICKS", "14", {"tricks": "14"}),
    ("SCORE", "4x20", {"score": "4x20"}), ("LEAD", "9", {"lead": "9"}), ("NS_PAIR_NUMBER", "", {"ns": ""})])
def test_a_value_that_cannot_be_read_is_s130_at_its_element(element, written, kwargs):
    text = usebio(board(1, line(**kwargs), line("3", "4")))
    found = checked(text)
    assert at(found, "S130") == [place(text, f"<{element}>")]
    assert f'"{written}"' in only(found, "S130")[0].message


def test_the_readable_forms_are_no_s130_or_s131():
    text = usebio(board(1, line("1 NS", "1 EW", "3N", "S", "9", "400", lead="TD"), line("2 NS", "2 EW", "PASS", "N",
                                                                                        "0", "0", lead="")))
    assert not {"S130", "S131"} & {f.code for f in checked(text)}


def test_xml_that_is_not_well_formed_is_s130_where_it_breaks_and_what_was_read_is_checked():
    text = usebio(board(1, line("1", "2", "4S", "N", "10", "450")), board(2, line())).replace(
        "<BOARD_NUMBER>2</BOARD_NUMBER>", "<BOARD_NUMBER>2</BOARD_NUMBR>")
    found = checked(text)
    line_no, column = place(text, "</BOARD_NUMBR>")
    assert at(found, "S130") == [(line_no, column + 2)]  # expat points past '</'
    assert "mismatched tag" in only(found, "S130")[0].message
    assert at(found, "T105") == [place(text, "<SCORE>")]  # board 1, read before the break, is checked


def test_a_root_that_is_not_usebio_is_s130():
    found = checked('<?xml version="1.0"?>\n<RESULTS><BOARD/></RESULTS>\n')
    assert at(found, "S130") == [(2, 1)]


def test_a_known_element_out_of_place_is_s130_and_an_unknown_one_s131():
    text = usebio(board(1, line()).replace("<BOARD_NUMBER>1</BOARD_NUMBER>",
                                           "<BOARD_NUMBER>1</BOARD_NUMBER>\n<PLACE>1</PLACE>\n<BOARD_DATUM>5</BOARD_DATUM>"))
    found = checked(text)
    assert at(found, "S130") == [place(text, "<PLACE>")]
    assert at(found, "S131") == [place(text, "<BOARD_DATUM>")]


def test_an_unknown_event_type_or_attribute_is_s131():
    text = usebio(board(1, line()), event_type="NOTSUP").replace('<CLUB>', '<CLUB COLOUR="red">')
    found = checked(text)
    assert at(found, "S131") == [place(text, "<CLUB"), place(text, "<EVENT ")]
    assert read(text)[0][0].tag("Scoring") is None  # never guessed


BOMB = ('<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n<!ENTITY lol "lol">\n'
        + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n' for i in range(1, 10))
        + ']>\n<USEBIO Version="1.2"><EVENT><EVENT_DESCRIPTION>&lol9;</EVENT_DESCRIPTION></EVENT></USEBIO>\n')


def test_an_entity_bomb_is_s130_in_bounded_memory():
    tracemalloc.start()
    try:
        found = checked(BOMB)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert at(found, "S130")[0] == place(BOMB, "[")  # the DOCTYPE's internal subset
    assert any("entity 'lol'" in f.message for f in found)
    assert peak < 5_000_000  # expanded, &lol9; alone would be 3 GB
    assert not any("lollol" in f.message for f in found)
    records, reader = read(BOMB)
    assert records == [] and [f.code for f in file_findings(reader)] == ["S130", "S130", "S111"]  # read no further


def test_an_external_entity_is_s130_and_no_file_is_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET-7f3a", encoding="utf-8")
    for target in ("file:///etc/passwd", secret.as_uri()):
        text = (f'<?xml version="1.0"?>\n<!DOCTYPE USEBIO [\n<!ENTITY x SYSTEM "{target}">\n]>\n'
                '<USEBIO Version="1.2"><CLUB><CLUB_NAME>&x;</CLUB_NAME></CLUB></USEBIO>\n')
        result = CliRunner().invoke(cli, ["check", "--format", "json", "-"], input=text.encode())
        assert '"S130"' in result.output
        assert "SECRET-7f3a" not in result.output and "root:" not in result.output


def test_an_external_dtd_is_never_read(tmp_path):
    dtd = tmp_path / "usebio.dtd"
    dtd.write_text('<!ENTITY x "SECRET-7f3a">', encoding="utf-8")
    text = usebio(board(1, line())).replace('<USEBIO Version="1.2">',
                                             f'<!DOCTYPE USEBIO SYSTEM "{dtd.as_uri()}">\n<USEBIO Version="1.2">')
    text = text.replace("<CLUB_NAME>Club</CLUB_NAME>", "<CLUB_NAME>&x;</CLUB_NAME>")
    records, _ = read(text)
    assert all("SECRET" not in tag.value for record in records for tag in record.tags)


def test_undeclared_text_that_is_not_utf8_is_read_as_windows_1252_with_s114():
    text = usebio(MP_BOARD, pairs=(pair("1", "1"), pair("2", "1"))).replace(
        "<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER>\n<PLAYER><PLAYER_NAME>Ren\u00e9e \u201cBo\u201d"
                                        "</PLAYER_NAME></PLAYER>")
    data = text.encode("cp1252")
    found = checked(data)
    line_no, column = place(text, "\u00e9")
    assert at(found, "S114") == [(line_no, column)]
    assert only(found, "S114")[0].fix is None  # an XML file is never rewritten
    assert only(found, "S114")[0].full_message.endswith("is UTF-8 (XML 1.0 §4.3.3)")
    ranking = read(data)[0][0].tables["TotalScoreTable"]
    assert '"Ren\u00e9e \u201cBo\u201d"' in list(ranking.texts())[0]


def test_a_declared_latin1_file_is_no_s114():
    text = usebio(MP_BOARD).replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="iso-8859-1"?>')
    text = text.replace("<CLUB_NAME>Club</CLUB_NAME>", "<CLUB_NAME>Caf\u00e9</CLUB_NAME>")
    records, reader = read(text.encode("latin-1"))
    assert not file_findings(reader) and records[0].tag("Site").value == "Caf\u00e9"


# --- the checks the records feed ----------------------------------------------------------------------------------

def test_t105_a_score_that_is_not_the_contracts():
    text = usebio(board(1, line("1", "2", "4S", "N", "10", "450"), line("3", "4", "4S", "N", "10", "420")))
    assert at(checked(text), "T105") == [place(text, "<SCORE>")]
    assert not at(checked(text.replace(">450<", ">420<")), "T105")


def test_t106_matchpoints_that_do_not_follow_from_the_traveller():
    good = usebio(board(1, line("1", "2", points=("MATCH_POINTS", "4", "0")),
                        line("3", "4", "4S", "N", "9", "-50", points=("MATCH_POINTS", "0", "4")),
                        line("5", "6", "3S", "N", "10", "170", points=("MATCH_POINTS", "2", "2"))))
    assert not at(checked(good), "T106")
    bad = good.replace("<NS_MATCH_POINTS>2<", "<NS_MATCH_POINTS>3<")
    assert at(checked(bad), "T106") == [place(bad, "<NS_MATCH_POINTS>", 2)]


@pytest.mark.parametrize("code, north, east, fires", [("A5050", "2", "2", False), ("A6040", "2.4", "1.6", False),
                                                       ("A6060", "2.4", "2.4", False), ("A6040", "2", "2", False),
                                                       ("A7030", "2", "2", True)])
def test_t106_an_artificial_line_against_its_matchpoints(code, north, east, fires):
    text = usebio(board(1, line("1", "2", points=("MATCH_POINTS", "4", "0")),
                        line("3", "4", "4S", "N", "9", "-50", points=("MATCH_POINTS", "0", "4")),
                        line("5", "6", None, None, None, code, points=("MATCH_POINTS", north, east))))
    found = only(checked(text), "T106")
    if fires:
        assert [(f.line, f.column) for f in found] == [place(text, "<NS_MATCH_POINTS>", 2),
                                                       place(text, "<EW_MATCH_POINTS>", 2)]
        assert "A7030 gives NS 70% of the top 4: 2.8" in found[0].message
    else:
        assert not found


def test_r101_r102_butler_imps_and_datum():
    def text(datum: str, imps: str) -> str:
        return usebio(board(1, *(line(str(2 * i + 1), str(2 * i + 2), "4S", "N", "10", "420",
                                      points=("BUTLER_POINTS", "0", "0")) for i in range(3)),
                            line("7", "8", "4S", "N", "9", "-50", points=("BUTLER_POINTS", imps, "10")),
                            average=datum), event_type="BUTLER_PAIRS")
    good = text("420", "-10")  # Butler-2: 420 and 420 left when the top and the bottom go; 470 is 10 IMPs
    assert not {"R101", "R102"} & {f.code for f in checked(good)}
    assert at(checked(text("420", "-11")), "R101") == [place(good, "<NS_BUTLER_POINTS>", 3)]
    assert at(checked(text("300", "-10")), "R102") == [place(good, "<BOARD_AVERAGE>")]


def test_r103_r104_the_ranking_against_the_travellers():
    boards = (board(1, line("1", "2", points=("MATCH_POINTS", "2", "0")),
                    line("3", "4", "4S", "N", "9", "-50", points=("MATCH_POINTS", "0", "2"))),)
    good = usebio(*boards, pairs=(pair("1", place="1", percentage="100.00"), pair("4", place="1", percentage="100.00"),
                                  pair("2", place="3", percentage="0.00"), pair("3", place="3", percentage="0.00")))
    assert not {"R103", "R104"} & {f.code for f in checked(good)}
    wrong = good.replace("<PERCENTAGE>100.00</PERCENTAGE>", "<PERCENTAGE>90.00</PERCENTAGE>", 1)
    assert at(checked(wrong), "R104") == [place(wrong, "<PERCENTAGE>")]
    order = good.replace("<PLACE>3</PLACE>", "<PLACE>2</PLACE>", 1)
    assert at(checked(order), "R103") == [place(order, "<PLACE>2<")]
    missing = good.replace(pair("1", place="1", percentage="100.00"), "")
    assert "does not rank PairId 1" in only(checked(missing), "R104")[0].message


def test_r104_boards_played_against_the_travellers():
    two = (MP_BOARD, board(2, line("1", "2", points=("MATCH_POINTS", "2", "0")),
                           line("3", "4", "4S", "N", "9", "-50", points=("MATCH_POINTS", "0", "2"))))
    ranked = [pair(number, boards="2") for number in "1234"]
    good = usebio(*two, pairs=tuple(ranked))
    assert not at(checked(good), "R104")
    wrong = usebio(*two, pairs=(pair("1", boards="3"), *ranked[1:]))
    assert at(checked(wrong), "R104") == [place(wrong, "<BOARDS_PLAYED>")]
    assert "the ScoreTables list it on 2 boards" in only(checked(wrong), "R104")[0].message


def test_r106_a_pair_twice_on_a_board():
    text = usebio(board(1, line("1", "2"), line("1", "4")))
    assert at(checked(text), "R106") == [place(text, "<NS_PAIR_NUMBER>", 1)]


def test_v101_a_lead_from_the_declaring_side_against_the_handset():
    good = usebio(board(1, line("1", "2", "4S", "N", "10", "420", lead="AH")), handset=HANDSET_1)
    assert not {"V101", "V102", "V104"} & {f.code for f in checked(good)}  # East, the leader, holds the hearts
    bad = good.replace("<LEAD>AH</LEAD>", "<LEAD>AD</LEAD>")  # South's, declarer's partner
    assert at(checked(bad), "V101") == [place(bad, "<LEAD>")]


def test_o105_two_sides_on_one_line_is_told_once():
    text = usebio(board(1, line("1", "2", "2NT", "N", "9", "120"), line("3", "4", "2NT", "E", "7", "-90"))).replace(
        "\n", "")  # one line, as NZ Scorer's converter writes it
    assert at(checked(text), "O105") == [place(text, "<TRICKS>", 1)]  # the later of the two results


# --- real files ---------------------------------------------------------------------------------------------------

requires_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"shared corpus not found at {CORPUS}")

# boards, traveller lines, pairs ranked, boards with a deal
COUNTS = {"abftech__cobalt__butler_howell.xml": (35, 140, 8, 35),
          "abftech__cobalt__cross_imp_howell.xml": (27, 108, 9, 27),
          "abftech__cobalt__mp_pairs_howell.xml": (27, 161, 12, 27),
          "abftech__cobalt__mp_pairs_mitchell_03.xml": (21, 126, 13, 21),
          "duaneg__scorer-to-usebio__pairs.xml": (26, 338, 26, 0),
          "duaneg__scorer-to-usebio__pairs-with-np-passed.xml": (26, 338, 26, 0)}


@requires_corpus
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_corpus_file_reads_completely(name):
    data = (CORPUS / name).read_bytes()
    records, reader = read(data)
    lines = sum(len(record.tables["ScoreTable"]) for record in records)
    ranked = sum(len(record.tables.get("TotalScoreTable", ())) for record in records)
    dealt = sum(record.deal is not None for record in records)
    assert (len(records), lines, ranked, dealt) == COUNTS[name]
    found = check(data, name=name)
    assert not {"X001", "S130", "S131", "S114"} & {f.code for f in found}
    assert not file_findings(reader)


# --- conversion and fixing ----------------------------------------------------------------------------------------

def converted(data: bytes, name: str) -> tuple[list[Record], list[Record]]:
    """The records of a USEBIO file, and those of the PBN it converts to."""
    records = list(open_reader(io.BytesIO(data), name))
    out = io.BytesIO()
    writer = PbnWriter(out)
    for record in records:
        writer.write(record)
    return records, list(open_reader(io.BytesIO(out.getvalue()), "t.pbn"))


def same_tables(records: list[Record], again: list[Record]) -> None:
    assert len(records) == len(again)
    for record, back in zip(records, again):
        assert back.tag("Board").value == record.tag("Board").value
        assert (back.deal.hands if back.deal else None) == (record.deal.hands if record.deal else None)
        assert sorted(back.tables) == sorted(record.tables)
        for name, table in record.tables.items():
            other = back.tables[name]
            assert [c.name for c in other.columns] == [c.name for c in table.columns]
            mine = sorted(table.texts()) if name == "ScoreTable" else list(table.texts())
            theirs = sorted(other.texts()) if name == "ScoreTable" else list(other.texts())
            for row, row_back in zip(mine, theirs, strict=True):
                assert row_back == row  # cell by cell


def test_convert_writes_deal_travellers_and_ranking_that_read_back_the_same():
    text = usebio(MP_BOARD, board(2, line("1 NS", "1 EW", "PASS", "N", "0", "0", points=("MATCH_POINTS", "1", "1")),
                                  line("2 NS", "2 EW", None, None, None, "A6040", points=("MATCH_POINTS", "1.2", "0.8"))),
                  pairs=(pair("1", "2", "1", "100.00"), pair("2", "0", "2", "0.00")), handset=HANDSET_1)
    same_tables(*converted(text.encode(), "t.xml"))


@requires_corpus
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_corpus_file_converts_to_pbn_with_the_same_travellers(name):
    same_tables(*converted((CORPUS / name).read_bytes(), name))


def test_fix_and_format_never_write_an_xml_file(tmp_path):
    path = tmp_path / "session.xml"
    data = usebio(board(1, line("1", "2", "4S", "N", "10", "450"))).encode("cp1252")
    path.write_bytes(data)
    runner = CliRunner()
    runner.invoke(cli, ["check", "--fix", "--unsafe-fixes", str(path)])
    assert path.read_bytes() == data
    runner.invoke(cli, ["format", str(path)])
    assert path.read_bytes() == data
