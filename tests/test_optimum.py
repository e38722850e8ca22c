"""O101, O102, O104: the double-dummy tables and par tags of a record, read in every layout programs write,
and the par worked out from the table as DDS's DealerPar does (checked against endplay's, when installed)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import CORPUS_PBN, at, check, only, requires_shared

from bridgelint.core.optimum import DIGIT_DENOMINATIONS, DIGIT_SEATS
from bridgelint.core.par import DENOMINATIONS, par

DATA = Path(__file__).parent / "data" / "dd_tables.txt"

# Board 1 of a BridgeComposer club hand record: North-South make 12 tricks in spades and diamonds
DEAL = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
TRICKS = "7c5c67c5c61181711817"  # N S E W, each NT S H D C
TABLE = {(DIGIT_SEATS[k // 5], DIGIT_DENOMINATIONS[k % 5]): int(c, 16) for k, c in enumerate(TRICKS)}


def game(*lines: str, vulnerable: str = "None", dealer: str = "N", number: str = "1") -> str:
    """A game with the board's header (lines 1-4) and ``lines`` from line 5."""
    return "\n".join([f'[Board "{number}"]', f'[Dealer "{dealer}"]', f'[Vulnerable "{vulnerable}"]',
                      f'[Deal "{DEAL}"]', *lines]) + "\n"


def result_rows(seats: str, denominations: tuple[str, ...], table: dict = TABLE) -> list[str]:
    return [f"{seat} {denomination} {table[seat, denomination]}" for seat in seats for denomination in denominations]


ORT = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'


def o_codes(text: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in check(text) if f.code.startswith("O")]


# --- layouts ----------------------------------------------------------------------

@pytest.mark.parametrize("rows", [
    result_rows("NSEW", ("NT", "S", "H", "D", "C")),  # BridgeComposer, RealBridge
    result_rows("NESW", ("C", "D", "H", "S", "NT")),  # BCDD, pybcdd, pbnj
    result_rows("WNES", ("S", "H", "D", "C", "NT")),  # Ruter
], ids=["bridgecomposer", "bcdd", "ruter"])
def test_every_program_s_order_of_rows_is_read_from_the_rows(rows):
    text = game(f'[DoubleDummyTricks "{TRICKS}"]', '[OptimumScore "NS 980"]', '[ParContract "NS 6S="]', ORT, *rows,
                '[Ability "N:7C5C6 E:11817 S:7C5C6 W:11817"]', '[Minimax "6SN980"]',
                '[OptimumContract "6S S 12"]')
    assert o_codes(text) == []


def test_a_table_that_disagrees_is_named_at_its_first_differing_cell():
    rows = result_rows("NSEW", ("NT", "S", "H", "D", "C"))
    rows[1] = "N S 11"  # line 8
    findings = check(game(f'[DoubleDummyTricks "{TRICKS}"]', ORT, *rows))
    (found,) = only(findings, "O101")
    assert (found.line, found.column) == (8, 5)
    assert "North in spades 11 tricks, but DoubleDummyTricks (line 5) gives 12" in found.message


def test_ability_against_double_dummy_tricks_counts_the_cells_that_differ():
    text = game(f'[DoubleDummyTricks "{TRICKS}"]', '[Ability "N:7C5C6 E:11817 S:7C5C6 W:81117"]')
    (found,) = only(check(text), "O101")
    assert (found.line, found.column) == (6, 37)  # W's NT digit
    assert "West in notrump 8 tricks" in found.message and "1 more cell differs" in found.message


def test_north_and_south_may_take_different_tricks():
    table = dict(TABLE)
    table["S", "NT"] = 8
    digits = "".join(f"{table[s, d]:x}" for s in DIGIT_SEATS for d in DIGIT_DENOMINATIONS)
    rows = result_rows("NESW", ("C", "D", "H", "S", "NT"), table)
    assert o_codes(game(f'[DoubleDummyTricks "{digits}"]', ORT, *rows, '[OptimumScore "NS 980"]')) == []


