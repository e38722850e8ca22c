"""A record's sighting (:class:`~bridgelint.core.sighting.Sighting`): what the event checks take from it."""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from hashlib import blake2b
from typing import Callable

from ...core.bridge import SEAT_NAMES, Contract, Result, is_vulnerable, parse_score, side
from ...core.digits import is_digits, matched, whole
from ...core.fingerprint import fingerprint
from ...core.lin_match import match_event, match_fields, match_tag, match_teams, room
from ...core.record import Record
from ...core.scoring import score
from ...core.sighting import KEY_TAGS, ROOMS, Sighting
from ...core.tables import CONTRACT, MALFORMED, SCORE, TRICKS, Table
from ...core.tags import Field, Tag, known
from ...core.tokens import BID, DOUBLE, PASS, PLAIN_CALLS, REDOUBLE
from ...replay.context import Context, per_record

# records with equal values of KEY_TAGS are one event; a teams match (HomeTeam, VisitTeam) is an event of its
# own.  The Date is not part of the key: it separates the sessions of a multi-day event only where a board's deals
# split by day
_CALLS = frozenset((PASS, DOUBLE, REDOUBLE, BID))
_TABLE, _ROOM, _DEAL, _SCORE_IMP, _DATE = range(len(KEY_TAGS), len(KEY_TAGS) + 5)
_WANTED = {**{name: i for i, name in enumerate(KEY_TAGS)}, "Table": _TABLE, "Room": _ROOM, "Deal": _DEAL,
           "ScoreIMP": _SCORE_IMP, "Date": _DATE}  # the tags sight() reads, by index
NO_DATE = -1  # the day of a record that writes no Date (a day carried from the game before it may replace it)
_DAY = re.compile(r"([0-9]{4})[.-]([0-9]{1,2}|\?+)[.-]([0-9]{1,2}|\?+)(?:[ T][0-9:.?]*)?")


@lru_cache(maxsize=256)
def day_number(value: str) -> int:
    """The day a Date value gives (``YYYY.MM.DD`` or ``YYYY-MM-DD``, with or without a time of day after it), as
    ``date.toordinal()``; 0 when not known (a ``?`` part, a value that is no such date)."""
    m = _DAY.fullmatch(value.strip())
    if m is None or not (m[2].isdigit() and m[3].isdigit()):
        return 0
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).toordinal()
    except ValueError:  # no such day (month 13, year 0)
        return 0


_NO_VALUE = (None, MALFORMED)


def sight(ctx: Context, key_of: Callable[[tuple, bool], tuple] | None = None,
          day_of: Callable[[int], int] | None = None) -> Sighting:
    """What the event checks need of ``record``; ``key_of(key, by_tags)`` may replace the key (carried, shared;
    ``by_tags``: a key made of the record's tags, not of a LIN vugraph header),
    ``day_of(day)`` the day (:data:`NO_DATE` when the record writes no Date: carried)."""
    record = ctx.record
    place: Field[int | None] | Tag | None = None
    day = NO_DATE
    deal = record.deal
    deal_column = deal.column if deal else 0
    if record.model == "lin":
        deal_column += 3 if deal else 0  # after "md|"
        vg = match_tag(record, "VG")
        match, key = _lin_match(vg.value if vg is not None else None)
        table, board_room = None, room(record)
        if board_room is not None:
            place = record.board
        imps, imps_line, imps_column = _lin_imps(record, match, board_room)
    else:
        values: list[str | None] = [None] * len(KEY_TAGS)
        table = board_room = None
        imps, imps_line, imps_column = None, 0, 0
        for tag in record.tags:
            wanted = _WANTED.get(tag.name)
            if wanted is None:
                continue
            if wanted < _TABLE:
                if values[wanted] is None:
                    values[wanted] = known(tag.value)
            elif wanted == _TABLE and table is None:
                table = known(tag.value)
                place = place or (tag if table is not None else None)
            elif wanted == _ROOM and board_room is None:
                board_room = ROOMS.get(tag.value.strip().upper())
                place = place or (tag if board_room is not None else None)
            elif wanted == _DEAL and deal is not None and tag.line == deal.line:
                deal_column = tag.value_column or deal_column
            elif wanted == _SCORE_IMP and imps_line == 0:
                imps = stated_imps(tag.value, record)
                imps_line, imps_column = tag.line, tag.value_column or tag.column
            elif wanted == _DATE and day == NO_DATE:
                day = day_number(tag.value)
        key = tuple(values)
    if key_of is not None:
        key = key_of(key, record.model == "pbn")
    if day_of is not None:
        day = day_of(day)
    board = known(record.board_number or "")
    dealer = record.dealer.value if record.dealer is not None else None
    print_ = fingerprint(deal)
    named = table is not None or board_room is not None
    return Sighting(key, board, dealer, print_, deal.line if deal else 0, deal_column,
                    table, board_room, place.line if place else 0, _value_column(place),
                    ns_score(record) if board_room is not None else None, imps,
                    imps_line, imps_column,
                    record.line, record.column, record.game, tables_played(ctx),
                    digest(record, print_) if named else 0, outcome(record) if named else None,
                    record.vulnerable.value if record.vulnerable is not None else None, max(day, 0))


