"""Checking many files on several processes, results in input order.

A worker is sent a picklable ``check`` (a :class:`~bridgelint.engine.pipeline.Pipeline`'s, with the pipeline)
and paths; it runs ``check(path)`` on each and sends back what it gives (a finished file's result).  The
results are the same, in the same order, as on one process: the output does not depend on ``--jobs``.
"""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable, Generator, TypeVar

from . import interrupt, lifeline

T = TypeVar("T")
Check = Callable[..., T]  # check(path, on_read=None): a file's result, on_read(n) hearing of the bytes read


def cpu_count() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def check_files(check: Check[T], paths: list[str], workers: int,
                on_read: Callable[[int], None] | None = None) -> Generator[T, None, None]:
    """``check(path)`` of each path, in order, computed on ``workers`` processes.

    ``on_read(n)`` hears of the bytes the workers read, every :data:`POLL` seconds.  The caller closes the
    generator when it stops taking results, even after the last one (``contextlib.closing``): that shuts the
    workers down in the caller's thread.  Left to the garbage collector, the shutdown would run in whatever
    thread collects it, the pool's own management thread too, which cannot join itself.
    """
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
        places: dict[int, tuple[Future, int]] = {}  # each path's task, and its place there
        for task in tasks(paths, workers):
            submitted.append(pool.submit(check_many, check, [paths[i] for i in task]))
            places.update((i, (submitted[-1], n)) for n, i in enumerate(task))
        for i in range(len(paths)):  # results in input order
            future, n = places.pop(i)
            while read is not None and on_read is not None and not _done(future):
                seen = _tell(read, seen, on_read)
            if read is not None and on_read is not None:
                seen = _tell(read, seen, on_read)
            yield future.result()[n]
    except BaseException:  # interrupted, or the results are no longer wanted: the workers stop now, not when done
        if not all(future.done() for future in submitted):  # closed after the last result: nothing to stop
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


def check_many(check: Check[T], paths: list[str]) -> list[T]:
    """A worker's task: one file, or a few small ones (:func:`tasks`); the bytes read counted in ``_READ``."""
    return [check(path, on_read=_count if _READ is not None else None) for path in paths]


TASK_BYTES = 1 << 16  # at most this much of small files in one task


def tasks(paths: list[str], workers: int) -> list[list[int]]:
    """The paths' indices as the workers' tasks: the largest files first, so that one large file does not start
    last, each alone; smaller ones together, up to :data:`TASK_BYTES` a task and at least four tasks a worker,
    so that a task's cost (queues, pickling, a worker's turn) is paid once for many small files."""
    sizes = [file_size(path) for path in paths]
    limit = min(TASK_BYTES, sum(sizes) // (4 * workers))
    out: list[list[int]] = []
    size = 0
    for i in sorted(range(len(paths)), key=lambda i: -sizes[i]):
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
