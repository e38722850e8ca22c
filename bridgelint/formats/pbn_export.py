"""Export format (PBN §2.1): everything a game of a ``% EXPORT`` file breaks, noted as one problem (S108 words it).

The breaches are listed in file order, each with its line: line layout (CR LF
line ends, no tabs, one tag pair per line from column 1 as ``[Name "value"]``,
single spaces between auction and play elements), the Mandatory Tag Set of the
declared version complete and first and in order, supplemental tags sorted,
sections in the order identification < Auction < Play < tables (sorted), and
the values export format fixes (Deal and Auction from the dealer, Play from
declarer's left, ranks descending, canonical Vulnerable, declarer-form Result).
Repeated tags are S105's and token spellings S109's, in every format.
"""

from __future__ import annotations

import re
from typing import Callable

from ..core import bridge
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.reference import SWITCH
from ..core.tags import Tag
from ..core.text import Places, single_spaced
from ..core.wording import counted
from .patterns import PBN_TOKEN
from .pbn_export_fix import export_rewrite
from .pbn_game import NO_SECTION

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
MANDATORY_1_0 = tuple(name for name in MANDATORY if name != "Scoring")  # PBN 1.0: 14 tags
_AFTER_BRACKET = r'[A-Za-z0-9_]+ "[^"\\\n]*(?:\\.[^"\\\n]*)*"\]\r*(?:\n|\Z)'  # of a tag pair alone on its line
_TAG_LINE = re.compile(rf"\[{_AFTER_BRACKET}")
_OTHER_THAN_TAG_LINE = re.compile(rf"\n\[(?!{_AFTER_BRACKET})")  # a line opened by '[' but no tag pair alone
# white space other than a space and a line end (what str.split() splits at, bar those three)
_ODD_SPACE = re.compile("[\t\v\f\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
_NOT_ODD_ASCII = bytes(code for code in range(128) if not _ODD_SPACE.match(chr(code)))  # as bytes of UTF-8
# a holding whose ranks do not go up: first what is no rank (it sorts before them), then each rank, in order, any
# number of times; the quantifiers are possessive, as no two of the classes share a character
_DESCENDING = "[^" + bridge.RANKS + r".\s]*+" + "".join(rank + "*+" for rank in bridge.RANKS)
# the hands of a Deal after its seat, x spot cards taken out: each holding descending, the hands apart by blanks
_DEAL_DESCENDING = re.compile(rf"\s*+(?:{_DESCENDING}(?:\.{_DESCENDING})*+(?:\s++{_DESCENDING}(?:\.{_DESCENDING})*+)*+)?+\s*+")
_SCAN = PBN_TOKEN.finditer
_MASK = re.compile(r"[^\r\n]")  # a comment's content, masked to 'x' (a tab in it is a breach of its own)
_SECTION_RANK = {"Auction": (0, ""), "Play": (1, "")}  # then tables, by name
_RANK = {names: {name: i for i, name in enumerate(names)} for names in (MANDATORY, MANDATORY_1_0)}


def check_export(record: Record, text: str, places: Places, tag_lines_only: bool = False,
                 lone_cr: Callable[[int], bool] | None = None) -> None:
    """Note on ``record`` (a game of ``text``, from the record's line; ``places``: its places) its export
    breaches, as one problem (S108 lists them).  ``tag_lines_only``: the reader found every tag pair of the game written
    ``[Name "value"]`` alone on its line from column 1, bar blanks after it (``GameScanner.tag_lines_only``).
    ``lone_cr(n)``: line n ended in a CR alone (read as LF)."""
    breaches = layout_breaches(record, text, places, tag_lines_only, lone_cr) + order_breaches(record) + value_breaches(record)
    if breaches:
        line, column, _ = min(breaches)
        record.problems.append(Problem(Kind.NOT_EXPORT_FORMAT, line, column, (
            breaches, lambda: export_rewrite(record, text, places, _mandatory(record)), record.problems)))


def layout_breaches(record: Record, text: str, places: Places, tag_lines_only: bool = False,
                    lone_cr: Callable[[int], bool] | None = None) -> list[tuple[int, int, str]]:
    """(line, column, what) of each breach of export format's line layout in a game (as for check_export): line
    ends, tabs, tag pairs not alone on their lines, elements not apart by single spaces."""
    first = record.line
    out = []
    crlf = text.endswith("\n") and text.count("\r\n") == text.count("\n")  # every line ends with CR LF
    usual = crlf and SWITCH.fast("pbn-export") and not _odd_space(text)  # the usual game: CR LF everywhere, no tab
    blank_at_end = " \r" in text  # a blank before a line end (CR LF)
    if not usual:
        starts = places.starts
        lines = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)])]
        ends: dict[str, list[int]] = {}  # the lines of each line end other than CR LF, as written
        for i, line in enumerate(lines):
            if not line.endswith("\r\n"):
                kind = "none" if not line.endswith("\n") else "CR" if lone_cr and lone_cr(first + i) else "LF"
                ends.setdefault(kind, []).append(first + i)
        for kind, numbers in ends.items():
            column = len(lines[numbers[0] - first].rstrip("\r\n")) + 1
            out.append((numbers[0], column, "no line end after the file's last line, export ends it with CR LF"
                        if kind == "none" else f"line end {kind}{_more(numbers)}, export wants CR LF"))
        tabs = [(first + i, line.find("\t") + 1) for i, line in enumerate(lines) if "\t" in line or "\v" in line]
        if tabs:
            out.append((*tabs[0], f"a tab{_more([n for n, _ in tabs])}, export has none"))
    if not (tag_lines_only and usual and not blank_at_end) and not _tags_alone(text):  # tag_lines allow blanks after
        alone, starts = _TAG_LINE.match, places.starts
        count = len(starts)
        out += [(tag.line, tag.column, f"tag {tag.name} is not written [{tag.name} \"...\"] alone on its line from "
                                       "column 1")
                for tag in record.tags if not tag.inherited and (tag.column != 1 or not 0 <= tag.line - first < count
                                                                 or not alone(text, starts[tag.line - first]))]
    if not usual or blank_at_end or "  " in text or "\n " in text or text[0] == " ":
        starts = places.starts
        count = len(starts)
        element_lines = record.auction.lines() if record.auction is not None else set()
        if record.play is not None:
            element_lines |= record.play.lines()
        spaced = text  # the text with the content of each comment masked, once a line needs it
        for number in sorted(element_lines):
            i = number - first
            span = (starts[i], starts[i + 1] if i + 1 < count else len(text)) if 0 <= i < count else (0, 0)
            written = text[span[0]:span[1]].rstrip("\r\n")
            if written != single_spaced(written) and ("{" in text or ";" in text):
                if spaced is text:
                    spaced = _comments_masked(text)
                written = spaced[span[0]:span[1]].rstrip("\r\n")  # a comment's content is free text
            if written != single_spaced(written):
                out.append((number, 1, "elements not separated by single spaces from column 1"))
    return out


