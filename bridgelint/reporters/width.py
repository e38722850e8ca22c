"""Tables for people fitted to the terminal's width: the widest columns cut or wrapped, the rest as they are."""

from __future__ import annotations

import os
import shutil
import sys
from typing import Sequence

NARROWEST = 12  # a squeezed column keeps at least this many characters


def terminal_width() -> int | None:
    """The width to fit: the terminal's when standard output is one, else ``COLUMNS`` when set, else None."""
    if os.environ.get("COLUMNS", "").isdigit():
        return int(os.environ["COLUMNS"])
    isatty = getattr(sys.stdout, "isatty", None)
    return shutil.get_terminal_size().columns if isatty is not None and isatty() else None


def tabulated(rows: list[list[str]], headers: Sequence[str], width: int | None = None,
              colalign: Sequence[str] | None = None, squeeze: dict[int, str] | None = None, tight: bool = False) -> str:
    """``tabulate`` of ``rows``; with ``width``, the columns of ``squeeze`` (index: ``left`` cuts the start of
    a value, ``…/name.pbn``, ``right`` its end, ``wrap`` wraps it) narrowed, widest first, until the table
    fits (or they are :data:`NARROWEST`, or their header's width); ``tight``: a column as wide as its header, not
    two characters more (tabulate's ``MIN_PADDING``)."""
    import tabulate as module  # imported when there is a table: a clean run starts sooner

    if tight:
        padding, module.MIN_PADDING = module.MIN_PADDING, 0
        try:
            return tabulated(rows, headers, width, colalign, squeeze)
        finally:
            module.MIN_PADDING = padding
    tabulate = module.tabulate

    squeeze = squeeze or {}
    options: dict = {"headers": headers, "disable_numparse": True}
    if colalign is not None:
        options["colalign"] = colalign
    text = tabulate(rows, **options)
    if width is None or not rows:
        return text
    room = [max(len(str(v)) for v in column) for column in zip(*rows)]
    floor = {i: max(NARROWEST, len(headers[i])) for i in squeeze}
    for _ in range(len(squeeze) * 8):  # each round narrows one column; the table is measured again
        excess = max(map(len, text.splitlines())) - width
        column = max((i for i in squeeze if room[i] > floor[i]), key=lambda i: room[i] - floor[i], default=None)
        if excess <= 0 or column is None:
            break
        room[column] -= min(excess, room[column] - floor[column])
        shown = [[_elided(v, room[i], squeeze[i]) if squeeze.get(i, "wrap") != "wrap" else v
                  for i, v in enumerate(row)] for row in rows]
        wrapped = [room[i] if squeeze.get(i) == "wrap" else None for i in range(len(room))]
        text = tabulate(shown, **options, **({"maxcolwidths": wrapped} if any(wrapped) else {}))
    return text


def _elided(value: str, room: int, how: str) -> str:
    if len(value) <= room:
        return value
    return "…" + value[len(value) - room + 1:] if how == "left" else value[:room - 1] + "…"


def cut(text: str, width: int | None) -> str:
    """A line of text within ``width`` characters (its end cut, ``…``)."""
    return text if width is None or len(text) <= width else text[:max(width - 1, NARROWEST)] + "…"
