"""``bridgelint format``: a PBN file written in export format, its layout alone (rules.md, Fixes: "Layout is not a
fix").

The file's header is made to declare export format (a ``% EXPORT`` line after its ``% PBN`` line, both written
first where the file has none), then every game is written anew in export format by S108's layout fix
(:mod:`bridgelint.formats.pbn_export_fix`: tag order, CR LF line ends, spacing, the Deal from the dealer), as
``check --fix`` applies fixes (:func:`.fixing.fix_file`), until nothing changes.  What the layout cannot mend (a
missing Deal, an auction not from the dealer, a game whose tag pairs are not known for sure) is left, and S108
still says so in the report.  The records say the same afterwards: only how they are written changes.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace

from ..core.report import FileReport
from ..rules.syntax import ExportFormat
from .fixing import FixMode
from .pipeline import Pipeline

_HEADER_LINE = re.compile(rb"[ \t]*(?:%[^\r\n]*)?(?:\r\n|\n|\r)")  # an escape line or a blank one
_EXPORT = re.compile(rb"%[ \t]*EXPORT\b", re.IGNORECASE)
_VERSION = re.compile(rb"%[ \t]*PBN[ \t]+[0-9]", re.IGNORECASE)
_BOM = b"\xef\xbb\xbf"


def declared(data: bytes) -> bytes:
    """``data`` with a header that declares export format: unchanged where a ``% EXPORT`` line leads it; else the
    line written after the ``% PBN`` version line, or ``% PBN 2.1`` and ``% EXPORT`` first (after a byte order
    mark)."""
    start = len(_BOM) if data.startswith(_BOM) else 0
    at, version_end = start, None
    while (m := _HEADER_LINE.match(data, at)) is not None and m.end() > at:
        line = m.group().strip()
        if _EXPORT.match(line):
            return data
        if version_end is None and _VERSION.match(line):
            version_end = m.end()
        at = m.end()
    if version_end is not None:
        return data[:version_end] + b"% EXPORT\r\n" + data[version_end:]
    return data[:start] + b"% PBN 2.1\r\n% EXPORT\r\n" + data[start:]


def formatted(pipeline: Pipeline, path: str, data: bytes) -> tuple[bytes, FileReport]:
    """The bytes of ``path`` (holding ``data``) written in export format, and the report on them: the S108 that
    remain where the layout could not be written."""
    configs = pipeline.configs.selecting(ExportFormat.code) if pipeline.configs is not None else None
    layout = replace(pipeline, selected=frozenset((ExportFormat.code,)), configs=configs, events=None, dd=None)
    start = declared(data)
    report = layout.checked(path, io.BytesIO(start), fix=FixMode(layout=True)).report
    return (report.fixed_text if report.fixed_text is not None else start), report
