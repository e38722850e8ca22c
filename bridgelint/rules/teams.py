"""R — teams: the matches a TotalScoreTable states against their boards' IMPs and the WBF victory points (R105;
Law 78B)."""

from __future__ import annotations

from math import isfinite
from typing import Iterator

from ..core.findings import Finding
from ..core.matches import StatedMatch
from ..core.results import MATCH_BOARDS, victory_points
from ..core.standings import IMP_TOTALS, Standings
from ..core.tables import number
from ..core.wording import more_of, shown
from .base import Context, Rule
from .parts import TABLES
from .record_tables import standings, traveller


class TeamsResult(Rule):
    """Teams result that does not follow from its matches.

    What it does: reads a teams match table (a ScoreTable with
    TeamId_Home, TeamId_Away, VP_Home and VP_Away, one row a match) and
    checks that each match's victory points sum to 20 (on a 20-point scale:
    most matches of the table do), that they are the WBF continuous scale's
    (2013) for the IMP margin when the table gives the IMPs (IMP_Home and
    IMP_Away, or Ruter's MatchDetails `segment,home,away|...|200,home,away`,
    200 the total) and the number of boards (NrBoards), that the segments of
    MatchDetails add up to its total, and that each team's TotalScoreVP (or
    TotalVP) in the record's TotalScoreTable is the sum of its matches' VPs.
    Matches with `-` are not played yet.
    Across a file's records it also adds up each match's boards. A match is
    the records with the same Event, Stage, Round, HomeTeam and VisitTeam
    (HomeTeam and VisitTeam given; a tag absent, empty or `?` is equal to an
    absent one); a board's IMPs are its ScoreIMP (PBN §4.2: any of its five
    forms, whole IMPs; the bare form is declarer's side's) in the Open or
    the Closed room (Room), read for the team sitting North-South in the
    open room. A match whose every board has its IMPs, none given twice in
    a room nor differently by the two rooms, and every ScoreIMP in a room,
    is checked: a match table's IMP_Home and IMP_Away for the same teams
    (TeamId_Home, TeamId_Away, and Round, Event and Stage where given, one
    match fitting them) must be the IMPs each team won on the boards; when
    the file holds that one match, a TotalScoreTable's TotalIMP (or
    TotalScoreIMP) of each team (TeamName or TeamId as HomeTeam or
    VisitTeam write it) must be the IMPs it won or its margin. Which team
    sits North-South in the open room the standard does not say: the
    totals fit either way round. Anything else is not checked.
    Why it matters: a teams event is ranked on victory points; a wrong
    conversion or a wrong sum changes the standings.
    Example:

        [Event "Teams"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;NrBoards;VP_Home;VP_Away"]
        1 1 2 45 54 28 8.00 12.00

    Across records, a match of two boards whose match table does not add
    them up: the open room's North-South team won 10 IMPs on board 1 and 3
    on board 2 (the closed room's North-South lost them), 13 to 0.

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "1"]
        [Room "Open"]
        [ScoreIMP "NS 10"]

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "2"]
        [Room "Closed"]
        [ScoreIMP "NS -3"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]
        1 Lions Tigers 10 3

    Use instead: 9 IMPs in 28 boards are 11.98 VPs on the WBF scale.

        [Event "Teams"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away;NrBoards;VP_Home;VP_Away"]
        1 1 2 45 54 28 8.02 11.98

    and the match's totals as its boards give them:

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "1"]
        [Room "Open"]
        [ScoreIMP "NS 10"]

        [Event "Teams"]
        [Round "1"]
        [HomeTeam "Lions"]
        [VisitTeam "Tigers"]
        [Board "2"]
        [Room "Closed"]
        [ScoreIMP "NS -3"]
        [ScoreTable "Round;TeamId_Home;TeamId_Away;IMP_Home;IMP_Away"]
        1 Lions Tigers 13 0

    References: Law 78D (victory points); the WBF victory-point scales (2013); PBN §4.2, §5.9, §5.10.
    """

    code, name, severity, law = "R105", "teams-result", "error", "Law 78D"
    formats = frozenset(("pbn",))
    needs = TABLES

    def check(self, ctx: Context) -> Iterator[Finding]:
        view = traveller(ctx)
        if view is None or view.position("VP_Home") is None or view.position("VP_Away") is None:
            return  # no match table
        matches = Standings(view.table)
        home, away = matches.column("VP_Home"), matches.column("VP_Away")
        teams = matches.texts("TeamId_Home"), matches.texts("TeamId_Away")
        if home is None or away is None:
            return
        played = [row for row in range(len(matches.rows)) if home[0][row] is not None and away[0][row] is not None]
        yield from self._sums(matches, played, home[0], away[0])
        yield from self._margins(matches, played, home[0])
        totals = standings(ctx)
        if totals is not None and None not in (teams[0], teams[1]):
            yield from self._totals(totals, matches, played, teams, home[0], away[0])

    def _sums(self, matches: Standings, played: list[int], home: list, away: list) -> Iterator[Finding]:
        twenty = [row for row in played if abs(home[row] + away[row] - 20) < 0.005]
        if 2 * len(twenty) <= len(played):
            return  # not a 20-point scale
        wrong = [row for row in played if row not in twenty]
        if wrong:
            element = matches.element(wrong[0], "VP_Away")
            yield self.finding(f"ScoreTable VP_Home {matches.element(wrong[0], 'VP_Home').text} and VP_Away "
                               f"{element.text} sum to {shown(home[wrong[0]] + away[wrong[0]], 2)}, not 20"
                               f"{more_of(wrong, 'match')}", element.line, element.column)

    def _margins(self, matches: Standings, played: list[int], home: list) -> Iterator[Finding]:
        boards = matches.column("NrBoards")
        scores = _match_imps(matches)
        if scores is None:
            return
        wrong_segments, wrong_vps, no_match = [], [], []
        for row in played:
            imps_, segments_ok = scores[row]
            if imps_ is None:
                continue
            if not segments_ok:
                wrong_segments.append(row)
            count = boards[0][row] if boards is not None else None
            if count is not None and not (isfinite(count) and count == int(count) and 0 < count <= MATCH_BOARDS):
                no_match.append(row)  # the scale of a match of 0, -16 or 100,000,000 boards: none
                continue
            if count and all(map(isfinite, imps_)):
                margin = int(abs(imps_[0] - imps_[1]))
                winner = victory_points(margin, int(count))
                expected = winner if imps_[0] >= imps_[1] else round(20 - winner, 2)
                if abs(home[row] - expected) > 0.005:
                    wrong_vps.append((row, expected, margin, int(count)))
        if no_match:
            element = matches.element(no_match[0], "NrBoards")
            yield self.finding(f"ScoreTable NrBoards {element.text} is no number of boards a match is played over "
                               f"(1 to {MATCH_BOARDS}): its victory points are not checked{more_of(no_match, 'match')}",
                               element.line, element.column)
        if wrong_segments:
            element = matches.element(wrong_segments[0], "MatchDetails")
            yield self.finding(f"ScoreTable MatchDetails {element.text}: the segments do not add up to the "
                               f"total{more_of(wrong_segments, 'match')}", element.line, element.column)
        if wrong_vps:
            row, expected, margin, count = wrong_vps[0]
            element = matches.element(row, "VP_Home")
            yield self.finding(f"ScoreTable VP_Home {element.text}, but a margin of {margin} IMPs in {count} boards "
                               f"gives the home team {expected:.2f} VPs on the WBF scale{more_of(wrong_vps, 'match')}",
                               element.line, element.column)

    def _totals(self, totals: Standings, matches: Standings, played: list[int],
                teams: tuple[list, list], home: list, away: list) -> Iterator[Finding]:
        total = totals.first(("TotalScoreVP", "TotalVP"))
        ids = totals.texts("TeamId")
        if total is None or totals.table.column_index("TeamId") is None:
            return
        won: dict[str, float] = {}
        for row in played:
            for team, vp in ((teams[0][row], home[row]), (teams[1][row], away[row])):
                if team is not None:
                    won[team] = won.get(team, 0.0) + vp
        name, values, places = total
        wrong = [(row, won.get(team, 0.0)) for row, (team, value) in enumerate(zip(ids, values))
                 if team is not None and value is not None and abs(value - won.get(team, 0.0)) > 0.006]
        if wrong:
            row, computed = wrong[0]
            element = totals.element(row, name)
            yield self.finding(f"TotalScoreTable {name} {element.text} for team {ids[row]}, but its matches give "
                               f"{shown(computed, 2)} VPs{more_of(wrong, 'team')}", element.line, element.column)


    @classmethod
    def compare_matches(cls, won: dict[tuple[str | None, ...], tuple[float, float, int]],
                         stated: list[StatedMatch], totals: Standings | None) -> Iterator[Finding]:
        """R105 across a file's records: ``won`` the IMPs each team won on the boards of each match identified
        (by :data:`~bridgelint.core.matches.MATCH_TAGS`: the team North-South in the open room's, the other's, the
        boards), ``stated`` the rows of the file's match tables, ``totals`` its TotalScoreTable."""
        for row in stated:
            fitting = [key for key in won if key[3:] == (row.home, row.away)
                       and all(given is None or given == key[at] for at, given in enumerate(row.key[:3]))]
            if len(fitting) != 1:
                continue  # no match, or more than one, that the row can be
            first, second, boards = won[fitting[0]]
            if (row.imps in ((first, second), (second, first))):
                continue
            element = row.elements[0]
            yield cls.finding(f"ScoreTable IMP_Home {element.text} and IMP_Away {row.elements[1].text} for "
                              f"{row.home} against {row.away}, but the match's {boards} boards give the teams "
                              f"{first:g} and {second:g} IMPs (ScoreIMP)", element.line, element.column)
        if totals is None or len(won) != 1:
            return
        total = totals.first(IMP_TOTALS)
        (key, (first, second, boards)), = won.items()
        names = next((totals.texts(name) for name in ("TeamName", "TeamId")
                      if totals.table.column_index(name) is not None and set(key[3:]) & set(totals.texts(name))), None)
        if total is None or names is None:
            return
        name, values, _ = total
        rows = {team: row for row, team in enumerate(names) if team in key[3:] and values[row] is not None}
        given = tuple(values[rows[team]] if team in rows else None for team in key[3:])
        fits = ((first, second), (second, first), (first - second, second - first), (second - first, first - second))
        if not rows or any(all(value is None or value == due for value, due in zip(given, pair)) for pair in fits):
            return
        team = key[3] if key[3] in rows else key[4]
        element = totals.element(rows[team], name)
        yield cls.finding(f"TotalScoreTable {name} {element.text} for team {team}, but its match's {boards} boards "
                          f"give the teams {first:g} and {second:g} IMPs (ScoreIMP), a margin of "
                          f"{abs(first - second):g}", element.line, element.column)


