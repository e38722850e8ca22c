"""``reference=True`` on a Pipeline and in the API: every fast path off during each step of the run's own work
(every record checked, in this process or a worker), as the switch was between steps."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import pytest

import bridgelint
from bridgelint.core.reference import SWITCH
from bridgelint.engine.pipeline import Pipeline

SAMPLES = sorted(str(path) for path in Path("samples").iterdir() if path.suffix in (".pbn", ".lin"))


def found(reports) -> list[tuple]:
    return [(r.path, r.games, [(f.code, f.line, f.column, f.game, f.board, f.full_message) for f in r.findings])
            for r in reports]


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_samples_give_the_same_findings_with_reference_on_and_off(jobs):
    assert SAMPLES
    off = found(bridgelint.check_files(SAMPLES, jobs=jobs))
    assert any(findings for *_, findings in off)
    assert found(bridgelint.check_files(SAMPLES, jobs=jobs, reference=True)) == off
    assert [found([bridgelint.check(path, reference=True)]) for path in SAMPLES] == [[one] for one in off]


def kept_as_text(record) -> bool:
    """Whether the record's auction is kept as text: the fast path the switch turns off."""
    return record.auction is not None and record.auction.names is not None


def test_the_switch_is_on_while_a_record_is_checked_and_as_it_was_between_records():
    path = "samples/auction-defects.pbn"
    assert not SWITCH.on
    assert any(kept_as_text(record) for record in bridgelint.read(path))
    checked = bridgelint.iter_checked(path, reference=True)
    records = []
    for step in checked:
        assert not SWITCH.on  # the caller's code runs with the switch as it was
        assert any(kept_as_text(record) for record in bridgelint.read(path))
        records.append(step.record)
    assert len(records) == 7 and not any(kept_as_text(record) for record in records)
    assert [[f.code for f in step.findings] for step in bridgelint.iter_checked(path, reference=True)] == \
        [[f.code for f in step.findings] for step in bridgelint.iter_checked(path)]


class NeedsReference:
    """A record hook that fails (X001 on its record) unless every fast path is off."""

    def __call__(self, ctx) -> list:
        if not SWITCH.on:
            raise RuntimeError("a fast path is on")
        return []


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_pipeline_sent_to_workers_checks_with_every_fast_path_off(jobs):
    paths = ["samples/clean.pbn", "samples/auction-defects.pbn", "samples/vugraph.lin"]

    def x001(on: bool) -> list[int]:
        with closing(Pipeline(hooks=(NeedsReference(),), reference=on).files(paths, jobs)) as run:
            return [sum(f.code == "X001" for f in result.report.findings) for result in run]

    assert x001(False) == [4, 7, 4]  # one a record
    assert x001(True) == [0, 0, 0]
    assert not SWITCH.on
