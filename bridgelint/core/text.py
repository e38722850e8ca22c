"""A game's text and the places in it: (line, column) of an offset worked out when asked (:class:`Places`), and
tokens kept as text until their objects are asked for (:class:`KeptAsText`)."""

from __future__ import annotations

import re
from typing import Callable, Generic, Protocol, TypeVar


class Placed(Protocol):
    """A token with its line (a :class:`~bridgelint.core.tokens.Call` or a :class:`~bridgelint.core.tokens.Card`)."""

    line: int


_Token = TypeVar("_Token", bound=Placed)
_Made = TypeVar("_Made")


class Places:
    """Where the places of a text are: (line, column) of an offset, computed when asked.

    ``first_line`` is the line of the text's first character.  A place is counted
    from the last one asked, onwards or back (the line ends between the two), so
    that places asked as a scan goes cost the text between them; the offset of
    each line's first character (``starts``) is worked out only when the offset
    of a line is asked.
    """

    __slots__ = ("text", "first_line", "_starts", "_end", "_offset", "_line", "_line_start")

    def __init__(self, text: str, first_line: int):
        self.text = text
        self.first_line = first_line
        self._starts: list[int] | None = None
        self._end = len(text) - text.endswith("\n")  # a last LF starts no line: an offset past it is on its line
        self._offset = self._line_start = 0  # the last offset counted to, and the start of its line
        self._line = first_line  # its line

    @property
    def starts(self) -> list[int]:
        """Where each line starts (lines end at LF; after a last LF no empty line is counted)."""
        starts = self._starts
        if starts is None:
            text = self.text
            starts = self._starts = [0]
            starts += [m.end() for m in _LF.finditer(text)]
            if starts[-1] == len(text):
                starts.pop()
        return starts

    def at(self, offset: int) -> tuple[int, int]:
        """(line, column) of the character at ``offset``."""
        text, last, to = self.text, self._offset, min(offset, self._end)
        if to >= last:
            lf = text.rfind("\n", last, to)
            if lf >= 0:
                self._line += text.count("\n", last, to)
                self._line_start = lf + 1
        else:
            self._line -= text.count("\n", to, last)
            self._line_start = text.rfind("\n", 0, to) + 1
        self._offset = to
        return self._line, offset - self._line_start + 1

    def offset(self, line: int, column: int) -> int:
        """The offset of the character at (``line``, ``column``)."""
        return self.starts[line - self.first_line] + column - 1


_LF = re.compile("\n")
_TOKEN = re.compile("[^ \t\r\n]+")  # a token of a section: what spaces, tabs and line ends separate


def single_spaced(line: str) -> str:
    """``line``'s tokens with one space between them: separated where the readers separate them (a space, a
    tab, a line end), never at other white space (U+00A0, U+2028: characters of a token)."""
    return " ".join(_TOKEN.findall(line))


class KeptAsText(Generic[_Token]):
    """The tokens of an auction or a play: :class:`Call` or :class:`Card` objects, or kept as text.

    Kept as text (``keep_text``), the tokens are ``runs`` of the game's text
    (``places.text``), and their objects, with their places, are made by
    ``_made`` when ``items`` is first asked; a section that stays clean through a
    check never has them made.
    """

    __slots__ = ("_items", "_runs", "_places")

    def __init__(self, items: list[_Token]):
        self._items: list[_Token] | None = items
        self._runs: list[tuple[int, int]] = []
        self._places: Places | None = None

    def keep_text(self, runs: list[tuple[int, int]], places: Places | None = None) -> None:
        """The tokens are kept as text: the objects are made from ``runs`` of ``places.text`` when first asked
        (a subclass that makes them otherwise gives no places)."""
        self._items, self._runs, self._places = None, runs, places

    def items(self) -> list[_Token]:
        if self._items is None:
            self._items = self._made()
        return self._items

    def _made(self) -> list[_Token]:
        raise NotImplementedError  # each kind of section makes its own

    def lines(self) -> set[int]:
        """The lines the tokens stand on."""
        if self._places is None:
            return {item.line for item in self.items()}
        return run_lines(self._places, self._runs)


def run_lines(places: Places, runs: list[tuple[int, int]]) -> set[int]:
    """The lines the tokens of ``runs`` of ``places.text`` stand on (a run has no blank line at either end)."""
    at = places.at
    return {line for start, end in runs for line in range(at(start)[0], at(end - 1)[0] + 1)}


def plain_items(places: Places, runs: list[tuple[int, int]], make: Callable[[str, int, int], _Made]) -> list[_Made]:
    """The Card or Call (``make``: ``Card.plain`` or ``Call.plain``) of each plain token in ``runs`` of
    ``places.text``, with its place (a card with no seat)."""
    text, at = places.text, places.at
    return [make(m.group(), *at(m.start())) for start, end in runs for m in _TOKEN.finditer(text, start, end)]
