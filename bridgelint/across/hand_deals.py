"""The hand record's deal of each board, given to the records that have no whole deal of their own
(``Context.hand_deal``): the reference deal the V rules check a traveller's leads against, that check --dd
solves for O105 on the traveller's rows, and that spares a traveller without a deal D101 (``--hand-record``)."""

from __future__ import annotations

from ..core.fingerprint import hands_of
from ..core.record import Deal
from ..core.tags import known
from ..replay.context import Context
from ..rules.deal import NoDeal
from ..rules.optimum import UnlikelyResult
from ..rules.travellers import LEAD_CODES
from .base import Across, Scope
from .events.state import Reference

HAND_DEAL_CODES = LEAD_CODES | {UnlikelyResult.code, NoDeal.code}  # the rules that read a traveller's hand record deal


class HandDeals(Across):
    """What prepares each batch before the rules run: a record with a ScoreTable and no whole deal of its own
    gets the hand record's deal of its board, when a hand record holds that board."""

    codes = HAND_DEAL_CODES  # those of the rules it prepares for: it decides none
    batch = 1

    def __init__(self, reference: Reference):
        self.reference = reference

    @classmethod
    def made(cls, codes: frozenset[str], scope: Scope) -> list[Across]:
        """On when the run has hand records and a V rule, O105 (with --dd) or D101 is selected."""
        return [cls(scope.reference)] if scope.reference is not None and codes & cls.codes else []

    def prepare(self, batch: list[Context]) -> None:
        for ctx in batch:
            record = ctx.record
            if "ScoreTable" not in record.tables or record.deal is not None and record.deal.held.whole:
                continue
            number = known(record.board_number or "")
            official = self.reference.get(number) if number is not None else None
            if official is not None:
                ctx.hand_deal = Deal({seat: tuple(cards) for seat, cards in hands_of(official.deal).items()},
                                     official.line, 1)
