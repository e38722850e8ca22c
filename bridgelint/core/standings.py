"""A ranking (a TotalScoreTable, PBN §5.10) read by column, by whoever asks: each column's numbers and texts by row
(:class:`Standings`); a teams match table is read so too.  Built on the cells of :mod:`.tables`, whichever reader
made them; pure: no findings."""

from __future__ import annotations

from .tables import Element, Table, decimals, number, unquoted
from .traveller import id_text

IMP_TOTALS = ("TotalIMP", "TotalScoreIMP")  # the columns that give a ranked pair's or team's IMPs


class Standings:
    """A TotalScoreTable's numbers, read once: each column's values by row (None: not a number) and decimals."""

    def __init__(self, table: Table):
        self.table = table
        self.rows = [number for number in range(len(table)) if table.whole(number)]
        self._columns: dict[str, tuple[list[float | None], int] | None] = {}

    def column(self, name: str) -> tuple[list[float | None], int] | None:
        """The values of a column by row (``rows``) and the decimals it is written with; None without it."""
        if name not in self._columns:
            position = self.table.column_index(name)
            if position is None:
                self._columns[name] = None
            else:
                texts = [unquoted(self.table.element_text(self.table.row_starts[n] + position)).lstrip("^")
                         for n in self.rows]
                values = [number(text) for text in texts]
                self._columns[name] = ([float(v) if v is not None else None for v in values],
                                       max((decimals(t) for t, v in zip(texts, values) if v is not None), default=0))
        return self._columns[name]

    def texts(self, name: str) -> list[str | None]:
        """A column's elements by row as text (:func:`id_text`: quotes undone; None for ``-``, ``?``, ``???``,
        nothing or no column)."""
        position = self.table.column_index(name)
        if position is None:
            return [None] * len(self.rows)
        table = self.table
        return [id_text(table.element_text(table.row_starts[n] + position)) for n in self.rows]

    def first(self, names: tuple[str, ...]) -> tuple[str, list[float | None], int] | None:
        """The first of ``names`` whose column holds a number: its name, its values by row and its decimals; None
        when none does."""
        for name in names:
            found = self.column(name)
            if found is not None and any(v is not None for v in found[0]):
                return name, found[0], found[1]
        return None

    def element(self, row: int, name: str) -> Element:
        """The element of a row (of ``rows``) in the column of that name, which the table has."""
        position = self.table.column_index(name)
        assert position is not None
        return self.table.cell(self.rows[row], position)
