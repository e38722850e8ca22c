"""The Python API: records of PBN and LIN files as the model the linter checks.

    import bridgelint
    for record in bridgelint.iter_records("match.lin"):
        print(record.board_number, record.contract and record.contract.value)
    records = bridgelint.read("results.pbn")
    findings = bridgelint.check_record(records[0])

Records are streamed one at a time by ``iter_records``; ``read`` collects
them in a list.  Reading never raises on bad input: problems found while
reading are on ``record.findings``, and ``check_record`` adds every rule's
findings.  Problems of the file as a whole (characters, long lines, no game)
are found by ``bridgelint.pipeline.check_file``.
"""

from __future__ import annotations

import io
import os
from typing import BinaryIO, Iterable, Iterator, TextIO, Union, cast

from . import pipeline
from .model import Finding, Record
from .readers import open_reader

Source = Union[str, "os.PathLike[str]", BinaryIO, TextIO]


def iter_records(source: Source, format: str | None = None) -> Iterator[Record]:
    """The records of a file name or an open stream, one at a time.

    ``format`` is ``"pbn"`` or ``"lin"``; by default it comes from the file
    extension, else from the content.  A text stream is read as UTF-8.  A file
    name may be a ``.pbn.gz``/``.lin.gz`` file or a zip member (``upload.zip!board.pbn``).
    """
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with pipeline.open_input(path) as stream:
            yield from open_reader(stream, path, format)
        return
    binary = cast(BinaryIO, source)
    if isinstance(source, io.TextIOBase):
        binary = getattr(source, "buffer", None) or io.BytesIO(source.read().encode("utf-8"))
    yield from open_reader(binary, getattr(source, "name", "-") if isinstance(getattr(source, "name", None), str)
                           else "-", format)


def read(source: Source, format: str | None = None) -> list[Record]:
    """All the records of a file name or an open stream."""
    return list(iter_records(source, format))


def check_record(record: Record, codes: Iterable[str] | None = None) -> list[Finding]:
    """Every finding on one record: those of reading and those of the rules, by location.

    Severity and reference are filled in; ``codes`` selects the rules (all by default).
    """
    return pipeline.check_record(record, codes)
