"""A board drawn for people as text, with its findings in place (``bridgelint replay``, :mod:`bridgelint.cli.replay`).

``render`` draws one record: the header (board, dealer, vulnerability), the
deal as a hand diagram (North on top, West and East beside, South below),
the auction as a table with columns W N E S (the dealer's call in its
column, notes and alerts below), the play trick by trick (leader, the four
cards in play order, winner, tricks so far), the contract and result as
replayed against what the record states, and the traveller (ScoreTable) and
the ranking lines of its pairs (TotalScoreTable), a wrong cell followed by
the value its rule computes (``170 -> 140 <T105``).  A call or card that a finding
points at is marked with the finding's code (``1D <A103``), and each finding
is listed under the part of the board it is about.

The parts (``title``, ``hand_lines``, ``auction_grid``, ``play_table``,
``outcome``, ``double_dummy``, ``results_tables`` and ``table_grid``, ``place``) are drawn with a :class:`Style`; the
HTML report draws the same parts with its own style.  On a terminal suits are symbols
and findings are coloured; ``--ascii``, ``NO_COLOR``, output that is not a
terminal or a terminal whose encoding has no suit symbols give plain ASCII.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from typing import Mapping, Sequence, TextIO

from tabulate import tabulate

from ..core.bridge import RANKS, SEAT_NAMES, SEATS, Contract, seat_after, side
from ..core.findings import Finding, Related
from ..core.fingerprint import hands_of
from ..core.optimum import DIGIT_DENOMINATIONS, DIGIT_SEATS, Cell
from ..core.par import Par
from ..core.record import Record
from ..core.tables import Table, unquoted
from ..core.tokens import ALL_PASS, BID, CONTINUE, DOUBLE, END, FILLER, INVALID, PASS, REDOUBLE, SKIP, Call, Card
from ..core.wording import counted
from ..replay.context import Context
from ..replay.play_general import PlayReplay
from ..replay.semantics import Stated, call_notes, contract_text, replayed, stated
from ..rules.analysis import analysis
from ..rules.event import DuplicatedDeal, FouledBoard, RepeatedTable, TeamImps, UncomparedBoard
from ..rules.internal import InternalError
from ..rules.tables import MalformedHeader, MalformedRow
from ..rules.tag_values import ContradictoryValues, MalformedTagValue
from . import colour
from .printable import shows_suits

TABLE_ORDER = "WNES"  # auction table columns (the usual order of printed auctions)
COLUMN = 24  # width of a hand in the diagram
_SUFFIXES = {1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "!", 8: "?", 9: "!!", 10: "??", 11: "!?", 12: "?!"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


@dataclass(frozen=True, slots=True)
class Style:
    """How to draw as text: suit symbols and colour, or plain ASCII.  The HTML report has its own style."""

    fancy: bool = False

    def suit(self, suit: str) -> str:
        if not self.fancy:
            return suit
        return _ansi(SUIT_SYMBOLS[suit], "red") if suit in "HD" else SUIT_SYMBOLS[suit]

    def denomination(self, denomination: str) -> str:
        return denomination if denomination == "NT" or not self.fancy else self.suit(denomination)

    def card(self, card: str) -> str:
        return self.suit(card[0]) + card[1] if self.fancy else card

    def code(self, finding: Finding) -> str:
        text = finding.code
        return colour.severity(text, finding.severity, bold=True) \
            if self.fancy else text

    def mark(self, finding: Finding) -> str:
        """A finding's mark after the call or card it points at."""
        return f" <{self.code(finding)}"

    def bold(self, text: str) -> str:
        return _ansi(text, bold=True) if self.fancy else text

    def expected(self, value: str) -> str:
        """The value a rule computes for a table cell, after the cell as written (``170 → 140``)."""
        return f" {'→' if self.fancy else '->'} {self.text(value)}"

    def differs(self, rank: str) -> str:
        """A card's rank in a hand where the card lies in another seat in the deal it is compared with: underlined
        on a terminal, as it is in plain ASCII."""
        return f"\x1b[4m{rank}\x1b[24m" if self.fancy else rank

    def lead(self, rank: str) -> str:
        """A card's rank in the hand that holds it, where a traveller row leads it and a V rule reports that
        lead: bold on a terminal, as it is in plain ASCII."""
        return _ansi(rank, bold=True) if self.fancy else rank

    def text(self, text: str) -> str:
        """Text from the record, as it is shown."""
        return text

    def prose(self, text: str) -> str:
        """A note or comment from the record: its suit escapes (``\\S``, PBN §3.8) as suits."""
        return _SUIT_ESCAPE.sub(lambda m: self.suit(m.group(1)), self.text(text))


