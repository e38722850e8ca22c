"""R104, R105 and R106 as a check across records: a file's TotalScoreTable against what its ScoreTables give
each pair (R104), its teams matches (R105), a pair's boards and tables across them (R106).

Each record's ScoreTable (a board's traveller) adds to the pairs (or players) it lists: the board, the MPs
and IMPs written for them, the board's top; the first TotalScoreTable of the file is kept.  At the end of the
file (``end_file``) every ranked pair's totals, NrBoards and percentage are compared with what its rows give,
when the file holds a ScoreTable for every board.  Per pair its totals are kept, per board its pairs and the
lines of their rows, per pair and round its table, and every seating (pair, round, table) seen: never a record.

A traveller is taken a column at a time: the pairs of one seat column, their MPs, IMPs and lines, in passes that
run mostly in C (a traveller of 15 tables is 30 entries on every board of a results file).  Only a board given
again by an earlier traveller, or a pair listed twice in one, is gone through row by row (R106 says which
entry counts), and only the seatings not seen on an earlier board.
"""

from __future__ import annotations

from collections import Counter, deque
from itertools import chain
from typing import Sequence

from ..core.digits import is_digits, whole
from ..core.findings import Finding
from ..core.report import FileReport
from ..core.standings import Standings
from ..core.traveller import Traveller, pair_key, per_direction
from ..replay.context import Context
from ..rules.method import method_of
from ..rules.record_tables import ids_apart, standings, traveller
from ..rules.results import ImpossibleTraveller
from ..rules.standings import StandingsTotals
from ..rules.teams import TeamsResult
from .base import Across
from .matches import Matches

_SIDES = {"PairId_NS": ("MP_NS", "IMP_NS", "NS"), "PairId_EW": ("MP_EW", "IMP_EW", "EW"),
          "PlayerId_North": ("MP_North", "", ""), "PlayerId_South": ("MP_South", "", ""),
          "PlayerId_East": ("MP_East", "", ""), "PlayerId_West": ("MP_West", "", "")}
# each seat's column of ids, the columns of its MPs and IMPs, and the side a pair number counts on per direction

class _Pair:
    """What the travellers give one pair: its id (as the ranking names it), boards listed and sat out, MPs (as a share of the
    tops) and IMPs (also divided by each board's comparisons, for a Cross1 or Cross2 table of sums)."""

    __slots__ = ("name", "boards", "sat_out", "mp", "points", "top", "imp", "divided")

    def __init__(self, name: str) -> None:
        self.name = name
        self.boards = self.sat_out = 0  # the boards it is listed on; of them, those it sat out
        self.mp = self.points = self.top = self.imp = 0.0
        self.divided: float | None = None  # the IMPs over each board's comparisons, summed (Cross1, Cross2)


class _Seat:
    """The entries of one seat column of a traveller that count: their rows, pair ids and keys (:func:`pair_key`;
    None: no id), the lines of their ids, their MPs and IMPs (None: no number; the list None: no such column),
    and their rows' tables and rounds."""

    __slots__ = ("at", "rows", "ids", "keys", "lines", "mps", "imps", "tables", "rounds")

    def __init__(self, at: int, rows: Sequence[int], ids: list, keys: list, lines: Sequence[int], mps: list | None,
                 imps: list | None, tables: list, rounds: list):
        self.at, self.rows, self.ids, self.keys, self.lines = at, rows, ids, keys, lines
        self.mps, self.imps, self.tables, self.rounds = mps, imps, tables, rounds

    def kept(self, rows: list[int]) -> _Seat:
        """The entries of ``rows`` (indexes into this seat's entries) only."""
        def only(column: Sequence | None) -> list | None:
            return [column[row] for row in rows] if column is not None else None

        return _Seat(self.at, only(self.rows) or [], only(self.ids) or [], only(self.keys) or [],
                     only(self.lines) or [], only(self.mps), only(self.imps), only(self.tables) or [],
                     only(self.rounds) or [])


class _Plan:
    """Where a traveller's header puts what the hook reads: each seat's column of ids with its MP and IMP columns
    and side (``seats``), the Section and Multiplicity, Names_NS and Names_EW, Table and Round (None: absent)."""

    __slots__ = ("seats", "section", "multiplicity", "names", "places")

    def __init__(self, view: Traveller):
        position = view.position
        self.seats = [(at, position(mp), position(imp), side) for name, (mp, imp, side) in _SIDES.items()
                      if (at := position(name)) is not None]
        self.section, self.multiplicity = position("Section"), position("Multiplicity")
        self.names = position("Names_NS"), position("Names_EW")
        self.places = position("Table"), position("Round")