def test_a_table_that_is_not_whole_is_reported():
    rows = result_rows("NSEW", ("NT", "S", "H", "D", "C"))[:-1]
    (found,) = only(check(game(ORT, *rows)), "O101")
    assert (found.line, found.column) == (5, 1)
    assert "no row for W C" in found.message
    assert at(check(game('[DoubleDummyTricks "7c5c67c5c6118171181"]')), "O101") == [(5, 21)]
    assert at(check(game('[Ability "N:7C5C6 E:11817 S:7C5C6"]')), "O101") == [(5, 11)]


def test_a_table_of_question_marks_is_unknown_and_so_is_its_par():
    rows = [f"{seat} {d} ?" for seat in "NESW" for d in ("NT", "S", "H", "D", "C")]
    assert o_codes(game(ORT, *rows, '[OptimumScore "NS 100"]')) == []
    assert o_codes(game('[DoubleDummyTricks "????????????????????"]', '[OptimumScore "NS 100"]')) == []


# --- par --------------------------------------------------------------------------

def test_par_of_the_table_for_dealer_and_vulnerability():
    assert str(par(TABLE, "N", "None")) == "NS 980 (NS 6S=)"
    assert str(par(TABLE, "N", "NS")) == "NS 1100 (EW 7HX-5)"  # a cheap grand-slam sacrifice
    passed = {(seat, d): 6 for seat in "NESW" for d in DENOMINATIONS}
    assert str(par(passed, "N", "None")) == "passed out"


def test_par_goes_to_the_side_able_to_bid_the_contract_first():
    # both sides make exactly 1NT: the first of the dealer's side or the next player able to bid it
    table = {(seat, d): 7 if d == "NT" else 5 for seat in "NESW" for d in DENOMINATIONS}
    assert par(table, "E", "None").score == -90
    assert par(table, "N", "None").score == 90
    table["E", "NT"] = 6  # East cannot make it: South, after East, bids it first
    assert par(table, "E", "None").score == 90


@pytest.mark.parametrize("value", ["NS 980", "EW -980", "NS +980", "NS 980 EW -980"])
def test_optimum_score_forms(value):
    assert o_codes(game(f'[DoubleDummyTricks "{TRICKS}"]', f'[OptimumScore "{value}"]')) == []


def test_a_par_for_the_wrong_vulnerability_is_reported():
    text = game(f'[DoubleDummyTricks "{TRICKS}"]', '[OptimumScore "NS 980"]', '[ParContract "NS 6S="]',
                vulnerable="NS")
    findings = only(check(text), "O102")
    assert [(f.line, f.column) for f in findings] == [(6, 16), (7, 15)]
    assert "with North dealer and North-South vulnerable, par is NS 1100 (EW 7HX-5)" in findings[0].message


def test_par_contracts_are_a_set_in_any_order():
    # East-West make 12 tricks in hearts and in spades; North-South nothing worth a sacrifice
    table = {(seat, d): (12 if d in "HS" else 3) if seat in "EW" else (1 if d in "HS" else 6)
             for seat in "NESW" for d in DENOMINATIONS}
    digits = "".join(f"{table[s, d]:x}" for s in DIGIT_SEATS for d in DIGIT_DENOMINATIONS)
    for written in ("EW 6H=; EW 6S=", "EW 6S=; EW 6H="):
        assert o_codes(game(f'[DoubleDummyTricks "{digits}"]', f'[ParContract "{written}"]')) == []
    assert at(check(game(f'[DoubleDummyTricks "{digits}"]', '[ParContract "EW 6S="]')), "O102") == [(6, 15)]


