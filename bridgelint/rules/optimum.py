"""O — the double-dummy analysis of a record: its tables of tricks and its par tags (PBN §4.2.7, §5.7), as
:mod:`bridgelint.core.optimum` reads them (:mod:`.analysis`: once a record).

O101 and O102 use only what the record says.  O104 is decided over a whole file, and O103 and O105 need the
deal solved (``Context.solved``, check --dd); what these decide across the records of a file is
:mod:`bridgelint.across.optimum`' (checks across records).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..core.bridge import DENOMINATION_NAMES, SEAT_NAMES, SIDE_NAMES, VULNERABILITY_WORDS, Contract, side
from ..core.findings import Finding
from ..core.optimum import CELLS, Analysis, Convention, Declared, Reading, cell_words, decoded, encoded
from ..replay.context import per_record
from .analysis import analysis, declared
from .base import Context, Rule
from .record_tables import traveller
from .tag_values import ContradictoryValues, MalformedTagValue


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
    a table of Dealmaster's makeable contracts only (O104) is read as it
    means; any other table exactly, its smallest cells included.
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
    disagree (O101) or are not whole, a table of `?`, a record without
    dealer or vulnerability. Where T103 (out of form) or T104 (NS not minus
    EW) is reported on the tag, O102 is not: the cause is reported alone.
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
    follows = ((MalformedTagValue.code, "line"), (ContradictoryValues.code, "line"))  # a par tag malformed or
    # contradicting itself: that is the finding

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
    finding names the convention and stands at the first marker cell. It is a
    judgement over the whole file: every table holds the marker and never a
    value between it and the threshold, and a file needs three such tables
    (one for Dealmaster's, which no real table shows) before the convention is
    told. A single table whose smallest cell happens to be 4 or 6 is no
    convention: its cells are shown and compared exactly. A marker cell of
    Dealmaster's is read as "the marker or fewer" (fewer than 7 tricks) by
    O101, O102 and O103 on every table; BridgeNZ's by O103 once the file is
    judged so; every other cell is compared exactly.
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
    stage = "file"

    @classmethod
    def check_file(cls, tables: FileTables) -> list[Finding]:
        """O104 for a file whose double-dummy ``tables`` all fit one convention, enough of them to tell it."""
        convention = tables.convention()
        if convention is None:
            return []
        return [cls.finding(f"every double-dummy table of this file writes makeable contracts only: "
                            f"{convention.describe()}; such a cell is read as that many tricks or fewer",
                            *tables.first[convention])]


class SolverMismatch(_OptimumRule):
    """Double-dummy table that is not the deal's.

    What it does: with `check --dd`, solves the deal (DDS, the `dd` extra)
    and reports a cell of DoubleDummyTricks, OptimumResultTable or Ability
    that gives other tricks than the solver finds; a marker cell of a
    makeable-only file (O104, judged over the whole file) only when the
    solver finds more than it stands for. The message says when the whole table is that of the deal
    turned one, two or three seats clockwise (a deal rotated and its
    analysis left as it was), or that of another board of the file, before
    or after it (decided when the file is read). The par tags are O102's,
    against the record's own table.
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
    stage = "file"  # the SolvedFile hook: each record after the solve stage, decided at the end of the file