_SUIT_ESCAPE = re.compile(r"\\([SHDC])")
_ansi, _ANSI = colour.ansi, colour.ANSI  # one piece of code for the colour of every command


def style_for(ascii_only: bool, stream: TextIO | None = None) -> Style:
    """Symbols and colour only on a terminal that can show the symbols, without ``--ascii`` and ``NO_COLOR``."""
    stream = stream if stream is not None else sys.stdout
    fancy = not ascii_only and colour.wanted(stream) and shows_suits(stream)
    return Style(fancy)


# --- one record -------------------------------------------------------------------

def render(record: Record, findings: list[Finding], style: Style = Style(), replays: Context | None = None,
           ranking: tuple[Table, list[Finding]] | None = None) -> str:
    """The whole board as text (lines end in ``\\n``); ``replays`` shares the record's replays.  ``ranking``: the
    file's TotalScoreTable when another record holds it, and that record's findings (:func:`results_tables`)."""
    ctx = replays if replays is not None else Context(record)
    seen = stated(ctx)
    at = by_place(findings)
    sections = place(record, findings)
    out = [style.bold(title(record, seen)) + "   " + "   ".join(f"{k}: {v}" for k, v in deal_facts(seen.tags))]
    differing = fouled_cards(record, findings)
    out += finding_lines(sections["header"], style)
    out += [""] + _diagram(record, seen.players, style, differing)
    out += finding_lines(sections["deal"], style, differing)
    if record.auction is not None:
        rows, notes = auction_grid(record, ctx, at, style)
        out += ["", style.bold("Auction")] + _table(rows, list(TABLE_ORDER)) + [f"  ({n}) {text}" for n, text in notes]
        out += finding_lines(sections["auction"], style)
    if record.play is not None:
        rows, after = play_table(record, ctx, at, style)
        out += ["", style.bold("Play")] + _table(rows, list(TRICK_HEADERS)) + [f"  {line}" for line in after]
        out += finding_lines(sections["play"], style)
    out += ["", style.bold("Contract and result")] + [f"  {line}" for line in outcome(record, ctx, style)]
    out += finding_lines(sections["contract"], style)
    for part, table, numbers, found in results_tables(record, sections, ranking):
        own = record.tables.get(table.name) is table  # else the ranking another record holds, with its findings
        headers, body = table_grid(table, at if own else by_place(found), style, numbers)
        out += ["", style.bold(PART_NAMES[part]) + f" ({table_title(table, numbers)})"] + _table(body, headers)
        out += finding_lines(found, style)
    rows, best = double_dummy(record, ctx, at, style)
    grid = _table(rows, denomination_headers(style)) + ([f"  par: {best}"] if best is not None else []) if rows else []
    if grid or sections["optimum"]:
        out += ["", style.bold("Double dummy")] + grid + finding_lines(sections["optimum"], style)
    return "\n".join(out) + "\n"


def title(record: Record, seen: Stated) -> str:
    """``Board 5 (game 2, line 14)``; a board that names its room (a vugraph's ``qx``, a Room tag) names it:
    ``Board 3 (Open room, line 4)``."""
    what = f"{seen.room} room" if seen.room else numbered(record)
    return f"Board {record.board_number or '?'} ({what}, line {record.line})"


def numbered(record: Record) -> str:
    """The record's number in its file, in its format's word: ``game 2`` (PBN), ``record 2`` (the others)."""
    return f"{'game' if record.model == 'pbn' else 'record'} {record.game}"


