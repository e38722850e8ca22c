"""The PBN reader: game splitting, comments, escapes, tags, encodings, columns,
inheritance, sections, annotations and marks, the grammar, and streaming."""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pyparsing as pp
import pytest
from conftest import (
    CORPUS_PBN,
    DEAL,
    at,
    check,
    codes,
    file_findings,
    read,
    read_findings,
    read_one,
    requires_shared,
    table_rows,
)

import bridgelint.formats.pbn_grammar as grammar
from bridgelint.core.tokens import BID, CONTINUE, END, FILLER, PASS, SKIP
from bridgelint.formats import open_reader
from bridgelint.formats.pbn import PbnReader

ROOT = Path(__file__).resolve().parents[1]


def tags(record) -> list[tuple[str, str, int, int]]:
    return [(t.name, t.value, t.line, t.column) for t in record.tags]


def tokens(record) -> list[tuple[str, str, int, int]]:
    return [(c.token, c.kind, c.line, c.column) for c in record.auction.calls]


# --- games -------------------------------------------------------------------

def test_games_are_separated_by_semi_empty_lines():
    records, _ = read('[Board "1"]\n\n[Board "2"]\n   \n[Board "3"]\n \t \n\n[Board "4"]\n')
    assert [(r.game, r.line, r.tag("Board").value) for r in records] == [
        (1, 1, "1"), (2, 3, "2"), (3, 5, "3"), (4, 8, "4")]


def test_a_brace_comment_spanning_blank_lines_does_not_end_the_game():
    record = read_one('[Event "a"]\n{ first line\n\n   \n last line }\n[Board "1"]\n')
    assert tags(record) == [("Event", "a", 1, 1), ("Board", "1", 6, 1)]
    assert read_findings(record) == []


def test_a_blank_line_ends_the_game_after_a_closed_comment_and_inside_a_line_comment():
    records, _ = read('[Event "a"] { c } ; { not a brace comment\n\n[Event "b"]\n')
    assert [tags(r) for r in records] == [[("Event", "a", 1, 1)], [("Event", "b", 3, 1)]]


def test_escape_lines_only_in_column_1():
    record = read_one('% PBN 2.1\n[Event "a"]\n%BCOptions x\n[Board "1"]\n')
    assert [(e.value, e.line) for e in record.escapes] == [(" PBN 2.1", 1), ("BCOptions x", 3)]
    assert tags(record) == [("Event", "a", 2, 1), ("Board", "1", 4, 1)]
    # a % elsewhere is an ordinary character: section data after a tag, or a stray token (S102)
    record = read_one('[Event "a"] % not an escape\n')
    assert record.escapes == []
    assert at(check('[Event "a"] % not an escape\n'), "S102") == [(1, 13)]
    assert read_one('[Table "1"]\n[ScoreTable "Rank"]\n% 1\n').escapes != []
    assert table_rows(read_one('[ScoreTable "Rank"] % 1\n')) == {"ScoreTable": [["%"], ["1"]]}
    assert at(check(' % not an escape\n[Event "a"]\n'), "S102") == [(1, 2)]


def test_escape_lines_alone_are_no_game_and_export_is_noticed():
    records, reader = read('% PBN 2.1\n% EXPORT\n\n[Event "a"]\n')
    assert len(records) == 1 and records[0].export
    records, reader = read('% PBN 2.1\n\n[Event "a"]\n')
    assert not records[0].export


def test_percent_in_column_1_inside_a_brace_comment_is_text():
    record = read_one('[Event "a"]\n{\n% inside the comment\n[Board "9"]\n}\n[Board "1"]\n')
    assert record.escapes == []
    assert tags(record) == [("Event", "a", 1, 1), ("Board", "1", 6, 1)]


def test_semicolon_comment_runs_to_the_end_of_line():
    record = read_one('[Event "a"] ; [Board "2"] { not opened\n[Board "1"]\n')
    assert tags(record) == [("Event", "a", 1, 1), ("Board", "1", 2, 1)]
    assert read_findings(record) == []  # a tag pair commented out on purpose (nothing before it in the comment): no S113


