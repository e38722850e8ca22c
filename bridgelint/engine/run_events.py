"""The event checks' part in the run, in the parent: each file's report held until the end of the run.

Across files (``--across-files``) the run is one scope: each file's event hook
(:class:`~..across.events.hook.EventHook`) leaves its sightings, and
:class:`RunEvents` feeds them to the run's state in input order, whatever
process read the file, so the report does not depend on ``--jobs``.  With
hand records, it says at the end of the run which hand record boards no
record of the run was compared with (E105).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..across.base import EventScope
from ..across.events.hook import Pending
from ..across.events.state import EventState
from ..core.findings import Finding
from .cascade import without_consequences
from .finalize import Finalize
from .linter import location

if TYPE_CHECKING:
    from ..core.report import FileReport


class Waiting(NamedTuple):
    """What a file leaves a check's part in the run (its ``pending``: the event hook's :class:`Pending`), with
    the file's last step (its codes and directives), which makes final what is decided after the file."""

    pending: object
    finalize: Finalize


def settle(state: EventState, path: str, pending: Pending, finalize: Finalize) -> list[Finding]:
    """The run's part across files: the file's sightings fed to the run's state in input order.

    Returns the file's event findings decided now, made final; those decided at the end of the run come from
    :meth:`RunEvents.end_run`.
    """
    state.start_file(path)
    found = [f for sighting in pending.sightings for f in state.add(sighting)]
    return finalize.record(found + state.end_file(finalize.codes))


class RunEvents:
    """The event checks' part in the run (:class:`~..across.base.AcrossFiles`): each file's report held, in
    input order, its sightings settled as it comes (across files), and at the end of the run the findings decided
    then (:meth:`end_run`): the fouled boards by the majority across files, and E105 on each hand record no
    record of the run was compared with."""

    def __init__(self, scope: EventScope):
        self.state = EventState(scope.reference) if scope.across else None  # the run's events, across files
        self.reference = scope.reference
        # each report, what it waits for (None: nothing) and its index in the run's state (None: not settled)
        self.held: list[tuple[FileReport, tuple[Pending, Finalize] | None, int | None]] = []

    def hold(self, report: FileReport, pending: object) -> None:
        """Hold a file's report, and what it waits for (a :class:`Waiting` of the event hook's, or None), until the
        end of the run; across files, add to it the findings the run's state decides for it now."""
        waiting = (pending.pending, pending.finalize) \
            if isinstance(pending, Waiting) and isinstance(pending.pending, Pending) else None
        index = None
        if self.state is not None and waiting is not None:
            found = settle(self.state, report.path, *waiting)
            report.findings = sorted(without_consequences(report.findings, found) + found, key=location)
            waiting = (waiting[0]._replace(sightings=[]), waiting[1])  # the state holds what it needs of them
            index = len(self.state.paths) - 1
        self.held.append((report, waiting, index))

    def summary(self) -> list[dict] | None:
        """The run's events, across files (None: file by file, each report lists its own)."""
        return self.state.summary() if self.state is not None else None

    def end_run(self) -> list[FileReport]:
        """The reports held, in input order, each with the event findings decided at the end of the run."""
        state, reference = self.state, self.reference
        decided = state.finish() if state is not None else {}
        compared = set(state.compared) if state is not None else set()
        for _, waiting, _ in self.held:
            if state is None and waiting is not None:
                compared |= waiting[0].compared
        uncompared = reference.uncompared(compared) if reference is not None else {}
        hand = {path: uncompared[i] for i, path in enumerate(reference.files) if i in uncompared} if reference else {}
        for report, waiting, index in self.held:
            if waiting is None:
                continue
            found = decided.get(index, []) if index is not None else []
            if report.path in hand:
                found = found + [hand.pop(report.path)]  # once, on the first report of that hand record
            pending, finalize = waiting
            final = finalize.later(found, pending.later)  # S112 for a directive of a code decided now
            report.findings = sorted(without_consequences(report.findings, final) + final, key=location)
        return [report for report, _, _ in self.held]