def carried(key: tuple[str | None, ...], before: tuple[str | None, ...] | None) -> tuple[str | None, ...]:
    """A PBN game's key with each tag it does not write taken from the game before it in the file.

    Some files write a tag only when it changes (rpbridge.net's: Event and Stage once per segment).
    """
    if before is None or all(key):
        return key
    return tuple(value if value is not None else earlier for value, earlier in zip(key, before))


@lru_cache(maxsize=16)
def _lin_match(vg: str | None) -> tuple[list[str], tuple[str | None, ...]]:
    """The fields of a vugraph header, and the event key they give (once per header, not per board)."""
    match = match_fields(vg)
    home, visit = match_teams(match)
    return match, (match_event(match), None, None, None, home, visit)


def _value_column(place: Field[int | None] | Tag | None) -> int:
    """Where the value of a Table or Room tag, or of a LIN ``qx``, starts."""
    if place is None:
        return 0
    return getattr(place, "value_column", 0) or place.column + (3 if isinstance(place, Field) else 0)


def carries_results(record: Record) -> bool:
    """Whether the record holds an auction, a contract or a result (a hand record holds none)."""
    if record.contract is not None and isinstance(record.contract.value, Contract):
        return True
    if record.result is not None and isinstance(record.result.value, Result):
        return True
    auction = record.auction
    if auction is None:
        return False
    if auction.names is not None:  # kept as text: its calls' names tell
        return any(PLAIN_CALLS[name].kind in _CALLS for name in auction.names)
    return any(call.kind in _CALLS for call in auction.calls)


@per_record
def tables_played(ctx: Context) -> int:
    """How many tables played the record's deal: a traveller's rows with results (PBN ScoreTable), else 1 for a
    record with an auction, a contract or a result, else 0 (a hand record, a practice deal); worked out once a
    record, for the event checks and the tally."""
    record = ctx.record
    table = record.tables.get("ScoreTable")
    if table is not None and len(table):
        rows = traveller_rows(table)
        if rows:
            return rows
    return 1 if carries_results(record) else 0


_RESULT_KINDS = frozenset((CONTRACT, TRICKS, SCORE))


def traveller_rows(table: Table) -> int:
    """The tables a ScoreTable's rows stand for: each row that holds a contract, a result or a score is one table
    that played the board (or its Multiplicity's worth)."""
    columns = table.columns
    # a contract is the dearest to read: the numbers first (any one with a value will do)
    wanted = sorted((i for i, column in enumerate(columns) if column.kind in _RESULT_KINDS),
                    key=lambda i: columns[i].kind == CONTRACT)
    if not wanted:
        return 0
    times = table.column_index("Multiplicity")
    count = 0
    for number in range(len(table)):
        span = table.span(number)
        if any(i < len(span) and table.value(number, i) not in _NO_VALUE for i in wanted):
            many = table.element(span.start + times, columns[times]).value if times is not None \
                and times < len(span) else None
            count += many if isinstance(many, int) and many > 0 else 1
    return count


