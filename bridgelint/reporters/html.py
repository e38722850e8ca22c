"""HTML: one self-contained page for people (inline CSS, no script, nothing fetched, UTF-8).

The verdict table comes first, each file and drawn board linked; then, per
file with findings, its boards with errors (with ``--fail-on warning``, with
warnings too), in file order, as ``bridgelint replay`` shows them (hand
diagram with the dealer and vulnerability in its centre, auction grid,
tricks played, contract and result, the double-dummy table and its par, the
traveller and the ranking) with the offending call, card or table cell
marked in place, a wrong cell with the value the rule computes beside it
(``170 → 140``), and the findings listed with their Law under the part of
the board they are about, with what a director does next.  A board with a
ScoreTable shows all of it; an E101 shows the other record's deal beside
the board's own when it is in the same file (else the hand record's), the
cards in which the two differ marked in both.  The boards not drawn are
listed after, those with errors first, then those with warnings only, then
info: per code, its boards and its first findings with board, game and
line (every error is listed).  The page stays bounded on large runs: a file
draws its first :data:`BOARDS_PER_FILE` boards with errors, a run at most
:data:`BOARDS_PER_RUN`.  Each code links the rule's text, which the page
carries (it works offline), and its page on the documentation site.  The
records are read again from the file (only as far as the last board
drawn); standard input is kept in memory for that.  Printed on A4, the page
is a summary: the verdict table and the boards with errors, a board never
split across pages, nothing wider than the page.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from contextlib import closing
from typing import Callable, Generator, Mapping

from ..core._version import __version__
from ..core.documentation import rule_url
from ..core.findings import SEVERITY_RANK, Finding
from ..core.fingerprint import hands_of
from ..core.record import Record
from ..core.report import FileReport, failing
from ..core.tables import Table
from ..core.wording import counted
from ..replay.context import Context
from ..replay.semantics import Stated, stated
from ..rules import RULES
from ..rules.event import FouledBoard
from ..rules.travellers import LEAD_CODES, leads
from ..views.board import (
    PART_NAMES,
    RANKING,
    SUIT_SYMBOLS,
    TABLE_ORDER,
    TRICK_HEADERS,
    Style,
    auction_grid,
    by_place,
    deal_facts,
    denomination_headers,
    differing_cards,
    double_dummy,
    hand_lines,
    next_step,
    numbered,
    outcome,
    place,
    play_table,
    results_tables,
    seat_label,
    suit_lines,
    table_grid,
    table_title,
    title,
)
from . import Reporter, Summary
from .verdict import HEADERS, Verdict, count

BOARDS_PER_FILE = 12
BOARDS_PER_RUN = 300
LISTED_PER_CODE = 3  # warnings and info of a code on boards not drawn that are listed with their place (every error is)
_OTHER_LINE = re.compile(r"\bat line (\d+)\b")  # E101: where the other record of the board is, in this file
_UNPLAYED = re.compile(r"(?:[NESW]:)?-(?: (?:[NESW]:)?-)*")  # a trick row of no card (an unfinished play)
_VULNERABLE = {"None": "", "Love": "", "-": "", "NS": "NS", "EW": "EW", "All": "NESW", "Both": "NESW"}


class HtmlStyle(Style):
    """Suits as coloured symbols, findings as marks, codes linked to their rule's text; text from the record
    escaped."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(fancy=True)

    def suit(self, suit: str) -> str:
        return f'<span class="suit {suit}">{SUIT_SYMBOLS[suit]}</span>'

    def code(self, finding: Finding) -> str:
        rule = RULES.get(finding.code)
        named = f' title="{rule.name}"' if rule is not None else ""
        return f'<a class="code {finding.severity}" href="#rule-{finding.code}"{named}>{finding.code}</a>'

    def mark(self, finding: Finding) -> str:
        return f' <mark class="{finding.severity}" title="{self.text(finding.full_message)}">{finding.code}</mark>'

    def bold(self, text: str) -> str:
        return f"<b>{text}</b>"

    def expected(self, value: str) -> str:
        return f' <span class="expected" title="the value bridgelint computes">→ {_e(value)}</span>'

    def differs(self, rank: str) -> str:
        return f'<span class="differs" title="in another seat in the other deal">{rank}</span>'

    def lead(self, rank: str) -> str:
        return f'<span class="lead" title="led at a table of the traveller: its finding says by whom">{rank}</span>'

    def text(self, text: str) -> str:
        return _e(text)