def deal_facts(values: Mapping[str, str]) -> list[tuple[str, str]]:
    """Dealer and vulnerability, as the header shows them."""
    return [("Dealer", SEAT_NAMES.get(values["Dealer"], values["Dealer"])), ("Vulnerable", values["Vulnerable"])]


def by_place(findings: list[Finding]) -> dict[tuple[int, int], list[Finding]]:
    """The findings by (line, column), to mark the call or card they point at."""
    at: dict[tuple[int, int], list[Finding]] = {}
    for finding in findings:
        at.setdefault((finding.line, finding.column), []).append(finding)
    return at


def _table(rows: list[list[str]], headers: list[str]) -> list[str]:
    lines = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True).splitlines()
    return ["  " + line.rstrip() for line in lines]


PART_NAMES = {"header": "Header", "deal": "Deal", "auction": "Auction", "play": "Play",
              "contract": "Contract and result", "traveller": "Traveller", "ranking": "Ranking",
              "optimum": "Double dummy"}  # the parts of a board a finding is listed under, in the order drawn


def place(record: Record, findings: list[Finding]) -> dict[str, list[Finding]]:
    """Each finding under the part of the board it is about."""
    sections: dict[str, list[Finding]] = {k: [] for k in PART_NAMES}
    families = {"S": "header", "B": "header", "X": "header", "D": "deal", "A": "auction", "P": "play", "C": "contract",
                "O": "optimum"}
    play_line = record.play.line if record.play is not None else None
    auction_line = record.auction.line if record.auction is not None else None
    for finding in findings:
        part = _EVENT_PARTS.get(finding.code) or families.get(finding.code[:1])
        if finding.code[:1] in "TR":
            part = _TABLE_PARTS.get(holding_table(record, finding.line, finding.column) or "", part)
        if part is None or (part == "header" and finding.code != InternalError.code and finding.line > record.line):
            if play_line is not None and finding.line >= play_line:
                part = "play"
            elif auction_line is not None and finding.line >= auction_line:
                part = "auction"
            else:
                part = part or "header"
        sections[part].append(finding)
    return sections


_EVENT_PARTS = {**dict.fromkeys((FouledBoard.code, DuplicatedDeal.code, UncomparedBoard.code), "deal"),
                TeamImps.code: "contract"}  # the other event codes go by their line


def finding_lines(findings: list[Finding], style: Style, differing: frozenset[str] = frozenset()) -> list[str]:
    """Each finding a line; a fouled board's is followed by the other deal (the reference), the cards of
    ``differing`` drawn as such."""
    out = []
    for f in findings:
        out.append(f"  {style.code(f)} {f.severity or ''} (line {f.line}, column {f.column}): {f.full_message}")
        if f.related is not None and f.related.deal is not None:
            out += other_deal(f.related, style, differing)
    return out


def other_deal(related: Related, style: Style, differing: frozenset[str] = frozenset()) -> list[str]:
    """The deal another record holds (``related.deal``), a hand a line, under what and where it is."""
    hands = hands_of(related.deal) if related.deal is not None else {}
    lines = [f"    {related.message}, {related.path}:{related.line}:"]
    for seat, cards in hands.items():
        lines.append(f"      {SEAT_NAMES[seat]:<6} {'  '.join(suit_lines(cards or (), style, differing))}")
    return lines


def fouled_cards(record: Record, findings: list[Finding]) -> frozenset[str]:
    """The cards in which the record's deal differs from the other deal of each of its E101 findings."""
    return frozenset().union(*(differing_cards(record, hands_of(f.related.deal)) for f in findings
                               if f.code == FouledBoard.code and f.related is not None and f.related.deal is not None))


# --- the deal -----------------------------------------------------------------------

def _diagram(record: Record, players: Mapping[str, str], style: Style, differing: frozenset[str] = frozenset()
             ) -> list[str]:
    blocks = {seat: [style.bold(seat_label(players, seat)[:COLUMN - 2])] + hand_lines(record, seat, style, differing)
              for seat in "NESW"}
    pad = " " * COLUMN
    lines = [pad + line for line in blocks["N"]]
    for west, east in zip(blocks["W"], blocks["E"]):
        lines.append(_pad(west, 2 * COLUMN) + east)
    lines += [pad + line for line in blocks["S"]]
    return [line.rstrip() for line in lines]


