"""A record's tables read once, for every rule and event check that asks (``per_record``): its ScoreTable as a
:class:`~bridgelint.core.traveller.Traveller` and the field of its scores, its TotalScoreTable as
:class:`~bridgelint.core.standings.Standings`, and whether its traveller's ids stand apart.  What they read is
:mod:`bridgelint.core.traveller`'s and :mod:`bridgelint.core.standings`'."""

from __future__ import annotations

from ..core.record import Record
from ..core.standings import Standings
from ..core.tables import Table
from ..core.traveller import ScoreField, Traveller, score_field
from ..replay.context import Context, per_record


def filled(record: Record, name: str) -> Table | None:
    """The record's table ``name``, when it has columns and rows."""
    table = record.tables.get(name)
    return table if table is not None and table.columns and len(table) else None


@per_record
def traveller(ctx: Context) -> Traveller | None:
    """The record's ScoreTable, read a column at a time (None without one, or one with no columns or rows)."""
    table = filled(ctx.record, "ScoreTable")
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
    """The record's TotalScoreTable read by column (None without one, or one with no columns or rows), for R103,
    R104 and R105."""
    table = filled(ctx.record, "TotalScoreTable")
    return Standings(table) if table is not None else None
