"""R104 as a record hook: a file's TotalScoreTable against what its ScoreTables give each pair; R106 across boards.

Each record's ScoreTable (a board's traveller) adds to the pairs (or players) it lists: the board, the MPs
and IMPs written for them, the board's top; the first TotalScoreTable of the file is kept.  At the end of the
file (``end_file``) every ranked pair's totals, NrBoards and percentage are compared with what its rows give,
when the file holds a ScoreTable for every board.  Per pair its totals and, per board it played, the line
of its row (for R106, the round's table too) are kept, never a record.
"""

from __future__ import annotations

from itertools import chain
from operator import itemgetter

from ...core.digits import is_digits, whole
from ...core.findings import Finding
from ...core.tables import Table
from ...replay.context import Context
from ...rules.method import method_of
from ...rules.results import ImpossibleTraveller, Standings, StandingsTotals, per_direction, standings_table
from ...rules.tables import Traveller, traveller

_SIDES = {"PairId_NS": ("MP_NS", "IMP_NS", "NS"), "PairId_EW": ("MP_EW", "IMP_EW", "EW"),
          "PlayerId_North": ("MP_North", "", ""), "PlayerId_South": ("MP_South", "", ""),
          "PlayerId_East": ("MP_East", "", ""), "PlayerId_West": ("MP_West", "", "")}
# each seat's column of ids, the columns of its MPs and IMPs, and the side a pair number counts on per direction


class _Pair:
    """What the travellers give one pair: boards played, MPs (as a share of the tops) and IMPs."""

    __slots__ = ("boards", "mp", "points", "top", "imp", "mp_places", "imp_places", "played", "rounds")

    def __init__(self) -> None:
        self.boards = 0
        self.mp = self.points = self.top = self.imp = 0.0
        self.mp_places = self.imp_places = 0
        self.played: dict[str, int] = {}  # board -> the line where the pair played it
        self.rounds: dict[str, tuple[str, str, int]] = {}  # round -> (table, board, line) where the pair sat


def standings_hooks(codes: frozenset[str]) -> list[StandingsHook]:
    """The standings hook of a file's run, when R104 or R106 is selected."""
    return [StandingsHook()] if {StandingsTotals.code, ImpossibleTraveller.code} & codes else []


class StandingsHook:
    """R104 over one file's records, and R106 where a pair's boards or tables do not fit across them."""

    def __init__(self) -> None:
        self.start_file("", None)

    def start_file(self, path: str, suppressions: object) -> None:
        self.pairs: dict[tuple[str, str], _Pair] = {}
        self.boards: set[str] = set()
        self.traveled: set[str] = set()
        self.sections = False
        self.totals: Table | None = None
        self.tops = True  # every board's top is known
        self.by_side = False  # a traveller numbers its pairs per direction (a Mitchell)

    def __call__(self, ctx: Context) -> list[Finding]:
        record = ctx.record
        board = record.board_number
        if board is not None:
            self.boards.add(board)
        if self.totals is None:
            self.totals = standings_table(record)
        view = traveller(ctx)
        if view is not None and board is not None:
            return self._traveller(ctx, view, board)
        return []

    def _traveller(self, ctx: Context, view: Traveller, board: str) -> list[Finding]:
        """Add a board's traveller to its pairs; R106 where a pair plays the board again or sits at two tables
        in one round."""
        position = view.position
        seats = [(at, position(mp), position(imp), side) for name, (mp, imp, side) in _SIDES.items()
                 if (at := position(name)) is not None]
        if not seats:
            return []
        again = board in self.traveled  # an earlier traveller gives the board
        self.traveled.add(board)
        section, multiplicity = position("Section"), position("Multiplicity")
        self.sections = self.sections or section is not None
        absent: list = [None] * len(view.starts)
        wheres, tables, rounds = (view.ids(at) if at is not None else absent
                                  for at in (section, position("Table"), position("Round")))
        rows = list(zip(view.starts, wheres, tables, rounds, *(view.ids(seat[0]) for seat in seats)))
        by_side = len(seats) == 2 and per_direction(view, (position("Names_NS"), position("Names_EW")),
                                                    (seats[0][0], seats[1][0]))
        self.by_side = self.by_side or by_side
        entries = len(rows) if multiplicity is None else sum(map(_count, view.ids(multiplicity)))
        step = method_of(ctx).mp_step
        top = step * (entries - 1) if step else None
        self.tops = self.tops and top is not None
        columns = [(view.measures(mp) if mp is not None else absent, view.measures(imp) if imp is not None else absent)
                   for _, mp, imp, _ in seats]
        half = 0.0
        if top is not None:
            written = list(chain.from_iterable(map(itemgetter(0), filter(None, mps)) for mps, _ in columns))
            mean = sum(written) / len(written) if written else 0.0
            half = top / 2 if abs(mean) < abs(mean - top / 2) else 0.0  # centred on 0: a share is MP + top/2
        cells, pairs = view.table.cells, self.pairs
        listed: set[tuple[str, str]] = set()  # this traveller's pairs, when an earlier one gives the board
        found: list[Finding] = []
        sides = [(at, side, mps, imps) for (at, _, _, side), (mps, imps) in zip(seats, columns)]
        for row, (start, where, sat, played_in, *ids) in enumerate(rows):
            where = where or ""
            for (at, side, mps, imps), pair_id in zip(sides, ids):
                if pair_id is None:
                    continue
                if by_side:
                    pair_id = f"{side} {pair_id}"
                pair = pairs.get((where, pair_id))
                if pair is None:
                    pair = pairs[where, pair_id] = _Pair()
                line = cells[4 * (start + at) + 2]  # the element's place (Table.element_place)
                played = pair.played
                if board in played:
                    if again and (where, pair_id) not in listed:  # twice in one traveller is the rule's own finding
                        found.append(ImpossibleTraveller.finding(
                            f"ScoreTable lists pair {pair_id} on board {board}, which it already played (line "
                            f"{played[board]})", line, cells[4 * (start + at) + 3]))
                    continue
                played[board] = line
                if again:
                    listed.add((where, pair_id))
                if sat is not None and played_in is not None:
                    seen = pair.rounds.get(played_in)
                    if seen is None:
                        pair.rounds[played_in] = (sat, board, line)
                    elif seen[0] != sat:
                        found.append(ImpossibleTraveller.finding(
                            f"ScoreTable has pair {pair_id} at table {sat} in round {played_in}, but at table "
                            f"{seen[0]} in that round on board {seen[1]} (line {seen[2]})",
                            line, cells[4 * (start + at) + 3]))
                pair.boards += 1
                mp = mps[row]
                if mp is not None:
                    value, places = mp
                    pair.mp += value
                    if places > pair.mp_places:
                        pair.mp_places = places
                    if top is not None:
                        pair.points += value + half
                        pair.top += top
                imp = imps[row]
                if imp is not None:
                    value, places = imp
                    pair.imp += value
                    if places > pair.imp_places:
                        pair.imp_places = places
        return found

    def end_file(self, report: object) -> list[Finding]:
        totals = self.totals
        if totals is None or not self.traveled or self.boards - self.traveled:
            return []  # only a file that holds every board's traveller
        return list(StandingsTotals.compare(Standings(totals), self.pairs, self.sections, self.tops, self.by_side))


def _count(text: str | None) -> int:
    """A Multiplicity (1 when not given or not a count)."""
    count = whole(text) if text is not None and is_digits(text) else None
    return count if count else 1
