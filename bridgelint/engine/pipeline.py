"""The pipeline: a run's settings, and the one road every command takes, paths or streams → records → replays →
rules → findings.

:meth:`Pipeline.files` is the road: ``check`` takes each file's report from it, in input order, on several
processes or one; ``convert`` and ``replay`` take each record with its replays and findings; the HTML report
the records it draws; the API its reports.  Its pieces: :mod:`.discovery` (the files a run reads),
:mod:`.opening` (opening them), :mod:`.run` (one file's run, record by record), :mod:`.linter` (the rules on
one record) and :mod:`.parallel` (files on several processes).  The pipeline decides each file's record hooks
(:meth:`Pipeline.hooks_for`), so every command finds the same.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, BinaryIO, Callable, Generator, Iterable, Mapping

from ..across import checks_for
from ..across.base import EventScope, RecordHook, Scope
from ..core.reference import SWITCH, reference
from ..core.report import FileReport
from ..rules import DEFAULT_CODES
from ..rules.optimum import SOLVED_CODES
from . import parallel
from .config import Config, Configs, file_codes, file_encoding, is_excluded
from .discovery import expand_paths, once
from .run import FileResult
from .run_events import RunEvents

if TYPE_CHECKING:
    from .fixing import FixMode

OnRead = Callable[[int], None]


@dataclass(frozen=True)
class Pipeline:
    """A run's settings: the selected codes, the configuration, the input format and encoding, record hooks of
    its own, how events are checked, the deals solved or not.  Picklable: a worker is sent the pipeline and a
    path, and builds the rest from them."""

    selected: frozenset[str] = DEFAULT_CODES
    config: Config = field(default_factory=Config)
    fmt: str | None = None
    hooks: tuple[RecordHook, ...] = ()  # on every file, before the run's own (hooks_for)
    events: EventScope | None = EventScope()  # None: no event checks; the hand records' deals in events.reference
    hand_records: tuple[str, ...] = ()  # their paths
    encoding: str | None = None  # --encoding: every input's text that is not UTF-8 is read in it
    dd: str | None = None  # --dd: the deals solved, the cache in this directory ("": none); None: not solved
    reference: bool = False  # every fast path off during the pipeline's own work (core.reference), not in between
    configs: Configs | None = None  # each file's own configuration (the nearest above it); None: ``config`` for all
    force_exclude: bool = False  # the excludes apply to the files named too, not only to those found in folders

    def settings_for(self, path: str) -> tuple[Config, frozenset[str]]:
        """The configuration of ``path`` and the codes it selects: its own, else the run's."""
        return self.configs.for_path(path) if self.configs is not None else (self.config, self.selected)

    def paths(self, paths: Iterable[str]) -> list[str]:
        """The files to read, each once: the files named (less those their configuration excludes, with
        ``force_exclude``), and those found in the folders named, less those their configuration excludes.  A
        configuration file that is not valid raises :class:`.config.ConfigError`."""
        found: list[str] = []
        for named in paths:
            folder = named != "-" and os.path.isdir(named)
            config, _ = self.settings_for(os.path.join(named, "-") if folder else named)  # a folder's own
            for path in expand_paths([named], config.skipped):
                if (folder or self.force_exclude) and is_excluded(path, self.settings_for(path)[0]):
                    continue
                found.append(path)
        return once(found)

    def codes_for(self, path: str) -> frozenset[str]:
        """The codes checked in ``path``: its selection less its ``per-file-ignores``."""
        config, selected = self.settings_for(path)
        return file_codes(path, selected, config)

    def encoding_for(self, path: str) -> str | None:
        """The encoding of ``path``'s text that is not UTF-8: ``--encoding``, else its configuration's for it."""
        return self.encoding or file_encoding(path, self.settings_for(path)[0])

    def hooks_for(self, codes: frozenset[str]) -> tuple[RecordHook, ...]:
        """The record hooks of a file's run, made for it: the pipeline's own, then the checks across records of
        the catalogue (:func:`~..across.checks_for`) that the file's codes and the run ask for, with ``dd`` the
        solve stage among them (when a check of solved deals is selected)."""
        solved = self.dd is not None and bool(codes & SOLVED_CODES)
        solving = []
        if self.dd is not None and solved:
            from .solver import solve_stage  # only a run with --dd needs it

            solving = [solve_stage(self.dd)]
        return (*self.hooks, *checks_for(codes, Scope(self.events, solved), solving))

    def checking(self, path: str, stream: BinaryIO | None = None, on_read: OnRead | None = None,
                 then: Callable[[FileResult], None] | None = None) -> FileResult:
        """``path`` (read from ``stream`` when given) through the road in this process, its records checked as
        they are asked for (:class:`FileResult`)."""
        codes = self.codes_for(path)
        return FileResult(path, codes, self.fmt, self.hooks_for(codes), self.encoding_for(path), stream, on_read,
                          then, self.reference)

    def checked(self, path: str, stream: BinaryIO | None = None, on_read: OnRead | None = None,
                fix: FixMode | None = None) -> FileResult:
        """``path`` checked to its end, what a worker sends back; ``fix``: fixed first (:func:`.fixing.fix_file`),
        the result that of what is left."""
        if fix is None:
            return self.checking(path, stream, on_read).finish()
        with reference(True if self.reference else SWITCH.off):
            return self._fixed(path, stream, on_read, fix)

    def _fixed(self, path: str, stream: BinaryIO | None, on_read: OnRead | None, fix: FixMode) -> FileResult:
        from .fixing import fix_file  # only when fixing

        results: list[FileResult] = []

        def check(again: BinaryIO | None) -> FileReport:
            results.append(self.checking(path, again, on_read).finish())
            return results[-1].report

        report = fix_file(path, check, fix, stream, self.encoding_for(path))
        return next(result for result in results if result.report is report)

    def check_file(self, path: str, on_read: OnRead | None = None) -> FileReport:
        """The report on a file (or archive member) by name; an unreadable path is reported (``unreadable``).

        ``on_read(n)`` hears of the bytes as they are read, a buffer at a time (a progress bar)."""
        return self.checked(path, on_read=on_read).report

    def check_stream(self, path: str, stream: BinaryIO) -> FileReport:
        """The report on an open binary stream; ``path`` is what reports show."""
        return self.checked(path, stream).report

    def files(self, paths: Iterable[str], jobs: int = 1, streams: Mapping[str, BinaryIO] | None = None,
              on_read: OnRead | None = None, fix: FixMode | None = None) -> Files:
        """The files ``paths`` (read as named: :meth:`paths` finds them) down the road, in input order
        (:class:`Files`)."""
        return Files(self, list(paths), jobs, dict(streams or {}), on_read, fix)


