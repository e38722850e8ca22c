"""The files a run reads: directories searched, archives taken as their members, each file once."""

from __future__ import annotations

import fnmatch
import os
import stat
from typing import Callable, Iterable, Iterator

from ..core.report import split_member
from ..formats import format_from_name
from .config import DEFAULT_EXCLUDE
from .inputs import inputs_of, is_zip


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
            for file in sorted(_walked(path, skip)):
                yield from inputs_of(file, skip)
        else:
            yield from inputs_of(path, skip)


def _walked(path: str, skip: Callable[[str], bool]) -> list[str]:
    """The files to read below a directory, and the directories below it that cannot be listed."""
    found: list[str] = []
    for root, dirs, files in os.walk(path, onerror=lambda error: found.append(error.filename)):
        dirs[:] = sorted(d for d in dirs if not skip(d))
        found.extend(full for name in files if (format_from_name(name) or is_zip(name)) and not skip(name)
                     and _walked_file(full := os.path.join(root, name)))
    return found


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

