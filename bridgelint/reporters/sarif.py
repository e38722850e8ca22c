"""SARIF 2.1.0: one run, the rules that fired with their documentation, one result a finding.

A path that could not be read, or an interrupted run, is a tool execution
notification, and the invocation is then not successful
(``executionSuccessful: false``).  GitHub's code scanning rejects a run of
more than 25,000 results: a run holds at most :data:`MAX_RESULTS`, errors
first, then warnings, then notes (each in file order), and a notification
says how many were left out and how to see them all.

Artifact URIs are relative to the working directory (``uriBaseId``
``%SRCROOT%``), with ``/`` separators, so that code-scanning services place
the results in the repository.  A member of a zip is placed in the zip (a
file of the repository), the member named by a logical location
(``upload.zip!teaching/Drury.pbn``, kind ``resource``).  Each rule links its
page on the documentation site (``helpUri``, :mod:`bridgelint.documentation`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator
from urllib.parse import quote

from ..core._version import __version__
from ..core.documentation import rule_url
from ..core.findings import Fix, Related
from ..core.report import FileReport, split_member
from ..rules import RULES
from . import Reporter, Summary
from .spool import MARK, Spool, dumps, streamed

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
MAX_RESULTS = 25_000  # the most results of one run GitHub's code scanning accepts
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def artifact_uri(path: str) -> str:
    """A relative URI for ``path``: relative to the working directory when under it."""
    if path == "-":
        return "stdin"
    absolute = os.path.abspath(path)
    try:
        relative = Path(absolute).relative_to(os.getcwd()).as_posix()
    except ValueError:
        return Path(absolute).as_uri()
    return quote(relative, safe="/")


def _rule(code: str, docs: str | None = None) -> dict:
    rule = RULES[code]
    doc = rule.doc()
    return {
        "id": code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary()},
        "fullDescription": {"text": doc},
        "helpUri": rule_url(code, docs),
        "help": {"text": doc, "markdown": rule.markdown()},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"tags": [code[0]] + ([rule.law] if rule.law else [])},
    }


class SarifReporter(Reporter):
    """The SARIF log, each finding's result written as its file's report comes (with ``--jobs``, while the workers
    check the next files) but for its ``ruleIndex``, the place of its rule among those that fired in the whole run:
    that key comes last, and the end writes it in before the result's closing brace."""

    def __init__(self, docs: str | None = None) -> None:
        self.docs = docs  # the documentation site's base URL (None: the package's)
        self.artifacts: list[dict] = []
        self.indices: dict[str, int] = {}  # each artifact's place in ``artifacts``, by URI
        self.results = Spool()  # the text of each result, without ruleIndex; marked with its code and level
        self.codes: dict[str, int] = {}  # the codes of the results, by their number in the marks
        self.notifications: list[dict] = []

    def file(self, report: FileReport) -> str:
        archive, member = split_member(report.path)
        uri = artifact_uri(archive)
        if report.unreadable is not None:  # not an artifact: it was not read
            self.notifications.append({
                "level": "error", "message": {"text": f"{report.path}: {report.unreadable}"},
                "descriptor": {"id": "unreadable"},
                "locations": [{"physicalLocation": {"artifactLocation": _location(uri)}}]})
            return ""
        if uri not in self.indices:
            self.indices[uri] = len(self.artifacts)
            self.artifacts.append({"location": _location(uri), "sourceLanguage": report.format} if member is None
                                  else {"location": _location(uri), "mimeType": "application/zip"})
        artifact = _location(uri, self.indices[uri])
        logical = [] if member is None else [{"name": member, "fullyQualifiedName": report.path, "kind": "resource"}]
        for f in report.findings:
            location: dict = {"physicalLocation": {
                "artifactLocation": artifact,
                "region": {"startLine": f.line, "startColumn": f.column},
            }}
            if logical or f.place is not None:
                location["logicalLocations"] = logical + ([{"name": f.place, "kind": "element"}]
                                                          if f.place is not None else [])
            level = LEVELS.get(f.severity or "", "warning")
            result = {
                "ruleId": f.code,
                "level": level,
                "message": {"text": f.full_message},
                "locations": [location],
                "properties": {k: v for k, v in (("game", f.game), ("board", f.board), ("law", f.law))
                               if v is not None},
            }
            if f.related is not None:  # the other record an event finding names
                result["relatedLocations"] = [_related(f.related)]
            if f.fix is not None and f.fix.edits and member is None:  # a zip's member is not edited in place
                result["fixes"] = [_fix(f.fix, artifact)]
            number = self.codes.setdefault(f.code, len(self.codes))
            self.results.add(dumps(result, _RESULT), number * len(_LEVELS) + _LEVELS.index(level))
        return ""

    def end(self, summary: Summary) -> Iterator[str]:
        quota, left_out = _capped([_LEVELS[mark % len(_LEVELS)] for mark in self.results.marks])
        codes = list(self.codes)
        room, kept = dict(quota), set()
        for mark in self.results.marks:  # the codes of the results kept
            if room[_LEVELS[mark % len(_LEVELS)]] > 0:
                room[_LEVELS[mark % len(_LEVELS)]] -= 1
                kept.add(codes[mark // len(_LEVELS)])
        fired = sorted(code for code in kept if code in RULES)
        index = {code: i for i, code in enumerate(fired)}

        def results() -> Iterator[str]:
            for mark, text in self.results.texts():
                level, code = _LEVELS[mark % len(_LEVELS)], codes[mark // len(_LEVELS)]
                if quota[level] <= 0:
                    continue
                quota[level] -= 1
                yield text[:-len(_CLOSE)] + f'{_KEY}"ruleIndex": {index[code]}{_CLOSE}' if code in index else text

        notifications = list(self.notifications)
        if summary.interrupted:
            notifications.append({"level": "error", "descriptor": {"id": "interrupted"}, "message": {
                "text": f"interrupted by {summary.interrupted}: the results are those of the files finished before"}})
        failed = bool(notifications)
        if left_out:
            counts = ", ".join(f"{n:,} {level}{'s' * (n != 1)}" for level, n in left_out.items() if n)
            notifications.append({"level": "warning", "descriptor": {"id": "results-left-out"}, "message": {
                "text": f"{sum(left_out.values()):,} results left out ({counts}): code scanning accepts at most "
                        f"{MAX_RESULTS:,} a run, errors are kept first; bridgelint check --format json lists "
                        "every finding"}})
        document = {
            "$schema": SCHEMA,
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "bridgelint",
                    "version": __version__,
                    "rules": [_rule(code, self.docs) for code in fired],
                }},
                "invocations": [{"executionSuccessful": not failed,
                                 "toolExecutionNotifications": notifications}],
                "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "the working directory of the run"}}},
                "artifacts": self.artifacts,
                "results": [MARK],
                "columnKind": "unicodeCodePoints",
            }],
        }
        return streamed(document, results())


