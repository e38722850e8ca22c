"""The pipeline: read → replay → rules → findings, one record at a time.

``check_file`` streams one file through its reader and every selected rule;
a bug while checking a record becomes an X001 finding on that record and the
other records are still checked.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import traceback
from dataclasses import dataclass, field
from typing import BinaryIO, Iterable

from .model import Finding, Record
from .readers import open_reader
from .rules import RULES
from .rules.base import Context, Rule
from .rules.internal import InternalError
from .suppression import Suppressions


@dataclass(slots=True)
class FileReport:
    """Everything found in one file."""

    path: str
    format: str
    games: int = 0
    boards: int = 0
    findings: list[Finding] = field(default_factory=list)
    unreadable: str | None = None  # why the path could not be read at all (exit status 2)


class Linter:
    """Checks files with a selection of rules (all by default)."""

    def __init__(self, codes: Iterable[str] | None = None):
        self.codes = frozenset(RULES if codes is None else codes)
        self.rules: list[Rule] = [RULES[c]() for c in RULES if c in self.codes and RULES[c].checks()]

    def check_stream(self, path: str, stream: BinaryIO, fmt: str | None = None) -> FileReport:
        """Check an open binary stream; ``path`` is what reports show."""
        report = FileReport(path, fmt or "unknown")
        suppressions = Suppressions(frozenset(RULES), self.codes)
        line = 1
        try:
            reader = open_reader(stream, path, fmt)
            report.format = reader.format
            for record in reader:
                line = record.line
                report.games += 1
                if is_board(record):
                    report.boards += 1
                suppressions.add_record(record)
                report.findings.extend(self.check_record(record))
            report.findings.extend(self.complete(reader.file_findings))
            suppressions.add_header(getattr(reader, "header_directives", ()))
        except OSError:
            raise  # the file could not be read: the caller reports the path
        except Exception as error:  # a bug of the reader itself: the rest of this file is lost, say so
            if os.environ.get("BRIDGELINT_DEBUG"):
                traceback.print_exc(file=sys.stderr)
            report.findings.append(InternalError.finding(f"internal error while reading the file after this line: "
                                                         f"{type(error).__name__}: {error}", line, 1, severity="error"))
        if suppressions:  # % bridgelint: disable= lines (PBN)
            report.findings, unused = suppressions.apply(report.findings)
            report.findings.extend(self.complete(unused))
        report.findings.sort(key=lambda f: (f.line, f.column, f.code))
        return report

    def check_file(self, path: str, fmt: str | None = None) -> FileReport:
        """Check a file by name; an unreadable path is reported, not raised."""
        try:
            with open_input(path) as stream:
                return self.check_stream(path, stream, fmt)
        except OSError as error:
            report = FileReport(path, fmt or _format_from_name(path) or "unknown")
            report.unreadable = error.strerror or str(error)
            return report

    def check_record(self, record: Record, ctx: Context | None = None) -> list[Finding]:
        """The selected findings on one record: those of reading and those of the rules.

        ``ctx`` lets a caller share the record's replays; a bug in a rule becomes X001.
        """
        found = list(record.findings)
        ctx = ctx if ctx is not None else Context(record)
        try:
            for rule in self.rules:
                found.extend(rule.check(ctx))
        except Exception as error:  # a bug: report it on this record and go on
            if os.environ.get("BRIDGELINT_DEBUG"):
                traceback.print_exc(file=sys.stderr)
            found.append(InternalError.finding(f"internal error while checking this game: {type(error).__name__}: "
                                               f"{error}", record.line, record.column))
        return self.complete(found, record)

    def complete(self, found: Iterable[Finding], record: Record | None = None) -> list[Finding]:
        """The selected findings, with severity, reference, game and board filled in.

        A code that is no registered rule is a bug of bridgelint: KeyError, never a finding silently dropped.
        """
        kept = []
        for finding in found:
            rule = RULES[finding.code]
            if finding.code not in self.codes and rule is not InternalError:
                continue
            if finding.severity is None:
                finding.severity = rule.severity
            if finding.law is None:
                finding.law = rule.law
            if record is not None:
                finding.game = record.game
                finding.board = record.board_number
            kept.append(finding)
        return kept


def open_input(path: str) -> BinaryIO:
    """Open a regular file or a pipe to read; a device or socket is refused (OSError), it could block or never end.

    A FIFO is opened without blocking, so one that no process writes to reads as empty instead of hanging.
    """
    nonblock = getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise OSError(errno.EINVAL, "not a regular file (a device or socket): not read", path)
        if nonblock:
            os.set_blocking(fd, True)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def is_board(record: Record) -> bool:
    """A record that holds a board: a board number, a deal, an auction or a play."""
    return bool(record.board or record.deal_field or record.auction or record.play)


def _format_from_name(path: str) -> str | None:
    ext = os.path.splitext(path)[1].lower()
    return {".pbn": "pbn", ".lin": "lin"}.get(ext)
