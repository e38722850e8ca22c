"""A file's boards and results as a director counts them: "18 boards, 735 results", not "735 boards"."""

from __future__ import annotations

from conftest import DEAL, report

TRAVELLER = ('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
             " 1  2 4S   N 10\n 3  4 3NT  S  9\n 5  6 -    - -\n 7  8 4S   N 11\n")


def game(board: str, *lines: str, event: str | None = "Pairs", played: bool = True) -> str:
    head = ([f'[Event "{event}"]'] if event is not None else []) + [f'[Board "{board}"]', '[Dealer "N"]',
                                                                     '[Vulnerable "None"]', f'[Deal "{DEAL}"]']
    return "\n".join(head + (['[Declarer "N"]', '[Contract "4S"]', '[Result "10"]'] if played else []) + list(lines))


def tally(*games: str) -> tuple[int, int, int]:
    r = report("\n\n".join(games) + "\n")
    return r.games, r.boards, r.results


def test_a_board_played_at_many_tables_is_one_board_and_a_result_a_table():
    assert tally(*(game(b) for b in "1212121")) == (7, 2, 7)


def test_a_traveller_row_with_a_result_is_a_result():
    # the record's own result aside: its traveller says what each table did (the row of "-" is none)
    assert tally(game("1", TRAVELLER, played=False), game("2", played=False)) == (2, 2, 3)


def test_boards_are_counted_per_event_and_an_event_tag_written_once_carries():
    assert tally(game("1"), game("1", event="Teams")) == (2, 2, 2)
    assert tally(game("1"), game("1", event=None), game("2", event=None)) == (3, 2, 3)


def test_a_hand_record_has_boards_and_no_result():
    assert tally(*(game(str(b), played=False) for b in range(1, 5))) == (4, 4, 0)


def test_a_lin_match_board_is_one_board_in_two_rooms():
    md = "3SHDAKQJT98765432C,SHDCAKQJT98765432,SAKQJT98765432HDC,SHAKQJT98765432DC"
    lin = "".join(f"qx|{room}{n}|md|{md}|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n" for n in (1, 2) for room in "oc")
    r = report(lin, name="m.lin")
    assert (r.games, r.boards, r.results) == (4, 2, 4)
