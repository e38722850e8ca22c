"""The double-dummy analysis a record carries: its tables of tricks and its par tags, as written.  Pure.

Tables: ``DoubleDummyTricks`` (BridgeComposer: 20 hex digits, seats N S E W, each NT S H D C),
``OptimumResultTable`` (PBN §5.7: a row per declarer and denomination, in whatever order the program writes
them), ``Ability`` (``N:89797 E:44535 ...``: per seat, 5 hex digits NT S H D C).  Par tags: ``OptimumScore``
(PBN §4.2.7), ``ParContract`` (``NS 4SX-1``, ``EW 6H=; EW 6S=``), ``Minimax`` (``6HDE800``: level,
denomination, D or R, declarer, NS score) and Ruter's ``OptimumContract`` (``3N N 9``: contract, declarer,
tricks).

A program that writes makeable contracts only puts one marker value in every cell under a threshold
(:data:`CONVENTIONS`).  Whether a file does is a judgement over the whole file (O104): a table whose values
fit a convention says so only of itself (its ``fits``).  Only a convention that one table shows beyond doubt
(Dealmaster's 1 for every cell under 7 tricks, which no real table holds) is read from the table alone: its
marker cells as ranges of tricks (``convention``).  A table whose smallest cell is 4 is read exactly.

A record's tables and par tags together are its :class:`Analysis` (:func:`analysed`); a table as 20 hex digits
(:func:`encoded`) tells a file's tables apart, and a result as declarer's tricks (:class:`Declared`) is held
against them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterator

from .bridge import DENOMINATION_NAMES, SEAT_NAMES
from .digits import matched
from .par import DENOMINATIONS, Par, ParContract, par
from .record import Record
from .tables import Table
from .tags import Tag, known

SEATS = "NESW"
DIGIT_SEATS = "NSEW"  # DoubleDummyTricks' order of seats
DIGIT_DENOMINATIONS = ("NT", "S", "H", "D", "C")  # DoubleDummyTricks' and Ability's order of denominations
CELLS = tuple((seat, denomination) for seat in SEATS for denomination in DENOMINATIONS)
PAR_TAGS = ("OptimumScore", "ParContract", "Minimax", "OptimumContract")


@dataclass(frozen=True, slots=True)
class Convention:
    """Makeable contracts only: every cell of ``ceiling`` tricks or fewer written as ``marker``."""

    marker: int
    ceiling: int
    program: str
    tables: int = 3  # the tables of a file, every one fitting, that tell the convention (1: one table shows it)

    def describe(self) -> str:
        if self.marker <= self.ceiling - 1:
            return f"{self.marker} for every cell under {self.ceiling + 1} tricks ({self.program})"
        return f"{self.marker} for every cell of {self.ceiling} tricks or fewer ({self.program})"

    def fits(self, values: set[int]) -> bool:
        """Whether a table's values can be written so: the marker, and nothing else up to the ceiling."""
        return self.marker in values and not any(v <= self.ceiling and v != self.marker for v in values)


CONVENTIONS = (Convention(1, 6, "Dealmaster", 1), Convention(6, 6, "BridgeNZ"), Convention(4, 4, "BridgeNZ"))


@dataclass(frozen=True, slots=True)
class Cell:
    """A cell of a table: the tricks it allows (``low`` = ``high`` when exact), where it is written."""

    low: int
    high: int
    line: int
    column: int
    text: str

    def shown(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.high} or fewer"


def cell_name(seat: str, denomination: str) -> str:
    return f"{seat} {denomination}"


@dataclass(slots=True)
class Reading:
    """One table of the record as read: its cells, what keeps it from being whole, where it is."""

    name: str
    line: int
    column: int
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    unknown: set[tuple[str, str]] = field(default_factory=set)  # cells written ?
    problem: str | None = None  # why the table is not whole
    fits: Convention | None = None  # the makeable-only convention its values fit (the file may not be of it)
    convention: Convention | None = None  # the convention its marker cells are read by, as ranges

    @property
    def whole(self) -> bool:
        return self.problem is None and not self.unknown and len(self.cells) == 20

    @property
    def all_unknown(self) -> bool:
        return not self.cells and bool(self.unknown)

    def read_markers(self) -> None:
        """Note the makeable-only convention the table's values fit; read its marker cells as ranges only when
        one table shows that convention beyond doubt (``Convention.tables``): else the file decides (O104)."""
        values = {cell.low for cell in self.cells.values()}
        for convention in CONVENTIONS:
            if convention.fits(values):
                self.fits = convention
                if convention.tables == 1:
                    self.read_as(convention)
                return

    def read_as(self, convention: Convention) -> None:
        """Read the marker cells as ranges of tricks: the marker or fewer, up to the convention's ceiling."""
        self.convention = convention
        for key, cell in self.cells.items():
            if cell.low == cell.high == convention.marker:
                self.cells[key] = Cell(0, convention.ceiling, cell.line, cell.column, cell.text)

    def exact(self) -> dict[tuple[str, str], int]:
        return {key: cell.low for key, cell in self.cells.items() if cell.low == cell.high}


