"""What a run finds in one file (:class:`FileReport`), its findings counted (:class:`Counts`) and whether they fail
the run (:func:`failing`), and the name a file is shown by when it is an archive's member."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Iterable

from .findings import Finding, Severity

_MEMBER = re.compile(r"(.*?\.zip)!(.+)", re.IGNORECASE | re.DOTALL)


@dataclass(slots=True)
class FileReport:
    """Everything found in one file."""

    path: str
    format: str
    games: int = 0  # records
    boards: int = 0  # distinct board numbers of each event (engine/tally.py)
    findings: list[Finding] = field(default_factory=list)
    unreadable: str | None = None  # why the path could not be read at all (exit status 2)
    events: list[dict] = field(default_factory=list)  # the file's events (E101-E104 within the file)
    fixed: int = 0  # fixes applied (check --fix), or that would be (--diff)
    fix_note: str | None = None  # what became of the fixes, where they were not written in place
    fix_error: str | None = None  # why the fixed file was not written (refused, or an error; exit status 2)
    diff: bytes | None = None  # --diff: what --fix would change, as a unified diff
    fixed_text: bytes | None = None  # --fix on standard input: the fixed file
    skipped: dict[str, int] = field(default_factory=dict)  # checks not made, by code (a method not known)
    results: int = 0  # tables that played a board: played records and traveller rows (engine/tally.py)


@dataclass(slots=True)
class Counts:
    """Findings counted by severity, and those a fix mends (``--fix``; ``--unsafe-fixes``)."""

    errors: int = 0
    warnings: int = 0
    infos: int = 0
    fixable: int = 0  # findings a safe fix mends
    unsafe_fixable: int = 0  # findings an unsafe fix mends

    def count(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            if finding.fix is not None:
                if finding.fix.applicability == "safe":
                    self.fixable += 1
                elif finding.fix.applicability == "unsafe":
                    self.unsafe_fixable += 1
            if finding.severity == "error":
                self.errors += 1
            elif finding.severity == "warning":
                self.warnings += 1
            else:
                self.infos += 1

    def fail(self, fail_on: str) -> bool:
        """Whether these findings fail the run at ``fail_on`` (:func:`failing`)."""
        return bool(self.errors or ("warning" in failing(fail_on) and self.warnings))


def failing(fail_on: str) -> frozenset[Severity]:
    """The severities of the findings that fail a run (``--fail-on``): errors, and at ``warning`` warnings too."""
    return _WARNINGS_TOO if fail_on == "warning" else _ERRORS


_ERRORS: frozenset[Severity] = frozenset(("error",))
_WARNINGS_TOO: frozenset[Severity] = frozenset(("error", "warning"))


def split_member(path: str) -> tuple[str, str | None]:
    """``("upload.zip", "dir/board.pbn")`` for a member's name, ``(path, None)`` for anything else."""
    m = _MEMBER.fullmatch(path)
    if m is None or os.path.lexists(path):
        return path, None
    return m.group(1), m.group(2)
