"""S — a file as a whole, in every text format: what the readers note of its text, characters and lines
(``read``), a file without a game (S111), its suppression directives (S112), its encoding (S114) and the archives
it came in (S115, S116).  The syntax of a PBN game is :mod:`.syntax`'s, that of the other formats
:mod:`.format_syntax`'s."""

from __future__ import annotations

import re
from typing import Iterator

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from .base import Rule, Worded
from .edits import token_edit


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

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """S112 in words, in the directive's game (the last two facts: its number and board)."""
        *facts, game, board = problem.facts
        yield cls.finding(cls.words[problem.kind](*facts), problem.line, problem.column, game=game, board=board)


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


def _bad_character(char: str) -> str:
    """S106 in words: the invisible character, and what Windows text meant by it (a curly quote, a dash…)."""
    code = ord(char)
    meant = bytes([code]).decode("cp1252", "replace") if 0x80 <= code <= 0x9F else "\ufffd"
    if meant == "\ufffd":
        return f"invisible control character U+{code:04X}: PBN allows printing characters only"
    return (f"invisible control character U+{code:04X}, which Windows-1252 text uses for {meant}: the file was "
            f"probably written as Windows-1252; PBN allows printing characters only")
