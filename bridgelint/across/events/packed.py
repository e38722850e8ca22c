"""Compact storage for the event state: per board a few fixed-width values in arrays, found through an index.

Across files the event state keeps every board of the run (500,000 boards of
one event must fit in memory): a Python object per board costs hundreds of
bytes, a row of arrays a few dozen.  :class:`Index` finds a key's position
in such arrays (4 to 8 bytes a key); :class:`Numbers` keeps board numbers
(8 bytes each when written as a plain number); a deal is :data:`DEAL_BYTES`
bytes of a ``bytearray``.
"""

from __future__ import annotations

import struct
from array import array
from typing import Callable, Iterator
from zlib import crc32

from ...core.bridge import SEATS, VULNERABILITIES
from .sighting import Sighting

DEAL_BYTES = 20  # a deal's fingerprint (deal.py: three 52-bit masks) as bytes
_EMPTY = -1
_DIRECT, _SPREAD = 1024, 4  # plain numbers below max(_DIRECT, _SPREAD * count) are held in an array by number
_ODD = -1  # the code of a board number that is not a plain number (``07``, ``1-1``)
_SEAT_CODES = {seat: i + 1 for i, seat in enumerate(SEATS)}
_VULNERABLE_CODES = {value: i + 1 for i, value in enumerate(VULNERABILITIES)}


def deal_bytes(print_: int) -> bytes:
    return print_.to_bytes(DEAL_BYTES, "little")


def deal_at(deals: bytearray, position: int) -> int:
    return int.from_bytes(deals[position * DEAL_BYTES:(position + 1) * DEAL_BYTES], "little")


def seat_code(seat: str | None) -> int:
    """A dealer as 1-4 (N, E, S, W), 0 when unknown."""
    return _SEAT_CODES.get(seat, 0)  # type: ignore[arg-type]  # None: not a seat


def seat_of_code(code: int) -> str | None:
    return SEATS[code - 1] if code else None


def vulnerable_code(vulnerable: str | None) -> int:
    """A Vulnerable value as 1-4 (None, NS, EW, All), 0 when unknown."""
    return _VULNERABLE_CODES.get(vulnerable, 0)  # type: ignore[arg-type]  # None: not a value


class Index:
    """The positions of keys in the caller's arrays, found by the keys' hashes: an open-addressing table of
    positions, at most half full.  The caller keeps the keys and compares them (``same(position)``)."""

    __slots__ = ("slots", "used")

    def __init__(self) -> None:
        self.slots = array("i", [_EMPTY]) * 8
        self.used = 0

    def slot(self, key_hash: int, same: Callable[[int], bool], hash_of: Callable[[int], int]) -> int:
        """The slot of the key of ``key_hash`` that ``same`` accepts: the one holding its position, else the empty
        one where :meth:`put` puts it.  The table grows first when one more key would fill it over half
        (``hash_of(position)`` gives the hash of each position held)."""
        slots = self.slots
        if 2 * (self.used + 1) > len(slots):
            old, slots = slots, array("i", [_EMPTY]) * (2 * len(slots))
            self.slots = slots
            mask = len(slots) - 1
            for kept in old:
                if kept != _EMPTY:
                    i = hash_of(kept) & mask
                    while slots[i] != _EMPTY:
                        i = (i + 1) & mask
                    slots[i] = kept
        mask = len(slots) - 1
        i = key_hash & mask
        while (position := slots[i]) != _EMPTY and not same(position):
            i = (i + 1) & mask
        return i

    def put(self, slot: int, position: int) -> None:
        """Hold ``position`` in the empty ``slot`` that :meth:`slot` gave."""
        self.slots[slot] = position
        self.used += 1


class Numbers:
    """Board numbers by position: a plain number as an integer (8 bytes), any other text kept as it is."""

    __slots__ = ("codes", "odd")

    def __init__(self) -> None:
        self.codes = array("q")
        self.odd: dict[int, str] = {}

    def append(self, number: str, code: int) -> None:
        if code == _ODD:
            self.odd[len(self.codes)] = number
        self.codes.append(code)

    def __getitem__(self, position: int) -> str:
        code = self.codes[position]
        return self.odd[position] if code == _ODD else str(code)

    def hash_of(self, position: int) -> int:
        code = self.codes[position]
        return code if code != _ODD else number_hash(self.odd[position], code)


