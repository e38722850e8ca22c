"""Statistics: a table of the findings per code (and severity), errors first, then warnings, then info, each most
frequent first, with how many of them a fix mends (``[*]`` ``--fix``, ``[~]`` ``--unsafe-fixes`` only)."""

from __future__ import annotations

from collections import Counter

from ..core.findings import SEVERITY_RANK
from ..core.report import FileReport
from ..rules import RULES
from . import Summary


def render(reports: list[FileReport], summary: Summary) -> str:
    counts: Counter[tuple[str, str]] = Counter()
    files: Counter[tuple[str, str]] = Counter()
    fixable: Counter[tuple[str, str, str]] = Counter()  # by code, severity and the fix's mark
    skipped: Counter[str] = Counter()
    for report in reports:
        keys = [(f.code, f.severity or "") for f in report.findings]
        counts.update(keys)
        files.update(set(keys))
        fixable.update((f.code, f.severity or "", f.fix.mark) for f in report.findings if f.fix is not None and f.fix.mark)
        skipped.update(report.skipped)
    if not counts and not skipped:
        return ""
    from tabulate import tabulate  # imported when there is a table: a clean run starts sooner

    text = ""
    if counts:
        def mended(key: tuple[str, str]) -> str:
            code, severity = key
            return " ".join(f"{mark} {fixable[code, severity, mark]:,}" for mark in ("[*]", "[~]")
                            if fixable[code, severity, mark])

        rows = [(count, files[key], key[0], RULES[key[0]].name if key[0] in RULES else "", key[1], mended(key))
                for key, count in sorted(counts.items(), key=lambda item: (SEVERITY_RANK.get(item[0][1], 1), -item[1], item[0]))]
        text = tabulate(rows, headers=("count", "files", "code", "name", "severity", "fixable"), disable_numparse=True,
                        colalign=("right", "right", "left", "left", "left", "left")) + "\n"
    if skipped:  # the checks a rule could not make (the Scoring tag names no method it knows, no whole deal)
        skips = [(count, code, RULES[code].name) for code, count in sorted(skipped.items())]
        text += ("\n" if text else "") + tabulate(skips, headers=("skipped", "code", "name (records not checked: "
                                                                  "scoring method not named or not known, or no "
                                                                  "whole deal for the leads)"),
                                                   disable_numparse=True, colalign=("right", "left", "left")) + "\n"
    return text
