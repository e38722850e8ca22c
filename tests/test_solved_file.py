"""What check --dd decides across a file's records (across.optimum.SolvedFile), fed solved tables by hand: no solver
needed.  The solver's own tables are tested in test_solver.py."""

from __future__ import annotations

import io

from bridgelint.across.optimum import SolvedFile
from bridgelint.core.optimum import CELLS
from bridgelint.formats.pbn import PbnReader
from bridgelint.replay.context import Context
from bridgelint.rules import DEFAULT_CODES

DEAL = "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"
OTHER = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
TRICKS = {("N", "NT"): 7, ("N", "S"): 12, ("N", "H"): 5, ("N", "D"): 12, ("N", "C"): 6,
          ("E", "NT"): 1, ("E", "S"): 1, ("E", "H"): 8, ("E", "D"): 1, ("E", "C"): 7}
TRICKS |= {("S", d): n for (seat, d), n in TRICKS.items() if seat == "N"}
TRICKS |= {("W", d): n for (seat, d), n in TRICKS.items() if seat == "E"}  # DDS's table of DEAL


def game(number: str, deal: str, *lines: str) -> str:
    return "\n".join([f'[Board "{number}"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{deal}"]',
                      *lines]) + "\n\n"


def result(declarer: str, contract: str, tricks: int) -> tuple[str, ...]:
    return f'[Declarer "{declarer}"]', f'[Contract "{contract}"]', f'[Result "{tricks}"]'


def run(text: str, tables: dict[str, dict] | None = None) -> tuple[SolvedFile, list]:
    """The hook over ``text``'s records, each record's deal solved as ``tables`` says (by its Deal; DEAL:
    TRICKS), and its findings: those of the records, then those of the file's end."""
    hook = SolvedFile(DEFAULT_CODES | {"O103", "O105"})
    hook.start_file("t.pbn", hook.codes)
    found = []
    for record in PbnReader(io.BytesIO(text.encode()), "t.pbn"):
        ctx = Context(record)
        deal = record.first_tags()["Deal"].value
        ctx.solved = (tables or {}).get(deal, TRICKS if deal == DEAL else None)
        found += hook.see(ctx)
    return hook, found + hook.end_file(None)


def test_two_sides_declaring_hearts_with_more_tricks_than_the_deal_holds():
    """East made 10 tricks in hearts (double dummy 8) and North 7 (5): 17 tricks of 13, no play proves either."""
    text = game("1", DEAL, *result("E", "4H", 10)) + game("1", DEAL, *result("N", "1H", 7))
    _, found = run(text)
    (finding,) = found
    assert (finding.code, finding.line, finding.column, finding.game, finding.board) == ("O105", 15, 1, 2, "1")
    assert finding.full_message == (
        "Result 7 tricks in 1H by North, but East-West are recorded taking 10 in 4H by East on this deal (board 1, "
        "line 7): 17 tricks in hearts between the two sides, more than the deal holds (13; double dummy North "
        "takes 5, East 8), a sign of a result entered for another contract, declarer or board (Law 79)")
    assert (finding.related.line, finding.related.path) == (7, "t.pbn")


def test_two_sides_whose_tricks_fit_the_deal_pass():
    text = game("1", DEAL, *result("E", "4H", 10)) + game("1", DEAL, *result("N", "1H", 3))  # 13 tricks
    text += game("2", DEAL, *result("N", "4S", 12)) + game("2", DEAL, *result("E", "3H", 8))  # two denominations
    assert run(text)[1] == []


def test_other_deals_are_not_compared():
    other = {cell: 13 - n for cell, n in TRICKS.items()}
    text = game("1", DEAL, *result("E", "4H", 10)) + game("2", OTHER, *result("N", "1H", 7))
    assert run(text, {OTHER: other})[1] == []


def test_the_opening_leads_may_give_the_two_sides_more_than_13():
    """A table whose two declarers take 14 tricks in hearts between them, each with the lead against him: 14
    recorded tricks fit it, 15 do not."""
    leads = {**TRICKS, ("N", "H"): 6, ("S", "H"): 6}
    fits = game("1", DEAL, *result("E", "4H", 10)) + game("1", DEAL, *result("N", "1H", 4))
    assert run(fits, {DEAL: leads})[1] == []
    (finding,) = run(fits.replace('[Result "4"]', '[Result "5"]'), {DEAL: leads})[1]
    assert "15 tricks in hearts between the two sides, more than the deal holds (14;" in finding.message


def test_a_result_already_three_over_double_dummy_is_told_once():
    """North's 9 tricks in hearts are 4 over double dummy: that O105 is the rule's, not repeated on East's
    result, which double dummy gives."""
    text = game("1", DEAL, *result("E", "4H", 8)) + game("1", DEAL, *result("N", "3H", 9))
    assert run(text)[1] == []


