"""What a check across records is: the protocol the engine runs it by, and the base that says nothing by default.

A rule's ``check`` sees one record.  What needs more than one (an event's
boards, a file's standings, the double-dummy tables of a file, the hand record's
deals given to travellers) is a check across records (:class:`AcrossRecords`),
given to each file's run by the pipeline (``Pipeline.hooks_for``, through
:func:`bridgelint.across.checks_for`), every method called for every file:

- ``start_file(path, codes)`` before the file's first record (``codes``: those
  checked in the file, its selection less its ``per-file-ignores``);
- ``prepare(batch)`` on each batch of records read ahead, before the rules run,
  when ``batch`` (how many records it wants at a time) is above 0;
- ``see(ctx)`` with each record's replays, after the rules: the findings of
  that record, selected, completed and suppressed as the rules' are;
- ``end_file(report)`` once the file is read: findings on records of the file
  decided at its end, which join the report the same way; then ``pending``
  is what its part in the run (:class:`AcrossFiles`) needs of the file, or None.

``codes`` names the codes it decides; ``later`` those it decides after the
file, in the parent (across files): S112 leaves those to it.  A check runs in
the process that reads the file: with ``--jobs`` above 1 each worker's checks
see that worker's files only, and what is decided across files is decided by
the check's part in the run, in the parent (:class:`AcrossFiles`), from what
each file left it (``pending``), in input order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple, Protocol, runtime_checkable

from ..core.findings import Finding
from ..replay.context import Context

if TYPE_CHECKING:
    from ..core.report import FileReport
    from .events.state import Reference


class EventScope(NamedTuple):
    """How a run checks events: across files or file by file, whether its report lists them (JSON), and the hand
    records' deals (``--hand-record``), E101's reference when given."""

    across: bool = False
    listed: bool = False
    reference: Reference | None = None


class Scope(NamedTuple):
    """What a run tells the checks across records it makes: how it checks events (None: it checks none), and
    whether its deals are solved (``--dd``)."""

    events: EventScope | None = EventScope()
    solved: bool = False

    @property
    def reference(self) -> Reference | None:
        """The hand records' deals, when the run has hand records."""
        return self.events.reference if self.events is not None else None


@runtime_checkable
class AcrossRecords(Protocol):
    """A check across the records of a file, as the engine runs it."""

    codes: frozenset[str]  # the codes it decides, or those of the rules it prepares for
    later: frozenset[str]  # those it decides after the file, in its part in the run
    batch: int  # records it wants prepared at a time (0: it prepares nothing)
    pending: object  # once a file is read: what its part in the run needs of it (None: nothing)

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        """The records that follow are of ``path``, in which ``codes`` are checked."""

    def prepare(self, batch: list[Context]) -> None:
        """Work out what the batch's records need before the rules run."""

    def see(self, ctx: Context) -> Iterable[Finding]:
        """The findings on one record."""

    def end_file(self, report: FileReport) -> list[Finding]:
        """The file is read: findings on its records decided at its end."""


@runtime_checkable
class AcrossFiles(Protocol):
    """A check's part in the run, in the parent: each file's report held, in input order, with what the file
    left it, and the findings decided at the end of the run."""

    def hold(self, report: FileReport, pending: object) -> None:
        """Hold a file's report, and what the file left (``pending``: None, nothing), until the end of the run."""

    def end_run(self) -> list[FileReport]:
        """The reports held, in input order, each with the findings decided at the end of the run."""


class Across:
    """The base of a check across records: it decides nothing, prepares nothing and leaves nothing, unless a
    subclass says otherwise.  :meth:`made` makes a run's (the catalogue, ``ACROSS``, asks each check for its own)."""

    codes: frozenset[str] = frozenset()
    later: frozenset[str] = frozenset()
    batch = 0  # records it wants prepared at a time (0: it prepares nothing)
    pending: object = None

    @classmethod
    def made(cls, codes: frozenset[str], scope: Scope) -> list[Across]:
        """The check of a file's run in which ``codes`` are checked: one when one of its codes is."""
        return [cls()] if codes & cls.codes else []

    def start_file(self, path: str, codes: frozenset[str]) -> None:
        """The records that follow are of ``path``, in which ``codes`` are checked."""

    def prepare(self, batch: list[Context]) -> None:
        """Work out what the batch's records need before the rules run."""

    def see(self, ctx: Context) -> Iterable[Finding]:
        """The findings on one record."""
        return ()

    def end_file(self, report: FileReport) -> list[Finding]:
        """The file is read: findings on its records decided at its end."""
        return []


class EachRecord(Across):
    """A plain callable of a record's replays (a caller's own hook) as a check across records."""

    def __init__(self, check: Callable[[Context], Iterable[Finding]]):
        self.check = check

    def see(self, ctx: Context) -> Iterable[Finding]:
        return self.check(ctx)


RecordHook = AcrossRecords | Callable[[Context], Iterable[Finding]]  # a plain callable: one record at a time


def across(hook: RecordHook) -> AcrossRecords:
    """``hook`` as a check across records: itself, or a plain callable wrapped."""
    return hook if isinstance(hook, AcrossRecords) else EachRecord(hook)
