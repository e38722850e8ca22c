"""The PBN grammar (PBN 2.1 import format, §2-§5) as pyparsing elements.

Every production is a named ``Regex`` so that the same definition serves two
purposes: ``GAME`` parses a game with pyparsing (used by the tests and for
diagrams), and the reader scans with the pattern of the ``TOKEN`` production
in a plain loop (pyparsing's per-token overhead would cost a factor of forty on
archives).  The reader takes that pattern from ``patterns.py``, which
``python bridgelint/formats/generate.py`` writes from this module (a test keeps
them equal), so that reading needs no pyparsing.  ``grammars/pbn.bnf``
documents the same productions by the same names.

Escape lines (``%`` in column 1, §2.4) and game separation (semi-empty lines
outside comments, §3) are line-level and handled by the reader.
"""

from __future__ import annotations

from typing import cast

import pyparsing as pp

WHITESPACE = " \t\r\n\v\f"  # ASCII only: other characters are text, as in the scan


def _regex(name: str, pattern: str) -> pp.Regex:
    element = pp.Regex(pattern)
    element.set_name(name)
    return element


# §3.8 commentary
BRACE_COMMENT = _regex("brace_comment", r"\{[^}]*\}")
UNTERMINATED_COMMENT = _regex("unterminated_comment", r"\{[^}]*\Z")
LINE_COMMENT = _regex("line_comment", r";[^\n]*")
# §2.4 escape line (column 1 only: anchored at a line start)
ESCAPE_LINE = _regex("escape_line", r"(?m:^%[^\n]*)")
# §3.3 tag pair: [ Name "string" ], any whitespace between the tokens in import format
TAG_PAIR = _regex("tag_pair", r'\[[ \t\r\n]*(?P<name>[A-Za-z0-9_]+)[ \t\r\n]*"(?P<value>[^"\\\t\n]*(?:\\.[^"\\\t\n]*)*)"[ \t\r\n]*\]')
# tag pairs written [Name "value"] alone on their lines from column 1, one line after the other: the usual
# header, matched at once (export format, §3.3); read as the tag pairs they hold
_NAME, _LINE_VALUE = r"[A-Za-z0-9_]+", r'[^"\\\t\n]*'
_TAG_LINE = rf'\[{_NAME} "{_LINE_VALUE}"\]'
# the name and value of each tag pair of a run of tag lines (a simpler pattern than TAG_PAIR: twice as fast)
TAG_LINE = _regex("tag_line", rf'\[(?P<name>{_NAME}) "(?P<value>{_LINE_VALUE})"\]')
TAG_LINES = _regex("tag_lines", rf"(?m:^{_TAG_LINE}(?:[ \t]*\r?\n{_TAG_LINE})*)(?=[ \t]*\r?(?:\n|\Z))")
# a bracket that does not make a tag pair: reported as malformed (S102)
BAD_TAG = _regex("bad_tag", r'\[[^\]\n]*\]?')
# §5.1 section string element
STRING = _regex("string", r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"?')
# §3.2 tokens of the auction, play and table sections
NOTE_REF = _regex("note_ref", r"=[^= \t\r\n\v\f\[\]{};\"%]*=")
NAG = _regex("nag", r"\$[^ \t\r\n\v\f\[\]{};\"%!?=^]*")
SUFFIX = _regex("suffix", r"[!?]+")
IRREGULARITY = _regex("irregularity", r"\^[A-Za-z]?")
# lines of four cards and nothing else: the usual trick rows, one after the other, matched at once (§3.6)
_ROW = r"[ \t]+".join(["[SHDC][AKQJT98765432]"] * 4)
CARD_ROWS = _regex("card_rows", rf"{_ROW}(?:[ \t]*\r?\n[ \t]*{_ROW})*(?=[ \t]*(?:\r?\n|\Z))")
# lines of calls in PBN spelling and nothing else: the usual auction rows, one after the other, matched at once (§3.5);
# at most 16 calls a line, so that a line of many calls ending in something else is given up after a few
_CALL = "(?:Pass|XX|X|AP|[1-7](?:NT|[CDHS]))"
_CALL_ROW = rf"{_CALL}(?:[ \t]+{_CALL}){{0,15}}"
CALL_ROWS = _regex("call_rows", rf"{_CALL_ROW}(?:[ \t]*\r?\n[ \t]*{_CALL_ROW})*(?=[ \t]*(?:\r?\n|\Z))")
# §5.2 table header: column specifications separated by ';' (read by the table reader, not by ``token``)
COLUMN_SPEC = _regex("column_spec", r"(?P<order>[+-]?)(?P<column>[^;\\\s+-](?:[^;\\]*[^;\\\s])?)(?:\\(?P<width>[0-9]+)(?P<align>[LR]?))?")
TABLE_HEADER = (COLUMN_SPEC + pp.ZeroOrMore(pp.Suppress(";") + COLUMN_SPEC)).set_name("table_header")
# §5.1 a string element that is closed on its line (the ``string`` token may stop at the line's end)
CLOSED_STRING = _regex("closed_string", r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
WORD = _regex("word", r"[^ \t\r\n\v\f\[\]{};\"%!?=$^]+")
STRAY = _regex("stray", r"[^ \t\r\n\v\f]")

# The alternatives in the order they take precedence (§14 of the digest: escape, comments, tag pairs, then
# tokens), the rows of the usual lines first: no alternative after them starts with a character they start
# with ('[' at a line start of tag_lines against % { ; of escape and comments; S H D C and P X A 1-7 of the
# rows against the opening characters of tags, strings, notes, NAGs, suffixes and marks), so that they take
# precedence changes no other token, and the scan tries them before the rest.  Named groups tell the reader
# what matched.
ALTERNATIVES = (
    ("tag_lines", TAG_LINES), ("card_rows", CARD_ROWS), ("call_rows", CALL_ROWS),
    ("escape", ESCAPE_LINE), ("comment", BRACE_COMMENT), ("open_comment", UNTERMINATED_COMMENT),
    ("comment", LINE_COMMENT), ("tag", TAG_PAIR), ("bad_tag", BAD_TAG), ("string", STRING),
    ("note", NOTE_REF), ("nag", NAG), ("suffix", SUFFIX), ("mark", IRREGULARITY), ("word", WORD), ("stray", STRAY),
)
# The rows: several lines of tag pairs, calls or cards as one token, read as the tokens they hold.  Without
# them (``SINGLE_TOKEN``) each tag pair, call and card is a token of its own: the reference run scans so.
ROWS = ("tag_lines", "card_rows", "call_rows")
# No token starts with white space: the scan passes the white space between tokens with this one test
# instead of trying every alternative at each of its characters.
NOT_WHITESPACE = r"(?=[^ \t\r\n\v\f])"


def alternation(alternatives: tuple[tuple[str, pp.Regex], ...]) -> str:
    """The alternatives as one pattern, each in a group named after it (``comment2``: a second ``comment``)."""
    parts, seen = [], set()
    for group, element in alternatives:
        pattern = str(element.pattern)
        if group in seen:  # a second alternative for the same kind of token
            group = group + "2"
        seen.add(group)
        pattern = pattern.replace("(?P<name>", f"(?P<{group}_name>").replace("(?P<value>", f"(?P<{group}_value>")
        parts.append(f"(?P<{group}>{pattern})")
    return "|".join(parts)


def _token(name: str, alternatives: tuple[tuple[str, pp.Regex], ...]) -> pp.Regex:
    pattern = f"{NOT_WHITESPACE}(?:{alternation(alternatives)})"
    return cast(pp.Regex, _regex(name, pattern).set_whitespace_chars(WHITESPACE))


TOKEN = _token("token", ALTERNATIVES)
SINGLE_TOKEN = _token("single_token", tuple(a for a in ALTERNATIVES if a[0] not in ROWS))
GAME = pp.ZeroOrMore(TOKEN).set_name("game").set_whitespace_chars(WHITESPACE).parse_with_tabs()
