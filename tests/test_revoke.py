"""After a revoke the play goes on (Law 63); C105 allows what Law 64A can transfer."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import PLAY_DEAL, PLAY_ROWS, check, read_one

from bridgelint.cli import cli
from bridgelint.core.tokens import Card
from bridgelint.replay.irregularity import REVOKE, Irregularity
from bridgelint.replay.play_general import PlayReplay, revoke_transfer
from bridgelint.replay.seating import Trick
from bridgelint.rules.base import Context

# South (declarer, 5HX) discards C4 on North's heart lead in trick 2 while holding HJ, and ruffs
# trick 13 with HJ: 6 tricks counted; West won the revoke trick and NS later ones, so Law 64A2
# moves one trick to EW.
REVOKED_ROWS = PLAY_ROWS.replace("HA H3 HK HJ", "HA H3 HK C4").replace("C5 C2 C6 C4", "C5 C2 C6 HJ")


def game(rows: str = REVOKED_ROWS, result: str = "5") -> str:
    return (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{PLAY_DEAL}"]\n[Declarer "S"]\n'
            f'[Contract "5HX"]\n[Result "{result}"]\n[Play "W"]\n{rows}\n')


def test_the_replay_goes_on_after_a_revoke():
    play = Context(read_one(game())).play
    assert play.illegal is None and [(r.seat, r.trick) for r in play.revokes] == [("S", 2)]
    assert len(play.tricks) == 13 and play.won == {"NS": 6, "EW": 7}
    assert (play.tricks[1].leader, play.tricks[1].winner) == ("N", "W")
    assert (play.tricks[12].leader, play.tricks[12].winner) == ("S", "S")


@pytest.mark.parametrize("result, c105", [
    ("6", []),  # the tricks as played: no adjustment was asked for
    ("5", []),  # one trick transferred to the non-offending side (Law 64A2)
    ("4", [(7, 1)]),
    ("7", [(7, 1)]),
])
def test_result_allows_the_law_64a_transfer(result, c105):
    found = check(game(result=result))
    assert [(f.line, f.column) for f in found if f.code == "P103"] == [(10, 10)]
    assert [(f.line, f.column) for f in found if f.code == "C105"] == c105


def test_result_message_gives_the_range_the_revoke_allows():
    [finding] = [f for f in check(game(result="4")) if f.code == "C105"]
    assert "5-6 allowing for the Law 64 revoke transfer" in finding.message


def test_replay_after_a_revoke_shows_every_trick_with_leader_and_winner(tmp_path):
    path = tmp_path / "revoke.pbn"
    path.write_text(game())
    result = CliRunner().invoke(cli, ["replay", str(path), "--ascii"])
    rows = [line.split() for line in result.stdout.splitlines() if line.strip()[:2].strip().isdigit()]
    tricks = [row for row in rows if len(row) >= 8 and row[1] in ("North", "East", "South", "West")]
    assert [int(row[0]) for row in tricks] == list(range(1, 14))
    assert all(row[1] in ("North", "East", "South", "West") for row in tricks)
    assert "?" not in result.stdout.split("Play", 1)[1].split("Contract and result")[0]
    assert (tricks[1][1], tricks[1][-3]) == ("North", "West")
    assert (tricks[12][1], tricks[12][-3]) == ("South", "South")


def _play(winners: str, revokes: list[tuple[str, int]], declarer: str = "S") -> PlayReplay:
    """A replay whose tricks were won by ``winners`` (one seat letter per trick), each led with a spade."""
    lead = Card("S2", "card", 1, 1, suit="S", rank="2")
    play = PlayReplay(declarer=declarer, dealt=True)
    play.tricks = [Trick("N", [("N", lead)], winner) for winner in winners]
    play.revokes = [Irregularity(REVOKE, lead, seat=seat, trick=n) for seat, n in revokes]
    return play


@pytest.mark.parametrize("winners, revokes, expected", [
    ("EEEEEEEEEEEEE", [("E", 3)], {"NS": 2, "EW": 0}),  # 64A1: the offender won the revoke trick and a later one
    ("NNEN" + "N" * 9, [("E", 3)], {"NS": 1, "EW": 0}),  # 64A1: the revoke trick, no later trick of EW
    ("NNWN" + "N" * 9, [("E", 3)], {"NS": 1, "EW": 0}),  # 64A2: partner won the revoke trick
    ("N" * 12 + "W", [("E", 3)], {"NS": 1, "EW": 0}),  # 64A2: a later trick won by the offending side
    ("N" * 13, [("E", 3)], {"NS": 0, "EW": 0}),  # 64B1: the offending side won nothing from then on
    ("E" * 13, [("E", 12)], {"NS": 0, "EW": 0}),  # 64B: a revoke on trick 12
    ("E" * 13, [("E", 3), ("E", 5)], {"NS": 2, "EW": 0}),  # 64B2: a second revoke in the suit
    ("E" * 13, [("E", 3), ("N", 5)], {"NS": 0, "EW": 0}),  # 64B: both sides revoked
    ("N" * 13, [("N", 3)], {"NS": 0, "EW": 0}),  # 64B3: dummy's revoke (South declares)
    ("EEEE", [("E", 3)], {"NS": 2, "EW": 0}),  # a claim after trick 4: later tricks may be EW's
])
def test_law_64a_transfer(winners, revokes, expected):
    assert revoke_transfer(_play(winners, revokes)) == expected