def seat_label(players: Mapping[str, str], seat: str) -> str:
    """``North: Nora``, or ``North`` when the record names no player there (``players``: names by seat)."""
    name = SEAT_NAMES[seat]
    who = players.get(seat)
    return f"{name}: {who}" if who else name


def hand_lines(record: Record, seat: str, style: Style, differing: frozenset[str] = frozenset(),
               leads: frozenset[str] = frozenset()) -> list[str]:
    """The hand of ``seat`` a suit a line (``S AK3``), or ``(not given)``; the cards of ``differing`` (``SA``)
    drawn as such (:meth:`Style.differs`), and those of ``leads`` (:meth:`Style.lead`)."""
    hand = record.deal.hands.get(seat) if record.deal is not None else None
    if hand is None:
        return ["(not given)", "", "", ""]
    return suit_lines(hand, style, differing, leads)


def suit_lines(hand: Sequence[str], style: Style, differing: frozenset[str] = frozenset(),
               leads: frozenset[str] = frozenset()) -> list[str]:
    """A hand's cards (``SA``...) a suit a line, ranks descending, the cards of ``differing`` and ``leads`` drawn
    as such."""
    lines = []
    for suit in "SHDC":
        held = sorted((c for c in hand if c[0] == suit), key=lambda c: RANKS.index(c[1]))
        ranks = "".join(style.differs(c[1]) if c in differing else style.lead(c[1]) if c in leads else c[1]
                        for c in held)
        lines.append(f"{style.suit(suit)} {ranks or '-'}")
    return lines


def differing_cards(record: Record, other: Mapping[str, Sequence[str] | None] | None) -> frozenset[str]:
    """The cards that lie in another seat in ``other`` (a deal's hands by seat) than in the record's deal: the
    cards in which a fouled board's two deals differ."""
    if record.deal is None or not other:
        return frozenset()
    seats = {card: seat for seat, cards in other.items() for card in cards or ()}
    return frozenset(card for seat, cards in record.deal.hands.items() for card in cards or ()
                     if card in seats and seats[card] != seat)


def _pad(text: str, width: int) -> str:
    visible = len(_ANSI.sub("", text))
    return text + " " * max(1, width - visible)


# --- the auction ------------------------------------------------------------------------

def _call_text(call: Call, style: Style) -> str:
    if call.kind == BID:
        return f"{call.level}{style.denomination(call.denomination)}"
    return {PASS: "Pass", DOUBLE: "X", REDOUBLE: "XX", ALL_PASS: "All pass", FILLER: "-", SKIP: "^S",
            END: "*", CONTINUE: "+"}.get(call.kind) or style.text(call.token)


def _marks(item: Call | Card, at: dict[tuple[int, int], list[Finding]], style: Style) -> str:
    found: list[Finding] = []
    for where in ((item.line, item.column), (item.mark_line, item.mark_column), (item.note_line, item.note_column)):
        for finding in at.get(where, []):
            if finding not in found:
                found.append(finding)
    return "".join(style.mark(f) for f in found)


def _annotation(item: Call | Card, note: int | None) -> str:
    text = "".join(_SUFFIXES.get(n, "") for n in item.nags)
    text += "".join(f" ${n}" for n in item.nags if n not in _SUFFIXES)
    return text + (f"({note})" if note is not None else "")


