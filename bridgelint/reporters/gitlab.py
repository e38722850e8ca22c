"""GitLab Code Quality: the JSON array of issues a merge request widget shows, as ruff writes it.

Each finding is an issue: its ``description`` (code and message), ``check_name`` (the code), ``severity``
(error ``major``, warning ``minor``, info ``info``), ``location`` (the path relative to the working directory
and the line) and a ``fingerprint`` that stays the same while the finding does: its path, code, message and
how many identical ones come before it in the file (so two alike stay apart), never its line, so that an
edit above it does not make it new.  A path that could not be read is a ``blocker`` issue of its own.
"""

from __future__ import annotations

import hashlib
import json
import os

from ..core.report import FileReport
from . import Reporter, Summary
from .text import where

SEVERITIES = {"error": "major", "warning": "minor", "info": "info"}
_ITEM = 1  # the depth of an issue in the array


def location_path(path: str) -> str:
    """``path`` relative to the working directory, with ``/`` separators (as given when outside it)."""
    relative = os.path.relpath(os.path.abspath(path)) if path != "-" else "-"
    return (path if relative.startswith("..") else relative).replace(os.sep, "/")


def fingerprint(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogateescape")).hexdigest()[:32]


class GitlabReporter(Reporter):
    """The array, each file's issues written as its report comes, the whole put together at the end."""

    def __init__(self) -> None:
        self.issues: list[dict] = []

    def file(self, report: FileReport) -> str:
        path = location_path(report.path)
        if report.unreadable is not None:
            self.issues.append({
                "description": f"not checked: {report.unreadable}", "check_name": "unreadable",
                "fingerprint": fingerprint(path, "unreadable"), "severity": "blocker",
                "location": {"path": path, "lines": {"begin": 1}}})
        seen: dict[tuple[str, str], int] = {}
        for f in report.findings:
            message = f"{f.code} {f.full_message}{where(f)}"
            nth = seen[f.code, message] = seen.get((f.code, message), 0) + 1
            self.issues.append({
                "description": message, "check_name": f.code,
                "fingerprint": fingerprint(path, f.code, message, str(nth)),
                "severity": SEVERITIES.get(f.severity or "", "minor"),
                "location": {"path": path, "lines": {"begin": f.line}}})
        return ""

    def end(self, summary: Summary) -> str:
        return json.dumps(self.issues, indent=2, ensure_ascii=False) + "\n"