def test_minimax_and_optimum_contract():
    base = f'[DoubleDummyTricks "{TRICKS}"]'
    for good in ('[Minimax "6SS980"]', '[Minimax "6SN980"]', '[OptimumContract "6S N 12"]'):
        assert o_codes(game(base, good)) == [], good
    for bad in ('[Minimax "6DS920"]', '[Minimax "6SE980"]', '[OptimumContract "6S E 12"]',
                '[OptimumContract "6S N 11"]'):
        assert at(check(game(base, bad)), "O102") == [(6, 11 if "Minimax" in bad else 19)], bad


def test_a_par_tag_that_cannot_be_read_is_reported():
    findings = only(check(game(f'[DoubleDummyTricks "{TRICKS}"]', '[ParContract "six spades"]')), "O102")
    assert [(f.line, f.column) for f in findings] == [(6, 15)]
    assert "is not par contracts" in findings[0].message


def test_no_par_without_dealer_or_vulnerability():
    text = f'[Board "1"]\n[DoubleDummyTricks "{TRICKS}"]\n[OptimumScore "NS 100"]\n'
    assert o_codes(text) == []


# --- makeable contracts only ----------------------------------------------------------

DEALMASTER = "7c1c17c1c11181711817"  # every cell under 7 tricks written 1


def test_dealmaster_file_gets_one_info_and_its_markers_read_as_fewer_than_seven():
    text = (game(f'[DoubleDummyTricks "{DEALMASTER}"]', '[OptimumScore "NS 980"]')
            + "\n" + game(f'[DoubleDummyTricks "{DEALMASTER}"]', '[OptimumScore "NS 980"]', number="2")
            .replace('[Dealer "N"]', '[Dealer "E"]').replace('[Vulnerable "None"]', '[Vulnerable "NS"]'))
    findings = [f for f in check(text) if f.code.startswith("O")]
    assert [(f.code, f.line, f.column, f.severity) for f in findings] == [
        ("O104", 5, 23, "info"),
        ("O102", 13, 16, "error")]  # board 2 is NS vulnerable: a sacrifice, not 980
    assert "1 for every cell under 7 tricks (Dealmaster)" in findings[0].message
    # a marker agrees with any count under 7 in another table, and not with 7 or more
    assert o_codes(game(f'[DoubleDummyTricks "{DEALMASTER}"]', '[Ability "N:7C5C6 E:11817 S:7C5C6 W:11817"]')) == []
    assert ("O101", 6, 37) in o_codes(game(f'[DoubleDummyTricks "{DEALMASTER}"]',
                                           '[Ability "N:7C5C6 E:11817 S:7C5C6 W:71817"]'))


def test_bridgenz_needs_three_tables_and_every_table_of_the_file():
    digits = "".join(f"{max(TABLE[s, d], 6):x}" for s in DIGIT_SEATS for d in DIGIT_DENOMINATIONS)
    boards = [game(f'[DoubleDummyTricks "{digits}"]', number=str(n)) for n in (1, 2, 3)]
    assert [c for c, _, _ in o_codes("\n".join(boards))] == ["O104"]
    assert o_codes("\n".join(boards[:2])) == []
    assert o_codes("\n".join(boards + [game(f'[DoubleDummyTricks "{TRICKS}"]', number="4")])) == []


def test_an_exact_file_gets_no_o104():
    assert o_codes(game(f'[DoubleDummyTricks "{TRICKS}"]')) == []


@requires_shared
def test_the_corpus_hand_records_agree_with_their_own_tables():
    names = ["Rick-Wilson__Bridge-Game-Analysis__LBC-2026-01-26.pbn", "emkael__bcdd__test1.bcdd.pbn",
             "dominicprice__endplay__example2.pbn", "zdenecek__pbn__bigdeal_with_deepfinese_analyses.pbn",
             "gerhardsletten__jrbridge-pbn-api__pairs.pbn", "zdenecek__pbn__bridgecomposer.pbn"]
    for name in names:
        # O105 judges the travellers' results, not the tables (Ruter's pairs.pbn: 9 rows, tests/test_travellers.py)
        found = [f for f in check((CORPUS_PBN / name).read_bytes(), name) if f.code.startswith("O") and f.code != "O105"]
        assert found == [], (name, found[:3])


