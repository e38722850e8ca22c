"""JSON and SARIF reports of many findings: each finding's text is kept on disk until the document is written,
a piece at a time, so that memory grows by at most a few hundred bytes a finding (measured with tracemalloc:
the growth from 15,000 to 60,000 findings, never seconds).  Before, SARIF took about 10 KB a finding."""

from __future__ import annotations

import gc
import json
import tracemalloc

import pytest

from bridgelint.core.report import FileReport
from bridgelint.reporters import Summary
from bridgelint.reporters.json import JsonReporter
from bridgelint.reporters.sarif import SarifReporter
from bridgelint.rules import RULES

BATCH = 1000  # findings of each file


def _report(number: int) -> FileReport:
    rule = RULES["C101"]
    report = FileReport(f"dir/file{number}.pbn", "pbn", games=BATCH)
    report.findings = [rule.finding(f'Contract "9Z{j}" is no contract: Pass, or level, denomination and X or XX',
                                    j + 1, 1, game=j + 1, board=str(j + 1)) for j in range(BATCH)]
    return report


def _peak(make, findings: int) -> tuple[int, str]:
    """The peak memory of reporting ``findings`` findings (the reports made and dropped a file at a time, as a
    run does), and the document's last piece."""
    gc.collect()
    tracemalloc.start()
    reporter = make()
    summary = Summary()
    for number in range(findings // BATCH):
        report = _report(number)
        summary.add(report)
        reporter.file(report)
        del report
    last = ""
    size = 0
    for piece in reporter.end(summary):
        size += len(piece)
        last = piece
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert size > findings * 150  # the whole document was written
    return peak, last


@pytest.mark.parametrize("make", [JsonReporter, SarifReporter], ids=["json", "sarif"])
def test_memory_grows_by_a_few_hundred_bytes_a_finding(make):
    small, _ = _peak(make, 15_000)
    large, last = _peak(make, 60_000)
    assert (large - small) / 45_000 < 300
    assert last.endswith("}\n")


def test_a_streamed_document_is_the_whole_document():
    reporter = JsonReporter()
    reporter.file(_report(0))
    document = json.loads("".join(reporter.end(Summary())))
    assert len(document["files"][0]["findings"]) == BATCH
    empty = json.loads("".join(JsonReporter().end(Summary())))
    assert empty["files"] == []