class StandingsHook(Across):
    """R104 over one file's records, R105 on its teams matches (:class:`.matches.Matches`), and R106 where a pair's
    boards or tables do not fit across them."""

    codes = frozenset((StandingsTotals.code, TeamsResult.code, ImpossibleTraveller.code))

    def __init__(self) -> None:
        self.start_file("", self.codes)

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        self.pairs: dict[str, _Pair] = {}  # by pair_key
        self.boards: set[str] = set()
        self.played: dict[str, list[tuple[Sequence[str], Sequence[int]]]] = {}  # board -> its counted entries'
        # pairs and lines, a seat column at a time
        self.spots: set[tuple[str, str | None, str | None]] = set()  # every (pair, round, table) seen, but a clash
        self.seated: dict[tuple[str, str], tuple[str, str, int]] = {}  # (pair, round) -> its table, board and line,
        # first seen
        self.sections = False
        self.totals: Standings | None = None  # the file's first TotalScoreTable
        self.totals_at: tuple[int | None, str | None] = (None, None)  # the game and board of the record holding it
        self.tops = True  # every board's top is known
        self.by_side = False  # a traveller numbers its pairs per direction (a Mitchell)
        self.places: list[int | None] = [None, None]  # the most decimals the MPs and the IMPs are written with
        # where one is itself rounded (not whole or half: Neuberg-factored, averaged); None: every one exact
        self.plans: dict[str, _Plan] = {}  # by the header of a ScoreTable (not one carried by #)
        self.matches = Matches()
        self.imps: dict[str, list] = {}  # by pair_key: the IMPs of its counted entries, summed at the end
        self.sat_out: Counter[str] = Counter()  # by pair_key: the boards it sat out (a Bye row)
        self.divided: dict[str, list] = {}  # by pair_key: those IMPs over their board's comparisons (a Cross1 or
        # Cross2 table written as sums, divided only in the totals)

    def see(self, ctx: Context) -> list[Finding]:
        record = ctx.record
        board = record.board_number
        if board is not None:
            self.boards.add(board)
        if self.totals is None:
            self.totals = standings(ctx)
            self.totals_at = (record.game, board)
        if record.model == "pbn" and "HomeTeam" in record.first_tags():  # a LIN record's tags are made on asking
            self.matches.add(record, board)
        view = traveller(ctx)
        if view is not None and view.position("IMP_Home") is not None:
            self.matches.add_table(record, view)
        if view is not None and board is not None:
            return self._traveller(ctx, view, board)
        return []

    def _seat(self, view: Traveller, at: int, mp: int | None, imp: int | None, side: str | None,
              wheres: Sequence[str | None] | None, tables: list, rounds: list) -> _Seat:
        """One seat column of a traveller: its pairs (named with ``side`` when pairs are numbered per
        direction), their keys (by section, ``wheres``), and their MPs and IMPs, whose decimals are noted."""
        ids = view.ids(at)
        if side is not None:
            ids = [f"{side} {pair}" if pair is not None else None for pair in ids]
        keys = ids if wheres is None else [pair_key(where or "", pair) if pair is not None else None
                                           for where, pair in zip(wheres, ids)]
        mps, imps = self._figures(view, mp, 0), self._figures(view, imp, 1)
        return _Seat(at, range(len(view.starts)), ids, keys, view.lines(at), mps, imps, tables, rounds)

    def _figures(self, view: Traveller, column: int | None, kind: int) -> list[int | float | None] | None:
        """A column's numbers (None: no such column); the decimals they are written with noted (``kind``: 0 MPs,
        1 IMPs)."""
        if column is None:
            return None
        values, decimals = view.figures(column)
        if decimals:
            self._precision(kind, values, decimals)
        return values

    def _traveller(self, ctx: Context, view: Traveller, board: str) -> list[Finding]:
        """Add a board's traveller to its pairs; R106 where a pair plays the board again or sits at two tables
        in one round."""
        table = view.table
        plan = self.plans.get(table.tag.value) if not table.inherited else None
        if plan is None:
            plan = _Plan(view)
            if not table.inherited:
                self.plans[table.tag.value] = plan
        if not plan.seats:
            return []
        again = board in self.played  # an earlier traveller gives the board
        self.sections = self.sections or plan.section is not None
        rows = len(view.starts)
        wheres = view.ids(plan.section) if plan.section is not None else None
        apart = ids_apart(ctx)  # every pair once with an id, none on both sides: no Mitchell numbering either
        by_side = not apart and len(plan.seats) == 2 and per_direction(view, plan.names,
                                                                       (plan.seats[0][0], plan.seats[1][0]))
        self.by_side = self.by_side or by_side
        entries = rows if plan.multiplicity is None else sum(map(_count, view.ids(plan.multiplicity)))
        sat = table.sit_out_rows()  # a pair's sit-out: no result of the field
        entries -= len(sat)
        step = method_of(ctx).mp_step
        top = step * (entries - 1) if step else None
        self.tops = self.tops and top is not None
        at_table, at_round = plan.places
        absent: list = [None] * rows
        tables = view.ids(at_table) if at_table is not None else absent
        rounds = view.ids(at_round) if at_round is not None else absent
        seats = [self._seat(view, at, mp, imp, side if by_side else None, wheres, tables, rounds)
                 for at, mp, imp, side in plan.seats]
        half = 0.0
        if top is not None:
            written = [value for value in chain.from_iterable(seat.mps for seat in seats if seat.mps is not None)
                       if value is not None]
            mean = sum(written) / len(written) if written else 0.0
            half = top / 2 if abs(mean) < abs(mean - top / 2) else 0.0  # centred on 0: a share is MP + top/2
        if sat:
            self.sat_out.update(seat.keys[at] for seat in seats for at, row in enumerate(view.numbers)
                                if row in sat and seat.keys[at] is not None)
        listed = chain.from_iterable(seat.keys for seat in seats)
        if apart:
            once, known = True, all(map(self.pairs.__contains__, listed))
        else:
            unique = set(listed)
            unique.discard(None)
            once, known = len(unique) == rows * len(seats), self.pairs.keys() >= unique
        if not known:
            self._new_pairs(seats)
        found: list[Finding] = []
        if again or not once:  # a board again, a pair twice or a row without one
            seats = self._counted(view, seats, board, again, found)
        else:  # a board first given, every pair once: every entry counts
            self.played[board] = [(seat.keys, seat.lines) for seat in seats]
        if None not in plan.places:
            self._rounds(view, seats, board, found)
        self._add(seats, top, half)
        comparison = method_of(ctx).comparison
        if comparison in ("Cross1", "Cross2") and entries > 1:
            self._divide(seats, entries - 1 if comparison == "Cross2" else entries)
        return found

    def _precision(self, column: int, values: list[int | float | None], decimals: int) -> None:
        """Note the decimals of a traveller's MPs (``column`` 0) or IMPs (1) written with decimals, when one of them
        is rounded: neither whole nor half."""
        if any(value is not None and (2 * value) % 1 for value in values):
            self.places[column] = max(self.places[column] or 0, decimals)

    def _new_pairs(self, seats: list[_Seat]) -> None:
        """The pairs a traveller lists for the first time, in the order it lists them (row by row)."""
        pairs = self.pairs
        for key, name in zip(chain.from_iterable(zip(*(seat.keys for seat in seats))),
                             chain.from_iterable(zip(*(seat.ids for seat in seats)))):
            if key is not None and key not in pairs:
                pairs[key] = _Pair(name)
                self.imps[key] = []

    def _counted(self, view: Traveller, seats: list[_Seat], board: str, again: bool, found: list[Finding]
                 ) -> list[_Seat]:
        """The entries that count, row by row as the traveller lists them: a pair's first on the board.  R106 where
        an earlier traveller already gives the pair on this board (twice in one traveller is the rule's own)."""
        earlier = self.played.setdefault(board, [])
        played = {key: line for keys, lines in earlier for key, line in zip(keys, lines)}
        listed: set[str] = set()  # this traveller's pairs, when an earlier one gives the board
        kept: list[list[int]] = [[] for _ in seats]
        for row in range(len(view.starts)):
            for seat, rows in zip(seats, kept):
                key = seat.keys[row]
                if key is None:
                    continue
                if key in played:
                    if again and key not in listed:
                        found.append(ImpossibleTraveller.finding(
                            f"ScoreTable lists pair {seat.ids[row]} on board {board}, which it already played (line "
                            f"{played[key]})", *view.table.element_place(view.starts[row] + seat.at)))
                    continue
                played[key] = seat.lines[row]
                if again:
                    listed.add(key)
                rows.append(row)
        counted = [seat.kept(rows) for seat, rows in zip(seats, kept)]
        earlier.extend((seat.keys, seat.lines) for seat in counted)
        return counted

    def _rounds(self, view: Traveller, seats: list[_Seat], board: str, found: list[Finding]) -> None:
        """R106 where a pair sits at another table in a round than it sat at on an earlier board of that round.  Each
        entry is a seating, (pair, round, table): only those not seen before are gone through (after a round's first
        board, none)."""
        spots = set(zip(seats[0].keys, seats[0].rounds, seats[0].tables))
        for seat in seats[1:]:
            spots.update(zip(seat.keys, seat.rounds, seat.tables))
        if spots <= self.spots:
            return
        seated, known = self.seated, self.spots
        for seat in seats:
            for at, spot in enumerate(zip(seat.keys, seat.rounds, seat.tables)):
                if spot in known:
                    continue
                pair, played_in, sat = spot
                first = seated.get((pair, played_in)) if sat is not None and played_in is not None else None
                if first is None:  # the pair's first seating in the round, or a row of no table or no round
                    known.add(spot)
                    if sat is not None and played_in is not None:
                        seated[pair, played_in] = (sat, board, seat.lines[at])
                    continue
                seen, seen_board, seen_line = first
                found.append(ImpossibleTraveller.finding(
                    f"ScoreTable has pair {seat.ids[at]} at table {sat} in round {played_in}, but at table "
                    f"{seen} in that round on board {seen_board} (line {seen_line})",
                    *view.table.element_place(view.starts[seat.rows[at]] + seat.at)))

    def _add(self, seats: list[_Seat], top: int | None, half: float) -> None:
        """Each counted entry's MPs (and the share of the top they are) and IMPs to its pair (its boards are counted
        at the end, from ``played``)."""
        pairs = self.pairs
        for seat in seats:
            if seat.mps is not None:
                mps = zip(map(pairs.__getitem__, seat.keys), seat.mps)
                if top is None:
                    for pair, mp in mps:
                        if mp is not None:
                            pair.mp += mp
                else:
                    for pair, mp in mps:
                        if mp is not None:
                            pair.mp += mp
                            pair.points += mp + half
                            pair.top += top
            if seat.imps is not None:  # each to its pair's list, in C (None, no number, is left out at the end)
                _drain(map(list.append, map(self.imps.__getitem__, seat.keys), seat.imps))

    def _divide(self, seats: list[_Seat], comparisons: int) -> None:
        """Each counted entry's IMPs over the board's comparisons, to its pair."""
        divided = self.divided
        for seat in seats:
            if seat.imps is not None:
                for key, imp in zip(seat.keys, seat.imps):
                    if imp is not None:
                        divided.setdefault(key, []).append(imp / comparisons)

    def end_file(self, report: FileReport) -> list[Finding]:
        return self.matches.findings(self.totals) + self._totals()

    def _totals(self) -> list[Finding]:
        """R104 on the file's ranking."""
        totals = self.totals
        if totals is None or not self.played or self.boards - self.played.keys():
            return []  # only a file that holds every board's traveller
        pairs = self.pairs
        for key, boards in Counter(chain.from_iterable(keys for entries in self.played.values()
                                                       for keys, _ in entries)).items():
            pairs[key].boards = boards
        for key, imps in self.imps.items():
            pairs[key].imp = sum(filter(None, imps), 0.0)
        for key, divided in self.divided.items():
            pairs[key].divided = sum(divided, 0.0)
        for key, boards in self.sat_out.items():
            pairs[key].sat_out = boards
        return list(StandingsTotals.compare(totals, self.pairs, self.places, self.sections, self.tops,
                                            self.by_side, *self.totals_at))


_drain = deque[object](maxlen=0).extend  # runs an iterator to its end, keeps nothing


def _count(text: str | None) -> int:
    """A Multiplicity (1 when not given or not a count)."""
    count = whole(text) if text is not None and is_digits(text) else None
    return count if count else 1
