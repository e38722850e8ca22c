"""R — results and standings (R101-R106), each rule firing and not, with line and column; the Ruter files."""

from __future__ import annotations

import pytest
from conftest import CORPUS_PBN, at, check, report, requires_shared

from bridgelint.cli import cli
from bridgelint.core.report import FileReport
from bridgelint.engine.pipeline import check_file

HEAD = '[Event "e"]\n[Board "1"]\n[Vulnerable "None"]\n'  # lines 1-3


def checked_file(name: str) -> FileReport:
    return check_file(str(CORPUS_PBN / name))


def game(scoring: str, table: str, rows: str) -> str:
    """A game whose Scoring tag is line 4, the table's header line 5 and its rows from line 6."""
    return HEAD + f'[Scoring "{scoring}"]\n[ScoreTable "{table}"]\n' + rows


# --- R101 IMPs of the method, R102 the datum -----------------------------------------------------------------

BUTLER = "420 4 -4 260\n400 4 -4 260\n-50 -7 7 260\n"  # the mean 256.67, 260 to the nearest 10


def test_r101_butler_imps_against_the_rounded_or_the_exact_datum():
    table = "Score_NS;IMP_NS;IMP_EW;ButlerDatum"
    assert at(check(game("IMP;Butler", table, BUTLER)), "R101") == []
    findings = [f for f in check(game("IMP;Butler", table, BUTLER.replace("420 4 -4", "420 5 -4"))) if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(6, 5)]
    assert ("IMP_NS 5, but NS 420 against the datum 260 (the mean of the 3 scores, 256.67, to the nearest 10) "
            "is 4 IMPs") in findings[0].message
    # 45 from an exact datum is 1 IMP: 90 and 0 have the mean 45 (50 to the nearest 10, where 0 would be -2)
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 1\n0 -1\n")), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 1\n0 -2\n")), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", "90 2\n0 -2\n")), "R101") == [(6, 4)]


def test_r101_butler_2_leaves_out_one_highest_and_one_lowest_score():
    rows = "620 5\n420 0\n400 0\n-100 -11\n"  # 420 and 400 remain: the datum 410
    assert at(check(game("IMP;Butler-2", "Score_NS;IMP_NS", rows)), "R101") == []
    assert at(check(game("IMP;Butler-2;Median", "Score_NS;IMP_NS", rows)), "R101") == []
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", rows)), "R101") == [(6, 5)]


def test_r101_cross_imps():
    # 430 against 400, 150 and -50: 1 + 7 + 10 = 18 IMPs, 6 a comparison (Cross2), 4.5 over the 4 scores
    rows = "430 {}\n400 {}\n150 {}\n-50 {}\n"
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", rows.format(18, 15, -8, -25))), "R101") == []
    assert at(check(game("IMP;Cross2", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.33))), "R101") == []
    assert at(check(game("IMP;Cross1", "Score_NS;IMP_NS", rows.format(4.5, 3.75, -2, -6.25))), "R101") == []
    assert at(check(game("IMP;Cross1", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.33))), "R101") == []  # N-1
    findings = [f for f in check(game("IMP;Cross2", "Score_NS;IMP_NS", rows.format(6, 5, -2.67, -8.00)))
                if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(9, 5)]
    assert "against the 3 other scores (-25 IMPs over 3, Cross2) is -8.33 IMPs" in findings[0].message


def test_r101_cross_and_cross1_fire_on_a_wrong_value():
    rows = "430 {}\n400 {}\n150 {}\n-50 {}\n"
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", rows.format(18, 15, -7, -25))), "R101") == [(8, 5)]
    findings = [f for f in check(game("IMP;Cross1", "Score_NS;IMP_NS", rows.format(4.5, 3.75, -2, -6.5)))
                if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(9, 5)]
    assert "(-25 IMPs over 4, Cross1) is -6.25 IMPs" in findings[0].message


def test_r101_an_imp_ew_that_is_not_minus_imp_ns():
    table = "Score_NS;IMP_NS;IMP_EW;ButlerDatum"
    assert at(check(game("IMP;Butler", table, BUTLER.replace("400 4 -4", "400 4 4"))), "R101") == [(7, 7)]


def test_r101_the_imp_scale_of_1948():
    # 60 points are 1 IMP on the 1948 scale, 2 on the WBF's
    assert at(check(game("IMP;Cross;IMP_1948", "Score_NS;IMP_NS", "420 1\n360 -1\n")), "R101") == []
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", "420 2\n360 -2\n")), "R101") == []
    assert at(check(game("IMP;Cross", "Score_NS;IMP_NS", "420 1\n360 -1\n")), "R101") == [(6, 5)]


