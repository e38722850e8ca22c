"""N — notes and annotations (PBN §3.5.2-3.5.5, §3.7)."""

from __future__ import annotations

import re
from typing import Container, Iterator

from ..core.digits import is_digits, matched, whole
from ..core.findings import Finding
from ..core.record import Record
from ..core.tags import Tag
from ..core.tokens import CONTINUE, END, FILLER, SKIP, Call, Card
from .base import Context, Rule
from .parts import NOTES

_NOTE_VALUE = re.compile(r"\s*([0-9]+)\s*:(.*)", re.S)  # a Note tag's value: its number, ':', the note
_SUFFIX_NAG = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}  # a suffix's NAG on a call (on a card: 6 more)


def _sections(record: Record) -> Iterator[tuple[str, list[Call] | list[Card], dict[int, Tag]]]:
    """(name, items, notes) of the auction and play sections."""
    if record.auction is not None:
        yield "auction", record.auction.annotatable(), record.auction.notes
    if record.play is not None:
        yield "play", record.play.annotatable(), record.play.notes


class MissingNote(Rule):
    """Note reference without its Note.

    What it does: reports a `=n=` reference on a call or card when the same
    section has no `[Note "n:..."]`.
    Why it matters: the explanation (often an alert) is lost.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1C =1= Pass Pass Pass

    Use instead: the Note in the same section.

        [Dealer "N"]
        [Auction "N"]
        1C =1= Pass Pass Pass
        [Note "1:strong, 16+"]

    References: PBN §3.5.4-5, §3.6.5.
    """

    code, name, severity, law = "N101", "missing-note", "error", "PBN §3.5.4"
    formats = frozenset(("pbn",))  # LIN has no note references

    def check(self, ctx: Context) -> Iterator[Finding]:
        for section, items, notes in _sections(ctx.record):
            for item in items:
                if item.note is not None and item.note not in notes:
                    yield self.finding(f"note reference ={item.note}= has no [Note \"{item.note}:...\"] in the "
                                       f"{section} section", item.note_line or item.line,
                                       item.note_column or item.column, law="PBN §3.5.5")


class UnusedNote(Rule):
    """Note never referenced.

    What it does: warns on a `[Note "n:..."]` that no call or card of its section refers to.
    Why it matters: an explanation attached to nothing; usually a wrong number.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1C Pass Pass Pass
        [Note "1:strong, 16+"]

    Use instead: a reference to it (or no Note).

        [Dealer "N"]
        [Auction "N"]
        1C =1= Pass Pass Pass
        [Note "1:strong, 16+"]

    References: PBN §3.5.5.
    """

    code, name, severity, law = "N102", "unused-note", "warning", "PBN §3.5.5"
    formats = frozenset(("pbn",))  # LIN has no Note tags
    needs = NOTES

    def check(self, ctx: Context) -> Iterator[Finding]:
        for section, items, notes in _sections(ctx.record):
            if not notes:
                continue
            used = {item.note for item in items}
            for number, tag in notes.items():
                if number not in used:
                    yield self.finding(f"Note {number} is never referenced in the {section} section",
                                       tag.line, tag.column)