# --- the par against DDS's ----------------------------------------------------------

def _dds_par(tricks: dict, dealer: str, vulnerability: str) -> tuple[int, set]:
    """endplay's DealerPar (DDS) of a table: the score and the contracts as (level, denomination, seats, doubled,
    tricks)."""
    import endplay._dds as dds
    from endplay.dds import par as dds_par
    from endplay.dds.ddtable import DDTable
    from endplay.types import Player, Vul

    results = dds.ddTableResults()
    for d, denomination in enumerate(("S", "H", "D", "C", "NT")):
        for s, seat in enumerate("NESW"):
            results.resTable[d][s] = tricks[seat, denomination]
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vulnerability]
    found = dds_par(DDTable(results), vul, Player.find(dealer))
    data = found._data
    contracts = set()
    if found.score:
        for i in range(data.number):
            c = data.contracts[i]
            contracts.add((c.level, ("NT", "S", "H", "D", "C")[c.denom], ("N", "E", "S", "W", "NS", "EW")[c.seats],
                           c.underTricks > 0, c.level + 6 + c.overTricks - c.underTricks))
    return found.score, contracts


def _compare(tables: list[dict]) -> int:
    compared = 0
    for tricks in tables:
        for dealer in "NESW":
            for vulnerability in ("None", "NS", "EW", "All"):
                mine = par(tricks, dealer, vulnerability)
                ours = {(c.level, c.denomination, c.seats, c.doubled, c.tricks) for c in mine.contracts}
                assert (mine.score, ours) == _dds_par(tricks, dealer, vulnerability), (tricks, dealer, vulnerability)
                compared += 1
    return compared


def test_par_is_dds_dealer_par_on_1000_random_deals():
    pytest.importorskip("endplay")
    tables = []
    for line in DATA.read_text().splitlines():
        if not line.startswith("#"):
            digits = line.split()[-1]
            tables.append({(DIGIT_SEATS[k // 5], DIGIT_DENOMINATIONS[k % 5]): int(c, 16)
                           for k, c in enumerate(digits)})
    assert len(tables) == 1000
    assert _compare(tables) == 16000


def test_par_is_dds_dealer_par_on_tables_rich_in_sacrifices():
    """Random tables where both sides make high contracts, each seat a trick apart from its partner at most."""
    pytest.importorskip("endplay")
    rng = random.Random(2026)
    tables = []
    for _ in range(1500):
        tricks = {}
        for d in DENOMINATIONS:
            ns = rng.randint(3, 10)
            ew = max(0, min(13, 13 - ns + rng.choice((-1, 0, 0, 1))))
            for seat, base in (("N", ns), ("S", ns), ("E", ew), ("W", ew)):
                tricks[seat, d] = max(0, min(13, base - rng.choice((0, 0, 0, 1))))
        tables.append(tricks)
    assert _compare(tables) == 24000


@pytest.mark.slow
def test_par_is_dds_dealer_par_on_deals_solved_now():
    pytest.importorskip("endplay")
    from endplay.dds import calc_all_tables
    from endplay.types import Deal, Denom, Player

    rng = random.Random(7)
    deals = []
    for _ in range(96):
        cards = list(range(52))
        rng.shuffle(cards)
        deals.append(Deal("N:" + " ".join(".".join("".join("AKQJT98765432"[c % 13] for c in sorted(cards[h * 13:h * 13 + 13])
                                                            if c // 13 == s) for s in range(4)) for h in range(4))))
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
    tables = []
    for k in range(0, len(deals), 32):
        for solved in calc_all_tables(deals[k:k + 32]):
            tables.append({(seat, d): solved[denoms[d], Player.find(seat)] for seat in "NESW" for d in DENOMINATIONS})
    assert _compare(tables) == 96 * 16