def test_r101_artificial_rows_count_but_are_not_checked():
    rows = "420 4\n400 4\n^-50 0\n"
    assert at(check(game("IMP;Butler", "Score_NS;IMP_NS", rows)), "R101") == []


def test_r101_a_sit_out_row_is_not_a_score_of_the_field():
    # the "Bye" row counts in no mean; Magic Contest credits its pair a value in the IMP column
    rows = BUTLER + '"Bye" "Bye" - 0.2 -\n'
    table = "Score_NS;Score_EW;IMP_NS;IMP_EW;ButlerDatum"
    wide = rows.replace("420 4 -4 260", "420 - 4 -4 260").replace("400 4 -4 260", "400 - 4 -4 260") \
        .replace("-50 -7 7 260", "-50 - -7 7 260")
    assert at(check(game("IMP;Butler", table, wide)), "R101") == []
    assert at(check(game("IMP;Butler", table, wide)), "R102") == []
    assert at(check(game("IMP;Butler", table, wide.replace("420 - 4 -4", "420 - 5 -4"))), "R101") == [(6, 7)]


@pytest.mark.parametrize("scoring", ["IMP", "MP", "", "IMP;Butler;Cross", "IMP;Butler;Frobnicate", "IMP;Cross;IMP_1961"])
def test_r101_a_method_not_named_or_not_known_is_skipped_and_counted(scoring):
    text = game(scoring, "Score_NS;IMP_NS", "420 9\n400 9\n")
    checked = report(text)
    assert at(checked.findings, "R101") == []
    assert checked.skipped == {"R101": 1}


def test_r102_the_datum_column():
    table = "Score_NS;IMP_NS;IMP_EW;ButlerDatum"
    assert at(check(game("IMP;Butler", table, BUTLER)), "R102") == []
    assert at(check(game("IMP;Butler", table, BUTLER.replace(" 260", " 256.67"))), "R102") == []  # exact
    wrong = BUTLER.replace("400 4 -4 260", "400 4 -4 250")
    findings = [f for f in check(game("IMP;Butler", table, wrong)) if f.code == "R102"]
    assert [(f.line, f.column) for f in findings] == [(7, 10)]
    assert "ButlerDatum 250, but the table's scores give the datum 260" in findings[0].message
    assert report(game("MP", table, BUTLER)).skipped == {"R101": 1, "R102": 1}


def test_statistics_count_the_skipped_checks(tmp_path, capsys):
    from click.testing import CliRunner

    path = tmp_path / "t.pbn"
    path.write_text(game("IMP", "Score_NS;IMP_NS", "420 9\n400 9\n"))
    result = CliRunner().invoke(cli, ["check", "--statistics", "--isolated", str(path)])
    assert "skipped" in result.output and "R101" in result.output and "score-table-imps" in result.output


# --- R103 a ranking row that contradicts itself ------------------------------------------------------------

RANKING = '[Event "e"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage;MeanMP"]\n'  # rows from line 3
ROWS = "1 4 20 1449.8 72.49 72.49\n2 7 6 422.3 70.38 70.38\n3 2 20 1404.0 70.20 70.20\n"


def test_r103_a_percentage_that_its_mp_boards_and_top_do_not_give():
    assert at(check(RANKING + ROWS), "R103") == []
    findings = [f for f in check(RANKING + ROWS.replace("6 422.3 70.38 70.38", "6 2393.1 70.38 398.85"))
                if f.code == "R103"]
    assert [(f.line, f.column) for f in findings] == [(4, 14)]
    assert ("TotalPercentage 70.38, but TotalMP 2393.1 over 6 boards (a top of 100 a board, as the other rows "
            "give) is 398.85%") in findings[0].message
    assert findings[0].expected == "398.85"


def test_r103_a_mean_that_is_not_the_total_over_the_boards():
    assert at(check(RANKING + ROWS.replace("70.20 70.20", "70.20 70.30")), "R103") == [(5, 21)]


def test_r103_centred_totals_as_ruter_writes_them():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PlayerId;Direction;TotalScoreMP;TotalPercentage;NrBoards"]\n'
    rows = '1 3 "E" 30 63.89 27\n2 19 "W" 20 59.26 27\n3 12 "N" 19 58.80 27\n'  # a top of 8, the MPs less 4
    assert at(check(ranking + rows), "R103") == []
    assert at(check(ranking + rows.replace("59.26", "61.26")), "R103") == [(4, 13)]