_HEX = "0123456789abcdefABCDEF"


def _digits(reading: Reading, seat: str, digits: str, tag: Tag, offset: int) -> None:
    """Five hex digits NT S H D C of one seat, at ``offset`` in the tag's value."""
    for k, digit in enumerate(digits):
        key = (seat, DIGIT_DENOMINATIONS[k])
        if digit == "?":
            reading.unknown.add(key)
            continue
        tricks = int(digit, 16)
        if tricks <= 13:  # a digit above d is T104's
            reading.cells[key] = Cell(tricks, tricks, *tag.value_place(offset + k), digit)


def double_dummy_tricks(tag: Tag) -> Reading:
    value = tag.value.strip()
    lead = len(tag.value) - len(tag.value.lstrip())
    reading = Reading(tag.name, *tag.value_place())
    if len(value) != 20 or any(c not in _HEX and c != "?" for c in value):
        reading.problem = f"DoubleDummyTricks \"{tag.value}\" is not 20 hex digits (N, S, E, W, each NT S H D C)"
        return reading
    for s, seat in enumerate(DIGIT_SEATS):
        _digits(reading, seat, value[5 * s:5 * s + 5], tag, lead + 5 * s)
    return reading


_ABILITY = re.compile(r"([NESWnesw]):([0-9A-Fa-f?]{5})(?=\s|$)")


def ability(tag: Tag) -> Reading:
    value = tag.value
    reading = Reading(tag.name, *tag.value_place())
    seen: list[str] = []
    at = 0
    for m in _ABILITY.finditer(value):
        if value[at:m.start()].strip():
            break
        seat = m.group(1).upper()
        if seat in seen:
            reading.problem = f"Ability \"{value}\" gives {seat} twice"
            return reading
        seen.append(seat)
        _digits(reading, seat, m.group(2), tag, m.start(2))
        at = m.end()
    if value[at:].strip() or len(seen) != 4:
        missing = "".join(seat for seat in SEATS if seat not in seen)
        reading.problem = (f"Ability \"{value}\" is not a seat and 5 hex digits (NT S H D C) for each of N, E, S, W"
                           + (f": no {', '.join(missing)}" if missing and not value[at:].strip() else ""))
    return reading


def optimum_result_table(table: Table) -> Reading | None:
    """The OptimumResultTable's rows, read by their Declarer and Denomination; None without those columns."""
    positions = [table.column_index(name) for name in ("Declarer", "Denomination", "Result")]
    reading = Reading(table.name, table.tag.line, table.tag.column)
    if None in positions or not table.columns:
        return None
    declarer, denomination, result = positions
    for number in range(len(table)):
        if not table.whole(number):
            continue
        seat, strain = table.value(number, declarer), table.value(number, denomination)  # type: ignore[arg-type]
        if not isinstance(seat, str) or not isinstance(strain, str):
            continue
        key = (seat, strain)
        if key in reading.cells or key in reading.unknown:
            continue  # a second row: T102's
        element = table.cell(number, result)  # type: ignore[arg-type]
        if element.text == "?":
            reading.unknown.add(key)
        elif isinstance(element.value, int) and element.value <= 13:
            reading.cells[key] = Cell(element.value, element.value, element.line, element.column, element.text)
        else:
            reading.unknown.add(key)  # malformed or above 13: T102's, T104's
    missing = [key for key in CELLS if key not in reading.cells and key not in reading.unknown]
    if missing:
        names = ", ".join(cell_name(*key) for key in missing[:4]) + (f" and {len(missing) - 4} more"
                                                                    if len(missing) > 4 else "")
        reading.problem = f"OptimumResultTable has no row for {names}: a full table has 20 rows, one per " \
                          "declarer and denomination"
    return reading


