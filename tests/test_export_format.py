"""S108: one finding per game of a % EXPORT file, naming every breach of export format in file order."""

from __future__ import annotations

import re

import pytest
from conftest import check, only, read, run_cli
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from bridgelint.core.record import Record
from bridgelint.core.reference import reference
from bridgelint.core.text import Places
from bridgelint.core.wording import counted
from bridgelint.formats import pbn_export
from bridgelint.formats.pbn_game import GameScanner

PLAY = """S5 S3 S2 S9
D3 D2 DT D5
D8 D9 DJ DA
S8 S6 C4 SQ
C6 C3 C2 C7
D6 S4 D7 DK
H2 HK H5 HQ
H4 H8 H6 H9
CQ CK C8 C5
HA HT H3 CJ
SJ SA CT SK
H7 HJ C9 D4
ST CA DQ S7"""

AUCTION = '[Auction "N"]\nPass Pass 2S =1= Pass\nPass Pass\n[Note "1:weak two"]\n'
TABLE = '[ScoreTable "Score_NS\\4R;MP_NS"]\n 170 3\n 140 1\n'
CLEAN = ('% PBN 2.1\n% EXPORT\n\n[Event "Club"]\n[Site "Town"]\n[Date "2026.01.01"]\n[Board "1"]\n[West "W"]\n'
         '[North "N"]\n[East "E"]\n[South "S"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
         '[Deal "N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6"]\n[Scoring "IMP"]\n'
         '[Declarer "S"]\n[Contract "2S"]\n[Result "10"]\n[HomeTeam "A"]\n[Room "Open"]\n'
         + AUCTION + '[Play "W"]\n' + PLAY + "\n" + TABLE)


def export(text: str) -> str:
    return text.replace("\n", "\r\n")


def test_a_clean_crlf_export_file_gives_none():
    assert [(f.code, f.line, f.column, f.message) for f in check(export(CLEAN))] == []


def test_the_clean_file_in_import_format_gives_none_either():
    assert check(CLEAN.replace("% EXPORT\n", "")) == []


def moved(text: str, line: str, before: str) -> str:
    """``text`` with ``line`` taken out and put back right before ``before``."""
    return text.replace(line, "", 1).replace(before, line + before, 1)


# a change that breaks export format once, the words that name it, the (line, column) of the finding
BREACHES = [
    (lambda t: t.replace("\r\n", "\n"), "line end LF (and on 37 more lines), export wants CR LF", (4, 15)),
    (lambda t: t.replace('[Event "Club"]\r\n', '[Event "Club"]\r\n{a\tcomment}\r\n'), "a tab, export has none",
     (5, 3)),
    (lambda t: t.replace('[Room "Open"]', ' [Room "Open"]'), "tag Room is not written", (20, 2)),
    (lambda t: t.replace('[Room "Open"]', '[Room  "Open"]'), "tag Room is not written", (20, 1)),
    (lambda t: t.replace("Pass Pass 2S", "Pass  Pass 2S"), "elements not separated by single spaces", (22, 1)),
    (lambda t: t.replace('[Scoring "IMP"]\r\n', ""), "mandatory tag Scoring missing", (4, 1)),
    (lambda t: moved(t, '[Vulnerable "None"]\r\n', '[Dealer "N"]'), "Dealer after Vulnerable", (13, 1)),
    (lambda t: moved(t, '[HomeTeam "A"]\r\n', '[Site "Town"]'), "tag HomeTeam before mandatory tags", (5, 1)),
    (lambda t: moved(t, '[Room "Open"]\r\n', '[HomeTeam "A"]'), "tag HomeTeam after Room", (20, 1)),
    (lambda t: moved(t, '[Room "Open"]\r\n', '[Play "W"]'), "tag Room after the Auction section", (24, 1)),
    (lambda t: moved(t, export(AUCTION), TABLE.split("\n")[0]), "Auction after Play", (35, 1)),
    (lambda t: moved(t, export(TABLE), '[Auction "N"]'), "Auction after ScoreTable", (24, 1)),
    (lambda t: t.replace('N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6',
                         'E:2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6 A643.KJT8.92.AK3'),
     "Deal starts with East, export starts it with the dealer, North", (14, 1)),
    (lambda t: t.replace("N:A643.KJT8", "N:6A43.KJT8"), "Deal ranks not in descending order", (14, 1)),
    (lambda t: t.replace('[Auction "N"]\r\nPass Pass', '[Auction "E"]\r\nPass'),
     "Auction starts with East, export starts it with the dealer, North", (21, 1)),
    (lambda t: t.replace('[Play "W"]', '[Play "N"]'), "Play starts with North, export starts it with the "
                                                       "opening leader, West", (25, 1)),
    (lambda t: t.replace('[Vulnerable "None"]', '[Vulnerable "Love"]'), 'Vulnerable "Love": export writes None',
     (13, 1)),
    (lambda t: t.replace('[Result "10"]', '[Result "NS 10"]'), "export writes declarer's tricks only", (18, 1)),
]