class UnlikelyResult(_OptimumRule):
    """Result that double dummy makes unlikely.

    What it does: reports a result that no play of the record proves (no
    play, or a play cut short without a claim; in PBN the `*` that ends a
    play of one trick or more is the claim), and every traveller row
    (ScoreTable Contract, Declarer and Result), when its declarer took three
    or more tricks more than double dummy allows in the contract's
    denomination; and, over the records of one deal in a file or the rows
    of one traveller, when North-South and East-West are recorded declaring
    one denomination with more tricks between them than the deal holds: 13,
    or what double dummy gives the two declarers together when their
    opening leads make it more. That second finding stands at the result
    no play proves (the later one when neither is) and names the other; across
    records it is decided when the file is read. Double dummy is the
    solver's with `check --dd`; without it, the record's own
    DoubleDummyTricks or OptimumResultTable when O101 finds them whole and
    agreeing. The bound of 13 tricks needs neither.
    Why it matters: real play falls short of double dummy, but seldom by so
    much the declarer's way; such a result was usually entered for the wrong
    contract, declarer or board.
    Example: South cannot take more than 12 tricks in spades; 13 is a slip.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [Declarer "W"]
        [Contract "4H"]
        [Result "11"]

    or, on a traveller, without `--dd`, from the board's own table:

        [Board "1"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [ScoreTable "Contract;Declarer;Result"]
        4H W 11

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [Declarer "W"]
        [Contract "4H"]
        [Result "8"]

    or, on a traveller, from the board's own table (West takes 8 tricks in
    hearts):

        [Board "1"]
        [DoubleDummyTricks "7c5c67c5c61181711817"]
        [ScoreTable "Contract;Declarer;Result"]
        4H W 8

    References: Law 79; DDS.
    """

    code, name, severity, law = "O105", "unlikely-result", "warning", "Law 79"

    def check(self, ctx: Context) -> Iterator[Finding]:
        most = double_dummy(ctx)
        found = declared(ctx) if most is not None else None
        if most is not None and found is not None and not found.proven:
            over = found.tricks - most[found.declarer, found.denomination]
            if over >= OVER:
                yield self.finding(_over_words(found, most), found.line, found.column)
        if ctx.record.tables:
            yield from self._rows(ctx, most)

    def _rows(self, ctx: Context, most: dict[tuple[str, str], int] | None) -> Iterator[Finding]:
        """O105 on the record's traveller: a row three or more over double dummy; two rows, one of each side, that
        take more tricks in one denomination than the deal holds (the later one reported, naming the other)."""
        if not _suspect(ctx, most):
            return  # the usual traveller: no row over double dummy, no two sides beyond 13 tricks
        rows = traveller_results(ctx)
        results = DealResults(encoded(most) if most is not None else None)
        for row in rows:
            over = row.tricks - most[row.declarer, row.denomination] if most is not None else 0
            if most is not None and over >= OVER:
                yield self.finding(_over_words(row, most), row.line, row.column)
            results.add(row, over)
        for result, other, said in results.both_sides():
            yield self.finding(said.replace(" on this deal:", f" in this traveller (line {other.line}):"),
                               result.line, result.column)


OVER = 3  # tricks over double dummy that O105 reports


def _over_words(found: Declared, most: dict[tuple[str, str], int]) -> str:
    """O105's message on a result ``found`` three or more tricks over double dummy (``most``)."""
    allowed = most[found.declarer, found.denomination]
    return (f"Result {found.tricks} tricks in {found.contract} by {SEAT_NAMES[found.declarer]}, but double dummy "
            f"{SEAT_NAMES[found.declarer]} takes {allowed} in {DENOMINATION_NAMES[found.denomination]}: "
            f"{found.tricks - allowed} over, a sign of a result entered for another contract, declarer or board")


@per_record
def double_dummy(ctx: Context) -> dict[tuple[str, str], int] | None:
    """The most tricks each declarer takes in each denomination double dummy: the solver's (check --dd), else the
    record's own tables when O101 finds them whole and agreeing (a marker cell read as the most it stands for);
    None when neither is known."""
    if ctx.solved is not None:
        return ctx.solved
    found = analysis(ctx)
    if found is None or found.cells is None:
        return None
    return {key: cell.high for key, cell in found.cells.items()}


@per_record
def traveller_results(ctx: Context) -> list[Declared]:
    """The record's ScoreTable rows as results (a row's Result is declarer's tricks): rows with `-` or `?` in
    Contract, Declarer or Result, passed out or artificial are left out."""
    view = traveller(ctx)
    if view is None:
        return []
    contract_at, declarer_at, result_at = view.find(_RESULT_COLUMNS)
    if contract_at is None or declarer_at is None or result_at is None:
        return []
    table, record, starts = view.table, ctx.record, view.starts
    artificial = table.artificial_rows()
    found = []
    for index, (row, contract, declarer, tricks) in enumerate(zip(
            view.numbers, view.values(contract_at), view.values(declarer_at), view.values(result_at))):
        if (not isinstance(contract, Contract) or contract.passed_out or not contract.denomination
                or not isinstance(declarer, str) or not isinstance(tricks, int) or row in artificial):
            continue
        found.append(Declared(declarer, contract.denomination, str(contract), tricks, False,
                              *table.element_place(starts[index] + result_at), record.game, record.board_number))
    return found


_RESULT_COLUMNS = ("Contract", "Declarer", "Result")


def _suspect(ctx: Context, most: dict[tuple[str, str], int] | None) -> bool:
    """Whether a row of the record's traveller may be O105's, told from the typed columns alone: a row three or
    more over double dummy (``most``), or one denomination whose best results of the two sides add up to more
    than 13 tricks."""
    view = traveller(ctx)
    if view is None:
        return False
    contract_at, declarer_at, result_at = view.find(_RESULT_COLUMNS)
    if contract_at is None or declarer_at is None or result_at is None:
        return False
    best: dict[tuple[str, str], int] = {}
    for contract, declarer, tricks in zip(view.values(contract_at), view.values(declarer_at), view.values(result_at)):
        if not isinstance(contract, Contract) or not isinstance(declarer, str) or not isinstance(tricks, int):
            continue
        denomination = contract.denomination
        if not denomination:
            continue
        if most is not None and tricks - most[declarer, denomination] >= OVER:
            return True
        key = (denomination, _SIDE_OF[declarer])
        if tricks > best.get(key, -1):
            best[key] = tricks
    return any(tricks + best[denomination, _OTHER_SIDE[own]] > 13 for (denomination, own), tricks in best.items()
               if (denomination, _OTHER_SIDE[own]) in best)


_SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


class FileTables:
    """The double-dummy tables of a file, as O104 judges them: how many hold a value, how many fit each
    makeable-only convention, and where each convention's first marker cell is."""

    def __init__(self) -> None:
        self.tables = 0  # tables with a value
        self.fitting: dict[Convention, int] = {}
        self.first: dict[Convention, tuple[int, int]] = {}  # the first marker cell of each convention

    def add(self, found: Analysis | None) -> None:
        for reading in found.readings if found is not None else ():
            if not reading.cells:
                continue
            self.tables += 1
            convention = reading.fits
            if convention is not None:
                self.fitting[convention] = self.fitting.get(convention, 0) + 1
                if convention not in self.first:
                    self.first[convention] = min((cell.line, cell.column) for cell in reading.cells.values()
                                                 if cell.low == convention.marker or cell.low != cell.high)

    def convention(self) -> Convention | None:
        """The convention of the file: every table with a value holds its marker and no other value up to its
        ceiling, and there are enough of them to tell it (``Convention.tables``); else None."""
        for convention, count in self.fitting.items():
            if count == self.tables and count >= convention.tables:
                return convention
        return None


@dataclass(slots=True)
class Wrong:
    """An O103 finding whose whole table may be another board's: told when the file's tables are all known."""

    finding: Finding
    pattern: str  # the table as written (:func:`~bridgelint.core.optimum.pattern_of`)
    convention: Convention | None
    board: str


_OTHER_SIDE = {"NS": "EW", "EW": "NS"}


@dataclass(slots=True)
class DealResults:
    """What the results recorded on one deal say: its solved table (None: not known; the bound is then 13 tricks),
    and per denomination and side the result of the most tricks and the result of the most tricks that no play
    proves; a result that O105 reports by itself (three over double dummy) is left out."""

    table: str | None
    most: dict[tuple[str, str], Declared] = field(default_factory=dict)
    unproven: dict[tuple[str, str], Declared] = field(default_factory=dict)

    def add(self, result: Declared, over: int) -> None:
        """A result of the deal, ``over`` double dummy by so many tricks."""
        if not result.proven and over >= OVER:
            return  # O105 by itself: not paired again
        key = (result.denomination, side(result.declarer))
        if key not in self.most or result.tricks > self.most[key].tricks:
            self.most[key] = result
        if not result.proven and (key not in self.unproven or result.tricks > self.unproven[key].tricks):
            self.unproven[key] = result

    def both_sides(self) -> Iterator[tuple[Declared, Declared, str]]:
        """Each result no play proves that, with the other side's best in its denomination, takes more tricks than
        the deal holds (13, or what double dummy gives the two declarers together when it is more): the result,
        the other, and what O105 says of them (the other's place for the caller to add).  Of two such, the
        later is told."""
        tricks = decoded(self.table) if self.table is not None else None
        for (denomination, own), result in self.unproven.items():
            other = self.most.get((denomination, _OTHER_SIDE[own]))
            if other is None:
                continue
            mine = tricks[result.declarer, denomination] if tricks is not None else None
            theirs = tricks[other.declarer, denomination] if tricks is not None else None
            holds = max(13, mine + theirs) if mine is not None and theirs is not None else 13
            total = result.tricks + other.tricks
            if total <= holds or (self.unproven.get((denomination, _OTHER_SIDE[own])) is other
                                  and self.most[denomination, own] is result
                                  and (other.line, other.column) > (result.line, result.column)):
                continue  # the two results fit, or the other, the later, is told
            dd = (f"; double dummy {SEAT_NAMES[result.declarer]} takes {mine}, {SEAT_NAMES[other.declarer]} "
                  f"{theirs}" if mine is not None else "")
            yield result, other, (
                f"Result {result.tricks} tricks in {result.contract} by {SEAT_NAMES[result.declarer]}, but "
                f"{SIDE_NAMES[side(other.declarer)]} are recorded taking {other.tricks} in {other.contract} by "
                f"{SEAT_NAMES[other.declarer]} on this deal: {total} tricks in {DENOMINATION_NAMES[denomination]} "
                f"between the two sides, more than the deal holds ({holds}{dd}), a sign of a result entered for "
                "another contract, declarer or board")


SOLVED_CODES = frozenset((SolverMismatch.code, UnlikelyResult.code))  # the rules that need the deals solved (--dd)
