"""Readers turn bytes into records, streamed record by record; :mod:`.registry` lists the formats."""

from __future__ import annotations

from .base import Reader
from .registry import EXTENSIONS, FORMATS, format_from_content, format_from_name, open_reader
from .text import decode_line

__all__ = ["EXTENSIONS", "FORMATS", "Reader", "decode_line", "format_from_content", "format_from_name",
           "open_reader"]