class NumberIndex:
    """Board numbers to positions.  A plain number (the usual board, numbered 1 to n) is looked up in an array
    of positions by the number itself, when it is at most a few times as large as the count held; any other
    number through a hashed :class:`Index`."""

    __slots__ = ("direct", "hashed", "count")

    def __init__(self) -> None:
        self.direct = array("i")
        self.hashed: Index | None = None
        self.count = 0

    def get(self, number: str, code: int, numbers: Numbers) -> int:
        """The position of ``number`` (of ``code``, :func:`number_code`), or -1; ``numbers`` holds the numbers of
        the positions."""
        if 0 <= code < len(self.direct):
            position = self.direct[code]
            if position != _EMPTY or self.hashed is None:
                return position
        if self.hashed is None:
            return _EMPTY
        slot = self._slot(number, code, numbers)  # first: the table may grow
        return self.hashed.slots[slot]

    def add(self, number: str, code: int, position: int, numbers: Numbers) -> None:
        """Hold ``position`` for ``number``, not yet held."""
        self.count += 1
        direct = self.direct
        if 0 <= code < max(_DIRECT, _SPREAD * self.count):
            if code >= len(direct):
                direct.extend(array("i", [_EMPTY]) * (max(code + 1, 2 * len(direct)) - len(direct)))
            direct[code] = position
            return
        if self.hashed is None:
            self.hashed = Index()
        self.hashed.put(self._slot(number, code, numbers), position)

    def _slot(self, number: str, code: int, numbers: Numbers) -> int:
        assert self.hashed is not None
        return self.hashed.slot(number_hash(number, code), lambda position: numbers[position] == number,
                                numbers.hash_of)


def number_code(number: str) -> int:
    """``number`` as an integer when it is written as one (``7``; not ``07``, ``+7`` or ``1-1``), else -1."""
    if number.isdigit() and number.isascii() and number[0] != "0" and len(number) < 19:
        return int(number)
    return _ODD


def number_hash(number: str, code: int) -> int:
    """A board number's hash, the same in every process (a reference is built in one and read in others)."""
    return code if code != _ODD else crc32(number.encode())


# a usual sighting, packed: key (its index), board (code), dealer, deal, deal_line, deal_column, place_line,
# place_column, imps_line, imps_column, line, column, game, tables, digest, vulnerable, day
_SIGHTING = struct.Struct(f"<IqB{DEAL_BYTES}s9IQQBI")
_INTS = 0xFFFFFFFF
_NO_PRINT = bytes(DEAL_BYTES)
_NO_SIGHTING = bytes(_SIGHTING.size)  # the place of a sighting kept as it is


class Sightings:
    """A file's sightings across files, in order, packed: a usual one (no table, room, score or IMPs named, a
    plain board number) in :data:`_SIGHTING`'s 94 bytes instead of the 500 of a :class:`Sighting`, any other
    kept as it is.  A worker returns them at the end of each file, and the parent may hold several files' before
    it reads them."""

    def __init__(self) -> None:
        self._packed = bytearray()
        self._keys: dict[tuple[str | None, ...], int] = {}
        self._kept: dict[int, Sighting] = {}  # by place in the order: the sightings not packed
        self._count = 0

    def append(self, sighting: Sighting) -> None:
        (key, board, dealer, deal, deal_line, deal_column, table, room, place_line, place_column, ns, imps,
         imps_line, imps_column, line, column, game, tables, digest, outcome, vulnerable, day) = sighting
        code = number_code(board) if board is not None else _ODD
        dealer_code, vulnerable_code_ = seat_code(dealer), vulnerable_code(vulnerable)
        ints = (deal_line, deal_column, place_line, place_column, imps_line, imps_column, line, column, game, day)
        if (code == _ODD or table is not None or room is not None or ns is not None or imps is not None
                or outcome is not None or (not dealer_code and dealer is not None)
                or (not vulnerable_code_ and vulnerable is not None) or not 0 <= tables < 1 << 64 or not 0 <= digest < 1 << 64
                or not all(0 <= value <= _INTS for value in ints)):
            self._kept[self._count] = sighting
            self._packed += _NO_SIGHTING
        else:
            keys = self._keys
            self._packed += _SIGHTING.pack(keys.setdefault(key, len(keys)), code, dealer_code,
                                           _NO_PRINT if deal is None else deal_bytes(deal), *ints[:-1], tables,
                                           digest, vulnerable_code_, day)
        self._count += 1

    def __iter__(self) -> Iterator[Sighting]:
        keys, kept, packed = list(self._keys), self._kept, self._packed
        for place in range(self._count):
            sighting = kept.get(place)
            if sighting is not None:
                yield sighting
                continue
            (key, code, dealer, deal, deal_line, deal_column, place_line, place_column, imps_line, imps_column, line,
             column, game, tables, digest, vulnerable, day) = _SIGHTING.unpack_from(packed, place * _SIGHTING.size)
            yield Sighting(keys[key], str(code), seat_of_code(dealer),
                           None if deal == _NO_PRINT else int.from_bytes(deal, "little"), deal_line, deal_column,
                           None, None, place_line, place_column, None, None, imps_line, imps_column, line, column,
                           game, tables, digest, None, VULNERABILITIES[vulnerable - 1] if vulnerable else None, day)