def test_a_wrong_table_names_a_board_after_it_whose_table_it_is():
    other = {cell: 13 - n for cell, n in TRICKS.items()}
    written = "".join(f"{other[seat, d]:x}" for seat in "NSEW" for d in ("NT", "S", "H", "D", "C"))
    text = game("1", DEAL, f'[DoubleDummyTricks "{written}"]') + game("2", OTHER, *result("N", "4S", 10))
    hook, found = run(text, {OTHER: other})
    (finding,) = found
    assert (finding.code, finding.line, finding.column, finding.game, finding.board) == ("O103", 5, 21, 1, "1")
    assert finding.full_message.endswith("the whole table is that of board 2 of this file (PBN §5.7)")
    assert finding.related.line == 7
    assert len(hook.tables) == 2


def test_a_wrong_table_of_no_board_of_the_file_names_none():
    (finding,) = run(game("1", DEAL, '[DoubleDummyTricks "7c5c67c5c61181711816"]'))[1]
    assert finding.full_message == ("DoubleDummyTricks gives West in clubs 6 tricks, but double dummy West takes 7 "
                               "(PBN §5.7)")
    assert finding.related is None


def test_the_file_keeps_a_table_per_deal_and_a_result_per_side_not_records():
    games = [game(str(n % 3 + 1), DEAL if n % 3 else OTHER, *result("E" if n % 2 else "N", "4H", 5))
             for n in range(60)]
    hook, found = run("".join(games), {OTHER: {cell: 13 - n for cell, n in TRICKS.items()}})
    assert len(hook.tables) == 2 and len(hook.deals) == 2
    assert sum(len(results.most) + len(results.unproven) for results in hook.deals.values()) == 8
    assert hook.wrong == [] and found == []
    assert len(CELLS) == 20


def played(deal: str, declarer: str, trump: str) -> tuple[str, ...]:
    """A whole play of ``deal`` (each seat follows with its lowest card, else throws its lowest), as PBN play
    rows in seat columns from the opening leader: a play that proves its result."""
    ranks, seats = "23456789TJQKA", "NESW"
    first, *hands_text = deal.split()
    start = seats.index(first[0])
    hands = {seats[(start + i) % 4]: [s + r for s, holding in zip("SHDC", text.split(".")) for r in holding]
             for i, text in enumerate([first[2:], *hands_text])}
    leader = seats[(seats.index(declarer) + 1) % 4]
    opening, rows = leader, []
    for _ in range(13):
        trick = {}
        for k in range(4):
            seat = seats[(seats.index(leader) + k) % 4]
            led = trick[leader][0] if trick else None
            follow = [c for c in hands[seat] if c[0] == led] or hands[seat]
            card = min(follow, key=lambda c: ranks.index(c[1]))
            hands[seat].remove(card)
            trick[seat] = card
        led = trick[leader][0]
        leader = max(trick, key=lambda s: (trick[s][0] == trump, trick[s][0] == led, ranks.index(trick[s][1])))
        rows.append(" ".join(trick[seats[(seats.index(opening) + k) % 4]] for k in range(4)))
    return (f'[Play "{opening}"]', *rows, "*")


def test_a_played_result_is_not_the_one_told():
    """East's 4H is played out: the warning stands at North's result, which no play proves, though it is the
    earlier; both played out, nothing is told (misdefence happens)."""
    east = game("1", DEAL, *result("E", "4H", 10), *played(DEAL, "E", "H"))
    north = game("1", DEAL, *result("N", "1H", 7))
    (finding,) = run(north + east)[1]
    assert (finding.line, finding.game) == (7, 1) and "(board 1, line 15)" in finding.message
    north_played = game("1", DEAL, *result("N", "1H", 7), *played(DEAL, "N", "H"))
    assert run(north_played + east)[1] == []


def test_a_play_cut_short_by_a_claim_proves_its_result():
    """A PBN play of one trick or more that ends in '*' is a claim (RealBridge writes claims so): no O105; the
    empty play section some programs write ('[Play "S"]' then '*') proves nothing."""
    east = game("1", DEAL, *result("E", "4H", 10))
    north = game("1", DEAL, *result("N", "1H", 7))
    claimed = north.replace('[Result "7"]', '[Result "7"]\n' + "\n".join(played(DEAL, "N", "H")[:2]) + "\n*")
    assert run(east.replace('[Result "10"]', '[Result "10"]\n' + "\n".join(played(DEAL, "E", "H")[:2]) + "\n*")
               + claimed)[1] == []
    empty = north.replace('[Result "7"]', '[Result "7"]\n[Play "E"]\n*')
    assert len(run(east + empty)[1]) == 1