def test_r103_ranks_in_the_rankings_order():
    assert at(check(RANKING + ROWS.replace("2 7 6", "3 7 6").replace("3 2 20", "2 2 20")), "R103") == [(4, 1)]
    # equal figures may share the first rank of their group or hold consecutive ranks
    tied = "1 4 20 1449.8 72.49 72.49\n{} 7 20 1404.0 70.20 70.20\n{} 2 20 1404.0 70.20 70.20\n"
    assert at(check(RANKING + tied.format(2, 2)), "R103") == []
    assert at(check(RANKING + tied.format(2, 3)), "R103") == []
    assert at(check(RANKING + tied.format(3, 3)), "R103") == [(4, 1)]


def test_r103_a_rank_tie_gives_the_last_rank_of_the_tie():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;RankTie;PairId;TotalScoreIMP"]\n'
    rows = "1 - 10 2.93\n2 3 113 2.43\n2 3 104 2.43\n4 - 106 1.79\n"
    assert at(check(ranking + rows), "R103") == []
    assert at(check(ranking + rows.replace("2 3 104", "2 4 104")), "R103") == [(5, 3)]


def test_r103_each_direction_ranked_on_its_own_when_the_ranks_restart():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PairId;Direction;TotalPercentage"]\n'
    rows = '1 1 "NS" 60.0\n2 2 "NS" 55.0\n1 11 "EW" 58.0\n2 12 "EW" 40.0\n'
    assert at(check(ranking + rows), "R103") == []
    assert at(check(ranking + rows.replace('1 11 "EW"', '3 11 "EW"')), "R103") != []


def test_r103_unranked_rows_and_rows_of_no_board():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalPercentage"]\n'
    assert at(check(ranking + "1 1 20 60.0\n- 2 20 65.0\n2 3 20 55.0\n- 4 0 0\n"), "R103") == []


def test_r103_a_mitchell_ranked_per_direction_without_a_direction_column():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalPercentage"]\n'
    rows = "1 1 20 60.0\n2 2 20 52.0\n1 11 20 58.0\n2 12 20 55.0\n3 13 20 40.0\n"
    assert at(check(ranking + rows), "R103") == []
    found = [f for f in check(ranking + rows.replace("3 13 20 40.0", "3 13 20 56.0")) if f.code == "R103"]
    assert [(f.line, f.column) for f in found] == [(6, 1)]
    assert "among the pairs ranked from line 5" in found[0].message
    # a lone 1 below higher ranks is no second ranking, but a rank out of order
    assert at(check(ranking + "1 1 20 60.0\n2 2 20 52.0\n1 11 20 58.0\n"), "R103") == [(4, 1)]


def test_r103_a_row_ranked_dash_holds_its_place():
    # FFT ranks a tie - and the next pair by its place: 1, -, 3
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalPercentage"]\n'
    assert at(check(ranking + "1 1 20 60.0\n- 2 20 60.0\n3 3 20 55.0\n4 4 20 50.0\n"), "R103") == []
    assert at(check(ranking + "1 1 20 60.0\n- 2 20 60.0\n2 3 20 55.0\n4 4 20 50.0\n"), "R103") == [(5, 1)]


def test_r103_the_order_of_a_sort_marked_column():
    ranking = '[Event "e"]\n[TotalScoreTable "-Rank;PairId;NrBoards;MP;+Percentage"]\n'
    assert at(check(ranking + "1 581 20 1449.8 72.49\n2 290 20 1404.0 70.20\n"), "R103") == []


# --- R106 impossible travellers ----------------------------------------------------------------------------

TRAVELLER = HEAD + '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Score_NS"]\n'  # rows from line 5


def test_r106_a_pair_twice_for_one_board():
    assert at(check(TRAVELLER + "1 1 1 5 420\n2 1 2 6 400\n"), "R106") == []
    findings = [f for f in check(TRAVELLER + "1 1 1 5 420\n2 1 2 1 400\n") if f.code == "R106"]
    assert [(f.line, f.column) for f in findings] == [(6, 7)]
    assert "lists pair 1 twice for this board: EW here, NS at line 5" in findings[0].message


def test_r106_one_pair_both_north_south_and_east_west():
    findings = [f for f in check(TRAVELLER + "1 1 3 3 420\n2 1 2 6 400\n") if f.code == "R106"]
    assert [(f.line, f.column, "both North-South and East-West" in f.message) for f in findings] == [(5, 7, True)]


def test_r106_two_rows_for_one_table_and_round():
    assert at(check(TRAVELLER + "1 1 1 5 420\n1 2 2 6 400\n"), "R106") == []
    assert at(check(TRAVELLER + "1 1 1 5 420\n1 1 2 6 400\n"), "R106") == [(6, 1)]