def test_brace_comments_do_not_nest():
    record = read_one('[Event "a"] { outer { inner } [Board "1"] }\n')
    # the first '}' ends the comment: the tag after it is read, the last '}' is stray
    assert ("Board", "1", 1, 31) in tags(record)
    assert at(read_findings(record), "S104") == [(1, 13)]


def test_semicolon_inside_braces_is_text():
    record = read_one('[Event "a"] { a ; b\n}\n[Board "1"]\n')
    assert tags(record) == [("Event", "a", 1, 1), ("Board", "1", 3, 1)]


# --- tags ------------------------------------------------------------------------

def test_tag_strings_with_escaped_quote_and_backslash():
    record = read_one('[Event "say \\"hi\\" \\\\ bye"]\n[Site "C:\\\\pbn"]\n')
    assert tags(record) == [("Event", 'say "hi" \\ bye', 1, 1), ("Site", "C:\\pbn", 2, 1)]


def test_several_tags_on_a_line_and_a_tag_spanning_lines():
    record = read_one('[Event "a"] [Site "b"]  [Date "2001.01.01"]\n[\n  Board\n  "7"\n]\n')
    assert tags(record) == [("Event", "a", 1, 1), ("Site", "b", 1, 13), ("Date", "2001.01.01", 1, 25),
                            ("Board", "7", 2, 1)]
    assert record.board.value == 7


def test_empty_and_unknown_values():
    record = read_one('[Board "?"]\n[Dealer ""]\n[Contract "?"]\n')
    assert record.board is None and record.dealer is None and record.contract is None
    assert read_findings(record) == []


def test_first_value_of_a_repeated_tag_counts():
    record = read_one('[Dealer "E"]\n[Dealer "W"]\n')
    assert record.dealer.value == "E" and record.tag("Dealer").value == "E"
    assert at(read_findings(record), "S105") == [(2, 1)]


# --- line ends, encodings, columns ---------------------------------------------------

GAME = '[Event "Caf\u00e9"]\n[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1C\tPass  1NT AP\n'


@pytest.mark.parametrize("data", [
    GAME.encode(),
    GAME.replace("\n", "\r\n").encode(),
    b"\xef\xbb\xbf" + GAME.encode(),
    b"\xef\xbb\xbf" + GAME.replace("\n", "\r\n").encode(),
    GAME.encode("latin-1"),
    GAME.replace("\n", "\r\n").encode("latin-1"),
], ids=["lf", "crlf", "bom-lf", "bom-crlf", "latin1-lf", "latin1-crlf"])
def test_line_ends_and_encodings_read_alike(data):
    record = read_one(data)
    assert tags(record) == [("Event", "Caf\u00e9", 1, 1), ("Board", "1", 2, 1), ("Dealer", "N", 3, 1),
                            ("Auction", "N", 4, 1)]
    # a tab counts as one character: columns are as in the file
    assert tokens(record) == [("1C", BID, 5, 1), ("Pass", PASS, 5, 4), ("1NT", BID, 5, 10), ("AP", "allpass", 5, 14)]
    assert read_findings(record) == []


def test_crlf_games_are_split_on_blank_lines():
    records, _ = read(b'[Board "1"]\r\n\r\n[Board "2"]\r\n \t\r\n[Board "3"]\r\n')
    assert [r.tag("Board").value for r in records] == ["1", "2", "3"]


def test_bom_does_not_shift_columns_of_the_first_line():
    records, reader = read(b'\xef\xbb\xbf[Event "a"] [Site "b"]\n')
    assert tags(records[0]) == [("Event", "a", 1, 1), ("Site", "b", 1, 13)]
    assert file_findings(reader) == []


def test_latin1_bytes_are_decoded_and_not_reported():
    records, reader = read(b'[Event "\xd3d\xf3 \xe0 la \xa0carte"]\n')
    assert records[0].tag("Event").value == "\u00d3d\u00f3 \u00e0 la \u00a0carte"
    assert file_findings(reader) == []