STYLE = HtmlStyle()
Records = Callable[[str], Generator[Record, None, None]]  # the records of a file as the run read them, by its name shown


class HtmlReporter(Reporter):
    """The page; each file's part is drawn when the file is done, the page is written at the end.

    ``docs``: the documentation site the rules link to (None: the package's)."""

    def __init__(self, records: Records, fail_on: str = "error", verbose: bool = False, docs: str | None = None):
        self.records, self.fail_on, self.verbose = records, fail_on, verbose
        self.docs = docs
        self.verdicts: list[Verdict] = []
        self.anchors: list[list[tuple[str, str]]] = []  # per file: (board label, anchor) of each drawn board
        self.sections: list[str] = []
        self.codes: set[str] = set()  # the codes on the page, whose rules the page carries
        self.drawn = 0

    def file(self, report: FileReport) -> str:
        verdict = Verdict.of(report, self.fail_on)
        self.verdicts.append(verdict)
        anchor = f"f{len(self.verdicts)}"
        boards: list[tuple[str, str]] = []
        self.anchors.append(boards)
        if report.findings:
            self.codes.update(f.code for f in report.findings)
            self.sections.append(self._file_section(report, verdict, anchor, boards))
        return ""

    def end(self, summary: Summary) -> str:
        return page(_e(summary.line()), self._table() + "\n" + "\n".join(self.sections) + "\n"
                    + rules_html(sorted(self.codes), self.docs))

    # --- the verdict table -------------------------------------------------------------------

    def _table(self) -> str:
        rows = []
        for number, (verdict, boards) in enumerate(zip(self.verdicts, self.anchors), 1):
            if verdict.clean and not self.verbose:
                continue
            cells = verdict.row()
            name = f'<a href="#f{number}">{_e(cells[0])}</a>' if not verdict.clean else _e(cells[0])
            links = ", ".join(f'<a href="#{anchor}">{_e(label)}</a>' for label, anchor in boards)
            rows.append(f'<tr class="{cells[-1]}"><td class="file">{name}</td>'
                        + "".join(f'<td data-label="{label}">{_e(cell)}</td>'
                                  for label, cell in zip(HEADERS[1:-1], cells[1:-1]))
                        + f'<td class="verdict">{cells[-1]}</td><td class="boards">{links}</td></tr>')
            if verdict.headline:
                rows.append(f'<tr class="headline"><td colspan="{len(HEADERS) + 1}">{_e(verdict.headline)}</td></tr>')
        head = "".join(f'<th scope="col">{h}</th>' for h in HEADERS) + '<th scope="col">boards drawn</th>'
        table = (f'<div class="scroll"><table class="verdicts"><thead><tr>{head}</tr></thead>'
                 f'<tbody>{"".join(rows)}</tbody></table></div>') if rows else ""
        return f'<h2 class="verdict-title">Verdict</h2>{table}<p class="count">{count(self.verdicts, self.verbose)}</p>'

    # --- one file --------------------------------------------------------------------------------

    def _file_section(self, report: FileReport, verdict: Verdict, anchor: str, boards: list[tuple[str, str]]) -> str:
        by_game: dict[int | None, list[Finding]] = {}
        for f in report.findings:
            by_game.setdefault(f.game, []).append(f)
        file_findings = by_game.pop(None, [])
        room = max(0, min(BOARDS_PER_FILE, BOARDS_PER_RUN - self.drawn))
        severities = failing(self.fail_on)  # the boards drawn: those with errors (with warnings too at warning)
        drawable = sorted(game for game, found in by_game.items() if game is not None
                          and any(f.severity in severities for f in found))
        wanted = {game: by_game[game] for game in drawable[:room]}
        others = {line for found in wanted.values() for f in found if f.code == FouledBoard.code
                  for line in map(int, _OTHER_LINE.findall(f.message))}
        ranked = min((f.game for f in report.findings if f.code[:1] == "R" and f.game is not None), default=None)
        records, at_lines, holder = self._records(report.path, set(wanted), others, ranked)
        ranking = (holder.tables[RANKING], by_game.get(holder.game, [])) if holder is not None else None
        drawn = []
        labels: set[str] = set()
        for game in (game for game in drawable if game in records):  # in file order
            record = records[game]
            label = record.board_number or f"game {record.game}"
            if label in labels:  # the same board again (a vugraph's other room, a repeated number)
                label = f"{label} ({numbered(record)})"
            labels.add(label)
            board_anchor = f"{anchor}-g{record.game}"
            boards.append((label, board_anchor))
            drawn.append(board_html(record, wanted[game], board_anchor, at_lines, ranking))
        self.drawn += len(drawn)
        out = [f'<section class="file" id="{anchor}"><h2>{_e(report.path)} '
               f'<span class="verdict {verdict.word}">{verdict.word}</span></h2>',
               f'<p class="facts">{_e(report.format)}, {report.boards:,} boards: {verdict.errors:,} errors, '
               f'{verdict.warnings:,} warnings</p>']
        if verdict.headline:
            out.append(f'<p class="headline">{_e(verdict.headline)}</p>')
        if file_findings:
            out.append('<div class="file-findings"><h3>The file</h3>' + findings_html(file_findings) + "</div>")
        out += drawn
        out.append(_not_drawn([found for game, found in sorted(by_game.items()) if game not in records], anchor))
        out.append("</section>")
        return "\n".join(out)

    def _records(self, path: str, games: set[int], lines: set[int], ranked: int | None = None
                 ) -> tuple[dict[int, Record], dict[int, Record], Record | None]:
        """The records of ``games`` in ``path``, read again up to the last of them (and to game ``ranked``, one
        with an R finding), the record that holds each of ``lines`` (another record an E101 names), and the first
        record read that holds a TotalScoreTable (its rows of a drawn board's pairs are drawn with it)."""
        found: dict[int, Record] = {}
        holding: dict[int, Record] = {}
        ranking: Record | None = None
        if not games:
            return found, holding, ranking
        wanted, lines = set(games), set(lines)
        previous: Record | None = None
        try:
            with closing(self.records(path)) as records:
                for record in records:
                    for line in [n for n in lines if previous is not None and previous.line <= n < record.line]:
                        holding[line] = previous  # type: ignore[assignment]
                        lines.discard(line)
                    if ranking is None and RANKING in record.tables:
                        ranking = record
                    if record.game in wanted:
                        found[record.game] = record
                        wanted.discard(record.game)
                    if not wanted and not any(n >= record.line for n in lines) and (
                            ranking is not None or ranked is None or record.game >= ranked):
                        break
                    previous = record
                else:
                    holding.update((n, previous) for n in lines if previous is not None and n >= previous.line)
        except OSError:
            pass  # the file changed or vanished since it was checked: its findings are still listed
        return found, holding, ranking