def test_a_result_by_sides_is_export_form_when_the_declarer_is_unknown():
    text = export(CLEAN).replace('[Result "10"]', '[Result "NS 10"]').replace('[Declarer "S"]', '[Declarer "?"]')
    assert '[Declarer "?"]' in text
    assert "declarer's tricks" not in " ".join(f.message for f in only(check(text), "S108"))


@pytest.mark.parametrize("change, named, where", BREACHES, ids=[named for _, named, _ in BREACHES])
def test_each_breach_is_named(change, named, where):
    text = change(export(CLEAN))
    assert text != export(CLEAN)
    [finding] = only(check(text), "S108")
    assert named in finding.message and (finding.line, finding.column) == where
    assert finding.message.count("; line ") == 0  # that breach only


def test_one_finding_lists_every_breach_in_file_order():
    text = export(CLEAN).replace('[Vulnerable "None"]', '[Vulnerable "Both"]').replace('[Room "Open"]',
                                                                                         ' [Room "Open"]')
    text = text.replace('[Scoring "IMP"]\r\n', "")
    [finding] = only(check(text), "S108")
    assert finding.full_message == ('game breaks export format (% EXPORT): line 4: mandatory tag Scoring missing; '
                               'line 13: Vulnerable "Both": export writes None, NS, EW or All; line 19: tag Room '
                               'is not written [Room "..."] alone on its line from column 1 (PBN §2.1)')
    assert (finding.line, finding.column) == (4, 1)


def test_every_game_gets_its_own_finding():
    game = export(CLEAN).split("\r\n\r\n", 1)[1]
    text = export("% EXPORT\n\n") + game.replace("\r\n", "\n") + "\r\n" + game
    assert [f.line for f in only(check(text), "S108")] == [3]


def test_line_ends_are_named_as_written_cr_lf_or_none():
    """An old Mac file (CR alone), a Unix one (LF), a last line without its end: each named as it is."""
    game = export(CLEAN)
    mac = only(check(game.replace("\r\n", "\r")), "S108")[0].message
    assert "line 4: line end CR (and on 37 more lines), export wants CR LF" in mac and "line end LF" not in mac
    mixed = only(check(game.replace('[Site "Town"]\r\n', '[Site "Town"]\r')), "S108")[0].message
    assert "line 5: line end CR, export wants CR LF" in mixed
    unended = only(check(game.rstrip("\r\n")), "S108")
    assert [(f.line, f.column) for f in unended] == [(41, 7)]
    assert unended[0].full_message == ("game breaks export format (% EXPORT): line 41: no line end after the file's "
                                  "last line, export ends it with CR LF (PBN §2.1)")


