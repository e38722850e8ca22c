"""What a record means, whoever shows it: the PBN writer, the board view and the HTML report.

The values of the Mandatory Tag Set as a PBN game gives them (``?`` for
unknown), the contract, declarer and result of a LIN board (its ``rs`` entry,
else the auction and the claim or the tricks played), the notes of the
auction (LIN alerts become numbered notes), and the replays, guarded so that
a bug in a replayer (reported by the linter as X001) never stops a view or a
conversion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.bridge import (
    RANKS,
    SEAT_NAMES,
    SEATS,
    Contract,
    Result,
    hand_text,
    is_vulnerable,
    parse_seat,
    seat_after,
    side,
)
from ..core.lin_match import match_event, match_fields, match_teams, room
from ..core.record import Record
from ..core.scoring import score
from .context import Context

SECTION_TAGS = frozenset(("Auction", "Play", "Note"))
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")  # PBN §3.4, in export order
UNKNOWN = "?"
MAX_NOTES = 32  # PBN §3.5.4
NOTE_VALUE = re.compile(r"\s*(\d+)\s*:(.*)", re.S)
_LIN_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}  # the scoring field of a vg header
_LIN_SEATS = "SWNE"  # order of the names in a LIN pn value


def header_values(record: Record, ctx: Context | None = None) -> dict[str, str]:
    """The Mandatory Tag Set values of the record (``?`` for unknown), as a PBN game writes them."""
    return header(record, ctx)[0]


def header(record: Record, ctx: Context | None = None) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The Mandatory Tag Set values, and the other tags of the identification section as (name, value)."""
    ctx = ctx if ctx is not None else Context(record)
    return (_lin_header if record.model == "lin" else _pbn_header)(record, ctx)


def first_values(record: Record) -> dict[str, str]:
    """Each tag's value by name; of a repeated tag, the first (the one that counts, PBN §3.4)."""
    return {name: tag.value for name, tag in record.first_tags().items()}


def _pbn_header(record: Record, ctx: Context) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """MTS values as written, in their canonical spelling; the other tags as written."""
    first = first_values(record)
    values = {name: first.get(name, UNKNOWN) for name in MANDATORY}
    for name, fieldname in (("Dealer", "dealer"), ("Vulnerable", "vulnerable")):
        field = getattr(record, fieldname)
        if field is not None:
            values[name] = field.value if field.value is not None else UNKNOWN  # invalid: not expressible
    dealer = parse_seat(values["Dealer"])
    if record.deal_field is not None:
        values["Deal"] = deal_text(record, dealer)
    declarer = None
    seat, marked = record.declarer.value if record.declarer is not None else (None, False)
    if seat is not None:
        declarer = seat
        values["Declarer"] = ("^" if marked else "") + seat
    if record.contract is not None and isinstance(record.contract.value, Contract):
        values["Contract"] = contract_text(record.contract.value)
    if record.result is not None:
        auction = replayed(ctx, "auction")
        if declarer is None and auction is not None:
            declarer = auction.declarer
        values["Result"] = result_text(record.result.value, record.result.raw, declarer)
    extra = [(name, value) for name, value in first.items()
             if name not in values and name not in SECTION_TAGS and name not in record.tables]
    return values, extra


def _lin_header(record: Record, ctx: Context) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """MTS values of a LIN board: what the board says, ``?`` for what it does not."""
    values = dict.fromkeys(MANDATORY, UNKNOWN)
    first = first_values(record)
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
    contract, declarer, tricks = lin_outcome(record, ctx)
    if contract is not None:
        values["Contract"] = str(contract)
        if contract.passed_out:
            values["Declarer"] = values["Result"] = ""
    if declarer is not None and not (contract is not None and contract.passed_out):
        values["Declarer"] = declarer
    if tricks is not None:
        values["Result"] = str(tricks)
    return values, extra


def _lin_players(pn: str, board_room: str | None) -> dict[str, str]:
    """The players of a LIN board by PBN tag (``North``...), from its ``pn`` value: the closed room's the second
    four names of a match's eight."""
    names = [n.replace("%COMMA%", ",").replace("%PIPE%", "|").strip() for n in pn.split(",")]
    if names[:4] == ["South", "West", "North", "East"]:  # BBO's placeholder: no names
        names = names[4:]
    if len(names) >= 8 and board_room == "Closed":
        names = names[4:]
    return {SEAT_NAMES[seat]: name for seat, name in zip(_LIN_SEATS, names[:4]) if name}


def lin_outcome(record: Record, ctx: Context) -> tuple[Contract | None, str | None, int | None]:
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


@dataclass(frozen=True)
class Outcome:
    """What was played at the table, as bridgelint replays it.

    ``contract`` and ``declarer`` are those the play is replayed under: the auction's, when it ended legally,
    else the Contract and Declarer the record states (a ``^`` Declarer, declarer and dummy swapped, wins).
    ``tricks`` are declarer's: the Result (LIN: the ``rs`` entry, else the claim), else the play's, when all
    thirteen tricks were played.  ``score`` is Law 77's for North-South (negative where East-West score),
    0 for a board passed out.  None where the record does not say.
    """

    contract: Contract | None
    declarer: str | None
    tricks: int | None
    score: int | None


def outcome(record: Record, ctx: Context | None = None) -> Outcome:
    """The contract, declarer, tricks and score of ``record`` as replayed (`Outcome`)."""
    ctx = ctx if ctx is not None else Context(record)
    contract, declarer = replayed(ctx, "declared") or (None, None)
    if not isinstance(contract, Contract):
        return Outcome(None, declarer, None, None)
    if contract.passed_out and not contract.denomination:
        return Outcome(contract, None, None, 0)
    tricks = None
    if record.model == "lin":
        tricks = lin_outcome(record, ctx)[2]
    elif record.result is not None and isinstance(record.result.value, Result) and declarer is not None:
        tricks = record.result.value.tricks_for(declarer)
    play = replayed(ctx, "play")
    if tricks is None and declarer is not None and play is not None and play.complete and not play.stopped:
        tricks = play.won[side(declarer)]
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    points = None
    if declarer is not None and tricks is not None and contract.level and vulnerable in ("None", "NS", "EW", "All"):
        points = score(contract, is_vulnerable(str(vulnerable), declarer), tricks)
        points = points if side(declarer) == "NS" else -points
    return Outcome(contract, declarer, tricks, points)


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
