"""Report formats: a golden output per format, GitHub escaping, SARIF against the 2.1.0 schema, JUnit.

The golden files in tests/golden/ are the reports on samples/ with paths
relative to the repository; after a deliberate change of the samples or of
the rules, rewrite them with ``BRIDGELINT_UPDATE_GOLDEN=1 pytest tests/test_reporters.py``.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import run_cli as run

from bridgelint.core._version import __version__
from bridgelint.core.findings import Finding, Fix
from bridgelint.core.report import Counts, FileReport, failing
from bridgelint.reporters import Summary, github, junit, sarif, statistics
from bridgelint.rules import RULES

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"
SCHEMA = Path(__file__).resolve().parent / "sarif-schema-2.1.0.json"
SAMPLES = ("samples/auction-defects.pbn", "samples/auction-defects.lin", "samples/deal-defects.pbn",
           "samples/clean.pbn")
FORMATS = {"text": "samples.txt", "json": "samples.json", "github": "samples.github.txt",
           "sarif": "samples.sarif", "junit": "samples.junit.xml"}


def samples_report(monkeypatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    return run(monkeypatch, "check", "--isolated", "--show-info", "--jobs", "1", *args, *SAMPLES)


def golden(name: str, actual: str) -> None:
    path = GOLDEN / name
    if os.environ.get("BRIDGELINT_UPDATE_GOLDEN"):
        path.write_text(actual, encoding="utf-8", newline="")
    assert actual == path.read_text(encoding="utf-8"), f"{name} differs from the golden output"


@pytest.mark.parametrize("output_format", sorted(FORMATS))
def test_golden_output(monkeypatch, output_format, both_ways):
    code, out, err = samples_report(monkeypatch, "--format", output_format)
    assert code == 1
    golden("samples.stderr.txt", err)  # the summary line, the same for every format
    text = out.replace(f'"version": "{__version__}"', '"version": "VERSION"')  # SARIF: stable across releases
    golden(FORMATS[output_format], text)


def test_golden_statistics(monkeypatch, both_ways):
    code, out, err = samples_report(monkeypatch, "--statistics")
    assert code == 1 and err.endswith("1 info\n")
    golden("samples.statistics.txt", out)


# --- GitHub -------------------------------------------------------------------------------

def report_of(*findings: Finding, path: str = "dir/a,b:c.pbn") -> list[FileReport]:
    return [FileReport(path, "pbn", 1, 1, list(findings))]


def test_github_annotation_and_escaping():
    finding = Finding("B107", "100% wrong\r\nsecond line", 2, 3, severity="warning", game=1, board="1")
    out = github.render(report_of(finding), Summary())
    assert out == ("::warning file=dir/a%2Cb%3Ac.pbn,line=2,col=3,title=B107 date-form::"
                   "B107 100%25 wrong%0D%0Asecond line (board 1)\n")


def test_github_levels():
    findings = [Finding("A103", "m", 1, 1, severity=s) for s in ("error", "warning", "info")]
    lines = github.render(report_of(*findings, path="a.pbn"), Summary()).splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == ["::error", "::warning", "::notice"]


def test_counts_and_fail_on_are_judged_once_for_summary_verdict_and_junit():
    from bridgelint.reporters.verdict import Verdict

    [warned] = report_of(Finding("B107", "m", 1, 1, severity="warning"), Finding("A103", "m", 2, 1, severity="info"),
                         path="w.pbn")
    counts = Counts()
    counts.count(warned.findings)
    assert (counts.errors, counts.warnings, counts.infos) == (0, 1, 1)
    assert failing("error") == {"error"} and failing("warning") == {"error", "warning"}
    for fail_on, fails in (("error", False), ("warning", True)):
        assert counts.fail(fail_on) is fails
        assert Summary.of([warned]).fail(fail_on) is fails
        assert Verdict.of(warned, fail_on).rejected is fails
        assert ET.fromstring(junit.render([warned], Summary(), fail_on)).get("failures") == str(int(fails))


def test_github_escape_functions():
    assert github.escape_data("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f"
    assert github.escape_property("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf"


def test_auto_format(monkeypatch):
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.chdir(ROOT)
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "auto", "samples/deal-defects.pbn")
    assert code == 1 and out.startswith("::error file=samples/deal-defects.pbn,line=8,col=61,title=D103 hand-size::")
    monkeypatch.delenv("GITHUB_ACTIONS")
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "auto", "samples/deal-defects.pbn")
    assert code == 1 and out.startswith("samples/deal-defects.pbn:8:61: D103 ")


# --- SARIF ----------------------------------------------------------------------------------

def test_sarif_validates_against_the_2_1_0_schema(monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")  # the OASIS schema, vendored verbatim
    code, out, err = samples_report(monkeypatch, "--format", "sarif")
    document = json.loads(out)
    jsonschema.Draft4Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(document), key=str)
    assert not errors, errors[0].message
    # an empty run is valid too
    code, out, err = run(monkeypatch, "check", "--isolated", "--format", "sarif", "samples/clean.pbn")
    assert code == 0
    jsonschema.Draft4Validator(schema).validate(json.loads(out))


def test_sarif_content(monkeypatch):
    code, out, err = samples_report(monkeypatch, "--format", "sarif")
    run_ = json.loads(out)["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    fired = sorted({r["ruleId"] for r in run_["results"]})
    assert [r["id"] for r in rules] == fired  # only the rules that fired, each once
    for rule in rules:
        assert rule["help"]["text"] == rule["fullDescription"]["text"] == RULES[rule["id"]].doc()
        assert rule["help"]["markdown"] == RULES[rule["id"]].markdown()
    by_rule = {r["ruleId"]: r for r in run_["results"] if r["ruleId"] == "D102"}
    result = by_rule["D102"]
    assert result["level"] == "error" and rules[result["ruleIndex"]]["id"] == "D102"
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "samples/deal-defects.pbn"
    assert location["region"] == {"startLine": 22, "startColumn": 54}
    assert [r["level"] for r in run_["results"] if "accepted" in r["message"]["text"]] == ["note"]


def test_sarif_uri_is_relative_and_encoded(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert sarif.artifact_uri("a b/c#1.pbn") == "a%20b/c%231.pbn"
    assert sarif.artifact_uri(str(tmp_path / "x.pbn")) == "x.pbn"
    assert sarif.artifact_uri("-") == "stdin"
    assert sarif.artifact_uri("/elsewhere/x.pbn").startswith("file:///")


# --- JUnit and statistics ----------------------------------------------------------------------

def test_junit_structure(monkeypatch):
    code, out, err = samples_report(monkeypatch, "--format", "junit")
    root = ET.fromstring(out.encode())
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    # a test case a finding that fails the run, one failure each, grouped by file in input order; a file
    # without one is a passing test case
    assert list(dict.fromkeys(c.get("classname") for c in cases)) == list(SAMPLES)
    assert [sum(len(c.findall("failure")) for c in cases if c.get("classname") == path) for path in SAMPLES] == [
        6, 4, 3, 0]
    assert all(len(c.findall("failure")) <= 1 for c in cases) and len(cases) == 14
    assert cases[0].get("name").startswith(f"{list(SAMPLES)[0]}:") and cases[-1].get("name") == list(SAMPLES)[-1]
    assert root.get("tests") == "14" and root.get("failures") == "13"


def test_junit_escapes_markup():
    finding = Finding("A103", 'a <b> & "c"', 1, 2, severity="error")
    out = junit.render(report_of(finding, path="x&y.pbn"), Summary())
    failure = ET.fromstring(out.encode()).find("testsuite/testcase/failure")
    assert failure.get("message") == 'A103 a <b> & "c"' and failure.text == 'x&y.pbn:1:2: A103 [error] a <b> & "c"'


def test_statistics_counts_per_code():
    safe, unsafe = Fix("safe", ()), Fix("unsafe", ())
    reports = [FileReport("a.pbn", "pbn", findings=[Finding("A103", "m", 1, 1, "error")] * 3),
               FileReport("b.pbn", "pbn", findings=[Finding("A103", "m", 1, 1, "error"),
                                                    Finding("B107", "m", 1, 1, "warning", fix=safe),
                                                    Finding("B107", "m", 2, 1, "warning", fix=unsafe)])]
    lines = statistics.render(reports, Summary()).splitlines()
    assert lines[0].split() == ["count", "files", "code", "name", "severity", "fixable"]
    assert [line.split() for line in lines[2:]] == [["4", "2", "A103", "insufficient-bid", "error"],
                                                    ["2", "1", "B107", "date-form", "warning", "[*]", "1", "[~]", "1"]]
    assert statistics.render([], Summary()) == ""


# --- output file ------------------------------------------------------------------------------------

def test_output_file_takes_the_report(monkeypatch, tmp_path):
    target = tmp_path / "out.sarif"
    code, out, err = samples_report(monkeypatch, "--format", "sarif", "--output-file", str(target))
    assert code == 1 and out == "" and err.endswith("1 info\n")
    assert json.loads(target.read_text(encoding="utf-8"))["version"] == "2.1.0"


def test_output_file_with_statistics(monkeypatch, tmp_path):
    target = tmp_path / "out.txt"
    code, out, err = samples_report(monkeypatch, "--statistics", "-o", str(target))
    assert code == 1 and out == (GOLDEN / "samples.statistics.txt").read_text(encoding="utf-8")
    assert target.read_text(encoding="utf-8") == (GOLDEN / "samples.txt").read_text(encoding="utf-8")


def test_unwritable_output_file_exits_2(monkeypatch, tmp_path):
    code, out, err = samples_report(monkeypatch, "-o", str(tmp_path / "no" / "such" / "dir.txt"))
    assert (code, out) == (2, "") and err.startswith("bridgelint: ") and "dir.txt" in err


def test_unknown_format_is_a_usage_error(monkeypatch):
    code, out, err = samples_report(monkeypatch, "--format", "xml")
    assert (code, out) == (2, "") and "--format" in err
