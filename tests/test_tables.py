"""Supplemental tables (PBN §5): the reader, T101 and T102, and ScoreTables against Laws 77 and 78A (T105, T106)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import at, check, read_one, table_rows
from hypothesis import given
from hypothesis import strategies as st

from bridgelint.core.bridge import Contract
from bridgelint.core.tables import COUNT, MALFORMED, NUMBER, SCORE, column_values, parse_element
from bridgelint.core.traveller import Traveller

HEAD = '[Event "e"]\n[Board "1"]\n[Vulnerable "None"]\n'  # lines 1-3; a table starts on line 4


def t_codes(text: str) -> list[tuple[str, int, int]]:
    return sorted((f.code, f.line, f.column) for f in check(text) if f.code.startswith("T"))


# --- the reader -------------------------------------------------------------------------------

def test_columns_are_read_with_sort_mark_width_and_alignment():
    record = read_one(HEAD + '[ScoreTable "-Rank\\\\3R;+Score_NS\\\\5;Names_NS\\\\12L;Club"]\n')
    table = record.tables["ScoreTable"]
    assert [(c.name, c.order, c.width, c.align, c.kind) for c in table.columns] == [
        ("Rank", "-", 3, "R", "rank"), ("Score_NS", "+", 5, "", "score"), ("Names_NS", "", 12, "L", "text"),
        ("Club", "", 0, "", None)]
    assert len(table) == 0


def test_rows_are_typed_by_their_columns_with_locations():
    record = read_one(HEAD + '[ScoreTable "Rank;Contract;Declarer;Result;Score_NS;Names_NS;Percentage_NS"]\n'
                             '1 4S s 10 420 "Ann;Bob" 87.5\n'
                             '2 ^4S ? - -50 x 12.5\n')
    rows = list(record.tables["ScoreTable"].rows())
    assert [e.value for e in rows[0]] == [1, Contract(4, "S"), "S", 10, 420, "Ann;Bob", 87.5]
    assert [(e.line, e.column) for e in rows[0]] == [(5, 1), (5, 3), (5, 6), (5, 8), (5, 11), (5, 15), (5, 25)]
    assert [(e.text, e.value, e.artificial) for e in rows[1][:3]] == [("2", 2, False), ("^4S", Contract(4, "S"), True),
                                                                     ("?", None, False)]


def test_a_row_may_span_lines_in_import_format():
    record = read_one(HEAD + '[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 9 N S\n10 S NT 9\n')
    assert table_rows(record) == {"OptimumResultTable": [["N", "NT", "9"], ["N", "S", "10"], ["S", "NT", "9"]]}
    assert t_codes(HEAD + '[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 9 N S\n10 S NT 9\n') == []


def test_a_hash_header_comes_from_the_earlier_game():
    text = (HEAD + '[ScoreTable "Score_NS;MP_NS"]\n420 1\n400 0\n\n'
            '[Board "2"]\n[Vulnerable "NS"]\n[ScoreTable "#"]\n620 1\n600 0\n')
    records = list(__import__("bridgelint").read(__import__("io").BytesIO(text.encode()), format="pbn"))
    table = records[1].tables["ScoreTable"]
    assert table.inherited and [c.name for c in table.columns] == ["Score_NS", "MP_NS"]
    assert [[e.value for e in row] for row in table.rows()] == [[620, 1], [600, 0]]
    assert t_codes(text) == []


def test_tokens_without_space_between_them_are_one_element():
    record = read_one(HEAD + '[ScoreTable "Score_NS;Names_NS"]\n^500 a!b=1=\n')
    assert table_rows(record) == {"ScoreTable": [["^500", "a!b=1="]]}


def test_a_tag_of_no_known_section_without_data_is_not_a_table():
    record = read_one(HEAD + '[BCFlags "1f"]\n[ScoreTable "Rank"]\n')
    assert list(record.tables) == ["ScoreTable"]


# --- T101 malformed header ---------------------------------------------------------------------

@pytest.mark.parametrize("header, column, words", [
    ("Rank\\\\3X;Score_NS", 14, "alignment"),
    ("Rank;;Score_NS", 19, "empty column"),
    ("Rank;Score_NS;", 28, "empty column"),
    ("Rank\\\\;Score_NS", 14, "minimum width"),
    ("+-Rank", 14, "one sort mark"),
    ("Rank\\\\3\\\\4", 14, "second"),
])
def test_t101_points_at_the_malformed_column(header, column, words):
    findings = [f for f in check(HEAD + f'[ScoreTable "{header}"]\n') if f.code == "T101"]
    assert [(f.line, f.column) for f in findings] == [(4, column)]
    assert words in findings[0].message


@pytest.mark.parametrize("header", ["Rank;;Score_NS", "Rank;Score_NS;"])
def test_t101_an_empty_column_is_no_column_the_rows_miss(header):
    assert [c for c, _, _ in t_codes(HEAD + f'[ScoreTable "{header}"]\n1 420\n2 400\n')] == ["T101"]


def test_t101_an_empty_header():
    assert at(check(HEAD + '[ScoreTable ""]\n1\n'), "T101") == [(4, 1)]


def test_t101_spaces_where_semicolons_were_meant():
    findings = [f for f in check(HEAD + '[ScoreTable "Rank Score_NS MP_NS"]\n1 420 2\n2 400 1\n') if f.code == "T101"]
    assert [(f.line, f.column) for f in findings] == [(4, 14)]
    assert '"Rank;Score_NS;MP_NS"' in findings[0].message
    # a name with a space whose rows hold one element each is a valid name
    assert t_codes(HEAD + '[TotalScoreTable "Rank;Pair Names"]\n1 "Ann;Bob"\n') == []


def test_t101_not_on_a_well_formed_header_nor_on_an_inherited_one():
    assert t_codes(HEAD + '[ScoreTable "-Rank\\\\3R;+Percentage_NS\\\\4R;Names\\\\45;Multiplicity\\\\2L"]\n') == []
    text = HEAD + '[ScoreTable "Rank;;X"]\n\n[Board "2"]\n[ScoreTable "#"]\n'
    assert at(check(text), "T101") == [(4, 19)]  # once, where it is written


# --- T102 malformed row ------------------------------------------------------------------------

TABLE = '[ScoreTable "Rank;Contract;Declarer;Result;Score_NS"]\n'  # line 4; rows from line 5


@pytest.mark.parametrize("rows, where, words", [
    ("1 4S S 10 420\n2 3NT N 9\n3 2H S 8 110\n", (6, 1), "4 elements for 5 columns"),
    ("1 4S S 10 420\n2 3NT N 9 400 x\n", (6, 15), "extra elements"),
    ("1 4S S 10 420 {late}\n", (5, 15), "comment"),
    ("1 4S S 10 420 ; late\n", (5, 15), "comment"),
    ('1 4S S 10 "420\n', (5, 11), "never closed"),
    ("1 4S S 10 42%0\n", (5, 11), "'%'"),
    ("1 4S S 10 420}\n", (5, 11), "'}'"),
    ("1 4S S 14 420\n", (5, 8), "Result \"14\" is not a number of tricks"),
    ("1 4S Q 10 420\n", (5, 6), "Declarer \"Q\" is not a seat"),
    ("1 4Z S 10 420\n", (5, 3), "Contract \"4Z\" is not a contract"),
    ("0 4S S 10 420\n", (5, 1), "Rank \"0\" is not a rank"),
    ("1 4S S 10 4x0\n", (5, 11), "Score_NS \"4x0\" is not a score"),
])
def test_t102_points_at_the_element(rows, where, words):
    findings = [f for f in check(HEAD + TABLE + rows) if f.code == "T102"]
    assert [(f.line, f.column) for f in findings] == [where]
    assert words in findings[0].message


def test_t102_not_on_rows_that_fit():
    assert t_codes(HEAD + TABLE + '1 4S S 10 420\n2 ^- - - 300\n? Pass - ? 0\n3 3NTX N 7 "-300"\n') == []


def test_t102_the_rest_of_the_game_is_read_after_a_string_never_closed():
    record = read_one(HEAD + TABLE + '1 4S S 10 "420\n[Contract "4S"]\n')
    assert record.contract.raw == "4S"


def test_t102_rows_out_of_order_on_the_first_marked_column_then_its_ties():
    table = '[ScoreTable "-Rank;+Score_NS;Multiplicity"]\n'
    assert at(check(HEAD + table + "1 420 1\n3 400 1\n2 300 1\n"), "T102") == [(7, 1)]
    assert at(check(HEAD + table + "1 420 1\n1 430 1\n"), "T102") == [(6, 3)]  # the tie is broken wrongly
    assert at(check(HEAD + table + "1 420 1\n- 400 1\n2 300 1\n10 -50 1\n"), "T102") == []  # numbers as numbers


def test_t102_one_finding_for_many_rows_of_one_defect():
    rows = "".join(f"{i} 4S S 10\n" for i in range(1, 10_001))
    findings = [f for f in check(HEAD + TABLE + rows) if f.code == "T102"]
    assert [(f.line, f.column) for f in findings] == [(5, 1)]
    assert "9999 more rows" in findings[0].message


def test_t102_time_tables_one_row_per_call_or_card():
    auction = '[Dealer "N"]\n[Auction "N"]\n1NT Pass 3NT AP\n'  # lines 4-6: four call tokens
    assert at(check(HEAD + auction + '[AuctionTimeTable "Time;TotalTime"]\n5 5\n1:10 1:15\n12 1:27\n'), "T102") == [
        (7, 1)]
    assert at(check(HEAD + auction + '[AuctionTimeTable "Time;TotalTime"]\n5 5\n1:10 1:15\n12 1:27\n1 1:28\n'),
              "T102") == []
    assert at(check(HEAD + '[PlayTimeTable "Time"]\n5\n'), "T102") == [(4, 1)]  # no Play section before it
    assert at(check(HEAD + auction + '[AuctionTimeTable "Time"]\n5\n1:61\n12\n1\n'), "T102") == [(9, 1)]


def test_t102_optimum_result_table_gives_a_declarer_and_denomination_once():
    table = '[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\n'
    assert at(check(HEAD + table + "N NT 9\nS  S 10\nN NT 8\n"), "T102") == [(7, 1)]
    assert at(check(HEAD + table + "N NT 9\nS  S 10\nS NT 8\n"), "T102") == []


def test_t102_instant_score_ranges_do_not_overlap():
    table = '[InstantScoreTable "ScoreRange_NS;Percentage_NS"]\n'
    assert at(check(HEAD + table + "*,100 10\n100 50\n100,* 90\n"), "T102") == []
    assert at(check(HEAD + table + "*,100 10\n90,200 50\n"), "T102") == [(6, 1)]


def test_action_tables_of_the_standard_read_without_findings():
    text = (HEAD + '[ActionTable "Rank;Card\\\\2R;Percentage\\\\3R"]\n1 D 100\n2 SA 80\n7 0 0\n'
            '[ScoreTable "Rank"]\n1\n')
    assert t_codes(text) == []


# --- T105 Law 77 scores ----------------------------------------------------------------------------

SCORES = '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW"]\n'


def test_t105_fires_at_the_wrong_score():
    findings = [f for f in check(HEAD + SCORES + "4S S 10 420 -\n4S S 10 620 -\n4H W 8 100 -\n4H W 8 - 100\n")
                if f.code == "T105"]
    assert [(f.line, f.column) for f in findings] == [(6, 9), (8, 10)]
    assert "4S by S with 10 tricks at vulnerability None scores NS 420" in findings[0].message
    assert [f.expected for f in findings] == ["420", "-100"]  # the value the cell should hold, for the reports


def test_t105_not_on_right_scores_artificial_rows_or_unknown_elements():
    rows = "4S S 10 420 -\n4H W 8 100 -\n3NTX N 7 - 300\n^4S S 10 999 -\n- - - ^60 -\n4S ? 10 420 -\nPass - - 0 -\n"
    assert at(check(HEAD + SCORES + rows), "T105") == []
    vulnerable = HEAD.replace('"None"', '"NS"')
    assert at(check(vulnerable + SCORES + "4S S 10 620 -\n4S E 10 - 420\n"), "T105") == []


def test_t102_adjusted_scores_as_programs_write_them_are_a_warning_that_names_them():
    rows = '4S S 10 420 -\n- - - "A+" "A-"\n- - - A- A+\n4S S 10 A= -\n'
    findings = [f for f in check(HEAD + SCORES + rows) if f.code.startswith("T")]
    assert [(f.code, f.severity, f.line, f.column) for f in findings] == [("T102", "warning", 6, 7)]
    assert '"A+" is an adjusted score (an average plus)' in findings[0].message
    assert "4 more adjusted scores like it" in findings[0].message


def test_t102_an_adjusted_score_row_is_artificial_for_t105_and_t106():
    table = '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]\n'
    rows = "4S S 10 420 - 2 0\n4S S 9 - 50 1 1\n- - - A+ A- 1 1\n4S S 8 - 100 0 2\n"
    assert t_codes(HEAD + table + rows) == [("T102", 7, 7)]
    # Ax is not a score (an error), A- still an adjusted one
    assert t_codes(HEAD + table + rows.replace("A+ A-", "Ax A-")) == [("T102", 7, 7), ("T102", 7, 10)]
    assert "not a score in points" in [f for f in check(HEAD + table + rows.replace("A+ A-", "Ax A-"))
                                       if f.code == "T102"][0].message


def test_t102_a_sit_out_row_is_no_result_and_no_finding():
    # Magic Contest and Ruter write a phantom pair's sit-out as "Bye" in the score cells
    table = '[ScoreTable "Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]\n'
    rows = '4S S 10 420 - 2 0\n4S S 9 - 50 1 1\n- - - "Bye" "Bye" - 1\n4S S 8 - 100 0 2\n'
    assert t_codes(HEAD + table + rows) == []
    assert t_codes(HEAD + table + rows.replace('- - - "Bye" "Bye"', "Sitout - - - -")) == []
    # a word that is no sit-out is still not a score, in the cell where it stands
    assert t_codes(HEAD + table + rows.replace('"Bye" "Bye"', '"Bye" "Byes"')) == [("T102", 7, 13)]


# --- T106 Law 78A matchpoints ------------------------------------------------------------------------

def test_t106_fires_with_the_computed_value():
    text = HEAD + '[ScoreTable "Score_NS;MP_NS;MP_EW"]\n420 2 0\n400 0 1\n170 1 2\n'
    findings = [f for f in check(text) if f.code == "T106"]
    assert [(f.line, f.column) for f in findings] == [(6, 5)]
    assert "give 1: NS 400 beats 1 and equals 0 of the 2 other scores" in findings[0].message
    assert "1 more MP_NS value is wrong" in findings[0].message
    assert findings[0].expected == "1"


@pytest.mark.parametrize("rows, shown", [
    ("420 4.0\n400 2.0\n300 2.0\n200 1.0\n-50 0.0\n", "3.0"),
    ("420 4\n400 2\n300 2\n200 1\n-50 0\n", "3"),
    ("420 4\n400 2\n400 2.5\n200 1\n-50 0\n", "2.5"),
])
def test_t106_shows_the_computed_value_as_the_column_writes_it(rows, shown):
    [finding] = [f for f in check(HEAD + '[ScoreTable "Score_NS;MP_NS"]\n' + rows) if f.code == "T106"]
    assert f"MP_NS 2, but the table's scores give {shown}:" in finding.message or (
        f"MP_NS 2.0, but the table's scores give {shown}:" in finding.message)
    assert finding.expected == shown


def test_t106_on_an_ew_column_speaks_of_the_ew_score():
    text = HEAD + '[ScoreTable "Score_NS;MP_NS;MP_EW"]\n420 2 0\n400 1 2\n170 0 1\n'
    [finding] = [f for f in check(text) if f.code == "T106"]
    assert (finding.line, finding.column) == (6, 7)
    assert "give 1: EW -400 beats 1 and equals 0 of the 2 other scores;" in finding.message


def test_t106_scale_of_two_multiplicity_ties_and_artificial_rows():
    table = '[ScoreTable "Score_NS;Multiplicity;MP_NS;MP_EW;Percentage_NS"]\n'
    rows = "420 2 7 1 87.5\n400 1 4 4 50\n^60 1 2 6 25\n-50 1 0 8 0\n"  # five entries, top 8
    assert t_codes(HEAD + table + rows) == []
    assert at(check(HEAD + table + rows.replace("400 1 4 4 50", "400 1 4 4 60")), "T106") == [(6, 11)]
    assert at(check(HEAD + table + rows.replace("420 2 7 1", "420 2 6 1")), "T106") == [(5, 7)]


def test_t106_percentages_rounded_to_the_tables_decimals():
    table = '[ScoreTable "Score_NS;Percentage_NS;Percentage_EW"]\n'
    assert t_codes(HEAD + table + "420 100 0\n400 66.7 33.3\n300 33.3 66.7\n100 0 100\n") == []
    assert at(check(HEAD + table + "420 100 0\n400 66.6 33.3\n300 33.3 66.7\n100 0 100\n"), "T106") == [(6, 5)]


def test_t106_not_on_an_excerpt_of_a_larger_field():
    table = '[ScoreTable "-Rank;Percentage_NS;Score_NS;Multiplicity"]\n'
    assert t_codes(HEAD + table + "1 99.4 500 2\n3 98.4 470 1\n") == []


# --- bad input ---------------------------------------------------------------------------------

MEMORY_PROBE = """
import resource, sys
from bridgelint.engine.pipeline import check_file
rows = int(sys.argv[1])
text = '[Board "1"]\\n[ScoreTable "-Rank;Contract;Declarer;Result;Score_NS;Names_NS"]\\n' + ''.join(
    f'{i} 4S S 10 420 "Player {i};Partner"\\n' for i in range(1, rows + 1)) + '[Event "after"]\\n'
