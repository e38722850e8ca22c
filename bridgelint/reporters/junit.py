"""JUnit XML: one test case a file, one failure a finding (CI test-report viewers)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..pipeline import FileReport
from . import Summary, text
from .text import where


def render(reports: list[FileReport], summary: Summary) -> str:
    failing = sum(1 for report in reports if report.findings)
    attributes = {"name": "bridgelint", "tests": str(len(reports)), "failures": str(failing), "errors": "0"}
    root = ET.Element("testsuites", attributes)
    suite = ET.SubElement(root, "testsuite", {**attributes, "skipped": "0"})
    for report in reports:
        case = ET.SubElement(suite, "testcase", {"classname": "bridgelint", "name": report.path,
                                                 "file": report.path.replace("\\", "/")})
        for f in report.findings:
            failure = ET.SubElement(case, "failure", {"type": f"{f.code} {f.severity}",
                                                      "message": f"{f.code} {f.message}{where(f)}"})
            failure.text = text.line(report.path, f).rstrip("\n") + (f" [{f.law}]" if f.law else "")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
