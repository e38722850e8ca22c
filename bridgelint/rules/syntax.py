"""S — the syntax of a PBN game: what the reader notes of its tag pairs, comments, spellings and inheritance as it
reads them (``read``), and a game against export format (S108).  The file as a whole (its text, characters and
lines, its games, directives and archives) is :mod:`.files`'; the syntax of the other formats is
:mod:`.format_syntax`'s."""

from __future__ import annotations

from typing import Iterator

from ..core import bridge
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from .base import Rule
from .edits import token_edit, value_edit


class MalformedTag(Rule):
    """Malformed tag pair.

    What it does: reports a `[`...`]` that is not `[Name "value"]`: missing quote
    or bracket, bad tag name, a tab or newline inside the string, or text outside
    any tag pair or section.
    Why it matters: the tag is lost, and whatever it held is unknown to every reader.
    Example: a value without its quotes.

        [Event Club night]

    Use instead:

        [Event "Club night"]

    References: PBN §3.3, §2.3.
    """

    code, name, severity, law = "S102", "malformed-tag", "error", "PBN §3.3"
    stage = "game"

    reads = frozenset((Kind.MALFORMED_TAG_PAIR, Kind.STRAY_TEXT))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S102 for a '[' that the grammar reads as no tag pair, saying why; or for text outside any tag pair or
        section (the reader notes none that holds control characters only: S106's)."""
        (text,) = problem.facts
        if problem.kind is Kind.MALFORMED_TAG_PAIR:
            reason, law = _bad_tag_reason(text)
            yield cls.finding(f"malformed tag pair {text[:40]}: {reason}", problem.line, problem.column, law=law)
        else:
            yield cls.finding(f"'{text[:20]}' stands outside any tag pair or section", problem.line, problem.column,
                              law="PBN §3, §5")


class UnterminatedComment(Rule):
    """Unterminated `{` comment.

    What it does: reports a `{` comment that is never closed.
    Why it matters: the comment runs to the end of the file and swallows every
    game after it.
    Example:

        [Event "Club night"] {PAR of the deal
        [Board "1"]

    Use instead: every `{` closed with `}`.

        [Event "Club night"] {PAR of the deal}
        [Board "1"]

    References: PBN §3.8.
    """

    code, name, severity, law = "S103", "unterminated-comment", "error", "PBN §3.8"
    stage = "game"
    needs_a_person = True  # no fix: the game is left as it is by --fix

    reads = frozenset((Kind.UNCLOSED_COMMENT,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S103 at the '{' (what it swallowed needs no S104 of its own)."""
        yield cls.finding("'{' comment is never closed: it runs to the end of the file, and every tag pair after it "
                          "is lost", problem.line, problem.column)


class SwallowingComment(Rule):
    """A `{}` comment that swallowed tag pairs, or holds a `{`.

    What it does: warns when a brace comment contains lines that look like tag
    pairs, or a `{` of its own.
    Why it matters: braces do not nest; a comment opened twice closes at the
    first `}` and the tags inside it are silently lost.
    Example: a comment left open over the next tag.

        [Board "1"] {well bid
        [Contract "4S"]
        }

    Use instead: the comment closed before the tags; braces do not nest.

        [Board "1"] {well bid}
        [Contract "4S"]

    References: PBN §3.8.
    """

    code, name, severity, law = "S104", "swallowing-comment", "warning", "PBN §3.8"
    stage = "game"
    needs_a_person = True  # no fix: the game is left as it is by --fix

    reads = frozenset((Kind.TAG_LINES_IN_COMMENT, Kind.BRACE_IN_COMMENT))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S104 at a brace comment that swallowed tag pairs or holds a '{'."""
        if problem.kind is Kind.TAG_LINES_IN_COMMENT:
            what = "holds lines that look like tag pairs: a '{' was probably never closed"
        else:
            what = "holds a '{': comments do not nest, the first '}' ends it"
        yield cls.finding(f"comment {what}", problem.line, problem.column)


class RepeatedTag(Rule):
    """Tag repeated in a game.

    What it does: warns when a tag other than `Note` occurs twice in one game.
    An `[Auction]` tag that opens an empty section (no call, note or mark) and
    is repeated, with the calls under the repeat, is read as one auction: the
    calls are the auction's (no A107 on the empty section), and the finding
    says so.
    Why it matters: the first value counts; readers that take the last disagree.
    Example:

        [Site "Amsterdam"]
        [Site "Utrecht"]

    Use instead: one tag of each name.

        [Site "Amsterdam"]

    References: PBN §3.4.
    """

    code, name, severity, law = "S105", "repeated-tag", "warning", "PBN §3.4"
    stage = "game"

    reads = frozenset((Kind.REPEATED_TAG,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S105 at a repeated tag: the first value counts, but an Auction section without a call before it is no
        auction, and the calls under the repeat are."""
        name, value, first_value, first_line, auction_line = problem.facts
        line = problem.line
        if name == "Auction" and auction_line == line and first_line != line:
            same = "" if first_value == value else f" (seat {value!r} of this one, not {first_value!r})"
            message = (f"tag Auction repeated in this game: the Auction section at line {first_line} holds no call, "
                       f"so the calls after this one are read as the auction{same}")
        else:
            message = f"tag {name} repeated in this game; the first value counts"
        yield cls.finding(message, line, problem.column)


class ExportFormat(Rule):
    """`% EXPORT` declared but the game breaks export format.

    What it does: in a file that declares `% EXPORT`, lists in one finding per
    game, in file order with their lines, everything export format forbids:
    LF instead of CR LF line ends, tabs, a tag pair not written
    `[Name "value"]` alone on its line from column 1, auction and play
    elements not separated by single spaces (a comment's content is free
    text, its spaces are its own); a mandatory tag missing (the 15
    tags of PBN 2.0 and 2.1, the 14 of a file that declares `% PBN 1.0`), not
    first or out of order; supplemental tags not sorted; an identification tag
    after the Auction or Play section; sections not in the order Auction,
    Play, tables (sorted); a Deal or Auction not starting with the dealer, a
    Play not starting with declarer's left-hand opponent, ranks not
    descending, Vulnerable other than None, NS, EW or All, a Result not in the
    declarer form. Repeated tags are S105, non-standard spellings S109.
    Why it matters: export format is the strict, portable form that programs
    rely on; a file that claims it must keep it.
    Example: a file that declares export format, with a game that lacks mandatory tags.

        % EXPORT
        [Event "Club night"]
        [Board "1"]

    Use instead: every game in export format, its lines ending in CR LF
    (`<0x0D>` stands for the CR), or no `% EXPORT` line.

        % EXPORT<0x0D>
        [Event "Club night"]<0x0D>
        [Site "Amsterdam"]<0x0D>
        [Date "2026.12.01"]<0x0D>
        [Board "1"]<0x0D>
        [West "Ann"]<0x0D>
        [North "Bob"]<0x0D>
        [East "Cy"]<0x0D>
        [South "Di"]<0x0D>
        [Dealer "N"]<0x0D>
        [Vulnerable "None"]<0x0D>
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]<0x0D>
        [Scoring "MP"]<0x0D>
        [Declarer "S"]<0x0D>
        [Contract "3NT"]<0x0D>
        [Result "9"]<0x0D>

    References: PBN §2.1, §2.3, §3.1, §3.4, §3.4.11, §3.5, §3.6.
    """

    code, name, severity, law = "S108", "export-format", "warning", "PBN §2.1"
    fixable = "layout"  # the game written anew in export format by `bridgelint format` (pbn_export_fix)
    stage = "game"

    reads = frozenset((Kind.NOT_EXPORT_FORMAT,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """One S108 for a game of a ``% EXPORT`` file, listing its breaches of export format (line, column, what) in
        file order; mended by the game written anew unless the game's tag pairs are not known for sure."""
        breaches, rewrite, problems = problem.facts
        breaches = sorted(breaches)
        line, column, _ = breaches[0]
        listed = "; ".join(f"line {at}: {what}" for at, _, what in breaches)
        mended = not any(p.kind in _UNITS_UNKNOWN for p in problems)
        yield cls.finding(f"game breaks export format (% EXPORT): {listed}", line, column,
                          edits=rewrite() if mended else None)


class NonStandardSpelling(Rule):
    """Non-standard spelling read leniently.

    What it does: warns on tokens PBN does not have but that can be read without
    doubt: `1N`, `P`, `PASS`, `D`, `R`, lowercase calls and cards, `5Cx`.
    Why it matters: strict readers reject them; the message names the canonical form.
    Example:

        [Dealer "N"]
        [Auction "N"]
        1N P 3N AP

    Use instead:

        [Dealer "N"]
        [Auction "N"]
        1NT Pass 3NT AP

    References: PBN §3.5.1, §3.6.1, §3.11.
    """

    code, name, severity, law = "S109", "non-standard-spelling", "warning", "PBN §3.11"
    stage = "game"

    reads = frozenset((Kind.LENIENT_SPELLING, Kind.VALUE_SPELLING))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S109 for a call, card or tag value that the reader read as PBN's spelling: any other spelling in export
        format, elsewhere one that is not merely PBN's in lower case (the section that spells it is the
        reference: a value's is its tag's)."""
        line, column = problem.line, problem.column
        if problem.kind is Kind.LENIENT_SPELLING:
            text, read, law, export = problem.facts
            if export or not bridge.lowercase_of(text, read):
                yield cls.finding(f"'{text}' is not PBN: read as '{read}'", line, column, law=law,
                                  edits=[token_edit(line, column, text, read)])
            return
        tag, value, read, export = problem.facts
        if export or not bridge.lowercase_of(value, read):
            edit = value_edit(tag, read)
            yield cls.finding(f"{tag.name} \"{value}\" is not PBN: read as \"{read}\"", line, column,
                              law=_VALUE_LAWS.get(tag.name), edits=None if edit is None else [edit])

    fixable = "safe"  # the canonical spelling written instead


_VALUE_LAWS = {"Contract": "PBN §3.4.14"}  # the sections that spell a value S109 reads, where not the rule's


class BadInheritance(Rule):
    """`#`/`##` inheritance where it is forbidden, or with nothing to inherit.

    What it does: reports `#` or `##` on Dealer, Vulnerable, Deal, Declarer,
    Contract, Auction, Play or Note, and `#` when no earlier game gave a value.
    Why it matters: these tags describe one board; copying them is an error.
    Example:

        [Board "1"]
        [Deal "#"]

    Use instead: the value written in every game.

        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    References: PBN §4.8.
    """

    code, name, severity, law = "S110", "bad-inheritance", "error", "PBN §4.8"
    stage = "game"
    reads = frozenset((Kind.FORBIDDEN_INHERITANCE, Kind.NOTHING_TO_INHERIT))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S110 at a tag that may not inherit (PBN §4.8 names them), or written ``#`` without an earlier value."""
        if problem.kind is Kind.FORBIDDEN_INHERITANCE:
            name, mark = problem.facts
            yield cls.finding(f"{name} may not be inherited with '{mark}'", problem.line, problem.column)
        else:
            (name,) = problem.facts
            yield cls.finding(f"{name} \"#\" has no earlier value to inherit", problem.line, problem.column)


class SwallowedTag(Rule):
    """A tag pair swallowed by an escape line or a `;` comment.

    What it does: warns on an escape line (`%` in column 1) or a `;` comment
    that holds a whole tag pair after other text: the line was meant to end
    before it, but the escape or comment runs to the end of the line and the
    tag is lost. A tag pair that opens the comment (`; [Event "old"]`) was
    commented out on purpose and is not reported.
    Why it matters: every reader skips the tag; the game silently loses it
    (often the first game's Event, after a BridgeComposer option line).
    Example: an option line of BridgeComposer, and a comment, each with a tag pair behind it.

        %Margins 1,1,1,1[Event "Club night"]
        [Site "Amsterdam"] ; the club [Date "2026.12.01"]

    Use instead: each tag pair on a line of its own.

        %Margins 1,1,1,1
        [Event "Club night"]
        [Site "Amsterdam"] ; the club
        [Date "2026.12.01"]

    References: PBN §2.4, §3.8.
    """

    code, name, severity, law = "S113", "swallowed-tag", "warning", "PBN §2.4"
    stage = "game"

    reads = frozenset((Kind.SWALLOWED_TAG_PAIR,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S113 at the tag pair that an escape line or ';' comment holds after other text."""
        pair, name, escape = problem.facts
        what, law = ("escape line", "PBN §2.4") if escape else ("';' comment", "PBN §3.8")
        yield cls.finding(f"the {what} swallows the tag pair {pair}: it runs to the end of the line, so {name} is "
                          "lost; put the tag pair on a line of its own", problem.line, problem.column, law=law)


# a game whose tag pairs are not known for sure has no fix (S108): a tag pair malformed, or lost in a comment
_UNITS_UNKNOWN = frozenset(kind for rule in (MalformedTag, UnterminatedComment, SwallowingComment, SwallowedTag)
                           for kind in rule.reads)


def _bad_tag_reason(text: str) -> tuple[str, str | None]:
    """Why a bracket makes no tag pair, and the section that says so when not §3.3."""
    if '"' not in text:
        return ("the value is not a quoted string" if text.strip("[] \t") else "empty tag pair"), None
    if "\t" in text:
        return "a tab inside the string", "PBN §2.3"
    if not text.rstrip().endswith("]"):
        return "missing ']' or closing quote", None
    if text.count('"') % 2:
        return "missing quote", None
    return "the tag name or the string is malformed", None
