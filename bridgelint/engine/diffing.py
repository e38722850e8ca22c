"""The unified diff ``--diff`` prints: of a file's own bytes, in time linear in the file, which ``patch -p1``
applies.

Fixes change a few lines here and there (a layout rewrite, a game at a time), so the two files are walked
together: equal lines pass, and where they part, the next place they agree again (:data:`AGREE` lines in a
row, found through an index of the fixed file's lines) ends the changed block.  Any such walk gives a diff
that ``patch`` applies; this one is minimal where the changes are apart, and costs a few index look-ups a
line, never a comparison of every line with every other.  Lines are cut as ``patch`` cuts them, after each
LF only: a CR-only file is one line.  The names are those of the file (a ``.gz`` file's: the file inside; a
zip's member: the member, in the zip's folder), quoted as git quotes them when they hold a control
character, a quote, a backslash or a byte beyond ASCII, so that no name can make a header line of its own.
"""

from __future__ import annotations

import os
from bisect import bisect_left

from ..core.report import split_member

CONTEXT = 3  # lines of context around each change
AGREE = 3  # lines that agree in a row, where a changed block ends
TRIES = 8  # places a line is looked for in the fixed file, at most, from a line of the original
_ESCAPES = {7: b"\\a", 8: b"\\b", 9: b"\\t", 10: b"\\n", 11: b"\\v", 12: b"\\f", 13: b"\\r", 34: b'\\"',
            92: b"\\\\"}


def unified_diff(path: str, before: bytes, after: bytes) -> bytes:
    """The unified diff from ``before`` to ``after`` (the file ``path`` before and after fixing)."""
    old, new = _lines(before), _lines(after)
    blocks = _changed(old, new)
    if not blocks:
        return b""
    name = diff_name(path)
    out = [b"--- " + quoted(b"a/" + name) + b"\n", b"+++ " + quoted(b"b/" + name) + b"\n"]
    for hunk in _hunks(blocks, len(old), len(new)):
        out.append(_hunk(hunk, old, new))
    return b"".join(out)


def diff_name(path: str) -> bytes:
    """The name a file's hunks are labelled with: a ``.gz`` file's is the file inside, a zip member's the member
    in the zip's folder."""
    archive, member = split_member(path)
    if member is not None:
        name = os.path.join(os.path.dirname(archive), member)
    else:
        name = path[:-3] if path.lower().endswith(".gz") else path
    return os.fsencode(os.path.normpath(name))


def quoted(name: bytes) -> bytes:
    """``name`` as git writes it in a diff header: as it is, or between quotes with C escapes (octal for a
    byte beyond ASCII or a control character) when it holds one of those, a quote or a backslash."""
    if all(32 <= byte < 127 and byte not in (34, 92) for byte in name):
        return name
    return b'"' + b"".join(_ESCAPES.get(byte) or (bytes([byte]) if 32 <= byte < 127 else b"\\%03o" % byte)
                           for byte in name) + b'"'


def _lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` as ``patch`` reads them: each up to and with its LF (the last may have none)."""
    lines = data.split(b"\n")
    out = [line + b"\n" for line in lines[:-1]]
    if lines[-1]:
        out.append(lines[-1])
    return out


def _changed(old: list[bytes], new: list[bytes]) -> list[tuple[int, int, int, int]]:
    """The changed blocks, in order: (start, end) in ``old``, (start, end) in ``new``, the lines between
    them equal, walked once."""
    where: dict[bytes, list[int]] = {}
    for j, line in enumerate(new):
        where.setdefault(line, []).append(j)
    blocks = []
    i = j = 0
    while i < len(old) or j < len(new):
        if i < len(old) and j < len(new) and old[i] == new[j]:
            i, j = i + 1, j + 1
            continue
        i1, j1 = _agree(old, new, where, i, j)
        blocks.append((i, i1, j, j1))
        i, j = i1, j1
    return blocks


def _agree(old: list[bytes], new: list[bytes], where: dict[bytes, list[int]], i: int, j: int) -> tuple[int, int]:
    """The first place from (``i``, ``j``) on where :data:`AGREE` lines agree (or both files end): the end of
    a changed block."""
    for i1 in range(i, len(old)):
        places = where.get(old[i1])
        if not places:
            continue
        at = bisect_left(places, j)
        for j1 in places[at:at + TRIES]:
            if old[i1:i1 + AGREE] == new[j1:j1 + AGREE] and (i1 + AGREE <= len(old) or len(old) - i1 ==
                                                             len(new) - j1):
                return i1, j1
    return len(old), len(new)


def _hunks(blocks: list[tuple[int, int, int, int]], olds: int, news: int) -> list[list[tuple[int, int, int, int]]]:
    """The blocks grouped into hunks: blocks nearer than twice the context share one."""
    hunks: list[list[tuple[int, int, int, int]]] = []
    for block in blocks:
        if hunks and block[0] - hunks[-1][-1][1] <= 2 * CONTEXT:
            hunks[-1].append(block)
        else:
            hunks.append([block])
    return hunks


def _hunk(blocks: list[tuple[int, int, int, int]], old: list[bytes], new: list[bytes]) -> bytes:
    first, last = blocks[0], blocks[-1]
    lead = min(CONTEXT, first[0], first[2])
    o0, n0 = first[0] - lead, first[2] - lead
    trail = min(CONTEXT, len(old) - last[1], len(new) - last[3])
    o1, n1 = last[1] + trail, last[3] + trail
    body: list[bytes] = []
    at = o0
    for i0, i1, j0, j1 in blocks:
        body += [b" " + _ended(line) for line in old[at:i0]]
        body += [b"-" + _ended(line) for line in old[i0:i1]]
        body += [b"+" + _ended(line) for line in new[j0:j1]]
        at = i1
    body += [b" " + _ended(line) for line in old[at:o1]]
    head = b"@@ -%s +%s @@\n" % (_range(o0, o1 - o0), _range(n0, n1 - n0))
    return head + b"".join(body)


def _range(start: int, count: int) -> bytes:
    first = start + 1 if count else start
    return b"%d" % first if count == 1 else b"%d,%d" % (first, count)


def _ended(line: bytes) -> bytes:
    return line if line.endswith(b"\n") else line + b"\n\\ No newline at end of file\n"