def test_r106_sections_and_per_direction_numbering():
    table = HEAD + '[ScoreTable "Section;PairId_NS;PairId_EW;Score_NS"]\n'
    assert at(check(table + "A 1 5 420\nB 1 5 400\n"), "R106") == []  # pair 1 of each section
    mitchell = HEAD + '[ScoreTable "PairId_NS;PairId_EW;Score_NS;Names_NS;Names_EW"]\n'
    assert at(check(mitchell + '1 2 420 "A-B" "C-D"\n2 1 400 "E-F" "G-H"\n'), "R106") == []
    howell = HEAD + '[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n'
    assert at(check(howell + "1 2 420\n2 1 400\n"), "R106") == [(6, 1), (6, 3)]


def test_r106_ids_with_a_dash_or_none_are_read_in_full():
    assert at(check(TRAVELLER + "1 1 A-1 B-2 420\n2 1 A-2 B-1 400\n"), "R106") == []
    assert at(check(TRAVELLER + "1 1 A-1 B-2 420\n2 1 A-2 A-1 400\n"), "R106") == [(6, 9)]
    assert at(check(TRAVELLER + "1 1 - 5 420\n2 1 - 6 400\n"), "R106") == []  # no id is not an id twice


def test_r106_a_player_twice_in_an_individual():
    table = HEAD + '[ScoreTable "PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS"]\n'
    assert at(check(table + "1 2 3 4 420\n5 6 7 8 400\n"), "R106") == []
    assert at(check(table + "1 2 3 4 420\n5 6 7 1 400\n"), "R106") == [(6, 7)]


# --- the corpus ------------------------------------------------------------------------------------------

@requires_shared
@pytest.mark.parametrize("name", [f"gerhardsletten__jrbridge-pbn-api__{n}.pbn"
                                  for n in ("individuals", "pairs", "teams-sub", "teams")])
def test_the_ruter_files_give_no_r_and_no_t106(name):
    found = [(f.code, f.line) for f in checked_file(name).findings if f.code[0] == "R" or f.code == "T106"]
    assert found == []


@requires_shared
def test_correct_20_only_its_row_2_contradicts_itself():
    found = [(f.code, f.line, f.column) for f in checked_file("ContractBridge__pbnj__correct_20.pbn").findings
             if f.code[0] == "R"]
    assert found == [("R103", 669, 72)]


# --- R104 the ranking against the travellers -------------------------------------------------------------------

def results_file(ranking: str, boards: list[str], scoring: str = "MP;MP2") -> str:
    """A file: game 1 (lines 1-4, rows from line 5) holds the ranking, then one game a board with its traveller."""
    head = f'[Event "e"]\n[Board "1"]\n[Scoring "{scoring}"]\n'
    games = [head + ranking]
    for number, rows in enumerate(boards, start=1):
        games.append(f'[Event "e"]\n[Board "{number + 1}"]\n[Scoring "{scoring}"]\n'
                     '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n' + rows)
    games[0] += '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n1 2 420 1 0\n3 4 400 0 1\n'
    return "\n".join(games)


TOTALS = '[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]\n'
BOARD_2 = "1 2 100 1 0\n3 4 50 0 1\n"  # board 1 (in game 1): 1 and 4 win; board 2: 1 and 4 again


def test_r104_totals_boards_and_percentages_from_the_travellers():
    ranking = TOTALS + "1 1 2 2 100.0\n1 4 2 2 100.0\n3 2 2 0 0.0\n3 3 2 0 0.0\n"
    assert at(check(results_file(ranking, [BOARD_2])), "R104") == []
    findings = [f for f in check(results_file(ranking.replace("3 2 2 0 0.0", "3 2 2 1 0.0"), [BOARD_2]))
                if f.code == "R104"]
    assert [(f.line, f.column) for f in findings] == [(7, 7)]
    assert "TotalMP 1 for PairId 2, but its rows in the ScoreTables give 0" in findings[0].message
    assert findings[0].expected == "0" and findings[0].game == 1  # on the record that holds the ranking
    assert at(check(results_file(ranking.replace("1 4 2 2", "1 4 1 2"), [BOARD_2])), "R104") == [(6, 5)]
    assert at(check(results_file(ranking.replace("1 4 2 2 100.0", "1 4 2 2 90.0"), [BOARD_2])), "R104") == [(6, 9)]


