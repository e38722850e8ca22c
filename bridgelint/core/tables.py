"""The supplemental tables of PBN (§5.3-§5.10): predefined columns and typed element values.

A column of a standard table has a *kind* that says what its elements are
(a rank, a score, a contract...); ``parse_element`` turns an element's text
into its typed value, or says it is malformed.  Pure: no reading, no findings.
"""

from __future__ import annotations

import re
from typing import cast

from .bridge import RANKS, SEATS, Contract, parse_card, parse_contract, parse_pbn_call
from .digits import is_digits, matched, whole, wholes

# Kinds of element.
TEXT, RANK, COUNT, NUMBER, SCORE = "text", "rank", "count", "number", "score"
PERCENTAGE, TRICKS = "percentage", "tricks"
CONTRACT, SEAT, CALL, CARD, DENOMINATION, TIME, RANGE, HOLDING = (
    "contract", "seat", "call", "card", "denomination", "time", "range", "holding")

_SIDES = ("_NS", "_EW")


def _both(name: str, kind: str) -> dict[str, str]:
    return {name + s: kind for s in _SIDES}


def _seats(name: str, kind: str) -> dict[str, str]:
    return {f"{name}_{seat}": kind for seat in ("North", "South", "East", "West")}


# The predefined columns of each standard table, with their kinds (PBN §5.3-§5.10).
TABLE_COLUMNS: dict[str, dict[str, str]] = {
    "ActionTable": {"Rank": RANK, "Call": CALL, "Card": CARD, "Declarer": SEAT, "Contract": CONTRACT,
                    "Percentage": PERCENTAGE},
    "AuctionTimeTable": {"Time": TIME, "TotalTime": TIME},
    "InstantScoreTable": {"Rank": RANK, **_both("ScoreRange", RANGE), **_both("IMP", NUMBER),
                          **_both("Percentage", PERCENTAGE)},
    "OptimumPlayTable": dict.fromkeys("SHDC", HOLDING),
    "OptimumResultTable": {"Declarer": SEAT, "Denomination": DENOMINATION, "Result": COUNT},
    "PlayTimeTable": {"Time": TIME, "TotalTime": TIME},
    "ScoreTable": {"Rank": RANK, **_both("PairId", TEXT), **_both("Names", TEXT), "Contract": CONTRACT,
                   "Declarer": SEAT, "Result": TRICKS, **_both("Score", SCORE), **_both("IMP", NUMBER),
                   **_both("MP", NUMBER), **_both("Percentage", PERCENTAGE), "Multiplicity": COUNT,
                   # as programs write them: a Butler datum; an individual event's seats (Ruter)
                   "ButlerDatum": NUMBER, "Datum": NUMBER, **_seats("MP", NUMBER), **_seats("Percentage", PERCENTAGE)},
    "TotalScoreTable": {"Rank": RANK, "PairId": TEXT, "Names": TEXT, "TotalScore": NUMBER, "TotalIMP": NUMBER,
                        "TotalMP": NUMBER, "TotalPercentage": PERCENTAGE, "MeanScore": NUMBER, "MeanIMP": NUMBER,
                        "MeanMP": NUMBER, "MeanPercentage": PERCENTAGE, "NrBoards": COUNT, "Multiplicity": COUNT,
                        # as programs write them (Ruter): totals by method, the last rank of a tie, the direction
                        "TotalScoreIMP": NUMBER, "TotalScoreMP": NUMBER, "TotalScoreVP": NUMBER, "RankTie": RANK,
                        "Direction": TEXT},
}

# What an element of each kind must look like, for messages.
KIND_FORMS = {
    RANK: "a rank (1, 2, ...)", COUNT: "a whole number", NUMBER: "a number", SCORE: "a score in points",
    PERCENTAGE: "a percentage (0-100)", TRICKS: "a number of tricks (0-13)",
    CONTRACT: "a contract (Pass, 1C ... 7NTXX)", SEAT: "a seat (W, N, E, S)",
    CALL: "a call (Pass, X, XX, 1C ... 7NT)", CARD: "a card (SA ... C2) or a suit",
    DENOMINATION: "a denomination (S, H, D, C, NT)", TIME: "a time (HH:MM:SS, MM:SS or SS)",
    RANGE: "a score range (s, s1,*, s1,s2 or *,s2)", HOLDING: "ranks (AKQJT98765432) or -",
}

UNKNOWN, IRRELEVANT, ARTIFICIAL = "?", "-", "^"  # PBN §5.2
MALFORMED = object()  # what parse_element returns for an element of the wrong form

# Adjusted scores as scoring programs write them in a score column (Law 12C averages): not a PBN score
# (§4.2), but no malformed one either; their rows count as artificial.
ADJUSTED_SCORES = {"A+": "average plus", "A-": "average minus", "A=": "average"}


def adjusted_score(text: str) -> str | None:
    """What an element written as an adjusted score (``A+``, ``"A-"``...) awards, in words; None if it is not one."""
    if text[:1] not in ('"', "A", "a"):
        return None  # most elements: told at their first character
    if text[:1] == '"':
        text = unquoted(text)
    return ADJUSTED_SCORES.get(text.upper())

_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_TIME = re.compile(r"(?:(?:([0-9]{1,2}):)?([0-9]{1,2}):)?([0-9]{1,2})")
_DENOMINATIONS = frozenset(("S", "H", "D", "C", "NT"))


