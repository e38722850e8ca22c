"""The pipeline: a run's settings, and the road every command takes, paths or streams → records → replays →
rules → findings.

The pieces of the road: :mod:`.discovery` (the files a run reads), :mod:`.opening` (opening them),
:mod:`.run` (one file's run, record by record) and :mod:`.linter` (the rules on one record).
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import BinaryIO, Callable, Generator, Iterable, cast

from .config import Config, file_codes, file_encoding, is_excluded
from .discovery import expand_paths, once
from .events.hook import EventScope
from .inputs import ArchiveProblem, shown
from .linter import RecordHook, linter_for
from .opening import Counted, open_input
from .run import FileRun, add_archive_findings
from ..core.record import Record
from ..core.report import FileReport
from ..formats import format_from_name, open_reader
from ..rules import DEFAULT_CODES


@dataclass
class Pipeline:
    """A run's settings: the selected codes, the configuration, the input format and encoding, the record hooks
    (the event checks, file by file, are the run's own: :class:`FileRun`)."""

    selected: frozenset[str] = DEFAULT_CODES
    config: Config = field(default_factory=Config)
    fmt: str | None = None
    hooks: tuple[RecordHook, ...] = ()
    events: EventScope = EventScope()  # the hand records' deals, when given, in ``events.reference``
    hand_records: tuple[str, ...] = ()  # their paths
    encoding: str | None = None  # --encoding: every input's text that is not UTF-8 is read in it

    def paths(self, paths: Iterable[str]) -> list[str]:
        """The files to read: directories expanded, paths the configuration excludes dropped, each file once."""
        return once(p for p in expand_paths(paths, self.config.skipped) if not is_excluded(p, self.config))

    def codes_for(self, path: str) -> frozenset[str]:
        """The codes checked in ``path``: the selection less its ``per-file-ignores``."""
        return file_codes(path, self.selected, self.config)

    def encoding_for(self, path: str) -> str | None:
        """The encoding of ``path``'s text that is not UTF-8: ``--encoding``, else the configuration's for it."""
        return self.encoding or file_encoding(path, self.config)

    def run(self, path: str, stream: BinaryIO) -> FileRun:
        """``path`` (read from ``stream``) through the pipeline, record by record."""
        return FileRun(shown(path), stream, self.codes_for(path), self.fmt, self.hooks, self.events,
                       self.encoding_for(path))

    def records(self, path: str, stream: BinaryIO | None = None) -> Generator[Record, None, None]:
        """The records of ``path`` (read from ``stream``, else opened) as a run reads them: its format and its
        encoding, the path as reports show it; no rule runs.  What a report draws again comes from here."""
        with open_input(path) if stream is None else nullcontext(stream) as opened:
            yield from open_reader(opened, shown(path), self.fmt, self.encoding_for(path))

    def check_stream(self, path: str, stream: BinaryIO) -> FileReport:
        return check_stream(path, stream, self.codes_for(path), self.fmt, self.hooks, self.events,
                            self.encoding_for(path))

    def check_file(self, path: str) -> FileReport:
        return check_file(path, self.codes_for(path), self.fmt, self.hooks, events=self.events,
                          encoding=self.encoding_for(path))

    def job(self, path: str) -> tuple[str, frozenset[str], str | None, str | None]:
        """What a worker needs to check ``path``: the path, its codes, the input format, its encoding."""
        return path, self.codes_for(path), self.fmt, self.encoding_for(path)


def check_stream(path: str, stream: BinaryIO, codes: Iterable[str] | None = None, fmt: str | None = None,
                 hooks: Iterable[RecordHook] = (), events: EventScope | None = EventScope(),
                 encoding: str | None = None) -> FileReport:
    """The report on an open binary stream; ``path`` is what reports show (``events``: see :class:`FileRun`)."""
    run = FileRun(path, stream, codes, fmt, hooks, events, encoding)
    for _ in run:
        pass
    return run.report


def check_file(path: str, codes: Iterable[str] | None = None, fmt: str | None = None,
               hooks: Iterable[RecordHook] = (), on_read: Callable[[int], None] | None = None,
               events: EventScope | None = EventScope(), encoding: str | None = None) -> FileReport:
    """The report on a file (or archive member) by name; an unreadable path is reported (``unreadable``), not raised.

    ``on_read(n)`` hears of the bytes as they are read, a buffer at a time (a progress bar).
    """
    name = shown(path)
    try:
        with open_input(path) as stream:
            run = FileRun(name, stream if on_read is None else cast(BinaryIO, Counted(stream, on_read)), codes,
                          fmt, hooks, events, encoding)
            for _ in run:
                pass
            add_archive_findings(run, stream)
    except OSError as error:
        report = FileReport(name, fmt or format_from_name(path) or "unknown")
        report.unreadable = error.strerror or str(error)
        return report
    except ArchiveProblem as problem:  # a zip that cannot be read by members
        return FileReport(name, "zip", findings=linter_for(codes).complete([problem.finding]))
    return run.report
