"""The pipeline: paths or streams → records → replays → rules → findings.

Every command goes this one road.  ``check`` takes each file's
:class:`FileReport`; ``convert`` and ``replay`` take each record with its
replays and findings (:class:`Checked`); the API checks single records.

Per record, the findings are those of the reader, of the selected rules and
of the run's record hooks, completed (severity, reference, game, board) and
filtered by the file's codes (the selection less ``per-file-ignores``) and
by the ``% bridgelint: disable=`` directives known at that point: the game's
own and every ``disable-file=`` above it.  At the end of a file come the
file's own findings, S112 for each directive that suppressed nothing, and a
last pass of the file's directives over the whole report (a ``disable-file=``
below a game still covers that game in the report).  A bug while checking a
record is X001 on that record; a bug of the reader is X001 on the file.

Records are taken from the reader a few at a time (``BATCH``) and their
replays worked out a stage at a time over them (:meth:`Linter.replay`), then
each record goes on as above, in order, as if it were read alone: the
directives it is filtered by are those above it (``above``), which a reader
taking one game at a time has found when it gives the game.

A *record hook* is a callable ``hook(replays) -> Iterable[Finding]`` given to
:func:`check_stream` (or :class:`Pipeline`): it sees every record of a file,
in order, after the rules, and its findings are that record's, selected,
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

The event checks (E codes, :mod:`bridgelint.events`) are such a hook, which
every run has whenever an event code is selected (``events``, an
:class:`~bridgelint.events.hook.EventScope`; None: none): ``check``,
``replay``, ``convert`` and the API find the same.
"""

from __future__ import annotations

import errno
import fnmatch
import io
import os
import stat
import sys
from dataclasses import dataclass, field
from functools import reduce
from operator import attrgetter, or_
from contextlib import nullcontext
from typing import Any, BinaryIO, Callable, Generator, Iterable, Iterator, cast

from .config import DEFAULT_EXCLUDE, Config, file_codes, file_encoding, is_excluded
from .events.hook import EventScope, event_hooks
from .events.standings import standings_hooks
from .inputs import ArchiveProblem, Unpacked, inputs_of, is_archive, is_zip, shown, unpack
from ..core.findings import Finding
from ..core.record import Record
from ..core.report import FileReport, split_member
from ..formats import format_from_name, open_reader
from ..replay.context import Context
from ..rules import DEFAULT_CODES, RULES
from ..rules.base import Rule
from ..rules.parts import ALL, AUCTION_REMARKS, PLAY_REMARKS, held
from ..rules.internal import InternalError
from ..rules.optimum import makeable_only_hooks
from ..rules.syntax import NoGame
from .suppression import Suppressions

RecordHook = Callable[[Context], Iterable[Finding]]


def location(finding: Finding) -> tuple[int, int, str]:
    """The order findings are reported in: line, column, code."""
    return finding.line, finding.column, finding.code


@dataclass(slots=True)
class Checked:
    """One record through the pipeline: the record, its replays and its findings (selected, suppressed)."""

    record: Record
    replays: Context
    findings: list[Finding]


_REPLAYS = ((AUCTION_REMARKS, attrgetter("auction")), (PLAY_REMARKS, attrgetter("play")))  # in the order they run


class Linter:
    """The selected rules (those on by default, unless given) run on single records.

    Each record runs only the rules that can find something in it (``Rule.formats`` and ``Rule.needs``): the
    rules of a format and the parts a record holds are worked out once, then taken from ``plans``.
    ``dispatch=False`` runs every selected rule of the format instead (the tests compare the two).
    """

    def __init__(self, codes: Iterable[str] | None = None, dispatch: bool = True):
        self.codes = frozenset(DEFAULT_CODES if codes is None else codes)
        self.rules: list[Rule] = [RULES[c]() for c in RULES if c in self.codes and RULES[c].checks()]
        self.dispatch = dispatch
        self.wanted = reduce(or_, (rule.needs for rule in self.rules), 0)  # the parts any selected rule needs
        self.plans: dict[tuple[str, int], list[Rule]] = {}

    def rules_for(self, replays: Context) -> list[Rule]:
        """The rules that can find something in this record."""
        fmt = replays.record.format
        parts = held(replays, self.wanted) if self.dispatch else ALL
        plan = self.plans.get((fmt, parts))
        if plan is None:
            plan = self.plans[fmt, parts] = [rule for rule in self.rules
                                             if fmt in rule.formats and rule.needs & parts == rule.needs]
        return plan

    def replay(self, batch: list[Context]) -> None:
        """Work out the replays the rules will ask for on a few records, a stage at a time: every auction, then
        every play.  One piece of code run over several records in a row runs measurably faster (about 10%
        of a check) than each record taken through every stage in turn.  A replay that fails here is left to
        ``check_record``, which asks for it again and reports the bug on its record (X001)."""
        for part, replay in _REPLAYS:
            if self.dispatch and self.wanted & part:  # the dispatch asks for this replay on every record
                for replays in batch:
                    try:
                        replay(replays)
                    except Exception:
                        pass

    def check_record(self, replays: Context, hooks: Iterable[RecordHook] = ()) -> list[Finding]:
        """The selected findings on one record, those of reading, of the rules and of ``hooks``; a bug is X001."""
        record = replays.record
        found = list(record.findings)
        try:
            extend = found.extend
            for rule in self.rules_for(replays):
                extend(rule.check(replays))
            for hook in hooks:
                extend(hook(replays))
        except Exception as error:  # a bug: report it on this record and go on
            _debug()
            found.append(InternalError.finding(f"internal error while checking this game: {type(error).__name__}: "
                                               f"{error}", record.line, record.column))
        return self.complete(found, record)

    def complete(self, found: Iterable[Finding], record: Record | None = None) -> list[Finding]:
        """The selected findings, with severity, reference, game and board filled in.

        A code that is no registered rule is a bug of bridgelint: KeyError, never a finding silently dropped.
        """
        kept = []
        for finding in found:
            rule = RULES[finding.code]
            if finding.code not in self.codes and rule is not InternalError:
                continue
            if finding.severity is None:
                finding.severity = rule.severity
            if finding.law is None:
                finding.law = rule.law
            if record is not None:
                finding.game = record.game
                finding.board = record.board_number
            kept.append(finding)
        return kept


