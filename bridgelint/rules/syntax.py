"""S — syntax and file rules.  Most are found while reading; S108 checks export format."""

from __future__ import annotations

import re
from typing import Iterator

from .. import bridge
from ..model import Finding
from .base import Context, Rule


class NotText(Rule):
    """Input is not text.

    What it does: reports a file that holds NUL bytes or starts with a UTF-16
    byte order mark; the file is skipped and the run goes on.
    Why it matters: PBN and LIN are 8-bit text; a binary upload is the wrong file.
    Example: a `.pbn` that is really a spreadsheet or a UTF-16 export.
    Use instead: save the file as UTF-8 or ISO-8859-1 text.
    References: PBN §2.2.
    """

    code, name, severity, law = "S101", "not-text", "error", "PBN §2.2"


class MalformedTag(Rule):
    """Malformed tag pair.

    What it does: reports a `[`...`]` that is not `[Name "value"]`: missing quote
    or bracket, bad tag name, a tab or newline inside the string, or text outside
    any tag pair or section.
    Why it matters: the tag is lost, and whatever it held is unknown to every reader.
    Example: `[Event No_quotes]`, `[Event]`, `[Site "Amsterdam]`.
    Use instead: `[Event "No quotes"]`.
    References: PBN §3.3, §2.3.
    """

    code, name, severity, law = "S102", "malformed-tag", "error", "PBN §3.3"


class UnterminatedComment(Rule):
    """Unterminated `{` comment.

    What it does: reports a `{` comment that is never closed.
    Why it matters: the comment runs to the end of the file and swallows every
    game after it.
    Example: `{PAR of the deal` with no `}`.
    Use instead: close every `{` with `}`.
    References: PBN §3.8.
    """

    code, name, severity, law = "S103", "unterminated-comment", "error", "PBN §3.8"


class SwallowingComment(Rule):
    """A `{}` comment that swallowed tag pairs, or holds a `{`.

    What it does: warns when a brace comment contains lines that look like tag
    pairs, or a `{` of its own.
    Why it matters: braces do not nest; a comment opened twice closes at the
    first `}` and the tags inside it are silently lost.
    Example: `{PAR {NS 420}` followed by `[Contract "4S"]` inside the comment.
    Use instead: close the comment before the tags; do not nest braces.
    References: PBN §3.8.
    """

    code, name, severity, law = "S104", "swallowing-comment", "warning", "PBN §3.8"


class RepeatedTag(Rule):
    """Tag repeated in a game.

    What it does: warns when a tag other than `Note` occurs twice in one game.
    Why it matters: the first value counts; readers that take the last disagree.
    Example: `[Site "Amsterdam"]` twice.
    Use instead: one tag of each name.
    References: PBN §3.4.
    """

    code, name, severity, law = "S105", "repeated-tag", "warning", "PBN §3.4"


class BadCharacter(Rule):
    """Character not allowed in PBN.

    What it does: warns on control characters (other than tab, vertical tab and
    line ends), DEL and codes 128-159.
    Why it matters: such bytes are invisible, break other readers and usually
    come from a broken conversion.
    Example: a byte 0x7F inside a player's name.
    Use instead: printing characters only.
    References: PBN §2.2.
    """

    code, name, severity, law = "S106", "bad-character", "warning", "PBN §2.2"


class LongLine(Rule):
    """Line longer than 255 characters.

    What it does: warns on a line longer than PBN's limit, end of line included.
    Why it matters: conforming readers may cut the line.
    Example: a Note tag with a 400-character explanation.
    Use instead: split the commentary; keep lines short.
    References: PBN §2.3.
    """

    code, name, severity, law = "S107", "long-line", "warning", "PBN §2.3"


EXPORT_ORDER = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
                "Scoring", "Declarer", "Contract", "Result")


class ExportFormat(Rule):
    """`% EXPORT` declared but the game breaks export format.

    What it does: in a file that declares `% EXPORT`, lists everything in a game
    that export format forbids: mandatory tags missing or out of order, a Deal
    not starting with the dealer, ranks not in descending order, an Auction seat
    other than the dealer, non-canonical vulnerability words. One finding per game.
    Why it matters: export format is the strict, portable form that programs
    rely on; a file that claims it must keep it.
    Example: `% EXPORT` and then `[Deal "N:..."]` in a game dealt by East.
    Use instead: write the game in export format, or drop the `% EXPORT` line.
    References: PBN §2.1, §3.4, §3.4.11, §3.5.
    """

    code, name, severity, law = "S108", "export-format", "warning", "PBN §2.1"

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        if not record.export:
            return
        problems: list[str] = []
        names = [t.name for t in record.tags]
        missing = [n for n in EXPORT_ORDER if n not in names]
        if missing:
            problems.append("missing " + ", ".join(missing))
        present = [t.name for t in record.tags if t.name in EXPORT_ORDER and not t.inherited]
        if present != sorted(present, key=EXPORT_ORDER.index):
            problems.append("mandatory tags out of order")
        dealer = record.dealer.value if record.dealer else None
        if record.deal_field is not None and dealer and record.deal_field.raw.strip()[:1].upper() != dealer:
            problems.append("Deal does not start with the dealer")
        if record.deal_field is not None and not _descending(record.deal_field.raw):
            problems.append("ranks not in descending order")
        if record.auction is not None and dealer and record.auction.seat not in (None, dealer):
            problems.append("Auction seat is not the dealer")
        if record.vulnerable is not None and record.vulnerable.raw not in bridge.VULNERABILITIES:
            problems.append(f"Vulnerable \"{record.vulnerable.raw}\" (export uses None, NS, EW, All)")
        if problems:
            yield self.finding("game breaks % EXPORT format: " + "; ".join(problems) + " (PBN §2.1)",
                               record.line, record.column)


