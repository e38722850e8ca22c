"""The fix of S108: a game of a ``% EXPORT`` file written anew in export format, saying the same thing.

The game's lines are taken as *units*: a tag pair alone on its line and the
lines after it up to the next tag pair (section elements, comments, escape
lines: what belongs to it), the Note tags of a section with their section.
The units are put in export order (the Mandatory Tag Set in its order, the
supplemental tags alphabetically, then Auction, Play and the tables
alphabetically; the lines before the first tag pair stay first), and written
with CR LF line ends; a line holding several tag pairs and nothing else is cut
into one line each, a tag pair is written ``[Name "value"]`` (its value as
written), auction and play lines without comments get single spaces, the Deal
starts with the dealer with its ranks in order, Vulnerable and Result take
their export spelling, and the mandatory tags whose value may be unknown
(Event, Site, Date, the players) are written ``"?"`` where they are missing;
as that ``"?"`` would be what a later game's ``"#"`` copies (the nearest earlier
game's value, PBN §4.8), such a tag's ``"#"`` is written as the value it copies.
Nothing else changes: what the fix cannot do (a missing Deal, an Auction not
from the dealer) is left, and S108 still says so.
"""

from __future__ import annotations

import re

from ..core import bridge
from ..core.findings import Edit
from ..core.record import Record
from ..core.text import Places, single_spaced
from .pbn_game import NO_SECTION

UNKNOWN_ALLOWED = ("Event", "Site", "Date", "West", "North", "East", "South")  # mandatory, may be written "?"
_TAG_PAIR = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\\t\n]|\\.)*)"[ \t]*\]')
_TAGS_ONLY = re.compile(rf'[ \t]*(?:{_TAG_PAIR.pattern}[ \t]*)+')
_SECTIONS = {"Auction": (1, ""), "Play": (2, "")}  # then tables (3, name)
_HAND = re.compile(r"-|[AKQJT98765432x]*(?:\.[AKQJT98765432x]*){3}")
_RESULT_SIDE = re.compile(r"(\^?)(?:NS|EW) [0-9]+(?: (?:NS|EW) [0-9]+)?")


def export_rewrite(record: Record, text: str, places: Places, mandatory: tuple[str, ...]) -> list[Edit] | None:
    """The edit that writes the game (``text``, from the record's line) in export format; None when nothing
    would change or the game cannot be cut into units (a line of tag pairs and other text)."""
    starts = places.starts
    lines = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)])]
    if not lines or any(line.endswith("\r\r\n") for line in lines):
        return None
    head: list[str] = []
    units: list[tuple[str, list[str]]] = []  # (tag name, lines): each unit's lines without their ends
    section: tuple[str, list[str]] | None = None  # the section unit Note tags belong to
    in_comment = False
    seen: set[str] = set()
    for line in lines:
        body = line.rstrip("\r\n")
        was_in_comment = in_comment
        bare, in_comment = _without_comments(body, in_comment)
        pairs = _TAGS_ONLY.fullmatch(body) if not was_in_comment and body.lstrip().startswith("[") else None
        if pairs is None:
            if "[" in bare:  # a tag pair among other text: the units are not known
                return None
            (units[-1][1] if units else head).append(body)
            continue
        for m in _TAG_PAIR.finditer(body):
            name = m.group(1)
            written = m.group(2) if name in seen else _value(record, name, m.group(2))  # the first one counts
            seen.add(name)
            tag_line = f'[{name} "{written}"]'
            if name == "Note" and section is not None:
                section[1].append(tag_line)
                continue
            unit = (name, [tag_line])
            units.append(unit)
            section = unit if _is_section(record, name) else None
    present = {name for name, _ in units} | {tag.name for tag in record.tags if tag.inherited}
    units += [(name, [f'[{name} "?"]']) for name in UNKNOWN_ALLOWED if name in mandatory and name not in present]
    rank = {name: i for i, name in enumerate(mandatory)}
    units.sort(key=lambda unit: _order(record, unit[0], rank))
    out = head + [line for name, unit in units for line in _unit_lines(record, name, unit)]
    new = "".join(line + "\r\n" for line in out)
    if new == text:
        return None
    last = record.line + len(lines) - 1
    end = (last + 1, 1) if text.endswith("\n") else (last, len(lines[-1]) + 1)
    return [Edit(record.line, 1, *end, new)]


