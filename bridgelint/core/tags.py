"""A record's header as written: its tags (PBN tag pairs, LIN fields) and the fields made of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar


@dataclass(slots=True)
class Tag:
    """A tag pair (PBN) or a tag|value| field (LIN), in file order."""

    name: str
    value: str
    line: int
    column: int
    inherited: bool = False  # not written in this game: carried from an earlier "##" (PBN §4.8)
    value_column: int = 0  # where the value starts on ``line`` (0: not known, e.g. on another line)
    as_written: bool = True  # False: ``value`` is not the text written (a '#' or '##' value resolved)

    def value_place(self, offset: int = 0) -> tuple[int, int]:
        """(line, column) of a place in the value as written; the tag's own place when that is not known."""
        if self.value_column and not self.inherited:
            return self.line, self.value_column + offset
        return self.line, self.column


V = TypeVar("V")


@dataclass(slots=True)
class Field(Generic[V]):
    """A header field as written (``raw``) and as understood (``value``, of a type per field).

    ``value`` is None when the raw text could not be understood; ``raw`` is
    None when the field is absent but ``value`` was derived (e.g. from the
    board number).
    """

    raw: str | None
    value: V
    line: int
    column: int


def known(value: str) -> str | None:
    """A tag value, None when empty or ``?`` (unknown is treated as absent)."""
    value = value.strip()
    return None if value in ("", "?") else value