def auction_grid(record: Record, ctx: Context, at: dict[tuple[int, int], list[Finding]],
                 style: Style) -> tuple[list[list[str]], list[tuple[int, str]]]:
    """The auction in rows of columns W N E S (the dealer's call in its column), and its notes by number.

    LIN notes are numbered from 1 in the order of the calls; an alert without explanation is only ``!``.
    """
    auction = record.auction
    if auction is None:
        return [], []
    replay = replayed(ctx, "auction")
    seats = replay.seats if replay is not None else [None] * len(auction.calls)
    numbers, texts = call_notes(record)
    if record.model == "lin":
        shown = {old: new for new, old in enumerate(sorted(n for n, text in texts.items() if text), 1)}
        numbers = {key: shown[n] for key, n in numbers.items() if n in shown}
        texts = {shown[n]: texts[n] for n in shown}
    rows: list[list[str]] = []
    row = [""] * 4
    last = -1
    started = False
    for index, call in enumerate(auction.calls):
        if call.kind == FILLER and not started:
            continue
        started = True
        seat = seats[index]
        col = TABLE_ORDER.index(seat) if seat else (last + 1) % 4
        if col <= last or row[col]:
            rows.append(row)
            row = [""] * 4
        text = ("^I " if call.mark == "I" else "") + _call_text(call, style)
        if call.alert:
            text += "!"
        text += _annotation(call, numbers.get(id(call))) + _marks(call, at, style)
        row[col] = text
        last = col
    if any(row):
        rows.append(row)
    return rows, [(n, style.prose(texts[n])) for n in sorted(texts) if texts[n]]


# --- the play -----------------------------------------------------------------------------

TRICK_HEADERS = ("trick", "lead", "cards", "won by", "NS", "EW")


def play_table(record: Record, ctx: Context, at: dict[tuple[int, int], list[Finding]],
               style: Style) -> tuple[list[list[str]], list[str]]:
    """The play trick by trick (columns :data:`TRICK_HEADERS`), and the lines after it: stops, claim, notes."""
    play = record.play
    if play is None:
        return [], []
    replay = replayed(ctx, "play")
    tricks = replay.tricks if replay is not None else []
    rows: list[list[Card]] = []
    row: list[Card] = []
    stops: list[Card] = []
    for card in play.cards:
        if card.kind in (END, CONTINUE):
            stops.append(card)
        if card.kind != END:
            row.append(card)
        if len(row) == 4 or (card.kind == END and row):
            rows.append(row)
            row = []
    if row:
        rows.append(row)
    won = {"NS": 0, "EW": 0}
    table = []
    for number, cards in enumerate(rows, 1):
        trick = tricks[number - 1] if number <= len(tricks) else None
        if trick is not None and len(trick.cards) == 4:
            won[side(trick.winner)] += 1
            shown = " ".join(_card_text(card, at, style) for _, card in trick.cards)
            table.append([str(number), SEAT_NAMES[trick.leader], shown, SEAT_NAMES[trick.winner],
                          str(won["NS"]), str(won["EW"])])
        else:
            leader = tricks[-1].winner if tricks and number == len(tricks) + 1 else (None if tricks else _first(replay))
            if leader is not None and play.by_seat and all(c.seat for c in cards):
                cards = sorted(cards, key=lambda c: (SEATS.index(c.seat or "") - SEATS.index(leader)) % 4)
                shown = " ".join(_card_text(c, at, style) for c in cards)
            else:
                shown = " ".join((f"{c.seat}:" if c.seat and play.by_seat else "") + _card_text(c, at, style)
                                 for c in cards)
            table.append([str(number), SEAT_NAMES.get(leader or "", "?") if number == len(tricks) + 1 else "?", shown,
                          "", "", ""])
    after = []
    for stop in stops:
        what = "the play stops here: nothing more will be given" if stop.kind == END else \
            "the play continues later from here"
        after.append(f"{style.text(stop.token)}  {what}{_marks(stop, at, style)}")
    if play.claim is not None:
        value = play.claim.value
        after.append(f"claim: declarer's side takes {value if value is not None else '?'} tricks in all"
                     f"{_marks_at(play.claim.line, play.claim.column, at, style)}")
    for n, tag in sorted(play.notes.items()):
        after.append(f"({n}) {style.prose(tag.value.split(':', 1)[-1])}")
    return table, after


def _first(replay: PlayReplay | None) -> str | None:
    """The opening leader, when no trick was completed."""
    return seat_after(replay.declarer) if replay is not None and replay.declarer else None