def _without_comments(line: str, in_comment: bool) -> tuple[str, bool]:
    """The text of a line outside comments and strings, and whether a ``{`` comment is open at its end."""
    out: list[str] = []
    i, size = 0, len(line)
    while i < size:
        if in_comment:
            end = line.find("}", i)
            if end < 0:
                return "".join(out), True
            i, in_comment = end + 1, False
            continue
        c = line[i]
        if c == "{":
            in_comment = True
        elif c == ";" or (c == "%" and i == 0):
            break
        elif c == '"':
            end = line.find('"', i + 1)
            while end > 0 and line[end - 1] == "\\":
                end = line.find('"', end + 1)
            i = size if end < 0 else end + 1
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out), in_comment


def _is_section(record: Record, name: str) -> bool:
    return name in _SECTIONS or (name not in NO_SECTION and name in record.tables)


def _order(record: Record, name: str, rank: dict[str, int]) -> tuple[int, int, str]:
    """Where a unit goes: identification (mandatory in order, then the others by name), then the sections."""
    if _is_section(record, name):
        kind, table = _SECTIONS.get(name) or (3, name)
        return 2, kind, table
    return (0, rank[name], "") if name in rank else (1, 0, name)


def _unit_lines(record: Record, name: str, unit: list[str]) -> list[str]:
    """A unit's lines; the calls or cards of an auction or a play with single spaces where no comment is."""
    if name not in _SECTIONS:
        return unit
    return [unit[0]] + [line if line.startswith(("[", "%")) or any(c in line for c in '{};"') else
                        single_spaced(line) for line in unit[1:]]


def _value(record: Record, name: str, written: str) -> str:
    """The value a tag pair is written with in export format: as written but for the values export fixes."""
    if name == "Deal" and record.dealer is not None and record.dealer.value:
        return _deal(written, record.dealer.value)
    if name in UNKNOWN_ALLOWED and written.strip() == "#":  # an earlier game may get "?": what it copies, said
        tag = record.tag(name)
        copied = tag.value if tag is not None else ""
        return copied if copied and not any(c in copied for c in '"\\') else written
    if name == "Vulnerable" and record.vulnerable is not None and record.vulnerable.value in bridge.VULNERABILITIES:
        return record.vulnerable.value  # as read from Both, Love, - or lowercase
    if name == "Result" and record.declarer is not None and record.result is not None and \
            isinstance(record.result.value, bridge.Result) and _RESULT_SIDE.fullmatch(written):
        declarer, result = record.declarer.value[0], record.result.value
        own = (result.ns if bridge.side(declarer) == "NS" else result.ew) if declarer else None
        if own is not None:
            return ("^" if result.marked else "") + str(own)
    return written


def _deal(written: str, dealer: str) -> str:
    """The Deal from the dealer, ranks in order (x spot cards last); as written where it is not four hands."""
    if len(written) < 2 or written[1] != ":" or written[0] not in bridge.SEATS:
        return written
    hands = written[2:].split(" ")
    if len(hands) != 4 or not all(_HAND.fullmatch(hand) for hand in hands):
        return written
    hands = [hand if hand == "-" else ".".join(_ranked(suit) for suit in hand.split(".")) for hand in hands]
    turn = (bridge.SEATS.index(dealer) - bridge.SEATS.index(written[0])) % 4
    return f"{dealer}:{' '.join(hands[turn:] + hands[:turn])}"


def _ranked(suit: str) -> str:
    return "".join(sorted(suit, key=lambda rank: bridge.RANKS.find(rank) if rank != "x" else len(bridge.RANKS)))
