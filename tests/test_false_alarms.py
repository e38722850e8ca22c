"""Legal input gives no finding: the shapes of real files that once raised false alarms."""

from __future__ import annotations

from conftest import DEAL, at, check

GAME = ('[Event "e"]\n[Site "s"]\n[Date "2026.01.01"]\n[Board "1"]\n[West "w"]\n[North "n"]\n[East "e"]\n'
        '[South "s"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n{scoring}[Declarer "N"]\n'
        '[Contract "1S"]\n[Result "7"]\n[Auction "N"]\n{calls}\n')


def game(header: str = "% PBN 2.1\n", calls: str = "1S Pass Pass Pass", scoring: str = '[Scoring "IMP"]\n',
         end: str = "\n") -> str:
    return (header + "\n" + GAME.format(scoring=scoring, calls=calls)).replace("\n", end)


def test_lowercase_calls_cards_and_seats_are_import_format():
    text = game(calls="1s pass pass ap").replace('"N"]', '"n"]').replace('"1S"]', '"1s"]') + '[Play "e"]\nha sa da ca\n'
    assert at(check(text), "S109") == []


def test_lowercase_in_export_format_is_s109():
    text = game(header="% PBN 2.1\n% EXPORT\n", calls="1S pass Pass Pass", end="\r\n")
    assert at(check(text), "S109") == [(20, 4)]


def test_non_ascii_inside_a_quoted_table_string_is_legal():
    text = game() + '[ScoreTable "Names_NS;Score_NS\\5R"]\n"Müller;Ødegård" 140\n"Æbelø;Ñoño" -50\n'
    assert at(check(text.encode("latin-1"), encoding="latin-1"), "S106") == []


def test_non_ascii_table_token_outside_a_string_is_s106():
    text = game() + '[ScoreTable "Names_NS;Score_NS\\5R"]\nMüller 140\n'
    assert at(check(text.encode("latin-1"), encoding="latin-1"), "S106") == [(21, 1)]


def test_pbn_1_0_export_has_14_mandatory_tags_without_scoring():
    text = game(header="% PBN 1.0\n% EXPORT\n", scoring="", end="\r\n")
    assert at(check(text), "S108") == []


def test_pbn_2_1_export_without_scoring_is_s108():
    text = game(header="% PBN 2.1\n% EXPORT\n", scoring="", end="\r\n")
    [finding] = [f for f in check(text) if f.code == "S108"]
    assert "Scoring" in finding.message


# --- the shapes of results files and archives ---------------------------------------------------

SUMMARY = ('[Event "Teams"]\n[Board "202"]\n[Dealer "E"]\n[Vulnerable "All"]\n[Deal ""]\n[Scoring "Teams"]\n'
           '[Declarer ""]\n[Contract ""]\n[Result ""]\n{table}')


def test_a_teams_summary_game_with_an_empty_deal_is_no_board_without_a_deal():
    total = '[TotalScoreTable "Rank\\1R;TeamId\\1R;TotalScoreVP\\5R;TeamName\\15L"]\n1 2 56.44 "Home"\n2 7 51.72 "Away"\n'
    assert at(check(SUMMARY.format(table=total)), "D101") == []
    matches = '[ScoreTable "Round\\2R;Table\\2R;IMP_Home\\3R;IMP_Away\\3R"]\n1 1 30 12\n'
    assert at(check(SUMMARY.format(table=matches)), "D101") == []


def test_a_board_whose_score_table_has_contracts_still_needs_its_deal():
    rows = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n1 2 4S N 10\n'
    assert at(check(SUMMARY.format(table=rows)), "D101") == [(5, 1)]


PASSED = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n[Declarer ""]\n'
          '[Contract "Pass"]\n[Result "{result}"]\n[Auction "N"]\nPass Pass Pass Pass\n')


def test_result_0_on_a_passed_out_board_is_a_warning_that_says_it_is_harmless():
    [finding] = [f for f in check(PASSED.format(result="0")) if f.code == "C104"]
    assert (finding.line, finding.column, finding.severity) == (7, 1, "warning")
    assert "harmless" in finding.message and "Result is \"\"" in finding.message


def test_a_trick_count_on_a_passed_out_board_is_still_an_error():
    [finding] = [f for f in check(PASSED.format(result="9")) if f.code == "C104"]
    assert (finding.line, finding.severity) == (7, "error")


PARTIAL = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
           '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
           '[Declarer "S"]\n[Contract "3NT"]\n[Result "{result}"]\n[Play "W"]\nHA H8 H5 H2\n')


def test_a_result_the_partial_play_already_rules_out_is_c105():
    """The defence won the first trick and nothing says why the play stops: 13 is out of reach."""
    findings = check(PARTIAL.format(result="13"))
    assert at(findings, "C105") == [(7, 1)] and at(findings, "P108") == [(9, 10)]
    [c105] = [f for f in findings if f.code == "C105"]
    assert "they had won 0 with 12 to play, so 0-12 are possible" in c105.message


def test_a_result_the_partial_play_allows_is_only_p108():
    findings = check(PARTIAL.format(result="9"))
    assert at(findings, "C105") == [] and len(at(findings, "P108")) == 1


def test_a_number_in_scoring_is_t103():
    text = game(scoring='[Scoring "-150"]\n')
    [finding] = [f for f in check(text) if f.code == "T103"]
    assert (finding.line, finding.column) == (14, 11) and "is a number, not a keyword" in finding.message
    assert at(check(game(scoring='[Scoring "IMP;Butler"]\n')), "T103") == []


def test_a_deal_hash_with_nothing_to_inherit_is_one_s110_and_no_d101():
    text = ('% PBN 0.8\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "#"]\n[Declarer "S"]\n'
            '[Contract "3NT"]\n[Result "9"]\n[Play "W"]\nHA H8 H5 H2\n*\n')
    findings = check(text)
    assert at(findings, "S110") == [(5, 1)] and at(findings, "D101") == []
