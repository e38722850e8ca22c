"""HTML: one self-contained page for people (inline CSS, no script, nothing fetched, UTF-8).

The verdict table comes first, each file and drawn board linked; then, per
file with findings, its boards with findings as ``bridgelint replay`` shows
them (hand diagram, auction grid, tricks, contract and result) with the
offending call or card marked in place and the findings with their Law
beside them.  The page stays bounded on large runs: a file draws its first
:data:`BOARDS_PER_FILE` boards with findings and counts the rest per code,
and a run draws at most :data:`BOARDS_PER_RUN` boards.  The records are read
again from the file (only as far as the last board drawn); standard input is
kept in memory for that.  Printed on A4, a board is never split across pages.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from typing import BinaryIO, Callable, Iterator

from .. import __version__
from ..model import Finding, Record
from ..pipeline import FileReport
from ..readers import open_reader
from ..replay.context import Context
from ..semantics import header_values
from ..show import (SUIT_SYMBOLS, TABLE_ORDER, TRICK_HEADERS, Style, auction_grid, by_place, deal_facts, hand_lines,
                    outcome, place, play_table, seat_label, title)
from ..wording import counted
from . import Reporter, Summary
from .verdict import HEADERS, Verdict, count

BOARDS_PER_FILE = 12
BOARDS_PER_RUN = 300
PARTS = (("header", "Header"), ("deal", "Deal"), ("auction", "Auction"), ("play", "Play"),
         ("contract", "Contract and result"))


class HtmlStyle(Style):
    """Suits as coloured symbols, findings as marks; text from the record escaped."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(fancy=True)

    def suit(self, suit: str) -> str:
        return f'<span class="suit {suit}">{SUIT_SYMBOLS[suit]}</span>'

    def code(self, finding: Finding) -> str:
        return f'<span class="code {finding.severity}">{finding.code}</span>'

    def mark(self, finding: Finding) -> str:
        return f' <mark class="{finding.severity}" title="{self.text(finding.message)}">{finding.code}</mark>'

    def bold(self, text: str) -> str:
        return f"<b>{text}</b>"

    def text(self, text: str) -> str:
        return _e(text)


STYLE = HtmlStyle()
Opener = Callable[[str], BinaryIO]


