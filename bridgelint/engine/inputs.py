"""What a run reads besides plain files: archives, and the names paths are shown by.

``.pbn.gz`` and ``.lin.gz`` (gzip) are read as the file inside.  A ``.zip``
is read member by member: each ``.pbn`` or ``.lin`` member is an input of its
own, named ``upload.zip!dir/board.pbn``.  Unpacking is bounded against
decompression bombs: at most :data:`MAX_MEMBERS` members, :data:`MAX_UNPACKED`
bytes unpacked per archive, and, past the first :data:`RATIO_FLOOR` bytes, at
most :data:`MAX_RATIO` times the packed size.  A limit reached or a damaged
archive is a problem noted (S116's, S115's), never an exception: reading stops
there and what was unpacked is checked.
"""

from __future__ import annotations

import errno
import gzip
import io
import os
import re
import stat
import zipfile
import zlib
from typing import IO, Any, BinaryIO, Callable, cast

from ..core.digits import is_digits, matched
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.report import split_member
from ..formats import EXTENSIONS
from ..rules import reading

MAX_MEMBERS = 10_000
MAX_UNPACKED = 2 << 30
MAX_RATIO = 200
RATIO_FLOOR = 10 << 20
BLOCK = 1 << 16
ZIP = ".zip"
GZIP = ".gz"
COPY = "#"  # between a member's name and the number of its copy, where the archive holds the name twice
_HERE = ("", ".")  # parts of a member's name that name no folder: "./round1.pbn", "a//b.pbn"
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_DAMAGE = (zipfile.BadZipFile, gzip.BadGzipFile, EOFError, zlib.error, NotImplementedError, RuntimeError)


def shown(path: str) -> str:
    """``path`` as reports show it: bytes that are not UTF-8 and control characters as ``\\xNN``."""
    if path.isascii() and path.isprintable():
        return path
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes of a file name, kept as surrogates by Python
        path = os.fsencode(path).decode("utf-8", "backslashreplace")
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", path)


def is_zip(path: str) -> bool:
    return path.lower().endswith(ZIP)


def is_gzip(path: str) -> bool:
    return path.lower().endswith(tuple(ext + GZIP for ext in EXTENSIONS))


def is_archive(path: str) -> bool:
    """Whether ``path`` names a gzip file or a zip, or a member of a zip."""
    return is_zip(path) or is_gzip(path) or split_member(path)[1] is not None


class ArchiveProblem(Exception):
    """An archive that cannot be read as a whole; ``problem`` says why, ``finding`` in its rule's words."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(self.finding.full_message)

    @property
    def finding(self) -> Finding:
        return reading.findings([self.problem])[0]


def zip_members(path: str) -> list[str]:
    """The ``.pbn`` and ``.lin`` members of a zip, as ``path!member``, in the archive's order.

    Raises :class:`ArchiveProblem` for a damaged archive or one over the limits, OSError for an unreadable path.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except _DAMAGE as error:
        raise ArchiveProblem(Problem(Kind.ARCHIVE_UNREADABLE, 1, 1, (error,))) from None
    if len(infos) > MAX_MEMBERS:
        raise ArchiveProblem(Problem(Kind.ARCHIVE_MEMBERS, 1, 1, (len(infos), MAX_MEMBERS)))
    members = [info for info in infos if not info.is_dir() and info.filename.lower().endswith(EXTENSIONS)]
    unpacked = sum(info.file_size for info in members)
    if unpacked > MAX_UNPACKED:
        raise ArchiveProblem(Problem(Kind.ARCHIVE_SIZE, 1, 1, (unpacked, MAX_UNPACKED)))
    return [f"{path}!{name}" for name in _member_names(members)]


def _member_names(members: list[zipfile.ZipInfo]) -> list[str]:
    """The members' names; a name the archive holds more than once is ``name#2``, ``name#3``... after its first."""
    seen: dict[str, int] = {}
    names = []
    for info in members:
        copies = seen[info.filename] = seen.get(info.filename, 0) + 1
        names.append(info.filename if copies == 1 else f"{info.filename}{COPY}{copies}")
    return names


def inputs_of(path: str, skip: Callable[[str], bool] = lambda name: False) -> list[str]:
    """What a file stands for: a zip's members (but those with a part of their name ``skip`` tells: ``__MACOSX``),
    or the zip itself when it cannot be listed (reading it says why)."""
    if not is_zip(path):
        return [path]
    try:
        members = zip_members(path)
    except (ArchiveProblem, OSError):
        return [path]
    return [member for member in members if not any(skip(part) for part in member[len(path) + 1:].split("/")
                                                      if part not in _HERE)]


