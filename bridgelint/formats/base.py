"""What every reader shares: the reader protocol, and the guard around building one record (text: :mod:`.text`)."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Protocol

from ..core.findings import Finding
from ..core.record import Record
from ..rules import internal, syntax


class Reader(Protocol):
    format: str
    file_findings: list[Finding]

    def __iter__(self) -> Iterator[Record]: ...


class NotText:
    """The reader of a file that is not text: one S101 finding, no records."""

    def __init__(self, format: str, message: str):
        self.format = format
        self.file_findings = [syntax.NotText.finding(message, 1, 1)]

    def __iter__(self) -> Iterator[Record]:
        return iter(())


def guarded(build: Callable[..., Record], fmt: str, ordinal: int, line: int, *args: Any) -> Record:
    """``build(*args)``; a bug while building becomes an X001 record, and reading goes on."""
    try:
        return build(*args)
    except Exception as error:
        return failed(fmt, ordinal, line, error)


def failed(fmt: str, ordinal: int, line: int, error: Exception) -> Record:
    """The record of a game whose reading met a bug: X001 only."""
    record = Record(fmt, ordinal, line)
    record.problem(internal.InternalError, f"internal error while reading this game: {type(error).__name__}: "
                   f"{error}", line, 1)
    return record


def binary_problem(head: bytes) -> str | None:
    """Why the start of a file shows it is not text (S101), or None."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head:
        kind = "UTF-16" if head.startswith((b"\xff\xfe", b"\xfe\xff")) else "NUL bytes"
        return f"input is not text ({kind}), file skipped: PBN and LIN are 8-bit text"
    return None

