"""R104 as a record hook: a file's TotalScoreTable against what its ScoreTables give each pair.

Each record's ScoreTable (a board's traveller) adds to the pairs (or players) it lists: the board, the MPs
and IMPs written for them, the board's top; the first TotalScoreTable of the file is kept.  At the end of the
file (``end_file``) every ranked pair's totals, NrBoards and percentage are compared with what its rows give,
when the file holds a ScoreTable for every board.  About 100 bytes a pair and one integer a board are kept,
never a record.
"""

from __future__ import annotations

from array import array

from ..model import Finding, Table
from ..replay.context import Context
from ..rules.method import method_of
from ..rules.results import Standings, StandingsTotals, id_rows, standings_table
from ..tables import decimals, number, unquoted

_SIDES = {"PairId_NS": ("MP_NS", "IMP_NS"), "PairId_EW": ("MP_EW", "IMP_EW"), "PlayerId_North": ("MP_North", ""),
          "PlayerId_South": ("MP_South", ""), "PlayerId_East": ("MP_East", ""), "PlayerId_West": ("MP_West", "")}
# each seat's column of ids, and the columns of its MPs and IMPs


class _Pair:
    """What the travellers give one pair: boards played, MPs (as a share of the tops) and IMPs."""

    __slots__ = ("boards", "mp", "points", "top", "imp", "mp_places", "imp_places", "last")

    def __init__(self) -> None:
        self.boards = 0
        self.mp = self.points = self.top = self.imp = 0.0
        self.mp_places = self.imp_places = 0
        self.last: str | None = None  # the board last counted (a pair twice on a board is R106's)


def standings_hooks(codes: frozenset[str]) -> list[StandingsHook]:
    """The standings hook of a file's run, when R104 is selected."""
    return [StandingsHook()] if StandingsTotals.code in codes else []


class StandingsHook:
    """R104 over one file's records."""

    def __init__(self) -> None:
        self.start_file("", None)

    def start_file(self, path: str, suppressions: object) -> None:
        self.pairs: dict[tuple[str, str], _Pair] = {}
        self.boards: set[str] = set()
        self.traveled: set[str] = set()
        self.sections = False
        self.totals: Table | None = None
        self.tops = True  # every board's top is known

    def __call__(self, ctx: Context) -> list[Finding]:
        record = ctx.record
        board = record.board_number
        if board is not None:
            self.boards.add(board)
        if self.totals is None:
            self.totals = standings_table(record)
        table = record.tables.get("ScoreTable")
        if table is not None and board is not None and table.columns and len(table):
            self._traveller(ctx, table, board)
        return []

    def _traveller(self, ctx: Context, table: Table, board: str) -> None:
        seats = [(position, table.column_index(mp), table.column_index(imp)) for name, (mp, imp) in _SIDES.items()
                 if (position := table.column_index(name)) is not None]
        if not seats:
            return
        self.traveled.add(board)
        section = table.column_index("Section")
        self.sections = self.sections or section is not None
        rows = id_rows(table, (section, table.column_index("Multiplicity"), *(seat[0] for seat in seats)))
        entries = sum(_count(ids[1]) for _, _, ids in rows)
        step = method_of(ctx).mp_step
        top = step * (entries - 1) if step else None
        self.tops = self.tops and top is not None
        text, cells = table.text, table.cells
        columns = [(mp, imp) for _, mp, imp in seats]
        read = [(ids, [(_number(text, cells, start, mp), _number(text, cells, start, imp)) for mp, imp in columns])
                for _, start, ids in rows]
        half = 0.0
        if top is not None:
            mps = [mp[0] for _, values in read for mp, _ in values if mp is not None]
            mean = sum(mps) / len(mps) if mps else 0.0
            half = top / 2 if abs(mean) < abs(mean - top / 2) else 0.0  # centred on 0: a share is MP + top/2
        for ids, values in read:
            where = ids[0] or ""
            for pair_id, (mp, imp) in zip(ids[2:], values):
                if pair_id is None:
                    continue
                pair = self.pairs.get((where, pair_id))
                if pair is None:
                    pair = self.pairs[where, pair_id] = _Pair()
                if pair.last == board:
                    continue
                pair.last = board
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

    def end_file(self, report: object) -> list[Finding]:
        totals = self.totals
        if totals is None or not self.traveled or self.boards - self.traveled:
            return []  # only a file that holds every board's traveller
        return list(StandingsTotals.compare(Standings(totals), self.pairs, self.sections, self.tops))


def _count(text: str | None) -> int:
    """A Multiplicity (1 when not given or not a count)."""
    return int(text) if text is not None and text.isdigit() and int(text) > 0 else 1


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
    return (float(value), decimals(written)) if value is not None else None
