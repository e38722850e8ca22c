"""CI formats agree with the verdict: JUnit fails what fails the run, SARIF links the rules and places zip
members in their zip, GitHub annotates a few findings a file and writes the job summary."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
import tomllib
from conftest import ERROR, WARNING, board
from conftest import run_cli as run

from bridgelint.core import documentation

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "bridgelint.toml").write_text("")
    (tmp_path / "warned.pbn").write_text(WARNING)
    (tmp_path / "failed.pbn").write_text(ERROR)
    return tmp_path


def cases(out: str) -> dict[str, list[ET.Element]]:
    """The test cases of each file (their classname)."""
    found: dict[str, list[ET.Element]] = {}
    for case in ET.fromstring(out.encode()).iter("testcase"):
        found.setdefault(case.get("classname"), []).append(case)
    return found


def test_junit_fails_only_what_fails_the_run(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--format", "junit", "warned.pbn", "failed.pbn")
    found = cases(out)
    assert code == 1 and ET.fromstring(out.encode()).get("failures") == "1"
    [warned] = found["warned.pbn"]
    assert warned.findall("failure") == []
    assert warned.find("system-out").text.startswith("warned.pbn:2:1: B107 [warning] ")
    assert [f.get("type") for case in found["failed.pbn"] for f in case.findall("failure")] == ["A103 error"]


def test_junit_with_fail_on_warning_fails_the_warnings(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--format", "junit", "--fail-on", "warning", "warned.pbn")
    assert code == 1 and [f.get("type") for case in cases(out)["warned.pbn"] for f in case.findall("failure")] == [
        "B107 warning"]


def test_sarif_rules_link_their_page_on_the_documentation_site(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--format", "sarif", "failed.pbn")
    [rule] = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert rule["helpUri"] == f"{documentation.site()}/rules/A103/"
    (here / "bridgelint.toml").write_text('docs-url = "https://docs.example.org/bl/"\n')
    code, out, err = run(monkeypatch, "check", "--format", "sarif", "failed.pbn")
    assert json.loads(out)["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] == \
        "https://docs.example.org/bl/rules/A103/"


def test_the_documentation_site_is_written_once_in_pyproject():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Documentation"].rstrip("/") == documentation.FALLBACK
    assert documentation.rule_url("C105", "https://x.org/") == "https://x.org/rules/C105/"


def test_sarif_places_a_zip_member_in_its_zip_with_a_logical_location(here, monkeypatch):
    with zipfile.ZipFile(here / "upload.zip", "w") as archive:
        archive.writestr("teaching/Drury.pbn", ERROR)
        archive.writestr("other.pbn", ERROR)
    code, out, err = run(monkeypatch, "check", "--format", "sarif", "upload.zip")
    run_ = json.loads(out)["runs"][0]
    assert [a["location"]["uri"] for a in run_["artifacts"]] == ["upload.zip"]
    located = [(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
                r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]) for r in run_["results"]]
    assert located == [("upload.zip", "upload.zip!teaching/Drury.pbn"), ("upload.zip", "upload.zip!other.pbn")]
    assert run_["results"][0]["locations"][0]["logicalLocations"][0] == {
        "name": "teaching/Drury.pbn", "fullyQualifiedName": "upload.zip!teaching/Drury.pbn", "kind": "resource"}


def many(n: int) -> str:
    """``n`` boards, each with a B107 date warning; the last one with an A103 error too."""
    games = [board('[Date "95.06.10"]', number=str(i)) for i in range(1, n)]
    return "\n".join(games + [board('[Date "95.06.10"]', '[Auction "N"]', "1D Pass 1C AP", number=str(n))])


def test_github_annotates_at_most_ten_findings_of_each_kind_a_run_errors_first(here, monkeypatch):
    (here / "many.pbn").write_text(many(30))
    code, out, err = run(monkeypatch, "check", "--format", "github", "--max-annotations", "0", "many.pbn")
    total = len(out.splitlines())
    assert total > 30
    code, out, err = run(monkeypatch, "check", "--format", "github", "many.pbn")
    lines = out.splitlines()
    assert len(lines) == 12 and lines[0].startswith("::error ") and not any(x.startswith("::error ") for x in lines[1:])
    assert lines[-1].startswith(f"::notice title=bridgelint::not annotated: {total - 11} warnings (GitHub shows 10 "
                                "annotations of each kind a step")


def test_github_500_errors_in_60_files_are_30_annotations_and_all_in_the_job_summary(here, monkeypatch):
    summary = here / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    names = []
    for n in range(60):  # 60 files, 500 errors (A103) beside a warning (B107) and an info finding (a ^I mark) each
        errors = 9 if n < 20 else 8
        games = [board('[Date "95.06.10"]', '[Auction "N"]', "1D Pass 1C AP", number=str(i + 1))
                 for i in range(errors)]
        (here / f"f{n:02}.pbn").write_text("\n".join(games))
        names.append(f"f{n:02}.pbn")
    code, out, err = run(monkeypatch, "check", "--format", "github", "--show-info", *names)
    lines = out.splitlines()
    kinds = [line.split(" ", 1)[0] for line in lines]
    assert kinds.count("::error") == 10 and kinds.count("::warning") == 10
    assert len(lines) <= 30 and lines[-1].startswith("::notice title=bridgelint::not annotated: 490 errors, ")
    listed = [line for line in summary.read_text().splitlines() if " A103 [error] " in line]
    assert len(listed) == 500 == 20 * 9 + 40 * 8


def test_github_writes_the_job_summary(here, monkeypatch):
    summary = here / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    code, out, err = run(monkeypatch, "check", "--format", "github", "warned.pbn", "failed.pbn")
    text = summary.read_text()
    assert text.startswith("earlier step\n## bridgelint\n\n| file | format | boards | results | errors | warnings | "
                           "codes | verdict |\n| --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n")
    assert "| `failed.pbn` | pbn | 1 | 1 | 1 | 0 | A103 1 | **rejected** |" in text
    assert "| `warned.pbn` | pbn | 1 | 0 | 0 | 1 | B107 1 | ok |" in text and "\n1 of 2 files rejected\n" in text
    # every error, a line each, under the table
    assert text.endswith("<details><summary>1 error</summary>\n\n```text\nfailed.pbn:6:9: A103 [error] 1C is not "
                         "higher than 1D (Laws 18, 27) (board 1)\n```\n\n</details>\n")


def test_sarif_of_30000_findings_holds_25000_results_errors_first_and_says_so(here):
    jsonschema = pytest.importorskip("jsonschema")
    from bridgelint.core.report import FileReport
    from bridgelint.reporters import Summary
    from bridgelint.reporters.sarif import MAX_RESULTS, SarifReporter
    from bridgelint.rules import RULES

    warning, error = RULES["B107"], RULES["A103"]
    reporter = SarifReporter()
    for n in range(60):  # 60 files of 500 findings, a third of them errors: 10,020 errors, 19,980 warnings
        findings = [(warning if i % 3 else error).finding("m", i + 1, 1, severity="warning" if i % 3 else "error")
                    for i in range(500)]
        reporter.file(FileReport(f"f{n}.pbn", "pbn", 1, 1, findings))
    document = json.loads("".join(reporter.end(Summary())))
    run = document["runs"][0]
    levels = [result["level"] for result in run["results"]]
    assert len(levels) == MAX_RESULTS == 25_000
    assert levels.count("error") == 10_020 and levels.count("warning") == 14_980  # every error kept
    [note] = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"].startswith("5,000 results left out (5,000 warnings): code scanning accepts")
    assert run["invocations"][0]["executionSuccessful"] is True
    schema = json.loads((ROOT / "tests" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(document)


def test_junit_gives_each_failure_its_own_test_case(here, monkeypatch):
    (here / "many.pbn").write_text("\n".join(ERROR.replace('[Board "1"]', f'[Board "{n}"]') for n in range(1, 6)))
    code, out, err = run(monkeypatch, "check", "--format", "junit", "many.pbn")
    [suite] = ET.fromstring(out.encode()).iter("testsuite")
    many = cases(out)["many.pbn"]
    assert code == 1 and len(many) == 5 == int(suite.get("failures")) == int(suite.get("tests"))
    assert all(len(case.findall("failure")) == 1 for case in many)
    assert [case.get("name").split(" ", 1)[1] for case in many] == [f"A103 (board {n})" for n in range(1, 6)]


def test_gitlab_code_quality_issues_keep_their_fingerprint_when_lines_move(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--format", "gitlab", "warned.pbn", "failed.pbn")
    issues = json.loads(out)
    assert code == 1 and [(i["check_name"], i["severity"], i["location"]["path"], i["location"]["lines"]["begin"])
                          for i in issues] == [("B107", "minor", "warned.pbn", 2), ("A103", "major", "failed.pbn", 6)]
    assert all(i["description"].startswith(i["check_name"] + " ") for i in issues)
    (here / "failed.pbn").write_text("\n\n" + ERROR)  # the same defect two lines down
    moved = json.loads(run(monkeypatch, "check", "--format", "gitlab", "failed.pbn")[1])
    assert moved[0]["location"]["lines"]["begin"] == 8 and moved[0]["fingerprint"] == issues[1]["fingerprint"]
    (here / "twice.pbn").write_text(ERROR + "\n" + ERROR)  # two alike: two fingerprints
    twice = json.loads(run(monkeypatch, "check", "--format", "gitlab", "twice.pbn")[1])
    assert len({issue["fingerprint"] for issue in twice}) == len(twice) == 2


def test_a_backtick_in_a_file_name_stays_in_the_job_summary_s_code_span(here, monkeypatch):
    from bridgelint.reporters.github import code_span

    assert code_span("a.pbn") == "`a.pbn`" and code_span("x`![i](h)`.pbn") == "``x`![i](h)`.pbn``"
    assert code_span("`x.pbn") == "`` `x.pbn ``"
    name = "x```![i](h)`.pbn"
    (here / name).write_text(ERROR)
    summary = here / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    run(monkeypatch, "check", "--format", "github", name)
    text = summary.read_text()
    assert "| ````x```![i](h)`.pbn```` |" in text  # the name inside one code span
    assert "\n````text\n" in text and text.rstrip().endswith("````\n\n</details>")  # the errors' fence outlasts it
