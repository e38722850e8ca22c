"""Bridge facts shared by readers, replayers and rules: seats, calls, cards,
contracts and the Law 2 board cycle.  Pure functions, no I/O."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Literal, Sequence

from .digits import HUGE, is_digits, matched

# what a call is: a bid, pass, double, redouble or one of the marks a record writes (model names them)
CallKind = Literal["pass", "double", "redouble", "bid", "allpass", "filler", "skip", "end", "continue", "invalid"]
SEATS = "NESW"  # clockwise
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUITS = "SHDC"
RANKS = "AKQJT98765432"  # descending
DENOMINATIONS = ("C", "D", "H", "S", "NT")  # ascending (Law 18E)
PACK = tuple(s + r for s in SUITS for r in RANKS)  # the cards in pack order: by suit, then rank
FULL_DECK = frozenset(PACK)
VULNERABILITIES = ("None", "NS", "EW", "All")


def seat_after(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise from ``seat``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def side(seat: str) -> str:
    """``NS`` or ``EW``."""
    return "NS" if seat in "NS" else "EW"


def partner(seat: str) -> str:
    return seat_after(seat, 2)


def bid_rank(level: int, denomination: str) -> int:
    """Order of bids: 1C=0 … 7NT=34 (Law 18B/18E)."""
    return (level - 1) * 5 + DENOMINATIONS.index(denomination)


def hand_text(cards: Sequence[str]) -> str:
    """A hand of cards (``'SA'``, ``'H7'``...) as PBN writes it: each suit's ranks highest first, spades to clubs
    (``AKQ.JT9..8765432``); a card written twice stays twice."""
    return ".".join("".join(sorted((card[1:] for card in cards if card[0] == suit), key=RANKS.index))
                    for suit in SUITS)


def standard_dealer(board: int) -> str:
    """Dealer of a board number under Law 2."""
    return SEATS[(board - 1) % 4]


def standard_vulnerability(board: int) -> str:
    """Vulnerability of a board number under Law 2."""
    b = board - 1
    return VULNERABILITIES[(b + b // 4) % 4]


def turned_vulnerability(vulnerability: str, seats: int) -> str:
    """The vulnerability of a board written ``seats`` seats round (hands, dealer and vulnerability turned
    together): North-South's is East-West's after an odd turn."""
    return {"NS": "EW", "EW": "NS"}.get(vulnerability, vulnerability) if seats % 2 else vulnerability


SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
DENOMINATION_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "notrump"}
VULNERABILITY_WORDS = {"None": "nobody vulnerable", "NS": "North-South vulnerable", "EW": "East-West vulnerable",
                       "All": "both sides vulnerable"}  # as players say it


def is_vulnerable(vulnerability: str, seat: str) -> bool:
    return vulnerability == "All" or vulnerability == side(seat)


def board_int(raw: str | None) -> int | None:
    """The board number of a Board value, or None (``"1-1"``, ``"?"`` and numbers of more than 18 digits are not)."""
    if raw is None:
        return None
    raw = raw.strip()
    number = matched(raw) if is_digits(raw) else 0
    return number if 0 < number < HUGE else None


# --- calls -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CallToken:
    """A recognised call: its kind, bid level/denomination and canonical PBN form."""

    kind: CallKind
    level: int = 0
    denomination: str = ""
    canonical: str = ""


_BID = re.compile(r"([1-7])(NT|N|[CDHS])", re.IGNORECASE)


def parse_pbn_call(token: str) -> tuple[CallToken | None, bool]:
    """Recognise a PBN auction token.

    Returns (call, canonical): call is None when the token is no call;
    canonical is False for spellings the standard does not have but that are
    read leniently (``1N``, ``P``, ``PASS``, ``D``, ``R``, lowercase …).
    """
    upper = token.upper()
    kind = _SIMPLE_CALLS.get(upper)
    if kind is not None:
        canonical_form = _CANONICAL_SIMPLE[kind]
        return CallToken(kind, canonical=canonical_form), token == canonical_form
    m = _BID.fullmatch(token)
    if m:
        denomination = m.group(2).upper()
        if denomination == "N":
            denomination = "NT"
        canonical_form = m.group(1) + denomination
        return CallToken("bid", int(m.group(1)), denomination, canonical_form), token == canonical_form
    return None, False


_SIMPLE_CALLS: dict[str, CallKind] = {
    "PASS": "pass", "P": "pass", "X": "double", "D": "double", "XX": "redouble",
    "R": "redouble", "AP": "allpass",
}
_CANONICAL_SIMPLE = {"pass": "Pass", "double": "X", "redouble": "XX", "allpass": "AP"}


def lowercase_of(token: str, canonical: str) -> bool:
    """``token`` is ``canonical`` with letters in lowercase: import format allows it (PBN §3.11), ``PASS`` not."""
    return len(token) == len(canonical) and all(t == c or t == c.lower() for t, c in zip(token, canonical))


def parse_lin_call(token: str) -> CallToken | None:
    """Recognise one LIN call (``p d r 1C … 7N``, any case, ``X``/``XX`` too)."""
    upper = token.upper()
    kind = _LIN_SIMPLE.get(upper)
    if kind is not None:
        return CallToken(kind, canonical=_CANONICAL_SIMPLE[kind])
    m = _BID.fullmatch(token)
    if m:
        denomination = m.group(2).upper()
        if denomination == "N":
            denomination = "NT"
        return CallToken("bid", int(m.group(1)), denomination, m.group(1) + denomination)
    return None


_LIN_SIMPLE: dict[str, CallKind] = {"P": "pass", "PASS": "pass", "D": "double", "X": "double", "DBL": "double",
               "R": "redouble", "XX": "redouble", "REDBL": "redouble"}


# --- cards -----------------------------------------------------------------

def parse_card(token: str) -> str | None:
    """A card token (``SA``, ``hT``, ``D10``) as canonical ``SA``, or None."""
    if len(token) == 3 and token[1:] == "10":
        token = token[0] + "T"
    if len(token) != 2:
        return None
    suit, rank = token[0].upper(), token[1].upper()
    if suit in SUITS and rank in RANKS:
        return suit + rank
    return None


_SYMBOL_SUITS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}  # ♠ ♥ ♦ ♣


@lru_cache(maxsize=256)
def parse_lead(token: str) -> str | None:
    """A card as results files write an opening lead, as canonical ``SA``; None if it is no card.  Suit first
    (``SA``, ``hT``, ``D10``, ``♠A``) or rank first (``TD``, ``AD``, ``10D``, as Compscore writes it): no letter is
    both a suit and a rank, so the order is told by the letters."""
    token = token.strip()
    if token[:1] in _SYMBOL_SUITS:
        token = _SYMBOL_SUITS[token[0]] + token[1:]
    if len(token) == 3 and token[1:] == "10":
        token = token[0] + "T"
    elif len(token) == 3 and token[:2] == "10":
        token = "T" + token[2]
    if len(token) != 2:
        return None
    first, second = token[0].upper(), token[1].upper()
    if first in SUITS and second in RANKS:
        return first + second
    if first in RANKS and second in SUITS:
        return second + first
    return None


RANK_ORDER = {rank: i for i, rank in enumerate(RANKS)}  # 0 is the ace
# The power of each card in a trick, by trump (None: no trump) and suit led: trumps above the suit led above the rest.
_POWER = {trump: {led: {suit + rank: (26 if suit == trump else 13 if suit == led else 0) + 12 - RANK_ORDER[rank]
                        for suit in SUITS for rank in RANKS} for led in SUITS} for trump in (*SUITS, None)}


def card_power(trump: str | None, led: str) -> Callable[[str], int]:
    """The power of a card (by name, "SA") in a trick of suit ``led``: the highest trump wins, else the
    highest card of the suit led (Law 44E-F)."""
    return _POWER[trump][led].__getitem__


def trick_winner(cards: Sequence[str], trump: str | None) -> int:
    """Index of the winning card of a trick given as card names ("SA") in play order."""
    return cards.index(max(cards, key=card_power(trump, cards[0][0])))


# --- contract, declarer, result, score -------------------------------------

@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract; level 0 means passed out."""

    level: int
    denomination: str = ""
    risk: str = ""  # "", "X", "XX"

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    def __str__(self) -> str:
        return "Pass" if self.passed_out else f"{self.level}{self.denomination}{self.risk}"


