"""Reporters: a run's file reports rendered for people or machines.

Each reporter is a function ``(reports, summary) -> str``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..linter import FileReport


@dataclass(slots=True)
class Summary:
    files: int = 0
    games: int = 0
    boards: int = 0
    errors: int = 0
    warnings: int = 0
    infos: int = 0

    @classmethod
    def of(cls, reports: list[FileReport]) -> "Summary":
        summary = cls(files=len(reports))
        for report in reports:
            summary.games += report.games
            summary.boards += report.boards
            for finding in report.findings:
                if finding.severity == "error":
                    summary.errors += 1
                elif finding.severity == "warning":
                    summary.warnings += 1
                else:
                    summary.infos += 1
        return summary

    def line(self) -> str:
        return (f"{self.files} file{'s' * (self.files != 1)}, {self.games} games, {self.boards} boards: "
                f"{self.errors} error{'s' * (self.errors != 1)}, {self.warnings} warning{'s' * (self.warnings != 1)}"
                + (f", {self.infos} info" if self.infos else ""))
