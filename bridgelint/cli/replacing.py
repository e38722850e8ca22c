"""Output files written whole or not at all.

A report or a converted file is written to a temporary file in the output's own directory and renamed over
the output when the run succeeds (``os.replace``: atomic on one file system), so that the output is never left
truncated: not by a write error (a full disk), not by a run that fails or is killed, not by two runs writing
the same output at once (the last to finish wins, whole).  When the run fails the temporary file is removed
and an existing output is left as it was.  A write error is an OSError naming the output.  An output that is
no regular file (``/dev/stdout``, a FIFO, a device) is written to as it is: it cannot be replaced.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from types import TracebackType
from typing import IO, Any


class Replacing:
    """``with Replacing(path) as out:`` ``out`` is the temporary file, made at once (a directory that cannot be
    written is known before any work); ``path`` is replaced when the block ends without an exception.
    ``mode`` is ``"wb"`` or ``"w"`` (then ``encoding`` and ``newline`` apply)."""

    def __init__(self, path: str, mode: str = "wb", **text: Any):
        self.path = path
        try:
            regular = stat.S_ISREG(os.stat(path).st_mode)
        except FileNotFoundError:
            regular = True  # a new file
        if not regular:  # a device, a FIFO, /dev/stdout: written to as it is
            self.temporary = ""
            self.file: IO[Any] = open(path, mode, **text)  # noqa: SIM115 - closed by __exit__
            return
        target = os.path.realpath(path)  # a symbolic link is followed: the file it names is replaced
        directory, name = os.path.split(target)
        fd, self.temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=directory)
        self.target = target
        try:
            self.file = os.fdopen(fd, mode, **text)
        except BaseException:
            os.close(fd)
            self._remove()
            raise

    def __enter__(self) -> IO[Any]:
        return self.file

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is not None:
            self._close_quietly()
            self._remove()
            if isinstance(error, OSError) and error.filename is None:  # a write error: name the output
                error.filename = self.path
            return
        try:
            if not self.temporary:
                self.file.close()
                return
            self.file.close()  # its last writes: a full disk says so here
            os.chmod(self.temporary, _mode_for(self.target))
            os.replace(self.temporary, self.target)
        except OSError as failed:
            self._close_quietly()
            self._remove()
            failed.filename = self.path
            raise

    def _close_quietly(self) -> None:
        with contextlib.suppress(OSError):  # the data that could not be written is dropped with the file
            self.file.close()

    def _remove(self) -> None:
        if not self.temporary:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.temporary)


def _mode_for(path: str) -> int:
    """The permissions the output gets: those of the file it replaces, else what ``open`` would give."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
