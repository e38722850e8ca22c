"""R104 as a record hook: a file's TotalScoreTable against what its ScoreTables give each pair.

Each record's ScoreTable (a board's traveller) adds to the pairs (or players) it lists: the board, the MPs
and IMPs written for them, the board's top; the first TotalScoreTable of the file is kept.  At the end of the
file (``end_file``) every ranked pair's totals, NrBoards and percentage are compared with what its rows give,
when the file holds a ScoreTable for every board.  About 100 bytes a pair and one integer a board are kept,
never a record.
"""

from __future__ import annotations

from ..model import Finding, Table
from ..replay.context import Context
from ..rules.method import method_of
from ..rules.results import Standings, StandingsTotals, standings_table
from ..tables import decimals, number, unquoted

_SIDES = {"PairId_NS": ("NS", ("MP_NS",), ("IMP_NS",)), "PairId_EW": ("EW", ("MP_EW",), ("IMP_EW",)),
          "PlayerId_North": ("NS", ("MP_North",), ()), "PlayerId_South": ("NS", ("MP_South",), ()),
          "PlayerId_East": ("EW", ("MP_East",), ()), "PlayerId_West": ("EW", ("MP_West",), ())}


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
        seats = [(table.column_index(name), side, [table.column_index(n) for n in mps],
                  [table.column_index(n) for n in imps]) for name, (side, mps, imps) in _SIDES.items()
                 if table.column_index(name) is not None]
        if not seats:
            return
        self.traveled.add(board)
        section = table.column_index("Section")
        self.sections = self.sections or section is not None
        multiplicity = table.column_index("Multiplicity")
        rows = [n for n in range(len(table)) if table.whole(n)]
        entries = sum(_count(table, n, multiplicity) for n in rows)
        step = method_of(ctx).mp_step
        top = step * (entries - 1) if step else None
        self.tops = self.tops and top is not None
        mp_columns = {p for _, _, mps, _ in seats for p in mps if p is not None}
        centred = top is not None and _centred(table, rows, mp_columns, top)
        for n in rows:
            where = _text(table, n, section) or ""
            for position, _side, mps, imps in seats:
                pair_id = _text(table, n, position)
                if pair_id is None:
                    continue
                pair = self.pairs.get((where, pair_id))
                if pair is None:
                    pair = self.pairs[where, pair_id] = _Pair()
                if pair.last == board:
                    continue
                pair.last = board
                pair.boards += 1
                for column in mps:
                    value = _value(table, n, column)
                    if value is not None:
                        pair.mp += value[0]
                        pair.mp_places = max(pair.mp_places, value[1])
                        if top is not None:
                            pair.points += value[0] + (top / 2 if centred else 0)
                            pair.top += top
                for column in imps:
                    value = _value(table, n, column)
                    if value is not None:
                        pair.imp += value[0]
                        pair.imp_places = max(pair.imp_places, value[1])

    def end_file(self, report: object) -> list[Finding]:
        totals = self.totals
        if totals is None or not self.traveled or self.boards - self.traveled:
            return []  # only a file that holds every board's traveller
        return list(StandingsTotals.compare(Standings(totals), self.pairs, self.sections, self.tops))


def _count(table: Table, number_: int, multiplicity: int | None) -> int:
    count = table.value(number_, multiplicity) if multiplicity is not None else 1
    return count if isinstance(count, int) and count > 0 else 1


def _text(table: Table, row: int, position: int | None) -> str | None:
    if position is None:
        return None
    value = table.value(row, position)
    return str(value) if value not in (None, "") else None


def _value(table: Table, row: int, position: int | None) -> tuple[float, int] | None:
    if position is None:
        return None
    text = unquoted(table.element_text(table.row_starts[row] + position)).lstrip("^")
    value = number(text)
    return (float(value), decimals(text)) if value is not None else None


def _centred(table: Table, rows: list[int], columns: set[int], top: float) -> bool:
    """Whether a board's MP columns are centred on 0 (their average 0, not half the top)."""
    values = [v[0] for n in rows for c in columns if (v := _value(table, n, c)) is not None]
    return bool(values) and abs(sum(values) / len(values)) < abs(sum(values) / len(values) - top / 2)
