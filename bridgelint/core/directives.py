"""A ``% bridgelint:`` directive of a file, as suppression reads it and judges what it suppressed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Directive:
    """One ``% bridgelint:`` line: its codes with their columns, and which of them were used."""

    scope: str  # "game" or "file"
    line: int
    column: int
    codes: list[tuple[str, int]]
    game: int | None = None
    board: str | None = None
    used: set[str] = field(default_factory=set)
