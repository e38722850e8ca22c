"""One file's run: its records through the linter and the record hooks, then the file's own findings.

A :class:`FileRun` reads one stream with the record hooks it is given; a
:class:`FileResult` is one file by name (opened, run, finished), what the
pipeline's road (:meth:`~.pipeline.Pipeline.files`) gives for each file:
``check`` takes its :class:`FileReport`, ``convert`` and ``replay`` each
record with its replays and findings (:class:`Checked`).

Per record, the findings are the linter's (:mod:`.linter`), made final
(:mod:`.finalize`): filtered by the file's codes (the selection less
``per-file-ignores``), completed, and filtered by the ``% bridgelint: disable=``
directives known at that point: the game's own and every ``disable-file=``
above it.  At the end of a file come the file's own findings, S112 for each
directive that suppressed nothing, and a last pass of the file's directives
over the whole report (a ``disable-file=`` below a game still covers that
game in the report).  A bug of the reader is a problem of the file, which
X001 words (:mod:`bridgelint.rules.reading`).

Records are taken from the reader one at a time and read ahead a few at a
time (``BATCH``): the auction replays of a batch are worked out, then its play
replays (:meth:`~.linter.Linter.replay`), before each record is checked in
turn.  The same code run over several records in a row runs faster on a real
processor (its branch predictor stays warm; benchmarks/README.md, "work in
batches").  The directives outside any game that the reader had found when it
gave a record are those above it, however far the run has read ahead.  The
reference run (:mod:`~..core.reference`) takes records one at a time.

A record hook (:data:`~..across.base.RecordHook`) is a check across records
(:class:`~..across.base.AcrossRecords`: its methods, and when each is called,
are said there), or a plain callable of one record, taken as one.  It runs in
the process that reads the file: with ``--jobs`` above 1 each worker's hooks see
that worker's files only, and what a hook leaves its part in the run
(``pending``) rides back to the parent with the file's last step
(:class:`~.run_events.Waiting`).  Of the batch sizes the hooks that prepare ask
for, the largest, or ``BATCH``, is taken.

The checks across records of the catalogue (:mod:`bridgelint.across`: events,
standings, double-dummy tables) are given to every file's run whenever one of
their codes is selected (:meth:`~.pipeline.Pipeline.hooks_for`), so ``check``,
``replay``, ``convert`` and the API find the same.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterable, Iterator, Sequence, cast

from ..across.base import RecordHook, across
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.reference import SWITCH, stepped
from ..core.report import FileReport
from ..core.tags import Tag
from ..formats import format_from_name, open_reader
from ..replay.context import Context
from ..rules import RULES, reading
from ..rules.files import NoGame
from .finalize import Finalize
from .inputs import ArchiveProblem, Unpacked, shown
from .linter import debug_trace, linter_for, location
from .opening import Counted, open_input
from .run_events import Waiting
from .suppression import Suppressions
from .tally import Tally


@dataclass(slots=True)
class Checked:
    """One record through the pipeline: the record, its replays and its findings (selected, suppressed)."""

    record: Record
    replays: Context
    findings: list[Finding]


class FileRun:
    """One file through the pipeline, with the record hooks it is given (:meth:`.pipeline.Pipeline.hooks_for`):
    iterating gives each record's :class:`Checked`; ``report`` then holds all.

    ``file_findings`` (set at the end) are the findings of no record: the file's own, and S112; ``at_end`` those
    of records that the hooks decided at the end of the file (not in the records' :class:`Checked`); ``pending``
    what the run decides after the file (events across files, hand records), or None.
    """

    def __init__(self, path: str, stream: BinaryIO, codes: Iterable[str] | None = None, fmt: str | None = None,
                 hooks: Iterable[RecordHook] = (), encoding: str | None = None):
        self.path = path
        self.stream = stream
        self.fmt = fmt
        self.encoding = encoding
        self.linter = linter_for(codes)
        self.hooks = tuple(map(across, hooks))
        self.report = FileReport(path, fmt or "unknown")
        self.file_findings: list[Finding] = []
        self.at_end: list[Finding] = []
        self.pending: Waiting | None = None

    def __iter__(self) -> Iterator[Checked]:
        report, linter = self.report, self.linter
        later = frozenset().union(*(hook.later for hook in self.hooks))
        suppressions = Suppressions(frozenset(RULES), linter.codes - later)
        finalize = Finalize(linter.codes, suppressions)
        for hook in self.hooks:
            hook.start_file(self.path, linter.codes)
        header: Sequence[Tag] = ()  # the reader's directives outside any game, as they are read
        seen = 0  # those added to the suppressions
        found: deque[int] = deque()  # how many the reader had found when it gave each record not yet checked
        line = 1
        preparers = [hook for hook in self.hooks if hook.batch]
        tally = Tally()
        try:
            reader = open_reader(self.stream, self.path, self.fmt, self.encoding)
            report.format = reader.format
            finalize.places = reader.places  # a BWS's rows, in words
            header = reader.header_directives

            def contexts() -> Iterator[Context]:
                for record in reader:
                    found.append(len(header))
                    yield Context(record)

            size = max([BATCH if SWITCH.fast("batch") else 1, *(hook.batch for hook in preparers)])
            for replays in gathered(contexts(), size, [linter.replay, *(hook.prepare for hook in preparers)]):
                record = replays.record
                line = record.line
                report.games += 1
                tally.add(replays)
                known = found.popleft()
                suppressions.add_header(header[seen:known])
                seen = known
                suppressions.add_record(record)
                findings = finalize.record(linter.found(replays, self.hooks), record)
                for code in replays.skipped:
                    report.skipped[code] = report.skipped.get(code, 0) + 1
                findings.sort(key=location)
                report.findings.extend(findings)
                yield Checked(record, replays, findings)
            self.file_findings = reading.findings(reader.file_problems, linter.codes)
        except OSError:
            raise  # the file could not be read: the caller reports the path
        except Exception as error:  # a bug of the reader itself: the rest of this file is lost, say so
            debug_trace()
            self.file_findings += reading.findings([Problem(Kind.READING_STOPPED, line, 1, (error,))])
        report.boards, report.results = tally.boards, tally.results
        at_end: list[Finding] = []
        for hook in self.hooks:
            at_end += hook.end_file(report)
            if hook.pending is not None:
                self.pending = Waiting(hook.pending, finalize)
        suppressions.add_header(header[seen:])
        self.at_end, self.file_findings = finalize.end(report, at_end, self.file_findings)


BATCH = 8  # records read ahead and replayed together (Linter.replay)


def gathered(contexts: Iterator[Context], size: int, preparing: list[Callable[[list[Context]], None]]
             ) -> Iterator[Context]:
    """The contexts in order, read ahead ``size`` at a time and each batch prepared (its replays, the hooks'
    work) before it is given.  When reading fails, the records read before are prepared and given first, then
    the error is raised."""
    while True:
        batch: list[Context] = []
        try:
            for replays in contexts:
                batch.append(replays)
                if len(batch) == size:
                    break
        except Exception:
            prepared(batch, preparing)
            yield from batch
            raise
        if not batch:
            return
        prepared(batch, preparing)
        yield from batch


def prepared(batch: list[Context], preparing: list[Callable[[list[Context]], None]]) -> None:
    """The work on a batch before the rules run; a failure is a problem of each record of the batch, which X001
    words."""
    for prepare in preparing:
        try:
            prepare(batch)
        except Exception as error:
            debug_trace()
            for replays in batch:
                record = replays.record
                record.problems.append(Problem(Kind.PREPARE_BUG, record.line, record.column, (error,)))


def add_archive_findings(run: FileRun, stream: BinaryIO) -> bool:
    """Add to a finished run what unpacking its stream found: S115 damage or S116 a limit, where reading stopped
    early (then an S111 "no game" is dropped: the damage says why), and an S115 on a member whose name the
    archive holds twice.  True when input was lost (reading stopped early)."""
    if not isinstance(stream, Unpacked) or (stream.problem is None and not stream.notes):
        return False
    lost = stream.problem is not None
    added = run.linter.complete(reading.findings([*([stream.problem] if stream.problem is not None else []),
                                                  *stream.notes]))
    if lost:
        run.file_findings = [f for f in run.file_findings if f.code != NoGame.code]
        run.report.findings = [f for f in run.report.findings if f.code != NoGame.code]
    run.file_findings += added
    run.report.findings = sorted(run.report.findings + added, key=location)
    return lost


class FileResult:
    """One file of a run, by name (``path``, as given): opened, its records checked, its report.

    Checked in this process, iterating gives each record's :class:`Checked` as it is checked, and
    :meth:`finish` (``report``, ``lost``, ``at_end`` and ``file_findings`` ask for it) reads what is left, adds
    what unpacking found and closes the input; ``then(self)`` hears of it.  A file that cannot be opened
    (``opened`` False: unreadable, or a zip that cannot be read by members) has a report that says why, and
    iterating it raises why (``problem``).  With ``reference``, every fast path is off while a record is checked
    (:func:`~..core.reference.stepped`), as the switch was between records.  A finished result
    is what a worker sends back: the report, ``lost``, ``at_end``, ``file_findings`` and ``pending``, no records.
    """

    def __init__(self, path: str, codes: frozenset[str], fmt: str | None = None, hooks: Iterable[RecordHook] = (),
                 encoding: str | None = None, stream: BinaryIO | None = None,
                 on_read: Callable[[int], None] | None = None, then: Callable[[FileResult], None] | None = None,
                 reference: bool = False):
        self.path = path
        self.name = shown(path)  # as reports show it
        self.fmt = fmt
        self.opened = True
        self._lost = False
        self._at_end: list[Finding] = []
        self._file_findings: list[Finding] = []
        self._pending: Waiting | None = None
        self.problem: Exception | None = None
        self._then = then
        self._run: FileRun | None = None
        self._input: BinaryIO | None = None
        self._records: Iterator[Checked] = iter(())
        self._closes = stream is None
        try:
            self._input = open_input(path) if stream is None else stream
        except OSError as error:
            self._report, self.opened, self.problem = self._unreadable(error), False, error
            return
        except ArchiveProblem as problem:
            self._report = FileReport(self.name, "zip", findings=linter_for(codes).complete([problem.finding]))
            self.opened, self._lost, self.problem = False, True, problem
            return
        counted = self._input if on_read is None else cast(BinaryIO, Counted(self._input, on_read))
        self._run = FileRun(self.name, counted, codes, fmt, hooks, encoding)
        self._report = self._run.report
        self._records = stepped(iter(self._run)) if reference else iter(self._run)

    def __iter__(self) -> Iterator[Checked]:
        if self.problem is not None:
            raise self.problem
        return self._records

    @property
    def report(self) -> FileReport:
        """The file's report, the file read to its end first."""
        return self.finish()._report

    @property
    def lost(self) -> bool:
        """Whether input was lost: an archive damaged or over a limit, where reading stopped early (or could not
        start)."""
        return self.finish()._lost

    @property
    def at_end(self) -> list[Finding]:
        """As :class:`FileRun`'s: findings of records decided at the end of the file."""
        return self.finish()._at_end

    @property
    def file_findings(self) -> list[Finding]:
        """As :class:`FileRun`'s: findings of no record."""
        return self.finish()._file_findings

    @property
    def pending(self) -> Waiting | None:
        """As :class:`FileRun`'s: what the parent decides after the file, or None."""
        return self.finish()._pending

    def finish(self) -> FileResult:
        """Read what is left of the file (an error while reading: the report says the path is unreadable), add
        what unpacking it found, close it, tell ``then``; once.  Returns the result."""
        run, stream, self._run, self._input = self._run, self._input, None, None
        if run is not None and stream is not None:
            try:
                for _ in self._records:
                    pass
                self._lost = add_archive_findings(run, stream)
                self._at_end, self._file_findings, self._pending = run.at_end, run.file_findings, run.pending
            except OSError as error:
                self._report = self._unreadable(error)
            finally:
                self._records = iter(())
                if self._closes:
                    stream.close()
        then, self._then = self._then, None
        if then is not None:
            then(self)
        return self

    def _unreadable(self, error: OSError) -> FileReport:
        report = FileReport(self.name, self.fmt or format_from_name(self.path) or "unknown")
        report.unreadable = error.strerror or str(error)
        return report

    def __getstate__(self) -> dict:
        """A finished result, as a worker sends it: why a file could not be opened stays in the worker."""
        assert self._run is None, "a result is sent once finished"
        return {**self.__dict__, "problem": None}