def worst(findings: list[Finding]) -> int:
    """The rank of the most serious finding: 0 an error, 1 a warning, 2 info."""
    return min((SEVERITY_RANK.get(f.severity or "", 1) for f in findings), default=2)


_GROUPS = ("More boards with errors, not drawn", "Boards with warnings only, not drawn",
           "Boards with information only, not drawn")
BOARDS_LISTED = 20  # boards named after a code of boards not drawn


def _not_drawn(boards: list[list[Finding]], anchor: str) -> str:
    """The findings of the boards not drawn (``boards``: each board's), boards with errors first, then those with
    warnings only, then the rest: per code, how many, and each error and the first few others with board, game
    and line."""
    groups: list[list[Finding]] = [[], [], []]
    for found in boards:
        groups[worst(found)] += found
    out = []
    n = 0
    for rank, findings in enumerate(groups):
        if not findings:
            continue
        counts = Counter(f.code for f in findings)
        on = Counter(code for code, _ in {(f.code, f.game) for f in findings})
        first: dict[str, list[Finding]] = {}
        for f in findings:
            listed = first.setdefault(f.code, [])
            if len(listed) < LISTED_PER_CODE or f.severity == "error":  # an error is never left out
                listed.append(f)
        items = []
        for code, total in sorted(counts.items(), key=lambda item: (SEVERITY_RANK.get(first[item[0]][0].severity or "", 1),
                                                                    -item[1], item[0])):
            n += 1
            shown = first[code]
            rest = total - len(shown)
            items.append(f'<li id="{anchor}-c{n}">{total:,} {STYLE.code(shown[0])} on '
                         f"{counted(on[code], 'board', grouped=True)}: {_e(_boards(findings, code))}"
                         + findings_html(shown, located=True)
                         + (f'<p class="rest">and {rest:,} more</p>' if rest else "") + _next_steps(shown) + "</li>")
        kind = ("errors", "warnings", "info")[rank]
        out.append(f'<div class="more {kind}"><h3>{_GROUPS[rank]}</h3><ul>' + "".join(items) + "</ul></div>")
    return "".join(out)