class Files:
    """A run over files: iterating gives each file's :class:`FileResult`, in input order.

    With ``jobs`` above 1, files are checked on that many processes (:mod:`.parallel`: at most one a file and a
    CPU) and each result comes finished (its report; no records); else each is checked in this process as its
    records are asked for, and finished when the next file is asked for.  ``streams``: paths read from a stream
    instead, in this process (``-`` is standard input unless given); ``fix``: each file fixed first, its result
    finished; ``on_read(n)``: the bytes read from the files, as they are read (every :data:`parallel.POLL`
    seconds from workers).  Close it (``contextlib.closing``) when its results are no longer wanted: that shuts
    the workers down in the caller's thread.

    The event findings a run decides after its files (``waiting``: events across files, or hand records) come
    with :meth:`end`: until then a finished file's report is held, and is not final.
    """

    def __init__(self, pipeline: Pipeline, paths: list[str], jobs: int, streams: dict[str, BinaryIO],
                 on_read: OnRead | None, fix: FixMode | None):
        self.pipeline = pipeline
        self.paths = paths
        scope = pipeline.events
        self.events = RunEvents(scope) if scope is not None and (scope.across or scope.reference is not None) \
            else None
        self._results = self._results_of(jobs, streams, on_read, fix)

    @property
    def waiting(self) -> bool:
        """Whether reports wait for :meth:`end` to be final."""
        return self.events is not None

    def __iter__(self) -> Generator[FileResult, None, None]:
        return self._results

    def close(self) -> None:
        self._results.close()

    def end(self) -> list[FileReport]:
        """The reports held for the end of the run, in input order, with the findings decided now (across
        files, E105 on a hand record); none when none wait.  After an interruption too: the files finished."""
        if self.events is None:
            return []
        with reference(True if self.pipeline.reference else SWITCH.off):
            return self.events.end_run()

    def _results_of(self, jobs: int, streams: dict[str, BinaryIO], on_read: OnRead | None,
                    fix: FixMode | None) -> Generator[FileResult, None, None]:
        pipeline = self.pipeline
        held = self._held if self.events is not None else None
        elsewhere = [path for path in self.paths if path not in streams and path != "-"]
        workers = min(jobs, len(elsewhere), parallel.cpu_count())  # more processes than files or CPUs only cost
        sent = parallel.check_files(partial(pipeline.checked, fix=fix), elsewhere, workers, on_read) \
            if workers > 1 else None
        previous: FileResult | None = None
        try:
            for path in self.paths:
                if previous is not None:
                    previous.finish()
                stream = streams.get(path, sys.stdin.buffer if path == "-" else None)
                if sent is not None and stream is None:
                    result = next(sent)
                elif fix is not None:
                    result = pipeline.checked(path, stream, on_read if stream is None else None, fix)
                else:
                    result = previous = pipeline.checking(path, stream, on_read if stream is None else None, held)
                    yield result
                    continue
                if held is not None:
                    held(result)
                yield result
        finally:
            if sent is not None:
                sent.close()

    def _held(self, result: FileResult) -> None:
        assert self.events is not None
        self.events.hold(result.report, result.pending)


def _settings(codes: Iterable[str] | None, fmt: str | None, hooks: Iterable[RecordHook], events: EventScope | None,
              encoding: str | None) -> Pipeline:
    return Pipeline(frozenset(DEFAULT_CODES if codes is None else codes), fmt=fmt, hooks=tuple(hooks), events=events,
                    encoding=encoding)


EVENTS = EventScope()  # the event checks of one file, as a plain check makes them


def check_stream(path: str, stream: BinaryIO, codes: Iterable[str] | None = None, fmt: str | None = None,
                 hooks: Iterable[RecordHook] = (), events: EventScope | None = EVENTS,
                 encoding: str | None = None) -> FileReport:
    """The report on an open binary stream, as :meth:`Pipeline.check_stream` of these settings gives it."""
    return _settings(codes, fmt, hooks, events, encoding).check_stream(path, stream)


def check_file(path: str, codes: Iterable[str] | None = None, fmt: str | None = None,
               hooks: Iterable[RecordHook] = (), on_read: OnRead | None = None,
               events: EventScope | None = EVENTS, encoding: str | None = None) -> FileReport:
    """The report on a file (or archive member) by name, as :meth:`Pipeline.check_file` of these settings gives
    it."""
    return _settings(codes, fmt, hooks, events, encoding).check_file(path, on_read)