def readings(record: Record, tags: dict[str, Tag]) -> list[Reading]:
    """The record's tables of tricks, in the order DoubleDummyTricks, OptimumResultTable, Ability."""
    found = []
    tag = tags.get("DoubleDummyTricks")
    if tag is not None and known(tag.value) is not None:
        found.append(double_dummy_tricks(tag))
    table = record.tables.get("OptimumResultTable")
    if table is not None and len(table):
        reading = optimum_result_table(table)
        if reading is not None:
            found.append(reading)
    tag = tags.get("Ability")
    if tag is not None and known(tag.value) is not None:
        found.append(ability(tag))
    for reading in found:
        reading.read_markers()
    return found


# --- par tags ------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Claim:
    """A par tag: what it says the par is, or why it cannot be read."""

    tag: Tag
    matches: Callable[[Par], bool] | None  # whether a par is what the tag says; None when unreadable
    unreadable: str | None = None


_SIDED = re.compile(r"(NS|EW) ([-+]?[0-9]+)(?: (NS|EW) ([-+]?[0-9]+))?")
_PAR_CONTRACT = re.compile(r"(NS|EW|[NESW]) ?([1-7])(NT|N|[SHDC])(XX|X|\*)?(=|[-+][0-9]{1,2})", re.IGNORECASE)
_MINIMAX = re.compile(r"([1-7])([NSHDC])([DR]?)([NESW])([-+]?[0-9]+)", re.IGNORECASE)
_OPTIMUM_CONTRACT = re.compile(r"([1-7])(NT|N|[SHDC])(XX|X)? +([NESW]) +([0-9]{1,2})", re.IGNORECASE)


def _denomination(text: str) -> str:
    text = text.upper()
    return "NT" if text in ("N", "NT") else text


def _tricks_match(contract: ParContract, level: int, tricks: int, doubled: bool, exact_level: bool) -> bool:
    """Whether a contract written at ``level`` with ``tricks`` taken is ``contract``: a making one at any level
    from the par level to its tricks (unless ``exact_level``), a sacrifice at its level."""
    if doubled != contract.doubled or tricks != contract.tricks:
        return False
    if contract.doubled or exact_level:
        return level == contract.level
    return contract.level <= level <= tricks - 6


def optimum_score(tag: Tag) -> Claim:
    m = _SIDED.fullmatch(tag.value.strip())
    if m is None or m.group(3) == m.group(1):
        return Claim(tag, None, "is not a score for NS or EW (NS 620, EW -100)")
    scores = {m.group(1): matched(m.group(2))}
    if m.group(3):
        scores[m.group(3)] = matched(m.group(4))
    return Claim(tag, lambda par: all(value == (par.score if side == "NS" else -par.score)
                                      for side, value in scores.items()))


def par_contract(tag: Tag) -> Claim:
    value = tag.value.strip()
    if value.upper() in ("PASS", "PASSED OUT", "ALL PASS"):
        return Claim(tag, lambda par: not par.contracts and par.score == 0)
    written = []
    for part in value.split(";"):
        m = _PAR_CONTRACT.fullmatch(part.strip())
        if m is None:
            return Claim(tag, None, "is not par contracts as NS 4S=, EW 5DX-2 or NS 1S+2; NS 1H+2")
        seats, level, denomination, risk, result = m.groups()
        level_n = int(level)
        tricks = level_n + 6 + (0 if result == "=" else int(result))
        written.append((seats.upper(), level_n, _denomination(denomination), bool(risk), tricks))

    def matches(par: Par) -> bool:
        def same(w: tuple, contract: ParContract) -> bool:
            seats, level, denomination, doubled, tricks = w
            return (denomination == contract.denomination and _tricks_match(contract, level, tricks, doubled, True)
                    and (seats == contract.side if len(seats) == 2 else seats in contract.seats))
        return (all(any(same(w, c) for c in par.contracts) for w in written)
                and all(any(same(w, c) for w in written) for c in par.contracts))

    return Claim(tag, matches)


def minimax(tag: Tag) -> Claim:
    m = _MINIMAX.fullmatch(tag.value.strip())
    if m is None:
        return Claim(tag, None, "is not a Minimax as 4SS420 or 5DDN-500 (level, denomination, D or R, declarer, "
                                "NS score)")
    level, denomination, risk, declarer, points = m.groups()
    level_n, strain, seat, ns = int(level), _denomination(denomination), declarer.upper(), matched(points)
    if risk.upper() == "R":
        return Claim(tag, lambda par: False)

    def matches(par: Par) -> bool:
        return par.score == ns and any(
            c.denomination == strain and c.side == ("NS" if seat in "NS" else "EW") and c.doubled == bool(risk)
            and c.level == level_n for c in par.contracts)

    return Claim(tag, matches)


