"""The par of a double-dummy table for a dealer and a vulnerability, as DDS's DealerPar gives it.  Pure.

The side that can make the highest contract (the one whose player able to bid it comes first from the dealer,
when both can) is entitled to a plus score; it bids its dearest contract unless the other side has a sacrifice
that costs less, and then it collects that penalty.  A making contract is given at the lowest level that keeps
its bonus and that the other side cannot profitably outbid, with overtricks (``1S+2``); a sacrifice with its
undertricks (``4SX-1``).  Contracts are numbered 1 (1C) to 35 (7NT).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from .bridge import SEATS, Contract, is_vulnerable
from .scoring import score

DENOMINATIONS = ("C", "D", "H", "S", "NT")  # by rank, as numbered
_NONE = 10 ** 6  # no sacrifice at the seven level or below


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract: its level and denomination, the seats that make its tricks, doubled when a sacrifice."""

    level: int
    denomination: str
    seats: str  # "N", "S", "NS", "E", "W" or "EW"
    doubled: bool
    tricks: int  # the tricks declarer takes

    @property
    def side(self) -> str:
        return "NS" if self.seats[0] in "NS" else "EW"

    @property
    def result(self) -> str:
        """``=``, ``+2`` or ``-1``."""
        over = self.tricks - self.level - 6
        return "=" if over == 0 else f"{over:+d}"

    def __str__(self) -> str:
        """As BridgeComposer writes a ParContract: ``NS 4SX-1``, ``S 2C=``, ``EW 3N+1``."""
        denomination = "N" if self.denomination == "NT" else self.denomination
        return f"{self.seats} {self.level}{denomination}{'X' if self.doubled else ''}{self.result}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (for North-South) and the par contracts (none: the deal is passed out)."""

    score: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "passed out" if self.score == 0 else f"NS {self.score}"
        return f"NS {self.score} ({'; '.join(map(str, self.contracts))})"


def _level(number: int) -> int:
    return (number - 1) // 5 + 1


def _made(number: int, vulnerable: bool) -> int:
    """The score of contract ``number`` bid and just made, undoubled."""
    level = _level(number)
    return score(Contract(level, DENOMINATIONS[(number - 1) % 5]), vulnerable, level + 6)


def _penalty(down: int, vulnerable: bool) -> int:
    """What a sacrifice doubled and ``down`` tricks short pays."""
    return -score(Contract(7, "C", "X"), vulnerable, 13 - down) if down > 0 else 0


def _floor(number: int) -> int:
    """The lowest contract of its denomination that scores the same bonus (part score, game, small or grand slam)."""
    level, denomination = _level(number), (number - 1) % 5
    game = {4: 3, 3: 4, 2: 4, 1: 5, 0: 5}[denomination]
    lowest = 1 if level < game else game if level < 6 else level
    return 5 * (lowest - 1) + denomination + 1


def par(tricks: Mapping[tuple[str, str], int], dealer: str, vulnerability: str) -> Par:
    """The par of a double-dummy table: ``tricks[seat, denomination]`` for each seat (NESW) and denomination
    (C D H S NT), at ``vulnerability`` (None, NS, EW, All) with ``dealer`` first to bid."""
    return _Par(tricks, dealer, vulnerability).result()