path = sys.argv[2]
open(path, "w").write(text)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
report = check_file(path)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
import os
print(report.games, len(report.findings), (after - before) * 1024 // os.path.getsize(path))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="needs getrusage")
def test_a_table_of_100000_rows_is_read_in_memory_proportional_to_its_text(tmp_path):
    done = subprocess.run([sys.executable, "-c", MEMORY_PROBE, "100000", str(tmp_path / "big.pbn")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    games, findings, growth = (int(x) for x in done.stdout.split())
    assert games == 1 and findings == 1  # D101: no deal; every row fits
    assert growth < 8, f"peak memory grew by {growth} times the file's size"


def test_typed_values_of_malformed_elements():
    record = read_one(HEAD + '[ScoreTable "Rank;Score_NS"]\nx 420\n')
    (row,) = record.tables["ScoreTable"].rows()
    assert row[0].value is MALFORMED and row[1].value == 420


TABLE_GAME = (HEAD + '[Dealer "N"]\n[ScoreTable "-Rank\\\\2R;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;'
              'Multiplicity;Names_NS"]\n 1 4S S 10 420 - 4 1 "Ann;Bob"\n 2 3NT N 9 400 - 2 1 x\n'
              ' 3 ^- - - 100 - 0 1 ?\n[InstantScoreTable "ScoreRange_NS;Percentage_NS"]\n*,100 10\n100,* 90\n'
              '[AuctionTimeTable "Time"]\n12\n')


def test_mutated_tables_never_crash_the_reader_the_rules_or_the_writers():
    import io
    import random

    from bridgelint.convert.json_writer import record_dict
    from bridgelint.convert.pbn_writer import game_text
    from bridgelint.formats import open_reader

    rng = random.Random(13)
    for _ in range(300):
        data = bytearray(TABLE_GAME.encode())
        for _ in range(rng.randint(1, 6)):
            at = rng.randrange(len(data))
            if rng.random() < 0.5:
                data[at] = rng.choice(b' ^-?;{}[]"%\\\n0123456789SHDCNEWXPR+*,.')
            else:
                del data[at:at + rng.randint(1, 8)]
        assert "X001" not in {f.code for f in check(bytes(data))}
        for record in open_reader(io.BytesIO(bytes(data)), "t.pbn"):
            record_dict(record)
            for again in open_reader(io.BytesIO(game_text(record).encode()), "out.pbn"):
                game_text(again)


def test_a_header_set_with_double_hash_is_checked_where_it_is_written():
    text = HEAD + '[ScoreTable "##Rank;;Score_NS"]\n1 420\n\n[Board "2"]\n[ScoreTable "#"]\n2 400\n'
    assert at(check(text), "T101") == [(4, 21)]


def test_t106_the_scale_is_read_from_the_tables_values_even_when_no_row_reaches_the_top():
    table = '[ScoreTable "Score_NS;MP_NS;MP_EW"]\n'
    assert t_codes(HEAD + table + "420 2 2\n420 2 2\n420 2 2\n") == []  # all tied, two points a score
    assert t_codes(HEAD + table + "420 1 1\n420 1 1\n420 1 1\n") == []  # all tied, one point a score
    assert at(check(HEAD + table + "420 2 2\n420 2 2\n420 1 2\n"), "T106") == [(7, 5)]


def test_t106_a_huge_multiplicity_is_counted_not_expanded():
    table = '[ScoreTable "Score_NS;Multiplicity;MP_NS"]\n'
    assert at(check(HEAD + table + "420 999999999 500000000\n400 1 0\n"), "T106") == []
    assert at(check(HEAD + table + "420 999999999 500000001\n400 1 0\n"), "T106") == [(5, 15)]


# --- T106 scales: a top of 100, centred, Neuberg, the method's MP1/MP2, the table's precision -----------------

def test_t106_reads_matchpoints_on_a_top_of_100():
    table = '[ScoreTable "Score_NS;MP_NS;MP_EW"]\n'  # four results: each beaten score is 100/3
    rows = "420 100 0\n400 66.67 33.33\n170 33.33 66.67\n-50 0 100\n"
    assert t_codes(HEAD + table + rows) == []
    assert at(check(HEAD + table + rows.replace("170 33.33", "170 50")), "T106") == [(7, 5)]
    [finding] = [f for f in check(HEAD + table + rows.replace("170 33.33", "170 50")) if f.code == "T106"]
    assert "MP_NS 50, but the table's scores give 33.33" in finding.message


def test_t106_reads_centred_matchpoints_as_ruter_writes_them():
    table = '[Scoring "MatchPoints;MP1"]\n[ScoreTable "Score_NS;MP_NS;MP_EW;Percentage_NS;Percentage_EW"]\n'
    rows = '"140" 2.0 -2.0 83 17\n"140" 2.0 -2.0 83 17\n"50" -1.0 1.0 33 67\n"-140" -3.0 3.0 0 100\n'
    assert t_codes(HEAD + table + rows) == []
    assert at(check(HEAD + table + rows.replace('"50" -1.0', '"50" 1.0')), "T106") == [(8, 6)]


def test_t106_the_methods_mp1_or_mp2_decides_the_scale():
    rows = "420 2 0\n400 1 1\n170 0 2\n"  # one point a score beaten
    table = '[ScoreTable "Score_NS;MP_NS;MP_EW"]\n'
    assert t_codes(HEAD + '[Scoring "MP;MP2"]\n' + table + rows) == []
    assert at(check(HEAD + '[Scoring "MP;MP1"]\n' + table + rows), "T106") == []  # read as an excerpt, not checked
    assert at(check(HEAD + '[Scoring "MP;MP1"]\n' + table + "420 4 0\n400 2 2\n170 1 4\n"), "T106") == [(8, 5)]


def test_t106_a_board_with_fewer_results_factored_by_neuberg():
    # three results scored as five (top 8 on two points a score beaten): (mp + 1/2) * 5/3 - 1/2, times 2
    table = '[ScoreTable "Score_NS;MP_NS"]\n'
    rows = "420 7.33\n400 4.00\n170 0.67\n"
    assert t_codes(HEAD + table + rows) == []
    findings = [f for f in check(HEAD + table + rows.replace("4.00", "4.50")) if f.code == "T106"]
    assert [(f.line, f.column) for f in findings] == [(6, 5)]
    assert "factored to 5 results (Neuberg)" in findings[0].message


def test_t106_percentages_with_each_score_meeting_itself():
    table = '[ScoreTable "Score_NS;Percentage_NS"]\n'  # 100 (mp + 1/2) / N, as FFT writes them
    assert t_codes(HEAD + table + "420 87.5\n400 62.5\n170 37.5\n-50 12.5\n") == []


def test_t106_a_value_ending_in_0_may_be_one_decimal_short():
    table = '[ScoreTable "Score_NS;Percentage_NS"]\n'
    assert t_codes(HEAD + table + "420 100.00\n400 66.70\n170 33.33\n-50 0.00\n") == []
    assert at(check(HEAD + table + "420 100.00\n400 66.80\n170 33.33\n-50 0.00\n"), "T106") == [(6, 5)]


def test_t106_percentages_of_a_factored_board_are_of_the_factored_matchpoints():
    # 29 results scored as 30 (Neuberg: (MP + 1/2) * 30/29 - 1/2), MPs and percentages to one decimal: the
    # percentages' own extreme (99.9) would imply 31 results; they follow the MPs' 30
    rows = []
    for beaten in range(28, -1, -1):
        factored = (beaten + 0.5) * 30 / 29 - 0.5
        rows.append(f"{10 * beaten} {factored:.1f} {100 * factored / 29:.1f}")
    table = '[Scoring "MP;MP2"]\n[ScoreTable "Score_NS;MP_NS;Percentage_NS"]\n'
    text = HEAD + table + "\n".join(rows) + "\n"
    assert rows[1] == "270 27.9 96.4"
    assert t_codes(text) == []
    assert t_codes(text.replace("270 27.9 96.4", "270 27.9 96.9")) == [("T106", 7, 10)]


def test_t106_split_scores_beside_adjusted_rows_are_the_directors():
    # two results and two adjusted scores (A+/A-): the two results were given 65% and 55% each (Law 12C1)
    table = '[ScoreTable "Score_NS;Score_EW;Percentage_NS;Percentage_EW"]\n'
    rows = '- "100" 65 55\n- "200" 55 65\n"A+" "A-" 60 40\n"A-" "A+" 40 60\n'
    assert [c for c in t_codes(HEAD + table + rows) if c[0] == "T106"] == []


_ELEMENTS = ["420", "-50", "007", "-0", "+3", "-", "?", "^120", '"90"', "A+", "a=", "2.5", "x", "1" * 19, "¹", "1_0"]


@given(st.lists(st.sampled_from(_ELEMENTS), max_size=12), st.sampled_from([SCORE, NUMBER, COUNT, None]))
def test_a_column_read_at_once_types_each_element_as_parse_element(texts, kind):
    assert column_values(kind, texts) == [parse_element(kind, text) for text in texts]


def test_a_traveller_reads_its_whole_rows_a_column_at_a_time():
    game = read_one('[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n1 2 420\n3 4\n5 6 -50\n')
    view = Traveller(game.tables["ScoreTable"])
    assert not view.whole and list(view.numbers) == [0, 2]  # the short row is left out
    assert view.texts(2) == ["420", "-50"] and view.values(2) == [420, -50] and view.ids(0) == ["1", "5"]
    assert view.position("Score_NS") == 2 and view.position("Score_EW") is None
