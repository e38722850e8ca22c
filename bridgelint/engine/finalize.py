"""A file's findings made final, in one place, by the process that reads the file and by the parent for the event
findings it decides after the file.

Final is: selected for the file's codes and completed (:meth:`.linter.Linter.complete`: severity, reference, game
and board), less those the file's ``% bridgelint: disable=`` directives suppress, with S112 for a directive that
suppressed nothing, and less those whose cause is reported beside them (:mod:`.cascade`).  Whether the findings
then fail the run is :meth:`bridgelint.core.report.Counts.fail`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from ..core.findings import Finding
from ..core.record import Record
from ..core.report import FileReport
from .cascade import without_consequences
from .linter import linter_for, location
from .suppression import Suppressions


@dataclass(slots=True)
class Finalize:
    """The last step of one file's findings: its codes and its directives (``suppressions``).  Picklable: a
    worker's rides back to the parent with the file's pending events."""

    codes: frozenset[str]
    suppressions: Suppressions
    places: Mapping[int, str] = field(default_factory=dict)  # a file without lines (a BWS): each line's place in words

    def record(self, found: Iterable[Finding], record: Record | None = None) -> list[Finding]:
        """``found`` (on ``record``, else on none) selected, completed, placed in words where the file says its
        lines so, less those the directives known so far suppress."""
        kept = linter_for(self.codes).complete(found, record)
        if self.places:
            places = self.places
            kept = [replace(f, place=places[f.line]) if f.place is None and f.line in places else f for f in kept]
        return self.suppressions.suppress(kept)

    def unused(self, codes: frozenset[str] | None = None) -> list[Finding]:
        """S112 for each directive that suppressed nothing (``codes``: of these codes only, decided after the
        file), completed."""
        return linter_for(self.codes).complete(self.suppressions.unused(codes))

    def end(self, report: FileReport, at_end: list[Finding], file_findings: list[Finding]) -> tuple[
            list[Finding], list[Finding]]:
        """The end of the file, its directives all known: the findings of its records in ``report`` suppressed
        again (a directive below a game covers it too), with those of records decided at the end (``at_end``) and
        of no record (``file_findings``, the file's own) made final, and S112; in place order.  Returns the two,
        final."""
        suppress = self.suppressions.suppress
        at_end = self.record(at_end)
        file_findings = self.record(file_findings) + self.unused()
        report.findings = sorted(without_consequences(suppress(report.findings) + at_end + file_findings),
                                 key=location)
        return at_end, file_findings

    def later(self, found: Iterable[Finding], codes: frozenset[str] = frozenset()) -> list[Finding]:
        """Event findings the parent decides after the file (``found``) made final, with S112 for a directive of
        ``codes`` (the codes decided then, at the end of the run) that suppressed nothing."""
        return self.record(found) + (self.unused(codes & self.suppressions.known) if codes else [])