def unpack(file: BinaryIO, path: str) -> BinaryIO:
    """The content of ``file``, opened for ``path``: a ``.pbn.gz``/``.lin.gz`` file or a zip member
    (``upload.zip!board.pbn``, ``file`` being the zip), unpacked as it is read; closing it closes ``file``.

    A zip named without a member raises :class:`ArchiveProblem` when it is damaged or over a limit, else OSError:
    it is read by members (:func:`zip_members`).  A missing member is OSError too.
    """
    archive, member = split_member(path)
    if member is None and is_zip(path):
        zip_members(path)
        raise OSError(errno.EINVAL, "a zip archive is read member by member (upload.zip!board.pbn)", path)
    if member is None:
        status = os.fstat(file.fileno())
        packed = status.st_size if stat.S_ISREG(status.st_mode) else MAX_UNPACKED  # a pipe: its size is unknown
        return Unpacked(_Limited(gzip.GzipFile(fileobj=file, mode="rb"), packed, file))
    try:
        zipped = _OPEN.archive(file)
        info, copies = zipped.member(member)
        unpacked = Unpacked(_Limited(zipped.archive.open(info), info.compress_size, file))
    except KeyError:
        raise FileNotFoundError(errno.ENOENT, "no such member in the archive", path) from None
    except _DAMAGE as error:
        limited = _Limited(io.BytesIO(), 0, file)
        limited.problem = Problem(Kind.MEMBER_UNREADABLE, 1, 1, (error,))
        return Unpacked(limited)
    if copies > 1:
        name = info.filename
        unpacked.notes.append(Problem(Kind.MEMBER_COPIES, 1, 1, (copies, shown(name), COPY)))
    return unpacked


class _Archive:
    """A zip open for reading its members, its central directory read once: members by name, copies apart."""

    def __init__(self, file: BinaryIO, key: tuple):
        self.key = key
        self.archive = zipfile.ZipFile(open(os.dup(file.fileno()), "rb"))  # noqa: SIM115 - its own handle, closed with
        # the archive; members close theirs
        self.copies: dict[str, list[zipfile.ZipInfo]] = {}
        for info in self.archive.infolist():
            self.copies.setdefault(info.filename, []).append(info)

    def member(self, name: str) -> tuple[zipfile.ZipInfo, int]:
        """The member a name from :func:`zip_members` stands for (``name#2``: the second copy), and its copies.

        KeyError when there is none."""
        base, mark, number = name.rpartition(COPY)
        copy = matched(number) if mark and is_digits(number) else 0
        copies = self.copies.get(base, [])
        if 2 <= copy <= len(copies):
            return copies[copy - 1], len(copies)
        copies = self.copies[name]
        return copies[0], len(copies)


class _OpenArchive:
    """The zip whose members are being read, kept open between them: one reading of its central directory,
    not one per member (a zip of 10,000 members would cost 10,000 readings of 10,000 entries)."""

    def __init__(self) -> None:
        self.current: _Archive | None = None

    def archive(self, file: BinaryIO) -> _Archive:
        status = os.fstat(file.fileno())
        key = (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, os.getpid())  # a fork opens its own
        if self.current is None or self.current.key != key:
            if self.current is not None:
                self.current.archive.close()
                self.current = None
            self.current = _Archive(file, key)
        return self.current


_OPEN = _OpenArchive()


class _Limited(io.RawIOBase):
    """An unpacking stream that ends, with a problem noted, at damage or at a limit."""

    def __init__(self, source: IO[bytes] | io.BufferedIOBase, packed: int, file: BinaryIO):
        self.source = source  # a GzipFile or a ZipExtFile
        self.packed = packed
        self.allowed = min(MAX_UNPACKED, max(RATIO_FLOOR, MAX_RATIO * packed))
        self.file = file
        self.unpacked = 0
        self.problem: Problem | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.problem is not None:
            return 0
        try:
            data = cast(io.BufferedIOBase, self.source).read1(len(buffer))  # one step at a time: what comes before damage is kept
        except _DAMAGE as error:
            self.problem = Problem(Kind.ARCHIVE_DAMAGED, 1, 1, (self.unpacked, error))
            return 0
        if self.unpacked + len(data) > self.allowed:
            data = data[:self.allowed - self.unpacked]
            self.problem = Problem(Kind.ARCHIVE_RATIO, 1, 1,
                                   (self.allowed, self.packed, MAX_UNPACKED, RATIO_FLOOR, MAX_RATIO))
        n = len(data)
        buffer[:n] = data
        self.unpacked += n
        return n

    def close(self) -> None:
        try:
            self.source.close()
        finally:
            self.file.close()
            super().close()


class Unpacked(io.BufferedReader):
    """An archive's content as a buffered stream; ``problem`` is set when reading stopped early."""

    def __init__(self, raw: _Limited):
        super().__init__(raw, BLOCK)
        self.limited = raw
        self.notes: list[Problem] = []  # what the archive says of the member, reading it in full

    @property
    def problem(self) -> Problem | None:
        return self.limited.problem
