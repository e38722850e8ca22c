"""Checking many files on several processes, reports in input order.

The per-file work is :func:`check_one`, a top-level (picklable) function
that runs one file through the pipeline (:func:`bridgelint.pipeline.check_file`;
a worker process builds one linter per code selection).  The reports are the same objects, in the same order, as a run on
one process: the output does not depend on ``--jobs``.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Iterable, Iterator

from .pipeline import FileReport, check_file

Job = tuple[str, frozenset[str], "str | None"]  # path, selected codes, input format


def cpu_count() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def check_one(job: Job) -> FileReport:
    """Check one file (runs in a worker process, or in this one)."""
    path, codes, fmt = job
    return check_file(path, codes, fmt)


def check_files(jobs: Iterable[Job], workers: int) -> Iterator[FileReport]:
    """The report of each job, in order, computed on up to ``workers`` processes."""
    jobs = list(jobs)
    workers = min(workers, len(jobs))
    if workers <= 1:
        yield from map(check_one, jobs)
        return
    # fork is the cheap start on Linux; elsewhere the platform's default (spawn) is the safe one
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # the largest files first, so that one large file does not start last; reports in input order
        order = sorted(range(len(jobs)), key=lambda i: -_size(jobs[i][0]))
        futures = {i: pool.submit(check_one, jobs[i]) for i in order}
        for i in range(len(jobs)):
            yield futures.pop(i).result()


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0
