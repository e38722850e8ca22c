"""The verdict per file: counts, the codes to fix, ``ok`` or ``rejected``, and a file-wide pattern.

A row names what the director must fix first: the codes of its errors,
most frequent first, then those of its warnings (:data:`TOP_CODES` in all).

A :class:`Verdict` keeps only counts, so that a run over many files does
not hold their findings.  A code that fires on at least half the boards of
a file with :data:`PATTERN_MIN_BOARDS` boards or more is a file-wide
pattern (every game spells ``1N``, every board is dealt by East); the most
widespread one is the file's headline.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ..core.report import Counts, FileReport
from ..core.wording import counted
from ..rules import RULES
from ..rules.event import UncomparedBoard
from ..views import colour
from .width import cut, tabulated

TOP_CODES = 3  # codes named in the table
# codes that say what was not checked (E105: boards not compared with the hand record), named in the table whenever
# they fire, even when other codes are more frequent: nothing compared is said, never silent
ALWAYS_NAMED = (UncomparedBoard.code,)
PATTERN_MIN_BOARDS = 10  # a smaller file has no file-wide pattern
HEADLINE_CAUSE = 120  # characters of a headline's cause


@dataclass(slots=True)
class Verdict:
    path: str
    format: str
    boards: int
    results: int = 0
    errors: int = 0
    warnings: int = 0
    codes: Counter[str] = field(default_factory=Counter)  # findings per code (errors and warnings)
    error_codes: Counter[str] = field(default_factory=Counter)  # error findings per code
    headline: str | None = None
    rejected: bool = False
    unreadable: str | None = None  # why the file could not be read

    @classmethod
    def of(cls, report: FileReport, fail_on: str = "error") -> "Verdict":
        verdict = cls(report.path, report.format, report.boards, report.results, unreadable=report.unreadable)
        games: defaultdict[str, set[int | None]] = defaultdict(set)
        messages: defaultdict[str, Counter[str]] = defaultdict(Counter)
        counts = Counts()
        counts.count(report.findings)
        verdict.errors, verdict.warnings = counts.errors, counts.warnings
        for f in report.findings:
            if f.severity == "error" or f.severity == "warning":
                verdict.codes[f.code] += 1
                if f.severity == "error":
                    verdict.error_codes[f.code] += 1
                games[f.code].add(f.game)
                messages[f.code][f.full_message] += 1
        verdict.rejected = counts.fail(fail_on) or bool(report.unreadable)
        verdict.headline = _headline(report, games, messages)
        return verdict

    @property
    def clean(self) -> bool:
        return not (self.errors or self.warnings or self.unreadable)

    @property
    def word(self) -> str:
        return "unreadable" if self.unreadable else "rejected" if self.rejected else "ok"

    def named(self) -> list[tuple[str, int]]:
        """The codes the row names with their counts: errors' codes first (most errors first), then warnings'."""
        ranked = sorted(self.codes.most_common(), key=lambda item: -self.error_codes[item[0]])  # stable
        named = ranked[:TOP_CODES]
        named += [(code, self.codes[code]) for code in ALWAYS_NAMED if self.codes[code] and code not in dict(named)]
        return named

    def row(self) -> list[str]:
        top = ", ".join(f"{code} {count:,}" for code, count in self.named())
        return [self.path, self.format, f"{self.boards:,}", f"{self.results:,}", f"{self.errors:,}",
                f"{self.warnings:,}", top, self.word]


def _headline(report: FileReport, games: dict[str, set[int | None]], messages: dict[str, Counter[str]]) -> str | None:
    """``CODE on all N boards: cause``: the code on the most games, if on at least half of them."""
    total = report.games
    if total < PATTERN_MIN_BOARDS or not games:
        return None
    code = min(games, key=lambda c: (-len(games[c] - {None}), c))
    on = len(games[code] - {None})
    if 2 * on < total:
        return None
    what = "boards" if report.boards == total else "games"
    cause = _cause(code, messages[code])
    if len(cause) > HEADLINE_CAUSE:
        cause = cause[:HEADLINE_CAUSE - 1] + "…"
    return f"{code} on {'all' if on == total else f'{on:,} of'} {total:,} {what}: {cause}"


def _cause(code: str, messages: Counter[str]) -> str:
    """What the findings say: their message when nine in ten share it; else the words they share, in place
    (``board … is dealt by …, not East``), when those are three in four; else the rule's summary."""
    message, count = messages.most_common(1)[0]
    if 10 * count >= 9 * sum(messages.values()):
        return message
    split: list[list[str]] = []
    for m in messages:
        split.append(_WORDS.split(m))
        if len(split[-1]) != len(split[0]):
            break  # messages of different lengths share no words in place (the others are not split)
    else:
        shared = [parts[0] if len(set(parts)) == 1 else "…" for parts in zip(*split)]
        words = shared[::2]  # the split keeps the separators at the odd places
        if 4 * sum(w != "…" for w in words) >= 3 * len(words):
            return "".join(shared)
    return RULES[code].summary().rstrip(".")