def _boards(findings: list[Finding], code: str) -> str:
    """The boards of the findings of ``code``, in file order: ``1, 2, 5 (game 6)``, the first
    :data:`BOARDS_LISTED`."""
    names = []
    seen: set[str] = set()
    for game, board in sorted({(f.game or 0, f.board) for f in findings if f.code == code}):
        names.append(f"game {game}" if not board else f"{board} (game {game})" if board in seen else board)
        seen.add(board or "")
    listed = names[:BOARDS_LISTED]
    return ", ".join(listed) + (f" and {len(names) - len(listed):,} more" if len(names) > len(listed) else "")


# control characters HTML forbids in a page (all but tab, line feed, form feed and carriage return), the bidi
# controls (which would reorder the page's text around them), noncharacters and lone surrogates: shown as \xNN
# or \uNNNN
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(chr(plane << 16 | low) for plane in range(17) for low in (0xFFFE, 0xFFFF))
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
                        f"\ud800-\udfff{_NONCHARACTERS}]")


def _e(text: object) -> str:
    """Text from the record or a message, escaped for the page; a control character shown as ``\\xNN``."""
    return _FORBIDDEN.sub(_escaped, html.escape(str(text), quote=True))


def _escaped(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


# --- one board ---------------------------------------------------------------------------------------

def board_html(record: Record, findings: list[Finding], anchor: str, at_lines: dict[int, Record] | None = None,
               ranking: tuple[Table, list[Finding]] | None = None) -> str:
    """A board as ``bridgelint replay`` shows it, its findings in place and listed with their Law under the part
    they are about, each part's with what a director does next; its whole traveller and its ranking rows with
    the wrong cells marked and the values they should hold; beside the deal the other deal an E101 names (from
    ``at_lines``), the cards in which the two differ marked in both.  ``ranking``: the file's TotalScoreTable
    when another record holds it, and that record's findings: its rows of the board's pairs are drawn."""
    ctx = Context(record)
    seen = stated(ctx)
    at = by_place(findings)
    facts = " ".join(f'<span>{name}: <b>{_e(value)}</b></span>' for name, value in deal_facts(seen.tags))
    rank = ("has-error", "has-warning", "has-info")[worst(findings)]
    others, differing = _other_deals(findings, at_lines or {}, record)
    parts = [f'<article class="board {rank}" id="{anchor}"><h3>{_e(title(record, seen))} {facts}</h3>'
             '<div class="parts">',
             _diagram(record, seen, differing, _led(ctx, findings))]
    parts += others
    if record.auction is not None:
        rows, notes = auction_grid(record, ctx, at, STYLE)
        dealer = seen.tags["Dealer"]
        parts.append('<div class="auction"><h4>Auction</h4>' + _grid(rows, list(TABLE_ORDER), dealer)
                     + "".join(f'<p class="note">({n}) {text}</p>' for n, text in notes) + "</div>")
    if record.play is not None:
        rows, after = play_table(record, ctx, at, STYLE)
        rows = [row for row in rows if not (row[3] == "" and _UNPLAYED.fullmatch(row[2]))]  # tricks not played
        parts.append('<div class="play"><h4>Play</h4>' + _grid(rows, list(TRICK_HEADERS))
                     + "".join(f'<p class="note">{line}</p>' for line in after) + "</div>")
    parts.append('<div class="outcome"><h4>Contract and result</h4><ul>'
                 + "".join(f"<li>{line}</li>" for line in outcome(record, ctx, STYLE)) + "</ul></div>")
    rows, best = double_dummy(record, ctx, at, STYLE)
    if rows:
        parts.append('<div class="double-dummy"><h4>Double dummy</h4>' + _grid(rows, denomination_headers(STYLE))
                     + (f'<p class="note">par: {_e(best)}</p>' if best is not None else "") + "</div>")
    sections = place(record, findings)
    for part, table, numbers, found in results_tables(record, sections, ranking):
        own = record.tables.get(table.name) is table  # else the ranking another record holds, with its findings
        headers, body = table_grid(table, at if own else by_place(found), STYLE, numbers)
        headers = [_CAMEL.sub("<wbr>", header) for header in headers]  # TotalScoreMP breaks as Total Score MP
        wide = " wide" if len(headers) > _NARROW else ""
        parts.append(f'<div class="results {part}{wide}"><h4>{PART_NAMES[part]} <span class="where">'
                     f'({_e(table_title(table, numbers))})</span></h4><div class="scroll">'
                     + _grid(body, headers, long=_LONG) + "</div></div>")
    listed = "".join(f"<h4>{name}</h4>" + findings_html(sections[part]) + _next_steps(sections[part])
                     for part, name in PART_NAMES.items() if sections[part])
    parts.append(f'</div><div class="findings">{listed}</div></article>')
    return "\n".join(parts)


_LONG = 12  # a table cell of more characters may break anywhere (a name, an id): numbers and codes stay whole
_NARROW = 10  # a table of more columns is drawn smaller, its column names broken anywhere, to fit an A4 page
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=_)(?=[A-Za-z])")  # where a column's name may break on a narrow page


