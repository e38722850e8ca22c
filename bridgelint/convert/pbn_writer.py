"""PBN 2.1 export format writer (PBN §2-§3): one record in, one game out.

``game_text`` turns a record of either reader into one game in export
format: the fifteen tags of the Mandatory Tag Set in their order, the other
tags sorted by name, the auction section (from the dealer, four calls a line,
canonical tokens, notes then NAGs after a call, the Note tags), the play
section (seat columns from the Play seat, one trick a line, a claim as ``*``)
and the supplemental tables sorted by name; CRLF line ends.  ``PbnWriter``
writes games to a binary stream after the ``% PBN 2.1`` / ``% EXPORT`` header.

Conversion never invents data: a value the record does not give is ``"?"``
(PBN §3.4: unknown), a value the export format cannot carry is written as it
was read, and a PBN file's comments and application escape lines are not
carried over.  A LIN board's commentary (``nt``, vugraph chat) is: each text
as a ``{…}`` commentary (PBN §3.8) after the call it follows, or at the end of
the row of the trick whose card it follows (before the first call: first in
the auction section), its suit escapes (``@S``, ``!S``) as PBN's (``\\S``).
LIN records have their contract, declarer and result from the ``rs`` entry or
else from the auction and the claim, their alerts and explanations as auction
notes, and their cards placed in seat columns by the play replay (who led and won each trick).
"""

from __future__ import annotations

import re
from functools import cmp_to_key
from typing import IO

from ..core.bridge import SEATS, parse_seat, seat_after
from ..core.lin_match import commentary
from ..core.record import Play, Record
from ..core.tables import Column, sort_key
from ..core.tokens import ALL_PASS, BID, CONTINUE, DOUBLE, END, FILLER, INVALID, PASS, REDOUBLE, SKIP, Call, Card
from ..replay.context import Context
from ..replay.play import declared
from ..replay.semantics import CONTROL, MANDATORY, NOTE_VALUE, SECTION_TAGS, UNKNOWN, call_notes, replayed, stated

CRLF = "\r\n"
HEADER = "% PBN 2.1" + CRLF + "% EXPORT" + CRLF + CRLF
_CALL_TEXT = {PASS: "Pass", DOUBLE: "X", REDOUBLE: "XX", ALL_PASS: "AP", FILLER: "-", SKIP: "^S", END: "*",
              CONTINUE: "+"}
_NOT_IN_WORD = re.compile(r"[\s\[\]{};\"%!?=$^]")  # characters a PBN token cannot hold


class PbnWriter:
    """Writes records as PBN export format games to a binary stream (UTF-8)."""

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.games = 0

    def header(self) -> None:
        """The file header; written before the first game, or alone for a file without games."""
        if self.games == 0:
            self.stream.write(HEADER.encode("ascii"))
            self.games = -1

    def write(self, record: Record, ctx: Context | None = None) -> None:
        if self.games == 0:
            self.header()
        if self.games > 0:
            self.stream.write(CRLF.encode("ascii"))  # exactly one empty line between games (PBN §3)
        self.games = max(self.games, 0) + 1
        self.stream.write(game_text(record, ctx).encode("utf-8"))


def game_text(record: Record, ctx: Context | None = None) -> str:
    """One game in PBN export format, every line ending in CRLF."""
    ctx = ctx if ctx is not None else Context(record)
    seen = stated(ctx)
    dealer = parse_seat(seen.tags["Dealer"])
    lines = [tag_line(name, seen.tags[name]) for name in MANDATORY]
    lines += [tag_line(name, value) for name, value in sorted(seen.extra)]
    lines += _auction_lines(record, dealer)
    lines += _play_lines(record, ctx)
    lines += _table_lines(record)
    return CRLF.join(lines) + CRLF