def _card_text(card: Card, at: dict[tuple[int, int], list[Finding]], style: Style) -> str:
    if card.kind == "card":
        text = style.card(card.card)
    elif card.kind == INVALID:
        text = style.text(card.token) or "?"
    else:
        text = style.text(card.token)
    if card.mark:
        text = f"^{card.mark} " + text
    return text + _annotation(card, card.note) + _marks(card, at, style)


def _marks_at(line: int, column: int, at: dict[tuple[int, int], list[Finding]], style: Style) -> str:
    return "".join(style.mark(f) for f in at.get((line, column), []))


# --- double dummy -------------------------------------------------------------------------

def double_dummy(record: Record, ctx: Context, at: dict[tuple[int, int], list[Finding]],
                 style: Style) -> tuple[list[list[str]], Par | None]:
    """The record's double-dummy table as rows (declarers down, a seat's name then its tricks in each
    denomination of :func:`denomination_headers`), each cell a finding names marked with its code, and the par
    of the table for the board's dealer and vulnerability (None: not known); no rows when there is no table."""
    found = analysis(ctx)
    readings = [reading for reading in found.readings if reading.cells] if found is not None else []
    if found is None or not readings:
        return [], None
    marks: dict[tuple[str, str], str] = {}
    for reading in readings:
        for key, cell in reading.cells.items():
            marks[key] = marks.get(key, "") + _marks_at(cell.line, cell.column, at, style)
    cells = found.cells or readings[0].cells
    rows = [[SEAT_NAMES[seat]] + [_tricks(cells.get((seat, d))) + marks.get((seat, d), "") for d in DIGIT_DENOMINATIONS]
            for seat in DIGIT_SEATS]
    dealer = record.dealer.value if record.dealer is not None else None
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    return rows, found.par(dealer, vulnerable) if dealer is not None and vulnerable is not None else None


def denomination_headers(style: Style) -> list[str]:
    """The headers of :func:`double_dummy`'s rows: none over the seats, then the denominations."""
    return ["", *(style.denomination(d) for d in DIGIT_DENOMINATIONS)]


def _tricks(cell: Cell | None) -> str:
    return "?" if cell is None else str(cell.low) if cell.low == cell.high else f"{cell.low}-{cell.high}"


# --- contract and result ------------------------------------------------------------------

def outcome(record: Record, ctx: Context, style: Style) -> list[str]:
    """The contract and result as replayed, next to what the record states."""
    lines = []
    replay = replayed(ctx, "auction")
    if replay is not None:
        if replay.contract is not None:
            lines.append(f"auction: {_contract(replay.contract, replay.declarer, style)}")
        elif replay.unfinished is not None:
            lines.append(f"auction: unfinished ('{style.text(replay.unfinished.token)}')")
        else:
            lines.append("auction: no final contract (the auction did not end)")
    written = _written(record, style)
    if written is not None:
        lines.append(written)
    said = stated(ctx).outcome
    contract, declarer, tricks = said.contract, said.declarer, said.tricks
    play = replayed(ctx, "play")
    if play is not None and play.declarer is not None and not play.stopped:
        own = side(play.declarer)
        lines.append(f"play: declarer's side won {play.won[own]} of {len(play.tricks)} tricks played")
    scored = None
    if tricks is not None and declarer is not None and contract is not None and contract.level:
        difference = tricks - contract.level - 6
        how = "made" if difference == 0 else (f"made, +{difference}" if difference > 0 else f"down {-difference}")
        lines.append(f"result: {tricks} tricks for declarer ({how})")
        if said.score is not None:
            scored = f"{side(declarer)} {said.score if side(declarer) == 'NS' else -said.score}"
    replayed_score = f"Law 77 gives {scored}" if scored is not None else ""
    if record.score is not None:
        lines.append(f"score: tag \"{style.text(record.score.raw or '')}\"" + (f", {replayed_score}" if scored else ""))
    elif scored is not None:
        lines.append(f"score: {replayed_score} (no score in the record)")
    return lines