_LINTERS: dict[frozenset[str], Linter] = {}


def linter_for(codes: Iterable[str] | None = None) -> Linter:
    """The linter of a code selection (all codes by default), built once per process."""
    key = frozenset(DEFAULT_CODES if codes is None else codes)
    linter = _LINTERS.get(key)
    if linter is None:
        linter = _LINTERS[key] = Linter(key)
    return linter


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
            _debug()
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
            _debug()
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
            run = FileRun(name, stream if on_read is None else cast(BinaryIO, _Counted(stream, on_read)), codes,
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


def check_record(record: Record, codes: Iterable[str] | None = None) -> list[Finding]:
    """Every selected finding on one record, by location (no suppression: that needs the file)."""
    return sorted(linter_for(codes).check_record(Context(record)), key=location)


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


def expand_paths(paths: Iterable[str], skipped: Iterable[str] = DEFAULT_EXCLUDE) -> Iterator[str]:
    """Files as given; directories searched recursively for .pbn and .lin files (also gzipped, and zips), sorted;
    a zip stands for its .pbn and .lin members (``upload.zip!board.pbn``).

    Below a directory, names that match a ``skipped`` glob (``.git``, hidden ones: ``.*``) are not searched;
    what is named is read.  Symbolic links to directories are not followed (no loops); files that are no regular
    file (FIFOs, devices, sockets) are skipped; a directory that cannot be listed is yielded itself, so that
    reading it says why.
    """
    skipped = tuple(skipped)

    def skip(name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in skipped)

    for path in paths:
        if path != "-" and os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path, onerror=lambda error: found.append(error.filename)):
                dirs[:] = sorted(d for d in dirs if not skip(d))
                found.extend(full for name in files if (format_from_name(name) or is_zip(name)) and not skip(name)
                             and _walked_file(full := os.path.join(root, name)))
            for file in sorted(found):
                yield from inputs_of(file, skip)
        else:
            yield from inputs_of(path, skip)


def once(paths: Iterable[str]) -> list[str]:
    """``paths`` with each real file (or archive member) once: ``a.pbn``, ``./a.pbn`` and a link to it are one."""
    seen: set = set()
    kept = []
    for path in paths:
        archive, member = split_member(path)
        try:
            status = os.stat(archive)
            key: tuple = (status.st_dev, status.st_ino, member)
        except OSError:  # read as given: reading it says what is wrong
            key = (path,)
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _walked_file(path: str) -> bool:
    """Whether a file found in a directory is read: a regular file, or a path whose reading will say what is wrong."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def open_input(path: str) -> BinaryIO:
    """Open a regular file or a pipe to read; a device or socket is refused (OSError), it could block or never end.

    A FIFO is opened without blocking, so one that no process writes to reads as empty instead of hanging.
    Archives (``.pbn.gz``, ``.lin.gz``, ``upload.zip!board.pbn``) are unpacked as they are read (:mod:`.inputs`).
    """
    nonblock = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(split_member(path)[0], os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise OSError(errno.EINVAL, "not a regular file (a device or socket): not read", path)
        if nonblock:
            os.set_blocking(fd, True)
        stream = open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    if not is_archive(path):
        return stream
    try:
        return unpack(stream, path)
    except BaseException:
        stream.close()
        raise


class _Counted(io.RawIOBase):
    """A binary stream that tells ``on_read`` how many bytes each read gave."""

    def __init__(self, raw: BinaryIO, on_read: Callable[[int], None]):
        self.raw, self.on_read = raw, on_read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = cast(io.BufferedIOBase, self.raw).readinto(buffer)
        if n:
            self.on_read(n)
        return n


def is_board(record: Record) -> bool:
    """A record that holds a board: a board number, a deal, an auction or a play."""
    return bool(record.board or record.deal_field or record.auction or record.play)


def _debug() -> None:
    if os.environ.get("BRIDGELINT_DEBUG"):
        import traceback

        traceback.print_exc(file=sys.stderr)
