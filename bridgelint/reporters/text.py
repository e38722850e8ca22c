"""Concise text: ``path:line:col: CODE [severity] message (board N)``, one finding a line.

Editors and CI problem matchers read the lines as ``file:line:column:
message``.  A code that fires more than :data:`GROUP_AFTER` times in one file
shows its first :data:`SHOWN` findings and one line ``path: ... and N more
CODE [severity] in this file``; ``group=False`` shows every finding.
:class:`TextReporter` ends with the verdict table (:mod:`.verdict`).
"""

from __future__ import annotations

from collections import Counter

from ..pipeline import FileReport
from ..model import Finding
from . import Reporter, Summary
from .verdict import Verdict, table

SHOWN = 3  # findings of a grouped code that are still shown
GROUP_AFTER = 5  # a code with more findings than this in one file is grouped


def where(f: Finding) -> str:
    """`` (board N)``, or `` (game N)`` for a game without a board number, or nothing."""
    return f" (board {f.board})" if f.board else (f" (game {f.game})" if f.game else "")


def line(path: str, f: Finding) -> str:
    """One finding as a line of text."""
    fixable = "[*] " if f.fix is not None else ""
    return f"{path}:{f.line}:{f.column}: {f.code} [{f.severity}] {fixable}{f.message}{where(f)}\n"


def file_lines(report: FileReport, group: bool = True) -> str:
    """The findings of one file; unless ``group`` is false, a code (of one severity) is grouped after its first few."""
    counts = Counter((f.code, f.severity) for f in report.findings)
    if not group or max(counts.values(), default=0) <= GROUP_AFTER:
        return "".join(line(report.path, f) for f in report.findings)
    out = []
    shown: Counter[tuple[str, str | None]] = Counter()
    for f in report.findings:
        key = (f.code, f.severity)
        if counts[key] <= GROUP_AFTER or shown[key] < SHOWN:
            out.append(line(report.path, f))
            shown[key] += 1
    for (code, severity), count in counts.items():  # in the order of each key's first finding
        if count > shown[code, severity]:
            out.append(f"{report.path}: ... and {count - shown[code, severity]:,} more {code} [{severity}] "
                       "in this file (--no-group shows them)\n")
    return "".join(out)


class TextReporter(Reporter):
    """Each file's findings when it is done (grouped unless ``group`` is false), then the verdict table.

    ``quiet`` prints the table only; ``verbose`` lists the clean files in it too.
    """

    def __init__(self, group: bool = True, quiet: bool = False, verbose: bool = False, fail_on: str = "error",
                 unsafe_fixes: bool = False):
        self.group, self.quiet, self.verbose, self.fail_on = group, quiet, verbose, fail_on
        self.unsafe_fixes = unsafe_fixes  # the closing line counts unsafe fixes as --fix's
        self.verdicts: list[Verdict] = []
        self.written = False

    def file(self, report: FileReport) -> str:
        self.verdicts.append(Verdict.of(report, self.fail_on))
        text = "" if self.quiet else file_lines(report, self.group)
        self.written = self.written or bool(text)
        return text

    def end(self, summary: Summary) -> str:
        return ("\n" if self.written else "") + table(self.verdicts, self.verbose) + \
            summary.fixes_line(self.unsafe_fixes)
