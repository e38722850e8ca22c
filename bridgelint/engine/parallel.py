"""Checking many files on several processes, reports in input order.

The per-file work is :func:`check_one`, a top-level (picklable) function
that runs one file through the pipeline (:func:`bridgelint.engine.run.check_file`;
a worker process builds one linter per code selection).  The reports are the same objects, in the same order, as a run on
one process: the output does not depend on ``--jobs``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Generator, Iterable, cast

from . import interrupt, lifeline
from .events.hook import EventScope, Pending, conclude, settle
from .events.state import EventState, Reference
from ..core.report import FileReport
from .linter import RecordHook, linter_for, location
from .pipeline import check_file, check_stream
from ..rules.optimum import SOLVED_CODES, solved_file_hooks

if TYPE_CHECKING:
    from .fixing import FixMode
    from ..core.findings import Finding

Job = tuple[str, frozenset[str], "str | None", "str | None"]  # path, selected codes, input format, encoding


def cpu_count() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def check_one(job: Job, on_read: Callable[[int], None] | None = None, stream: BinaryIO | None = None,
              events: EventScope = EventScope(), fix: FixMode | None = None, dd: str | None = None) -> FileReport:
    """Check one file (runs in a worker process, or in this one); a worker counts the bytes it reads in ``_READ``.

    ``stream``: read it instead of the path.  Events across files: the report is ``pending`` and
    :func:`settle_events` decides its event findings, in input order.  ``fix``: fix the file
    (:func:`bridgelint.fixing.fix_file`), the report is of what is left.  ``dd``: solve the deals (O103, O105),
    with the cache in that directory ("": no cache).
    """
    if fix is not None:
        from .fixing import fix_file  # only when fixing

        return fix_file(job[0], lambda again: _check_one(job, on_read, again, events, dd), fix, stream, job[3])
    return _check_one(job, on_read, stream, events, dd)


def _check_one(job: Job, on_read: Callable[[int], None] | None, stream: BinaryIO | None,
               events: EventScope, dd: str | None = None) -> FileReport:
    path, codes, fmt, encoding = job
    hooks: list[RecordHook] = [solve_stage(dd), *solved_file_hooks(codes)] if dd is not None and codes & SOLVED_CODES \
        else []
    if stream is None:
        return check_file(path, codes, fmt, hooks, on_read=on_read or (_count if _READ is not None else None),
                          events=events, encoding=encoding)
    return check_stream(path, stream, codes, fmt, hooks, events=events, encoding=encoding)


_SOLVERS: dict[str, Any] = {}  # this process's solver of each cache directory


def solve_stage(cache: str) -> RecordHook:
    """A file's solving stage, on this process's solver (imported here: only a run with --dd needs it)."""
    from .solver import Cache, SolveStage, Solver

    solver = _SOLVERS.get(cache)
    if solver is None:
        solver = _SOLVERS[cache] = Solver(Cache(Path(cache) if cache else None))
    return SolveStage(solver)


def settle_events(report: FileReport, state: EventState, codes: frozenset[str]) -> int | None:
    """Add to a pending report (events across files) the findings the run's state decides for it now; its index
    in the state (None: it has no events to settle), for :func:`conclude_events` at the end of the run."""
    if report.pending is None:
        return None
    pending = cast(Pending, report.pending)
    found = settle(state, report.path, pending, linter_for(codes).complete)
    report.findings = sorted(report.findings + found, key=location)
    report.pending = pending._replace(sightings=[])  # the state holds what it needs of them
    return len(state.paths) - 1


def conclude_events(report: FileReport, found: list[Finding], codes: frozenset[str]) -> None:
    """Add to a settled report the event findings decided at the end of the run (``found``, of its file)."""
    pending = cast(Pending, report.pending)
    report.findings = sorted(report.findings + conclude(found, pending, linter_for(codes).complete), key=location)
    report.pending = None


def conclude_run(held: list[tuple[FileReport, int | None, frozenset[str]]], state: EventState | None,
                 reference: Reference | None) -> None:
    """The end of a run whose event findings wait for it (across files, or with hand records): the fouled boards
    by the majority across files, and E105 on each hand record no record of the run was compared with.

    ``held``: each report, its index in the run's ``state`` (across files; None: not settled) and its codes."""
    decided = state.finish() if state is not None else {}
    compared = set(state.compared) if state is not None else set()
    for report, _, _ in held:
        if state is None and report.pending is not None:
            compared |= cast(Pending, report.pending).compared
    uncompared = reference.uncompared(compared) if reference is not None else {}
    hand = {path: uncompared[i] for i, path in enumerate(reference.files) if i in uncompared} if reference else {}
    for report, index, codes in held:
        if report.pending is None:
            continue
        found = decided.get(index, []) if index is not None else []
        if report.path in hand:
            found = found + [hand.pop(report.path)]  # once, on the first report of that hand record
        conclude_events(report, found, codes)


