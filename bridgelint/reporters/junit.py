"""JUnit XML: a test case for each finding that fails the run (Jenkins, Azure DevOps and CircleCI show one failure
a test case), one passing test case for a file with none, an error for a path that could not be read.

What fails the run is what ``--fail-on`` says (errors; or warnings too).  A
failing finding's test case is named by its place and code and grouped by its
file (``classname``); a file whose findings do not fail the run passes, as its
exit status and verdict say, and its other findings are the ``<system-out>``
of its file's first test case, one line each.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

from ..core.report import FileReport, failing
from . import Summary, text
from .text import where

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def render(reports: list[FileReport], summary: Summary, fail_on: str = "error") -> str:
    failing_severities = failing(fail_on)
    suite = ET.Element("testsuite", {"name": "bridgelint"})
    tests = failures = errors = 0
    for report in reports:
        path = _xml(report.path)
        file = path.replace(os.sep, "/")
        failed = [f for f in report.findings if f.severity in failing_severities]
        told = [text.line(report.path, f) for f in report.findings if f.severity not in failing_severities]
        cases = []
        if report.unreadable is not None or not failed:
            case = ET.SubElement(suite, "testcase", {"classname": path, "name": path, "file": file})
            if report.unreadable is not None:
                error = ET.SubElement(case, "error", {"type": "unreadable", "message": _xml(report.unreadable)})
                error.text = _xml(f"{report.path}: {report.unreadable}")
                errors += 1
            cases.append(case)
        for f in failed:
            board = f" (board {f.board})" if f.board is not None else ""
            case = ET.SubElement(suite, "testcase", {"classname": path, "file": file, "line": str(f.line),
                                                     "name": _xml(f"{report.path}:{f.line}:{f.column} {f.code}{board}")})
            failure = ET.SubElement(case, "failure", {"type": f"{f.code} {f.severity}",
                                                      "message": _xml(f"{f.code} {f.full_message}{where(f)}")})
            failure.text = _xml(text.line(report.path, f).rstrip("\n") + (f" [{f.law}]" if f.law else ""))
            cases.append(case)
        failures += len(failed)
        tests += len(cases)
        if told:
            ET.SubElement(cases[0], "system-out").text = _xml("".join(told))
    attributes = {"name": "bridgelint", "tests": str(tests), "failures": str(failures), "errors": str(errors)}
    suite.attrib.update({**attributes, "skipped": "0"})
    root = ET.Element("testsuites", attributes)
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _xml(value: str) -> str:
    """``value`` with the characters XML 1.0 cannot hold (control characters, lone surrogates) as ``\\xNN``."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}",
                        value)
