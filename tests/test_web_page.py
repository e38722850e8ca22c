"""The page that checks records in the browser (web/): served on the loopback address, driven in Debian's
headless chromium (tests/devtools.py), it finds what ``bridgelint check`` finds, and asks nothing of the
network once loaded.

The page is built by ``python web/build.py`` (``.ci/run`` builds it); these tests skip where it is not built,
or older than the code, or chromium is not installed, except under CI.  Every wait is on a condition the page
shows (its state, its count of checks), with a deadline of minutes, never a sleep.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path
from typing import Iterator

import pytest
from conftest import QUIET_BROWSER, SHARED, run_cli, script
from devtools import Browser, served

ROOT = Path(__file__).resolve().parents[1]


BUILD = script(ROOT / "web" / "build.py", "web_build")  # it names the page's own files
DIST = ROOT / "web" / "dist"
SAMPLES = sorted((ROOT / "samples").iterdir())
EVENT = ROOT / "docs" / "examples" / "event"
SCREENSHOT = ROOT / "docs" / "guides" / "img" / "web-page.png"
FAILED = "document.body.dataset.state === 'failed' && document.getElementById('progress').textContent"


def not_built() -> str | None:
    """Why the built page cannot be tested: not built, or older than the checkout (its own files, or the code
    in its bridgelint wheel)."""
    if not (DIST / "wheels.json").exists():
        return f"the page is not built in {DIST}: python web/build.py"
    if any((DIST / name).read_bytes() != (ROOT / "web" / name).read_bytes() for name in BUILD.PAGE):
        return "the built page is older than web/: python web/build.py"
    [wheel] = (DIST / "wheels").glob("bridgelint-*.whl")
    with zipfile.ZipFile(wheel) as built:
        packed = {name: built.read(name) for name in built.namelist() if name.startswith("bridgelint/")}
    code = {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in (ROOT / "bridgelint").rglob("*.py")}
    if {name: data for name, data in packed.items() if name.endswith(".py")} != code:
        return "the page's bridgelint is older than the code: python web/build.py"
    return None


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built page's address on the loopback address."""
    problem = not_built()
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{problem} (.ci/run builds it)")
        pytest.skip(problem)
    with served(DIST) as address:
        yield address + "index.html"


def open_page(chromium: str, site: str, profile: Path) -> Browser:
    browser = Browser(chromium, QUIET_BROWSER, profile, 1200, 1000)
    try:
        browser.open(site)
        browser.wait_for("document.body.dataset.state === 'ready'", fail=FAILED)
    except BaseException:
        browser.close()
        raise
    return browser


@pytest.fixture(scope="module")
def page(chromium, site, tmp_path_factory):
    """The page, loaded once: the tests check one set of files after another in it."""
    browser = open_page(chromium, site, tmp_path_factory.mktemp("profile"))
    yield browser
    browser.close()


def press_check(browser: Browser, paths: list[Path], hand_record: str | None = None, field: str = "#files") -> str:
    """Choose ``paths`` in the file input ``field`` (dropped on it: "#drop"), mark the hand record, press Check
    and wait until the page has answered: its progress line then."""
    browser.evaluate("document.getElementById('clear').click()")
    if field == "#drop":
        browser.drop(field, paths)
    else:
        browser.set_files(field, paths)
    browser.wait_for("!document.getElementById('check').disabled")  # the files are listed (folders read)
    if hand_record is not None:
        browser.evaluate(f"document.querySelector('input[name=hand][value={json.dumps(hand_record)}]').click()")
    done = int(browser.evaluate("Number(document.body.dataset.checked || 0)"))
    browser.evaluate("document.getElementById('check').click()")
    browser.wait_for(f"Number(document.body.dataset.checked || 0) === {done + 1}", fail=FAILED)
    return browser.evaluate("document.getElementById('progress').textContent")


