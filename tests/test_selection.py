"""Selection on the command line: --select, --extend-select, --ignore, --fail-on, --exit-zero, --show-info."""

from __future__ import annotations

import pytest
from conftest import CLEAN, WARNING, finding_lines
from conftest import run_cli as run

# A103 (error) at 7:9 and B107 (warning) at 2:1
BOTH = CLEAN.replace('[Board "1"]', '[Board "1"]\n[Date "95.06.10"]') + '[Auction "N"]\n1D Pass 1C AP\n'
INFO = CLEAN + '[Auction "N"]\n1D Pass ^I 1C AP\n'  # A103 as info (marked)
A103 = "t.pbn:7:9: A103 [error] 1C is not higher than 1D (Laws 18, 27) (board 1)\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A working directory with an empty configuration, holding t.pbn (an error and a warning)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bridgelint.toml").write_text("")  # no configuration above it counts
    (tmp_path / "t.pbn").write_text(BOTH)
    (tmp_path / "w.pbn").write_text(WARNING)
    (tmp_path / "i.pbn").write_text(INFO)
    return tmp_path


def codes_of(out: str) -> list[str]:
    return [line.split(": ", 1)[1].split()[0] for line in finding_lines(out).splitlines()]


def test_everything_by_default(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "t.pbn")
    assert code == 1 and codes_of(out) == ["B107", "A103"]
    assert err == "1 file, 1 board, 1 result: 1 error, 1 warning\n"


@pytest.mark.parametrize("args, expected, status", [
    (("--select", "A"), ["A103"], 1),
    (("--select", "a103"), ["A103"], 1),
    (("--select", "B"), ["B107"], 0),
    (("--select", "B,A103"), ["B107", "A103"], 1),
    (("--select", "B", "--select", "A103"), ["B107", "A103"], 1),
    (("--select", "B", "--extend-select", "A"), ["B107", "A103"], 1),
    (("--ignore", "A"), ["B107"], 0),
    (("--ignore", "A10", "--extend-select", "A103"), ["B107", "A103"], 1),  # the longer prefix wins
    (("--select", "A103", "--ignore", "A1"), ["A103"], 1),
    (("--select", "A", "--ignore", "A103"), [], 0),
    (("--select", "ALL", "--ignore", "B"), ["A103"], 1),
])
def test_selectors(here, monkeypatch, args, expected, status):
    code, out, err = run(monkeypatch, "check", *args, "t.pbn")
    assert (code, codes_of(out)) == (status, expected)
    assert err.startswith("1 file, 1 board, 1 result: ")


def test_output_line(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--select", "A103", "t.pbn")
    assert (code, finding_lines(out), err) == (1, A103, "1 file, 1 board, 1 result: 1 error, 0 warnings\n")


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
def test_unknown_code_exits_2_naming_it(here, monkeypatch, option):
    code, out, err = run(monkeypatch, "check", option, "A,Z123", "t.pbn")
    assert (code, finding_lines(out)) == (2, "")
    assert err == f"bridgelint: {option}: unknown rule code or prefix 'Z123'; `bridgelint rules` lists them\n"


def test_fail_on_warning(here, monkeypatch):
    assert run(monkeypatch, "check", "w.pbn")[0] == 0
    code, out, err = run(monkeypatch, "check", "--fail-on", "warning", "w.pbn")
    assert code == 1 and codes_of(out) == ["B107"] and err.endswith("0 errors, 1 warning\n")
    code, out, err = run(monkeypatch, "check", "--fail-on", "error", "w.pbn")
    assert code == 0


def test_fail_on_bad_value_is_a_usage_error(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--fail-on", "info", "w.pbn")
    assert (code, finding_lines(out)) == (2, "") and "--fail-on" in err


def test_exit_zero(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--exit-zero", "t.pbn")
    assert code == 0 and codes_of(out) == ["B107", "A103"] and err.endswith("1 error, 1 warning\n")
    assert run(monkeypatch, "check", "--exit-zero", "--fail-on", "warning", "w.pbn")[0] == 0


def test_exit_zero_keeps_2_for_usage_errors(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--exit-zero", "missing.pbn")
    assert (code, finding_lines(out)) == (2, "") and err.startswith("bridgelint: missing.pbn: ")
    code, out, err = run(monkeypatch, "check", "--exit-zero", "--select", "Q", "t.pbn")
    assert (code, finding_lines(out)) == (2, "") and "'Q'" in err


def test_show_info(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "i.pbn")
    assert (code, finding_lines(out)) == (0, "")
    code, out, err = run(monkeypatch, "check", "--show-info", "i.pbn")
    assert code == 0 and codes_of(out) == ["A103"] and err.endswith(", 1 info\n")
    code, out, err = run(monkeypatch, "check", "--show-info", "--ignore", "A103", "i.pbn")
    assert (code, finding_lines(out)) == (0, "")


def test_selection_applies_to_standard_input(here, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--select", "B", "-", stdin=BOTH.encode())
    assert code == 0 and finding_lines(out) == "-:2:1: B107 [warning] " + finding_lines(out).split(" B107 [warning] ", 1)[1]
