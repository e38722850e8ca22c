"""Concise text: ``path:line:col: CODE [severity] message (board N)``, one finding a line.

Editors and CI problem matchers read the lines as ``file:line:column:
message``.  Every error is a line of its own: grouping is for warnings and
info only.  A warning code that fires more than :data:`GROUP_AFTER` times in
one file, saying the same each time (a date form on every game), is one line
at its first place with the count (``; first of 24 in this file``); saying
different things, it shows its first :data:`SHOWN` findings and one line
``path: ... and N more CODE [warning] in this file``; S108 on every game of a
file, each game breaking export format the same ways, is one line for the
file.  A line stays within :data:`LINE_ROOM` characters: a longer message
keeps its first items and says how many more (``; and 12 more``).
``group=False`` shows every finding, each whole.  :class:`TextReporter`
shows paths relative to the current folder, colours severities when asked,
and ends with the verdict table (:mod:`.verdict`).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import replace

from ..core.findings import Finding, cited
from ..core.report import FileReport, split_member
from ..rules.syntax import ExportFormat
from ..views import colour
from ..views.printable import visible
from . import Reporter, Summary
from .verdict import Verdict, table
from .width import terminal_width

SHOWN = 3  # findings of a grouped code that are still shown
GROUP_AFTER = 5  # a code with more findings than this in one file is grouped
LINE_ROOM = 300  # characters of a finding's line, when grouped
MESSAGE_ROOM = 160  # a message keeps at least this many, however long the path (with a place in words, with it)


def where(f: Finding) -> str:
    """`` (board N)``, or `` (game N)`` for a game without a board number, or nothing."""
    return f" (board {f.board})" if f.board else (f" (game {f.game})" if f.game else "")


def line(path: str, f: Finding, whole: bool = True) -> str:
    """One finding as a line of text (``[*]``: it can be fixed); unless ``whole``, its message cut to fit
    :data:`LINE_ROOM`."""
    fixable = f"{f.fix.mark} " if f.fix is not None and f.fix.mark else ""
    start, end = f"{path}:{f.at}: {f.code} [{f.severity}] {fixable}", where(f)
    message = f.full_message if whole else capped(f, max(_least(f), LINE_ROOM - len(start) - len(end)))
    return f"{start}{message}{end}\n"


def capped(f: Finding, room: int) -> str:
    """The message of ``f`` in at most about ``room`` characters, its reference kept: a list (``; ``
    between items) keeps its first items and counts the rest (``; and 12 more``), other text ends in ``…``."""
    message = f.full_message
    if len(message) <= room:
        return message
    reference = cited(f.law)
    items = f.message.split("; ")
    room -= len(reference)
    kept = 1
    while kept < len(items) and len("; ".join(items[:kept + 1])) + len(f"; and {len(items) - kept - 1:,} more") <= room:
        kept += 1
    rest = f"; and {len(items) - kept:,} more" if kept < len(items) else ""
    head = "; ".join(items[:kept])
    if len(head) + len(rest) > room:
        head = head[:max(room - len(rest) - 1, 20)].rstrip() + "…"
    return head + rest + reference


def file_lines(report: FileReport, group: bool = True) -> str:
    """The findings of one file; unless ``group`` is false, a code of warnings (or info) is grouped after its first
    few.  Errors are never grouped: each is a line."""
    if not group:
        return "".join(line(report.path, f) for f in report.findings)
    findings = report.findings
    export = export_summary(report)
    if export is not None:
        first = next(i for i, f in enumerate(findings) if f.code == ExportFormat.code)
        findings = [f for i, f in enumerate(findings) if f.code != ExportFormat.code or i == first]
    counts: Counter[tuple[str, str | None]] = Counter((f.code, f.severity) for f in findings if f.severity != "error")
    if max(counts.values(), default=0) <= GROUP_AFTER:
        return "".join(export if export is not None and f.code == ExportFormat.code else line(report.path, f, False)
                       for f in findings)
    said: dict[tuple[str, str | None], str | None] = {}  # the message every finding of a grouped key says, else None
    for f in findings:
        key = (f.code, f.severity)
        if counts[key] > GROUP_AFTER and said.get(key, f.full_message) == f.full_message:
            said[key] = f.full_message
        else:
            said[key] = None
    out = []
    shown: Counter[tuple[str, str | None]] = Counter()
    for f in findings:
        key = (f.code, f.severity)
        if export is not None and f.code == ExportFormat.code:
            out.append(export)
            shown[key] = counts[key]
        elif said.get(key) is not None:  # the same warning every time: one line, the first place and the count
            if not shown[key]:
                out.append(once(report.path, f, counts[key]))
            shown[key] = counts[key]
        elif f.severity == "error" or counts[key] <= GROUP_AFTER or shown[key] < SHOWN:
            out.append(line(report.path, f, False))
            shown[key] += 1
    for (code, severity), count in counts.items():  # in the order of each key's first finding
        if count > shown[code, severity]:
            out.append(f"{report.path}: ... and {count - shown[code, severity]:,} more {code} [{severity}] "
                       "in this file (--no-group shows them)\n")
    return "".join(out)


def once(path: str, f: Finding, count: int) -> str:
    """The one line for a warning that says the same ``count`` times in a file: its first place and message (cut
    to fit :data:`LINE_ROOM`), and the count."""
    start, tail = f"{path}:{f.at}: {f.code} [{f.severity}] ", f"; first of {count:,} in this file " \
        "(--no-group lists each)"
    return f"{start}{capped(f, max(_least(f), LINE_ROOM - len(start) - len(tail)))}{tail}\n"


def _least(f: Finding) -> int:
    """The room a message keeps however long the path: :data:`MESSAGE_ROOM`, shared with a place in words."""
    return MESSAGE_ROOM - len(f.place or "")


_BREACH = re.compile(r"line \d+: (.*?)(?=; line \d+: |$)")
_MORE_LINES = re.compile(r" \(and on [\d,]+ more lines?\)")


def export_summary(report: FileReport) -> str | None:
    """The one line for S108 on every game of a file (two or more), when the games share their breaches:
    ``% EXPORT declared, but every game breaks it: ...; first at line 4``; else None."""
    export = [f for f in report.findings if f.code == ExportFormat.code]
    if any(f.severity == "error" for f in export):  # S108 made an error by the configuration: each one a line
        return None
    if report.games < 2 or len(export) != report.games or len({f.game for f in export}) != report.games:
        return None
    shared: dict[str, None] | None = None  # the breaches of every game, in the order of the first
    for f in export:
        breaches = dict.fromkeys(_MORE_LINES.sub("", what) for what in _BREACH.findall(f.message))
        shared = breaches if shared is None else {what: None for what in shared if what in breaches}
        if not shared:
            return None
    first = export[0]
    others = any(len(_BREACH.findall(f.message)) > len(shared or ()) for f in export)
    reference = cited(first.law)
    said = (f"% EXPORT declared, but every game breaks it: {', '.join(shared or ())}"
            f"{'; some games more' if others else ''}")
    tail = f"; first at line {first.line} ({report.games:,} games; --no-group lists each)"  # kept whole
    start = len(f"{report.path}:{first.line}:{first.column}: {first.code} [{first.severity}] ")
    room = max(MESSAGE_ROOM, LINE_ROOM - start) - len(tail)
    said = capped(replace(first, message=said), room)
    said = said[:len(said) - len(reference)] + tail
    return line(report.path, replace(first, message=said, game=None, board=None, fix=None))


def relative(path: str) -> str:
    """``path`` as the terminal shows it: relative to the current folder when it is below it (a zip's member by
    its zip's path), else as it was named."""
    archive, member = split_member(path)
    if archive == "-" or not os.path.isabs(archive):
        return path
    try:
        below = os.path.relpath(archive)
    except ValueError:  # another drive
        return path
    if below == os.pardir or below.startswith(os.pardir + os.sep):
        return path
    return below if member is None else f"{below}!{member}"


# a finding's line up to its code: ``path:line:column: ``, ``path:Table#ID (place in words): `` or a group's count
_SEVERITY = re.compile(r"^([^\n]*?(?::\d+:\d+: |\): | \.\.\. and [\d,]+ more ))([A-Z]\d{3} \[(error|warning|info)\])",
                       re.MULTILINE)


def painted(text: str) -> str:
    """Lines of findings with each code and severity in the severity's colour (ANSI)."""
    return _SEVERITY.sub(lambda m: m.group(1) + colour.severity(m.group(2), m.group(3), bold=m.group(3) == "error"),
                         text)


class TextReporter(Reporter):
    """Each file's findings when it is done (grouped unless ``group`` is false), then the verdict table.

    ``quiet`` prints the table only; ``verbose`` lists the clean files in it too; ``paint``: severities and
    verdicts in colour.  Paths are shown relative to the current folder (:func:`relative`).
    """

    def __init__(self, group: bool = True, quiet: bool = False, verbose: bool = False, fail_on: str = "error",
                 unsafe_fixes: bool = False, paint: bool = False):
        self.group, self.quiet, self.verbose, self.fail_on = group, quiet, verbose, fail_on
        self.unsafe_fixes = unsafe_fixes  # the closing line counts unsafe fixes as --fix's
        self.paint = paint
        self.verdicts: list[Verdict] = []
        self.written = False

    def file(self, report: FileReport) -> str:
        shown = relative(report.path)
        if shown != report.path:
            report = replace(report, path=shown)
        self.verdicts.append(Verdict.of(report, self.fail_on))
        text = "" if self.quiet else visible(file_lines(report, self.group))  # nothing of a record obeyed
        self.written = self.written or bool(text)
        return painted(text) if self.paint else text

    def end(self, summary: Summary) -> str:
        return ("\n" if self.written else "") + visible(table(self.verdicts, self.verbose, terminal_width(),
                                                               self.paint), colours=True) + \
            summary.fixes_line(self.unsafe_fixes)
