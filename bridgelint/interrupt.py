"""Interrupts: SIGINT (Ctrl-C) and SIGTERM end a run cleanly.

The main process turns either signal into :class:`Interrupted`, which no
``except Exception`` catches; ``check`` then stops its workers, writes the
report of the files already finished and says the run was interrupted; any
command exits with 128 + the signal's number (130 for SIGINT, 143 for
SIGTERM), never with a traceback.  Workers ignore SIGINT, which a terminal
sends to the whole process group: the main process stops them.
"""

from __future__ import annotations

import signal

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(BaseException):
    """The run was interrupted by a signal."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        """The exit status, as a shell reports a process that a signal ended."""
        return 128 + self.signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


def _raise(signum: int, _frame: object) -> None:
    raise Interrupted(signum)


def catch() -> None:
    """In the main process: SIGINT and SIGTERM raise :class:`Interrupted`."""
    for signum in SIGNALS:
        signal.signal(signum, _raise)


def ending() -> None:
    """The run is ending after an interrupt: a second Ctrl-C is ignored, a second SIGTERM ends it at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def in_worker() -> None:
    """In a worker process: SIGINT ignored (the main process stops the workers), SIGTERM ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
