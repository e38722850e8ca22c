"""``check --fix`` and ``--diff``: the fixes of a file's reported findings applied, the file checked again.

The fixes of the findings a check reports (safe ones; unsafe ones too with
``--unsafe-fixes``; never a suppressed or unselected code's) are applied
together where none overlaps another, earlier ones first; the file is checked
again and the fixes then found applied in turn, up to :data:`MAX_PASSES`
times, as ruff does.

Fixing is a transaction on the bytes that were checked: a file is read once
(:class:`Snapshot`: its bytes, its device, inode, size and modification
time), those bytes are checked and edited, and each pass writes into a
temporary file next to it (:mod:`.edit_text`).  The file is then replaced at
once (``os.replace``: never half written), with its mode and owner, only if
it is still the file that was read; else nothing is written and the report
says so (``fix_error``).  Only a regular file is rewritten, and not one that
is read-only, has other hard links, is another user's (unless run by root,
who keeps the owner), a hand record or standard input's source.  Standard
input's fixed text goes to standard output; an archive member (a ``.gz``
file, a zip's member) is never rewritten in place, only into the directory
``into`` names, never through a symbolic link there, nor over a file
already there unless ``force``.  No temporary file is left, whatever fails.
``--diff`` writes nothing: the report carries the unified diff of the file's
own bytes, which ``patch`` applies.
"""

from __future__ import annotations

import io
import os
import stat
import tempfile
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from typing import BinaryIO, Callable, Iterable

from ..core.findings import Finding, Fix
from ..core.report import FileReport, split_member
from ..rules import RULES
from .diffing import unified_diff
from .edit_text import apply_edits
from .inputs import is_archive
from .opening import open_input

MAX_PASSES = 8  # checks after fixing, at most: fixes that make further fixes possible (overlaps) settle in a few


@dataclass(frozen=True)
class FixMode:
    """What ``check`` is asked to mend: unsafe fixes too, a diff instead of writing, info findings too."""

    unsafe: bool = False
    diff: bool = False
    show_info: bool = False
    into: str | None = None  # a directory for fixed files that are not rewritten in place (archive members)
    layout: bool = False  # ``bridgelint format``: the layout fixes only (S108's export format), every other left
    force: bool = False  # ``--force``: a fixed file written into ``into`` may replace one already there
    kept: frozenset[tuple[int, int]] = frozenset()  # (device, inode) of files never rewritten: the hand records,
    # standard input's source
    held: frozenset[tuple[str, int]] = frozenset()  # (path as shown, game) of games left as they are: those
    # a check across files finds needing a person (a board fouled across files)

    def wants(self, finding: Finding) -> bool:
        fix = finding.fix
        if fix is None or fix.applicability == "layout":
            return fix is not None and self.layout
        return not self.layout and (self.unsafe or fix.applicability == "safe") and \
            (self.show_info or finding.severity != "info") and finding.place is None  # placed in words: no text


# Defects that need a person (rules.md, Fixes: none): a game holding one is left as it is, every fix of it too,
# as is the whole file where the finding is the file's
NEEDS_A_PERSON = frozenset(code for code, rule in RULES.items() if rule.needs_a_person)


def chosen(findings: Iterable[Finding], mode: FixMode, held: Iterable[int] = ()) -> list[Fix]:
    """The fixes to apply in one pass: those ``mode`` wants, in file order, each unless it overlaps one taken;
    none of the games ``held`` (left as they are)."""
    findings = list(findings)
    left = {f.game for f in findings if f.code in NEEDS_A_PERSON} | set(held)
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
    return any(other_start == start or (start < other_end and other_start < end)
               for other_start, other_end in taken[max(i - 1, 0):i + 1])


class Refused(Exception):
    """Why a fixed file is not written: the message says so, and nothing is written.  ``error``: the run fails
    (exit status 2); else it is a note (a hand record, never meant to be rewritten)."""

    def __init__(self, message: str, error: bool = True):
        super().__init__(message)
        self.error = error