def tag_line(name: str, value: str) -> str:
    """``[Name "value"]`` with PBN string escapes (§3.3); tabs, line breaks and other control characters that
    read as white space become spaces, the rest ``?``: what the value says on reading it again is unchanged (a
    character that is no rank stays one, a space stays one).  A column's width in a table header stays as PBN
    §5.2 and every program write it, ``Rank\\2R``: its backslash is not doubled."""
    value = _NOT_A_WIDTH.sub(r"\\\\", CONTROL.sub(_printable, value)).replace('"', '\\"')
    return f'[{name} "{value}"]'


_NOT_A_WIDTH = re.compile(r"\\(?![0-9]+[LR]?(?:;|$))")  # a backslash that does not start a column's width


def _printable(control: re.Match) -> str:
    return " " if control.group().isspace() else "?"


# --- auction section ----------------------------------------------------------

def _auction_lines(record: Record, dealer: str | None) -> list[str]:
    auction = record.auction
    if auction is None:
        return []
    calls = auction.calls
    seat = auction.seat or dealer
    i = 0
    while i < len(calls) and calls[i].kind == FILLER:  # the turns before the dealer's
        seat = seat_after(seat) if seat else None
        i += 1
    rest = calls[i:]
    anchor = dealer or seat
    fillers = 0
    if anchor and seat and any(c.kind not in (END, CONTINUE) for c in rest):
        fillers = (SEATS.index(seat) - SEATS.index(anchor)) % 4  # the first call is not the dealer's: kept so
    numbers, texts = call_notes(record)
    said = _said(record, calls, end=_first_card(record))
    tokens = [("-", True)] * fillers + [(text, False) for text in said.pop(-1, [])]
    for call in rest:
        tokens.append((_annotated(_call_token(call), call, numbers.get(id(call))), call.kind not in (END, CONTINUE)))
        tokens += [(text, False) for text in said.pop(id(call), [])]
    lines = [tag_line("Auction", anchor or UNKNOWN)] + _rows(tokens)
    lines += [tag_line("Note", f"{n}:{texts[n]}") for n in sorted(texts)]
    return lines


def _said(record: Record, items: list[Call] | list[Card], end: tuple[int, int] | None = None
          ) -> dict[int, list[str]]:
    """A LIN board's commentary (:func:`commentary`) that follows ``items`` (calls or cards, by ``id``; -1: before
    the first), up to the place ``end``, as PBN commentary ``{…}``."""
    found: dict[int, list[str]] = {}
    places = [((item.line, item.column), id(item)) for item in items]
    at = 0
    for line, column, text in commentary(record):
        if end is not None and (line, column) > end:
            break
        while at < len(places) and places[at][0] < (line, column):
            at += 1
        found.setdefault(places[at - 1][1] if at else -1, []).append(_commentary(text))
    return found


def _first_card(record: Record) -> tuple[int, int] | None:
    play = record.play
    cards = play.cards if play is not None else []
    return (cards[0].line, cards[0].column) if cards else None


_SUIT_ESCAPE = re.compile(r"[@!]([SHDC])", re.IGNORECASE)


def _commentary(text: str) -> str:
    """A commentary text as PBN writes it (§3.8): in braces, without one that would close it, BBO's suit escapes
    (``@S``, ``!S``) as PBN's (``\\S``)."""
    return "{" + _SUIT_ESCAPE.sub(lambda m: "\\" + m.group(1).upper(), text.replace("}", ")")) + "}"


def _call_token(call: Call) -> str:
    if call.kind == BID:
        return f"{call.level}{call.denomination}"
    if call.kind == INVALID:
        return _word(call.token)
    return _CALL_TEXT[call.kind]


def _word(token: str) -> str:
    """A token that is no call or card, with what a PBN token cannot hold replaced by ``_``."""
    word = _NOT_IN_WORD.sub("_", token) or "_"
    return "_" + word if word in ("-", "*", "+") else word


