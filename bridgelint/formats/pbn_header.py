"""The header fields of a PBN game: the first tag of each name, understood (PBN §3.4)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..core import bridge
from ..core.problems import Kind, Problem
from ..core.record import Deal, Record
from ..core.tags import Field, Tag, known


def interpret_header(record: Record, first: dict[str, Tag]) -> None:
    """Fill the record's fields from ``first``, the first tag of each name (:meth:`Record.first_tags`)."""
    for name, interpret in _FIELDS.items():
        tag = first.get(name)
        if tag is not None:
            value = known(tag.value)
            if value is not None:
                interpret(record, tag, value)


def _board(record: Record, tag: Tag, value: str) -> None:
    record.board = Field(tag.value, bridge.board_int(value), tag.line, tag.column)


def _dealer(record: Record, tag: Tag, value: str) -> None:
    seat = _parse_seat(value)
    if seat is not None and seat != value:
        record.problems.append(Problem(Kind.VALUE_SPELLING, tag.line, tag.column, (tag, value, seat, record.export)))
    record.dealer = Field(tag.value, seat, tag.line, tag.column)


def _vulnerable(record: Record, tag: Tag, value: str) -> None:
    record.vulnerable = Field(tag.value, _parse_vulnerability(value), tag.line, tag.column)


def _deal(record: Record, tag: Tag, value: str) -> None:
    deal = record.deal = parse_pbn_deal(value, tag, record)
    record.deal_field = Field(tag.value, deal, tag.line, tag.column)


def _contract(record: Record, tag: Tag, value: str) -> None:
    contract, canonical = _parse_contract(value)
    if contract is not None and not canonical:
        record.problems.append(Problem(Kind.VALUE_SPELLING, tag.line, tag.column,
                                       (tag, value, str(contract), record.export)))
    record.contract = Field(tag.value, contract, tag.line, tag.column)


def _declarer(record: Record, tag: Tag, value: str) -> None:
    record.declarer = Field(tag.value, _parse_declarer(value), tag.line, tag.column)


def _result(record: Record, tag: Tag, value: str) -> None:
    record.result = Field(tag.value, _parse_result(value), tag.line, tag.column)


def _score(record: Record, tag: Tag, value: str) -> None:
    record.score = Field(tag.value, value, tag.line, tag.column)


def _date(record: Record, tag: Tag, value: str) -> None:
    record.date = Field(tag.value, value, tag.line, tag.column)


# The values an archive repeats on most boards, parsed once each (the results are immutable).
_parse_seat = lru_cache(maxsize=64)(bridge.parse_seat)
_parse_vulnerability = lru_cache(maxsize=64)(bridge.parse_pbn_vulnerability)
_parse_declarer = lru_cache(maxsize=64)(bridge.parse_declarer)
_parse_contract = lru_cache(maxsize=1024)(bridge.parse_contract)
_parse_result = lru_cache(maxsize=1024)(bridge.parse_result)
_FIELDS = {"Board": _board, "Dealer": _dealer, "Vulnerable": _vulnerable, "Deal": _deal, "Contract": _contract,
           "Declarer": _declarer, "Result": _result, "Score": _score, "Date": _date}

_HAND_SEPARATOR = re.compile(r"\S+")
_SEATS_FROM = {seat: tuple(bridge.seat_after(seat, i) for i in range(4)) for seat in bridge.SEATS}
_RANKS_OR_X = frozenset((*bridge.RANKS, "X", "."))  # and the dots between the suits of a hand
_CARD_OF_RANK = tuple({rank: suit + rank for rank in bridge.RANKS}.__getitem__ for suit in bridge.SUITS)


def parse_pbn_deal(value: str, tag: Tag, record: Record) -> Deal | None:
    """Parse a Deal value (PBN §3.4.11); where it does not parse, a problem on ``record`` points into the value."""
    column0 = tag.value_column or tag.column  # where the value starts (the tag, if not on its line)

    def bad(kind: Kind, offset: int = 0, *facts: object) -> None:
        record.problems.append(Problem(kind, tag.line, column0 + offset, facts))

    if len(value) < 2 or value[1] != ":" or value[0].upper() not in bridge.SEATS:
        bad(Kind.DEAL_NO_SEAT, 0, value)
        return None
    first = value[0].upper()
    hands: dict[str, tuple[str, ...] | None] = {}
    columns: dict[str, int] = {}
    parts = list(_HAND_SEPARATOR.finditer(value, 2))
    if len(parts) != 4:
        bad(Kind.DEAL_HAND_COUNT, 2, len(parts))
        return None
    texts = [part.group() for part in parts]
    spaced = " ".join(texts)
    if value[2:].strip() != spaced:
        bad(Kind.DEAL_SPACING, 2, tag, f"{value[:2]}{spaced}")
    if texts.count("-") == 4:
        bad(Kind.DEAL_NO_HAND, 2)
        return None
    for seat, part, text in zip(_SEATS_FROM[first], parts, texts):
        columns[seat] = column0 + part.start()
        if text == "-":
            hands[seat] = None
            continue
        suits = text.split(".")
        if len(suits) != 4:
            bad(Kind.DEAL_SUIT_COUNT, part.start(), seat, text, len(suits))
            return None
        upper = text.upper()
        if not _RANKS_OR_X.issuperset(upper):  # the first character that is no rank
            at = part.start()  # the offset of the holding in the value
            for ranks in suits:
                for i, char in enumerate(ranks):
                    if char.upper() not in _RANKS_OR_X:
                        bad(Kind.DEAL_NOT_RANK, at + i, char, seat)
                        return None
                at += len(ranks) + 1
        unknown = "X" in upper  # a spot card left unspecified (a BridgeComposer extension)
        to_spade, to_heart, to_diamond, to_club = _CARD_OF_RANK
        spades, hearts, diamonds, clubs = upper.replace("X", "").split(".")
        cards = (*map(to_spade, spades), *map(to_heart, hearts), *map(to_diamond, diamonds), *map(to_club, clubs))
        # x spot cards, or an empty hand in a fragment deal ("..."), leave the hand unknown
        hands[seat] = None if unknown or not cards else cards
    return Deal(hands, tag.line, tag.column, columns)