def test_columns_after_tabs_in_the_play_and_tags():
    record = read_one(f'[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "7NT"]\n\t[Play "W"]\nSA\tHA\t\tDA CA\n')
    assert record.tag("Play").column == 2
    assert [(c.token, c.line, c.column, c.seat) for c in record.play.cards] == [
        ("SA", 5, 1, "W"), ("HA", 5, 4, "N"), ("DA", 5, 8, "E"), ("CA", 5, 11, "S")]


# --- inheritance -----------------------------------------------------------------------

def test_inheritance_across_games():
    records, _ = read('[Event "##Club"]\n[Site "Paris"]\n[Board "1"]\n\n'
                      '[Site "#"]\n[Board "2"]\n\n'
                      '[Event "Other"]\n[Site "Lyon"]\n[Board "3"]\n\n'
                      '[Site "#"]\n[Board "#"]\n')
    assert [(r.tag("Event").value, r.tag("Site").value, r.tag("Board").value) for r in records] == [
        ("Club", "Paris", "1"), ("Club", "Paris", "2"), ("Other", "Lyon", "3"), ("Club", "Lyon", "3")]
    assert all(read_findings(r) == [] for r in records)
    assert records[3].board.value == 3  # Board may be inherited, and is then read as the board number


def test_hash_with_nothing_to_inherit_is_empty_and_reported():
    record = read_one('[Event "#"]\n[Board "1"]\n')
    assert record.tag("Event").value == ""
    assert at(read_findings(record), "S110") == [(1, 1)]


