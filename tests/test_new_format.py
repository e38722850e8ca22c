"""What a new input format costs: a reader that only reads, and one line in the registry.

The toy format here is a line per result (``board;deal;contract;declarer;tricks``).  Its reader builds records in
the PBN model (tags, then the fields they give) and notes a problem of a kind the core already has; no rule, no
engine module and no report is touched, and every rule of the model then checks its records.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO, Callable, Iterator

import pytest

import bridgelint
from bridgelint.core.problems import Kind, Problem
from bridgelint.core.record import Record
from bridgelint.core.tags import Tag
from bridgelint.formats import registry
from bridgelint.formats.base import Plain
from bridgelint.formats.pbn_header import interpret_header

NAMES = ("Board", "Deal", "Contract", "Declarer", "Result")


class ToyReader(Plain):
    """The toy format's reader: one record a line (``Plain``: no directive outside a game, lines of text)."""

    format = "toy"

    def __init__(self, stream: BinaryIO, path: str, encoding: str | None,
                 lone_cr: Callable[[int], bool] | None) -> None:
        self.lines = stream.read().decode("utf-8").splitlines()
        self.file_problems: list[Problem] = []

    def __iter__(self) -> Iterator[Record]:
        games = 0
        for number, line in enumerate(self.lines, 1):
            values = line.split(";")
            if not line.strip():
                continue
            games += 1
            record = Record("toy", games, number)
            column = 1
            for name, value in zip(NAMES, values):
                record.tags.append(Tag(name, value, number, column, value_column=column))
                column += len(value) + 1
            interpret_header(record, record.first_tags())
            yield record
        if not games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, ("toy",)))


@pytest.fixture
def toy_format(monkeypatch):
    """The one line a new format adds to the registry (``FORMATS``), and what the registry derives from it."""
    toy = registry.Format("toy", (".toy",), ToyReader)
    monkeypatch.setattr(registry, "FORMATS", (toy, *registry.FORMATS))
    monkeypatch.setitem(registry.BY_NAME, "toy", toy)
    monkeypatch.setitem(registry.BY_EXTENSION, ".toy", "toy")


DEAL = "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.876.765 432.432.5432.432"


def test_a_new_format_is_checked_by_every_rule_of_the_model(toy_format, tmp_path: Path):
    path = tmp_path / "results.toy"
    short = DEAL.replace("AKQJ.AKQ.AKQ.AKQ", "AKQJ.AKQ.AKQ.AK")  # North holds 12 cards, the ace of clubs nobody
    path.write_text(f"1;{DEAL};4S;N;10\n2;{short};3NT;S;9\n3;{DEAL};4S;N;14\n")
    report = bridgelint.check(str(path))
    assert report.format == "toy" and report.games == 3
    errors = sorted((f.code, f.line, f.column) for f in report.findings if f.severity == "error")
    assert errors == [("C104", 3, 78),  # 14 tricks: no result, at the Result's value
                      ("D103", 2, 5)]  # a hand of 12 cards (Law 6B), at North's hand in the Deal


def test_the_new_format_notes_what_it_could_not_read_and_the_rule_words_it(toy_format, tmp_path: Path):
    path = tmp_path / "empty.toy"
    path.write_text("\n")
    assert [(f.code, f.line, f.message) for f in bridgelint.check(str(path)).findings] == [
        ("S111", 1, "the file holds no game")]