def _comments_masked(text: str) -> str:
    """``text`` with every character inside a ``{}`` or ``;`` comment, bar line ends, written ``x``: the
    spaces a comment holds are its free text (PBN §3.8), no spacing of elements."""
    pieces, done = [], 0
    for m in _SCAN(text):
        if m.lastgroup in ("comment", "comment2", "open_comment"):
            start, end = m.start() + 1, m.end() - (m.lastgroup == "comment")
            pieces += [text[done:start], _MASK.sub("x", text[start:end])]
            done = end
    return "".join(pieces) + text[done:] if pieces else text


def _odd_space(text: str) -> bool:
    """Whether ``text`` holds white space other than a space and a line end.  Its UTF-8 bytes less the ASCII
    characters that are no such space are found first (at the speed of a copy): only text that leaves some (such
    a space, or a character beyond ASCII) is searched."""
    return bool(text.encode("utf-8", "surrogatepass").translate(None, _NOT_ODD_ASCII)) and \
        _ODD_SPACE.search(text) is not None


def _tags_alone(text: str) -> bool:
    """Whether every tag of the game is alone on its line from column 1, found without looking at each tag:
    true when every '[' opens a line written [Name "value"], as each tag starts at a '['."""
    lines = "\n" + text
    return text.count("[") == lines.count("\n[") and not _OTHER_THAN_TAG_LINE.search(lines)


def _more(lines: list[int]) -> str:
    """How many more lines have the breach of the first one."""
    return f" (and on {counted(len(lines) - 1, 'more line')})" if len(lines) > 1 else ""


def _mandatory(record: Record) -> tuple[str, ...]:
    """The Mandatory Tag Set of the PBN version the file declares."""
    return MANDATORY_1_0 if (record.version or "").startswith("1.") else MANDATORY


