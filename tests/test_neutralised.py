"""Text from a record never drives a terminal or a page: C0 and C1 controls, OSC and CSI sequences are shown
escaped in ``check``'s text report, ``replay`` and ``convert`` to a terminal; bidi controls and noncharacters
are escaped in HTML; a lone surrogate in a string given to the API is reported, never raised."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from conftest import run_cli

import bridgelint

HOSTILE = ('[Event "a\x1b]0;PWNED\x07b\x1b[2J\u009b31m"]\n[Board "1"]\n[Dealer "N"]\n'
           '[Contract "3X\x1b]52;c;aGk=\x07"]\n[Auction "N"]\n1N AP\n')
UNSAFE = ("\x1b", "\x07", "\u009b")


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("o.pbn").write_text(HOSTILE, encoding="utf-8")
    return "o.pbn"


def test_check_shows_escape_sequences_escaped(hostile, monkeypatch):
    _, out, _ = run_cli(monkeypatch, "check", "--isolated", hostile)
    assert not any(c in out for c in UNSAFE)
    assert 'Contract "3X\\x1b]52;c;aGk=\\x07" is no contract' in out


def test_check_in_colour_keeps_its_own_colours_only(hostile, monkeypatch):
    _, out, _ = run_cli(monkeypatch, "check", "--isolated", "--color", "always", hostile)
    assert "\x1b[31m" in out and "\x1b]" not in out and "\x07" not in out and "\u009b" not in out


def test_replay_shows_escape_sequences_escaped(hostile, monkeypatch):
    _, out, _ = run_cli(monkeypatch, "replay", hostile)
    assert not any(c in out for c in UNSAFE) and "3X\\x1b]52;c;aGk=\\x07" in out


class _Screen(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


def test_convert_to_a_terminal_shows_escape_sequences_escaped(hostile, monkeypatch):
    from bridgelint.cli import commands as cli

    screen = _Screen(io.BytesIO(), "utf-8")
    monkeypatch.setattr(sys, "argv", ["bridgelint", "convert", "--isolated", "--to", "pbn", hostile])
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with pytest.raises(SystemExit):
        cli.main()
    screen.flush()
    out = screen.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert '[Event "a?]0;PWNED?b?[2J\\x9b31m"]\r\n' in out and not any(c in out for c in UNSAFE)


def test_convert_to_a_file_keeps_the_text(hostile, monkeypatch):
    run_cli(monkeypatch, "convert", "--isolated", "--to", "pbn", "-o", "out.pbn", hostile)
    assert '[Event "a?]0;PWNED?b?[2J\u009b31m"]' in Path("out.pbn").read_text(encoding="utf-8")  # as the writer writes


def test_html_escapes_bidi_controls_and_noncharacters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("b.pbn").write_text('[Event "e"]\n[Board "1"]\n[Contract "3X\u202e\u2066\ufffe\U0010ffff"]\n',
                             encoding="utf-8")
    _, out, _ = run_cli(monkeypatch, "check", "--isolated", "--format", "html", "b.pbn")
    assert "Contract &quot;3X\\u202e\\u2066\\ufffe\\U0010ffff&quot; is no contract" in out
    assert not any(c in out for c in ("\u202e", "\u2066", "\ufffe", "\U0010ffff"))


@pytest.mark.parametrize("text, code", [('[Event "\udc80"]\n', "S114"), ('[Event "\ud800"]\n[Board "1"]\n', "S106")])
def test_a_lone_surrogate_in_api_text_is_reported(text, code):
    assert bridgelint.read(io.StringIO(text))
    assert code in [f.code for f in bridgelint.check(io.StringIO(text)).findings]
