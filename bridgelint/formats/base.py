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
    """The reader of a file that is not text: its S101 finding, no records."""

    def __init__(self, format: str, found: list[Finding]):
        self.format = format
        self.file_findings = found

    def __iter__(self) -> Iterator[Record]:
        return iter(())


class StoppedAtNul:
    """A text reader whose stream ends before a NUL byte (:class:`~.text.StopAtNul`): the reader as it is, and
    S101 among its file's findings where the stream stopped."""

    def __init__(self, reader: Reader, stream: Any):
        self.reader = reader
        self.stream = stream

    def __iter__(self) -> Iterator[Record]:
        return iter(self.reader)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reader, name)

    @property
    def file_findings(self) -> list[Finding]:
        found = self.reader.file_findings
        return found + [syntax.NotText.check_nul(self.stream.nul_line)] if self.stream.nul_line else found

    @file_findings.setter
    def file_findings(self, found: list[Finding]) -> None:
        self.reader.file_findings = found


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