def optimum_contract(tag: Tag) -> Claim:
    m = _OPTIMUM_CONTRACT.fullmatch(tag.value.strip())
    if m is None:
        if tag.value.strip().upper() == "PASS":
            return Claim(tag, lambda par: not par.contracts and par.score == 0)
        return Claim(tag, None, "is not a contract, declarer and tricks as 3N N 9 or 5DX E 8")
    level, denomination, risk, declarer, tricks = m.groups()
    level_n, strain, seat, taken = int(level), _denomination(denomination), declarer.upper(), int(tricks)
    return Claim(tag, lambda par: any(c.denomination == strain and seat in c.seats
                                      and _tricks_match(c, level_n, taken, bool(risk), False) for c in par.contracts))


_CLAIMS = {"OptimumScore": optimum_score, "ParContract": par_contract, "Minimax": minimax,
           "OptimumContract": optimum_contract}


def claims(tags: dict[str, Tag]) -> Iterator[Claim]:
    """The record's par tags, in the order of PAR_TAGS."""
    for name in PAR_TAGS:
        tag = tags.get(name)
        if tag is not None and known(tag.value) is not None:
            yield _CLAIMS[name](tag)


# --- a record's analysis: its tables together, and a table as a key ----------------------------------------

_ANALYSED = frozenset(("DoubleDummyTricks", "Ability", "OptimumScore", "ParContract", "Minimax", "OptimumContract"))


@dataclass(slots=True)
class Analysis:
    """A record's double-dummy tables and par tags, and what they say together."""

    readings: list[Reading]
    claims: list[Claim]
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


def analysed(record: Record, tags: dict[str, Tag]) -> Analysis | None:
    """The double-dummy analysis of a PBN record whose tags as written are ``tags``; None when it has no table and
    no par tag."""
    if _ANALYSED.isdisjoint(tags) and not record.tables.get("OptimumResultTable"):
        return None
    found = readings(record, tags)
    said = list(claims(tags))
    if not found and not said:
        return None
    written = [reading for reading in found if not reading.all_unknown]
    cells: dict[tuple[str, str], Cell] = {}
    disagree = False  # two tables give a cell different tricks
    for reading in written:
        for key, cell in reading.cells.items():
            before = cells.get(key)
            if before is None:
                cells[key] = cell
            elif cell.low > before.high or cell.high < before.low:
                disagree = True
            else:  # the tricks both allow
                cells[key] = Cell(max(cell.low, before.low), min(cell.high, before.high), before.line,
                                  before.column, before.text)
    whole = not disagree and len(cells) == 20 and not any(reading.unknown for reading in written)
    return Analysis(found, said, cells if whole else None)


def cell_words(seat: str, denomination: str) -> str:
    """``North in spades``."""
    return f"{SEAT_NAMES[seat]} in {DENOMINATION_NAMES[denomination]}"


def encoded(tricks: dict[tuple[str, str], int]) -> str:
    """A table as 20 hex digits in CELLS order: how tables of a file are told apart."""
    return "".join(f"{tricks[key]:x}" for key in CELLS)


def decoded(table: str) -> dict[tuple[str, str], int]:
    """The tricks of a table :func:`encoded`, by declarer and denomination."""
    return {key: int(c, 16) for key, c in zip(CELLS, table)}


def fits(reading: Reading, tricks: dict[tuple[str, str], int]) -> bool:
    """Whether every cell of a table read allows the tricks of that declarer and denomination in ``tricks``."""
    return all(cell.low <= tricks[key] <= cell.high for key, cell in reading.cells.items())


def pattern_of(reading: Reading) -> str:
    """A whole table as its program wrote it, in CELLS order (a marker cell as the marker): the key that finds
    the solved tables it fits (:func:`written_table`)."""
    marker = reading.convention.marker if reading.convention is not None else 0
    return "".join(f"{marker if cell.low != cell.high else cell.low:x}" for cell in map(reading.cells.__getitem__, CELLS))


def written_table(table: str, convention: Convention | None) -> str:
    """A solved table as a program of ``convention`` writes it: every cell up to its ceiling as the marker."""
    if convention is None:
        return table
    return "".join(f"{convention.marker:x}" if int(c, 16) <= convention.ceiling else c for c in table)


@dataclass(frozen=True, slots=True)
class Declared:
    """A record's result: declarer's tricks in the contract's denomination, where it is written, whether the
    record's play proves it (played out, or claimed)."""

    declarer: str
    denomination: str
    contract: str
    tricks: int
    proven: bool
    line: int
    column: int
    game: int
    board: str | None
