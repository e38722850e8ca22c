"""O — the double-dummy analysis of a record: its tables of tricks and its par tags (PBN §4.2.7, §5.7).

O101 and O102 use only what the record says.  O104 is decided over a whole file: a record hook
(:class:`MakeableOnlyHook`) sees each record's tables and gives its finding when the file ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..core.bridge import DENOMINATION_NAMES, SEAT_NAMES, SEATS, VULNERABILITY_WORDS
from ..core.model import Finding
from ..core.optimum import CELLS, Cell, Claim, Convention, Reading, claims, readings
from ..core.par import Par, par
from .base import Context, Rule
from .parts import CONTRACT, DECLARER, RESULT, SOLVED
from ..replay.context import per_record


def cell_words(seat: str, denomination: str) -> str:
    """``North in spades``."""
    return f"{SEAT_NAMES[seat]} in {DENOMINATION_NAMES[denomination]}"


@dataclass(slots=True)
class Analysis:
    """A record's double-dummy tables and par tags, and what they say together."""

    readings: list[Reading]
    claims: list[Claim]
    disagree: bool  # two tables give a cell different tricks
    cells: dict[tuple[str, str], Cell] | None  # every cell, from the tables that agree; None: not known whole

    def par(self, dealer: str, vulnerability: str) -> Par | None:
        """The par of the record's table; None when a range cell (makeable-only) leaves it open."""
        if self.cells is None:
            return None
        low = par({key: cell.low for key, cell in self.cells.items()}, dealer, vulnerability)
        if all(cell.low == cell.high for cell in self.cells.values()):
            return low
        high = par({key: cell.high for key, cell in self.cells.items()}, dealer, vulnerability)
        return low if low == high else None


@per_record
def analysis(ctx: Context) -> Analysis | None:
    """The record's double-dummy analysis; None when it has no table and no par tag."""
    record = ctx.record
    if record.format != "pbn":
        return None  # LIN carries no double-dummy analysis
    tags = ctx.written_tags
    if _TAGS.isdisjoint(tags) and not record.tables.get("OptimumResultTable"):
        return None
    found = readings(record, tags)
    said = list(claims(tags))
    if not found and not said:
        return None
    known = [reading for reading in found if not reading.all_unknown]
    cells: dict[tuple[str, str], Cell] = {}
    disagree = False
    for reading in known:
        for key, cell in reading.cells.items():
            before = cells.get(key)
            if before is None:
                cells[key] = cell
            elif cell.low > before.high or cell.high < before.low:
                disagree = True
            else:  # the tricks both allow
                cells[key] = Cell(max(cell.low, before.low), min(cell.high, before.high), before.line,
                                  before.column, before.text)
    whole = not disagree and len(cells) == 20 and not any(reading.unknown for reading in known)
    return Analysis(found, said, disagree, cells if whole else None)


_TAGS = frozenset(("DoubleDummyTricks", "Ability", "OptimumScore", "ParContract", "Minimax", "OptimumContract"))


class _OptimumRule(Rule):
    formats = frozenset(("pbn",))  # LIN carries no double-dummy analysis


