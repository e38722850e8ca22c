"""JUnit XML: one test case a file; a failure for each finding that fails the run, an error for a path that
could not be read.

What fails the run is what ``--fail-on`` says (errors; or warnings too): a
file whose findings do not fail the run passes, as its exit status and
verdict say, and its other findings are its ``<system-out>``, one line each.
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
    failed = sum(1 for report in reports if any(f.severity in failing_severities for f in report.findings))
    unreadable = sum(1 for report in reports if report.unreadable is not None)
    attributes = {"name": "bridgelint", "tests": str(len(reports)), "failures": str(failed),
                  "errors": str(unreadable)}
    root = ET.Element("testsuites", attributes)
    suite = ET.SubElement(root, "testsuite", {**attributes, "skipped": "0"})
    for report in reports:
        path = _xml(report.path)
        case = ET.SubElement(suite, "testcase", {"classname": "bridgelint", "name": path,
                                                 "file": path.replace(os.sep, "/")})
        if report.unreadable is not None:
            error = ET.SubElement(case, "error", {"type": "unreadable", "message": _xml(report.unreadable)})
            error.text = _xml(f"{report.path}: {report.unreadable}")
        told = []
        for f in report.findings:
            if f.severity not in failing_severities:
                told.append(text.line(report.path, f))
                continue
            failure = ET.SubElement(case, "failure", {"type": f"{f.code} {f.severity}",
                                                      "message": _xml(f"{f.code} {f.full_message}{where(f)}")})
            failure.text = _xml(text.line(report.path, f).rstrip("\n") + (f" [{f.law}]" if f.law else ""))
        if told:
            ET.SubElement(case, "system-out").text = _xml("".join(told))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _xml(value: str) -> str:
    """``value`` with the characters XML 1.0 cannot hold (control characters, lone surrogates) as ``\\xNN``."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 256 else f"\\u{ord(m.group()):04x}",
                        value)