def outcome(record: Record) -> str | None:
    """The contract and result as a director writes them: ``4S=``, ``3NTX-2 by East``, ``passed out``."""
    contract = record.contract.value if record.contract is not None else None
    if not isinstance(contract, Contract):
        return None
    if contract.passed_out:
        return "passed out"
    declarer = _declarer(record)
    result = record.result.value if record.result is not None else None
    tricks = result.tricks_for(declarer) if isinstance(result, Result) and declarer is not None else None
    text = str(contract)
    if tricks is not None:
        over = tricks - contract.level - 6
        text += "=" if over == 0 else f"{over:+d}"
    return text + (f" by {SEAT_NAMES[declarer]}" if declarer else "")


def digest(record: Record, print_: int | None) -> int:
    """What was played, layout and comments aside: the deal, the calls, the cards, the contract, the result and
    the score, as one integer (the same in every process)."""
    parts: list[str] = [str(print_)]
    auction, play = record.auction, record.play  # their tokens as written, kept as text where they are
    if auction is not None:
        parts.append(" ".join(auction.names if auction.names is not None else (c.token for c in auction.calls)))
    if play is not None:
        parts.append(" ".join(play.tokens if play.tokens is not None else (c.token for c in play.cards)))
    for value in (record.contract, record.result, record.score):
        parts.append("".join((value.raw or "").split()).upper() if value is not None else "")
    return int.from_bytes(blake2b("\n".join(parts).encode(), digest_size=8).digest(), "big")


def _declarer(record: Record) -> str | None:
    return record.declarer.value[0] if record.declarer is not None and record.declarer.value else None


def ns_score(record: Record) -> int | None:
    """North-South's score: the Score the record states, else the Law 77 score of its contract and result."""
    declarer = _declarer(record)
    if record.score is not None and record.score.raw:
        written = parse_score(record.score.raw)
        for own_side, points in written.written(declarer) if written is not None else ():
            return points if own_side == "NS" else -points
    contract = record.contract.value if record.contract is not None else None
    if not isinstance(contract, Contract):
        return None
    if contract.passed_out:
        return None if contract.denomination else 0  # an end position has no score
    result = record.result.value if record.result is not None else None
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    if declarer is None or not isinstance(result, Result) or vulnerable is None:
        return None
    tricks = result.tricks_for(declarer)
    if tricks is None or not 0 <= tricks <= 13:
        return None
    points = score(contract, is_vulnerable(vulnerable, declarer), tricks)
    return points if side(declarer) == "NS" else -points


def stated_imps(value: str, record: Record) -> int | None:
    """North-South's IMPs from a ScoreIMP value (whole IMPs only; a bare value is declarer's side's)."""
    written = parse_score(value) if value.strip() else None
    for own_side, points in written.written(_declarer(record)) if written is not None else ():
        return points if own_side == "NS" else -points
    return None


def _lin_imps(record: Record, match: list[str], board_room: str | None) -> tuple[int | None, int, int]:
    """North-South's IMPs from the match header's ``mp`` entries of the board, with the header's location.

    Only in a teams match (scoring ``I``). Two entries per board: the IMPs won by the team sitting
    North-South in the open room, or (when the first is empty) those won by the other team.
    """
    tag = match_tag(record, "MP")
    if tag is None or board_room is None or len(match) < 4 or match[2].upper() != "I" or not is_digits(match[3]) \
            or record.board is None or record.board.value is None:
        return None, 0, 0
    index = 2 * (record.board.value - matched(match[3]))
    entries = tag.value.split(",")
    if not 0 <= index < len(entries) - 1:
        return None, 0, 0
    ours, theirs = (whole(entry.strip()) for entry in entries[index:index + 2])
    won = ours if entries[index].strip() else None if theirs is None else -theirs
    if won is None:
        return None, 0, 0
    return (won if board_room == "Open" else -won), tag.line, tag.column