def _written(record: Record, style: Style) -> str | None:
    """The contract and result as the record writes them: a LIN board's ``rs`` entry (None without one), a PBN
    game's Contract, Declarer and Result tags."""
    if record.model == "lin":
        return f"rs entry: {style.text((record.contract.raw or '').strip())}" if record.contract is not None else None
    contract = record.contract.value if record.contract is not None else None
    declarer = record.declarer.value[0] if record.declarer is not None else None
    tags = _contract(contract, declarer, style) if contract is not None else (
        f"\"{style.text(record.contract.raw or '')}\"" if record.contract is not None else "none")
    if record.result is not None:
        tags += f", Result \"{style.text(record.result.raw or '')}\""
    traveller = record.tables.get(TRAVELLER)
    if record.contract is None and traveller is not None and len(traveller):
        tags += f" (the traveller below holds {counted(len(traveller), 'result')})"
    return f"tags: {tags}"


def _contract(contract: Contract | None, declarer: str | None, style: Style) -> str:
    if contract is None:
        return "none"
    if contract.passed_out and not contract.denomination:
        return "passed out"
    text = contract_text(contract)
    if contract.level:
        text = f"{contract.level}{style.denomination(contract.denomination)}{contract.risk}"
    return text + (f" by {SEAT_NAMES[declarer]}" if declarer else "")


# --- the traveller and the ranking ----------------------------------------------------------

TRAVELLER, RANKING = "ScoreTable", "TotalScoreTable"
_TABLE_PARTS = {TRAVELLER: "traveller", RANKING: "ranking", "OptimumResultTable": "optimum"}
_PAIR_COLUMNS = ("PairId_NS", "PairId_EW", "PlayerId_North", "PlayerId_South", "PlayerId_East", "PlayerId_West")
_RANKED_BY = ("PairId", "PlayerId")
MANY_ROWS = 100  # a table longer than this shows only the rows a board's findings or pairs are on


def holding_table(record: Record, line: int, column: int) -> str | None:
    """The name of the record's table whose text holds (``line``, ``column``): its tag or its rows."""
    for name, table in record.tables.items():
        end = table.element_place(table.element_count - 1)[0] if table.element_count else table.tag.line
        if (table.tag.line, table.tag.column) <= (line, column) and line <= end:
            return name
    return None


def results_tables(record: Record, sections: dict[str, list[Finding]],
                   ranking: tuple[Table, list[Finding]] | None = None
                   ) -> list[tuple[str, Table, list[int] | None, list[Finding]]]:
    """The traveller and the ranking to draw with a board, as (part, table, rows (None: every row), findings
    listed with it), from the findings placed by :func:`place`: the whole ScoreTable; the record's
    TotalScoreTable, only its rows of the traveller's pairs and those a finding stands on when the record has a
    traveller too; else ``ranking`` (the file's TotalScoreTable, which another record holds, and that record's
    findings), its rows of the traveller's pairs with the findings that stand on them.  A table of more than
    :data:`MANY_ROWS` rows shows only those rows (its rows a finding stands on, for a traveller)."""
    out: list[tuple[str, Table, list[int] | None, list[Finding]]] = []
    traveller = record.tables.get(TRAVELLER)
    pairs = pairs_of(traveller) if traveller is not None else set()
    if traveller is not None:
        found = sections["traveller"]
        out.append(("traveller", traveller, None if len(traveller) <= MANY_ROWS else rows_on(traveller, set(), found),
                    found))
    own = record.tables.get(RANKING)
    if own is not None:
        found = sections["ranking"]
        rows = rows_on(own, pairs, found) if traveller is not None or len(own) > MANY_ROWS else None
        if rows is None or rows or found:
            out.append(("ranking", own, rows, found))
    elif ranking is not None and pairs:
        table, found = ranking
        rows = rows_on(table, pairs, [])
        places = {table.element_place(i) for row in rows for i in table.span(row)}
        if rows:
            out.append(("ranking", table, rows, [f for f in found if (f.line, f.column) in places]))
    return out


def pairs_of(traveller: Table) -> set[str]:
    """The pairs (or players) a traveller lists, by their ids as written (unquoted)."""
    positions = [at for name in _PAIR_COLUMNS if (at := traveller.column_index(name)) is not None]
    return {unquoted(row[at]) for row in traveller.texts() for at in positions if at < len(row)}