def _next_steps(findings: list[Finding]) -> str:
    """What a director does next, a line per code family of ``findings`` (per code where a code says more)."""
    steps = list(dict.fromkeys(step for f in findings if (step := next_step(f.code)) is not None))
    return "".join(f'<p class="next">Next: {_e(step)}.</p>' for step in steps)


def findings_html(findings: list[Finding], located: bool = False) -> str:
    """The findings as a list: code, place, message, and the Law or PBN section as a label of its own;
    ``located``: the place names the board and game too (a finding shown apart from its board)."""
    return '<ul class="found">' + "".join(
        f'<li class="finding">{STYLE.code(f)} <span class="where">{_e(_where(f, located))}</span> {_e(f.message)}'
        + (f' <span class="law">{_e(f.law)}</span>' if f.law else "") + "</li>" for f in findings) + "</ul>"


def _where(f: Finding, located: bool) -> str:
    board = (f"board {f.board}, game {f.game}, " if f.board else f"game {f.game}, " if f.game else "") if located else ""
    return f"{board}{f.place}" if f.place else f"{board}line {f.line}, column {f.column}"


def _led(ctx: Context, findings: list[Finding]) -> frozenset[str]:
    """The cards the traveller rows lead where a V finding reports the lead (at the row's Lead element), when the
    deal drawn is the record's own."""
    if not any(f.code in LEAD_CODES for f in findings):
        return frozenset()
    found = leads(ctx)
    if found is None or found.hand:
        return frozenset()
    places = {(f.line, f.column) for f in findings if f.code in LEAD_CODES}
    told = {row.row for row in found.fouled.rows} if found.fouled is not None else set()
    return frozenset(row.card for row in found.rows if (row.line, row.column) in places or row.row in told)


