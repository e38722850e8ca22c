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
