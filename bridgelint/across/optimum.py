"""O — what the double-dummy rules decide across a file's records, as checks across records: O104 when the file ends, on
every table it held (:class:`MakeableOnlyHook`); with check --dd, O103 and O105 across the records (another
board's table, two results of one deal: :class:`SolvedFile`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ..core.bridge import PACK, SEAT_NAMES, SEATS
from ..core.findings import Finding, Related
from ..core.optimum import Convention, Reading, cell_words, encoded, fits, pattern_of, written_table
from ..core.record import Deal
from ..core.report import FileReport
from ..core.wording import TURNS
from ..replay.context import Context
from ..rules.analysis import analysis, declared
from ..rules.optimum import (
    SOLVED_CODES,
    DealResults,
    FileTables,
    MakeableOnly,
    SolverMismatch,
    UnlikelyResult,
    Wrong,
)
from .base import Across, Scope


class MakeableOnlyHook(Across):
    """O104's facts as a check across records: each table of a file read, the rule's check made when the file
    ends."""

    codes = frozenset((MakeableOnly.code,))

    def __init__(self) -> None:
        self.start_file("", self.codes)

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        self.tables = FileTables()

    def see(self, ctx: Context) -> list[Finding]:
        if ctx.record.model == "pbn":
            self.tables.add(analysis(ctx))
        return []

    def end_file(self, report: FileReport) -> list[Finding]:
        return MakeableOnly.check_file(self.tables)



class SolvedFile(Across):
    """The checks of solved deals across a file, after the solve stage: O103 (each record's
    table against the solver's, naming the board of the file whose table it is) and O105's two sides (results of
    one deal declared by both sides in one denomination), decided when the file ends.

    Memory: each distinct solved table once, with the first boards it is the table of; per deal the results of
    the most tricks by denomination and side; an O103 finding waiting for the file's end.  Never a record.
    """

    codes = SOLVED_CODES

    def __init__(self, codes: frozenset[str]):
        self.mismatches, self.sides = SolverMismatch.code in codes, UnlikelyResult.code in codes
        self.start_file("", codes)

    @classmethod
    def made(cls, codes: frozenset[str], scope: Scope) -> list[Across]:
        """On when the run's deals are solved (check --dd) and O103 or O105 is selected."""
        return [cls(codes)] if scope.solved and codes & SOLVED_CODES else []

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        self.path = path
        self.tables: dict[str, list[tuple[str, int]]] = {}  # a solved table → (board, line) of up to two boards
        self.wrong: list[Wrong] = []
        self.deals: dict[str, DealResults] = {}  # by the deal (:func:`_holders`)
        self.written = FileTables()  # the file's own tables, for its makeable-only convention (O104)
        self.unless: list[tuple[Convention, Finding | Wrong]] = []  # O103 that goes if the file is of it

    def see(self, ctx: Context) -> list[Finding]:
        if self.mismatches and ctx.record.model == "pbn":
            self.written.add(analysis(ctx))
        solved = ctx.solved
        if solved is None:
            return []
        record = ctx.record
        table = encoded(solved)
        boards = self.tables.setdefault(table, [])
        board = record.board_number or "?"
        if len(boards) < 2 and all(seen != board for seen, _ in boards):
            boards.append((board, record.line))
        if self.sides and (result := declared(ctx)) is not None and (deal := _holders(record.deal)) is not None:
            results = self.deals.get(deal)
            if results is None:
                results = self.deals[deal] = DealResults(table)
            results.add(result, result.tricks - solved[result.declarer, result.denomination])
        return list(self._mismatches(ctx, solved)) if self.mismatches else []

    def _mismatches(self, ctx: Context, solved: dict[tuple[str, str], int]) -> Iterator[Finding]:
        """O103 on each table of the record that is not the solver's; one whose whole table may be another
        board's waits for the end of the file, and so does one that a makeable-only convention the table fits
        would explain (the file's tables decide whether it is of that convention)."""
        found = analysis(ctx)
        for reading in found.readings if found is not None else ():
            wrong = [key for key, cell in reading.cells.items() if not cell.low <= solved[key] <= cell.high]
            if not wrong:
                continue
            if reading.convention is None and reading.fits is not None:
                marker, ceiling = reading.fits.marker, reading.fits.ceiling
                if all(reading.cells[key].low == marker and solved[key] <= ceiling for key in wrong):
                    for made in self._mismatch(ctx, reading, solved, wrong):
                        self.unless.append((reading.fits, made))
                    continue
            for made in self._mismatch(ctx, reading, solved, wrong):
                if isinstance(made, Wrong):
                    self.wrong.append(made)
                else:
                    yield made

    def _mismatch(self, ctx: Context, reading: Reading, solved: dict[tuple[str, str], int],
                  wrong: list[tuple[str, str]]) -> Iterator[Finding | Wrong]:
        """O103 on a table of the record at the first of its ``wrong`` cells: a finding, or one waiting for the
        file's end."""
        key = min(wrong, key=lambda key: (reading.cells[key].line, reading.cells[key].column))
        cell = reading.cells[key]
        others = len(wrong) - 1
        more = f"; {others} more {'cell differs' if others == 1 else 'cells differ'}" if others else ""
        said = (f"{reading.name} gives {cell_words(*key)} {cell.shown()} tricks, but double dummy "
                f"{SEAT_NAMES[key[0]]} takes {solved[key]}{more}")
        turn = _turned(reading, solved)
        if turn is not None or not reading.whole:
            yield SolverMismatch.finding(said + (turn or ""), cell.line, cell.column, game=ctx.record.game,
                                         board=ctx.record.board_number)
            return
        waiting = SolverMismatch.finding(said, cell.line, cell.column, game=ctx.record.game,
                                         board=ctx.record.board_number)
        yield Wrong(waiting, pattern_of(reading), reading.convention, ctx.record.board_number or "?")

    def end_file(self, report: FileReport) -> list[Finding]:
        judged = self.written.convention()
        told = [made for convention, made in self.unless if convention != judged]
        self.wrong += [made for made in told if isinstance(made, Wrong)]
        return [made for made in told if isinstance(made, Finding)] + self._other_boards() + self._both_sides()

    def _other_boards(self) -> list[Finding]:
        """The waiting O103 findings, each naming the other board of the file whose table it is, if any."""
        found = []
        written: dict[Convention | None, dict[str, list[tuple[str, int]]]] = {}
        for wrong in self.wrong:
            tables = written.get(wrong.convention)
            if tables is None:  # the file's tables as this convention writes them, once
                tables = written[wrong.convention] = {}
                for table, boards in self.tables.items():
                    tables.setdefault(written_table(table, wrong.convention), []).extend(boards)
            finding = wrong.finding
            other = next(((board, line) for board, line in tables.get(wrong.pattern, ()) if board != wrong.board),
                         None)
            if other is not None:
                board, line = other
                finding = replace(finding, message=f"{finding.message}: the whole table is that of board {board} of "
                                                   "this file",
                                  related=Related(self.path, line, 1, f"board {board}, whose deal has this table"))
            found.append(finding)
        return found

    def _both_sides(self) -> list[Finding]:
        """O105 where both sides are recorded declaring one denomination of a deal with more tricks than it
        holds: at the result no play proves (the later of two such), naming the other."""
        found = []
        for results in self.deals.values():
            for result, other, said in results.both_sides():
                found.append(UnlikelyResult.finding(
                    said.replace(" on this deal:", f" on this deal (board {other.board or '?'}, line {other.line}):"),
                    result.line, result.column, game=result.game, board=result.board,
                    related=Related(self.path, other.line, other.column,
                                    f"board {other.board or '?'}: {other.contract} by {SEAT_NAMES[other.declarer]}, "
                                    f"{other.tricks} tricks")))
        return found


def _holders(deal: Deal | None) -> str | None:
    """A whole deal as the seat of each card in pack order (52 letters); None for any other deal."""
    if deal is None or not deal.held.whole:
        return None
    return "".join(map(deal.held.seat.__getitem__, PACK))


def _turned(reading: Reading, solved: dict[tuple[str, str], int]) -> str | None:
    """What the message adds when the whole table is that of the deal turned; None when it is not."""
    for k, turn in TURNS.items():
        other = {(SEATS[(SEATS.index(seat) + k) % 4], d): n for (seat, d), n in solved.items()}
        if other != solved and fits(reading, other):
            return (f": the whole table is that of the deal turned {turn} clockwise ({SEAT_NAMES['N']}'s tricks "
                    f"written as {SEAT_NAMES[SEATS[k]]}'s)")
    return None
