"""S — syntax and file rules of PBN and of every text file: what the readers note of the text and of a game as they
read it (``read``), a game as read (S108), the file's directives (S112), archives (S115, S116).  The syntax of the
other formats is :mod:`.format_syntax`'s."""

from __future__ import annotations

import re
from typing import Iterator

from ..core import bridge
from ..core.findings import Finding
from ..core.problems import Kind, Problem
from .base import Rule, Worded
from .edits import token_edit, value_edit


class NotText(Rule):
    """Input is not text.

    What it does: reports a file that holds NUL bytes or starts with a UTF-16
    byte order mark; the file is skipped and the run goes on. A NUL byte past
    the first 64 KiB stops reading before its line (the games before it are
    checked as they were read); no NUL is ever read as text.
    Why it matters: PBN and LIN are 8-bit text; a binary upload is the wrong file.
    Example: a NUL byte (written `<0x00>` here), as in a spreadsheet or a UTF-16 export.

        [Event "Club<0x00>night"]

    Use instead: the file saved as UTF-8 or ISO-8859-1 text.

        [Event "Club night"]

    References: PBN §2.2.
    """

    code, name, severity, law = "S101", "not-text", "error", "PBN §2.2"
    stage = "text"

    reads = frozenset((Kind.NOT_TEXT, Kind.NUL_BYTE))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        if problem.kind is Kind.NOT_TEXT:
            (utf16,) = problem.facts
            yield cls.finding(f"input is not text ({'UTF-16' if utf16 else 'NUL bytes'}), file skipped: PBN and LIN "
                              "are 8-bit text", 1, 1)
        else:  # a NUL byte past the start: the file was read up to the line that holds it, never that line
            yield cls.finding(f"input is not text (a NUL byte on line {problem.line}): reading stopped there, the "
                              "rest skipped: PBN and LIN are 8-bit text", problem.line, 1)


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


