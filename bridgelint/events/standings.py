"""R104 as a record hook: a file's TotalScoreTable against what its ScoreTables give each pair; R106 across boards.

Each record's ScoreTable (a board's traveller) adds to the pairs (or players) it lists: the board, the MPs
and IMPs written for them, the board's top; the first TotalScoreTable of the file is kept.  At the end of the
file (``end_file``) every ranked pair's totals, NrBoards and percentage are compared with what its rows give,
when the file holds a ScoreTable for every board.  About 100 bytes a pair and one integer a board are kept,
never a record.
"""

from __future__ import annotations

from array import array

from ..digits import is_digits, whole
from ..model import Finding, Table
from ..replay.context import Context
from ..rules.method import method_of
from ..rules.results import ImpossibleTraveller, Standings, StandingsTotals, id_rows, per_direction, standings_table
from ..tables import number, unquoted

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
        self.played: dict[str, tuple[int, int]] = {}  # board -> (game, line) where the pair played it
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
        table = record.tables.get("ScoreTable")
        if table is not None and board is not None and table.columns and len(table):
            return self._traveller(ctx, table, board)
        return []

    def _traveller(self, ctx: Context, table: Table, board: str) -> list[Finding]:
        """Add a board's traveller to its pairs; R106 where a pair plays the board again or sits at two tables
        in one round."""
        index = {column.name: i for i, column in enumerate(table.columns)}
        seats = [(position, index.get(mp), index.get(imp), side) for name, (mp, imp, side) in _SIDES.items()
                 if (position := index.get(name)) is not None]
        if not seats:
            return []
        self.traveled.add(board)
        section, multiplicity = index.get("Section"), index.get("Multiplicity")
        at_table, at_round = index.get("Table"), index.get("Round")
        self.sections = self.sections or section is not None
        rows = id_rows(table, (section, multiplicity, at_table, at_round, index.get("Names_NS"),
                               index.get("Names_EW"), *(seat[0] for seat in seats)))
        by_side = len(seats) == 2 and per_direction(rows, 4)
        self.by_side = self.by_side or by_side
        entries = sum(_count(ids[1]) for _, _, ids in rows) if multiplicity is not None else len(rows)
        step = method_of(ctx).mp_step
        top = step * (entries - 1) if step else None
        self.tops = self.tops and top is not None
        text, cells = table.text, table.cells
        columns = [(mp, imp) for _, mp, imp, _ in seats]
        read = [(ids, [(_number(text, cells, start, mp), _number(text, cells, start, imp)) for mp, imp in columns])
                for _, start, ids in rows]
        half = 0.0
        if top is not None:
            mps = [mp[0] for _, values in read for mp, _ in values if mp is not None]
            mean = sum(mps) / len(mps) if mps else 0.0
            half = top / 2 if abs(mean) < abs(mean - top / 2) else 0.0  # centred on 0: a share is MP + top/2
        sides = [seat[3] for seat in seats]
        game = ctx.record.game
        found: list[Finding] = []
        for (_, start, ids), (_, values) in zip(rows, read):
            where, sat, played_in = ids[0] or "", ids[2], ids[3]
            for position, pair_id, side, (mp, imp) in zip((seat[0] for seat in seats), ids[6:], sides, values):
                if pair_id is None:
                    continue
                if by_side:
                    pair_id = f"{side} {pair_id}"
                pair = self.pairs.get((where, pair_id))
                if pair is None:
                    pair = self.pairs[where, pair_id] = _Pair()
                at = 4 * (start + position)
                line, column = cells[at + 2], cells[at + 3]  # the element's place (Table.element_place)
                earlier = pair.played.get(board)
                if earlier is not None:
                    if earlier[0] != game:  # twice in one traveller is the rule's own finding
                        found.append(ImpossibleTraveller.finding(
                            f"ScoreTable lists pair {pair_id} on board {board}, which it already played (line "
                            f"{earlier[1]})", line, column))
                    continue
                pair.played[board] = (game, line)
                if sat is not None and played_in is not None:
                    seen = pair.rounds.get(played_in)
                    if seen is None:
                        pair.rounds[played_in] = (sat, board, line)
                    elif seen[0] != sat:
                        found.append(ImpossibleTraveller.finding(
                            f"ScoreTable has pair {pair_id} at table {sat} in round {played_in}, but at table "
                            f"{seen[0]} in that round on board {seen[1]} (line {seen[2]})", line, column))
                pair.boards += 1
                if mp is not None:
                    pair.mp += mp[0]
                    pair.mp_places = max(pair.mp_places, mp[1])
                    if top is not None:
                        pair.points += mp[0] + half
                        pair.top += top
                if imp is not None:
                    pair.imp += imp[0]
                    pair.imp_places = max(pair.imp_places, imp[1])
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


def _number(text: str, cells: array, start: int, position: int | None) -> tuple[float, int] | None:
    """The number in a row's column (the row's first element at ``start``) and its decimals; None when it is
    none, or there is no such column."""
    if position is None:
        return None
    at = 4 * (start + position)
    written = text[cells[at]:cells[at + 1]]
    if written[:1] in ('"', "^"):
        written = unquoted(written.lstrip("^"))
    value = number(written)
    if value is None:
        return None
    point = written.find(".")
    return float(value), 0 if point < 0 else len(written) - point - 1
