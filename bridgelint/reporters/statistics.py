"""Statistics: a table of the findings per code (and severity), most frequent first."""

from __future__ import annotations

from collections import Counter

from ..pipeline import FileReport
from ..rules import RULES
from . import Summary


def render(reports: list[FileReport], summary: Summary) -> str:
    counts: Counter[tuple[str, str]] = Counter()
    files: Counter[tuple[str, str]] = Counter()
    for report in reports:
        keys = [(f.code, f.severity or "") for f in report.findings]
        counts.update(keys)
        files.update(set(keys))
    if not counts:
        return ""
    from tabulate import tabulate  # imported when there is a table: a clean run starts sooner

    rows = [(count, files[key], key[0], RULES[key[0]].name if key[0] in RULES else "", key[1])
            for key, count in sorted(counts.items(), key=lambda item: (-item[1], item[0]))]
    return tabulate(rows, headers=("count", "files", "code", "name", "severity"), disable_numparse=True,
                    colalign=("right", "right", "left", "left", "left")) + "\n"
