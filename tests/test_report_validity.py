"""Every report is valid whatever the input: file names that are not UTF-8, paths that cannot be read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ERROR, run_cli

from bridgelint.engine.inputs import shown

FORMATS = ("text", "json", "sarif", "junit", "github")


def bridgelint(cwd: Path, *args: str) -> tuple[int, str, str]:
    """A real process, so that the bytes written are what a CI pipeline reads: stdout must be UTF-8."""
    done = subprocess.run([sys.executable, "-m", "bridgelint", "check", "--isolated", "--jobs", "1", *args],
                          cwd=cwd, capture_output=True, timeout=600)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def parsed(output_format: str, out: str) -> list[str]:
    """The file paths a report names, read as its consumer reads it."""
    if output_format == "json":
        return [f["path"] for f in json.loads(out)["files"]]
    if output_format == "sarif":
        run = json.loads(out)["runs"][0]
        return [a["location"]["uri"] for a in run["artifacts"]]
    if output_format == "junit":
        return list(dict.fromkeys(case.get("classname") for case in ET.fromstring(out).iter("testcase")))
    if output_format == "github":
        return [line.split("file=", 1)[1].split(",line=", 1)[0] for line in out.splitlines()]
    return [line.split(":", 1)[0] for line in out.splitlines() if ": A103 " in line]


def test_shown_escapes_undecodable_bytes_and_control_characters():
    assert shown("games/a.pbn") == "games/a.pbn"
    assert shown(os.fsdecode(b"caf\xe9.pbn")) == "caf\\xe9.pbn"
    assert shown("tab\there\n.pbn") == "tab\\x09here\\x0a.pbn"
    assert shown("Zoë ♠.pbn") == "Zoë ♠.pbn"  # printable Unicode stays


@pytest.mark.skipif(sys.platform != "linux", reason="file names as raw bytes")
@pytest.mark.parametrize("output_format", FORMATS)
def test_a_file_name_that_is_not_utf8_is_escaped_the_same_way_in_every_format(tmp_path, output_format):
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / os.fsdecode(b"caf\xe9.pbn")).write_text(ERROR)
    code, out, err = bridgelint(tmp_path, "--format", output_format, "d")
    assert code == 1, err
    expected = "d/caf%5Cxe9.pbn" if output_format == "sarif" else "d/caf\\xe9.pbn"  # a URI: the escape percent-encoded
    assert parsed(output_format, out) == [expected]


def test_unreadable_paths_are_in_every_report(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("good.pbn").write_text(ERROR)
    os.symlink("nowhere", "dangling.pbn")
    args = ("check", "--isolated", "missing.pbn", "good.pbn", "dangling.pbn")

    code, out, err = run_cli(monkeypatch, *args, "--format", "json")
    assert code == 2
    document = json.loads(out)
    assert [(f["path"], f.get("unreadable")) for f in document["files"]] == [
        ("missing.pbn", "No such file or directory"), ("good.pbn", None), ("dangling.pbn", "No such file or directory")]
    assert (document["summary"]["files"], document["summary"]["unreadable"]) == (3, 2)
    assert err.splitlines()[-1].startswith("3 files (2 unreadable), 1 board, 1 result: ")

    code, out, _ = run_cli(monkeypatch, *args, "--format", "sarif")
    run = json.loads(out)["runs"][0]
    [invocation] = run["invocations"]
    assert invocation["executionSuccessful"] is False
    assert [(n["level"], n["message"]["text"], n["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
            for n in invocation["toolExecutionNotifications"]] == [
        ("error", "missing.pbn: No such file or directory", "missing.pbn"),
        ("error", "dangling.pbn: No such file or directory", "dangling.pbn")]
    assert [a["location"]["uri"] for a in run["artifacts"]] == ["good.pbn"]
    assert run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["index"] == 0

    code, out, _ = run_cli(monkeypatch, *args, "--format", "junit")
    suite = ET.fromstring(out).find("testsuite")
    assert (suite.get("tests"), suite.get("errors"), suite.get("failures")) == ("3", "2", "1")
    errors = {case.get("classname"): case.find("error") for case in suite.iter("testcase")}
    assert errors["good.pbn"] is None
    assert errors["missing.pbn"].get("message") == "No such file or directory"

    code, out, _ = run_cli(monkeypatch, *args, "--format", "github")
    assert out.splitlines()[0] == "::error file=missing.pbn,title=unreadable::not checked: No such file or directory"

    code, out, _ = run_cli(monkeypatch, *args)  # text: the verdict table names them
    assert [line.split()[-1] for line in out.splitlines() if line.startswith(("missing", "dangling"))] == [
        "unreadable", "unreadable"]


def test_junit_holds_no_character_xml_forbids(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("ctl.pbn").write_bytes(b'[Event "a\x01b"]\n[Board "x\x02"]\n')
    code, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "junit", "ctl.pbn")
    told = [e.text for e in ET.fromstring(out).iter() if e.tag in ("failure", "system-out")]  # well-formed
    assert told and "\x02" not in out and "\x01" not in out


@pytest.mark.skipif(sys.platform != "linux", reason="file names as raw bytes")
def test_convert_to_json_escapes_a_file_name_that_is_not_utf8(tmp_path):
    (tmp_path / os.fsdecode(b"caf\xe9.pbn")).write_text(ERROR)
    done = subprocess.run([sys.executable, "-m", "bridgelint", "convert", "--isolated", "--to", "json", "."],
                          cwd=tmp_path, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert [r["path"] for r in json.loads(done.stdout.decode("utf-8"))["records"]] == ["./caf\\xe9.pbn"]
    assert done.stderr.decode("utf-8").startswith("./caf\\xe9.pbn:6:9: A103 ")


@pytest.mark.skipif(sys.platform != "linux", reason="file names as raw bytes")
def test_the_html_report_draws_the_boards_of_a_file_whose_name_is_not_utf8(tmp_path):
    (tmp_path / os.fsdecode(b"caf\xe9.pbn")).write_text(ERROR)
    code, _, err = bridgelint(tmp_path, "--format", "html", "--output-file", "report.html", ".")
    assert code == 1, err
    page = (tmp_path / "report.html").read_bytes().decode("utf-8")
    assert "caf\\xe9.pbn" in page and page.count('class="diagram"') == 1