def number(text: str) -> int | float | None:
    """A decimal number as an int (no decimal point) or a float; None if not a number."""
    if (value := whole(text)) is not None:
        return value
    if _DECIMAL.fullmatch(text):
        return float(text)
    return None


def decimals(text: str) -> int:
    """How many decimals a number is written with."""
    point = text.find(".")
    return 0 if point < 0 else len(text) - point - 1


def unquoted(text: str) -> str:
    """A string element's content (PBN §3.2 escapes undone); other elements as they are."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        text = text[1:-1]
        return text.replace('\\"', '"').replace("\\\\", "\\") if "\\" in text else text
    return text


def sort_key(text: str) -> tuple | None:
    """How an element compares in a sorted column: numbers as numbers, other text as text; None for ? and -."""
    if text[:1] == ARTIFICIAL:
        text = text[1:]
    if text in (UNKNOWN, IRRELEVANT, ""):
        return None
    value = number(text)
    return (0, value, "") if value is not None else (1, 0, text)


def parse_element(kind: str | None, text: str) -> object:
    """The typed value of an element of a column of ``kind`` (None: not predefined).

    ``?``, ``-`` and an adjusted score (``A+``...) are None; a leading ``^``
    (artificial) is not part of the value.  Returns MALFORMED when the element does not have the kind's form.
    """
    if text[:1] == ARTIFICIAL:
        text = text[1:]
    if text in (UNKNOWN, IRRELEVANT):
        return None
    if text[:1] == '"':
        text = unquoted(text)
    if kind is None or kind == TEXT:
        return text
    if kind == SCORE and text.upper() in ADJUSTED_SCORES:
        return None
    value = _PARSERS[kind](text)
    return MALFORMED if value is None else value


def column_values(kind: str | None, texts: list[str]) -> list[object]:
    """:func:`parse_element` of each element of a column of ``kind``; a column of scores or numbers that are all
    plain whole numbers (nearly every one) is read at once."""
    if kind in (SCORE, NUMBER):
        found = wholes(texts)
        if found is not None:
            return cast(list[object], found)
        if IRRELEVANT in texts or UNKNOWN in texts:  # scores given on one side only: the other side's -
            known = [text for text in texts if text not in _NOTHING]
            if (found := wholes(known)) is not None:
                numbers = iter(found)
                return [None if text in _NOTHING else next(numbers) for text in texts]
    return [parse_element(kind, text) for text in texts]


_NOTHING = (UNKNOWN, IRRELEVANT)


def _rank(text: str) -> int | None:
    value = _count(text)
    return value if value is None or value >= 1 else None


def _count(text: str) -> int | None:
    return matched(text) if is_digits(text) else None


def _score(text: str) -> int | None:
    return whole(text)


def _percentage(text: str) -> int | float | None:
    value = number(text)
    return value if value is not None and 0 <= value <= 100 else None


def _tricks(text: str) -> int | None:
    value = _count(text)
    return value if value is not None and value <= 13 else None


def _contract(text: str) -> Contract | None:
    contract, _ = parse_contract(text)
    return contract if contract is not None and (contract.level or not contract.denomination) else None


def _seat(text: str) -> str | None:
    return text.upper() if len(text) == 1 and text.upper() in SEATS else None


def _call(text: str) -> str | None:
    if text == "0":  # every other call, as in the standard's own ActionTables
        return text
    token, _ = parse_pbn_call(text)
    return token.canonical if token is not None and token.kind != "allpass" else None


def _card(text: str) -> str | None:
    if text == "0" or text.upper() in ("S", "H", "D", "C"):  # every other card; any card of a suit
        return text.upper()
    return parse_card(text) if len(text) == 2 else None


def _denomination(text: str) -> str | None:
    text = text.upper()
    return text if text in _DENOMINATIONS else None


def _time(text: str) -> int | None:
    """Seconds of ``HH:MM:SS``, ``MM:SS`` or ``SS`` (PBN §5.4)."""
    m = _TIME.fullmatch(text)
    if not m:
        return None
    hours, minutes, seconds = (int(part) if part else 0 for part in m.groups())
    if (m.group(2) and seconds > 59) or (m.group(1) and minutes > 59):
        return None
    return hours * 3600 + minutes * 60 + seconds


def _range(text: str) -> tuple[int | None, int | None] | None:
    """A score range as the lowest and highest score it holds (None: no bound) (PBN §5.5)."""
    low, comma, high = text.partition(",")
    if not comma:
        return None if (value := whole(text)) is None else (value, value)
    lowest, highest = whole(low), whole(high)
    if low == "*" and highest is not None:
        return None, highest - 1
    if high == "*" and lowest is not None:
        return lowest + 1, None
    if lowest is not None and highest is not None and lowest < highest - 1:
        return lowest + 1, highest - 1
    return None


def _holding(text: str) -> str | None:
    text = text.upper()
    return text if text and all(rank in RANKS for rank in text) else None


_PARSERS = {RANK: _rank, COUNT: _count, NUMBER: number, SCORE: _score, PERCENTAGE: _percentage,
            TRICKS: _tricks, CONTRACT: _contract, SEAT: _seat, CALL: _call, CARD: _card,
            DENOMINATION: _denomination, TIME: _time, RANGE: _range, HOLDING: _holding}