@pytest.mark.parametrize("name", ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"])
def test_inheritance_forbidden(name):
    records, _ = read(f'[{name} "##x"]\n[Board "1"]\n\n[Board "2"]\n')
    assert at(read_findings(records[0]), "S110") == [(1, 1)]
    assert records[1].tag(name) is None


# --- sections ----------------------------------------------------------------------------

def test_supplemental_tables_are_kept_as_rows():
    record = read_one('[Board "1"]\n'
                      '[ScoreTable "Rank\\\\2R;Names_NS;Score_NS\\\\5R"]\n'
                      ' 1 "Smith;Jones"   420 ; a comment\n'
                      '\t2 "A \\"B\\" C"\t-50\n'
                      '[OptimumResultTable "Declarer;Denomination\\\\2R;Result\\\\2R"]\n'
                      'N NT 9\nS  S 10\n'
                      '[Event "after the tables"]\n')
    assert record.tag("ScoreTable").value == "Rank\\2R;Names_NS;Score_NS\\5R"
    assert table_rows(record) == {
        "ScoreTable": [["1", '"Smith;Jones"', "420"], ["2", '"A \\"B\\" C"', "-50"]],
        "OptimumResultTable": [["N", "NT", "9"], ["S", "S", "10"]],
    }
    assert record.tag("Event").value == "after the tables"
    assert [f.code for f in read_findings(record)] == ["T102"]  # the comment after an element (PBN §5.1)


def test_notes_belong_to_their_section():
    record = read_one(f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1C"]\n'
                      '[Auction "N"]\n1C =1= AP\n[Note "1:strong"]\n[Note "2: two"]\n'
                      '[Play "E"]\nH2 =1= DA CA SA\n[Note "1:lead"]\n[Event "e"]\n')
    assert {n: (t.value, t.line) for n, t in record.auction.notes.items()} == {1: ("1:strong", 8), 2: ("2: two", 9)}
    assert {n: (t.value, t.line) for n, t in record.play.notes.items()} == {1: ("1:lead", 12)}
    assert record.auction.calls[0].note == 1 and record.play.cards[0].note == 1
    assert [t.name for t in record.tags].count("Note") == 3


def test_auction_and_play_sections_end_at_the_next_tag():
    record = read_one(f'[Deal "{DEAL}"]\n[Auction "N"]\n1C AP\n[Declarer "N"]\n[Contract "1C"]\n'
                      '[Play "E"]\nH2 DA\n[Result "7"]\nCA SA\n')
    assert [c.token for c in record.auction.calls] == ["1C", "AP"]
    assert [c.token for c in record.play.cards] == ["H2", "DA"]
    assert record.tables == {}
    assert at(check('[Play "E"]\nH2 DA\n[Result "7"]\nCA SA\n'), "S102") == [(4, 1)]


def test_auction_tokens_and_kinds():
    record = read_one('[Dealer "S"]\n[Auction "E"]\n- - 1C X XX\nPass 1NT pass *\n')
    assert tokens(record) == [
        ("-", FILLER, 3, 1), ("-", FILLER, 3, 3), ("1C", BID, 3, 5), ("X", "double", 3, 8),
        ("XX", "redouble", 3, 10), ("Pass", PASS, 4, 1), ("1NT", BID, 4, 6), ("pass", PASS, 4, 10),
        ("*", END, 4, 15)]
    assert record.auction.seat == "E"
    assert at(read_findings(record), "S109") == []  # lowercase is import format (PBN §3.11)


@pytest.mark.parametrize("text,expected", [
    ("2NT?=1=", [("2NT", 1, (2,))]),
    ("2NT!?$200=1=", [("2NT", 1, (5, 200))]),
    ("1C=1=!2C $13", [("1C", 1, (1,)), ("2C", None, (13,))]),
    ("1H ?? =2= 1S", [("1H", 2, (4,)), ("1S", None, ())]),
])
def test_annotations_are_split_from_calls(text, expected):
    record = read_one(f'[Dealer "N"]\n[Auction "N"]\n{text}\n[Note "1:a"]\n[Note "2:b"]\n')
    assert [(c.token, c.note, c.nags) for c in record.auction.calls] == expected


def test_annotation_positions():
    record = read_one('[Dealer "N"]\n[Auction "N"]\n1C 2NT?=1=\n[Note "1:x"]\n')
    call = record.auction.calls[1]
    assert (call.line, call.column, call.note_line, call.note_column) == (3, 4, 3, 8)


def test_card_annotations_use_the_card_suffix_nags():
    record = read_one(f'[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1C"]\n[Play "E"]\nH2 ! DA?? CA!?=1= SA $14\n'
                      '[Note "1:x"]\n')
    assert [(c.token, c.nags, c.note) for c in record.play.cards] == [
        ("H2", (7,), None), ("DA", (10,), None), ("CA", (11,), 1), ("SA", (14,), None)]


def test_irregularity_marks():
    record = read_one(f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1C"]\n'
                      '[Auction "N"]\n1D ^S ^I 1C ^S\n'
                      '[Play "E"]\nH2 ^R DA CA ^L SA\n')
    calls = record.auction.calls
    assert [(c.token, c.kind, c.column, c.mark, c.mark_column) for c in calls] == [
        ("1D", BID, 1, "", 0), ("^S", SKIP, 4, "", 0), ("1C", BID, 10, "I", 7), ("^S", SKIP, 13, "", 0)]
    cards = record.play.cards
    assert [(c.token, c.column, c.mark, c.mark_line, c.mark_column) for c in cards] == [
        ("H2", 1, "", 0, 0), ("DA", 7, "R", 8, 4), ("CA", 10, "", 0, 0), ("SA", 16, "L", 8, 13)]


def test_play_marks_unknown_and_continuation_cards():
    record = read_one(f'[Deal "{DEAL}"]\n[Declarer "N"]\n[Contract "1C"]\n[Play "E"]\nH2 - + DA\n*\n')
    assert [(c.token, c.kind, c.seat) for c in record.play.cards] == [
        ("H2", "card", "E"), ("-", "unknown", "S"), ("+", CONTINUE, "W"), ("DA", "card", "N"), ("*", END, None)]


def test_header_fields():
    record = read_one(f'[Board "12"]\n[Dealer "w"]\n[Vulnerable "Both"]\n[Deal "{DEAL}"]\n'
                      '[Declarer "^S"]\n[Contract "4HX"]\n[Result "NS 9"]\n')
    assert record.board.value == 12
    assert record.dealer.value == "W"
    assert record.vulnerable.value == "All"
    assert record.deal.hands["N"][:2] == ("SA", "SK") and record.deal.hands["W"][-1] == "C2"
    assert record.declarer.value == ("S", True)
    assert str(record.contract.value) == "4HX"
    assert record.result.value.tricks_for("S") == 9


def test_deal_with_unknown_hands_and_spot_cards():
    record = read_one('[Deal "E:- AKQ.xxx.xxxx.xxx - KQT2.AT.J6542.85"]\n')
    assert record.deal.hands == {"E": None, "S": None, "W": None,
                                 "N": ("SK", "SQ", "ST", "S2", "HA", "HT", "DJ", "D6", "D5", "D4", "D2", "C8", "C5")}


# --- the grammar ----------------------------------------------------------------------

SAMPLES = [
    '[Event "a \\"b\\" \\\\"] [Site "x"]\n[\n Board\n "1"\n]\n',
    '% PBN 2.1\n[Event "a"] ; [Board "2"]\n{ comment\n\n with [Board "3"] } stray } tokens\n',
    '[Dealer "N"]\n[Auction "N"]\n1C\t=1= 2NT?=12= $200 ^I 1D !? ^S ^X\nPass * + -\n[Note "1:x"]\n',
    '[Play "W"]\nSA ^R HK ^L D2 C3!! $9 =1=\n',
    '[ScoreTable "Rank\\\\2R;Names"]\n1 "A;B" ^400 -\n2 "unterminated\n',
    '[Event]\n[Event No_quotes]\n[Site "tab\there"]\n[Date "missing\n',
    '[Event "a"] { never closed\n[Board "1"]\n',
    'weird $ ^ = == ! [ ] } " % x%y\n',
    '[Event "\u00e9t\u00e9"] \u00e9\n',
]


def corpus_games(limit_per_file: int) -> list[str]:
    games = []
    for path in sorted(CORPUS_PBN.glob("*.pbn")):
        with path.open("rb") as stream:
            reader = PbnReader(stream, str(path))
            for _, text, _ in itertools.islice(reader.games(), limit_per_file):
                games.append(text)
    return games


def pyparsing_tokens(text: str) -> list[str]:
    return grammar.GAME.parse_string(text, parse_all=True).as_list()


def scan_tokens(text: str) -> list[str]:
    return [m.group() for m in grammar.TOKEN.re.finditer(text)]


@pytest.mark.parametrize("text", SAMPLES)
def test_grammar_and_scan_tokenise_alike(text):
    assert pyparsing_tokens(text) == scan_tokens(text)


@requires_shared
def test_grammar_and_scan_tokenise_the_corpus_alike():
    games = corpus_games(5)
    assert len(games) > 100
    for text in games:
        assert pyparsing_tokens(text) == scan_tokens(text), text[:200]


@pytest.mark.parametrize("text", ['[Auction "N"]\n1C\u00a0Pass\n', '[Auction "N"]\n1C\x1cPass\n'])
def test_grammar_and_scan_agree_on_unicode_whitespace(text):
    assert pyparsing_tokens(text) == scan_tokens(text)


def test_grammar_keeps_tab_columns():
    assert grammar.GAME.keepTabs
    text = '[Auction "N"]\n1C\t\tPass\t!\n'  # the '!': calls, not a row of calls
    located = pp.ZeroOrMore(pp.Group(pp.Located(grammar.TOKEN))).parse_with_tabs().parse_string(text, parse_all=True)
    assert [(start, tok[0]) for start, tok, _ in located.as_list()] == [(0, '[Auction "N"]'), (14, "1C"),
                                                                       (18, "Pass"), (23, "!")]
    assert [(m.start(), m.group()) for m in grammar.TOKEN.re.finditer(text)] == [(0, '[Auction "N"]'), (14, "1C"),
                                                                                   (18, "Pass"), (23, "!")]


def named_regex_productions() -> dict[str, pp.Regex]:
    return {v.customName: v for v in vars(grammar).values() if isinstance(v, pp.Regex) and v.customName}


def test_every_named_production_is_in_the_bnf():
    names = named_regex_productions()
    assert {"tag_pair", "brace_comment", "escape_line", "word", "token"} <= set(names)
    bnf = (ROOT / "grammars" / "pbn.bnf").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\s*<?([A-Za-z_][A-Za-z0-9_]*)>?\s*(?:::=|=)", bnf, re.M))
    assert set(names) - defined == set()


# --- streaming -----------------------------------------------------------------------

class Tripwire:
    """A line stream that fails the test if read past ``limit`` lines."""

    def __init__(self, lines: list[bytes], limit: int):
        self.lines, self.limit, self.read = lines, limit, 0

    def __iter__(self):
        for line in self.lines:
            if self.read >= self.limit:
                raise AssertionError(f"read past line {self.limit}")
            self.read += 1
            yield line


def test_reader_yields_the_first_games_before_reading_the_rest():
    lines = [b'[Board "1"]\n', b"\n"]
    stream = Tripwire(lines + [b'[Board "0"]\n'] * 1000, limit=len(lines) + 1)
    games = iter(PbnReader(stream, "t.pbn"))
    first = next(games)
    assert first.tag("Board").value == "1"
    assert stream.read <= len(lines) + 1


class EndlessPbn(io.RawIOBase):
    """An endless binary stream of games, generated as it is read."""

    def __init__(self):
        self.games = (f'[Board "{n}"]\n[Dealer "N"]\n\n'.encode() for n in itertools.count(1))
        self.pending = b""
        self.served = 0

    def readable(self):
        return True

    def readinto(self, buffer):
        while len(self.pending) < len(buffer):
            self.pending += next(self.games)
        n = len(buffer)
        buffer[:n], self.pending = self.pending[:n], self.pending[n:]
        self.served += n
        return n


def test_opened_stream_is_read_game_by_game():
    stream = EndlessPbn()
    reader = open_reader(stream, "endless.pbn")
    first = list(itertools.islice(iter(reader), 3))
    assert [r.board.value for r in first] == [1, 2, 3]
    assert stream.served < 1_000_000


# --- reading never raises --------------------------------------------------------------

@pytest.mark.parametrize("data", [
    b"", b"\n\n\n", b"[", b"]", b"{", b"}", b'"', b"[Event \"", b"\xff\xfe\xfd", b"%", b"\r\r\r",
    b"[Auction \"N\"]\n^", b"[Play \"W\"]\n=", b"[Deal \"N:\"]", b"[Deal \"\"]\n[Dealer \"x\"]\n[Auction \"\"]\n1C",
    b"[Auction \"N\"]\n* 1C", b"[Note \"1:x\"]\n=1=",
])
def test_reader_never_raises_on_odd_input(data):
    findings = check(data)
    assert "X001" not in codes(findings)


def test_a_brace_inside_a_malformed_tag_opens_no_comment():
    records, _ = read('[{Event "a"]\n\n[Board "2"]\n\n[Board "3"]\n')
    assert [r.board_number for r in records] == [None, "2", "3"]
    records, _ = read('[Event "a{b"] ; {c\n\n[Board "2"]\n')
    assert [r.board_number for r in records] == [None, "2"]
    records, _ = read('[Event "a"] {open\n\n[Board "2"]\n}\n\n[Board "3"]\n')
    assert [r.board_number for r in records] == [None, "3"]  # the comment spans the blank line


def test_a_row_of_four_cards_keeps_every_column_wherever_it_stands():
    record = read_one('[Play "W"]\nSA\tSK  SQ SJ \n^R HA H2 H3 H4\n[OptimumPlayTable "S;H;D;C"]\nSA SK SQ SJ\n')
    assert [(c.token, c.line, c.column, c.seat) for c in record.play.cards[:5]] == [
        ("SA", 2, 1, "W"), ("SK", 2, 4, "N"), ("SQ", 2, 8, "E"), ("SJ", 2, 11, "S"), ("HA", 3, 4, "W")]
    assert record.play.cards[4].mark == "R"
    assert table_rows(record) == {"OptimumPlayTable": [["SA", "SK", "SQ", "SJ"]]}
    assert at(check('[Auction "N"]\nSA SK SQ SJ\n'), "A102") == [(2, 1)]
