"""Colour on a terminal, one piece of code for every command: ANSI sequences, the colour of each severity, and
whether to colour at all (``--color auto|always|never``, ``NO_COLOR``).

``check`` colours the severities of its text report and the verdicts of its
table; ``replay`` (:mod:`.board`) colours the suits and the codes of its
findings.  ``auto`` colours a terminal only, and never when ``NO_COLOR`` is
set to anything but the empty string (https://no-color.org); ``always`` and
``never`` decide whatever the output and the environment.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

WHEN = ("auto", "always", "never")
COLOURS = {"red": 31, "green": 32, "yellow": 33, "cyan": 36}  # ANSI SGR foreground colours
SEVERITY_COLOURS = {"error": "red", "warning": "yellow", "info": "cyan"}
ANSI = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")  # an ANSI sequence, which takes no room on a terminal


def ansi(text: str, colour: str | None = None, bold: bool = False) -> str:
    """``text`` in a terminal colour and/or bold (ANSI sequences, as click writes them)."""
    start = (f"\x1b[{COLOURS[colour]}m" if colour else "") + ("\x1b[1m" if bold else "")
    return f"{start}{text}\x1b[0m"


def severity(text: str, severity: str | None, bold: bool = False) -> str:
    """``text`` in the colour of ``severity`` (an unknown one as an error)."""
    return ansi(text, SEVERITY_COLOURS.get(severity or "", "red"), bold)


def wanted(stream: TextIO, when: str = "auto") -> bool:
    """Whether to colour what is written to ``stream``: ``always``, ``never``, or (``auto``) when it is a terminal
    and ``NO_COLOR`` is not set."""
    if when != "auto":
        return when == "always"
    isatty = getattr(stream, "isatty", None)
    return not os.environ.get("NO_COLOR") and bool(isatty is not None and isatty())