_LEVELS = ("error", "warning", "note")


def _capped(levels: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """How many results of each level are kept, the first of each in their order: at most :data:`MAX_RESULTS` of
    results of ``levels``, errors first, then warnings, then notes; and how many of each were left out."""
    counts = {level: levels.count(level) for level in _LEVELS}
    if len(levels) <= MAX_RESULTS:
        return counts, {}
    room, quota = MAX_RESULTS, {}
    for level in _LEVELS:
        quota[level] = min(room, counts[level])
        room -= quota[level]
    return quota, {level: counts[level] - quota[level] for level in _LEVELS}


_RESULT = 4  # the depth of a result in the document: {"runs": [{"results": [{...
_CLOSE = "\n" + "  " * _RESULT + "}"  # a result's closing brace, on its own line
_KEY = ",\n" + "  " * (_RESULT + 1)  # what comes before a result's next key


def render(reports: list[FileReport], summary: Summary) -> str:
    reporter = SarifReporter()
    for report in reports:
        reporter.file(report)
    return "".join(reporter.end(summary))


def _fix(fix: Fix, artifact: dict) -> dict:
    """A finding's fix as SARIF's: its edits as replacements of regions (the end column is the one after)."""
    how = {"safe": "check --fix", "unsafe": "check --fix --unsafe-fixes", "layout": "format"}[fix.applicability]
    return {"description": {"text": f"{fix.applicability} fix (bridgelint {how})"},
            "artifactChanges": [{"artifactLocation": artifact, "replacements": [
                {"deletedRegion": {"startLine": e.line, "startColumn": e.column, "endLine": e.end_line,
                                   "endColumn": e.end_column},
                 "insertedContent": {"text": e.text}} for e in fix.edits]}]}


def _related(other: Related) -> dict:
    """The other record an event finding names, as a related location (a zip's member placed in its zip)."""
    archive, member = split_member(other.path)
    location: dict = {"id": 1, "physicalLocation": {
        "artifactLocation": _location(artifact_uri(archive)),
        "region": {"startLine": other.line, "startColumn": other.column}}, "message": {"text": other.message}}
    if member is not None:
        location["logicalLocations"] = [{"name": member, "fullyQualifiedName": other.path, "kind": "resource"}]
    return location


def _location(uri: str, index: int | None = None) -> dict:
    location: dict = {"uri": uri}
    if not uri.startswith("file:"):
        location["uriBaseId"] = "%SRCROOT%"
    if index is not None:
        location["index"] = index
    return location
