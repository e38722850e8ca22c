"""JSON text exactly as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it, in half the time.

The standard library indents with its pure-Python encoder (its C encoder does not indent): a generator
per container and per item, where a report of many findings spent most of its rendering.  :func:`dumps`
appends the pieces to one list instead, strings written by the C string encoder, and leaves any other
scalar than a string, an integer, a boolean or None (a float) to ``json.dumps``.  Dict keys are strings,
as in every report.  The tests compare the two texts on every machine report format.  A part of a document
may be written first (``depth``: as deep as it goes) and put in as :class:`Written`.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C encoder's, when there is one
from typing import Any


class Written:
    """JSON text that :func:`dumps` wrote at the depth where it goes in a document: put in as it is."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def dumps(value: Any, depth: int = 0) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``; ``depth``: as written ``depth`` containers deep."""
    out: list[str] = []
    _write(value, "\n" + "  " * depth, out)
    return "".join(out)


def _write(value: Any, newline: str, out: list[str]) -> None:
    """Append ``value`` written at the indentation that ``newline`` ("\\n" and the spaces) starts a line with."""
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = newline + "  "
        separator = "{" + inner
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"keys must be strings, not {type(key).__name__}")
            scalar = _scalar(item)
            if scalar is None:
                out.append(separator + encode_basestring(key) + ": ")
                _write(item, inner, out)
            else:
                out.append(separator + encode_basestring(key) + ": " + scalar)
            separator = "," + inner
        out.append(newline + "}")
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            scalar = _scalar(item)
            if scalar is None:
                out.append(separator)
                _write(item, inner, out)
            else:
                out.append(separator + scalar)
            separator = "," + inner
        out.append(newline + "]")
    elif isinstance(value, Written):
        out.append(value.text)
    else:
        out.append(_scalar(value) or json.dumps(value, ensure_ascii=False))


def _scalar(value: Any) -> str | None:
    """A string, an integer, a boolean or None as JSON; None for anything else (a container, a float)."""
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return int.__repr__(value)
    return None
