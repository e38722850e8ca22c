"""Texts kept on disk as a report goes, read back in order at its end: a document of many findings (JSON,
SARIF) is written out a piece at a time, its memory a few bytes a text, not the text itself."""

from __future__ import annotations

import json
import tempfile
from array import array
from typing import IO, Iterator

PIECE = 1 << 16  # characters of a document given at a time


class Spool:
    """Texts in the order they were added, each with a small number (``mark``: what the reporter needs to choose
    among them without reading them), in a temporary file that is gone once closed."""

    def __init__(self) -> None:
        self.file: IO[bytes] | None = None
        self.ends = array("q")  # where each text ends in the file
        self.marks = array("i")

    def __len__(self) -> int:
        return len(self.ends)

    def add(self, text: str, mark: int = 0) -> None:
        if self.file is None:
            self.file = tempfile.TemporaryFile()  # noqa: SIM115 - kept open until the report is written
        self.file.write(text.encode("utf-8", "surrogatepass"))
        self.ends.append(self.file.tell())
        self.marks.append(mark)

    def texts(self) -> Iterator[tuple[int, str]]:
        """Each text with its mark, in order; the file is closed at the end."""
        if self.file is None:
            return
        self.file.seek(0)
        start = 0
        for end, mark in zip(self.ends, self.marks):
            yield mark, self.file.read(end - start).decode("utf-8", "surrogatepass")
            start = end
        self.file.close()
        self.file = None


MARK = "\u0000spooled\u0000"  # where the spooled list goes in a document: no text of a report holds a NUL


def dumps(value: object, depth: int = 0) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` as written ``depth`` containers deep in a document
    (a JSON text holds a line end only between its items: those in strings are written ``\\n``)."""
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * depth)


def streamed(document: dict, items: Iterator[str]) -> Iterator[str]:
    """``document`` as :func:`dumps` writes it (with a final line end), the list holding only :data:`MARK`
    filled with ``items`` (each written at the list's depth) as they come, a piece at a time."""
    text = dumps(document) + "\n"
    head, _, tail = text.partition(dumps(MARK))
    opening = head.rindex("[")
    inner = head[opening + 1:]  # the line end and indentation before each item
    pending = [head[:opening]]
    size = len(pending[0])
    first = True
    for item in items:
        piece = ("[" if first else ",") + inner + item
        first = False
        pending.append(piece)
        size += len(piece)
        if size >= PIECE:
            yield "".join(pending)
            pending, size = [], 0
    closing = tail.partition("]")  # the list's own line end and bracket, then the rest of the document
    pending.append(("[]" if first else closing[0] + "]") + closing[2])
    yield "".join(pending)