class BadCharacter(Rule):
    """Character not allowed in PBN.

    What it does: warns on control characters (other than tab, vertical tab and
    line ends), DEL and codes 128-159, and on non-ASCII characters outside
    strings and comments.  A file that holds U+FFFD, the replacement character
    a bad conversion writes for each letter it could not read, gets one
    finding at the first, naming how many (strings and comments included):
    U+FFFD is no Latin-1 character, and the letters it stands for are lost.
    Why it matters: such bytes are invisible, break other readers and usually
    come from a broken conversion.
    Example: suit symbols in the auction, outside any string.

        [Dealer "N"]
        [Auction "N"]
        1♠ Pass 4♠ AP

    Use instead: PBN's letters (symbols are fine inside strings and comments).

        [Dealer "N"]
        [Auction "N"]
        1S Pass 4S AP

    References: PBN §2.2.
    """

    code, name, severity, law = "S106", "bad-character", "warning", "PBN §2.2"
    stage = "text"

    reads = frozenset((Kind.CONTROL_CHARACTER, Kind.REPLACEMENT_CHARACTERS, Kind.NON_ASCII_TOKEN))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S106 at the first character of a line that PBN does not allow; at the first U+FFFD of a file, naming how
        many it holds; at a token outside a string that holds other characters than ASCII."""
        line, column = problem.line, problem.column
        if problem.kind is Kind.CONTROL_CHARACTER:
            (char,) = problem.facts
            yield cls.finding(_bad_character(char), line, column)
        elif problem.kind is Kind.REPLACEMENT_CHARACTERS:
            (count,) = problem.facts
            times = "once" if count == 1 else f"{count} times"
            yield cls.finding(f"the text was damaged by a conversion that replaced letters with U+FFFD (the "
                              f"replacement character, {times} in this file, strings and comments included): the "
                              "letters are lost; convert the original file again, as Latin-1 or UTF-8", line, column)
        else:
            (text,) = problem.facts
            yield cls.finding(f"'{text[:20]}': non-ASCII characters belong in strings and comments only", line,
                              column)


class LongLine(Rule):
    """Line longer than 255 characters.

    What it does: warns on a line longer than PBN's limit, end of line included.
    Why it matters: conforming readers may cut the line.
    Example: a tag pair of 300 characters (`<300×x>` stands for 300 x's here).

        [Event "<300×x>"]

    Use instead: lines of at most 255 characters; split long commentary.

        [Event "<200×x>"]

    References: PBN §2.3.
    """

    code, name, severity, law = "S107", "long-line", "warning", "PBN §2.3"
    stage = "text"

    reads = frozenset((Kind.LONG_LINE,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S107 at a line over 255 characters; at one over the bytes read of a line, saying how many were skipped."""
        length, skipped, limit = problem.facts
        message = f"line has {length} characters and its end of line: PBN allows 255, the end of line included"
        if skipped:
            message = (f"line is over {limit} bytes long ({skipped} more bytes after them): only its first {limit} "
                       "bytes were read; PBN allows 255 characters in all")
        yield cls.finding(message, problem.line, problem.column)


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


class NoGame(Rule):
    """The file holds no game.

    What it does: reports a file, an archive member or standard input that has
    no game or board at all: nothing in it was checked.
    Why it matters: an empty upload usually means a failed export, and a run
    that checked nothing must not read as a pass.
    Example: a file with escape lines only.

        % PBN 2.1
        % from the scoring program

    Use instead: a file that holds its games (check the export that produced it).

        % PBN 2.1
        [Event "Club night"]
        [Board "1"]

    References: PBN §3.
    """

    code, name, severity, law = "S111", "no-game", "error", "PBN §3"
    stage = "file"

    reads = frozenset((Kind.NO_GAME,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S111 for a file from which its reader read no game: a LIN file holds boards."""
        (fmt,) = problem.facts
        said, law = _NONE_READ.get(fmt, ("the file holds no game", None))
        yield cls.finding(said, 1, 1, law=law)

    lin_law = "LIN"


_NONE_READ = {"lin": ("the file holds no board (no qx or md field)", NoGame.lin_law)}  # S111 in a format's words


class UnusedSuppression(Worded):
    """A suppression that suppresses nothing.

    What it does: warns on a `% bridgelint: disable=` (one game) or
    `% bridgelint: disable-file=` (the whole file) escape line, or on a code in
    it, that suppressed no finding: the code found nothing there, the code is
    unknown, the line names no code or is not a directive, or `disable=`
    stands outside any game. Codes the run does not check are not judged.
    Why it matters: a stale suppression hides the next real defect of that
    kind, and a misspelt one hides nothing while looking as if it did.
    Example: a suppression of A103 in a game whose bids are all sufficient.

        [Dealer "N"]
        % bridgelint: disable=A103
        [Auction "N"]
        1D Pass 2C AP

    Use instead: no suppression where nothing is found.

        [Dealer "N"]
        [Auction "N"]
        1D Pass 2C AP

    References: PBN §2.4 (escape lines); `bridgelint rules` lists the codes.
    """

    code, name, severity, law = "S112", "unused-suppression", "warning", None
    stage = "file"

    words = {
        Kind.DIRECTIVE_OUTSIDE_GAMES: lambda: ("'bridgelint: disable=' stands outside any game and suppresses nothing; "
                                               "put it inside the game or use disable-file="),
        Kind.NOT_A_DIRECTIVE: lambda value: (f"'%{value.strip()}' is not a bridgelint directive: write 'bridgelint: "
                                             "disable=CODE,...' or 'bridgelint: disable-file=CODE,...'"),
        Kind.DIRECTIVE_UNKNOWN_CODE: lambda code, verb: (f"unknown code {code!r} in a bridgelint: {verb}= directive "
                                                         "suppresses nothing"),
        Kind.DIRECTIVE_NO_CODE: lambda verb: f"bridgelint: {verb}= names no code and suppresses nothing",
        Kind.DIRECTIVE_UNUSED: lambda code, scope, never: (
            f"bridgelint: disable of {code} suppresses nothing: "
            + ("an internal error is never suppressed" if never else f"{code} found nothing in this {scope}")),
    }
    reads = frozenset(words)

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S112 in words, in the directive's game (the last two facts: its number and board)."""
        *facts, game, board = problem.facts
        yield cls.finding(cls.words[problem.kind](*facts), problem.line, problem.column, game=game, board=board)


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


class Windows1252(Rule):
    """The file is in Windows-1252, not Latin-1 or UTF-8.

    What it does: reports a file that is not UTF-8 and holds bytes 0x80-0x9F,
    which Windows-1252 (the "ANSI" code page of Windows editors) uses for curly
    quotes, dashes and the euro sign. The file is read as Windows-1252, so these
    characters come out right; one finding a file, at the first such byte.
    Where the letters make another code page clear (a Cyrillic word of
    Windows-1251; a Windows-1250 letter such as `ł`, which Latin-1 reads as `³`,
    inside a word), the file is read in it and the finding names it. A file
    read with `--encoding` (or `encoding` in the configuration) is read as told,
    without this finding.
    Why it matters: PBN is ISO-8859-1 (Latin-1), where these bytes are control
    codes, and UTF-8 in practice; other programs show them as garbage or refuse
    the file.
    Example: an event name in curly quotes, saved by a Windows editor.

        [Event "Spring <0x93>Pairs<0x94>"]

    Use instead: the file saved as UTF-8.

        [Event "Spring “Pairs”"]

    References: PBN §2.2.
    """

    code, name, severity, law = "S114", "windows-1252", "warning", "PBN §2.2"
    stage = "text"
    lin_law = "LIN"
    fixable = "safe"  # every line written in UTF-8, its characters unchanged; a charset= line says UTF-8

    reads = frozenset((Kind.WINDOWS_1252,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """The finding at the first byte read in a Windows code page, worded for the file's format (a PBN
        ``charset`` escape line that names the file's character set, ``%Content-type: text/x-pbn;
        charset=ISO-8859-1``, is updated by the fix)."""
        page, byte, char, fmt, charset = problem.facts
        named = {"Windows-1250": " (--encoding cp1250 says so)", "Windows-1251": " (--encoding cp1251 says so)"}
        said = f"the file is not UTF-8 and byte 0x{byte:02X} is the {page} character '{char}': read as {page}"
        said += named.get(page, "")
        edits = []
        if charset is not None and (m := _CHARSET.search(charset.value)) is not None:
            edits.append(token_edit(charset.line, charset.column + 1 + m.start(1), m.group(1), "UTF-8"))
        standard, law, rewritten = _TEXT_STANDARDS.get(fmt, _TEXT_STANDARDS["lin"])
        yield cls.finding(f"{said}; {standard}", problem.line, problem.column, law=law,
                          edits=edits if rewritten else None, reencode=rewritten)


# what text each format's standard allows: (its words, the reference, whether the fix writes the file in UTF-8)
_TEXT_STANDARDS: dict[str, tuple[str, str | None, bool]] = {
    "pbn": ("PBN files are ISO-8859-1 (Latin-1) or UTF-8", None, True),
    "usebio": ("an XML file without an encoding declaration is UTF-8", "XML 1.0 §4.3.3", False),  # never rewritten
    "lin": ("LIN files are UTF-8", Windows1252.lin_law, True),
}
_CHARSET = re.compile(r"charset=([A-Za-z0-9_.:-]+)", re.I)  # in a %Content-type escape line


class DamagedArchive(Worded):
    """Damaged archive.

    What it does: reports a `.zip`, `.pbn.gz` or `.lin.gz` file that cannot be
    unpacked: not an archive, cut short, a checksum that does not match, an
    encrypted or unsupported member. What was unpacked before the damage is
    still checked.
    Why it matters: the games in the damaged part are lost; an upload that
    broke on the way must be sent again.
    Example: `games.pbn.gz` of which only the first half arrived.
    Use instead: the whole archive, as `gzip` or `zip` made it.
    References: RFC 1952 (gzip); the ZIP file format specification.
    """

    code, name, severity, law = "S115", "damaged-archive", "error", None
    stage = "file"
    unshowable = "only an archive fires it, and a snippet is a plain file; tests/test_uploads.py shows it"
    words = {
        Kind.ARCHIVE_UNREADABLE: lambda error: f"not a readable zip archive: {error}",
        Kind.MEMBER_UNREADABLE: lambda error: f"the archive member cannot be unpacked: {error}",
        Kind.ARCHIVE_DAMAGED: lambda unpacked, error: (
            f"the archive is damaged {f'after {unpacked:,} bytes unpacked' if unpacked else 'at its start'}: "
            f"{error}; reading stopped"),
        Kind.MEMBER_COPIES: lambda copies, name, copy: (
            f"the archive holds {copies} members named {name!r} (unzip keeps only one): each copy is checked, the "
            f"later ones as {name}{copy}2 and so on"),
    }
    reads = frozenset(words)


class ArchiveLimit(Worded):
    """An archive over a limit against decompression bombs.

    What it does: reports an archive whose content is larger than bridgelint
    unpacks: more than 10,000 members, more than 2 GiB unpacked, or (past the
    first 10 MiB) more than 200 times its packed size. Reading stops at the
    limit; what was unpacked before is still checked.
    Why it matters: a small file that unpacks to gigabytes (a "zip bomb") would
    otherwise run for hours or fill the disk or memory; real uploads of bridge
    records stay far below these limits.
    Example: a 100 kB `.zip` that unpacks to 5 GB of one repeated board.
    Use instead: records split over several archives, or sent unpacked.
    References: none.
    """

    code, name, severity, law = "S116", "archive-limit", "error", None
    stage = "file"
    unshowable = "only an archive fires it, and a snippet is a plain file; tests/test_uploads.py shows it"
    words = {
        Kind.ARCHIVE_MEMBERS: lambda members, most: (f"the archive holds {members:,} members, more than the "
                                                     f"{most:,} read at most: not read"),
        Kind.ARCHIVE_SIZE: lambda size, most: (f"the archive's records unpack to {size:,} bytes, more than the "
                                               f"{most:,} read at most: not read"),
        Kind.ARCHIVE_RATIO: lambda allowed, packed, most, floor, ratio: (
            f"the archive unpacks to more than {allowed:,} bytes from {packed:,}: reading stopped there (at most "
            f"{most:,} bytes are read, and past {floor:,} at most {ratio} times the packed size)"),
    }
    reads = frozenset(words)


def _bad_character(char: str) -> str:
    """S106 in words: the invisible character, and what Windows text meant by it (a curly quote, a dash…)."""
    code = ord(char)
    meant = bytes([code]).decode("cp1252", "replace") if 0x80 <= code <= 0x9F else "\ufffd"
    if meant == "\ufffd":
        return f"invisible control character U+{code:04X}: PBN allows printing characters only"
    return (f"invisible control character U+{code:04X}, which Windows-1252 text uses for {meant}: the file was "
            f"probably written as Windows-1252; PBN allows printing characters only")


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
