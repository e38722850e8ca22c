"""Where results are written: every output path checked before any work starts.

An output is refused (:class:`OutputError`, exit status 2) when it is one of
the inputs, when its directory does not exist, when it is a directory, or,
for ``convert``, when it exists already and ``--force`` is not given.
``convert -o DIR`` writes one file per input at the input's path relative
to the path named on the command line (a file named: its name; a directory
or zip named: the path below it); when two inputs would share an output, or
one would be written in a folder that is another's output file, nothing is
written.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Iterable

from ..core.report import split_member
from ..engine.inputs import shown


class OutputError(Exception):
    """An output path that cannot or must not be written; the message says why."""


def check_file(output: str, inputs: Iterable[str], force: bool = True) -> None:
    """Raise :class:`OutputError` when ``output`` (a file) must not be written."""
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        raise OutputError(f"{shown(output)}: is a directory" if os.path.isdir(output)
                          else f"{shown(output)}: no such directory")
    parent = os.path.dirname(output) or "."
    if not os.path.isdir(parent):
        raise OutputError(f"{shown(output)}: directory {shown(parent)} does not exist")
    if os.path.lexists(output):
        if any(_same(output, path) for path in inputs):
            raise OutputError(f"{shown(output)}: is one of the inputs; it would be overwritten while it is read")
        if not force:
            raise OutputError(f"{shown(output)}: exists; --force overwrites it")
    if not os.access(parent, os.W_OK):
        raise OutputError(f"{shown(output)}: directory {shown(parent)} is not writable")


def per_input(directory: str, inputs: list[tuple[str, str]], extension: str, force: bool) -> dict[str, str]:
    """The output file of each input in ``directory``, from ``(path named, input)`` pairs; every one checked."""
    if not os.access(directory, os.W_OK):
        raise OutputError(f"{shown(directory)}: directory is not writable")
    planned: dict[str, str] = {}
    writers: dict[str, list[str]] = defaultdict(list)
    for named, path in inputs:
        relative = mirrored(named, path)
        if relative is None:
            raise OutputError(f"{shown(path)}: its name leads out of {shown(directory)} (.. or an absolute path)")
        target = os.path.join(directory, relative + extension)
        planned[path] = target
        writers[os.path.normcase(os.path.abspath(target))].append(path)
    for paths in writers.values():
        if len(paths) > 1:
            raise OutputError(f"{' and '.join(map(shown, paths))} would be written to the same file "
                              f"{shown(planned[paths[0]])}: nothing converted; convert them apart")
    names = [path for _, path in inputs]
    for target in planned.values():
        if os.path.isdir(target):
            raise OutputError(f"{shown(target)}: is a directory")
        if os.path.lexists(target):
            check_file(target, names, force)
        _check_folders(target, directory, writers)
    return planned


def _check_folders(target: str, directory: str, files: dict[str, list[str]]) -> None:
    """Raise :class:`OutputError` when a folder ``target`` would be written in, below ``directory``, is an output
    file of the run (a zip holding ``a.pbn`` and ``a.pbn/b.pbn``) or a file that exists."""
    root = os.path.normcase(os.path.abspath(directory))
    folder = os.path.dirname(target)
    while folder and (key := os.path.normcase(os.path.abspath(folder))) != root:
        if key in files:
            raise OutputError(f"{shown(target)} would be written in {shown(folder)}, which is the output of "
                              f"{shown(files[key][0])}: nothing converted; convert them apart")
        if os.path.lexists(folder) and not os.path.isdir(folder):
            raise OutputError(f"{shown(target)}: {shown(folder)} is a file, not a directory: nothing converted")
        folder = "" if os.path.dirname(folder) == folder else os.path.dirname(folder)


def mirrored(named: str, path: str) -> str | None:
    """The output name of ``path`` (found from ``named``) without extension; None if it would leave the directory."""
    if path == "-":
        return "stdin"
    archive, member = split_member(path)
    if named == path or (member is not None and named == archive and not os.path.isdir(named)):
        relative = member if member is not None and named == archive else os.path.basename(member or path)
    else:
        relative = os.path.relpath(archive, named)
        if member is not None:
            relative = os.path.join(os.path.splitext(relative)[0], member)
    parts = relative.replace("\\", "/").split("/")
    if os.path.isabs(relative) or ".." in parts or not relative:
        return None
    lowered = relative.lower().removesuffix(".gz")
    return relative[:len(lowered) - 4] if lowered.endswith((".pbn", ".lin")) else relative


def _same(a: str, b: str) -> bool:
    archive = split_member(b)[0]
    try:
        return b != "-" and os.path.samefile(a, archive)
    except OSError:
        return False