def _annotated(token: str, item: Call | Card, note: int | None) -> str:
    """Mark, token, note, NAGs in increasing order (PBN §3.5.2 export format)."""
    parts = [f"^{item.mark}"] if item.mark else []
    parts.append(token)
    if note is not None:
        parts.append(f"={note}=")
    parts += [f"${n}" for n in sorted(item.nags)]
    return " ".join(parts)


def _rows(tokens: list[tuple[str, bool]]) -> list[str]:
    """Four slots a line; a token that takes no slot (``*``) stays on its line; a commentary (``{…}``) goes on
    lines of its own after the line of the token it follows (:func:`_commentary_lines`)."""
    lines: list[list[str]] = []
    said: dict[int, list[str]] = {}  # the commentary after each line
    slots = 4
    for text, slot in tokens:
        if text.startswith("{"):
            said.setdefault(len(lines) - 1, []).append(text)
            continue
        if not lines or (slot and slots == 4):
            lines.append([])
            slots = 0
        lines[-1].append(text)
        slots += slot
    out = _commentary_lines(said.get(-1, []))
    for at, line in enumerate(lines):
        out += [" ".join(line), *_commentary_lines(said.get(at, []))]
    return out


def _commentary_lines(texts: list[str]) -> list[str]:
    """Commentaries (``{…}``) a line each, a long one cut between words so that no line is over :data:`WIDEST`
    characters, its end included (PBN §2.3; a comment may span lines, §3.8)."""
    lines: list[str] = []
    for text in texts:
        line = ""
        for word in text.split(" "):
            while len(word) > WIDEST - 2:  # a word longer than a line: cut it
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:WIDEST - 2])
                word = word[WIDEST - 2:]
            if line and len(line) + 1 + len(word) > WIDEST - 2:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines


# --- play section ---------------------------------------------------------------

def _play_lines(record: Record, ctx: Context) -> list[str]:
    play = record.play
    if play is None:
        return []
    numbers = {id(card): card.note for card in play.cards if card.note is not None}
    texts = {}
    for n, tag in play.notes.items():
        m = NOTE_VALUE.match(tag.value)
        texts[n] = m.group(2) if m else tag.value
    if play.by_seat:
        seat = play.seat
        tokens = [(_annotated(_card_token(c), c, numbers.get(id(c))), c.kind != END) for c in play.cards]
        rows = _rows(tokens)
    else:
        seat, rows = lin_play_rows(record, play, ctx)
    lines = [tag_line("Play", seat or UNKNOWN)] + rows
    lines += [tag_line("Note", f"{n}:{texts[n]}") for n in sorted(texts)]
    return lines


def _card_token(card: Card) -> str:
    if card.kind == "card":
        return card.suit + card.rank
    if card.kind == "unknown":
        return "-"
    if card.kind == INVALID:
        return _word(card.token)
    return _CALL_TEXT[card.kind]


def lin_play_rows(record: Record, play: Play, ctx: Context) -> tuple[str | None, list[str]]:
    """LIN cards (in play order) as PBN rows in seat columns, and the Play seat.

    The seats are the play replay's (``PlayReplay.seated``: each trick led by
    the holder of its first card, else by the winner of the last trick, the
    cards clockwise, also after the replay stops); a lead by another player
    than that winner is marked ``^L``.  A claim becomes ``*`` after the last
    card played before it.  When the seats cannot be told (no deal and no
    declarer) or there is no card, the cards stay in play order from
    declarer's left-hand opponent.
    """
    _, declarer = declared(record, replayed(ctx, "auction"))
    replay = replayed(ctx, "play")
    seated = replay.seated() if replay is not None else []
    if not seated or sum(len(trick.cards) for trick in seated) < len(play.cards):
        return _lin_play_order(record, play, declarer)
    claim_at = (play.claim.line, play.claim.column) if play.claim is not None else None
    opening = seated[0].leader
    columns = [seat_after(opening, i) for i in range(4)]
    said = _said(record, play.cards)
    rows: list[str] = []  # a trick a row
    after: list[list[str]] = []  # the commentary lines after each row
    claimed = claim_at is None
    last_winner = None
    for trick in seated:
        texts = {seat: _annotated(_card_token(card), card, None) for seat, card in trick.cards}
        if last_winner is not None and trick.leader != last_winner:
            texts[trick.leader] = "^L " + texts[trick.leader]
        last_winner = trick.winner
        last = max(i for i, seat in enumerate(columns) if seat in texts)
        row = " ".join(texts.get(seat, "-") for seat in columns[:last + 1])
        before = [claim_at is None or (card.line, card.column) < claim_at for _, card in trick.cards]
        if not claimed and not any(before):  # the claim came before this trick: after the last row, or first on
            if rows:                          # this one, where PBN's reader puts a claim that no card comes before
                _end_with_claim(rows)
            else:
                row = "* " + row
            claimed = True
        elif not claimed and not all(before):  # the claim came within this trick
            row += " *"
            claimed = True
        rows.append(row)
        after.append(_commentary_lines([text for _, card in trick.cards for text in said.pop(id(card), [])]))
    if not claimed:
        _end_with_claim(rows)
    return opening, [line for row, lines in zip(rows, after) for line in (row, *lines)]


