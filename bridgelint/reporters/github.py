"""GitHub Actions workflow commands: one annotation a finding.

``::error file=PATH,line=L,col=C,title=CODE name::message (board N)``; info
findings are notices.  Data is escaped as the runner expects (``%25``,
``%0D``, ``%0A``), properties also ``%3A`` and ``%2C``.
"""

from __future__ import annotations

import os
from ..pipeline import FileReport
from ..rules import RULES
from . import Reporter, Summary
from .text import where

COMMANDS = {"error": "error", "warning": "warning", "info": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    """The annotations of each file, written as soon as its report comes."""

    def file(self, report: FileReport) -> str:
        out = []
        path = escape_property(report.path.replace(os.sep, "/"))
        if report.unreadable is not None:
            out.append(f"::error file={path},title=unreadable::{escape_data(f'not checked: {report.unreadable}')}\n")
        for f in report.findings:
            rule = RULES.get(f.code)
            title = escape_property(f"{f.code} {rule.name}" if rule else f.code)
            out.append(f"::{COMMANDS.get(f.severity or '', 'warning')} file={path},line={f.line},col={f.column},"
                       f"title={title}::{escape_data(f'{f.code} {f.message}{where(f)}')}\n")
        return "".join(out)


def render(reports: list[FileReport], summary: Summary) -> str:
    return "".join(map(GithubReporter().file, reports))
