"""The formats' registry: a format is told by its extension, else by its content; a binary format gets its bytes
as they are; a table another reader builds from cells reads as a PBN table."""

from __future__ import annotations

import io

import pytest
from conftest import file_findings

from bridgelint.core.tables import Table
from bridgelint.formats import registry
from bridgelint.formats.registry import Format, format_from_content, format_from_name, open_reader


def test_a_format_is_told_by_extension_then_by_content():
    assert format_from_name("a/b.PBN") == "pbn"
    assert format_from_name("match.lin.gz") == "lin"
    assert format_from_name("upload.zip!x/board.lin") == "lin"
    assert format_from_name("notes.txt") is None
    assert format_from_content(b"pn|a,b,c,d|st||md|1SAKQ,,,|") == "lin"
    assert format_from_content(b'[Event "x"]\n') == "pbn"


def test_a_registered_binary_format_gets_the_bytes_unchanged(monkeypatch: pytest.MonkeyPatch):
    seen: list[bytes] = []

    class Bytes:
        format = "toy"
        file_findings: list = []

        def __init__(self, stream, path, encoding, lone_cr):
            assert lone_cr is None
            seen.append(stream.read())

        def __iter__(self):
            return iter(())

    toy = Format("toy", (".toy",), Bytes, lambda head: head.startswith(b"TOY\x00"), text=False)
    monkeypatch.setattr(registry, "FORMATS", (toy, *registry.FORMATS))
    monkeypatch.setattr(registry, "BY_NAME", {**registry.BY_NAME, "toy": toy})
    data = b"TOY\x00\r\x01\x02\rend"
    reader = open_reader(io.BytesIO(data), "-")
    assert reader.format == "toy" and seen == [data]  # a NUL is no junk, a lone CR no line end, to a binary format


def test_text_formats_refuse_binary_junk_before_reading():
    reader = open_reader(io.BytesIO(b"\x00\x01\x02" * 100), "junk.pbn")
    assert [f.code for f in file_findings(reader)] == ["S101"] and list(reader) == []


def test_a_table_built_of_cells_types_and_places_every_cell():
    table = Table.of_cells("ScoreTable", ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS"],
                           [[("1", 10, 3), ("2", 10, 5), ("3NT", 10, 8), ("N", 10, 12), ("9", 10, 14), ("400", 10, 16)],
                            [("3", 11, 3), ("4", 11, 5), ("Bye", 11, 8), ("-", 11, 12), ("-", 11, 14), ("-", 11, 16)]],
                           9, 1)
    assert len(table) == 2 and table.whole(0) and table.column_index("Score_NS") == 5
    assert table.value(0, 5) == 400 and table.value(0, 4) == 9 and str(table.value(0, 2)) == "3NT"
    assert (table.cell(0, 3).line, table.cell(0, 3).column) == (10, 12)
    assert table.sit_out_rows() == {1} and table.artificial_rows() == {1}
    assert [table.element_text(i) for i in table.span(1)] == ["3", "4", "Bye", "-", "-", "-"]