def _match_imps(matches: Standings) -> list[tuple[tuple[float, float] | None, bool]] | None:
    """Each match's IMPs (home, away) and whether its segments add up: from IMP_Home and IMP_Away, or Ruter's
    MatchDetails; None when the table gives no IMPs."""
    home, away = matches.column("IMP_Home"), matches.column("IMP_Away")
    if home is not None and away is not None:
        return [((h, a) if h is not None and a is not None else None, True) for h, a in zip(home[0], away[0])]
    if matches.table.column_index("MatchDetails") is None:
        return None
    details = matches.texts("MatchDetails")
    found: list[tuple[tuple[float, float] | None, bool]] = []
    for text in details:
        segments: list[list[float]] = []
        for part in (text or "").split("|"):
            fields = [number(f.strip()) for f in part.split(",")]
            if len(fields) == 3:
                segments.append([float(f) for f in fields if f is not None])
        segments = [s for s in segments if len(s) == 3]
        totals = [s for s in segments if s[0] == 200]
        if len(totals) != 1:
            found.append((None, True))
            continue
        parts = [s for s in segments if s[0] != 200]
        total = totals[0]
        adds_up = not parts or (sum(s[1] for s in parts) == total[1] and sum(s[2] for s in parts) == total[2])
        found.append(((total[1], total[2]), adds_up))
    return found