def test_r104_pairs_missing_on_either_side():
    ranking = TOTALS + "1 1 2 2 100.0\n2 2 2 0 0.0\n2 3 2 0 0.0\n2 9 2 0 0.0\n"  # pair 4 (100%) not ranked
    found = [(f.line, f.column, f.message) for f in check(results_file(ranking, [BOARD_2])) if f.code == "R104"]
    assert [(line, column) for line, column, _ in found] == [(4, 1), (8, 3)]
    assert "does not rank PairId 4, who plays 2 boards in the ScoreTables" in found[0][2]
    assert "ranks PairId 9, who plays in no ScoreTable of the file" in found[1][2]


def test_r104_a_list_of_only_the_best_misses_no_one():
    ranking = TOTALS + "{ Only the best 2 }\n1 1 2 2 100.0\n1 4 2 2 100.0\n"
    assert at(check(results_file(ranking, [BOARD_2])), "R104") == []
    worse = TOTALS + "1 1 2 2 100.0\n2 2 2 0 0.0\n"  # pair 4, with 100%, would rank within it
    assert at(check(results_file(worse, [BOARD_2])), "R104") == [(4, 1)]
    # an IMP ranking, whose missing pairs' figures are not compared: the comment and the ranks 1...k say it
    imps = ['[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]\n1 2 420 5 -5\n3 4 400 -5 5\n']
    ranking = ('[Event "e"]\n[Board "1"]\n[Scoring "IMP;Cross"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalIMP"]\n'
               "{comment}1 1 1 5\n1 4 1 5\n")
    assert at(check(ranking.format(comment="{ Only the best 2 }\n") + imps[0]), "R104") == []
    assert at(check(ranking.format(comment="") + imps[0]), "R104") == [(4, 1)]


def test_r104_a_sit_out_board_counted_or_not_as_the_whole_ranking_reads():
    # pair 5 sits out board 2 (a "Bye" row): not a result, so the top of board 2 stays 1 (two scores)
    sat = "1 2 100 1 0\n3 4 50 0 1\n- 5 \"Bye\" - -\n"
    first = "1 2 420 1 0\n3 5 400 0 1\n"
    head = '[Event "e"]\n[Board "{}"]\n[Scoring "MP;MP2"]\n'
    table = '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]\n'

    def text(ranking: str) -> str:
        return head.format(1) + TOTALS + ranking + table + first + "\n" + head.format(2) + table + sat

    counted = "1 1 2 2 100.0\n2 5 2 1 100.0\n3 4 1 1 100.0\n4 2 2 0 0.0\n4 3 2 0 0.0\n"
    assert at(check(text(counted)), "R104") == []
    assert at(check(text(counted.replace("2 5 2 1", "2 5 1 1"))), "R104") == []  # the sit-out left out
    assert at(check(text(counted.replace("3 4 1 1", "3 4 2 1"))), "R104") == [(7, 5)]
    assert at(check(text(counted)), "T106") == []  # board 2's top is 1: the Bye is no score


def test_r104_rounded_values_may_sum_to_n_half_units_exact_ones_not():
    # MPs written to 0.1 that are themselves rounded (Neuberg-factored): 0.7 + 0.7 may be a total of 1.5
    rows = "1 2 420 {a} {b}\n3 4 400 {b} {a}\n"
    board = rows.format(a=0.7, b=0.3)
    ranking = TOTALS + "1 1 2 1.5 74.0\n1 4 2 1.5 74.0\n3 2 2 0.5 26.0\n3 3 2 0.5 26.0\n"
    text = results_file(ranking, [board]).replace("1 2 420 1 0\n3 4 400 0 1\n", board)
    assert at(check(text), "R104") == []
    assert at(check(text.replace("1 4 2 1.5 74.0", "1 4 2 3.5 74.0")), "R104") == [(6, 7)]  # a typo of 2 MP
    # halves are exact: 0.5 + 0.5 is 1.0, not 1.1
    halves = rows.format(a=0.5, b=0.5)
    text = results_file(TOTALS + "1 1 2 1.0 50.0\n1 4 2 1.0 50.0\n1 2 2 1.0 50.0\n1 3 2 1.0 50.0\n",
                        [halves]).replace("1 2 420 1 0\n3 4 400 0 1\n", halves)
    assert at(check(text), "R104") == []
    assert at(check(text.replace("1 4 2 1.0 50.0", "1 4 2 1.1 50.0")), "R104") == [(6, 7)]


def test_r104_only_when_every_board_has_its_traveller():
    ranking = TOTALS + "1 1 9 9 100.0\n"
    text = results_file(ranking, [BOARD_2]) + '\n[Event "e"]\n[Board "3"]\n'
    assert at(check(text), "R104") == []


