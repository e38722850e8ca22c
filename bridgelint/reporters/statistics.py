"""Statistics: a table of the findings per code (and severity), most frequent first."""

from __future__ import annotations

from collections import Counter

from ..core.report import FileReport
from ..rules import RULES
from . import Summary


def render(reports: list[FileReport], summary: Summary) -> str:
    counts: Counter[tuple[str, str]] = Counter()
    files: Counter[tuple[str, str]] = Counter()
    skipped: Counter[str] = Counter()
    for report in reports:
        keys = [(f.code, f.severity or "") for f in report.findings]
        counts.update(keys)
        files.update(set(keys))
        skipped.update(report.skipped)
    if not counts and not skipped:
        return ""
    from tabulate import tabulate  # imported when there is a table: a clean run starts sooner

    text = ""
    if counts:
        rows = [(count, files[key], key[0], RULES[key[0]].name if key[0] in RULES else "", key[1])
                for key, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
        text = tabulate(rows, headers=("count", "files", "code", "name", "severity"), disable_numparse=True,
                        colalign=("right", "right", "left", "left", "left")) + "\n"
    if skipped:  # the checks a rule could not make (the Scoring tag names no method it knows, no whole deal)
        skips = [(count, code, RULES[code].name) for code, count in sorted(skipped.items())]
        text += ("\n" if text else "") + tabulate(skips, headers=("skipped", "code", "name (records not checked: "
                                                                  "scoring method not named or not known, or no "
                                                                  "whole deal for the leads)"),
                                                   disable_numparse=True, colalign=("right", "left", "left")) + "\n"
    return text
