"""The JSON and SARIF reports are written by reporters.indented: the very text json.dumps(indent=2) writes."""

from __future__ import annotations

import json

import pytest
from conftest import damaged_archives, report

from bridgelint.reporters import Summary
from bridgelint.reporters import json as json_report
from bridgelint.reporters import sarif
from bridgelint.reporters.indented import Written, dumps

AWKWARD = {
    "text": ["quote \" backslash \\ newline \n tab \t nul \x00", "é ♠ 😀 \u2028 \ud800", ""],
    "numbers": [0, -5, 10 ** 30, 2.5, float("inf"), float("nan"), True, False, None],
    "empty": [[], {}, [[]], {"a": {}}, ()],
    "nested": {"flat": {"a": 1, "b": None, "c": "x,\n  y"}, "tuple": (1, ("two", [3])), "": "no name"},
}


@pytest.mark.parametrize("value", [AWKWARD, [], {}, "", 0, None, True, 2.5, [1], {"a": [1, {}]}, [[[]]]])
def test_the_text_is_json_dumps_indented(value):
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_keys_that_are_no_strings_are_refused():
    with pytest.raises(TypeError):
        dumps({"a": {1: "one"}})


def test_the_json_and_sarif_reports_of_damaged_boards_are_json_dumps_indented():
    reports = [report(data, name) for name, data in damaged_archives(300)]
    summary = Summary.of(reports)
    for render in (json_report.render, sarif.render):
        text = render(reports, summary)
        assert text.count("\n") > 7_000  # hundreds of findings, each on lines of its own
        assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


def test_a_part_written_first_at_its_depth_goes_in_as_it_is():
    items = [AWKWARD, {"a": [1, {}]}, [], "x"]
    document = {"list": [Written(dumps(item, 2)) for item in items], "after": {"inner": Written(dumps(items, 2))}}
    assert dumps(document) == json.dumps({"list": items, "after": {"inner": items}}, indent=2, ensure_ascii=False)


def test_the_json_report_written_file_by_file_is_the_whole_document():
    reports = [report(data, name) for name, data in damaged_archives(40)]
    reports[0].events = [{"key": {"event": "E"}, "files": ["a.pbn"], "boards": [{"board": "1", "records": 2}]}]
    summary = Summary.of(reports)  # the reports' events, file by file
    totals = {"files": summary.files, "games": summary.games, "boards": summary.boards, "results": summary.results,
              "errors": summary.errors, "warnings": summary.warnings, "infos": summary.infos,
              "unreadable": summary.unreadable}
    whole = {"version": 1, "files": [json_report._file(r) for r in reports], "events": summary.events,
             "summary": totals}
    assert json_report.render(reports, summary) == json.dumps(whole, indent=2, ensure_ascii=False) + "\n"
    summary.events = [{"key": {"event": "the run's"}, "files": ["a.pbn", "b.pbn"], "boards": []}]  # across files
    assert json.loads(json_report.render(reports, summary))["events"] == summary.events