def test_r104_imp_totals_summed_or_the_mean_a_board():
    boards = ['[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]\n1 2 420 5 -5\n3 4 400 -5 5\n']

    def text(totals: str) -> str:
        games = ['[Event "e"]\n[Board "1"]\n[Scoring "IMP;Cross"]\n'
                 '[TotalScoreTable "Rank;PairId;NrBoards;TotalIMP"]\n' + totals + boards[0]]
        games.append('[Event "e"]\n[Board "2"]\n[Scoring "IMP;Cross"]\n' + boards[0].replace(" 5 -5", " 3 -3")
                     .replace("-5 5", "-3 3"))
        return "\n".join(games)

    assert at(check(text("1 1 2 8\n1 4 2 8\n3 2 2 -8\n3 3 2 -8\n")), "R104") == []
    assert at(check(text("1 1 2 4\n1 4 2 4\n3 2 2 -4\n3 3 2 -4\n")), "R104") == []  # the mean a board
    assert at(check(text("1 1 2 8\n1 4 2 8\n3 2 2 -8\n3 3 2 -7\n")), "R104") == [(8, 7)]


def test_r101_and_r104_a_cross2_column_of_sums_divided_only_in_the_totals():
    # Ruter writes an IMP;Cross2 table's IMP column as the summed cross-IMPs (430: 1 + 7 + 10 = 18 against
    # 400, 150 and -50) and divides in the totals: 18 over 3 comparisons on each of 2 boards is 6 a board
    rows = "1 2 430 18 -18\n3 4 400 15 -15\n5 6 150 -8 8\n7 8 -50 -25 25\n"
    table = '[ScoreTable "PairId_NS;PairId_EW;Score_NS;IMP_NS;IMP_EW"]\n'

    def text(totals: str, second: str = rows) -> str:
        return "\n".join(['[Event "e"]\n[Board "1"]\n[Scoring "IMP;Cross2"]\n'
                          '[TotalScoreTable "Rank;PairId;NrBoards;TotalScoreIMP"]\n' + totals + table + rows,
                          '[Event "e"]\n[Board "2"]\n[Scoring "IMP;Cross2"]\n' + table + second])

    totals = ("1 8 2 8.33\n2 1 2 6.00\n3 3 2 5.00\n4 6 2 2.67\n5 5 2 -2.67\n6 4 2 -5.00\n7 2 2 -6.00\n"
              "8 7 2 -8.33\n")
    assert [f.code for f in check(text(totals)) if f.code[0] == "R"] == []
    assert at(check(text(totals.replace("3 3 2 5.00", "3 3 2 5.10"))), "R104") == [(7, 7)]
    # one sum wrong in a column of sums: R101 at that row, the message says how the column is read
    findings = [f for f in check(text(totals, rows.replace("400 15 -15", "400 14 -15"))) if f.code == "R101"]
    assert [(f.line, f.column) for f in findings] == [(24, 9)]
    assert ("IMP_NS 14, but NS 400 against the 3 other scores (15 IMPs summed, as the column is written when "
            "Cross2 divides only in the totals) is 15 IMPs") in findings[0].message


def test_r104_a_ranking_over_two_sessions_compares_this_sessions_columns():
    # Ruter's session 2: NrBoards and TotalMP of both sessions, this session's beside them
    header = '[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;NrBoardsSession;SessionScoreMP;SessionPercentage"]\n'
    ranking = header + "1 1 4 3 2 2 100.0\n1 4 4 3 2 2 100.0\n3 2 4 1 2 0 0.0\n3 3 4 1 2 0 0.0\n"
    assert at(check(results_file(ranking, [BOARD_2])), "R104") == []
    assert at(check(results_file(ranking.replace("3 3 4 1 2 0 0.0", "3 3 4 1 2 1 0.0"), [BOARD_2])),
              "R104") == [(8, 11)]
    assert at(check(results_file(ranking.replace("1 4 4 3 2 2", "1 4 4 3 3 2"), [BOARD_2])), "R104") == [(6, 9)]
    # cumulative totals without this session's columns: not the file's to check
    cumulative = TOTALS + "1 1 4 3 75.0\n1 4 4 3 75.0\n3 2 4 1 25.0\n3 3 4 1 25.0\n"
    assert at(check(results_file(cumulative, [BOARD_2])), "R104") == []
    # one pair's NrBoards above the file's is a wrong count, not another session
    assert at(check(results_file(TOTALS + "1 1 2 2 100.0\n1 4 3 2 100.0\n3 2 2 0 0.0\n3 3 2 0 0.0\n",
                                 [BOARD_2])), "R104") == [(6, 5)]


# --- R105 teams ----------------------------------------------------------------------------------------------

