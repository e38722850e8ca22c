"""One file's run: its records through the linter and the record hooks, then the file's own findings.

``check`` takes each file's :class:`FileReport`; ``convert`` and ``replay``
take each record with its replays and findings (:class:`Checked`).

Per record, the findings are the linter's (:mod:`.linter`), filtered by the
file's codes (the selection less ``per-file-ignores``) and by the
``% bridgelint: disable=`` directives known at that point: the game's own and
every ``disable-file=`` above it.  At the end of a file come the file's own
findings, S112 for each directive that suppressed nothing, and a last pass
of the file's directives over the whole report (a ``disable-file=`` below a
game still covers that game in the report).  A bug of the reader is X001 on
the file.

Records are taken from the reader a few at a time (``BATCH``) and their
replays worked out a stage at a time over them (:meth:`Linter.replay`), then
each record goes on as above, in order, as if it were read alone: the
directives it is filtered by are those above it (``above``), which a reader
taking one game at a time has found when it gives the game.

A record hook (:data:`~.linter.RecordHook`) sees every record of a file, in
order, after the rules, and its findings are that record's, selected,
completed and suppressed like the rules'.  A hook keeps its own state across
records and files, so checks across records (duplicate boards, an event's
movement) are hooks.  It runs in the process that reads the file: with
``--jobs`` above 1 each worker's hooks see that worker's files only.  A hook
may also have ``start_file(path, suppressions)``, called before a file's
first record with the file's directives, ``end_file(report)``, called once the
file is read, whose findings (of records of the file, decided at its end) join
the report, and ``later``, the codes it decides after the file (in the parent,
across files): S112 leaves those to it.  A hook with ``prepare(batch)`` works
something out for each batch of records before the rules run (``batch``: how
many records it wants at a time; the largest asked for is taken).

The event checks (E codes, :mod:`bridgelint.engine.events`) are such a hook, which
every run has whenever an event code is selected (``events``, an
:class:`~bridgelint.engine.events.hook.EventScope`; None: none): ``check``,
``replay``, ``convert`` and the API find the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterable, Iterator

from .events.hook import EventScope, event_hooks
from .events.standings import standings_hooks
from .inputs import Unpacked
from .linter import RecordHook, debug_trace, linter_for, location
from ..core.findings import Finding
from ..core.record import Record
from ..core.report import FileReport
from ..formats import open_reader
from ..replay.context import Context
from ..rules import RULES
from ..rules.internal import InternalError
from ..rules.optimum import makeable_only_hooks
from ..rules.syntax import NoGame
from .suppression import Suppressions


@dataclass(slots=True)
class Checked:
    """One record through the pipeline: the record, its replays and its findings (selected, suppressed)."""

    record: Record
    replays: Context
    findings: list[Finding]


class FileRun:
    """One file through the pipeline: iterating gives each record's :class:`Checked`; ``report`` then holds all.

    ``file_findings`` (set at the end) are the findings of no record: the file's own, and S112; ``at_end`` those
    of records that the hooks decided at the end of the file (not in the records' :class:`Checked`).
    """

    def __init__(self, path: str, stream: BinaryIO, codes: Iterable[str] | None = None, fmt: str | None = None,
                 hooks: Iterable[RecordHook] = (), events: EventScope | None = EventScope(),
                 encoding: str | None = None):
        self.path = path
        self.stream = stream
        self.fmt = fmt
        self.encoding = encoding
        self.linter = linter_for(codes)
        self.hooks: tuple[RecordHook, ...] = (*hooks, *event_hooks(self.linter.codes, events),
                                              *makeable_only_hooks(self.linter.codes), *standings_hooks(self.linter.codes))
        self.report = FileReport(path, fmt or "unknown")
        self.file_findings: list[Finding] = []
        self.at_end: list[Finding] = []

    def __iter__(self) -> Iterator[Checked]:
        report, linter = self.report, self.linter
        later = frozenset().union(*(getattr(hook, "later", ()) for hook in self.hooks))
        suppressions = Suppressions(frozenset(RULES), linter.codes - later)
        for hook in self.hooks:
            if hasattr(hook, "start_file"):
                hook.start_file(self.path, suppressions)
        header: list = []  # the reader's directives outside any game, as they are read
        line = 1
        preparing = [hook.prepare for hook in self.hooks if hasattr(hook, "prepare")]
        try:
            reader = open_reader(self.stream, self.path, self.fmt, self.encoding)
            report.format = reader.format
            header = getattr(reader, "header_directives", [])
            for batch in batches(reader, max((getattr(hook, "batch", BATCH) for hook in self.hooks), default=BATCH)):
                linter.replay(batch)
                for prepare in preparing:
                    self.prepared(prepare, batch)
                for replays in batch:
                    record = replays.record
                    line = record.line
                    report.games += 1
                    report.boards += is_board(record)
                    suppressions.add_header(above(header, suppressions.header_seen, line))
                    suppressions.add_record(record)
                    findings = suppressions.suppress(linter.check_record(replays, self.hooks))
                    for code in replays.skipped:
                        report.skipped[code] = report.skipped.get(code, 0) + 1
                    findings.sort(key=location)
                    report.findings.extend(findings)
                    yield Checked(record, replays, findings)
            self.file_findings = linter.complete(reader.file_findings)
        except OSError:
            raise  # the file could not be read: the caller reports the path
        except Exception as error:  # a bug of the reader itself: the rest of this file is lost, say so
            debug_trace()
            self.file_findings.append(InternalError.finding(f"internal error while reading the file after this line: "
                                                            f"{type(error).__name__}: {error}", line, 1,
                                                            severity="error"))
        at_end: list[Finding] = []
        for hook in self.hooks:
            end_file = getattr(hook, "end_file", None)
            if end_file is not None:
                at_end += linter.complete(end_file(report))
        suppressions.add_header(header[suppressions.header_seen:])
        self.at_end = suppressions.suppress(at_end)
        report.findings = suppressions.suppress(report.findings) + self.at_end  # directives below a game cover it
        self.file_findings = suppressions.suppress(self.file_findings)
        self.file_findings += linter.complete(suppressions.unused())
        report.findings += self.file_findings
        report.findings.sort(key=location)


    @staticmethod
    def prepared(prepare: Callable[[list[Context]], None], batch: list[Context]) -> None:
        """A hook's work on a batch before the rules run; a failure is X001 on each record of the batch."""
        try:
            prepare(batch)
        except Exception as error:
            debug_trace()
            for replays in batch:
                replays.record.findings.append(InternalError.finding(
                    f"internal error while preparing this game's checks: {type(error).__name__}: {error}",
                    replays.record.line, replays.record.column))


BATCH = 8  # records read ahead and replayed together (Linter.replay)


def batches(records: Iterable[Record], size: int = BATCH) -> Iterator[list[Context]]:
    """The records in lists of up to ``size``.  When reading fails, the records read before are given first,
    then the error is raised."""
    it = iter(records)
    while True:
        batch: list[Context] = []
        try:
            for record in it:
                batch.append(Context(record))
                if len(batch) == size:
                    break
        except Exception:
            if batch:
                yield batch
            raise
        if not batch:
            return
        yield batch


def above(header: list, seen: int, line: int) -> list:
    """The directives of ``header`` (outside any game, in line order) after the first ``seen`` that stand above
    ``line``: those a reader taking one game at a time has found when it gives the game at ``line``."""
    end = seen
    while end < len(header) and header[end].line < line:
        end += 1
    return header[seen:end]


def add_archive_findings(run: FileRun, stream: BinaryIO) -> bool:
    """Add to a finished run what unpacking its stream found: S115 damage or S116 a limit, where reading stopped
    early (then an S111 "no game" is dropped: the damage says why), and an S115 on a member whose name the
    archive holds twice.  True when input was lost (reading stopped early)."""
    if not isinstance(stream, Unpacked) or (stream.finding is None and not stream.notes):
        return False
    lost = stream.finding is not None
    added = run.linter.complete([*([stream.finding] if stream.finding is not None else []), *stream.notes])
    if lost:
        run.file_findings = [f for f in run.file_findings if f.code != NoGame.code]
        run.report.findings = [f for f in run.report.findings if f.code != NoGame.code]
    run.file_findings += added
    run.report.findings = sorted(run.report.findings + added, key=location)
    return lost


def is_board(record: Record) -> bool:
    """A record that holds a board: a board number, a deal, an auction or a play."""
    return bool(record.board or record.deal_field or record.auction or record.play)

