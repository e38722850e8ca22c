"""R — the ranking against itself and against the travellers (R103, R104; Laws 78, 79; PBN §5.9, §5.10); the
ranking is read by :class:`~bridgelint.core.standings.Standings`."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from typing import Any, Iterator

from ..core.findings import Finding
from ..core.standings import IMP_TOTALS, Standings
from ..core.tables import Table, decimals, unquoted
from ..core.traveller import pair_key
from ..core.wording import more_of, shown
from .base import Context, Rule
from .parts import TABLES
from .record_tables import standings

_MP_TOTALS = ("TotalMP", "TotalScoreMP", "MP")
_MEANS = {"MeanScore": ("TotalScore",), "MeanIMP": IMP_TOTALS, "MeanMP": _MP_TOTALS}  # a mean and what it means
_PERCENTAGES = ("TotalPercentage", "Percentage")
# what a ranking is ordered by when no column is sort-marked, best first
_RANKED_BY = ("TotalPercentage", "Percentage", "MeanPercentage", "MeanIMP", "MeanMP", "MeanScore", "TotalScoreVP",
              "TotalVP", "TotalIMP", "TotalScoreIMP", "TotalMP", "TotalScoreMP", "MP", "TotalScore")


class StandingsContradiction(Rule):
    """TotalScoreTable row contradicts itself.

    What it does: reads each row of a TotalScoreTable (the ranking) on its
    own terms: a mean column (MeanIMP, MeanMP, MeanScore) that is not its
    total over NrBoards; a TotalPercentage that is not what the MP total,
    NrBoards and the top of a board give (the top the other rows agree on;
    MP totals centred on 0, as Ruter writes them, are read too); a Rank out
    of the ranking's order. The order is that of the first sort-marked
    column other than Rank, else TotalPercentage, else a mean, else a total.
    Equal figures may share the first rank of their group or hold
    consecutive ranks, and a RankTie column gives the last rank of a tie
    (Ruter: Rank 4 with RankTie 5). When the ranks restart at 1 for each
    direction (of a Direction column, or, without one, the rows after a
    restart: a Mitchell ranked North-South, then East-West), each is ranked
    on its own. Rank `-`
    (a row tied with the row above, as FFT writes it, or unranked) holds
    its place where the row stands in the order, so the next rank counts
    it (64, `-`, 66); rows with NrBoards 0 are not ranked.
    Why it matters: the ranking is what masterpoints and qualification are
    awarded from; a row whose own figures disagree has been edited or
    computed wrongly.
    Example:

        [Event "Pairs"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]
        1 4 20 1449.8 72.49
        2 7 6 2393.1 70.38
        3 2 20 1404.0 70.20

    Use instead:

        [Event "Pairs"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP;TotalPercentage"]
        1 4 20 1449.8 72.49
        2 7 6 422.3 70.38
        3 2 20 1404.0 70.20

    References: Law 79; PBN §5.10.
    """

    code, name, severity, law = "R103", "standings-contradiction", "error", "PBN §5.10"
    formats = frozenset(("pbn",))
    needs = TABLES

    def check(self, ctx: Context) -> Iterator[Finding]:
        ranking = standings(ctx)
        if ranking is None:
            return
        boards = ranking.column("NrBoards")
        if boards is not None:
            yield from self._means(ranking, boards[0])
            yield from self._percentages(ranking, boards[0])
        yield from self._ranks(ranking, boards[0] if boards is not None else None)

    def _means(self, standings: Standings, boards: list[float | None]) -> Iterator[Finding]:
        for mean_name, totals in _MEANS.items():
            means = standings.column(mean_name)
            total = standings.first(totals)
            if means is None or total is None:
                continue
            name, values, total_places = total
            tolerance_mean = 0.5 * 10 ** -means[1]
            wrong = []
            for row, (mean, value, n) in enumerate(zip(means[0], values, boards)):
                if mean is None or value is None or not n:
                    continue
                if abs(value / n - mean) > tolerance_mean + 0.5 * 10 ** -total_places / n + 1e-9:
                    wrong.append((row, value / n))
            if wrong:
                row, computed = wrong[0]
                element = standings.element(row, mean_name)
                yield self.finding(f"TotalScoreTable {mean_name} {element.text}, but {name} "
                                   f"{shown(values[row] or 0, total_places)} over {boards[row]:g} boards is "
                                   f"{shown(computed, means[1])}{more_of(wrong, 'row')}", element.line, element.column,
                                   expected=shown(computed, means[1]))

    def _percentages(self, standings: Standings, boards: list[float | None]) -> Iterator[Finding]:
        total = standings.first(_MP_TOTALS)
        percent = standings.first(_PERCENTAGES)
        if total is None or percent is None:
            return
        name, mps, mp_places = total
        percent_name, percentages, places = percent
        rows = [(row, mp, p, n) for row, (mp, p, n) in enumerate(zip(mps, percentages, boards))
                if mp is not None and p is not None and n]
        best = None
        for centred in (False, True):
            top = _agreed_top(rows, centred)
            if top is None:
                continue
            wrong = []
            for row, mp, p, n in rows:
                computed = 100 * (mp / (n * top) + (0.5 if centred else 0))
                if abs(computed - p) > 0.5 * 10 ** -places + 100 * 0.5 * 10 ** -mp_places / (n * top) + 1e-9:
                    wrong.append((row, computed, mp, n))
            rank = (len(wrong), top != round(top))  # fewest rows wrong, then a whole top
            if best is None or rank < best[0]:
                best = (rank, wrong, top, centred)
        if best and best[1]:
            _, wrong, top, centred = best
            row, computed, mp, n = wrong[0]
            element = standings.element(row, percent_name)
            scale = "centred on 0, " if centred else ""
            yield self.finding(f"TotalScoreTable {percent_name} {element.text}, but {name} "
                               f"{shown(mp, mp_places)} over {n:g} boards ({scale}a top of {top:g} a board, as the "
                               f"other rows give) is {shown(computed, places)}%{more_of(wrong, 'row')}",
                               element.line, element.column, expected=shown(computed, places))

    def _ranks(self, standings: Standings, boards: list[float | None] | None) -> Iterator[Finding]:
        ranks = standings.column("Rank")
        if ranks is None:
            return
        key = _ranking_key(standings)
        if key is None:
            return
        name, values, descending = key
        ties = standings.column("RankTie")
        directions = _directions(standings, ranks[0])
        groups: dict[str, list[int]] = {}
        for row in range(len(standings.rows)):
            if values[row] is None or boards is not None and boards[row] == 0:
                continue
            if ranks[0][row] is None and not _in_place(values, row, descending):
                continue  # an unranked row listed out of the order (a pair out of competition): not counted
            groups.setdefault(directions[row] if directions else "", []).append(row)
        wrong = [w for members in groups.values()
                 for w in _misranked(members, values, descending, ranks[0], ties[0] if ties is not None else None)]
        if wrong:
            wrong.sort()
            row, first, last, column = wrong[0]
            element = standings.element(row, column)
            place = f"rank {first}" if first == last else f"ranks {first} to {last} (a tie)"
            if column == "RankTie":
                place = f"a tie down to rank {last}" if first != last else "no tie"
            within = f" among {directions[row]}" if directions else ""
            yield self.finding(f"TotalScoreTable {column} {element.text}, but {name} "
                               f"{standings.element(row, name).text} holds {place}{within}{more_of(wrong, 'row')}",
                               element.line, element.column,
                               expected=(str(first) if column == "Rank" else str(last)) if first == last or
                               column == "RankTie" else None)


def _in_place(values: list[float | None], row: int, descending: bool) -> bool:
    """Whether a row stands where its figure ranks it among the rows listed next to it (a row ranked ``-`` tied
    with the row above, as FFT writes it, holds its place)."""
    sign = -1 if descending else 1
    value = sign * (values[row] or 0)
    above = next((sign * v for v in reversed(values[:row]) if v is not None), None)
    below = next((sign * v for v in values[row + 1:] if v is not None), None)
    return (above is None or above <= value) and (below is None or value <= below)


def _agreed_top(rows: list[tuple[int, float, float, float]], centred: bool) -> float | None:
    """The top of a board that most rows' MP, percentage and boards agree on; None when no two rows agree."""
    tops = []
    for _, mp, p, n in rows:
        share = p / 100 - (0.5 if centred else 0)
        if abs(share) > 1e-9:
            top = mp / (n * share)
            if top > 0:
                tops.append(round(top, 1))
    if not tops:
        return None
    counts: dict[float, int] = {}
    for top in tops:
        counts[top] = counts.get(top, 0) + 1
    top, agreeing = max(counts.items(), key=lambda item: item[1])
    if agreeing < 2 or 2 * agreeing <= len(tops):
        return None
    top = round(top) if abs(top - round(top)) < 0.05 else top
    return top if top > 0 else None  # a top that rounds to 0: no board's top, nothing to divide by


def _misranked(members: list[int], values: list, descending: bool, ranks: list, ties: list | None
               ) -> list[tuple[int, int, int, str]]:
    """The rows of one ranked group whose Rank (or RankTie) is not where their value puts them, as (row, first
    rank, last rank, column).  A row ranked - (tied with the row above, or unranked) holds its place: 64, -, 66;
    a tie shares its first rank, or holds each of its ranks once."""
    ordered = sorted((-(values[row] or 0) if descending else values[row] or 0) for row in members)
    tied: dict[float, list[int]] = {}
    wrong = []
    for row in members:
        rank = ranks[row]
        if rank is None:
            continue
        value = -(values[row] or 0) if descending else values[row] or 0
        better, last = bisect_left(ordered, value), bisect_right(ordered, value)
        tied.setdefault(value, []).append(row)
        if not better + 1 <= rank <= last:
            wrong.append((row, better + 1, last, "Rank"))
        elif ties is not None and ties[row] is not None and ties[row] != last:
            wrong.append((row, better + 1, last, "RankTie"))
    for value, rows in tied.items():
        first, last = bisect_left(ordered, value) + 1, bisect_right(ordered, value)
        held = sorted(ranks[row] or 0 for row in rows)
        if len(rows) > 1 and set(held) != {first} and held != list(range(first, last + 1)):
            row = next(row for row in rows if ranks[row] != first)
            if all(row != w[0] for w in wrong):
                wrong.append((row, first, last, "Rank"))
    return wrong


def _totals_compared(ids: list[str | None], where: list[str | None] | None, pairs: dict, boards: list | None,
                     boards_name: str | None, mp_total: tuple | None, percent: tuple | None, mp_places: int | None
                     ) -> tuple[dict[str, list], list, set]:
    """Each ranked pair's boards and totals against its travellers: the wrong cells by column (``absent``: a pair
    no traveller lists), as (row, the value the travellers give); the boards counts that differ when boards sat
    out are not counted; and the pairs ranked."""
    wrong: dict[str, list] = {}
    sat_apart: list = []
    ranked = set()
    for row, pair_id in enumerate(ids):
        if pair_id is None:
            continue
        key = pair_key((where[row] or "") if where is not None else "", pair_id)
        ranked.add(key)
        pair = pairs.get(key)
        played = boards[row] if boards is not None else None
        if pair is None:
            if played is None or played > 0:
                wrong.setdefault("absent", []).append((row, None))
            continue
        if played is not None and played != pair.boards:
            wrong.setdefault(boards_name or "", []).append((row, pair.boards))
        if played is not None and played != pair.boards - pair.sat_out:
            sat_apart.append((row, pair.boards - pair.sat_out))
        for column, computed in _totals_off(pair, row, mp_total, percent, mp_places):
            wrong.setdefault(column, []).append((row, computed))
    return wrong, sat_apart, ranked


def _by_side(standings: Standings, ids: list[str | None]) -> list[str | None]:
    """A ranking's pair ids named with their Direction (``NS 1``, ``EW 1``), as travellers that number their pairs
    per direction are read; None where either is not known."""
    sides = [_SIDE_NAMES.get((text or "").upper().replace("-", "").replace("/", "").replace(" ", ""))
             for text in standings.texts("Direction")]
    return [f"{side} {pair}" if side and pair else None for side, pair in zip(sides, ids)]


def _totals_off(pair: Any, row: int, mp_total: tuple | None, percent: tuple | None, mp_places: int | None
                ) -> Iterator[tuple[str, float]]:
    """A ranked pair's MP total and percentage (None: not compared) where they are not what its boards give,
    beyond what rounding allows: (column, the value the boards give)."""
    if mp_total is not None and (value := mp_total[1][row]) is not None \
            and abs(value - pair.mp) > 0.5 * 10 ** -mp_total[2] + _summed(pair.boards, mp_places):
        yield mp_total[0], pair.mp
    if percent is not None and pair.top and (value := percent[1][row]) is not None:
        computed = 100 * pair.points / pair.top
        if abs(value - computed) > 0.5 * 10 ** -percent[2] + 100 * _summed(pair.boards, mp_places) / pair.top:
            yield percent[0], computed


def _total_said(column: str, text: str, computed: Any, pair: str, boards_name: str | None) -> tuple[str, str | None]:
    """R104's message on one ranked pair's wrong cell (``column``: ``absent`` for a pair no traveller lists), and
    the value the travellers give, as the column writes it."""
    if column == "absent":
        return f"TotalScoreTable ranks {pair}, who plays in no ScoreTable of the file", None
    written = 0 if column == boards_name else max(decimals(text), 2 if column in _PERCENTAGES else 0)
    expected = str(computed) if column == boards_name else shown(computed, written)
    given = (f"the ScoreTables list it on {computed} boards" if column == boards_name else
             f"its rows in the ScoreTables give {expected}")
    return f"TotalScoreTable {column} {text} for {pair}, but {given}", expected


def _ranking_key(standings: Standings) -> tuple[str, list[float | None], bool] | None:
    """The column the ranking is ordered by and whether best is highest."""
    for column in standings.table.columns:
        if column.order and column.name not in ("Rank", "RankTie"):
            found = standings.column(column.name)
            if found is not None and any(v is not None for v in found[0]):
                return column.name, found[0], column.order == "+"
    first = standings.first(_RANKED_BY)
    return (first[0], first[1], True) if first is not None else None


def _directions(standings: Standings, ranks: list[float | None]) -> list[str] | None:
    """Each row's ranking, in words, when the ranks restart at 1 for each direction: of a Direction column (``the
    N-S pairs``), or, without one, each run of rows from a restart (a Mitchell ranked North-South, then East-West:
    ``the pairs ranked from line 12``); else None."""
    position = standings.table.column_index("Direction")
    if position is None:
        return _restarts(standings, ranks)
    directions = [unquoted(standings.table.element_text(standings.table.row_starts[n] + position)).upper()
                  for n in standings.rows]
    if len(set(directions)) < 2:
        return None
    firsts = {direction for direction, rank in zip(directions, ranks) if rank == 1}
    return [f"the {direction} pairs" for direction in directions] if firsts == set(directions) else None


def _restarts(standings: Standings, ranks: list[float | None]) -> list[str] | None:
    """Each row's run of ranks, when the rows are listed in rank order, a Rank of 1 follows higher ranks (the ranking
    starts again) and the runs are alike, as the directions of a movement are (two rows or more each, none over
    twice another); else None."""
    label, found, highest = "", [], 0.0
    for row, rank in enumerate(ranks):
        if rank == 1 and highest > 1 or not label:
            label, highest = f"the pairs ranked from line {standings.element(row, 'Rank').line}", 0.0
        elif rank is not None and rank < highest:
            return None  # a ranking not listed in its order (by pair number, as USEBIO lists it): no runs to tell
        highest = max(highest, rank or 0)
        found.append(label)
    sizes = Counter(found).values()
    return found if len(sizes) > 1 and min(sizes) >= 2 and max(sizes) <= 2 * min(sizes) else None


class StandingsTotals(Rule):
    """TotalScoreTable totals differ from the ScoreTables.

    What it does: when a file holds a ScoreTable (traveller) for every one
    of its boards and a TotalScoreTable, adds up each pair's (or player's)
    rows over the boards it played and compares the ranking with them: its
    NrBoards; its MP total (TotalMP, TotalScoreMP: the MP_NS or MP_EW of its
    rows as written, centred ones included); its IMP total (TotalIMP,
    TotalScoreIMP: the sum, or the mean per board when the whole column reads
    so, as Ruter writes it; of a `Cross1` or `Cross2` table written as the
    sums, the sum over each board's comparisons, or its mean per board);
    its TotalPercentage (the sum of its MPs over the
    sum of the tops of its boards, the top two points or one a score beaten
    as the Scoring tag's MP1 or MP2 says). It also reports a ranked pair with
    boards played that is in no ScoreTable, and a pair of the travellers
    missing from the ranking, unless the ranking lists only the best (a
    comment such as "Only the best 10" over ranks 1...k in order, or every
    pair missing would rank below the last one listed).
    A sit-out row (`Bye`, `Sitout`: no result) counts in its pair's
    NrBoards or not, as the whole ranking reads, and a value written in its
    IMP or MP column is credited (Magic Contest). Unknown ids (`-`, `?`,
    `???`) are no pair. Of a ranking over several sessions (NrBoards above
    the file's boards), the columns of this session (`NrBoardsSession`,
    `SessionScoreMP`, `SessionPercentage`) are compared; the cumulative
    ones are not the file's to add up.
    Pairs are told apart by Section when both tables have one. The findings
    stand on the TotalScoreTable.
    Why it matters: the ranking is what masterpoints and qualification are
    awarded from, and it must be what the travellers add up to.
    Example:

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP"]
        1 1 1 1
        2 2 1 1

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]
        1 2 420 1 0
        3 4 400 0 1

    Use instead:

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [TotalScoreTable "Rank;PairId;NrBoards;TotalMP"]
        1 1 1 1
        1 4 1 1
        3 2 1 0
        3 3 1 0

        [Event "Pairs"]
        [Board "1"]
        [Scoring "MP;MP2"]
        [ScoreTable "PairId_NS;PairId_EW;Score_NS;MP_NS;MP_EW"]
        1 2 420 1 0
        3 4 400 0 1

    References: Law 79; PBN §5.9, §5.10.
    """

    code, name, severity, law = "R104", "standings-totals", "error", "PBN §5.10"
    formats = frozenset(("pbn",))

    @classmethod
    def compare(cls, standings: Standings, pairs: dict, places: list[int | None], sections: bool, tops: bool,
                by_side: bool, game: int | None = None, board: str | None = None) -> Iterator[Finding]:
        """The findings of one file: its ranking (``standings``) against ``pairs`` (by (section, id): boards,
        ``mp``, ``points`` and ``top``, ``imp``; ``places``: the most decimals the MPs and the IMPs were written
        with).  ``by_side``: the
        travellers number their pairs per direction (ids ``NS 1``, ``EW 1``): the ranking's Direction tells
        which is which, and without one it is not compared.  ``game`` and ``board``: of the record that holds the
        ranking, which the findings stand on."""
        table = standings.table
        id_name = next((name for name in ("PairId", "PlayerId") if table.column_index(name) is not None), None)
        if id_name is None:
            return
        ids = standings.texts(id_name)
        if by_side:
            if table.column_index("Direction") is None:
                return
            ids = _by_side(standings, ids)
        where = standings.texts("Section") if sections and table.column_index("Section") is not None else None
        boards_name, totals = _this_session(standings)
        boards = standings.column(boards_name)
        mp_total, imp_total, percent = (standings.first(names) for names in totals)
        if boards is not None and boards_name == "NrBoards" and _cumulative(boards[0], ids, where, pairs):
            boards = mp_total = imp_total = percent = None  # the totals of sessions the file does not hold
        wrong, sat_apart, ranked = _totals_compared(ids, where, pairs, boards[0] if boards is not None else None,
                                                    boards_name, mp_total, percent if tops else None, places[0])
        if len(sat_apart) < len(wrong.get(boards_name, ())):  # the whole ranking leaves sit-outs out of NrBoards
            wrong[boards_name] = sat_apart
        wrong = {column: rows for column, rows in wrong.items() if rows}
        if imp_total is not None:
            wrong.update(cls._imps(imp_total, ids, where, pairs, places[1]))
        for column, rows in wrong.items():
            row, computed = rows[0]
            element = standings.element(row, id_name if column == "absent" else column)
            message, expected = _total_said(column, element.text, computed, f"{id_name} {ids[row]}", boards_name)
            yield cls.finding(message + more_of(rows, "row"), element.line, element.column, expected=expected, game=game,
                              board=board)
        missing = [key for key in pairs if key not in ranked]
        if missing and not _only_the_best(standings, missing, pairs, percent, mp_total, tops):
            yield cls._unranked(table, id_name, [pairs[key] for key in missing], game, board)

    @classmethod
    def _unranked(cls, table: Table, id_name: str, missing: list, game: int | None, board: str | None) -> Finding:
        """The finding on the pairs the travellers list and the ranking does not, at the ranking's tag."""
        more = f"; {len(missing) - 1} more missing" if len(missing) > 1 else ""
        return cls.finding(f"TotalScoreTable does not rank {id_name} {missing[0].name}, who plays "
                           f"{missing[0].boards} boards in the ScoreTables{more}", table.tag.line, table.tag.column,
                           game=game, board=board)

    @staticmethod
    def _imps(total: tuple[str, list[float | None], int], ids: list[str | None], where: list[str | None] | None,
              pairs: dict, imp_places: int | None) -> dict[str, list]:
        """The rows whose IMP total is neither the sum of their IMPs nor, when the whole column reads so, the mean
        per board."""
        name, values, places = total
        readings: list[list] = [[], [], [], []]  # summed, the mean a board; and so of the IMPs over comparisons
        for row, pair_id in enumerate(ids):
            pair = pairs.get(pair_key((where[row] or "") if where is not None else "", pair_id)) if pair_id else None
            value = values[row]
            if pair is None or value is None or not pair.boards:
                continue
            divided = pair.divided if pair.divided is not None else pair.imp  # no Cross table: nothing divided
            computed = [pair.imp, pair.imp / pair.boards, divided, divided / pair.boards]
            for at, (reading, figure) in enumerate(zip(readings, computed)):
                slack = 0.5 * 10 ** -places + _summed(pair.boards, imp_places) / (pair.boards if at % 2 else 1)
                if abs(value - figure) > slack:
                    reading.append((row, figure))
        if not any(pair.divided is not None for pair in pairs.values()):
            del readings[2:]
        best = min(readings, key=len)
        return {name: best} if best else {}


# A ranking over several sessions (Ruter: NrBoards of every session, with the session's own columns beside)
_SESSION_TOTALS = (("SessionScoreMP", "SessionMP", "SessionTotalMP"), ("SessionScoreIMP", "SessionIMP",
                                                                       "SessionTotalIMP"), ("SessionPercentage",))


def _this_session(standings: Standings) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """The columns of a ranking that the file's travellers give: its NrBoards and totals, or, in a ranking over
    several sessions, the columns of this session (``NrBoardsSession``, ``SessionScoreMP``...)."""
    if standings.column("NrBoardsSession") is not None or any(standings.first(names) for names in _SESSION_TOTALS):
        return "NrBoardsSession", _SESSION_TOTALS
    return "NrBoards", (_MP_TOTALS, IMP_TOTALS, _PERCENTAGES)


def _cumulative(boards: list[float | None], ids: list[str | None], where: list[str | None] | None,
                pairs: dict) -> bool:
    """Whether a ranking's every pair has played more boards than the file's travellers give it: the ranking of
    several sessions, of which the file holds one (its totals are not the file's)."""
    counted = [(played, pair.boards) for row, (played, pair_id) in enumerate(zip(boards, ids))
               if played is not None and pair_id is not None
               and (pair := pairs.get(pair_key((where[row] or "") if where is not None else "", pair_id)))]
    return bool(counted) and all(played > given for played, given in counted)


StandingsContradiction.follows = ((StandingsTotals.code, "line"),)  # a row's total not the travellers': its rank
# and percentage follow it


_SIDE_NAMES = {"NS": "NS", "NORTHSOUTH": "NS", "EW": "EW", "EASTWEST": "EW"}  # a Direction, as programs write it


def _summed(count: int, places: int | None) -> float:
    """How far a sum of ``count`` values written with ``places`` decimals may be from the sum of the values
    unrounded: nothing for values that are exact (``places`` None: whole or half matchpoints and IMPs), up to half
    a unit of the last place each for values that are themselves rounded (Neuberg-factored MPs, averages)."""
    return (0.5 * 10 ** -places * count if places is not None else 0.0) + 1e-6


_TOP_K = re.compile(r"\{[^}]*\b(?:best|top)\s+[0-9]+", re.IGNORECASE)  # "{ Only the best 10 }"


def _only_the_best(standings: Standings, missing: list, pairs: dict, percent: tuple | None, mp_total: tuple | None,
                   tops: bool) -> bool:
    """Whether the pairs missing from a ranking all rank below its last row: a list of only the best, as a comment
    says ("Only the best 10") over ranks 1...k in order, or as the missing pairs' figures show."""
    ranks = [rank for rank in (standings.column("Rank") or ([], 0))[0] if rank is not None]
    if ranks and ranks[0] == 1 and ranks == sorted(ranks) and _TOP_K.search(standings.table.text):
        return True
    if percent is not None and tops:
        listed = [v for v in percent[1] if v is not None]
        return bool(listed) and all(pairs[key].top and 100 * pairs[key].points / pairs[key].top <= min(listed) + 0.01
                                    for key in missing)
    if mp_total is not None:
        listed = [v for v in mp_total[1] if v is not None]
        return bool(listed) and all(pairs[key].mp <= min(listed) for key in missing)
    return False
