"""A progress bar on standard error (click's) over the bytes of the input files, with files and boards done.

Shown only when standard error is a terminal; it is wiped before a report
or a message is written to the same terminal and when the run ends (the
``with`` block, an interruption too), so that it never mixes with the
findings or the summary.
"""

from __future__ import annotations

import sys
from typing import TextIO

import click

from ..core.report import FileReport
from ..engine.parallel import file_size

CLEAR = "\r\x1b[K"


class Progress:
    def __init__(self, paths: list[str], stream: TextIO):
        self.stream = stream
        self.files = len(paths)
        self.done = self.boards = 0
        self.bar = click.progressbar(length=max(1, sum(map(file_size, paths))), label="checking", file=stream,
                                     show_percent=True, show_eta=True, item_show_func=self._info)
        self.bar.render_progress()

    @classmethod
    def on_terminal(cls, paths: list[str], stream: TextIO | None = None) -> "Progress | None":
        """A bar when ``stream`` (standard error) is a terminal, else None."""
        stream = stream if stream is not None else sys.stderr
        isatty = getattr(stream, "isatty", None)
        return cls(paths, stream) if isatty is not None and isatty() else None

    def read(self, n: int) -> None:
        """``n`` more bytes were read."""
        self.bar.update(min(n, (self.bar.length or 0) - self.bar.pos))

    def file_done(self, report: FileReport) -> None:
        self.done += 1
        self.boards += report.boards
        self.bar.update(0)
        self.bar.render_progress()

    def clear(self) -> None:
        """Wipe the bar from its line; the next change draws it again."""
        self.stream.write(CLEAR)
        self.stream.flush()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.write(CLEAR + "\x1b[?25h")  # wiped; and click hid the cursor while the bar was drawn
        self.stream.flush()

    def _info(self, _item: object) -> str:
        return f"{self.done}/{self.files} files, {self.boards:,} boards"