class HtmlReporter(Reporter):
    """The page; each file's part is drawn when the file is done, the page is written at the end."""

    def __init__(self, opener: Opener, fmt: str | None = None, fail_on: str = "error", verbose: bool = False,
                 encoding_for: Callable[[str], str | None] = lambda path: None):
        self.opener, self.fmt, self.fail_on, self.verbose = opener, fmt, fail_on, verbose
        self.encoding_for = encoding_for  # the encoding each file was read in
        self.verdicts: list[Verdict] = []
        self.anchors: list[list[tuple[str, str]]] = []  # per file: (board label, anchor) of each drawn board
        self.sections: list[str] = []
        self.drawn = 0

    def file(self, report: FileReport) -> str:
        verdict = Verdict.of(report, self.fail_on)
        self.verdicts.append(verdict)
        anchor = f"f{len(self.verdicts)}"
        boards: list[tuple[str, str]] = []
        self.anchors.append(boards)
        if report.findings:
            self.sections.append(self._file_section(report, verdict, anchor, boards))
        return ""

    def end(self, summary: Summary) -> str:
        return page(_e(summary.line()), self._table() + "\n" + "\n".join(self.sections))

    # --- the verdict table -------------------------------------------------------------------

    def _table(self) -> str:
        rows = []
        for number, (verdict, boards) in enumerate(zip(self.verdicts, self.anchors), 1):
            if verdict.clean and not self.verbose:
                continue
            cells = verdict.row()
            name = f'<a href="#f{number}">{_e(cells[0])}</a>' if not verdict.clean else _e(cells[0])
            links = " ".join(f'<a href="#{anchor}">{_e(label)}</a>' for label, anchor in boards)
            rows.append(f'<tr class="{cells[-1]}"><td class="file">{name}</td>'
                        + "".join(f'<td data-label="{label}">{_e(cell)}</td>'
                                  for label, cell in zip(HEADERS[1:-1], cells[1:-1]))
                        + f'<td class="verdict">{cells[-1]}</td><td class="boards">{links}</td></tr>')
            if verdict.headline:
                rows.append(f'<tr class="headline"><td colspan="{len(HEADERS) + 1}">{_e(verdict.headline)}</td></tr>')
        head = "".join(f"<th>{h}</th>" for h in HEADERS) + "<th>boards drawn</th>"
        table = (f'<div class="scroll"><table class="verdicts"><thead><tr>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table></div>') if rows else ""
        return f'{table}<p class="count">{count(self.verdicts, self.verbose)}</p>'

    # --- one file --------------------------------------------------------------------------------

    def _file_section(self, report: FileReport, verdict: Verdict, anchor: str, boards: list[tuple[str, str]]) -> str:
        by_game: dict[int | None, list[Finding]] = {}
        for f in report.findings:
            by_game.setdefault(f.game, []).append(f)
        file_findings = by_game.pop(None, [])
        room = max(0, min(BOARDS_PER_FILE, BOARDS_PER_RUN - self.drawn))
        wanted = dict(list(by_game.items())[:room])
        drawn = []
        labels: set[str] = set()
        for record in self._records(report.path, {game for game in wanted if game is not None}):
            label = record.board_number or f"game {record.game}"
            if label in labels:  # the same board again (a vugraph's other room, a repeated number)
                label = f"{label} ({'game' if record.format == 'pbn' else 'record'} {record.game})"
            labels.add(label)
            board_anchor = f"{anchor}-g{record.game}"
            boards.append((label, board_anchor))
            drawn.append(board_html(record, wanted[record.game], board_anchor))
        self.drawn += len(drawn)
        out = [f'<section class="file" id="{anchor}"><h2>{_e(report.path)} '
               f'<span class="verdict {verdict.word}">{verdict.word}</span></h2>',
               f'<p class="facts">{_e(report.format)}, {report.boards:,} boards: {verdict.errors:,} errors, '
               f'{verdict.warnings:,} warnings</p>']
        if verdict.headline:
            out.append(f'<p class="headline">{_e(verdict.headline)}</p>')
        if file_findings:
            out.append('<h3>The file</h3>' + findings_html(file_findings))
        out += drawn
        out.append(_not_drawn([f for game, found in by_game.items() if game not in wanted for f in found]))
        out.append("</section>")
        return "\n".join(out)

    def _records(self, path: str, games: set[int]) -> Iterator[Record]:
        """The records of ``games`` in ``path``, read again, up to the last of them."""
        if not games:
            return
        try:
            with self.opener(path) as stream:
                for record in open_reader(stream, path, self.fmt, self.encoding_for(path)):
                    if record.game in games:
                        yield record
                        games.discard(record.game)
                        if not games:
                            return
        except OSError:
            return  # the file changed or vanished since it was checked: its findings are still listed


def _not_drawn(findings: list[Finding]) -> str:
    """The findings on boards not drawn, counted per code, each with its first message."""
    if not findings:
        return ""
    counts = Counter(f.code for f in findings)
    boards = Counter(code for code, _ in {(f.code, f.game) for f in findings})
    first: dict[str, Finding] = {}
    for f in findings:
        first.setdefault(f.code, f)
    return '<div class="more"><h3>Not drawn</h3><ul>' + "".join(
        f"<li>{n:,} {STYLE.code(first[code])} on {counted(boards[code], 'more board', grouped=True)}, "
        f"the first: {_e(first[code].message)}</li>" for code, n in counts.most_common()) + "</ul></div>"


# control characters HTML forbids in a page (all but tab, line feed, form feed and carriage return): shown as \xNN
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def _e(text: object) -> str:
    """Text from the record or a message, escaped for the page; a control character shown as ``\\xNN``."""
    return _FORBIDDEN.sub(lambda m: f"\\x{ord(m.group()):02x}", html.escape(str(text), quote=True))