PASSED_OUT = Contract(0)
_CONTRACT = re.compile(r"([1-7])(NT|N|[CDHS])(XX|X)?", re.IGNORECASE)


def parse_contract(raw: str) -> tuple[Contract | None, bool]:
    """A Contract tag value as (contract, canonical); (None, False) if malformed.

    End-position contracts (denomination only) parse as level 0 with a denomination.
    """
    text = raw.strip()
    if text.upper() == "PASS":
        return PASSED_OUT, text == "Pass"
    m = _CONTRACT.fullmatch(text)
    if m:
        denomination = m.group(2).upper()
        denomination = "NT" if denomination == "N" else denomination
        contract = Contract(int(m.group(1)), denomination, (m.group(3) or "").upper())
        return contract, text == str(contract)
    if text.upper() in ("S", "H", "D", "C", "NT"):
        return Contract(0, text.upper()), text == text.upper()
    return None, False


_RESULT = re.compile(r"\^?\s*(?:([0-9]+)|(NS|EW)\s+([0-9]+)(?:\s+(NS|EW)\s+([0-9]+))?)")


@dataclass(frozen=True, slots=True)
class Result:
    """A Result value: tricks by side (None where not given); ``marked`` for ``^``."""

    declarer_tricks: int | None  # the bare form
    ns: int | None
    ew: int | None
    marked: bool

    def tricks_for(self, declarer: str) -> int | None:
        """Declarer's tricks, from whichever form was written."""
        if self.declarer_tricks is not None:
            return self.declarer_tricks
        own, other = (self.ns, self.ew) if side(declarer) == "NS" else (self.ew, self.ns)
        if own is not None:
            return own
        return None if other is None else 13 - other


