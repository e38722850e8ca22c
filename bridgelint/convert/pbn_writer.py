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
was read, and comments and application escape lines are not carried over.
LIN records have their contract, declarer and result from the ``rs`` entry or
else from the auction and the claim, their alerts and explanations as auction
notes, and their cards placed in seat columns by the play replay (who led and won each trick).
"""

from __future__ import annotations

import re
from functools import cmp_to_key
from typing import IO

from ..core.bridge import SEATS, parse_seat, seat_after
from ..core.record import Play, Record
from ..core.tables import Column
from ..core.tokens import ALL_PASS, BID, CONTINUE, DOUBLE, END, FILLER, INVALID, PASS, REDOUBLE, SKIP, Call, Card
from ..replay.context import Context
from ..replay.play import declared
from ..replay.semantics import CONTROL, MANDATORY, NOTE_VALUE, SECTION_TAGS, UNKNOWN, call_notes, header, replayed
from ..core.tables import sort_key

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
    values, extra = header(record, ctx)
    dealer = parse_seat(values["Dealer"])
    lines = [tag_line(name, values[name]) for name in MANDATORY]
    lines += [tag_line(name, value) for name, value in sorted(extra)]
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
    tokens = [("-", True)] * fillers
    for call in rest:
        tokens.append((_annotated(_call_token(call), call, numbers.get(id(call))), call.kind not in (END, CONTINUE)))
    lines = [tag_line("Auction", anchor or UNKNOWN)] + _rows(tokens)
    lines += [tag_line("Note", f"{n}:{texts[n]}") for n in sorted(texts)]
    return lines


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
    """Four slots a line; a token that takes no slot (``*``) stays on its line."""
    lines: list[list[str]] = []
    slots = 4
    for text, slot in tokens:
        if not lines or (slot and slots == 4):
            lines.append([])
            slots = 0
        lines[-1].append(text)
        slots += slot
    return [" ".join(line) for line in lines]


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
        return _lin_play_order(play, declarer)
    claim_at = (play.claim.line, play.claim.column) if play.claim is not None else None
    opening = seated[0].leader
    columns = [seat_after(opening, i) for i in range(4)]
    rows: list[str] = []
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
    if not claimed:
        _end_with_claim(rows)
    return opening, rows


def _end_with_claim(rows: list[str]) -> None:
    if rows:
        rows[-1] += " *"
    else:
        rows.append("*")


def _lin_play_order(play: Play, declarer: str | None) -> tuple[str | None, list[str]]:
    tokens = [(_annotated(_card_token(c), c, None), True) for c in play.cards]
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
