"""What a record means, whoever shows it: the API, the PBN writer, the board view and the HTML report.

A record's :class:`Interpretation` (:func:`interpretation`), and what it states (:class:`Stated`,
:func:`stated`, all the writer and the views need), each worked out once per record and kept in its
:class:`~.context.Context`: its header as PBN tags whatever format it was read from (the values of the
Mandatory Tag Set as a PBN game gives them, ``?`` for unknown; a LIN board's event, teams, room and players
from its match header, ``qx`` and ``pn``), the players, the event key, the room and the table it names, and
its contract, declarer, tricks and score as stated and as replayed (a LIN board states its contract,
declarer and result in its ``rs`` entry, else through the auction and the claim or the tricks played).
Also the notes of the auction (LIN alerts become numbered notes), and the replays, guarded so that a bug in
a replayer (reported by the linter as X001) never stops a view or a conversion.

A record's tags stay what was written (``Record.tag``, which the rules read, with their places): the
interpretation is what they mean.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from ..core.bridge import (
    RANKS,
    SEAT_NAMES,
    SEATS,
    Contract,
    Result,
    hand_text,
    is_vulnerable,
    parse_score,
    parse_seat,
    seat_after,
    side,
)
from ..core.lin_match import match_event, match_fields, match_teams, room
from ..core.record import Record
from ..core.scoring import score
from ..core.sighting import KEY_TAGS, ROOMS
from ..core.tags import known
from .context import Context, per_record

SECTION_TAGS = frozenset(("Auction", "Play", "Note"))
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")  # PBN §3.4, in export order
UNKNOWN = "?"
MAX_NOTES = 32  # PBN §3.5.4
NOTE_VALUE = re.compile(r"\s*(\d+)\s*:(.*)", re.S)
_LIN_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}  # the scoring field of a vg header
_LIN_SEATS = "SWNE"  # order of the names in a LIN pn value
_VULNERABILITIES = ("None", "NS", "EW", "All")
_Declared = tuple[Contract | None, str | None, int | None]  # contract, declarer, declarer's tricks, as stated


@dataclass(frozen=True, slots=True)
class Outcome:
    """A contract, its declarer, declarer's tricks and the score: as a record states them, or as bridgelint
    replays them (:class:`Interpretation`).

    ``score`` is Law 77's for North-South (negative where East-West score), 0 for a board passed out; None
    where the record does not say (no vulnerability, no tricks).  Without a contract, only the declarer is
    given; a board passed out has neither declarer nor tricks.
    """

    contract: Contract | None
    declarer: str | None
    tricks: int | None
    score: int | None


@dataclass(frozen=True, slots=True)
class Stated:
    """What a record states, as PBN tags say it whatever format it was read from.

    ``tags``: the Mandatory Tag Set values in export order, as a PBN game writes them (``?`` for unknown);
    ``extra``: the other tags of its identification section as (name, value), a LIN board's teams
    (``HomeTeam``, ``VisitTeam``) and ``Room`` included.  ``players``: the names by seat (``N``...), of the
    seats named.  ``key``: the values of :data:`~..core.sighting.KEY_TAGS`, None where absent or unknown (``?``, empty): the
    records of one event have one key.  ``room``: ``Open`` or ``Closed`` (PBN Room, LIN ``qx``); ``table``: the
    Table tag; None where not said.

    ``outcome``: the contract, declarer and tricks as the record states them (PBN: the Contract, the Declarer,
    else the auction's, and the Result; LIN: the ``rs`` entry, else the auction's contract and declarer, and the
    claim or, after thirteen tricks, the tricks won), with Law 77's score for them.  ``written_score``: the
    score the record writes, for North-South (PBN Score; a bare value is declarer's side's), None where it
    writes none.
    """

    tags: Mapping[str, str]
    extra: tuple[tuple[str, str], ...]
    players: Mapping[str, str]
    key: tuple[str | None, ...]
    room: str | None
    table: str | None
    outcome: Outcome
    written_score: int | None

    @property
    def header(self) -> dict[str, str]:
        """The header as PBN tags by name: the Mandatory Tag Set, then the other tags."""
        return {**self.tags, **dict(self.extra)}

    @property
    def teams(self) -> tuple[str | None, str | None]:
        """The home and the visiting team (HomeTeam, VisitTeam; a vugraph header's two teams)."""
        return self.key[4], self.key[5]


@dataclass(frozen=True, slots=True)
class Interpretation:
    """A record as bridgelint understands it, whatever format it was read from: what it states (:class:`Stated`),
    and what bridgelint replays of it.

    ``replayed``: the contract and declarer the play is replayed under (the auction's, when it ended legally,
    else those stated; a ``^`` Declarer, declarer and dummy swapped, wins), declarer's tricks (the Result, LIN:
    the ``rs`` entry, else the claim; else the play's, when all thirteen tricks were played) and Law 77's score
    for them.
    """

    stated: Stated
    replayed: Outcome


@per_record
def stated(ctx: Context) -> Stated:
    """What the record states (:class:`Stated`), worked out once per record and kept in its Context."""
    record = ctx.record
    tags, extra, (contract, declarer, tricks) = (_lin_header if record.model == "lin" else _pbn_header)(record, ctx)
    named = {**tags, **dict(extra)}
    players = {seat: name for seat in "NESW" if (name := tags[SEAT_NAMES[seat]]) not in (UNKNOWN, "")}
    key = tuple(known(named[name]) if name in named else None for name in KEY_TAGS)
    return Stated(tags, tuple(extra), players, key, ROOMS.get(named.get("Room", "").strip().upper()),
                  known(named["Table"]) if "Table" in named else None, _scored(record, contract, declarer, tricks),
                  _written_score(record, declarer))


@per_record
def interpretation(ctx: Context) -> Interpretation:
    """The record's :class:`Interpretation`, worked out once per record and kept in its Context."""
    said = stated(ctx)
    return Interpretation(said, _replayed(ctx, said))


def _first_values(record: Record) -> dict[str, str]:
    """Each tag's value by name; of a repeated tag, the first (the one that counts, PBN §3.4)."""
    return {name: tag.value for name, tag in record.first_tags().items()}


def _pbn_header(record: Record, ctx: Context) -> tuple[dict[str, str], list[tuple[str, str]], _Declared]:
    """MTS values as written, in their canonical spelling; the other tags as written; the tags' contract, their
    declarer (else the auction's) and that declarer's tricks."""
    first = _first_values(record)
    values = {name: first.get(name, UNKNOWN) for name in MANDATORY}
    for name, fieldname in (("Dealer", "dealer"), ("Vulnerable", "vulnerable")):
        field = getattr(record, fieldname)
        if field is not None:
            values[name] = field.value if field.value is not None else UNKNOWN  # invalid: not expressible
    dealer = parse_seat(values["Dealer"])
    if record.deal_field is not None:
        values["Deal"] = deal_text(record, dealer)
    seat, marked = record.declarer.value if record.declarer is not None else (None, False)
    if seat is not None:
        values["Declarer"] = ("^" if marked else "") + seat
    contract = record.contract.value if record.contract is not None else None
    if contract is not None:
        values["Contract"] = contract_text(contract)
    declarer = seat
    if declarer is None:
        auction = replayed(ctx, "auction")
        declarer = auction.declarer if auction is not None else None
    result = record.result.value if record.result is not None else None
    if record.result is not None:
        values["Result"] = result_text(result, record.result.raw, declarer)
    tricks = result.tricks_for(declarer) if isinstance(result, Result) and declarer else None
    extra = [(name, value) for name, value in first.items()
             if name not in values and name not in SECTION_TAGS and name not in record.tables]
    return values, extra, (contract, declarer, tricks)


def _lin_header(record: Record, ctx: Context) -> tuple[dict[str, str], list[tuple[str, str]], _Declared]:
    """MTS values of a LIN board: what the board says, ``?`` for what it does not; the match header's teams and
    the board's room; the contract, declarer and tricks of :func:`_lin_outcome`."""
    values = dict.fromkeys(MANDATORY, UNKNOWN)
    first = _first_values(record)
    extra: list[tuple[str, str]] = []
    if record.board is not None and record.board.raw:
        values["Board"] = record.board.raw
    match = match_fields(first.get("VG"))
    event = match_event(match)
    if event is not None:
        values["Event"] = event
    if len(match) > 2 and match[2].upper() in _LIN_SCORING:
        values["Scoring"] = _LIN_SCORING[match[2].upper()]
    extra += [(name, team) for name, team in zip(("HomeTeam", "VisitTeam"), match_teams(match)) if team]
    board_room = room(record)
    if board_room is not None:
        extra.append(("Room", board_room))
    values.update(_lin_players(first.get("PN", ""), board_room))
    dealer = record.dealer.value if record.dealer is not None else None
    if dealer:
        values["Dealer"] = dealer
    if record.vulnerable is not None and record.vulnerable.value:
        values["Vulnerable"] = record.vulnerable.value
    if record.deal is not None:
        values["Deal"] = deal_text(record, dealer)
    contract, declarer, tricks = said = _lin_outcome(record, ctx)
    if contract is not None:
        values["Contract"] = str(contract)
        if contract.passed_out:
            values["Declarer"] = values["Result"] = ""
    if declarer is not None and not (contract is not None and contract.passed_out):
        values["Declarer"] = declarer
    if tricks is not None:
        values["Result"] = str(tricks)
    return values, extra, said


def _lin_players(pn: str, board_room: str | None) -> dict[str, str]:
    """The players of a LIN board by PBN tag (``North``...), from its ``pn`` value: the closed room's the second
    four names of a match's eight."""
    names = [n.replace("%COMMA%", ",").replace("%PIPE%", "|").strip() for n in pn.split(",")]
    if names[:4] == ["South", "West", "North", "East"]:  # BBO's placeholder: no names
        names = names[4:]
    if len(names) >= 8 and board_room == "Closed":
        names = names[4:]
    return {SEAT_NAMES[seat]: name for seat, name in zip(_LIN_SEATS, names[:4]) if name}


def _lin_outcome(record: Record, ctx: Context) -> _Declared:
    """Contract, declarer and declarer's tricks of a LIN board, as the board states them.

    The ``rs`` entry when there is one; else the auction's contract and
    declarer, and the claim (``mc``) or, after thirteen tricks, the tricks won.
    """
    contract = record.contract.value if record.contract is not None else None
    declarer = record.declarer.value[0] if record.declarer is not None else None
    tricks = None
    if record.result is not None and isinstance(record.result.value, Result):
        tricks = record.result.value.declarer_tricks
    auction, play = replayed(ctx, "auction"), replayed(ctx, "play")
    if contract is None and auction is not None:
        contract, declarer = auction.contract, auction.declarer
    if tricks is None and record.play is not None and contract is not None and not contract.passed_out:
        claim = record.play.claim
        if claim is not None and isinstance(claim.value, int):
            tricks = claim.value
        elif declarer is not None and play is not None and play.complete and not play.stopped:
            tricks = play.won[side(declarer)]
    return contract, declarer, tricks


def _replayed(ctx: Context, said: Stated) -> Outcome:
    """The contract, declarer, tricks and score as replayed (:attr:`Interpretation.replayed`)."""
    record = ctx.record
    contract, declarer = replayed(ctx, "declared") or (None, None)
    tricks = None
    if record.model == "lin":  # the tricks the board states: its rs entry's, else its claim, else its play's
        tricks = said.outcome.tricks
    elif record.result is not None and isinstance(record.result.value, Result) and declarer is not None:
        tricks = record.result.value.tricks_for(declarer)
    if tricks is None and isinstance(contract, Contract) and declarer is not None:
        play = replayed(ctx, "play")
        if play is not None and play.complete and not play.stopped:
            tricks = play.won[side(declarer)]
    return _scored(record, contract, declarer, tricks)


def _scored(record: Record, contract: Contract | None, declarer: str | None, tricks: int | None) -> Outcome:
    """The contract, declarer and tricks with Law 77's score for them, for North-South (:class:`Outcome`)."""
    if not isinstance(contract, Contract):
        return Outcome(None, declarer, None, None)
    if contract.passed_out and not contract.denomination:
        return Outcome(contract, None, None, 0)
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    points = None
    if declarer is not None and tricks is not None and contract.level and vulnerable in _VULNERABILITIES:
        points = score(contract, is_vulnerable(str(vulnerable), declarer), tricks)
        points = points if side(declarer) == "NS" else -points
    return Outcome(contract, declarer, tricks, points)


def _written_score(record: Record, declarer: str | None) -> int | None:
    """The score the record writes for North-South (a bare value is ``declarer``'s side's); None without one."""
    written = parse_score(record.score.raw) if record.score is not None and record.score.raw else None
    for own_side, points in written.written(declarer) if written is not None else ():
        return points if own_side == "NS" else -points
    return None


def contract_text(contract: Contract) -> str:
    """A Contract value; an end position has the denomination only (PBN §3.10)."""
    if contract.passed_out and contract.denomination:
        return contract.denomination
    return str(contract)


def result_text(result: object, raw: str | None, declarer: str | None) -> str:
    """A Result in the declarer form of export format, when the declarer is known (PBN §3.4.15)."""
    if not isinstance(result, Result):
        return raw if raw is not None else UNKNOWN
    mark = "^" if result.marked else ""
    if result.declarer_tricks is not None:
        return f"{mark}{result.declarer_tricks}"
    tricks = result.tricks_for(declarer) if declarer else None
    if tricks is not None:
        return f"{mark}{tricks}"
    return mark + " ".join(f"{s} {n}" for s, n in (("NS", result.ns), ("EW", result.ew)) if n is not None)


def deal_text(record: Record, dealer: str | None) -> str:
    """The Deal value from the dealer, ranks descending; a malformed PBN deal as written."""
    raw = record.deal_field.raw if record.deal_field is not None else None
    hands: dict[str, str] | None
    if record.model == "pbn" and raw is not None:
        hands = _raw_hands(raw)
        if hands is None:
            return raw
        first = dealer or raw[0].upper()
    elif record.deal is not None:
        hands = {seat: hand_text(cards) if cards is not None else "-" for seat, cards in record.deal.hands.items()}
        first = dealer or "N"
    else:
        return UNKNOWN
    return f"{first}:" + " ".join(hands[seat_after(first, i)] for i in range(4))


def _raw_hands(raw: str) -> dict[str, str] | None:
    """The hands of a PBN Deal value by seat, ranks descending, or None if not four hands after a seat.

    Spot cards ``x`` go last; characters that are no rank (a malformed deal,
    reported as D102) go first, so that nothing is lost.
    """
    text = raw.strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEATS:
        return None
    parts = text[2:].split()
    if len(parts) != 4:
        return None
    hands = {}
    for i, part in enumerate(parts):
        seat = seat_after(text[0].upper(), i)
        hands[seat] = part if part == "-" else ".".join(
            "".join(sorted(suit, key=_rank_order)) for suit in part.upper().split("."))
    return hands


def _rank_order(rank: str) -> int:
    return 13 if rank == "X" else RANKS.find(rank)



def call_notes(record: Record) -> tuple[dict[int, int], dict[int, str]]:
    """Note numbers of the calls (by ``id``) and note texts by number.

    PBN: the references and Note tags as read.  LIN: each alerted or explained
    call gets a note; calls with the same explanation share its number.
    """
    auction = record.auction
    numbers: dict[int, int] = {}
    texts: dict[int, str] = {}
    if auction is None:
        return numbers, texts
    if record.model != "lin":
        for call in auction.calls:
            if call.note is not None:
                numbers[id(call)] = call.note
        for n, tag in auction.notes.items():
            m = NOTE_VALUE.match(tag.value)
            texts[n] = m.group(2) if m else tag.value
        return numbers, texts
    by_text: dict[str, int] = {}
    for call in auction.calls:
        if not call.alert and not call.explanation:
            continue
        text = CONTROL.sub(" ", call.explanation or "").strip()
        number = by_text.get(text)
        if number is None:
            if len(texts) == MAX_NOTES:
                continue
            number = by_text[text] = len(texts) + 1
            texts[number] = text
        numbers[id(call)] = number
    return numbers, texts


def replayed(ctx: Context, part: str) -> Any:
    """``ctx.auction`` or ``ctx.play``; None when the replay fails (the linter reports that as X001)."""
    try:
        return getattr(ctx, part)
    except Exception:  # a bug in a replayer must not stop a conversion or a view
        return None