MATCHES = '[Event "t"]\n[ScoreTable "Round;TeamId_Home;TeamId_Away;MatchDetails;NrBoards;VP_Home;VP_Away"]\n'
PLAYED = ('1 1 2 "1,15,54|2,30,0|200,45,54" 28 8.02 11.98\n'
          '1 3 4 "1,40,31|2,25,24|200,65,55" 28 12.18 7.82\n'
          '2 1 3 "1,28,40|2,25,28|200,53,68" 28 6.87 13.13\n')


def test_r105_victory_points_on_the_wbf_scale():
    assert at(check(MATCHES + PLAYED), "R105") == []
    findings = [f for f in check(MATCHES + PLAYED.replace("8.02 11.98", "8.00 12.00")) if f.code == "R105"]
    assert [(f.line, f.column) for f in findings] == [(3, 37)]
    assert "a margin of 9 IMPs in 28 boards gives the home team 8.02 VPs on the WBF scale" in findings[0].message


@pytest.mark.parametrize("boards", ["100000000", "-16", "0", "2.5"])
def test_r105_a_match_of_no_number_of_boards_is_said_and_costs_nothing(boards):
    # the scale's work grows with the boards: a match of 100,000,000 boards is no match, and no loop that long
    findings = [f for f in check(MATCHES + PLAYED.replace(" 28 8.02", f" {boards} 8.02")) if f.code == "R105"]
    assert [(f.line, f.column) for f in findings] == [(3, 34)]
    assert f"NrBoards {boards} is no number of boards a match is played over (1 to 500)" in findings[0].message


def test_r103_a_top_that_rounds_to_nothing_is_no_top():
    ranking = '[Event "e"]\n[TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]\n'
    rows = "1 1 1000 0.01 60.0\n2 2 1000 0.01 60.0\n3 3 1000 0.01 60.0\n"  # a top of 0.00002 a board
    assert at(check(ranking + rows), "X001") == []


def test_r105_a_vp_pair_that_does_not_sum_to_20():
    assert at(check(MATCHES + PLAYED.replace("12.18 7.82", "12.18 7.72")), "R105") == [(4, 44)]


def test_r105_segments_that_do_not_add_up():
    assert at(check(MATCHES + PLAYED.replace("2,30,0|200,45,54", "2,31,0|200,45,54")), "R105") == [(3, 7)]


def test_r105_team_totals_from_their_matches():
    totals = '[TotalScoreTable "Rank;TeamId;TotalScoreVP"]\n1 4 7.82\n'
    text = MATCHES.replace('[ScoreTable', totals + '[ScoreTable') + PLAYED
    assert at(check(text), "R105") == []
    assert at(check(text.replace("1 4 7.82", "1 4 7.92")), "R105") == [(3, 5)]


def match_game(board: str, room: str, imps: str | None, extra: str = "", teams: str = "Lions", round_: str = "1") -> str:
    """A record of the match Lions-Tigers (7 lines from its Event, the ScoreIMP the 7th), ``extra`` after it."""
    score = f'[ScoreIMP "{imps}"]\n' if imps is not None else "\n"
    return (f'[Event "Teams"]\n[Round "{round_}"]\n[HomeTeam "{teams}"]\n[VisitTeam "Tigers"]\n[Board "{board}"]\n'
            f'[Room "{room}"]\n{score}{extra}\n')


MATCH_TABLE = '[ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]\n1 Lions Tigers {}\n'


def test_r105_a_match_table_against_the_scoreimp_of_the_match_s_boards():
    # board 1: +10 to the open room's North-South; board 2: the closed room's North-South lose 3, +3 to them too;
    # board 3 in both rooms, agreeing: -6 to them
    boards = (match_game("1", "Open", "NS 10") + match_game("2", "Closed", "NS -3") + match_game("3", "Open", "EW 6")
              + match_game("3", "Closed", "6"))  # the bare form is declarer's side's: North-South here
    boards = boards.replace('[Board "3"]\n[Room "Closed"]', '[Board "3"]\n[Declarer "N"]\n[Room "Closed"]')
    for written in ("13 6", "6 13"):  # either team North-South in the open room
        assert at(check(boards + MATCH_TABLE.format(written)), "R105") == []
    table_line = boards.count("\n") + 2
    findings = [f for f in check(boards + MATCH_TABLE.format("13 7")) if f.code == "R105"]
    assert [(f.line, f.column) for f in findings] == [(table_line, 16)]
    assert findings[0].message == ("ScoreTable IMP_Home 13 and IMP_Away 7 for Lions against Tigers, but the match's 3 "
                                   "boards give the teams 13 and 6 IMPs (ScoreIMP)")
    # the match table's own record may be one of the match's
    last = match_game("4", "Open", "NS 0", MATCH_TABLE.format("13 7"))
    assert at(check(boards + last), "R105") == [(boards.count("\n") + 9, 16)]


