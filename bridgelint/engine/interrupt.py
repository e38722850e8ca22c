"""Interrupts: SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal closed) end a run cleanly.

The main process turns each signal into :class:`Interrupted`, which no
``except Exception`` catches; ``check`` then stops its workers, writes the
report of the files already finished and says the run was interrupted; any
command exits with 128 + the signal's number (130 for SIGINT, 143 for
SIGTERM, 129 for SIGHUP), never with a traceback.  Workers ignore SIGINT and
SIGHUP, which a terminal sends to the whole process group: the main process
stops them, and a worker whose main process died ends (:mod:`.lifeline`).
"""

from __future__ import annotations

import signal

SIGNALS = (signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []))
_FROM_TERMINAL = [signum for signum in SIGNALS if signum != signal.SIGTERM]  # sent to the whole process group


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
    """In the main process: SIGINT, SIGTERM and SIGHUP raise :class:`Interrupted`, but a signal the process
    started ignoring stays ignored (``nohup`` ignores SIGHUP: the run goes on when the terminal closes)."""
    for signum in SIGNALS:
        if signal.getsignal(signum) != signal.SIG_IGN:
            signal.signal(signum, _raise)


def ending() -> None:
    """The run is ending after an interrupt: a second Ctrl-C is ignored, a second SIGTERM or SIGHUP ends it at
    once."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)


def in_worker() -> None:
    """In a worker process: SIGINT and SIGHUP ignored (the main process stops the workers), SIGTERM ends it."""
    for signum in _FROM_TERMINAL:
        signal.signal(signum, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
