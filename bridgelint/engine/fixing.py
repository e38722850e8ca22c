"""``check --fix`` and ``--diff``: the fixes of a file's reported findings applied, the file checked again.

The fixes of the findings a check reports (safe ones; unsafe ones too with
``--unsafe-fixes``; never a suppressed or unselected code's) are applied
together where none overlaps another, earlier ones first; the file is checked
again and the fixes then found applied in turn, up to :data:`MAX_PASSES`
times, as ruff does.  Each pass streams the file into a temporary file next
to it (:mod:`.edit_text`), so memory does not grow with the file.  The file
is then replaced at once (``os.replace``: never half written) with its mode
kept; standard input's fixed text goes to standard output; an archive member
(a ``.gz`` file, a zip's member) is never rewritten in place, only into the
directory ``into`` names.  ``--diff`` writes nothing: the report carries the
unified diff of the file's own bytes, which ``patch`` applies.
"""

from __future__ import annotations

import difflib
import io
import os
import tempfile
from bisect import bisect_left
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterable

from .edit_text import apply_edits
from .inputs import is_archive
from ..core.findings import Finding, Fix
from ..core.report import FileReport, split_member
from .opening import open_input
from ..rules import RULES

MAX_PASSES = 8  # checks after fixing, at most: fixes that make further fixes possible (overlaps) settle in a few


@dataclass(frozen=True)
class FixMode:
    """What ``check`` is asked to mend: unsafe fixes too, a diff instead of writing, info findings too."""

    unsafe: bool = False
    diff: bool = False
    show_info: bool = False
    into: str | None = None  # a directory for fixed files that are not rewritten in place (archive members)
    layout: bool = False  # ``bridgelint format``: the layout fixes only (S108's export format), every other left

    def wants(self, finding: Finding) -> bool:
        fix = finding.fix
        if fix is None or fix.applicability == "layout":
            return fix is not None and self.layout
        return not self.layout and (self.unsafe or fix.applicability == "safe") and \
            (self.show_info or finding.severity != "info") and finding.place is None  # placed in words: no text


# Defects that need a person (rules.md, Fixes: none): a game holding one is left as it is, every fix of it too,
# as is the whole file where the finding is the file's
NEEDS_A_PERSON = frozenset(code for code, rule in RULES.items() if rule.needs_a_person)


def chosen(findings: Iterable[Finding], mode: FixMode) -> list[Fix]:
    """The fixes to apply in one pass: those ``mode`` wants, in file order, each unless it overlaps one taken."""
    findings = list(findings)
    left = {f.game for f in findings if f.code in NEEDS_A_PERSON}
    if None in left:
        return []
    fixes = sorted({f.fix for f in findings if f.fix is not None and f.game not in left and mode.wants(f)},
                   key=lambda fix: min((e.start, e.end) for e in fix.edits) if fix.edits else ((0, 0), (0, 0)))
    taken: list[tuple[tuple[int, int], tuple[int, int]]] = []  # the spans taken, sorted, none overlapping
    out = []
    for fix in fixes:
        spans = [(e.start, e.end) for e in fix.edits]
        if any(_overlaps(taken, span) for span in spans):
            continue
        for span in spans:
            taken.insert(bisect_left(taken, span), span)
        out.append(fix)
    return out


def _overlaps(taken: list[tuple[tuple[int, int], tuple[int, int]]], span: tuple[tuple[int, int], tuple[int, int]]) \
        -> bool:
    i = bisect_left(taken, span)
    start, end = span
    for other_start, other_end in taken[max(i - 1, 0):i + 1]:
        if other_start == start or (start < other_end and other_start < end):
            return True
    return False