def _diagram(record: Record, seen: Stated, differing: frozenset[str] = frozenset(),
             led: frozenset[str] = frozenset()) -> str:
    cells = {}
    for seat in "NESW":
        lines = [line for line in hand_lines(record, seat, STYLE, differing, led) if line]
        cells[seat] = (f'<div class="hand {seat}"><b>{_e(seat_label(seen.players, seat))}</b>'
                       + "".join(f"<div>{line}</div>" for line in lines) + "</div>")
    return f'<div class="diagram">{cells["N"]}{cells["W"]}{_centre(seen.tags)}{cells["E"]}{cells["S"]}</div>'


def _centre(values: Mapping[str, str]) -> str:
    """The table in the diagram's middle: each seat's letter, the dealer's marked, the vulnerable ones red."""
    dealer, vulnerable = values.get("Dealer", "?"), values.get("Vulnerable", "?")
    red = _VULNERABLE.get(vulnerable, "")
    seats = "".join(f'<span class="seat {seat}{" vul" if seat in red else ""}{" dealer" if seat == dealer else ""}">'
                    f"{seat}</span>" for seat in "NESW")
    said = f"dealer {dealer}, vulnerable {vulnerable}"
    return f'<div class="table" role="img" aria-label="{_e(said)}" title="{_e(said)}">{seats}</div>'


def _other_deals(findings: list[Finding], at_lines: dict[int, Record], record: Record
                 ) -> tuple[list[str], frozenset[str]]:
    """The other record's deal of each E101 (a fouled board): drawn when that record is in this file, else its
    hands a suit a line (a hand record, another file of the run); the cards in which it differs from the
    record's deal are marked, and returned to be marked in the record's deal too."""
    out: list[str] = []
    differing: set[str] = set()
    for f in findings:
        if f.code != FouledBoard.code:
            continue
        drawn = len(out)
        for line in map(int, _OTHER_LINE.findall(f.message)):
            other = at_lines.get(line)
            if other is None or other is record:
                continue
            cards = differing_cards(record, other.deal.hands if other.deal is not None else None)
            differing |= cards
            seen = stated(Context(other))
            out.append(f'<div class="other-deal"><h4>The deal at line {line} ({_e(title(other, seen))})</h4>'
                       + _diagram(other, seen, cards) + "</div>")
        related = f.related
        if len(out) == drawn and related is not None and related.deal is not None:
            hands = hands_of(related.deal)
            cards = differing_cards(record, hands)
            differing |= cards
            seats = "".join(f'<div class="hand {seat}"><b>{_e(seat_label({}, seat))}</b>'
                            + "".join(f"<div>{line}</div>" for line in suit_lines(held or (), STYLE, cards))
                            + "</div>" for seat, held in hands.items())
            out.append(f'<div class="other-deal"><h4>{_e(related.message)}, {_e(related.path)}:{related.line}</h4>'
                       f'<div class="diagram">{seats}</div></div>')
    return out, frozenset(differing)