def order_breaches(record: Record) -> list[tuple[int, int, str]]:
    """(line, column, what) of each breach of the tags' order: the Mandatory Tag Set complete, first and in order;
    supplemental tags sorted; the sections in order."""
    mandatory = _mandatory(record)
    rank = _RANK[mandatory]
    out = []
    written = [tag for tag in record.tags if not tag.inherited]
    names = [tag.name for tag in written]
    done = len(mandatory) if tuple(names[:len(mandatory)]) == mandatory else 0  # the usual game: all, in order
    if not done:
        present = set(names) | {tag.name for tag in record.tags if tag.inherited}
        missing = [name for name in mandatory if name not in present]
        if missing:
            out.append((record.line, record.column, f"mandatory tag{'s' if len(missing) > 1 else ''} "
                                                    f"{', '.join(missing)} missing"))
    last_mandatory = next((i for i in range(len(names) - 1, -1, -1) if names[i] in rank), -1)
    highest: Tag | None = written[done - 1] if done else None  # the mandatory tag furthest in the order so far
    previous: Tag | None = None  # the supplemental tag before
    section: Tag | None = None  # the section tag we are in (Auction, Play or a table)
    for i, tag in enumerate(written[done:], done):
        name = tag.name
        if name == "Note" and section is not None:
            continue
        if name in ("Auction", "Play") or (name not in NO_SECTION and name in record.tables):
            if section is not None and _section_rank(section) > _section_rank(tag):
                out.append((tag.line, tag.column, f"{name} after {section.name}: sections go Auction, Play, "
                                                  "then tables in alphabetical order"))
            section = tag
            continue
        if section is not None:
            out.append((tag.line, tag.column, f"tag {name} after the {section.name} section: identification tags "
                                              "come first"))
        elif name in rank:
            if highest is not None and rank[name] < rank[highest.name]:
                out.append((tag.line, tag.column, f"{name} after {highest.name}, out of the mandatory tags' order"))
            elif highest is None or rank[name] > rank[highest.name]:
                highest = tag
        elif i < last_mandatory:
            out.append((tag.line, tag.column, f"tag {name} before mandatory tags, which come first"))
        else:
            if previous is not None and name < previous.name:
                out.append((tag.line, tag.column, f"tag {name} after {previous.name}: supplemental tags go in "
                                                  "alphabetical order"))
            previous = tag
    return out


def _section_rank(tag: Tag) -> tuple[int, str]:
    return _SECTION_RANK.get(tag.name) or (2, tag.name)


def value_breaches(record: Record) -> list[tuple[int, int, str]]:
    """(line, column, what) of each value not written as export format fixes it."""
    out = []
    dealer = record.dealer.value if record.dealer is not None else None
    deal = record.deal_field
    if deal is not None and deal.raw:
        first = deal.raw.strip()[:1].upper()
        if dealer and first in bridge.SEATS and first != dealer:
            out.append((deal.line, deal.column, f"Deal starts with {bridge.SEAT_NAMES[first]}, export starts it "
                                                f"with the dealer, {bridge.SEAT_NAMES[dealer]}"))
        if not _descending(deal.raw):
            out.append((deal.line, deal.column, "Deal ranks not in descending order (AKQJT98765432)"))
    auction = record.auction
    if auction is not None and dealer and auction.seat not in (None, dealer):
        out.append((auction.line, auction.column, f"Auction starts with {bridge.SEAT_NAMES[auction.seat]}, export "
                                                  f"starts it with the dealer, {bridge.SEAT_NAMES[dealer]}"))
    declarer = record.declarer.value[0] if record.declarer is not None else None
    play = record.play
    if play is not None and declarer and play.seat not in (None, bridge.seat_after(declarer)):
        leader = bridge.SEAT_NAMES[bridge.seat_after(declarer)]
        out.append((play.line, play.column, f"Play starts with {bridge.SEAT_NAMES[play.seat]}, export starts it "
                                            f"with the opening leader, {leader}"))
    vulnerable = record.vulnerable
    if vulnerable is not None and vulnerable.raw not in bridge.VULNERABILITIES:
        out.append((vulnerable.line, vulnerable.column, f"Vulnerable \"{vulnerable.raw}\": export writes None, "
                                                        "NS, EW or All"))
    result = record.result
    if declarer and result is not None and isinstance(result.value, bridge.Result) and \
            result.value.declarer_tricks is None:  # without a declarer no other form can be written
        out.append((result.line, result.column, f"Result \"{result.raw}\": export writes declarer's tricks only"))
    return out


def _descending(deal: str) -> bool:
    """Whether every holding of ``deal`` has its ranks in descending order, x spot cards (which go last, in any
    order) left out; what is no rank comes first."""
    return _DEAL_DESCENDING.fullmatch(deal[2:].replace("x", "").replace("X", "")) is not None