def test_r105_a_total_score_table_of_the_file_s_one_match():
    boards = match_game("1", "Open", "NS 10") + match_game("2", "Closed", "NS 4")
    totals = '[TotalScoreTable "Rank;TeamName;TotalIMP"]\n1 Lions {}\n2 Tigers {}\n'
    for lions, tigers in (("10", "4"), ("4", "10"), ("6", "-6"), ("-6", "6")):  # won, or the margin
        assert at(check(boards + totals.format(lions, tigers)), "R105") == []
    line = boards.count("\n") + 2
    assert at(check(boards + totals.format("10", "5")), "R105") == [(line, 9)]


def test_r105_a_match_not_told_unambiguously_is_not_checked():
    wrong = MATCH_TABLE.format("13 7")
    complete = match_game("1", "Open", "NS 10") + match_game("2", "Closed", "NS -3")
    assert at(check(complete + wrong), "R105") == [(complete.count("\n") + 2, 16)]
    cases = {
        "a board without IMPs": complete + match_game("3", "Open", None),
        "IMPs outside a room": complete.replace('[Room "Closed"]', '[Room ""]'),
        "a board twice in a room": complete + match_game("2", "Closed", "NS -3"),
        "the rooms disagree": complete + match_game("2", "Open", "NS 4"),
        "a bare ScoreIMP without a declarer": complete.replace('"NS -3"', '"-3"'),
    }
    for case, text in cases.items():
        assert at(check(text + wrong), "R105") == [], case
    # two matches the row could be (no Round in the table, the same teams in two rounds): not checked
    no_round = '[ScoreTable "TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]\nLions Tigers 13 7\n'
    twice = complete + match_game("1", "Open", "NS 2", round_="2")
    assert at(check(twice + no_round), "R105") == []
    assert at(check(complete + no_round), "R105") == [(complete.count("\n") + 2, 14)]
    # the teams of the row are another match's
    assert at(check(complete.replace("Lions", "Bears") + wrong), "R105") == []


def test_r104_a_mitchell_numbers_its_pairs_per_direction():
    table = '[ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW;Names_NS;Names_EW"]\n'
    board_1 = table + '1 1 420 1 0 "A-B" "C-D"\n2 2 400 0 1 "E-F" "G-H"\n'
    board_2 = table + '1 2 100 1 0 "A-B" "G-H"\n2 1 50 0 1 "E-F" "C-D"\n'
    ranking = ('[TotalScoreTable "Rank;PairId;Direction;NrBoards;TotalMP"]\n'
               '1 1 "N-S" 2 2\n2 2 "N-S" 2 0\n1 1 "E-W" 2 1\n1 2 "E-W" 2 1\n')
    text = ('[Event "e"]\n[Board "1"]\n[Scoring "MP;MP2"]\n' + ranking + board_1 +
            '\n[Event "e"]\n[Board "2"]\n[Scoring "MP;MP2"]\n' + board_2)
    assert at(check(text), "R104") == []
    assert at(check(text.replace('1 2 "E-W" 2 1', '1 2 "E-W" 2 2')), "R104") == [(8, 13)]
    assert at(check(text.replace('"Direction;', '"Club;')), "R104") == []  # no direction: not compared


def test_r106_across_boards_a_pair_at_two_tables_in_one_round_or_a_board_twice():
    table = '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Score_NS"]\n'

    def text(second: str, board: str = "2") -> str:
        return (HEAD + table + "1 1 1 5 420\n2 1 2 6 400\n\n[Event \"e\"]\n[Board \"" + board + "\"]\n"
                "[Vulnerable \"None\"]\n" + table + second)

    assert at(check(text("1 1 1 5 420\n2 1 2 6 400\n")), "R106") == []
    found = [f for f in check(text("1 1 1 5 420\n3 1 2 6 400\n")) if f.code == "R106"]
    assert [(f.line, f.column) for f in found] == [(13, 5), (13, 7)]
    assert "pair 2 at table 3 in round 1, but at table 2 in that round on board 1 (line 6)" in found[0].message
    found = [f for f in check(text("1 2 1 5 420\n2 2 2 6 400\n", board="1")) if f.code == "R106"]
    assert [(f.line, f.column) for f in found][:1] == [(12, 5)]
    assert "lists pair 1 on board 1, which it already played (line 5)" in found[0].message
