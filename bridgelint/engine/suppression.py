"""Inline suppression in PBN escape lines.

``% bridgelint: disable=A103,C102`` inside a game suppresses those codes for
that game (findings of the reader on the game's lines included);
``% bridgelint: disable-file=B105`` suppresses them for the whole file (by
convention before the first game).  A directive, or a code in it, that
suppresses nothing is noted as a problem (:mod:`bridgelint.core.problems`) that
S112 words (:mod:`bridgelint.rules.reading`): a code that is unknown, a
directive that names no code, ``disable=`` outside any game, or a code that
found nothing where it stands.  Codes that the run does not check are not
judged, S112 itself is never reported unused, and X001 (an internal error) is
never suppressed.  LIN has no comments: ``per-file-ignores`` serves it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Iterable

from ..core.directives import Directive
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tags import Tag
from ..rules import reading
from ..rules.files import UnusedSuppression
from ..rules.internal import InternalError

UNUSED = UnusedSuppression.code
NEVER_SUPPRESSED = frozenset((InternalError.code,))
_PREFIX = re.compile(r"\s*bridgelint\s*:", re.I)
_DIRECTIVE = re.compile(r"\s*(?P<verb>[A-Za-z-]+)\s*=(?P<codes>.*)", re.S)
_CODE = re.compile(r"[^,\s]+")


@dataclass
class Suppressions:
    """The directives of one file, and the findings they suppress."""

    known: frozenset[str]
    selected: frozenset[str]
    file: list[Directive] = field(default_factory=list)
    games: dict[int, list[Directive]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)  # S112's, noted while parsing directives
    _ranges: list[list] = field(default_factory=list)  # [first line, next game's first line, ordinal]
    _starts: list[int] = field(default_factory=list)  # the ranges' first lines, in order
    _open: list | None = None  # the range of the previous game, until the next game starts
    _file_codes: dict[str, Directive] = field(default_factory=dict)  # each code's first file directive
    _game_codes: dict[int | None, dict[str, Directive]] = field(default_factory=dict)  # the same, by game

    def __bool__(self) -> bool:
        return bool(self.file or self.games or self.problems)

    def add_header(self, escapes: Iterable[Tag]) -> None:
        """Escape lines outside any game."""
        for tag in escapes:
            directive = self._parse(tag, None)
            if directive is None:
                continue
            if directive.scope == "file":
                self._add_file(directive)
            else:
                self.problems.append(Problem(Kind.DIRECTIVE_OUTSIDE_GAMES, directive.line, directive.column,
                                             (None, None)))

    def add_record(self, record: Record) -> None:
        """A game's escape lines; the lines of a game with directives are noted for the reader's findings."""
        if self._open is not None:
            self._open[1] = record.line
            self._open = None
        for tag in record.escapes:
            directive = self._parse(tag, record)
            if directive is None:
                continue
            if directive.scope == "file":
                self._add_file(directive)
            else:
                if record.game not in self.games:
                    self._open = [record.line, None, record.game]
                    self._ranges.append(self._open)
                    self._starts.append(record.line)
                self.games.setdefault(record.game, []).append(directive)
                _index(self._game_codes.setdefault(record.game, {}), directive)

    def _add_file(self, directive: Directive) -> None:
        self.file.append(directive)
        _index(self._file_codes, directive)

    def _parse(self, tag: Tag, record: Record | None) -> Directive | None:
        prefix = _PREFIX.match(tag.value)
        if prefix is None:
            return None
        match = _DIRECTIVE.match(tag.value, prefix.end())
        column0 = tag.column + 1  # the column of the value's first character (after '%')
        verb = match.group("verb").lower() if match else ""
        game, board = (record.game, record.board_number) if record is not None else (None, None)
        if match is None or verb not in ("disable", "disable-file"):
            self.problems.append(Problem(Kind.NOT_A_DIRECTIVE, tag.line, tag.column, (tag.value, game, board)))
            return None
        scope = "file" if verb == "disable-file" else "game"
        codes = []
        start = match.start("codes")
        for part in _CODE.finditer(match.group("codes")):
            code, column = part.group().upper(), column0 + start + part.start()
            if code not in self.known:
                self.problems.append(Problem(Kind.DIRECTIVE_UNKNOWN_CODE, tag.line, column,
                                             (part.group(), verb, game, board)))
            else:
                codes.append((code, column))
        if not codes:
            if not _CODE.search(match.group("codes")):
                self.problems.append(Problem(Kind.DIRECTIVE_NO_CODE, tag.line, tag.column, (verb, game, board)))
            return None
        return Directive(scope, tag.line, tag.column, codes, game, board)

    def _game_of(self, finding: Finding) -> int | None:
        if finding.game is not None:
            return finding.game
        i = bisect_right(self._starts, finding.line) - 1
        if i >= 0 and (self._ranges[i][1] is None or finding.line < self._ranges[i][1]):
            return self._ranges[i][2]
        return None

    def _suppressor(self, finding: Finding) -> Directive | None:
        if finding.code in NEVER_SUPPRESSED:
            return None
        game = self._game_of(finding) if self.games else None
        directive = self._game_codes[game].get(finding.code) if game in self._game_codes else None
        return directive or self._file_codes.get(finding.code)

    def suppress(self, findings: list[Finding]) -> list[Finding]:
        """The findings less those the directives known so far suppress."""
        if not self:
            return findings
        kept = []
        for finding in findings:
            directive = self._suppressor(finding)
            if directive is None:
                kept.append(finding)
            else:
                directive.used.add(finding.code)
        return kept

    def unused(self, codes: frozenset[str] | None = None) -> list[Finding]:
        """S112 for what suppressed nothing; called once the whole file went through ``suppress``.

        ``codes``: judge only these (codes decided after the file), the directives' own problems left out.  S112
        itself is never judged.
        """
        if UNUSED not in self.selected:
            return []
        problems = list(self.problems) if codes is None else []
        judged = self.selected if codes is None else codes
        for directive in self.file + [d for ds in self.games.values() for d in ds]:
            for code, column in directive.codes:
                if code not in directive.used and code != UNUSED and code in judged:
                    problems.append(Problem(Kind.DIRECTIVE_UNUSED, directive.line, column, (
                        code, directive.scope, code in NEVER_SUPPRESSED, directive.game, directive.board)))
        return [f for f in reading.findings(problems) if self._suppressor(f) is None]


def _index(codes: dict[str, Directive], directive: Directive) -> None:
    """Note ``directive`` as the one that suppresses each of its codes, where no earlier one does."""
    for code, _ in directive.codes:
        codes.setdefault(code, directive)