def test_s108_on_some_games_only_is_listed_per_game(tmp_path, monkeypatch):
    """The text report makes one line of S108 only when every game breaks export format the same ways."""
    game = export(CLEAN).split("\r\n\r\n", 1)[1]
    (tmp_path / "x.pbn").write_text(export("% EXPORT\n\n") + "\r\n".join([game.replace("\r\n", "\n")] * 3 + [game]),
                                    newline="")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(monkeypatch, "check", "--isolated", "--select", "S108", "x.pbn")
    lines = [line for line in out.splitlines() if ": S108 [" in line]
    # layout is `bridgelint format`'s, not check --fix's: no [*]
    assert len(lines) == 3 and all(" S108 [warning] game breaks export format" in line for line in lines)


def more(lines: list[int]) -> str:
    return f" (and on {counted(len(lines) - 1, 'more line')})" if len(lines) > 1 else ""


def layout_line_by_line(record, lines: list[str]) -> list[tuple[int, int, str]]:
    """The line layout breaches as found looking at each line, each tag and each element line."""
    first, out = record.line, []
    lf = [first + i for i, line in enumerate(lines) if line.endswith("\n") and not line.endswith("\r\n")]
    if lf:
        out.append((lf[0], len(lines[lf[0] - first].rstrip("\r\n")) + 1, f"line end LF{more(lf)}, export wants CR LF"))
    if not lines[-1].endswith("\n"):
        out.append((first + len(lines) - 1, len(lines[-1].rstrip("\r")) + 1,
                    "no line end after the file's last line, export ends it with CR LF"))
    out.sort()
    tabs = [(first + i, line.find("\t") + 1) for i, line in enumerate(lines) if "\t" in line or "\v" in line]
    if tabs:
        out.append((*tabs[0], f"a tab{more([n for n, _ in tabs])}, export has none"))
    written = [line.rstrip("\r\n") for line in lines]
    for tag in record.tags:
        if not tag.inherited and (tag.column != 1 or not re.fullmatch(r'\[[A-Za-z0-9_]+ "(?:[^"\\]|\\.)*"\]',
                                                                       written[tag.line - first])):
            out.append((tag.line, tag.column, f"tag {tag.name} is not written [{tag.name} \"...\"] alone on its line "
                                              "from column 1"))
    element_lines = {call.line for call in record.auction.calls} if record.auction is not None else set()
    if record.play is not None:
        element_lines |= record.play.lines()
    spaced = [re.sub(r";[^\n]*", lambda m: ";" + "x" * (len(m.group()) - 1), line) for line in written]  # free text
    out += [(number, 1, "elements not separated by single spaces from column 1") for number in sorted(element_lines)
            if spaced[number - first] != " ".join(re.findall(r"[^ \t\r\n]+", spaced[number - first]))]  # as read
    return out


SPOILERS = ["  ", " ", "\t", "\v", "\f", "\x1f", "\xa0", "\u3000", "\r", "\n", "[", "]", '"', "{", "}", ";", '[Room "x"]', "x"]


NO_TABLE = CLEAN.replace(TABLE, "")
AFTER_CALLS = NO_TABLE.split("\n\n", 1)[1].index("=1= Pass") + len("=1= Pass")  # the end of an auction line
AFTER_ROOM = NO_TABLE.split("\n\n", 1)[1].index('[Room "Open"]') + len('[Room "Open"]')  # the end of a tag line


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@example(NO_TABLE, [(AFTER_CALLS, " ")], True)  # a space at the end of an element line, before CR LF
@example(NO_TABLE, [(AFTER_CALLS + 1, " ")], True)  # a space at the start of the next one
@example(NO_TABLE, [(AFTER_ROOM, " ")], True)  # a space after a tag pair, before CR LF
@example(NO_TABLE, [(AFTER_ROOM, "\t")], True)  # a tab there
@given(st.sampled_from([CLEAN, NO_TABLE]),
       st.lists(st.tuples(st.integers(0, len(CLEAN)), st.sampled_from(SPOILERS)), max_size=4), st.booleans())
