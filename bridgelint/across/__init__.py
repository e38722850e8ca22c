"""Checks across records: what sees every record of a file, in order, keeping state across them.

A rule (:mod:`bridgelint.rules`) sees one record.  What needs more than one is
a check across records (:class:`~.base.AcrossRecords`, the protocol the engine
runs it by, said in :mod:`.base`); :data:`ACROSS` is their catalogue, as
``rules.RULES`` is the rules'.  Each one asks for its place in a file's run
(``made``) by the codes checked in the file and the run's :class:`~.base.Scope`:

- :class:`~.hand_deals.HandDeals` gives a traveller the hand record's deal
  (``--hand-record``), for the V rules and O105;
- :class:`~.optimum.SolvedFile` decides O103 and O105 across a file's solved
  deals (``--dd``; the engine's solve stage runs before it);
- :class:`~.events.hook.EventHook` decides E101-E106: the records of an event
  compared board by board (:mod:`.events`), within a file or across files;
- :class:`~.optimum.MakeableOnlyHook` decides O104 at the end of a file;
- :class:`~.standings.StandingsHook` decides R104, R105 and R106: a file's
  standings against its travellers, its teams matches.

The findings they make are the rules' (each is made by its rule class, from the
facts the check holds), and join a file's report through the same selection,
suppression and finishing as the rules' own.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .base import Across, AcrossRecords, Scope
from .events.hook import EventHook
from .hand_deals import HandDeals
from .optimum import MakeableOnlyHook, SolvedFile
from .standings import StandingsHook

# in the order a file's run calls them; PREPARING before the solve stage, which the checks that follow read
PREPARING: tuple[type[Across], ...] = (HandDeals,)
DECIDING: tuple[type[Across], ...] = (SolvedFile, EventHook, MakeableOnlyHook, StandingsHook)
ACROSS = PREPARING + DECIDING


def checks_for(codes: frozenset[str], scope: Scope, solving: Sequence[AcrossRecords] = ()) -> list[AcrossRecords]:
    """The checks across records of a file's run in which ``codes`` are checked, in the order they run, with
    ``solving`` (the engine's solve stage, with ``--dd``) after those that prepare what it solves."""
    made: Iterable[AcrossRecords] = (hook for check in PREPARING for hook in check.made(codes, scope))
    return [*made, *solving, *(hook for check in DECIDING for hook in check.made(codes, scope))]


__all__ = ["ACROSS", "Across", "AcrossRecords", "Scope", "checks_for"]
