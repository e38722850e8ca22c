"""The Python API: bridgelint.read, bridgelint.iter_records, bridgelint.check_record."""

from __future__ import annotations

import io
from pathlib import Path

import bridgelint

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def test_read_a_pbn_file_by_name():
    records = bridgelint.read(SAMPLES / "clean.pbn")
    assert len(records) == 4
    first = records[0]
    assert first.format == "pbn" and first.board_number == "1" and first.dealer.value == "N"
    assert str(first.contract.value) == "2S" and len(first.deal.hands["N"]) == 13


def test_iter_records_streams_a_binary_stream_with_format_from_content():
    data = (SAMPLES / "vugraph.lin").read_bytes()
    records = bridgelint.iter_records(io.BytesIO(data))
    first = next(records)
    assert first.format == "lin" and first.board_number == "3"
    assert len(list(records)) == 3


def test_iter_records_accepts_a_text_stream_and_an_explicit_format():
    text = io.StringIO('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1H 1D\n')
    (record,) = bridgelint.iter_records(text, format="pbn")
    assert [c.token for c in record.auction.calls] == ["1H", "1D"]


def test_check_record_gives_the_rule_findings():
    records = bridgelint.read(str(SAMPLES / "auction-defects.pbn"))
    findings = bridgelint.check_record(records[1])
    assert [(f.code, f.severity, f.line, f.column, f.board) for f in findings] == [("A103", "error", 25, 9, "2")]


def test_reading_never_raises_on_bad_input():
    (record,) = bridgelint.read(io.BytesIO(b'[Board "1"\n[Deal "N:junk"]\n'), format="pbn")
    assert {f.code for f in record.findings} >= {"S102"}