def _end_with_claim(rows: list[str]) -> None:
    if rows:
        rows[-1] += " *"
    else:
        rows.append("*")


def _lin_play_order(record: Record, play: Play, declarer: str | None) -> tuple[str | None, list[str]]:
    said = _said(record, play.cards)  # what comes before the first card is the auction's
    tokens: list[tuple[str, bool]] = []
    for card in play.cards:
        tokens += [(_annotated(_card_token(card), card, None), True), *((text, False) for text in said.pop(id(card), []))]
    if play.claim is not None:
        tokens.append(("*", False))
    return (seat_after(declarer) if declarer else None), _rows(tokens)


# --- supplemental sections -------------------------------------------------------

def _table_lines(record: Record) -> list[str]:
    """The sections sorted by name (PBN §3.1); a row a line, elements padded to their columns'
    widths and rows in the order of the sorted columns (§5.2)."""
    lines = []
    for name in sorted(record.tables):
        if name in SECTION_TAGS or name in MANDATORY:
            continue
        table = record.tables[name]
        lines.append(tag_line(name, table.tag.value))
        lines += [_table_row(table.columns, row) for row in _sorted_rows(table.columns, list(table.texts()))]
    return lines


def _sorted_rows(columns: list[Column], rows: list[list[str]]) -> list[list[str]]:
    """Stable sort on the first '+'/'-' column, later marked columns breaking ties; rows with
    an element that cannot be compared stay in the order they were written."""
    marked = [(i, column.order == "+") for i, column in enumerate(columns) if column.order]
    if not marked:
        return rows
    keys = []
    for row in rows:
        key = [sort_key(row[i]) if i < len(row) else None for i, _ in marked]
        if None in key:
            return rows
        keys.append(key)

    def compare(a: tuple[list, list[str]], b: tuple[list, list[str]]) -> int:
        for (x, y), (_, descending) in zip(zip(a[0], b[0]), marked):
            if x != y:
                return (-1 if x < y else 1) * (-1 if descending else 1)
        return 0

    return [row for _, row in sorted(zip(keys, rows), key=cmp_to_key(compare))]


WIDEST = 255  # a line's most characters in PBN (§2.3): a column said to be wider is not padded


def _table_row(columns: list[Column], row: list[str]) -> str:
    """Elements separated by one space, each padded to its column's minimum width (left unless R), unless the
    width is over :data:`WIDEST` (``Rank\\99999999R`` would make a 100 MB file of a small one)."""
    cells = []
    for i, text in enumerate(row):
        column = columns[i] if i < len(columns) else None
        if column is not None and len(text) < column.width <= WIDEST:
            text = text.rjust(column.width) if column.align == "R" else text.ljust(column.width)
        cells.append(text)
    return " ".join(cells).rstrip()