class DoubleDummyTables(_OptimumRule):
    """Double-dummy tables that disagree, or a table that is not whole.

    What it does: reads the record's tables of double-dummy tricks, each in
    the order its rows say (DoubleDummyTricks: 20 hex digits, N, S, E, W, each
    NT S H D C; OptimumResultTable: a row per declarer and denomination, in
    any order; Ability: `N:89797 E:44535 ...`, each seat 5 hex digits NT S H
    D C), and reports a table that is not whole (not 20 digits, a seat or a
    row missing) and a table that gives a declarer and denomination other
    tricks than an earlier table of the record. North and South need not
    take the same tricks. A table written as `?` is unknown and not checked;
    a table of makeable contracts only (O104) is read as it means.
    Why it matters: two programs, or one table edited and one not, cannot
    both be right, and players read the hand record's analysis after the
    session.
    Example:

        [Board "1"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [Ability "N:7C5C6 E:11817 S:7C5C6 W:11818"]

    Use instead:

        [Board "1"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [Ability "N:7C5C6 E:11817 S:7C5C6 W:11817"]

    References: PBN §5.7; BridgeComposer's DoubleDummyTricks; Deep Finesse's Ability.
    """

    code, name, severity, law = "O101", "double-dummy-tables", "error", "PBN §5.7"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = analysis(ctx)
        if found is None:
            return
        first: Reading | None = None
        for reading in found.readings:
            if reading.problem is not None:
                yield self.finding(reading.problem, reading.line, reading.column)
            if reading.all_unknown:
                continue
            if first is None:
                first = reading
                continue
            yield from self._compare(first, reading)

    def _compare(self, first: Reading, reading: Reading) -> Iterator[Finding]:
        differ = [key for key in CELLS if key in first.cells and key in reading.cells
                  and (reading.cells[key].low > first.cells[key].high or reading.cells[key].high < first.cells[key].low)]
        if not differ:
            return
        key = min(differ, key=lambda key: (reading.cells[key].line, reading.cells[key].column))  # as written
        cell, before = reading.cells[key], first.cells[key]
        others = len(differ) - 1
        more = f"; {others} more {'cell differs' if others == 1 else 'cells differ'}" if others else ""
        yield self.finding(f"{reading.name} gives {cell_words(*key)} {cell.shown()} tricks, but {first.name} "
                           f"(line {before.line}) gives {before.shown()}{more}", cell.line, cell.column)


class ParOfTable(_OptimumRule):
    """Par tag that is not the par of the record's own double-dummy table.

    What it does: works out the par of the record's double-dummy table for the
    board's dealer and vulnerability, as DDS's DealerPar does (the side able
    to bid the highest contract first is entitled to a plus score; a making
    contract is given at the lowest level that keeps its bonus and that the
    other side cannot profitably outbid, with its overtricks: `NS 1S+2`), and
    reports an OptimumScore, ParContract, Minimax or OptimumContract that is
    not that par. ParContract is compared as a set of contracts, in any order
    (`EW 6H=; EW 6S=`); a seat written in it must be one that makes the
    contract. Minimax may name any seat of the par side; Ruter's
    OptimumContract writes a making contract at the level of its tricks
    (`3S N 9` for DealerPar's 1S+2), any level from the par one up is
    accepted there. A par tag
    that cannot be read is reported too. Not checked: a record whose tables
    disagree (O101) or are not whole, a table of `?`, and a record without
    dealer or vulnerability.
    Why it matters: a par worked out for the wrong vulnerability or dealer,
    or left over from another deal, tells the players a wrong target.
    Example: North-South make 6♠, and East-West have no sacrifice.

        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [OptimumScore "NS 620"]

    Use instead:

        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [OptimumScore "NS 980"]
        [ParContract "NS 6S="]

    References: PBN §4.2.7; DDS DealerPar.
    """

    code, name, severity, law = "O102", "par-of-table", "error", "PBN §4.2.7"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = analysis(ctx)
        if found is None or not found.claims:
            return
        for claim in found.claims:
            if claim.unreadable is not None:
                yield self.finding(f"{claim.tag.name} \"{claim.tag.value}\" {claim.unreadable}",
                                   *claim.tag.value_place())
        record = ctx.record
        dealer = record.dealer.value if record.dealer is not None else None
        vulnerability = record.vulnerable.value if record.vulnerable is not None else None
        if dealer is None or vulnerability is None:
            return
        best = found.par(dealer, vulnerability)
        if best is None:
            return
        names = " and ".join(dict.fromkeys(reading.name for reading in found.readings if not reading.all_unknown))
        for claim in found.claims:
            if claim.matches is not None and not claim.matches(best):
                yield self.finding(f"{claim.tag.name} \"{claim.tag.value}\" is not the par of the record's "
                                   f"{names}: with {SEAT_NAMES[dealer]} dealer and "
                                   f"{VULNERABILITY_WORDS[vulnerability]}, par is {best}", *claim.tag.value_place())