_IN_RANK_ORDER = re.compile("".join(rank + "?" for rank in bridge.RANKS))  # each rank at most once, in order


def _descending(deal: str) -> bool:
    for hand in deal[2:].split():
        for suit in hand.split("."):
            ranks = suit.replace("x", "").replace("X", "")  # x spot cards go last, in any order
            if _IN_RANK_ORDER.fullmatch(ranks):
                continue  # the usual holding
            if suit != "-" and list(ranks) != sorted(ranks, key=bridge.RANKS.find):
                return False
    return True


class NonStandardSpelling(Rule):
    """Non-standard spelling read leniently.

    What it does: warns on tokens PBN does not have but that can be read without
    doubt: `1N`, `P`, `PASS`, `D`, `R`, lowercase calls and cards, `5Cx`.
    Why it matters: strict readers reject them; the message names the canonical form.
    Example: `1N Pass 3N P`.
    Use instead: `1NT Pass 3NT Pass`.
    References: PBN §3.5.1, §3.6.1, §3.11.
    """

    code, name, severity, law = "S109", "non-standard-spelling", "warning", "PBN §3.11"


class BadInheritance(Rule):
    """`#`/`##` inheritance where it is forbidden, or with nothing to inherit.

    What it does: reports `#` or `##` on Dealer, Vulnerable, Deal, Declarer,
    Contract, Auction, Play or Note, and `#` when no earlier game gave a value.
    Why it matters: these tags describe one board; copying them is an error.
    Example: `[Deal "#"]`.
    Use instead: write the value in every game.
    References: PBN §4.8.
    """

    code, name, severity, law = "S110", "bad-inheritance", "error", "PBN §4.8"


class NoGame(Rule):
    """The file holds no game.

    What it does: warns when a file has no game or board at all.
    Why it matters: an empty upload usually means a failed export.
    Example: a file with only `% PBN 2.1` lines.
    Use instead: check the export that produced the file.
    References: PBN §3.
    """

    code, name, severity, law = "S111", "no-game", "warning", "PBN §3"


class UnusedSuppression(Rule):
    """A suppression that suppresses nothing.

    What it does: warns on a `% bridgelint: disable=` (one game) or
    `% bridgelint: disable-file=` (the whole file) escape line, or on a code in
    it, that suppressed no finding: the code found nothing there, the code is
    unknown, the line names no code or is not a directive, or `disable=`
    stands outside any game. Codes the run does not check are not judged.
    Why it matters: a stale suppression hides the next real defect of that
    kind, and a misspelt one hides nothing while looking as if it did.
    Example: `% bridgelint: disable=A103` in a game whose bids are all sufficient.
    Use instead: remove the code, or the line; put `disable=` inside the game
    it is for (no blank line before the game's tags) and `disable-file=` before
    the first game.
    References: PBN §2.4 (escape lines); `bridgelint rules` lists the codes.
    """

    code, name, severity, law = "S112", "unused-suppression", "warning", None


class MalformedLin(Rule):
    """Malformed LIN.

    What it does: reports LIN text that is not a `tag|value|` field: a field
    without its closing `|`, an empty tag name, text where a tag should be, and
    a claim (`mc`) that is not a number. `qx|o1,BOARD 1|` (a known BBO bug) is
    read as board 1 with a warning.
    Why it matters: LIN has no escapes; one missing `|` turns every later tag
    into a value and every value into a tag, and readers then disagree on the board.
    Example: `sv|o mb|p|`, `mb|1S|junk|mb|p|`, `|o|`.
    Use instead: `sv|o|mb|p|`: two letters, `|`, the value, `|`.
    References: BBO handviewer LIN tokeniser (there is no published LIN specification).
    """

    code, name, severity, law = "S120", "malformed-lin", "error", "LIN"


class UnknownLinTag(Rule):
    """Unknown LIN tag.

    What it does: warns on a field whose two-letter tag no known LIN writer or
    reader uses; the field is kept and ignored.
    Why it matters: it is often a typing error for a tag that counts (`mv` for
    `mb`), or a symptom of a lost `|` elsewhere.
    Example: `mv|1S|`.
    Use instead: `mb|1S|`; tags are `vg rs pn pw mp bn qx st md rh ah sv mb an pc mc pg nt at sk dt` and
    the presentation tags.
    References: BBO handviewer LIN commands.
    """

    code, name, severity, law = "S121", "unknown-lin-tag", "warning", "LIN"
