"""Dealing-machine files (DUP, DLM, BRI, DGE, BER, BHG, RZD, CDS): read to boards, S150 on what is malformed,
D103/D104 on the deals, hand records for --hand-record, and written back (convert --to dlm|dup).

The files are built here from deals (by the writers, or byte by byte); the corpus tests skip without
../shared.
"""

from __future__ import annotations

import io
import json
import random
from functools import reduce
from pathlib import Path

import pytest
from conftest import SHARED, at, check, run_cli

from bridgelint.convert.dealing_writer import DealingWriter, DlmWriter, DupWriter
from bridgelint.core.bridge import PACK, SEATS
from bridgelint.formats.registry import format_from_content, open_reader

CORPUS = SHARED / "corpus" / "dealing"
STEM = "emkael__deal-convert__test"
FORMATS = ("dup", "dlm", "bri", "dge", "ber", "bhg", "rzd", "cds")
requires_dealing = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"dealing corpus not found at {CORPUS}")


def random_deals(count: int, seed: int = 1) -> list[str]:
    """``count`` legal deals as PBN Deal values."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        cards = list(PACK)
        rng.shuffle(cards)
        hands = [sorted(cards[13 * i:13 * i + 13], key=PACK.index) for i in range(4)]
        deals.append("N:" + " ".join(".".join("".join(c[1] for c in hand if c[0] == suit) for suit in "SHDC")
                                     for hand in hands))
    return deals


def pbn(deals: list[str], played: bool = False, first: int = 1) -> str:
    """A PBN of ``deals`` as boards ``first``…, Dealer and Vulnerable by Law 2; ``played``: each with a result."""
    games = []
    for number, deal in enumerate(deals, first):
        lines = [f'[Board "{number}"]', f'[Dealer "{SEATS[(number - 1) % 4]}"]',
                 f'[Vulnerable "{("None", "NS", "EW", "All")[(number - 1 + (number - 1) // 4) % 4]}"]',
                 f'[Deal "{deal}"]']
        if played:
            lines += ['[Contract "Pass"]', '[Declarer ""]', '[Result ""]']
        games.append("\n".join(lines))
    return "\n\n".join(games) + "\n"


def written(writer: type[DealingWriter], text: str) -> bytes:
    """The PBN ``text`` written by ``writer``."""
    out = io.BytesIO()
    sink = writer(out)
    for record in open_reader(io.BytesIO(text.encode()), "t.pbn"):
        sink.write(record, "t.pbn")
    assert sink.close() == []
    return out.getvalue()


def read_deals(data: bytes, name: str) -> list[tuple[str | None, str]]:
    """(board number, Deal value) of each record read from ``data`` as the file ``name``."""
    return [(record.board_number, record.tag("Deal").value) for record in open_reader(io.BytesIO(data), name)]


def held(data: bytes, name: str) -> list[tuple[str | None, dict[str, str]]]:
    """(board number, the seat of each card) of each record read from ``data`` as the file ``name``."""
    return [(record.board_number, record.deal.held.seat) for record in open_reader(io.BytesIO(data), name)]


def s150(data: bytes, name: str) -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in check(data, name) if f.code == "S150"]


DEALS = random_deals(4)
SET = pbn(DEALS)


# --- the corpus: one set of 16 deals in every format -------------------------------------------------------------

def corpus_deals() -> list[tuple[str | None, str]]:
    return read_deals((CORPUS / f"{STEM}.pbn").read_bytes(), "t.pbn")


@requires_dealing
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_corpus_file_reads_to_the_pbn_deals_without_a_finding(fmt):
    path = CORPUS / f"{STEM}.{fmt}"
    assert read_deals(path.read_bytes(), path.name) == corpus_deals() and len(corpus_deals()) == 16
    assert [(f.code, f.line, f.column) for f in check(path.read_bytes(), path.name)] == []


@requires_dealing
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_corpus_file_is_told_by_its_content_too(fmt):
    path = CORPUS / f"{STEM}.{fmt}"
    if fmt in ("rzd", "cds"):  # binary numbers only: told by the extension alone
        return
    assert format_from_content(path.read_bytes()) == fmt
    assert read_deals(path.read_bytes(), "-") == corpus_deals()


@requires_dealing
def test_the_corpus_pbn_written_as_dup_is_the_corpus_dup():
    assert written(DupWriter, (CORPUS / f"{STEM}.pbn").read_text()) == (CORPUS / f"{STEM}.dup").read_bytes()


# --- round trips: PBN -> each format -> PBN ---------------------------------------------------------------------

@pytest.mark.parametrize("writer, name", [(DlmWriter, "t.dlm"), (DupWriter, "t.dup")])
def test_a_round_trip_gives_the_same_deals_and_valid_checksums(writer, name):
    data = written(writer, SET)
    assert read_deals(data, name) == read_deals(SET.encode(), "t.pbn")
    assert check(data, name) == []


def test_convert_to_dlm_dup_and_back_to_pbn(monkeypatch, tmp_path: Path):
    source = tmp_path / "set.pbn"
    source.write_text(SET)
    for fmt in ("dlm", "dup"):
        target = tmp_path / f"set.{fmt}"
        assert run_cli(monkeypatch, "convert", str(source), "--to", fmt, "-o", str(target))[0] == 0
        status, out, err = run_cli(monkeypatch, "convert", str(target), "--to", "pbn", binary=True)
        assert status == 0 and err == ""
        assert held(out, "t.pbn") == held(SET.encode(), "t.pbn")  # the PBN writer writes each deal from its dealer


def test_convert_to_dlm_says_what_it_could_not_write(monkeypatch, tmp_path: Path):
    source = tmp_path / "set.pbn"
    source.write_text(pbn(DEALS[:1]) + "\n" + pbn([DEALS[1]], first=3)
                      + '\n[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "N:- - - -"]\n')
    status, out, err = run_cli(monkeypatch, "convert", str(source), "--to", "dlm", binary=True)
    assert status == 0
    assert "board 4 has no whole deal: not written" in err
    empty = tmp_path / "empty.pbn"
    empty.write_text('[Board "1"]\n')
    assert "no board with a whole deal: nothing written" in run_cli(monkeypatch, "convert", str(empty), "--to", "dup",
                                                                    binary=True)[2]
    assert "board 2 not in the input: the filler deal (each hand one suit) stands for it" in err
    assert read_deals(out, "t.dlm") == [("1", DEALS[0]), ("2", "N:AKQJT98765432... .AKQJT98765432.. "
                                         "..AKQJT98765432. ...AKQJT98765432"), ("3", DEALS[1])]


def test_format_and_fix_leave_dealing_files_as_they_are(monkeypatch, tmp_path: Path):
    monkeypatch.chdir(tmp_path)
    for name, data in (("set.dlm", written(DlmWriter, SET)), ("set.dup", written(DupWriter, SET)),
                       ("set", written(DupWriter, SET))):
        Path(name).write_bytes(data)
        status, _, err = run_cli(monkeypatch, "format", "--isolated", name)
        assert status == 0 and f"a {name[-3:].upper() if '.' in name else 'DUP'} file, left as it is" in err
        assert run_cli(monkeypatch, "check", "--isolated", "--fix", name)[0] == 0
        assert Path(name).read_bytes() == data


# --- the formats by hand --------------------------------------------------------------------------------------

def numbers(deal: str) -> list[int]:
    """The card numbers (from 1) of North, East, South, West."""
    hands = deal[2:].split()
    return [[PACK.index(suit + rank) + 1 for suit, holding in zip("SHDC", hand.split(".")) for rank in holding]
            for hand in hands]


def bri(deal: str) -> bytes:
    return "".join(f"{n:02d}" for hand in numbers(deal)[:3] for n in hand).encode()


def test_bri_of_128_byte_records_and_of_lines():
    records = b"".join(bri(deal) + b" " * 32 + bytes(18) for deal in DEALS)
    lines = b"".join(bri(deal) + b"\r\n" for deal in DEALS)
    expected = [(str(n), deal) for n, deal in enumerate(DEALS, 1)]
    assert read_deals(records, "t.bri") == read_deals(lines, "t.bri") == expected
    assert check(records, "t.bri") == [] and check(lines, "t.bri") == []


def test_ber_bhg_rzd_cds_by_hand():
    deal = DEALS[0]
    seat_of = {PACK[n - 1]: seat for seat, hand in zip(SEATS, numbers(deal)) for n in hand}
    ber = "".join(str(SEATS.index(seat_of[card]) + 1) for card in PACK).encode()
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    bhg = ("\r\n" + "".join(letters[n - 1] for hand in numbers(deal) for n in hand) + "\r\n").encode()
    ranks = bytes(sum(SEATS.index(seat_of[suit + rank]) << (6 - 2 * i) for i, suit in enumerate("SHDC"))
                  for rank in "AKQJT98765432")
    rzd = (1).to_bytes(2, "little") + b" " * 11 + ranks
    cds = bytes([1]) + bytes(sum((SEATS.index(seat_of[suit + rank]) + 1) % 4 << (6 - 2 * i)
                                 for i, suit in enumerate("SHDC")) for rank in "AKQJT98765432")
    for data, name in ((ber, "t.ber"), (bhg, "t.bhg"), (rzd, "t.rzd"), (cds, "t.cds")):
        assert read_deals(data, name) == [("1", deal)], name
        assert check(data, name) == [], name


def test_dlm_header_and_sections_in_either_case_and_lf_line_ends():
    data = written(DlmWriter, SET).replace(b"\r\n", b"\n").replace(b"[Document]", b"[DOCUMENT]\n[STARTUP]\n"
                                                                    b"Statistics=Yes\nSuppressDeals\n[DOCUMENT]")
    assert format_from_content(data) == "dlm"
    assert read_deals(data, "-") == read_deals(SET.encode(), "t.pbn") and check(data, "-") == []
    # a byte order mark, and a headline longer than is read whose rest looks like a key: the rest is skipped
    data = b"\xef\xbb\xbf" + data.replace(b"Headline=", b"Headline=" + b"x" * 5000 + b"To board=1")
    assert format_from_content(data) == "dlm"
    assert read_deals(data, "-") == read_deals(SET.encode(), "t.pbn") and check(data, "-") == []


# --- S150 ------------------------------------------------------------------------------------------------------

def test_s150_a_length_that_is_not_whole_boards():
    data = written(DupWriter, SET)[:-100]
    assert s150(data, "t.dup") == [(1, 154, "the trailer says boards 1 to 4, 4 boards; the file holds 3"),
                                   (4, 469, "the file does not end on a whole board: 56 bytes left over where a "
                                            "board takes 156")]
    assert len(read_deals(data, "t.dup")) == 3
    bri_file = b"".join(bri(deal) + b" " * 50 for deal in DEALS[:2]) + bri(DEALS[2])
    assert s150(bri_file, "t.bri") == [(3, 257, "the file does not end on a whole board: 78 bytes left over where a "
                                                "board takes 128")]
    assert len(read_deals(bri_file, "t.bri")) == 3  # a whole board is read all the same


def dlm_lines(data: bytes) -> list[bytes]:
    return data.split(b"\r\n")


def test_s150_a_dlm_board_checksum_that_does_not_match():
    data = written(DlmWriter, SET)
    lines = dlm_lines(data)
    line = 13
    assert lines[line].startswith(b"Board 02=")
    good = int(lines[line][-3:])
    lines[line] = lines[line][:-3] + f"{good ^ 1:03d}".encode()
    assert s150(b"\r\n".join(lines), "t.dlm") == [
        (14, 36, f"the checksum of board 2 is {good ^ 1:03d}, not {good}")]


def test_s150_a_dlm_file_checksum_that_does_not_match():
    data = written(DlmWriter, SET).replace(b"Checksum=005", b"Checksum=017")
    assert s150(data, "t.dlm") == [(10, 10, "the checksum of the file is 017, not 5")]


def test_s150_a_dlm_board_of_the_session_missing_and_letters_out_of_range():
    lines = dlm_lines(written(DlmWriter, SET))
    del lines[15]  # Board 03
    lines[11] = lines[11][:9] + b"q" + lines[11][10:]  # Board 01: a letter past p
    assert s150(b"\r\n".join(lines), "t.dlm") == [
        (6, 1, "board 3 of the session (From 1 To 4) is not in the file"),
        (12, 10, "card code \"q\" is out of range: the letters are a to p")]


def test_s150_a_dlm_header_that_does_not_hold():
    data = written(DlmWriter, SET)
    assert s150(data.replace(b"To board=4", b"To board=100000"), "t.dlm")[0] == (
        6, 1, "the boards From 1 To 100000 are no range of boards 1 to 99")
    assert s150(data.replace(b"To board=4", "To board=\u00b2".encode("latin-1")), "t.dlm") == [
        (6, 10, "the file's To board is no number")]
    assert s150(data.replace(b"Checksum=005", "Checksum=\u00b2".encode("latin-1")), "t.dlm") == [
        (10, 10, "the checksum of the file is \u00b2, not 5")]


def test_dlm_boards_outside_from_to_are_checked_but_not_boards():
    lines = dlm_lines(written(DlmWriter, SET))
    assert lines[5] == b"To board=4" and lines[9] == b"Checksum=005"
    lines[5], lines[9] = b"To board=2", b"Checksum=003"
    lines[19] = lines[19][:-3] + b"999"  # Board 05, a filler: its checksum still counts
    data = b"\r\n".join(lines)
    assert [number for number, _ in read_deals(data, "t.dlm")] == ["1", "2"]
    assert s150(data, "t.dlm") == [(20, 36, f"the checksum of board 5 is 999, not {5 ^ 14}")]


def test_s150_dup_trailers_that_contradict_the_boards():
    data = bytearray(written(DupWriter, SET))
    assert data[146:156] == b"YN1  0 4  "
    data[146:156] = b"YX1  0 16 "  # a flag that is no Y/N; 16 boards where the file holds 4
    data[156 + 146:156 + 156] = b"YN9  0 9  "  # board 2's trailer: neither NULs nor board 1's
    assert s150(bytes(data), "t.dup") == [
        (1, 148, 'the trailer\'s backwards counting flag is "X", not Y or N'),
        (1, 154, "the trailer says boards 1 to 16, 16 boards; the file holds 4"),
        (2, 303, 'the trailer "YN9  0 9  " is neither ten NULs nor board 1\'s ("YX1  0 16 ")')]


def test_s150_a_dup_whose_dge_part_is_not_its_bri_part():
    data = bytearray(written(DupWriter, SET))
    dge = bytes(data[78:146])
    first, second = dge.index(b"\x06") + 1, dge.index(b"\x06", 1) + 1  # North's and East's first spade byte
    assert dge[first] != 0x03 and dge[second] != 0x03  # neither holds a spade void in this deal
    data[78 + first], data[78 + second] = dge[second], dge[first]  # their first spades swapped
    found = s150(bytes(data), "t.dup")
    assert [(line, column) for line, column, _ in found] == [(1, 79)]
    assert found[0][2].startswith("the DGE part deals N:")
    blind = bytearray(written(DupWriter, SET))
    blind[78:146] = b" " * 68  # a blind DUP: no DGE part on board 1
    assert s150(bytes(blind), "t.dup") == []


def test_s150_card_codes_out_of_range():
    board = bytearray(bri(DEALS[0]) + b" " * 32 + bytes(18))
    board[28:30] = b"53"
    assert s150(bytes(board), "t.bri") == [(1, 29, 'card code "53" is out of range: a card is 01 to 52')]
    dge = bytearray(written(DupWriter, SET)[78:146] + bytes(60))
    dge[5] = ord("X")
    assert s150(bytes(dge), "t.dge") == [(1, 6, "byte 0x58 is out of range: neither a rank nor a suit symbol is "
                                                "due here")]
    assert s150(b"5" + b"1" * 51, "t.ber") == [(1, 1, 'card code out of range: "5" is no seat 1 to 4')]
    assert s150(b"\n" + b"*" + b"A" * 51 + b"\n", "t.bhg")[0] == (
        2, 1, 'card code out of range: "*" is no letter A to Z or a to z')


def test_s150_the_other_conditions_each_at_its_place():
    dlm = written(DlmWriter, SET)
    assert s150(dlm.replace(b"Checksum=005\r\n", b""), "t.dlm") == [(6, 1, "the file has no Checksum")]
    twice = dlm.replace(b"Duplicates 02=0", b"Board 01=" + dlm_lines(dlm)[11][9:])
    assert s150(twice, "t.dlm") == [(13, 1, "board 1 is written twice (first at line 12): the first is read")]
    dup = bytearray(written(DupWriter, SET))
    dup[146:156] = bytes(10)
    assert s150(bytes(dup), "t.dup") == [(1, 147, "board 1 has no trailer (ten NULs or none): the range of boards "
                                                   "is not given")]
    dup[146:156] = b"YNx  Q 4x "
    assert s150(bytes(dup), "t.dup") == [(1, 149, 'the trailer\'s lowest board "x" is no board number'),
                                         (1, 152, 'the trailer\'s copies of each board "Q" is no number'),
                                         (1, 154, 'the trailer\'s highest board "4x" is no number')]
    dup[146:156] = b"YN5  0 4  "
    assert s150(bytes(dup), "t.dup") == [(1, 154, "the trailer's highest board 4 is below its lowest 5")]
    assert s150(bri(DEALS[0])[:70] + b"\r\n", "t.bri") == [(1, 1, "a BRI line holds 78 digits, this one 70")]
    dge = bytearray(written(DupWriter, SET)[78:146] + bytes(60))
    dge[dge.index(b"\x03")] = 0x04
    assert s150(bytes(dge), "t.dge") == [(1, dge.index(b"\x04") + 1, "suit byte 0x04 where the H symbol is due: "
                                                                        "each hand is ♠ ♥ ♦ ♣, four times")]
    assert s150(bytes(14), "t.cds") == [(1, 1, "board number 0: the board is numbered by its place")]


def test_s150_an_rzd_header_that_contradicts_the_boards():
    data = (3).to_bytes(2, "little") + b" " * 11 + bytes(range(13))
    assert s150(data, "t.rzd") == [(1, 1, "the header says 3 boards, the file holds 1")]


# --- D103 / D104 from the deal ----------------------------------------------------------------------------------

def test_d103_d104_from_a_damaged_bri_board():
    board = bytearray(bri(DEALS[0]) + b" " * 32 + bytes(18))
    board[2:4] = board[0:2]  # North's second card number is its first again
    found = check(bytes(board), "t.bri")
    assert at(found, "D104") == [(1, 1)] and "dealt to North twice" in [f for f in found if f.code == "D104"][0].message
    assert at(found, "D103") == [(1, 1)]  # West, who is not stored, holds 14 cards: at the board
    assert at(found, "S150") == []


def test_d103_from_a_dlm_board_that_deals_a_hand_too_many_cards():
    letters = "a" * 26  # North, every card
    data = (f"[Document]\r\nStatus=Show\r\nDuplicates=1\r\nFrom board=1\r\nTo board=1\r\nChecksum=000\r\n"
            f"Board 01={letters}{reduce(lambda t, c: t ^ ord(c), letters, 1):03d}\r\n").encode()
    found = check(data, "t.dlm")
    assert sorted(at(found, "D103")) == [(7, 10)] * 4 and at(found, "S150") == [] and at(found, "D104") == []


def dge(hands: str) -> bytes:
    """A DGE record of four hands written S.H.D.C (N, E, S, W)."""
    data = b"".join(bytes([symbol]) + holding.encode() for hand in hands.split()
                    for symbol, holding in zip((6, 3, 4, 5), hand.split(".")))
    return data + bytes(128 - len(data))


def test_d104_from_a_dge_card_twice():
    data = dge("AKQJT98765432... A.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432")
    assert check(dge("AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"), "t.dge") == []
    found = check(data, "t.dge")
    assert [(f.code, f.line, f.column, f.message) for f in found] == [
        ("D104", 1, 18, "SA is dealt to North and East")]  # at East's hand, the second holder


# --- hand records ----------------------------------------------------------------------------------------------

def e_findings(monkeypatch, *args: str) -> list[tuple[str, str, int, int, str]]:
    status, out, _ = run_cli(monkeypatch, "check", "--isolated", "--select", "E", "--format", "json", *args)
    return [(f["path"], x["code"], x["line"], x["column"], x["message"]) for f in json.loads(out)["files"]
            for x in f["findings"]]


@pytest.fixture
def session(tmp_path: Path, monkeypatch) -> Path:
    """A session of 8 boards as set.dlm and set.pbn, in the current directory."""
    monkeypatch.chdir(tmp_path)
    deals = random_deals(8, seed=5)
    Path("set.pbn").write_text(pbn(deals))
    Path("set.dlm").write_bytes(written(DlmWriter, pbn(deals)))
    return tmp_path


def test_an_upload_equal_to_the_dlm_hand_record(monkeypatch, session):
    Path("up.pbn").write_text(pbn(random_deals(8, seed=5), played=True))
    assert e_findings(monkeypatch, "--hand-record", "set.dlm", "up.pbn") == []


def test_an_upload_with_one_board_other_than_the_dlm_hand_record(monkeypatch, session):
    deals = random_deals(8, seed=5)
    north, east, south, west = deals[2][2:].split()
    deals[2] = f"N:{east} {north} {south} {west}"
    Path("up.pbn").write_text(pbn(deals, played=True))
    found = e_findings(monkeypatch, "--hand-record", "set.dlm", "up.pbn")
    assert [x[:4] for x in found] == [("up.pbn", "E101", 20, 8)]
    assert "set.dlm:16" in found[0][4]  # Board 03 of the DLM


def test_an_upload_of_another_set_than_the_dlm_hand_record(monkeypatch, session):
    Path("up.pbn").write_text(pbn(random_deals(8, seed=6), played=True))
    found = e_findings(monkeypatch, "--hand-record", "set.dlm", "up.pbn")
    assert [x[:2] for x in found] == [("up.pbn", "E106")] and "set.dlm" in found[0][4]


def test_boards_outside_from_to_are_never_compared(monkeypatch, session):
    Path("up.pbn").write_text(pbn(random_deals(8, seed=5), played=True) + "\n" + pbn(random_deals(1, 9), True, 20))
    found = e_findings(monkeypatch, "--hand-record", "set.dlm", "up.pbn")
    assert [x[:2] for x in found] == [("up.pbn", "E105")] and "board 20 is in no hand record" in found[0][4]


def test_two_hand_records_of_one_session_in_two_formats(monkeypatch, session):
    deals = random_deals(8, seed=5)
    north, east, south, west = deals[6][2:].split()
    deals[6] = f"N:{west} {east} {south} {north}"
    Path("set.pbn").write_text(pbn(deals))
    Path("up.pbn").write_text(pbn(random_deals(8, seed=5), played=True))
    found = e_findings(monkeypatch, "--hand-record", "set.dlm", "--hand-record", "set.pbn", "up.pbn")
    fouled = [x for x in found if x[1] == "E101"]
    assert [x[:4] for x in fouled] == [("set.pbn", "E101", 34, 8)]
    assert "set.dlm:24" in fouled[0][4]
