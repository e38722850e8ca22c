"""The event checks in a run: a record hook for the pipeline, and the parent's part after each file.

Within files (the default) each file is a scope of its own: the hook decides
as the file is read.  Across files (``--across-files``) the run is one scope:
the hook keeps each file's sightings, and the parent process feeds them to
the run's state in input order (:class:`RunEvents`), whatever process read
the file, so the report does not depend on ``--jobs``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, NamedTuple

from ...core.findings import Finding
from ...replay.context import Context
from ...rules.across import AcrossRecords
from ...rules.event import EVENT_CODES, UncomparedBoard
from ..cascade import without_consequences
from ..finalize import Finalize
from ..linter import location
from .packed import Sightings
from .sighting import NO_DATE, Sighting, carried, sight
from .state import EventState, Reference

UNCOMPARED = UncomparedBoard.code

if TYPE_CHECKING:
    from ...core.report import FileReport


class EventScope(NamedTuple):
    """How a run checks events: across files or file by file, whether its report lists them (JSON), and the hand
    records' deals (``--hand-record``), E101's reference when given."""

    across: bool = False
    listed: bool = False
    reference: Reference | None = None


def event_hooks(codes: frozenset[str], scope: EventScope | None) -> list[EventHook]:
    """The event hook of a file's run: on whenever an event code is selected (across files: every file counts,
    its sightings are the run's even where its own event findings are ignored); none when ``scope`` is None."""
    if scope is None or not (scope.across or scope.reference is not None or codes & EVENT_CODES):
        return []
    return [EventHook(*scope)]


class EventHook(AcrossRecords):
    """E101-E104 as a record hook of the pipeline."""

    def __init__(self, across: bool = False, listed: bool = True, reference: Reference | None = None):
        self.across = across
        self.listed = listed
        self.reference = reference
        # decided by the run, after the file: across files all; with hand records, E105 (a hand record compared
        # with no record of the run)
        self.later = EVENT_CODES if across else frozenset((UNCOMPARED,)) if reference is not None else frozenset()
        self.state = EventState(reference)
        self.sightings = Sightings()
        self.finalize: Finalize | None = None  # the file's last step
        self.pending: Pending | None = None  # what the parent decides after the file, once it is read
        self._keys: dict[tuple, tuple] = {}
        self._before: tuple | None = None  # the key of the file's previous game, and its tags as written
        self._written: tuple | None = None
        self._day = 0  # the day of the file's previous game

    def start_file(self, path: str, finalize: Finalize) -> None:
        """The records that follow are of ``path``, whose findings ``finalize`` makes final."""
        if not self.across:
            self.state = EventState(self.reference)
            self.state.start_file(path)
        self.sightings, self.finalize, self.pending, self._before, self._written, self._day = \
            Sightings(), finalize, None, None, None, 0

    def __call__(self, ctx: Context) -> list[Finding]:
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
            if self.finalize is not None:
                self.pending = Pending(self.sightings, self.finalize, self.later)
            return []
        if self.listed:
            report.events = self.state.summary()
        codes = self.finalize.codes if self.finalize is not None else EVENT_CODES
        held = self.state.end_file(codes)  # with hand records: its E101s, or one E106
        if self.reference is not None and self.finalize is not None:
            self.pending = Pending([], self.finalize, self.later, frozenset(self.state.compared))
        return held + self.state.finish().get(0, [])


class Pending(NamedTuple):
    """What the parent needs of a file to decide its event findings after the file: its sightings (across files),
    its last step (its codes and directives), the codes decided then, and the hand records its records were
    compared with (file by file)."""

    sightings: Iterable[Sighting]
    finalize: Finalize
    later: frozenset[str]
    compared: frozenset[int] = frozenset()


def settle(state: EventState, path: str, pending: Pending) -> list[Finding]:
    """The parent's part across files: the file's sightings fed to the run's state in input order.

    Returns the file's event findings decided now, made final; those decided at the end of the run come from
    :func:`conclude`.
    """
    state.start_file(path)
    found = [f for sighting in pending.sightings for f in state.add(sighting)]
    return pending.finalize.record(found + state.end_file(pending.finalize.codes))


def conclude(found: list[Finding], pending: Pending) -> list[Finding]:
    """The end of the run for one file: the event findings decided then (``found``) made final, with S112 for a
    directive of a code decided then that suppressed nothing."""
    return pending.finalize.later(found, pending.later)


class RunEvents:
    """The parent's part of a run's event checks: each file's report held, in input order, its sightings settled
    as it comes (across files), and at the end of the run the findings decided then (:meth:`conclude`): the
    fouled boards by the majority across files, and E105 on each hand record no record of the run was compared
    with."""

    def __init__(self, scope: EventScope):
        self.state = EventState(scope.reference) if scope.across else None  # the run's events, across files
        self.reference = scope.reference
        # each report, what it waits for (None: nothing) and its index in the run's state (None: not settled)
        self.held: list[tuple[FileReport, Pending | None, int | None]] = []

    def hold(self, report: FileReport, pending: Pending | None) -> None:
        """Hold a file's report, and what it waits for, until the end of the run; across files, add to it the
        findings the run's state decides for it now."""
        index = None
        if self.state is not None and pending is not None:
            found = settle(self.state, report.path, pending)
            report.findings = sorted(without_consequences(report.findings, found) + found, key=location)
            pending = pending._replace(sightings=[])  # the state holds what it needs of them
            index = len(self.state.paths) - 1
        self.held.append((report, pending, index))

    def summary(self) -> list[dict] | None:
        """The run's events, across files (None: file by file, each report lists its own)."""
        return self.state.summary() if self.state is not None else None

    def conclude(self) -> list[FileReport]:
        """The reports held, in input order, each with the event findings decided at the end of the run."""
        state, reference = self.state, self.reference
        decided = state.finish() if state is not None else {}
        compared = set(state.compared) if state is not None else set()
        for _, pending, _ in self.held:
            if state is None and pending is not None:
                compared |= pending.compared
        uncompared = reference.uncompared(compared) if reference is not None else {}
        hand = {path: uncompared[i] for i, path in enumerate(reference.files) if i in uncompared} if reference else {}
        for report, pending, index in self.held:
            if pending is None:
                continue
            found = decided.get(index, []) if index is not None else []
            if report.path in hand:
                found = found + [hand.pop(report.path)]  # once, on the first report of that hand record
            final = conclude(found, pending)
            report.findings = sorted(without_consequences(report.findings, final) + final, key=location)
        return [report for report, _, _ in self.held]
