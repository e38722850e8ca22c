"""N — notes and annotations (PBN §3.5.2-3.5.5, §3.7)."""

from __future__ import annotations

from typing import Iterator

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tags import Tag
from ..core.tokens import Call, Card
from .base import Context, Rule
from .parts import NOTES


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

    reads = frozenset((Kind.UNNUMBERED_NOTE, Kind.NOTE_NUMBER_OUT_OF_RANGE, Kind.NOTE_DEFINED_TWICE,
                       Kind.UNNUMBERED_REFERENCE, Kind.REFERENCE_OUT_OF_RANGE))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """N103 at a Note tag without a number, with one outside 1-32 or one its section defined already; at a
        note reference (``=n=``) without a number or with one outside 1-32."""
        kind, line, column = problem.kind, problem.line, problem.column
        (fact,) = problem.facts
        if kind is Kind.UNNUMBERED_NOTE:
            yield cls.finding(f"Note \"{fact[:20]}\" does not start with a note number and ':'", line, column,
                              law="PBN §3.5.5")
        elif kind is Kind.NOTE_NUMBER_OUT_OF_RANGE:
            yield cls.finding(f"note number {fact} is outside 1-32", line, column)
        elif kind is Kind.NOTE_DEFINED_TWICE:
            yield cls.finding(f"note {fact} is defined twice in this section", line, column, law="PBN §3.5.5")
        elif kind is Kind.UNNUMBERED_REFERENCE:
            yield cls.finding(f"note reference '{fact}' is not =n= with a number", line, column)
        else:
            yield cls.finding(f"note reference '{fact}' is outside 1-32", line, column)


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

    reads = frozenset((Kind.ANNOTATION_WITHOUT_TARGET, Kind.SECOND_NOTE_REFERENCE, Kind.UNKNOWN_SUFFIX,
                       Kind.NAG_OUT_OF_RANGE, Kind.NAG_OF_THE_OTHER, Kind.SECOND_SUFFIX))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """N104 at an annotation after no call or card it can annotate, a second note reference or suffix on one,
        a suffix that is none, a NAG outside 0-255 or for the other of calls and cards."""
        kind, line, column, facts = problem.kind, problem.line, problem.column, problem.facts
        if kind is Kind.ANNOTATION_WITHOUT_TARGET:
            text, call = facts
            yield cls.finding(f"'{text}' annotates no {'call' if call else 'card'}", line, column)
        elif kind is Kind.SECOND_NOTE_REFERENCE:
            (call,) = facts
            yield cls.finding(f"two note references on one {'call' if call else 'card'}", line, column,
                              law="PBN §3.5.2")
        elif kind is Kind.UNKNOWN_SUFFIX:
            (text,) = facts
            yield cls.finding(f"'{text}' is not a suffix: ! ? !! ?? !? ?!", line, column, law="PBN §3.5.3")
        elif kind is Kind.NAG_OUT_OF_RANGE:
            (text,) = facts
            yield cls.finding(f"NAG '{text}' is not $0-$255", line, column)
        elif kind is Kind.NAG_OF_THE_OTHER:
            value, call = facts
            yield cls.finding(f"NAG {value} is for {'cards' if call else 'calls'}, not {'call' if call else 'card'}s",
                              line, column)
        else:
            (call,) = facts
            yield cls.finding(f"two suffixes on one {'call' if call else 'card'}", line, column, law="PBN §3.5.2")