class NoteNumber(Rule):
    """Note number repeated in a section, or outside 1-32.

    What it does: reports a Note defined twice in a section, a Note or `=n=`
    reference numbered outside 1-32, and a Note without its `n:` prefix.
    Why it matters: references become ambiguous or point nowhere.
    Example: note 1 defined twice.

        [Dealer "N"]
        [Auction "N"]
        1C =1= Pass Pass Pass
        [Note "1:strong"]
        [Note "1:16+"]

    Use instead: numbers 1-32, each defined once per section.

        [Dealer "N"]
        [Auction "N"]
        1C =1= Pass Pass Pass
        [Note "1:strong, 16+"]

    References: PBN §3.5.4-5.
    """

    code, name, severity, law = "N103", "note-number", "error", "PBN §3.5.4"
    stage = "game"

    @classmethod
    def check_note(cls, record: Record, tag: Tag, defined: Container[int]) -> int | None:
        """The number of the note a Note ``tag`` of ``record`` defines; None, with N103, when it has none, one outside
        1-32 or one ``defined`` already in its section."""
        m = _NOTE_VALUE.match(tag.value)
        if not m:
            record.problem(cls, f"Note \"{tag.value[:20]}\" does not start with a note number and ':'", tag.line,
                           tag.column, law="PBN §3.5.5")
            return None
        number = matched(m.group(1))
        if not 1 <= number <= 32:
            record.problem(cls, f"note number {number} is outside 1-32", tag.line, tag.column)
        elif number in defined:
            record.problem(cls, f"note {number} is defined twice in this section", tag.line, tag.column,
                           law="PBN §3.5.5")
        else:
            return number
        return None

    @classmethod
    def check_reference(cls, record: Record, text: str, line: int, column: int) -> int | None:
        """The number of the note reference ``text`` (``=n=``); None, with N103, when it has none or one outside
        1-32."""
        digits = text[1:-1]
        number = whole(digits) if is_digits(digits) else None
        if number is None:
            record.problem(cls, f"note reference '{text}' is not =n= with a number", line, column)
        elif not 1 <= number <= 32:
            record.problem(cls, f"note reference '{text}' is outside 1-32", line, column)
        else:
            return number
        return None


class Annotation(Rule):
    """NAG or suffix out of place.

    What it does: reports a NAG outside 0-255 or of the wrong kind (a card NAG
    on a call), two suffixes, or two note references on one call or card.
    Why it matters: the annotation is ambiguous or meaningless.
    Example: two suffixes on one call.

        [Dealer "N"]
        [Auction "N"]
        1C ! ?? Pass Pass Pass

    Use instead:

        [Dealer "N"]
        [Auction "N"]
        1C ! Pass Pass Pass

    References: PBN §3.5.2, §3.7.
    """

    code, name, severity, law = "N104", "annotation", "error", "PBN §3.7"
    stage = "game"

    @classmethod
    def check_target(cls, record: Record, target: Call | Card | None, text: str, line: int, column: int,
                     call: bool) -> bool:
        """Whether the annotation ``text`` follows a call (``call``) or card it can annotate; N104 when not."""
        if target is None or target.kind in (FILLER, END, CONTINUE, SKIP):
            record.problem(cls, f"'{text}' annotates no {'call' if call else 'card'}", line, column)
            return False
        return True

    @classmethod
    def check_second_note(cls, record: Record, target: Call | Card, line: int, column: int, call: bool) -> bool:
        """Whether ``target`` may take a note reference; N104 when it has one already."""
        if target.note is not None:
            record.problem(cls, f"two note references on one {'call' if call else 'card'}", line, column,
                           law="PBN §3.5.2")
            return False
        return True

    @classmethod
    def check_nag(cls, record: Record, target: Call | Card, kind: str, text: str, line: int, column: int,
                  call: bool) -> int | None:
        """The NAG a suffix or NAG ``text`` (``kind``) gives ``target``; None, with N104, when it is neither, is for
        the other of calls and cards, or is a second suffix."""
        what = "call" if call else "card"
        if kind == "suffix":
            value = _SUFFIX_NAG.get(text)
            if value is None:
                record.problem(cls, f"'{text}' is not a suffix: ! ? !! ?? !? ?!", line, column, law="PBN §3.5.3")
                return None
            value += 0 if call else 6
        else:
            digits = text[1:]
            nag = whole(digits) if is_digits(digits) else None
            if nag is None or nag > 255:
                record.problem(cls, f"NAG '{text}' is not $0-$255", line, column)
                return None
            value = nag
            if (call and (7 <= value <= 12 or value == 14)) or (not call and (1 <= value <= 6 or value == 13)):
                record.problem(cls, f"NAG {value} is for {'cards' if call else 'calls'}, not {what}s", line, column)
                return None
        suffixes = range(1, 7) if call else range(7, 13)
        if value in suffixes and any(n in suffixes for n in target.nags):
            record.problem(cls, f"two suffixes on one {what}", line, column, law="PBN §3.5.2")
            return None
        return value
