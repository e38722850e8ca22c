"""What every reader shares: the reader protocol, and the guard around building one record (text: :mod:`.text`)."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Protocol

from ..core.problems import Kind, Problem
from ..core.record import Record


class Reader(Protocol):
    format: str

    @property
    def file_problems(self) -> list[Problem]:
        """What it could not read of no record (:mod:`..core.problems`), complete once its records are read."""

    def __iter__(self) -> Iterator[Record]: ...


class NotText:
    """The reader of a file that is not text: the problem, no records."""

    def __init__(self, format: str, found: list[Problem]):
        self.format = format
        self.file_problems = found

    def __iter__(self) -> Iterator[Record]:
        return iter(())


class StoppedAtNul:
    """A text reader whose stream ends before a NUL byte (:class:`~.text.StopAtNul`): the reader as it is, and
    the NUL byte among its file's problems where the stream stopped."""

    def __init__(self, reader: Reader, stream: Any):
        self.reader = reader
        self.stream = stream

    def __iter__(self) -> Iterator[Record]:
        return iter(self.reader)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reader, name)

    @property
    def file_problems(self) -> list[Problem]:
        found = self.reader.file_problems
        return found + [Problem(Kind.NUL_BYTE, self.stream.nul_line, 1)] if self.stream.nul_line else found


def guarded(build: Callable[..., Record], fmt: str, ordinal: int, line: int, *args: Any) -> Record:
    """``build(*args)``; a bug while building becomes an X001 record, and reading goes on."""
    try:
        return build(*args)
    except Exception as error:
        return failed(fmt, ordinal, line, error)


def failed(fmt: str, ordinal: int, line: int, error: Exception) -> Record:
    """The record of a game whose reading met a bug, that bug its only problem."""
    record = Record(fmt, ordinal, line)
    record.problems.append(Problem(Kind.READER_BUG, line, 1, (error,)))
    return record