def check_in_page(browser: Browser, paths: list[Path], hand_record: str | None = None,
                  field: str = "#files") -> dict:
    """The page's report of ``paths`` (`press_check`): the JSON and the HTML it offers for download, its
    progress line, and the errors the page and its worker logged so far."""
    progress = press_check(browser, paths, hand_record, field)
    downloads = {kind: browser.evaluate(f"fetch(document.getElementById('{kind}').href).then(r => r.text())")
                 for kind in ("json", "html")}  # what the download links hold
    return {"json": json.loads(downloads["json"]), "html": downloads["html"], "progress": progress,
            "errors": browser.errors()}


def test_the_page_checks_the_samples_as_the_command_line_does(page, monkeypatch, tmp_path):
    shown = check_in_page(page, SAMPLES)
    cli = cli_reports(monkeypatch, tmp_path, ROOT / "samples", *[path.name for path in SAMPLES])
    assert shown["json"] == cli["json"] and shown["json"]["summary"]["errors"] == 18
    assert shown["html"] == cli["html"]
    assert shown["progress"].startswith("Checked in ") and shown["progress"].endswith(
        ": 7 files, 19 boards, 24 results: 18 errors, 0 warnings")
    said = page.evaluate("window.bridgelint.progress")  # the command line's progress bar, line by line
    assert said[0] == "Checking: 0%, 0/7 files, 0 boards" and "Checking: 100%, 7/7 files, 19 boards" in said
    assert said[-1] == "Drawing the report: 100%, 7/7 files, 19 boards"
    assert shown["errors"] == []


def cli_reports(monkeypatch, tmp_path: Path, cwd: Path, *args: str, isolated: bool = True) -> dict:
    """The JSON and HTML reports of ``bridgelint check args`` run in ``cwd``, no configuration file read unless
    not ``isolated``."""
    monkeypatch.chdir(cwd)
    tmp_path.mkdir(exist_ok=True)
    reports = {}
    for kind in ("json", "html"):
        target = tmp_path / f"report.{kind}"
        code, out, err = run_cli(monkeypatch, "check", *["--isolated"] * isolated, "--jobs", "1", "--format", kind,
                                 "-o", str(target), *args)
        assert code in (0, 1), err
        reports[kind] = target.read_text(encoding="utf-8")
    return {"json": json.loads(reports["json"]), "html": reports["html"]}


def test_the_hand_record_marked_on_the_page_is_the_command_lines_hand_record(page, monkeypatch, tmp_path):
    """The planted event of the event guide, its hand record marked: the fouled board on table 2 (E101)."""
    files = sorted(EVENT.glob("*.pbn"))
    shown = check_in_page(page, files, hand_record="handrecord.pbn")
    cli = cli_reports(monkeypatch, tmp_path, EVENT, "--hand-record", "handrecord.pbn", *[p.name for p in files])
    assert shown["json"] == cli["json"] and shown["html"] == cli["html"]
    fouled = [(f["code"], f["line"]) for report in shown["json"]["files"] if report["path"] == "table2.pbn"
              for f in report["findings"]]
    assert ("E101", 19) in fouled
    page.screenshot(tmp_path / "page.png")  # the picture of the event guide (BRIDGELINT_UPDATE_GOLDEN=1 keeps it)
    shot = (tmp_path / "page.png").read_bytes()
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 1200
    if os.environ.get("BRIDGELINT_UPDATE_GOLDEN") == "1":
        SCREENSHOT.write_bytes(shot)
    assert SCREENSHOT.exists() and f"](img/{SCREENSHOT.name})" in (ROOT / "docs/guides/event.md").read_text("utf-8")


def test_a_folder_is_checked_under_its_name(page, monkeypatch, tmp_path):
    shown = check_in_page(page, [ROOT / "samples"], field="#folder")
    cli = cli_reports(monkeypatch, tmp_path, ROOT, "samples")
    assert [report["path"] for report in shown["json"]["files"]] == [f"samples/{p.name}" for p in SAMPLES]
    assert shown["json"] == cli["json"] and shown["html"] == cli["html"]


def test_files_and_folders_dropped_on_the_page_are_checked(page, monkeypatch, tmp_path):
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    shutil.copy(EVENT / "table2.pbn", tmp_path)
    shown = check_in_page(page, [tmp_path / "samples", tmp_path / "table2.pbn"], field="#drop")
    cli = cli_reports(monkeypatch, tmp_path / "out", tmp_path, "samples", "table2.pbn")
    assert len(shown["json"]["files"]) == 8 and shown["json"] == cli["json"] and shown["html"] == cli["html"]


