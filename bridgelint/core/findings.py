"""Findings: what a rule reports, at a place in a file, and the fix that mends it."""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Final, Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: Final[tuple[Severity, ...]] = ("error", "warning", "info")
SEVERITY_RANK: Final[dict[str, int]] = {severity: i for i, severity in enumerate(SEVERITIES)}  # errors first
Applicability = Literal["safe", "unsafe", "layout"]  # a fix that keeps what the file says, one that changes it, or
# the file's layout written anew (``bridgelint format``, never ``check --fix``)
MARKS: Final[dict[str, str]] = {"safe": "[*]", "unsafe": "[~]", "layout": ""}  # how reports mark a fixable finding


@dataclass(frozen=True, slots=True)
class Edit:
    """Text of a file replaced: from (``line``, ``column``) up to, not including, (``end_line``, ``end_column``).

    Places are those of findings: lines from 1, columns from 1 in the line's characters as read (after a
    byte order mark; a line end is the characters after the line's last one).  An empty span inserts.
    """

    line: int
    column: int
    end_line: int
    end_column: int
    text: str

    @property
    def start(self) -> tuple[int, int]:
        return self.line, self.column

    @property
    def end(self) -> tuple[int, int]:
        return self.end_line, self.end_column


@dataclass(frozen=True, slots=True)
class Fix:
    """The edits that make a finding go away, applied together or not at all (``bridgelint check --fix``)."""

    applicability: Applicability
    edits: tuple[Edit, ...]
    reencode: bool = False  # also write every line of the file in UTF-8 (its characters unchanged)

    @property
    def mark(self) -> str:
        """``[*]`` for a fix ``check --fix`` applies, ``[~]`` for one only ``--unsafe-fixes`` applies; nothing for
        layout, which ``bridgelint format`` writes."""
        return MARKS[self.applicability]


@dataclass(frozen=True, slots=True)
class Related:
    """Another record a finding names (the reference of a fouled board, the earlier record of a table): its file as
    reports show it, its place, what it is, and for a deal its fingerprint (the board views draw it beside)."""

    path: str
    line: int
    column: int
    message: str
    deal: int | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: a rule code at a place in a file.  Made once (``Rule.finding``) and never changed: a step that
    decides more of it (its severity, its record) makes a new one (:meth:`completed`)."""

    code: str
    message: str  # what is wrong, without the reference: outputs cite it after (:attr:`full_message`)
    line: int
    column: int
    severity: Severity | None = None  # None: the rule's default severity
    law: str | None = None  # None: the rule's reference
    game: int | None = None
    board: str | None = None
    fix: Fix | None = None  # the edit that mends it, when its rule has one and it applies here
    related: Related | None = None  # the other record it names (E codes)
    expected: str | None = None  # what the rule computes where the finding's cell is written wrong (``140`` for a
    # ScoreTable's ``170``), as the cell would write it; None: not a computed value
    place: str | None = None  # where it is in words, for a file without lines (a database's table and row:
    # ``ReceivedData#378 (section B, table 4, round 7, board 9)``), shown instead of line and column; None: by line

    @property
    def at(self) -> str:
        """Where it is as reports show it after the path: ``12:5``, or its ``place`` in words."""
        return self.place or f"{self.line}:{self.column}"

    @property
    def full_message(self) -> str:
        """The message as every output shows it, its reference cited after it: ``... (Law 18)``."""
        return self.message + cited(self.law)

    def completed(self, severity: Severity, law: str | None, game: int | None, board: str | None) -> Finding:
        """This finding with ``severity`` and ``law`` (its rule's) where it has none of its own, in ``game`` and
        ``board``."""
        return Finding(self.code, self.message, self.line, self.column, self.severity or severity,
                       law if self.law is None else self.law, game, board, self.fix, self.related,
                       self.expected, self.place)

    def __reduce__(self) -> tuple[type[Finding], tuple]:
        """Pickled as the tuple of its fields (a worker's findings go to the parent): about half the time of a
        slots dataclass's own state, which looks the fields up again for every finding, and fewer bytes."""
        return Finding, _FINDING_FIELDS(self)


_FINDING_FIELDS = attrgetter(*(f.name for f in fields(Finding)))  # a finding's fields, in order


def cited(law: str | None) -> str:
    """A reference as a message cites it, after the message: `` (Law 18)``; nothing without one."""
    return f" ({law})" if law else ""