class _Par:
    def __init__(self, tricks: Mapping[tuple[str, str], int], dealer: str, vulnerability: str):
        self.tricks = tricks
        self.order = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(4)]  # from the dealer
        self.vulnerable = (is_vulnerable(vulnerability, "N"), is_vulnerable(vulnerability, "E"))
        # per side (0 NS, 1 EW) and denomination: the side's best tricks and the contract they make (may be < 1)
        self.best = [[max(tricks[SEATS[s], d], tricks[SEATS[s + 2], d]) for d in DENOMINATIONS] for s in (0, 1)]
        self.number = [[5 * (self.best[s][i] - 7) + i + 1 for i in range(5)] for s in (0, 1)]

    def seats(self, s: int, i: int) -> str:
        """The seats of side ``s`` that take its best tricks in denomination ``i``."""
        best = self.best[s][i]
        return "".join(seat for seat in SEATS[s::2] if self.tricks[seat, DENOMINATIONS[i]] == best)

    def primacy(self) -> int | None:
        """The side entitled to a plus score: it makes the highest contract, or bids it first; None: passed out."""
        highest = [max((n for n in self.number[s] if n >= 1), default=0) for s in (0, 1)]
        if highest[0] != highest[1]:
            return 0 if highest[0] > highest[1] else 1
        if highest[0] == 0:
            return None
        i = (highest[0] - 1) % 5
        first = next(seat for seat in self.order if self.tricks[seat, DENOMINATIONS[i]] == self.best[0][i])
        return SEATS.index(first) % 2

    def sacrifices(self, s: int, number: int, i: int) -> list[int]:
        """For each denomination, the undertricks the other side goes down to outbid side ``s``'s contract
        ``number`` (in denomination ``i``), _NONE when it would take more than 7NT."""
        other = 1 - s
        downs = []
        for j in range(5):
            if j == i:  # the same denomination: a level higher when a player of ``s`` able to bid it comes first
                needed = _level(number) + 6
                higher, down = 0, _NONE
                for seat in self.order:
                    held = self.tricks[seat, DENOMINATIONS[i]]
                    if SEATS.index(seat) % 2 == s:
                        higher |= held == needed
                    else:
                        down = min(down, needed - held + higher)
            else:
                down = int((number - self.number[other][j] + 4) / 5)  # truncated, as DDS divides
            downs.append(_NONE if self.number[other][j] + 5 * down > 35 else down)
        return downs

    def result(self) -> Par:
        s = self.primacy()
        if s is None:
            return Par(0, ())
        other = 1 - s
        vulnerable, sacrificer_vulnerable = self.vulnerable[s], self.vulnerable[other]
        sign = 1 if s == 0 else -1
        scores = [_made(n, vulnerable) if self.best[s][i] >= 7 else 0 for i, n in enumerate(self.number[s])]
        dearest = max(scores)
        dearest_number = min(n for i, n in enumerate(self.number[s]) if scores[i] == dearest)
        candidates = sorted((i for i in range(5) if self.number[s][i] >= dearest_number),
                            key=lambda i: -self.number[s][i])
        best_plus, best_down, first_sacrifice = 0, 0, None
        bid: list[tuple[int, int]] = []  # (denomination, how far short of a profitable sacrifice)
        downs: dict[int, list[int]] = {}
        for i in candidates:
            number = self.number[s][i]
            target = max(d for d in range(14) if _penalty(d, sacrificer_vulnerable) < _made(number, vulnerable))
            downs[i] = self.sacrifices(s, number, i)
            down = min(downs[i])
            if down <= target:
                best_down = max(best_down, down)
                if first_sacrifice is None:
                    first_sacrifice = (i, down)
            else:
                best_plus = max(best_plus, scores[i])
                bid.append((i, target - down))
        penalty = _penalty(best_down, sacrificer_vulnerable)
        if first_sacrifice is None or best_plus > penalty:
            return Par(sign * best_plus, tuple(self.making(s, i, gap) for i, gap in bid if scores[i] == best_plus))
        contracts: list[ParContract] = []
        i, down = first_sacrifice
        if down == best_down:
            for j, sacrifice_down in enumerate(downs[i]):
                if sacrifice_down == best_down:
                    contracts.append(self.sacrifice(s, i, j, best_down))
        return Par(sign * penalty, tuple(contracts))

    def making(self, s: int, i: int, gap: int) -> ParContract:
        """Side ``s``'s making contract in denomination ``i``, lowered as far as the other side's sacrifices
        (``gap``: how far short of profitable the best one is) and the bonus allow."""
        number = self.number[s][i]
        if gap < -1:
            number = max(number + 5 * (gap + 1), _floor(number))
        return ParContract(_level(number), DENOMINATIONS[i], self.seats(s, i), False, self.best[s][i])

    def sacrifice(self, s: int, i: int, j: int, down: int) -> ParContract:
        """The other side's sacrifice in denomination ``j`` over side ``s``'s contract in denomination ``i``."""
        other = 1 - s
        if j != i:
            number = self.number[other][j] + 5 * down
            return self._doubled(number, self.seats(other, j), down)
        contract = self.number[s][i]
        needed, higher = _level(contract) + 6, 0
        hits: list[tuple[str, int]] = []  # the sacrificing seats, and the contract each bids
        for seat in self.order:
            held = self.tricks[seat, DENOMINATIONS[i]]
            if SEATS.index(seat) % 2 == s:
                higher |= held == needed
            elif needed - held + higher == down:
                hits.append((seat, contract + 5 * higher))
        if len(hits) == 2 and hits[0][1] == hits[1][1]:
            return self._doubled(hits[0][1], self.seats(other, i), down)
        seat, number = min(hits, key=lambda hit: hit[1])
        return self._doubled(number, seat, down)

    @staticmethod
    def _doubled(number: int, seats: str, down: int) -> ParContract:
        level = _level(number)
        return ParContract(level, DENOMINATIONS[(number - 1) % 5], seats, True, level + 6 - down)
