"""A worker process ends when the process that started it dies, however it dies (SIGKILL too).

A worker that outlived its parent would go on checking files nobody waits for, holding the run's standard
output and error open, so that a caller reading them would wait for ever.  On Linux the kernel ends it:
``prctl(PR_SET_PDEATHSIG, SIGKILL)``.  Elsewhere, or where that call fails, a thread of the worker looks at its
parent's process id every :data:`WATCH` seconds: once it changed, the parent is gone, and the worker ends.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH = 0.5  # seconds between two looks at the parent, where the kernel does not tell
ORPHANED = 1  # the exit status of a worker whose parent is gone


def tie_to(parent: int) -> None:
    """In a worker process: end when ``parent`` (the process id of the one that started it) is gone."""
    if not _kernel_ties():
        threading.Thread(target=_watch, args=(parent,), name="lifeline", daemon=True).start()
    if os.getppid() != parent:  # it died before the tie was made
        os._exit(ORPHANED)


def _kernel_ties() -> bool:
    """Ask Linux to send SIGKILL to this process when its parent dies; False where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH)
    os._exit(ORPHANED)
