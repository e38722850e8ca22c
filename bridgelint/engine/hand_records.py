"""The hand records of a run (``--hand-record``): the official deals the played records are compared with.

:func:`read_reference` reads them once, in the parent process, before the
run; the :class:`~..across.events.state.Reference` it gives is small (a few integers per
board) and goes to every worker with the run's event scope.
"""

from __future__ import annotations

import errno
from typing import BinaryIO, Callable, Iterable

from ..across.events.state import Official, Reference
from ..core.fingerprint import fingerprint
from ..core.tags import known
from ..formats import open_reader
from .inputs import ArchiveProblem, shown


def read_reference(paths: Iterable[str], open_input: Callable[[str], BinaryIO], fmt: str | None = None,
                   encoding_for: Callable[[str], str | None] = lambda path: None) -> Reference:
    """The boards of the hand records ``paths``, the first of each board number kept (the others are checked when
    the hand record itself is: E105 or E101 there).  OSError when one cannot be read (a damaged archive too)."""
    reference = Reference()
    for index, path in enumerate(paths):
        reference.files.append(shown(path))
        reference.first.append((1, 1, 0))
        try:
            stream = open_input(path)
        except ArchiveProblem as problem:  # a damaged zip, or one over a limit: no hand record read from it
            raise OSError(errno.EINVAL, str(problem), path) from None
        with stream:
            for record in open_reader(stream, path, fmt, encoding_for(path)):
                if record.game == 1 or reference.first[index][2] == 0:
                    reference.first[index] = (record.line, record.column, record.game)
                number = known(record.board_number or "")
                deal = fingerprint(record.deal)
                if number is None or deal is None or record.deal is None:
                    continue
                dealer = record.dealer.value if record.dealer is not None else None
                vulnerable = record.vulnerable.value if record.vulnerable is not None else None
                reference.add(number, Official(deal, record.deal.line, index, dealer, vulnerable))
    return reference
