"""The matches of a teams event as its records and tables give them: the tags that tell a match's records apart
(:data:`MATCH_TAGS`), and the rows of a match table that state a match's IMPs (:func:`stated_matches`).  Pure: no
findings."""

from __future__ import annotations

from typing import NamedTuple

from .standings import Standings
from .tables import Element
from .traveller import Traveller

MATCH_TAGS = ("Event", "Stage", "Round", "HomeTeam", "VisitTeam")  # what tells a match's records (R105)


class StatedMatch(NamedTuple):
    """A match table's row with IMP totals (R105): the values of its record's Event and Stage and its Round (None:
    not given), its teams, IMP_Home and IMP_Away, and their elements."""

    key: tuple[str | None, str | None, str | None]
    home: str
    away: str
    imps: tuple[float, float]
    elements: tuple[Element, Element]


def stated_matches(view: Traveller, event: str | None, stage: str | None) -> list[StatedMatch]:
    """The rows of a match table (TeamId_Home, TeamId_Away, IMP_Home, IMP_Away) that give both teams and both
    totals; none when the ScoreTable is no such table."""
    if None in view.find(("TeamId_Home", "TeamId_Away", "IMP_Home", "IMP_Away")):
        return []
    matches = Standings(view.table)
    home, away = matches.column("IMP_Home"), matches.column("IMP_Away")
    teams, rounds = (matches.texts("TeamId_Home"), matches.texts("TeamId_Away")), matches.texts("Round")
    assert home is not None and away is not None
    return [StatedMatch((event, stage, rounds[row]), home_team, away_team, (first, second),
                        (matches.element(row, "IMP_Home"), matches.element(row, "IMP_Away")))
            for row, (first, second, home_team, away_team) in enumerate(zip(home[0], away[0], *teams))
            if first is not None and second is not None and home_team and away_team]