def parse_result(raw: str) -> Result | None:
    """Parse ``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``, optionally ``^``-marked."""
    text = raw.strip()
    m = _RESULT.fullmatch(text)
    if not m:
        return None
    marked = text.startswith("^")
    if m.group(1) is not None:
        return Result(matched(m.group(1)), None, None, marked)
    values = {m.group(2).upper(): matched(m.group(3))}
    if m.group(4):
        if m.group(4).upper() in values:
            return None
        values[m.group(4).upper()] = matched(m.group(5))
    return Result(None, values.get("NS"), values.get("EW"), marked)


_SCORE = re.compile(r"([-+]?[0-9]+)|(NS|EW)\s+([-+]?[0-9]+)(?:\s+(NS|EW)\s+([-+]?[0-9]+))?")


@dataclass(frozen=True, slots=True)
class Score:
    """A Score value: points by side (None where not given)."""

    declarer_points: int | None  # the bare form: declarer's side
    ns: int | None
    ew: int | None

    def written(self, declarer: str | None) -> list[tuple[str, int]]:
        """What the value says, as (side, points) pairs; a bare value needs ``declarer``."""
        if self.declarer_points is not None:
            return [(side(declarer), self.declarer_points)] if declarer else []
        return [(s, p) for s, p in (("NS", self.ns), ("EW", self.ew)) if p is not None]


@lru_cache(maxsize=1024)
def parse_score(raw: str) -> Score | None:
    """Parse ``420`` (declarer's side), ``NS 420``, ``EW -100``, ``NS 420 EW -420``; once per value (the same
    few scores come back board after board)."""
    m = _SCORE.fullmatch(raw.strip())
    if not m:
        return None
    if m.group(1) is not None:
        return Score(matched(m.group(1)), None, None)
    values = {m.group(2): matched(m.group(3))}
    if m.group(4):
        if m.group(4) in values:
            return None
        values[m.group(4)] = matched(m.group(5))
    return Score(None, values.get("NS"), values.get("EW"))


def parse_declarer(raw: str) -> tuple[str | None, bool]:
    """A Declarer value as (seat, marked); seat None if malformed."""
    text = raw.strip()
    marked = text.startswith("^")
    seat = text[1:] if marked else text
    if len(seat) == 1 and seat.upper() in SEATS:
        return seat.upper(), marked
    return None, marked


_VULNERABILITY_WORDS = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS",
                        "EW": "EW", "ALL": "All", "BOTH": "All"}


def parse_pbn_vulnerability(raw: str) -> str | None:
    """PBN §3.4.10 values, read case-insensitively; None if invalid."""
    return _VULNERABILITY_WORDS.get(raw.strip().upper())


def parse_seat(raw: str) -> str | None:
    text = raw.strip().upper()
    return text if len(text) == 1 and text in SEATS else None


_LIN_RESULT = re.compile(r"\s*([1-7])(NT|[CDHSN])([NESW])(XX|X)?(=|[+-][0-9]{1,2})\s*", re.IGNORECASE)


def parse_lin_result_entry(entry: str) -> tuple[Contract, str | None, int | None] | None:
    """One entry of a LIN ``rs`` list as (contract, declarer, declarer's tricks).

    ``4HE=``, ``3NWx-1``, ``5DNx+1``; ``P``/``PASS`` is a passed-out board
    (declarer and tricks None).  None when the entry is malformed.
    """
    text = entry.strip()
    if text.upper() in ("P", "PASS"):
        return PASSED_OUT, None, None
    m = _LIN_RESULT.fullmatch(text)
    if not m:
        return None
    denomination = m.group(2).upper()
    contract = Contract(int(m.group(1)), "NT" if denomination == "N" else denomination, (m.group(4) or "").upper())
    over = 0 if m.group(5) == "=" else int(m.group(5))
    return contract, m.group(3).upper(), contract.level + 6 + over