class MakeableOnly(_OptimumRule):
    """A file whose double-dummy tables record makeable contracts only.

    What it does: reports, once per file, that every double-dummy table of the
    file writes one marker value for every cell under a threshold: Dealmaster
    writes 1 for every cell under 7 tricks (so 0 and 2-6 never appear),
    BridgeNZ 6 for every cell of 6 tricks or fewer, or 4 for 4 or fewer. The
    finding names the convention and stands at the first marker cell. A marker
    cell is read as "the marker or fewer" (Dealmaster: fewer than 7 tricks)
    by O101, O102 and O103; every other cell is compared exactly. A file
    needs three such tables (one for Dealmaster's, which no real table shows)
    before the convention is told.
    Why it matters: a naive reader takes the marker for the tricks and calls
    every cell under the threshold wrong; the finding says how to read the
    file.
    Example:

        [Board "1"]
        [DoubleDummyTricks "7c1c17c1c11181711817"]

    Use instead:

        [Board "1"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]

    References: Dealmaster and BridgeNZ hand records.
    """

    code, name, severity, law = "O104", "makeable-only", "info", None


class MakeableOnlyHook:
    """O104 as a record hook: each table of a file read, the finding given when the file ends."""

    NEEDED = {1: 1}  # tables that must fit a convention, by its marker (else 3)

    def __init__(self) -> None:
        self.start_file("", None)

    def start_file(self, path: str, suppressions: object) -> None:
        self.tables = 0  # tables with a value
        self.fitting: dict[Convention, int] = {}
        self.first: dict[Convention, tuple[int, int]] = {}  # the first marker cell of each convention

    def __call__(self, ctx: Context) -> list[Finding]:
        found = analysis(ctx) if ctx.record.format == "pbn" else None
        if found is None:
            return []
        for reading in found.readings:
            if not reading.cells:
                continue
            self.tables += 1
            convention = reading.convention
            if convention is not None:
                self.fitting[convention] = self.fitting.get(convention, 0) + 1
                if convention not in self.first:
                    self.first[convention] = min((cell.line, cell.column) for cell in reading.cells.values()
                                                 if cell.low != cell.high)
        return []

    def end_file(self, report: object) -> list[Finding]:
        for convention, count in self.fitting.items():
            if count == self.tables and count >= self.NEEDED.get(convention.marker, 3):
                return [MakeableOnly.finding(f"every double-dummy table of this file writes makeable contracts only: "
                                             f"{convention.describe()}; such a cell is read as that many tricks "
                                             "or fewer", *self.first[convention])]
        return []



def makeable_only_hooks(codes: frozenset[str]) -> list[MakeableOnlyHook]:
    """O104's hook of a file's run, when O104 is selected."""
    return [MakeableOnlyHook()] if MakeableOnly.code in codes else []


def encoded(tricks: dict[tuple[str, str], int]) -> str:
    """A table as 20 hex digits in CELLS order: how tables of a file are told apart."""
    return "".join(f"{tricks[key]:x}" for key in CELLS)


def _fits(reading: Reading, tricks: dict[tuple[str, str], int]) -> bool:
    return all(cell.low <= tricks[key] <= cell.high for key, cell in reading.cells.items())


_TURNS = {1: "one seat", 2: "two seats", 3: "three seats"}