def fix_file(path: str, check: Callable[[BinaryIO | None], FileReport], mode: FixMode,
             stream: BinaryIO | None = None, encoding: str | None = None) -> FileReport:
    """The report on ``path`` after fixing it (``check``: the report on a stream, None: on the path itself).

    ``stream``: the file's bytes are read from it (standard input) and the fixed text is the report's
    ``fixed_text``; ``encoding``: the one ``--encoding`` names for text that is not UTF-8.  The report
    counts the fixes applied (``fixed``); with ``mode.diff`` it carries the diff.
    """
    original: bytes | None = stream.read() if stream is not None else None
    report = check(None if original is None else io.BytesIO(original))
    fixes = chosen(report.findings, mode)
    if not fixes or report.unreadable:
        return report
    archived = original is None and is_archive(path)
    if archived and not mode.diff and mode.into is None:
        report.fix_note = (f"{len(fixes)} fixable, not applied: an archive member is not rewritten in place "
                           "(--fix-to DIR writes the fixed file there)")
        return report
    in_place = original is None and not archived and not mode.diff
    real = os.path.realpath(path) if in_place else None
    folder = os.path.dirname(real) if real is not None else None
    current: str | None = None  # the latest pass's temporary file
    fixed = 0
    try:
        for _ in range(MAX_PASSES):
            if not fixes:
                break
            written = _temporary(folder)
            with _source(path, original, current) as source, open(written, "wb") as out:
                reencode = any(fix.reencode for fix in fixes)
                for piece in apply_edits(source, [e for fix in fixes for e in fix.edits], reencode, encoding):
                    out.write(piece)
            with _source(path, original, current) as before, open(written, "rb") as after:
                changed = not _same(before, after)
            if current is not None:
                os.unlink(current)
            current = written
            if not changed:
                break
            fixed += len(fixes)
            with open(current, "rb") as again:
                report = check(again)
            fixes = chosen(report.findings, mode)
        report.fixed = fixed
        if current is None or not fixed:
            return report
        if mode.diff:
            with _source(path, original, None) as before, open(current, "rb") as after:
                report.diff = unified_diff(path, before.read(), after.read())
        elif original is not None:
            with open(current, "rb") as after:
                report.fixed_text = after.read()
        elif real is not None:
            os.chmod(current, os.stat(real).st_mode & 0o7777)
            os.replace(current, real)
            current = None
        else:
            target = os.path.join(mode.into or ".", _member_name(path))
            if _same_device(current, target):
                os.replace(current, target)
            else:
                _copy_file(current, target)
            current = None
            report.fix_note = f"fixed file written to {target}"
    finally:
        if current is not None and os.path.exists(current):
            os.unlink(current)
    return report


def _temporary(folder: str | None) -> str:
    handle, name = tempfile.mkstemp(prefix=".bridgelint-fix-", dir=folder)
    os.close(handle)
    return name


def _source(path: str, original: bytes | None, current: str | None) -> BinaryIO:
    """The bytes a pass starts from: the last pass's file, else the input."""
    if current is not None:
        return open(current, "rb")
    if original is not None:
        return io.BytesIO(original)
    return open_input(path)


def _same(a: BinaryIO, b: BinaryIO) -> bool:
    while True:
        x, y = a.read(1 << 16), b.read(1 << 16)
        if x != y:
            return False
        if not x:
            return True


def _member_name(path: str) -> str:
    """The name a fixed archive member is written under: the member's own (``a.zip!x/b.pbn``: ``b.pbn``;
    ``c.pbn.gz``: ``c.pbn``)."""
    archive, member = split_member(path)
    name = os.path.basename(member or archive)
    return name[:-3] if name.lower().endswith(".gz") else name


def _same_device(a: str, b: str) -> bool:
    try:
        return os.stat(a).st_dev == os.stat(os.path.dirname(os.path.abspath(b))).st_dev
    except OSError:
        return False


def _copy_file(source: str, target: str) -> None:
    with open(source, "rb") as i, open(target, "wb") as o:
        while block := i.read(1 << 16):
            o.write(block)
    os.unlink(source)


def unified_diff(path: str, before: bytes, after: bytes) -> bytes:
    """The unified diff from ``before`` to ``after``, of their own bytes, as ``patch -p1`` applies it."""
    name = path.encode("utf-8", "surrogateescape")
    lines = difflib.diff_bytes(difflib.unified_diff, before.splitlines(keepends=True),
                               after.splitlines(keepends=True), b"a/" + name, b"b/" + name)
    out = []
    for line in lines:
        out.append(line)
        if not line.endswith((b"\n", b"\r")):  # the file's last line, without a line end
            out.append(b"\n\\ No newline at end of file\n")
    return b"".join(out)