def fix_file(path: str, check: Callable[[BinaryIO | None], FileReport], mode: FixMode,
             stream: BinaryIO | None = None, encoding: str | None = None) -> FileReport:
    """The report on ``path`` after fixing it (``check``: the report on a stream, None: on the path itself).

    ``stream``: the file's bytes are read from it (standard input) and the fixed text is the report's
    ``fixed_text``; ``encoding``: the one ``--encoding`` names for text that is not UTF-8.  The report
    counts the fixes applied (``fixed``); with ``mode.diff`` it carries the diff.  A file that is not
    written (refused, or an error while fixing it) has the report of the file as it is, and ``fix_error``
    says why.
    """
    archived = stream is None and is_archive(path)
    snapshot: Snapshot | None = None
    if stream is not None:
        original: bytes | None = stream.read()
    elif archived:
        original = None  # a member is read unpacked, as the check reads it
    else:
        try:
            snapshot = Snapshot.of(path)
        except Refused as refused:
            report = check(None)
            report.fix_error = str(refused)
            return report
        except OSError:
            return check(None)  # the check says why it cannot be read
        original = snapshot.data
    report = first = check(None if original is None else io.BytesIO(original))
    held = frozenset(game for shown, game in mode.held if shown == report.path)
    fixes = chosen(report.findings, mode, held)
    if not fixes or report.unreadable:
        return report
    if archived and not mode.diff and mode.into is None:
        report.fix_note = (f"{len(fixes)} fixable, not applied: an archive member is not rewritten in place "
                           "(--fix-to DIR writes the fixed file there)")
        return report
    in_place = snapshot is not None and not mode.diff
    temporaries: list[str] = []
    try:
        if in_place:
            assert snapshot is not None
            snapshot.writable(mode.kept)
        folder = snapshot.folder if in_place and snapshot is not None else \
            mode.into if archived and not mode.diff else None
        current, fixed, report = _passes(path, original, report, fixes, check, mode, held, encoding, folder,
                                         temporaries)
        report.fixed = fixed
        if current is None or not fixed:
            return report
        _deliver(path, original, current, report, mode, stream is not None, snapshot)
    except Refused as refused:
        if refused.error:
            first.fix_error = str(refused)
        else:
            first.fix_note = str(refused)
        return first
    except OSError as error:
        first.fix_error = f"not fixed, nothing written: {error.strerror or error}"
        return first
    finally:
        for name in temporaries:
            if os.path.lexists(name):
                os.unlink(name)
    return report


def _deliver(path: str, original: bytes | None, current: str, report: FileReport, mode: FixMode, streamed: bool,
             snapshot: Snapshot | None) -> None:
    """Where the fixed file (``current``, a temporary) goes: the diff, the fixed text of standard input
    (``streamed``), the file replaced (``snapshot``), or a fixed archive member written into ``--fix-to``."""
    if mode.diff:
        with _source(path, original, None) as before, open(current, "rb") as after:
            report.diff = unified_diff(path, before.read(), after.read())
    elif streamed:
        with open(current, "rb") as after:
            report.fixed_text = after.read()
    elif snapshot is not None:
        snapshot.replace_with(current)
    else:
        target = os.path.join(mode.into or ".", _member_name(path))
        _write_into(current, target, mode.force)
        report.fix_note = f"fixed file written to {target}"


def _passes(path: str, original: bytes | None, report: FileReport, fixes: list[Fix],
            check: Callable[[BinaryIO | None], FileReport], mode: FixMode, held: frozenset[int],
            encoding: str | None, folder: str | None, temporaries: list[str]) -> tuple[str | None, int, FileReport]:
    """The fixes applied pass after pass, each into a temporary file (in ``temporaries``): the last pass's file
    (None: none), the fixes applied, and the report on it.

    Each pass is checked again: where a game has a finding it had not (or the file has one), the pass's
    unsafe fixes of that game (and of the game before, whose tags it may copy) are not applied, the pass is
    made again without them, and the report's ``fix_note`` says why."""
    current: str | None = None  # the latest pass's temporary file
    fixed = 0
    skipped: dict[tuple[str, int | None], str] = {}  # the unsafe fixes left, by (code, game): what they would add
    for _ in range(2 * MAX_PASSES):
        if not fixes:
            break
        written = _temporary(folder)
        temporaries.append(written)
        with _source(path, original, current) as source, open(written, "wb") as out:
            reencode = any(fix.reencode for fix in fixes)
            for piece in apply_edits(source, [e for fix in fixes for e in fix.edits], reencode, encoding):
                out.write(piece)
        with _source(path, original, current) as before, open(written, "rb") as after:
            changed = not _same(before, after)
        if not changed:
            os.unlink(written)
            break
        with open(written, "rb") as again:
            checked = check(again)
        adding = _adding(report, checked, fixes)
        if adding:  # made again without them
            skipped.update(adding)
            os.unlink(written)
            fixes = chosen([f for f in report.findings if (f.code, f.game) not in skipped], mode, held)
            continue
        if current is not None:
            os.unlink(current)
        current, report = written, checked
        fixed += len(fixes)
        fixes = chosen([f for f in report.findings if (f.code, f.game) not in skipped], mode, held)
    if skipped:
        (code, game), added = next(iter(skipped.items()))
        where = f"game {game}" if game is not None else "the file"
        report.fix_note = (f"{len(skipped)} unsafe fix{'es' * (len(skipped) > 1)} not applied: each would add a "
                           f"finding ({code} of {where} would add {added})")
    return current, fixed, report


def _adding(before: FileReport, after: FileReport, fixes: list[Fix]) -> dict[tuple[str, int | None], str]:
    """The unsafe fixes among ``fixes`` (of ``before``'s findings) that ``after`` shows adding a finding, by
    (code, game), each with the codes added: those of a game that has a finding it had not, or of the game
    after it (which may copy its tags); every one where the file has a finding of its own it had not."""
    had = Counter((f.game, f.code) for f in before.findings)
    added: dict[int | None, list[str]] = {}
    for (game, code), count in Counter((f.game, f.code) for f in after.findings).items():
        if count > had[(game, code)]:
            added.setdefault(game, []).append(code)
    if not added:
        return {}
    taken = set(fixes)
    out = {}
    for finding in before.findings:
        if finding.fix is None or finding.fix not in taken or finding.fix.applicability != "unsafe":
            continue
        game = finding.game
        codes = added.get(None) or added.get(game) or (added.get(game + 1) if game is not None else None)
        if codes:
            out[(finding.code, game)] = ", ".join(sorted(codes))
    return out


