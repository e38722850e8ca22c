"""Checks across records: what sees every record of a file in order, after the rules, keeping state across them.

A rule's ``check`` sees one record.  What needs more than one (an event's
boards, a file's standings, the double-dummy tables of a file, the hand record's
deals given to travellers) is an :class:`AcrossRecords`, given to each file's run
by the pipeline (``Pipeline.hooks_for``), every method called for every file:

- ``start_file(path, finalize)`` before the file's first record (``finalize``:
  the file's last step, its codes and directives);
- ``prepare(batch)`` on each batch of records read ahead, before the rules run,
  when ``batch`` (how many records it wants at a time) is above 0;
- the check itself, called with each record's replays: the findings of that
  record, selected, completed and suppressed as the rules' are;
- ``end_file(report)`` once the file is read: findings on records of the file
  decided at its end, which join the report the same way.

``later`` names the codes it decides after the file, in the parent (across
files): S112 leaves those to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:
    from ..core.findings import Finding
    from ..core.report import FileReport
    from ..replay.context import Context


class AcrossRecords:
    """A check across the records of a file; each method does nothing unless a subclass says otherwise."""

    later: frozenset[str] = frozenset()
    batch = 0  # records it wants prepared at a time (0: it prepares nothing)

    def start_file(self, path: str, finalize: Any) -> None:
        """The records that follow are of ``path``; ``finalize`` is the file's last step (engine's ``Finalize``)."""

    def prepare(self, batch: list[Context]) -> None:
        """Work out what the batch's records need before the rules run."""

    def __call__(self, ctx: Context) -> Iterable[Finding]:
        """The findings on one record."""
        return ()

    def end_file(self, report: FileReport) -> list[Finding]:
        """The file is read: findings on its records decided at its end."""
        return []


class EachRecord(AcrossRecords):
    """A plain callable of a record's replays (a caller's own hook) as a check across records."""

    def __init__(self, check: Callable[[Context], Iterable[Finding]]):
        self.check = check

    def __call__(self, ctx: Context) -> Iterable[Finding]:
        return self.check(ctx)


def across(hook: AcrossRecords | Callable[[Context], Iterable[Finding]]) -> AcrossRecords:
    """``hook`` as a check across records: itself, or a plain callable wrapped."""
    return hook if isinstance(hook, AcrossRecords) else EachRecord(hook)