# --- one board ---------------------------------------------------------------------------------------

def board_html(record: Record, findings: list[Finding], anchor: str) -> str:
    """A board as ``bridgelint replay`` shows it, its findings in place and listed with their Law."""
    ctx = Context(record)
    values = header_values(record, ctx)
    at = by_place(findings)
    facts = " ".join(f'<span>{name}: <b>{_e(value)}</b></span>' for name, value in deal_facts(values))
    parts = [f'<article class="board" id="{anchor}"><h3>{_e(title(record))} {facts}</h3><div class="parts">',
             _diagram(record, values)]
    if record.auction is not None:
        rows, notes = auction_grid(record, ctx, at, STYLE)
        dealer = values["Dealer"]
        parts.append('<div class="auction"><h4>Auction</h4>' + _grid(rows, list(TABLE_ORDER), dealer)
                     + "".join(f'<p class="note">({n}) {text}</p>' for n, text in notes) + "</div>")
    if record.play is not None:
        rows, after = play_table(record, ctx, at, STYLE)
        parts.append('<div class="play"><h4>Play</h4>' + _grid(rows, list(TRICK_HEADERS))
                     + "".join(f'<p class="note">{line}</p>' for line in after) + "</div>")
    parts.append('<div class="outcome"><h4>Contract and result</h4><ul>'
                 + "".join(f"<li>{line}</li>" for line in outcome(record, ctx, STYLE)) + "</ul></div>")
    sections = place(record, findings)
    listed = "".join(f"<h4>{name}</h4>" + findings_html(sections[part]) for part, name in PARTS if sections[part])
    parts.append(f'</div><div class="findings">{listed}</div></article>')
    return "\n".join(parts)


def findings_html(findings: list[Finding]) -> str:
    """The findings as a list: code, place, message, and the Law or PBN section as a label of its own."""
    return '<ul class="found">' + "".join(
        f'<li>{STYLE.code(f)} <span class="where">line {f.line}, column {f.column}</span> {_e(_said(f))}'
        + (f' <span class="law">{_e(f.law)}</span>' if f.law else "") + "</li>" for f in findings) + "</ul>"


def _said(finding: Finding) -> str:
    """The message without the reference that ends it (shown as a label)."""
    cited = f" ({finding.law})"
    return finding.message[:-len(cited)] if finding.law and finding.message.endswith(cited) else finding.message


def _diagram(record: Record, values: dict[str, str]) -> str:
    cells = {}
    for seat in "NESW":
        lines = [line for line in hand_lines(record, seat, STYLE) if line]
        cells[seat] = (f'<div class="hand {seat}"><b>{_e(seat_label(values, seat))}</b>'
                       + "".join(f"<div>{line}</div>" for line in lines) + "</div>")
    return f'<div class="diagram">{cells["N"]}{cells["W"]}<div class="table"></div>{cells["E"]}{cells["S"]}</div>'


