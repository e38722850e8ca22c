"""Opening an input to read: regular files, pipes (FIFOs) and archives, and a stream that counts what is read."""

from __future__ import annotations

import errno
import io
import os
import stat
from typing import Any, BinaryIO, Callable, cast

from ..core.report import split_member
from .inputs import is_archive, unpack


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
        stream = open(fd, "rb")  # noqa: SIM115 - the caller's to close
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


class Counted(io.RawIOBase):
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