def rows_on(ranking: Table, pairs: set[str], findings: list[Finding]) -> list[int]:
    """The rows of ``ranking`` that rank one of ``pairs`` (by its PairId or PlayerId), or that a finding of
    ``findings`` stands on."""
    at = next((at for name in _RANKED_BY if (at := ranking.column_index(name)) is not None), None)
    places = {(f.line, f.column) for f in findings}
    return [number for number, row in enumerate(ranking.texts())
            if at is not None and at < len(row) and unquoted(row[at]) in pairs
            or any(ranking.element_place(i) in places for i in ranking.span(number))]


def table_grid(table: Table, at: dict[tuple[int, int], list[Finding]], style: Style,
               rows: list[int] | None = None) -> tuple[list[str], list[list[str]]]:
    """A table's headers and its ``rows`` (None: all), each cell as written, a cell a finding points at marked
    with its code and followed by the value the rule computes for it (:attr:`Finding.expected`)."""
    headers = [style.text(column.name) for column in table.columns]
    body = []
    for number in range(len(table)) if rows is None else rows:
        cells = []
        for index in table.span(number):
            found = at.get(table.element_place(index), [])
            expected = next((f.expected for f in found if f.expected is not None), None)
            cells.append(style.text(table.element_text(index)) + (style.expected(expected) if expected else "")
                         + "".join(style.mark(f) for f in found))
        body.append(cells + [""] * (len(headers) - len(cells)))
    width = max((len(row) for row in body), default=0)
    return headers + [""] * (width - len(headers)), body


def table_title(table: Table, rows: list[int] | None) -> str:
    """``ScoreTable, line 40``; ``TotalScoreTable, line 101, 2 rows of 8`` for some of its rows."""
    some = rows is not None and len(rows) < len(table)
    return f"{table.name}, line {table.tag.line}" + (f", {len(rows or ())} of {counted(len(table), 'row')}" if some else "")


# --- what a director does next ------------------------------------------------------------------

_NEXT_STEPS = {
    "S": "export the file again from the scoring program; what follows a damaged line may be lost",
    "B": "correct the board's header in the scoring program (or its export settings) and export again",
    "D": "compare the deal with the hand record and the boards, correct it and export again",
    "A": "check the auction with the table (the players, the bidding slips) and correct the record",
    "C": "check the contract and result with the table's pick-up slip and correct the one that is wrong",
    "P": "check the play with the table: the result recorded may be wrong",
    "N": "nothing changes a score: tidy the notes before the records are published",
    "E": "check which tables played which deal (Law 87), then score the board as the Law says",
    "T": "correct the score in the scoring program and export again",
    "R": "correct the result in the scoring program, score the event again and export again",
    "O": "solve the deals again and replace the hand record's double-dummy tags",
    "X": "report the record to bridgelint: the finding is a bug of bridgelint, not of the file",
}
_NEXT_STEPS_OF = {
    FouledBoard.code: "check which tables played which deal (Law 87) and score the board as the Law says",
    DuplicatedDeal.code: "check that the two boards were dealt apart; a deal played under two numbers is scored as "
                         "Law 6 says",
    RepeatedTable.code: "keep the one record of the board that the table played, delete the other and export again",
    TeamImps.code: "correct the team IMPs in the scoring program (Law 78B) and export again",
    UncomparedBoard.code: "give the hand record of every session checked, or check each session with its own hand "
                          "record",
    MalformedHeader.code: "export the file again from the scoring program: the table's columns are damaged",
    MalformedRow.code: "export the file again from the scoring program: a row of the table is damaged",
    MalformedTagValue.code: "correct the tag's value in the scoring program and export again",
    ContradictoryValues.code: "correct the tag's value in the scoring program and export again",
}


def next_step(code: str) -> str | None:
    """What a director does next about a finding of ``code``, in a plain line; None for an unknown family."""
    return _NEXT_STEPS_OF.get(code) or _NEXT_STEPS.get(code[:1])
