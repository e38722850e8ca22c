"""A record's tables read once, for every rule and event check that asks (``per_record``): its ScoreTable as a
:class:`~bridgelint.core.traveller.Traveller` and the field of its scores, its TotalScoreTable as
:class:`~bridgelint.core.standings.Standings`, and whether its traveller's ids stand apart.  What they read is
:mod:`bridgelint.core.traveller`'s and :mod:`bridgelint.core.standings`'."""

from __future__ import annotations

from ..core.standings import Standings, standings_table
from ..core.traveller import ScoreField, Traveller, score_field, score_table
from ..replay.context import Context, per_record


@per_record
def traveller(ctx: Context) -> Traveller | None:
    """The record's ScoreTable, read a column at a time (None without one, or one with no columns or rows)."""
    table = score_table(ctx.record)
    return Traveller(table) if table is not None else None


@per_record
def field_of(ctx: Context) -> ScoreField | None:
    """The field of the record's ScoreTable (:func:`~bridgelint.core.traveller.score_field`)."""
    view = traveller(ctx)
    return score_field(view) if view is not None else None


@per_record
def ids_apart(ctx: Context) -> bool:
    """Whether the record's ScoreTable writes each pair's id once, plainly (``Traveller.ids_apart``), for R106 and
    the standings."""
    view = traveller(ctx)
    return view is not None and view.ids_apart()


@per_record
def standings(ctx: Context) -> Standings | None:
    """The record's TotalScoreTable (:func:`~bridgelint.core.standings.standings_table`), for R103, R104 and R105."""
    table = standings_table(ctx.record)
    return Standings(table) if table is not None else None