def check_files(jobs: Iterable[Job], workers: int, on_read: Callable[[int], None] | None = None,
                events: EventScope = EventScope(), fix: FixMode | None = None,
                dd: str | None = None) -> Generator[FileReport, None, None]:
    """The report of each job, in order, computed on up to ``workers`` processes (``events``, ``fix``, ``dd``: see
    check_one).

    ``on_read(n)`` hears of the bytes read: at once in this process, every :data:`POLL` seconds from workers.
    The caller closes the generator when it stops taking reports, even after the last one (``contextlib.closing``):
    that shuts the workers down in the caller's thread.  Left to the garbage collector, the shutdown would run
    in whatever thread collects it, the pool's own management thread too, which cannot join itself.
    """
    jobs = list(jobs)
    workers = min(workers, len(jobs), cpu_count())  # more processes than files or CPUs only cost
    if workers <= 1:
        for job in jobs:
            yield check_one(job, on_read, events=events, fix=fix, dd=dd)
        return
    import multiprocessing  # here: a run on one process starts sooner without it
    from concurrent.futures import ProcessPoolExecutor

    # fork is the cheap start on Linux; elsewhere the platform's default (spawn) is the safe one
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    read = (context or multiprocessing).Value("q", 0) if on_read is not None else None
    seen = 0
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_share,
                               initargs=(read, os.getpid()))
    submitted: list[Future] = []
    try:
        places: dict[int, tuple[Future, int]] = {}  # each job's task, and its place there
        for task in tasks(jobs, workers):
            submitted.append(pool.submit(check_many, [jobs[i] for i in task], events, fix, dd))
            places.update((i, (submitted[-1], n)) for n, i in enumerate(task))
        for i in range(len(jobs)):  # reports in input order
            future, n = places.pop(i)
            while read is not None and on_read is not None and not _done(future):
                seen = _tell(read, seen, on_read)
            if read is not None and on_read is not None:
                seen = _tell(read, seen, on_read)
            yield future.result()[n]
    except BaseException:  # interrupted, or the reports are no longer wanted: the workers stop now, not when done
        if not all(future.done() for future in submitted):  # closed after the last report: nothing to stop
            stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


STOP_WAIT = 5.0  # seconds a terminated worker has to end before it is killed


def stop_workers(pool: Any) -> None:
    """Stop the pool's workers now: each terminated, waited for, killed if it does not end in :data:`STOP_WAIT`.

    Then this process's end of the results' pipe is closed for writing: a worker terminated while it wrote a
    result leaves the pool's thread waiting for the rest, which no process can now write; with no writer left the
    thread reads the pipe's end instead of waiting for ever (and ``shutdown`` with it).
    """
    from multiprocessing.connection import wait

    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    waiting = {process.sentinel: process for process in processes}  # ready once the process has ended
    deadline = time.monotonic() + STOP_WAIT
    while waiting and (left := deadline - time.monotonic()) > 0:
        for ended in wait(list(waiting), timeout=left):
            del waiting[ended]
    for process in waiting.values():
        process.kill()
    while waiting:
        for ended in wait(list(waiting)):
            del waiting[ended]
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


def check_many(jobs: list[Job], events: EventScope, fix: FixMode | None = None,
               dd: str | None = None) -> list[FileReport]:
    """The reports of a worker's task: one file, or a few small ones (:func:`tasks`)."""
    return [check_one(job, events=events, fix=fix, dd=dd) for job in jobs]


TASK_BYTES = 1 << 16  # at most this much of small files in one task


def tasks(jobs: list[Job], workers: int) -> list[list[int]]:
    """The jobs' indices as the workers' tasks: the largest files first, so that one large file does not start
    last, each alone; smaller ones together, up to :data:`TASK_BYTES` a task and at least four tasks a worker,
    so that a task's cost (queues, pickling, a worker's turn) is paid once for many small files."""
    sizes = [file_size(job[0]) for job in jobs]
    limit = min(TASK_BYTES, sum(sizes) // (4 * workers))
    out: list[list[int]] = []
    size = 0
    for i in sorted(range(len(jobs)), key=lambda i: -sizes[i]):
        if out and size + sizes[i] <= limit:
            out[-1].append(i)
            size += sizes[i]
        else:
            out.append([i])
            size = sizes[i]
    return out


POLL = 0.2  # seconds between two looks at the bytes the workers read
_READ: Any = None  # in a worker process: the run's count of bytes read (a shared Value), when progress is shown


def _share(read: Any, parent: int) -> None:
    """A worker's start: the shared count of bytes read; SIGINT and SIGHUP are left to the main process, and the
    worker ends when the main process does (:mod:`.lifeline`)."""
    global _READ
    _READ = read
    interrupt.in_worker()
    lifeline.tie_to(parent)


def _count(n: int) -> None:
    with _READ.get_lock():
        _READ.value += n


def _done(future: Future) -> bool:
    try:
        future.exception(timeout=POLL)
    except FutureTimeout:
        return False
    return True


def _tell(read: Any, seen: int, on_read: Callable[[int], None]) -> int:
    now = read.value
    if now > seen:
        on_read(now - seen)
    return now


def file_size(path: str) -> int:
    """The size of a file in bytes; 0 when it cannot be known."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