@dataclass
class Snapshot:
    """A file to fix in place, read once: its bytes, and what it was when read (device, inode, size,
    modification time), so that it is replaced only if it is still that file."""

    path: str
    real: str
    data: bytes
    status: os.stat_result

    @classmethod
    def of(cls, path: str) -> Snapshot:
        """``path`` read; Refused when it is no regular file (a FIFO, a device: read and written otherwise)."""
        real = os.path.realpath(path)
        if not stat.S_ISREG(os.stat(real).st_mode):
            raise Refused(f"not fixed: {_kind(os.stat(real).st_mode)}, not a regular file")
        with open(real, "rb") as file:
            status = os.fstat(file.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise Refused(f"not fixed: {_kind(status.st_mode)}, not a regular file")
            data = file.read()
            if _identity(os.fstat(file.fileno())) != _identity(status) or len(data) != status.st_size:
                raise Refused("not fixed: the file changed while it was read")
        return cls(path, real, data, status)

    @property
    def folder(self) -> str:
        return os.path.dirname(self.real)

    def writable(self, kept: frozenset[tuple[int, int]]) -> None:
        """Refused when the file is not to be rewritten: one of ``kept`` (a hand record, standard input's
        source), read-only, with other hard links, or another user's."""
        status = self.status
        if (status.st_dev, status.st_ino) in kept:
            raise Refused("not fixed: a hand record or standard input's source is never rewritten "
                          "(- gives the fixed text on standard output)", error=False)
        if not status.st_mode & stat.S_IWUSR or not os.access(self.real, os.W_OK):
            raise Refused(f"not fixed: the file is read-only (mode {status.st_mode & 0o7777:04o}); make it "
                          "writable to fix it")
        if status.st_nlink > 1:
            raise Refused(f"not fixed: the file has {status.st_nlink} hard links, which rewriting it would part")
        if status.st_uid != os.geteuid() and os.geteuid() != 0:
            raise Refused("not fixed: the file is another user's, and rewriting it would make it yours")

    def rewrite(self, data: bytes, kept: frozenset[tuple[int, int]] = frozenset()) -> None:
        """The file rewritten to ``data`` as :meth:`replace_with` does (Refused where :meth:`writable` refuses),
        through a temporary file next to it that no failure leaves behind."""
        self.writable(kept)
        written = _temporary(self.folder)
        try:
            with open(written, "wb") as out:
                out.write(data)
            self.replace_with(written)
        finally:
            if os.path.lexists(written):
                os.unlink(written)

    def replace_with(self, fixed: str) -> None:
        """The file replaced by ``fixed`` (a file in its folder), with its mode and owner, if it is still the
        file that was read; else Refused, and nothing written."""
        try:
            now = os.stat(self.real)
        except FileNotFoundError:
            now = None
        if now is None or _identity(now) != _identity(self.status):
            raise Refused("not fixed: the file changed (or was replaced) while it was being fixed; nothing "
                          "written, check it again")
        os.chmod(fixed, self.status.st_mode & 0o7777)
        if (self.status.st_uid, self.status.st_gid) != _owner(fixed):
            os.chown(fixed, self.status.st_uid, self.status.st_gid)
        os.replace(fixed, self.real)


def _identity(status: os.stat_result) -> tuple[int, int, int, int]:
    return status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns


def _owner(path: str) -> tuple[int, int]:
    status = os.stat(path)
    return status.st_uid, status.st_gid


def _kind(mode: int) -> str:
    return "a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode) else \
        "a socket" if stat.S_ISSOCK(mode) else "a device"


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


def fix_to_targets(paths: Iterable[str], into: str) -> dict[str, list[str]]:
    """The files ``--fix-to into`` would write for the archive members among ``paths``, each with the inputs
    written to it (two or more: they would collide)."""
    targets: dict[str, list[str]] = {}
    for path in paths:
        if is_archive(path):
            targets.setdefault(os.path.join(into, _member_name(path)), []).append(path)
    return targets


def _write_into(fixed: str, target: str, force: bool) -> None:
    """``fixed`` (a temporary file in ``target``'s folder) made ``target``: never through a symbolic link,
    over an existing file only with ``force`` (else Refused)."""
    if os.path.lexists(target) and not force:
        raise Refused(f"not written: {target} exists (--force overwrites it)")
    if force:
        os.replace(fixed, target)  # a symbolic link there is replaced, never written through
        return
    try:
        os.link(fixed, target)  # fails if anything is there by now, a dangling link too
    except FileExistsError:
        raise Refused(f"not written: {target} exists (--force overwrites it)") from None
    os.unlink(fixed)