def test_a_zip_is_checked_member_by_member(page, monkeypatch, tmp_path):
    upload = tmp_path / "upload.zip"
    with zipfile.ZipFile(upload, "w") as archive:
        for path in SAMPLES:
            archive.write(path, f"round1/{path.name}")
    shown = check_in_page(page, [upload])
    cli = cli_reports(monkeypatch, tmp_path, tmp_path, "upload.zip")
    assert [report["path"] for report in shown["json"]["files"]] == [f"upload.zip!round1/{p.name}" for p in SAMPLES]
    assert shown["json"] == cli["json"] and shown["html"] == cli["html"]


def test_a_configuration_file_dropped_with_the_files_configures_the_check(page, monkeypatch, tmp_path):
    names = copies(tmp_path, SAMPLES)
    (tmp_path / "bridgelint.toml").write_text('select = ["A103"]\n', encoding="utf-8")
    shown = check_in_page(page, [tmp_path / name for name in [*names, "bridgelint.toml"]])
    cli = cli_reports(monkeypatch, tmp_path / "out", tmp_path, *names, isolated=False)
    assert shown["json"] == cli["json"] and shown["html"] == cli["html"]
    assert len(shown["json"]["files"]) == 7 and {f["code"] for report in shown["json"]["files"]
                                                 for f in report["findings"]} == {"A103"}


def test_what_stops_the_check_is_said_on_the_page(page, tmp_path):
    names = copies(tmp_path, SAMPLES[:1])
    (tmp_path / "bridgelint.toml").write_text("select = 5\n", encoding="utf-8")
    assert press_check(page, [tmp_path / name for name in [*names, "bridgelint.toml"]]) == (
        "Not checked: bridgelint: /event/bridgelint.toml: 'select' must be a list of rule codes (strings)")
    assert page.evaluate("document.getElementById('result').hidden") is True


CORPUS_RESULTS = SHARED / "corpus" / "pbn" / "gerhardsletten__jrbridge-pbn-api__pairs.pbn"


@pytest.mark.skipif(not CORPUS_RESULTS.exists(), reason=f"shared corpus not found at {CORPUS_RESULTS}")
def test_a_scoring_programs_results_file_is_checked_as_the_command_line_checks_it(page, monkeypatch, tmp_path):
    names = copies(tmp_path, [CORPUS_RESULTS, *SAMPLES])
    shown = check_in_page(page, [tmp_path / name for name in names])
    cli = cli_reports(monkeypatch, tmp_path / "out", tmp_path, *names)
    assert shown["json"] == cli["json"] and shown["html"] == cli["html"]
    assert shown["json"]["summary"]["results"] > 100


def copies(folder: Path, paths: list[Path]) -> list[str]:
    """``paths`` copied into ``folder``, as the page holds them: their names, in the order the page names them."""
    for path in paths:
        shutil.copy(path, folder / path.name)
    return sorted(path.name for path in paths)


def test_after_loading_the_page_asks_nothing_of_the_network(chromium, site, tmp_path):
    """Everything the page loads comes from its own folder on the loopback address, the workers' requests
    included; once it is ready, checking files makes no request at all."""
    browser = open_page(chromium, site, tmp_path / "profile")
    with browser:
        loaded = browser.requests()
        check_in_page(browser, SAMPLES)
        after = browser.requests()[len(loaded):]
        errors = browser.errors()
    origin = site.rsplit("/", 1)[0] + "/"
    assert [url for url in loaded if not url.startswith(origin)] == []
    names = {url[len(origin):] for url in loaded}
    assert {"index.html", "worker.js", "pyodide/pyodide.asm.wasm", "wheels.json"} <= names  # the worker's seen too
    assert any(name.startswith("wheels/bridgelint-") for name in names)
    assert [url for url in after if not url.startswith("blob:")] == []  # the test's reading of the downloads
    assert errors == []
