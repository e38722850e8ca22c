"""The event checks of a file's run, as a check across records (:class:`EventHook`), and what it leaves the run.

Within files (the default) each file is a scope of its own: the hook decides
as the file is read.  Across files (``--across-files``) the run is one scope:
the hook keeps each file's sightings (its :class:`Pending`), and the run's part
in the parent process feeds them to the run's state in input order
(``engine.run_events.RunEvents``), whatever process read the file, so the
report does not depend on ``--jobs``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple

from ...core.findings import Finding
from ...replay.context import Context
from ...rules.event import EVENT_CODES, UncomparedBoard
from ..base import Across, Scope
from .packed import Sightings
from .sighting import NO_DATE, Sighting, carried, sight
from .state import EventState, Reference

UNCOMPARED = UncomparedBoard.code

if TYPE_CHECKING:
    from ...core.report import FileReport


class EventHook(Across):
    """E101-E106 as a check across records."""

    codes = EVENT_CODES

    @classmethod
    def made(cls, codes: frozenset[str], scope: Scope) -> list[Across]:
        """On whenever an event code is selected (across files: every file counts, its sightings are the run's
        even where its own event findings are ignored), or the run has hand records; never when the run checks
        no event (``scope.events`` None)."""
        events = scope.events
        if events is None or not (events.across or events.reference is not None or codes & EVENT_CODES):
            return []
        return [cls(*events)]

    def __init__(self, across: bool = False, listed: bool = True, reference: Reference | None = None):
        self.across = across
        self.listed = listed
        self.reference = reference
        # decided by the run, after the file: across files all; with hand records, E105 (a hand record compared
        # with no record of the run)
        self.later = EVENT_CODES if across else frozenset((UNCOMPARED,)) if reference is not None else frozenset()
        self.state = EventState(reference)
        self.sightings = Sightings()
        self.checked = EVENT_CODES  # the codes checked in the file
        self.pending: Pending | None = None  # what the run's part decides after the file, once it is read
        self._keys: dict[tuple, tuple] = {}
        self._before: tuple | None = None  # the key of the file's previous game, and its tags as written
        self._written: tuple | None = None
        self._day = 0  # the day of the file's previous game

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        """The records that follow are of ``path``, in which ``codes`` are checked."""
        if not self.across:
            self.state = EventState(self.reference)
            self.state.start_file(path)
        self.sightings, self.checked, self.pending, self._before, self._written, self._day = \
            Sightings(), codes, None, None, None, 0

    def see(self, ctx: Context) -> list[Finding]:
        sighting = sight(ctx, self._key, self._day_of)
        if self.across:
            self.sightings.append(sighting)
            return []
        return self.state.add(sighting)

    def _key(self, key: tuple, by_tags: bool) -> tuple:
        """The event key of a game, one tuple per event; a key made of tags (``by_tags``) takes those the game does
        not write from the game before."""
        if key == self._written and self._before is not None:
            return self._before
        self._written = key
        if by_tags:
            key = carried(key, self._before)
        self._before = key = self._keys.setdefault(key, key)
        return key

    def _day_of(self, day: int) -> int:
        """The day of a game: a game that writes no Date is dated as the game before it in the file."""
        if day == NO_DATE:
            return self._day
        self._day = day
        return day

    def end_file(self, report: FileReport) -> list[Finding]:
        """The file is read: its events listed on ``report`` (when the report lists them; across files the run's
        come at the end), and what the parent needs to decide its event findings after it (``pending``: across
        files, or with hand records).

        Returns the findings decided at the end of the file (a fouled board by the majority)."""
        if self.across:
            self.pending = Pending(self.sightings, self.later)
            return []
        if self.listed:
            report.events = self.state.summary()
        held = self.state.end_file(self.checked)  # with hand records: its E101s, or one E106
        if self.reference is not None:
            self.pending = Pending([], self.later, frozenset(self.state.compared))
        return held + self.state.finish().get(0, [])


class Pending(NamedTuple):
    """What the run's part needs of a file to decide its event findings after the file: its sightings (across
    files), the codes decided then, and the hand records its records were compared with (file by file)."""

    sightings: Iterable[Sighting]
    later: frozenset[str]
    compared: frozenset[int] = frozenset()