def test_the_layout_of_a_game_is_judged_as_looking_at_each_line_would(clean, spoilers, crlf):
    text = clean.split("\n\n", 1)[1]
    for at, spoiler in spoilers:
        text = text[:at] + spoiler + text[at:]
    if crlf:
        text = export(text)
    text = re.sub("\r(?!\r*\n)", "\n", text)  # a lone CR is a line end, as open_reader reads it (LoneCrAsLf)
    records = read(text)[0]
    assume(len(records) == 1 and records[0].line == 1 and "{" not in text)
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    lines = [line for line in lines if line]
    expected = layout_line_by_line(records[0], lines)
    for on in (False, True):  # the usual layout at once, and with every fast path off
        with reference(on):
            assert pbn_export.layout_breaches(records[0], text, Places(text, 1)) == expected
            scanner = GameScanner(Record("pbn", 1, 1), 1, text)  # what the reader knows of the tag lines
            scanner.scan()
            assert pbn_export.layout_breaches(records[0], text, scanner.places, scanner.tag_lines_only) == expected



ORDER_NAMES = [*pbn_export.MANDATORY, "Room", "HomeTeam", "Auction", "Play", "Note", "ScoreTable", "Xyz"]
# a game: its tag pairs (name, value, whether rows of data follow: a section if its name is no tag's)
ORDERS = st.lists(st.lists(st.tuples(st.sampled_from(ORDER_NAMES), st.sampled_from(["x", "##x"]), st.booleans()),
                           max_size=20), min_size=1, max_size=4)
IN_ORDER = [(name, "x", False) for name in pbn_export.MANDATORY]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@example([IN_ORDER, IN_ORDER])
@example([[("Event", "##x", False), *IN_ORDER[1:]], IN_ORDER[1:], [*IN_ORDER[1:], ("Event", "x", False)]])  # inherited
@example([[tag for tag in IN_ORDER if tag[0] != "Scoring"]])  # a breach in PBN 2.1, not in 1.0
@example([[*IN_ORDER, ("Play", "x", False), ("Xyz", "x", True)],  # Xyz a section, then a tag after the Play section
          [*IN_ORDER, ("Play", "x", False), ("Xyz", "x", False)]])
@given(ORDERS)
def test_a_tag_order_is_judged_alike_in_every_game_and_version(games):
    text = "% EXPORT\n\n" + "\n".join("".join(f'[{name} "{value}"]\n' + ("1 2\n" if data else "")
                                                for name, value, data in game) for game in games)
    for record in read(text)[0]:
        for version, mandatory in (("1.0", pbn_export.MANDATORY_1_0), ("2.1", pbn_export.MANDATORY)):
            record.version = version
            breaches = [what for _, _, what in pbn_export.order_breaches(record)]
            missing = [name for name in mandatory if name not in {tag.name for tag in record.tags}]
            assert all(any(name in what for what in breaches) for name in missing), (missing, breaches)


def descending_by_hand(hands: str) -> bool:
    """Each holding's ranks sorted as AKQJT98765432 once x spot cards are left out (what is no rank first)."""
    rank = "AKQJT98765432".find
    return all(list(ranks) == sorted(ranks, key=rank) for hand in hands.split() for suit in hand.split(".")
               for ranks in [suit.replace("x", "").replace("X", "")])


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@example("A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6")
@example("AK.x.x.x - - -")
@example("KA.x.x.x - - -")
@given(st.text(alphabet=st.sampled_from([*"AKQJT98765432", *"xX.-a ", "\xa0", "é"]), max_size=30))
def test_deal_ranks_out_of_descending_order_are_found_as_sorting_them_finds(hands):
    text = export(CLEAN.replace("N:A643.KJT8.92.AK3 2.653.QJT7.T9842 KQ97.Q9.AK54.J75 JT85.A742.863.Q6",
                                f"N:{hands}"))
    s108 = [f.message for f in check(text) if f.code == "S108"]
    assert any("Deal ranks not in descending order" in message for message in s108) != descending_by_hand(hands)