class SolverMismatch(_OptimumRule):
    """Double-dummy table that is not the deal's.

    What it does: with `check --dd`, solves the deal (DDS, the `dd` extra)
    and reports a cell of DoubleDummyTricks, OptimumResultTable or Ability
    that gives other tricks than the solver finds; a marker cell of a
    makeable-only table (O104) only when the solver finds more than it
    stands for. The message says when the whole table is that of the deal
    turned one, two or three seats clockwise (a deal rotated and its
    analysis left as it was), or that of another board of the file read so
    far. The par tags are O102's, against the record's own table.
    Why it matters: a table left over after a deal was rotated or edited
    passes every other check, and the players read it as the deal's.
    Example: the deal's table turned one seat.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [DoubleDummyTricks "11817118177c5c67c5c6"]

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]

    References: PBN §5.7; DDS.
    """

    code, name, severity, law = "O103", "solver-mismatch", "error", "PBN §5.7"
    needs = SOLVED

    def check(self, ctx: Context) -> Iterator[Finding]:
        solved = ctx.solved
        found = analysis(ctx) if solved is not None else None
        if found is None or solved is None:
            return
        for reading in found.readings:
            wrong = [key for key, cell in reading.cells.items() if not cell.low <= solved[key] <= cell.high]
            if not wrong:
                continue
            key = min(wrong, key=lambda key: (reading.cells[key].line, reading.cells[key].column))
            cell = reading.cells[key]
            others = len(wrong) - 1
            more = f"; {others} more {'cell differs' if others == 1 else 'cells differ'}" if others else ""
            yield self.finding(f"{reading.name} gives {cell_words(*key)} {cell.shown()} tricks, but double dummy "
                               f"{SEAT_NAMES[key[0]]} takes {solved[key]}{more}{self._whose(ctx, reading, solved)}",
                               cell.line, cell.column)

    @staticmethod
    def _whose(ctx: Context, reading: Reading, solved: dict[tuple[str, str], int]) -> str:
        """What the whole table is the table of, when it is another deal's."""
        for k, turn in _TURNS.items():
            other = {(SEATS[(SEATS.index(seat) + k) % 4], d): n for (seat, d), n in solved.items()}
            if other != solved and _fits(reading, other):
                return (f": the whole table is that of the deal turned {turn} clockwise ({SEAT_NAMES['N']}'s tricks "
                        f"written as {SEAT_NAMES[SEATS[k]]}'s)")
        board = ctx.record.board_number
        for table, number in (ctx.solved_boards or {}).items():
            if number != board and _fits(reading, _decoded(table)):
                return f": the whole table is that of board {number} of this file"
        return ""


def _decoded(table: str) -> dict[tuple[str, str], int]:
    return {key: int(c, 16) for key, c in zip(CELLS, table)}


class UnlikelyResult(_OptimumRule):
    """Result that double dummy makes unlikely.

    What it does: with `check --dd`, reports a record whose declarer took
    three or more tricks more than double dummy allows in the contract's
    denomination, when the record's play does not prove the result (no play,
    or a play cut short without a claim).
    Why it matters: real play falls short of double dummy, but seldom by so
    much the declarer's way; such a result was usually entered for the wrong
    contract, declarer or board.
    Example: South cannot take more than 12 tricks in spades; 13 is a slip.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [Declarer "W"]
        [Contract "4H"]
        [Result "11"]

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [Declarer "W"]
        [Contract "4H"]
        [Result "8"]

    References: Law 79; DDS.
    """

    code, name, severity, law = "O105", "unlikely-result", "warning", "Law 79"
    needs = SOLVED | CONTRACT | DECLARER | RESULT

    def check(self, ctx: Context) -> Iterator[Finding]:
        solved, record = ctx.solved, ctx.record
        if solved is None or record.contract is None or record.declarer is None or record.result is None:
            return
        contract, (declarer, _), result = record.contract.value, record.declarer.value, record.result.value
        if contract is None or contract.passed_out or not contract.denomination or declarer is None or result is None:
            return
        tricks = result.tricks_for(declarer)
        play = ctx.play
        if tricks is None or play is not None and (play.complete or play.claimed or record.play is not None
                                                   and record.play.claim is not None):
            return  # the play proves the result (C105 compares them)
        most = solved[declarer, contract.denomination]
        if tricks - most >= 3:
            yield self.finding(f"Result {tricks} tricks in {contract} by {SEAT_NAMES[declarer]}, but double dummy "
                               f"{SEAT_NAMES[declarer]} takes {most} in {DENOMINATION_NAMES[contract.denomination]}: "
                               f"{tricks - most} over, a sign of a result entered for another contract, declarer or "
                               "board", record.result.line, record.result.column)


SOLVED_CODES = frozenset((SolverMismatch.code, UnlikelyResult.code))  # the rules that need the deals solved (--dd)