def _grid(rows: list[list[str]], headers: list[str], dealer: str | None = None) -> str:
    head = "".join(f'<th{" class=dealer" if h == dealer else ""}>{h}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


CSS = """
:root { color-scheme: light; --error: #b00020; --warning: #8a5a00; --info: #005f87; --line: #ccc; }
* { box-sizing: border-box; }
body { font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; padding: 1em;
       max-width: 70em; color: #111; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
h2 { font-size: 1.2em; border-bottom: 2px solid #333; padding-bottom: .2em; margin-top: 2em; overflow-wrap: anywhere; }
h3 { font-size: 1.05em; margin: 0 0 .5em; }
h3 span { font-weight: normal; margin-left: 1em; white-space: nowrap; }
h4 { font-size: .95em; margin: .2em 0; }
a { color: #0645ad; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; }
th, td { padding: .15em .5em; text-align: left; vertical-align: top; }
thead th { border-bottom: 1px solid #333; }
.verdicts td { border-bottom: 1px solid var(--line); }
.verdicts td:nth-child(n+3):nth-child(-n+5) { text-align: right; }
.verdicts td.file { overflow-wrap: anywhere; min-width: 12em; }
.verdicts tr.headline td { border-bottom: 1px solid var(--line); padding-left: 2em; font-style: italic; }
tr.rejected td.verdict, .verdict.rejected, tr.unreadable td.verdict { color: #fff; background: var(--error); font-weight: bold; }
tr.ok td.verdict, .verdict.ok { color: #fff; background: #2e7d32; }
h2 .verdict { font-size: .75em; padding: .1em .4em; border-radius: .2em; vertical-align: middle; }
.board { border: 1px solid var(--line); border-radius: .4em; padding: .8em; margin: 1em 0;
         break-inside: avoid; page-break-inside: avoid; }
.parts { display: flex; flex-wrap: wrap; gap: 1em 2em; align-items: flex-start; }
.diagram { display: grid; grid-template-columns: minmax(6em, auto) minmax(2.5em, 5em) minmax(6em, auto);
           gap: .2em .6em; }
.diagram .N { grid-area: 1 / 1 / 2 / 4; justify-self: center; } .diagram .S { grid-area: 3 / 1 / 4 / 4; justify-self: center; }
.diagram .W { grid-area: 2 / 1; } .diagram .E { grid-area: 2 / 3; }
.diagram .table { grid-area: 2 / 2; border: 1px solid var(--line); border-radius: .3em; min-height: 3em;
                  align-self: center; }
.hand b { display: block; font-size: .85em; white-space: nowrap; }
.hand div, .auction td, .play td { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; white-space: nowrap; }
.suit.H, .suit.D { color: #c00; }
.auction th.dealer { text-decoration: underline; }
.auction td, .play td { border-bottom: 1px solid #eee; }
mark { background: none; font-weight: bold; font-size: .8em; border-radius: .2em; padding: 0 .2em; }
mark.error, .code.error { color: var(--error); }
mark.warning, .code.warning { color: var(--warning); }
mark.info, .code.info { color: var(--info); }
td:has(mark.error) { outline: 2px solid var(--error); outline-offset: -2px; }
td:has(mark.warning) { outline: 2px dashed var(--warning); outline-offset: -2px; }
.code { font-weight: bold; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; }
.note { margin: .1em 0; font-size: .9em; }
.outcome ul, .found, .more ul { margin: 0; padding-left: 1.2em; }
.findings { margin-top: .8em; border-top: 1px dashed var(--line); padding-top: .4em; }
.where { color: #555; font-size: .85em; }
.law { background: #eef; border-radius: .2em; padding: 0 .3em; font-size: .85em; white-space: nowrap; }
.headline { font-style: italic; }
@media (max-width: 40em) {
  body { padding: .5em; font-size: 14px; }
  .verdicts thead { display: none; }
  .verdicts tr { display: block; border-bottom: 1px solid var(--line); padding: .3em 0; }
  .verdicts td { display: inline-block; border: none; padding: .1em .4em .1em 0; }
  .verdicts td.file, .verdicts td.boards { display: block; }
  .verdicts td[data-label]::before { content: attr(data-label) " "; color: #555; font-size: .85em; }
  .verdicts tr.headline td { padding-left: 0; }
  .parts { display: block; }
  .parts > div { margin-bottom: .8em; }
  .play { overflow-x: auto; }
}
@page { size: A4; margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  a { color: inherit; text-decoration: none; }
  section.file > h2, section.file > p, section.file > h3 { break-after: avoid; page-break-after: avoid; }
  .scroll { overflow: visible; }
}
"""

def page(summary: str, body: str) -> str:
    """The whole document around ``body``."""
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="generator" content="bridgelint {__version__}">\n<title>bridgelint report</title>\n'
            f"<style>{CSS}</style>\n</head>\n<body>\n"
            f'<header><h1>bridgelint report</h1><p class="summary">{summary}</p></header>\n'
            f"<main>\n{body}\n</main>\n</body>\n</html>\n")