def _grid(rows: list[list[str]], headers: list[str], dealer: str | None = None, long: int | None = None) -> str:
    """A table of ``rows`` of cells (HTML) under ``headers``; ``long``: a cell of more characters than this
    (its text as shown) is a long one, that a narrow page may break anywhere."""
    head = "".join(f'<th scope="col"{" class=dealer" if h == dealer else ""}>{h}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td{_long(cell, long)}>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _long(cell: str, long: int | None) -> str:
    return ' class="long"' if long is not None and len(html.unescape(_TAG.sub("", cell))) > long else ""


_TAG = re.compile(r"<[^>]*>")


# --- the rules on the page ------------------------------------------------------------------------

def rules_html(codes: list[str], docs: str | None = None) -> str:
    """The text of each rule of ``codes`` (what ``bridgelint rule CODE`` prints), each linked to its page on the
    documentation site."""
    known = [code for code in codes if code in RULES]
    if not known:
        return ""
    out = ['<section class="rules" id="rules"><h2>The rules on this page</h2>']
    for code in known:
        rule = RULES[code]
        out.append(f'<article class="rule" id="rule-{code}"><h3>{code} {_e(rule.name)} '
                   f'<span class="severity">({_e(rule.severities())})</span></h3>{_doc_html(rule.doc())}'
                   f'<p><a href="{_e(rule_url(code, docs))}">{code} on the documentation site</a></p></article>')
    out.append("</section>")
    return "\n".join(out)


def _doc_html(doc: str) -> str:
    """A rule's documentation: its paragraphs, and its indented examples as code."""
    out = []
    for block in re.split(r"\n\s*\n", doc.strip("\n")):
        lines = block.split("\n")
        if all(line.startswith("    ") or not line.strip() for line in lines):
            out.append("<pre>" + _e("\n".join(line[4:] for line in lines)) + "</pre>")
        else:
            out.append("<p>" + _e(" ".join(line.strip() for line in lines)) + "</p>")
    return "".join(out)


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
.diagram .table { grid-area: 2 / 2; border: 1px solid var(--line); border-radius: .3em; min-height: 4.2em; min-width: 4.2em;
                  align-self: center; display: grid; grid-template: repeat(3, 1fr) / repeat(3, 1fr);
                  font-size: .8em; text-align: center; line-height: 1.2; }
.table .seat.N { grid-area: 1 / 2; } .table .seat.S { grid-area: 3 / 2; }
.table .seat.W { grid-area: 2 / 1; } .table .seat.E { grid-area: 2 / 3; }
.table .seat { padding: 0 .25em; justify-self: center; align-self: center; }
.table .seat.vul { color: #fff; background: var(--error); border-radius: .2em; }
.table .seat.dealer { font-weight: bold; text-decoration: underline; }
.other-deal { border-left: 3px solid var(--error); padding-left: .6em; }
.parts > div { min-width: 0; max-width: 100%; }
.results { flex: 1 1 100%; }
.results table { font-size: .9em; } .results td, .results th { border-bottom: 1px solid var(--line); }
.results td.long, .results.wide th { overflow-wrap: anywhere; } .results.wide table { font-size: .8em; }
.results td:has(mark) { white-space: nowrap; }
.expected { color: var(--error); font-weight: bold; white-space: nowrap; }
.lead { outline: 2px solid #c0392b; border-radius: .15em; font-weight: bold; padding: 0 .1em; }
.differs { background: #ffe08a; color: #111; font-weight: bold; text-decoration: underline; border-radius: .15em;
           padding: 0 .05em; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.next { margin: .1em 0 .5em 1.2em; font-size: .9em; }
.rules { margin-top: 3em; } .rule { border-top: 1px solid var(--line); padding: .4em 0; }
.rule pre { background: #f4f4f4; padding: .4em .6em; overflow-x: auto; }
.rule p { margin: .3em 0; } .rule .severity { font-weight: normal; color: #555; }
a.code { text-decoration: none; } a.code:hover, a.code:focus { text-decoration: underline; }
.more li { margin-bottom: .3em; } .rest { margin: 0 0 0 1.2em; font-size: .9em; color: #555; }
.print-note { display: none; }
.hand b { display: block; font-size: .85em; white-space: nowrap; }
.hand div, .auction td, .play td, .double-dummy td { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace; white-space: nowrap; }
.suit.H, .suit.D { color: #c00; }
.auction th.dealer { text-decoration: underline; }
.auction td, .play td, .double-dummy td { border-bottom: 1px solid #eee; }
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
  body { max-width: none; padding: 0; font-size: 9pt; }
  a { color: inherit; text-decoration: none; }
  .print-note { display: block; font-style: italic; }
  .board:not(.has-error), .more:not(.errors), .rules, .file-findings .found li:not(:has(.code.error)) { display: none; }
  .board { padding: .4em; margin: .5em 0; } .parts { gap: .4em 1.2em; } .findings { margin-top: .3em; }
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
            f'<header><h1>bridgelint report</h1><p class="summary">{summary}</p>'
            '<p class="print-note">Printed: the verdict table and the boards with errors; the boards with '
            "warnings only, the findings not drawn and the rules are on the screen.</p></header>\n"
            f"<main>\n{body}\n</main>\n</body>\n</html>\n")
