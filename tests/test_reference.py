"""With every fast path off (``BRIDGELINT_REFERENCE=1``) the general code finds what the fast paths find.

The rule docs' examples and the goldens run both ways through the ``both_ways`` fixture (conftest.py); here the
damaged archives are checked both ways and their findings compared, and the switch is shown to reach the fast
paths it names (a record read with it on keeps nothing as text) and to be read from the environment.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from conftest import check, damaged_archives

from bridgelint.core.reference import ENV, reference
from bridgelint.formats import open_reader

DAMAGED = damaged_archives(400)
DAMAGED.append(("export.pbn", b"% EXPORT\r\n\r\n" + DAMAGED[0][1]))  # the export checks (S108) too


def findings(name: str, data: bytes) -> list[tuple]:
    return [(f.code, f.line, f.column, f.game, f.board, f.severity, f.message) for f in check(data, name=name)]


@pytest.mark.parametrize("name, data", DAMAGED, ids=[name for name, _ in DAMAGED])
def test_damaged_archives_give_the_same_findings_with_every_fast_path_off(name, data):
    with reference(False):
        fast = findings(name, data)
    with reference(True):
        general = findings(name, data)
    assert general == fast


@pytest.mark.parametrize("name, data", DAMAGED[:2], ids=["pbn", "lin"])
def test_a_reference_run_keeps_no_auction_or_play_as_text(name, data):
    def kept(on: bool) -> int:
        with reference(on):
            records = list(open_reader(io.BytesIO(data), name))
        return sum(record.auction is not None and record.auction.names is not None for record in records) + sum(
            record.play is not None and record.play.tokens is not None for record in records)

    assert kept(False) > 100 and kept(True) == 0


def test_the_switch_is_read_from_the_environment():
    code = "from bridgelint.core.reference import SWITCH; print(SWITCH.on)"
    def on(value: str | None) -> str:
        env = {key: val for key, val in os.environ.items() if key != ENV}
        if value is not None:
            env[ENV] = value
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    assert (on(None), on("0"), on("1")) == ("False", "False", "True")
