"""The formats ``convert --to`` writes, by name: each one's file extension and how it is written.

A :class:`Output` takes each record converted (with its replays, findings and the name of its input), then is
closed, which finishes the file and returns what to tell the user.  Adding an output format is a writer module
here and one line in :data:`WRITERS`.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import IO, Callable

from ..core.findings import Finding
from ..core.record import Record
from ..replay.context import Context
from .dealing_writer import DealingWriter, DlmWriter, DupWriter
from .json_writer import JsonWriter
from .pbn_writer import PbnWriter


class Output:
    """One output file being written."""

    def write(self, record: Record, replays: Context, findings: list[Finding], path: str) -> None:
        raise NotImplementedError

    def close(self) -> list[str]:
        """Finish the file; notes for the user (a board left out...)."""
        return []


class _Pbn(Output):
    def __init__(self, stream: IO[bytes]):
        self.writer = PbnWriter(stream)

    def write(self, record: Record, replays: Context, findings: list[Finding], path: str) -> None:
        self.writer.write(record, replays)

    def close(self) -> list[str]:
        self.writer.header()  # a file without games still says what it is
        return []


class _Json(Output):
    def __init__(self, stream: IO[bytes]):
        self.text = io.TextIOWrapper(stream, encoding="utf-8", newline="\n", write_through=True)
        self.writer = JsonWriter(self.text)

    def write(self, record: Record, replays: Context, findings: list[Finding], path: str) -> None:
        self.writer.write(record, findings, path, replays)

    def close(self) -> list[str]:
        self.writer.close()
        self.text.detach()
        return []


class _Dealing(Output):
    def __init__(self, writer: DealingWriter):
        self.writer = writer

    def write(self, record: Record, replays: Context, findings: list[Finding], path: str) -> None:
        self.writer.write(record, path)

    def close(self) -> list[str]:
        return self.writer.close()


@dataclass(frozen=True)
class Writer:
    """An output format: its name (``--to``), its file extension, and how a file of it is opened."""

    name: str
    extension: str
    open: Callable[[IO[bytes]], Output]


WRITERS: dict[str, Writer] = {writer.name: writer for writer in (
    Writer("pbn", ".pbn", _Pbn),
    Writer("json", ".json", _Json),
    Writer("dlm", ".dlm", lambda stream: _Dealing(DlmWriter(stream))),
    Writer("dup", ".dup", lambda stream: _Dealing(DupWriter(stream))),
)}
