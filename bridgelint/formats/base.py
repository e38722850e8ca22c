"""What every reader shares: the reader protocol, and the guard around building one record (text: :mod:`.text`)."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tags import Tag


class Reader(Protocol):
    """A reader: its format's name, its records one at a time, and what it found beside them."""

    @property
    def format(self) -> str:
        """The name of its format (``formats.registry.FORMATS``)."""

    @property
    def file_problems(self) -> list[Problem]:
        """What it could not read of no record (:mod:`..core.problems`), complete once its records are read."""

    @property
    def header_directives(self) -> Sequence[Tag]:
        """The ``% bridgelint:`` directives outside any game, as they are read (name ``%``)."""

    @property
    def places(self) -> Mapping[int, str]:
        """Of a file whose findings stand at lines it has not (a database's rows): each line in words."""

    def __iter__(self) -> Iterator[Record]: ...


class Plain:
    """What most readers hold beside their records: no directive outside a game, every line a line of text."""

    header_directives: Sequence[Tag] = ()
    places: Mapping[int, str] = {}


class NotText(Plain):
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

    @property
    def format(self) -> str:
        return self.reader.format

    @property
    def header_directives(self) -> Sequence[Tag]:
        return self.reader.header_directives

    @property
    def places(self) -> Mapping[int, str]:
        return self.reader.places

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

