"""The scoring method of a record, as its Scoring tag names it (:mod:`bridgelint.core.scoring_method`), read once."""

from __future__ import annotations

from ..core.scoring_method import ScoringMethod, scoring_method
from ..replay.context import Context, per_record


@per_record
def method_of(ctx: Context) -> ScoringMethod:
    """The method the record's Scoring tag names (nothing named without one)."""
    tag = ctx.record.first_tags().get("Scoring")
    return scoring_method(tag.value if tag is not None else None)