_WORDS = re.compile(r"(\W+)")


HEADERS = ("file", "format", "boards", "results", "errors", "warnings", "codes", "verdict")


COLUMNS_ALIGNED = ("left", "left", "right", "right", "right", "right", "left", "left")
CODES = HEADERS.index("codes")
VERDICT_COLOURS = {"rejected": "red", "unreadable": "red", "ok": "green"}


def table(verdicts: list[Verdict], verbose: bool = False, width: int | None = None, paint: bool = False) -> str:
    """The verdict table, each file-wide pattern on a line below its file; clean files counted, or listed.

    ``width``: the table fitted to it, the codes cut at their end; when the paths do not fit beside the other
    columns even so, each path is a line of its own above its file's row (a path is never cut: two uploads of one
    name in two folders stay apart), the patterns cut.  ``paint``: the verdicts and the error codes in colour
    (ANSI)."""
    if not verdicts:
        return ""
    listed = [v for v in verdicts if verbose or not v.clean]
    out = []
    if listed:
        rows = [v.row() for v in listed]
        text = tabulated(rows, HEADERS, width, colalign=COLUMNS_ALIGNED, squeeze={CODES: "right"}, tight=True)
        apart = width is not None and max(map(len, text.splitlines())) > width
        if apart:  # the paths on lines of their own, the rest of the table fitted
            text = tabulated([row[1:] for row in rows], HEADERS[1:], width, colalign=COLUMNS_ALIGNED[1:],
                             squeeze={CODES - 1: "right"}, tight=True)
        lines = text.splitlines()
        out += lines[:2]
        for verdict, row in zip(listed, lines[2:]):
            if apart:
                out.append(verdict.path)
            out.append(_painted(row.rstrip(), verdict) if paint else row.rstrip())
            if verdict.headline:
                out.append(cut(f"  {verdict.headline}", width))
    out.append(count(verdicts, verbose, " (--verbose lists them)"))
    return "\n".join(out) + "\n"


def _painted(row: str, verdict: Verdict) -> str:
    """A row of the table with its verdict and its error codes in colour."""
    word = verdict.word
    if row.endswith(word):
        row = row[:-len(word)] + colour.ansi(word, VERDICT_COLOURS[word], bold=word != "ok")
    for code in verdict.error_codes:
        row = re.sub(rf"(?<=  |, ){code} [\d,]*\d", lambda m: colour.severity(m.group(), "error"), row, count=1)
    return row


def count(verdicts: list[Verdict], verbose: bool, hint: str = "") -> str:
    """``2 of 49 files rejected; 23 clean files not listed``, with ``hint`` after the clean files."""
    clean = sum(1 for v in verdicts if v.clean)
    rejected = sum(1 for v in verdicts if v.rejected)
    return (f"{rejected} of {counted(len(verdicts), 'file')} rejected"
            + (f"; {counted(clean, 'clean file')} not listed{hint}" if clean and not verbose else ""))
