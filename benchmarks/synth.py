"""Reproducible synthetic archives: legal random boards with auctions and play.

    python benchmarks/synth.py pbn 5000 out.pbn [--seed 1]
    python benchmarks/synth.py lin 5000 out.lin     (BBO hand records, one board a line)
    python benchmarks/synth.py pbn 5000 out.pbn --score-table 12   (and a ScoreTable of 12 results a board)
    python benchmarks/synth.py pbn 5000 part2.pbn --first 5001 --seed 2   (boards 5001-10000)
    python benchmarks/synth.py pbn 100 results.pbn --score-table 15 --results mp   (a results file)

Every board is legal: a shuffled deal, a random legal auction ending in three
passes, a random legal play (following suit) of all 13 tricks, and the Result
(and Score, Law 77) that the play gives.  With ``--score-table N`` each PBN
board also ends with a ScoreTable (PBN §5.9) of N results of other tables:
random contracts and tricks, their Law 77 scores, matchpoints (Law 78A, two
points a score beaten) and percentages, ranked; the boards themselves are the
same as without it.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
DENOMS = ("C", "D", "H", "S", "NT")
VULS = ("None", "NS", "EW", "All")


@dataclass
class Board:
    number: int
    dealer: str
    vul: str
    hands: dict[str, list[str]]
    calls: list[str]
    contract: str
    declarer: str
    leader: str
    tricks: list[list[tuple[str, str]]]  # per trick, (seat, card) in play order
    declarer_tricks: int


def _next(seat: str, n: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + n) % 4]


def make_board(rng: random.Random, number: int) -> Board:
    deck = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = {seat: sorted(deck[i * 13:(i + 1) * 13], key=lambda c: (SUITS.index(c[0]), RANKS.index(c[1])))
             for i, seat in enumerate(SEATS)}
    dealer = SEATS[(number - 1) % 4]
    b = number - 1
    vul = VULS[(b + b // 4) % 4]
    calls, contract, declarer = _auction(rng, dealer)
    leader = _next(declarer)
    trump = contract[1:].rstrip("X")
    trump = None if trump == "NT" else trump
    tricks, won = _play(rng, {s: list(h) for s, h in hands.items()}, leader, trump, declarer)
    return Board(number, dealer, vul, hands, calls, contract, declarer, leader, tricks, won)


def _auction(rng: random.Random, dealer: str) -> tuple[list[str], str, str]:
    calls: list[str] = []
    seat = dealer
    rank = rng.randrange(0, 10)  # first bid's rank, 1C..2NT
    passes_first = rng.randrange(0, 3)
    calls += ["Pass"] * passes_first
    seat = _next(seat, passes_first)
    first_namer: dict[tuple[int, str], str] = {}
    last = None
    bids = rng.randrange(1, 6)
    risk = ""
    for i in range(bids):
        level, denom = rank // 5 + 1, DENOMS[rank % 5]
        if level > 7:
            break
        if i:
            calls.append("Pass")  # the opponent between two bids of a side
            seat = _next(seat)
        calls.append(f"{level}{denom}")
        first_namer.setdefault((SEATS.index(seat) % 2, denom), seat)
        last = (level, denom, seat)
        risk = ""
        seat = _next(seat)
        if rng.random() < 0.15:
            calls.append("X")
            risk = "X"
        else:
            calls.append("Pass")
        seat = _next(seat)
        rank += rng.randrange(1, 6)
    calls += ["Pass"] * (3 if calls[-1] == "X" else 2)
    level, denom, bidder = last
    declarer = first_namer[(SEATS.index(bidder) % 2, denom)]
    return calls, f"{level}{denom}{risk}", declarer


def _play(rng, hands, leader, trump, declarer):
    tricks = []
    won = 0
    for _ in range(13):
        seat = leader
        trick = []
        led = None
        for _ in range(4):
            hand = hands[seat]
            follow = [c for c in hand if led and c[0] == led]
            card = rng.choice(follow or hand)
            hand.remove(card)
            led = led or card[0]
            trick.append((seat, card))
            seat = _next(seat)
        winner = trick[0]
        for seat, card in trick[1:]:
            best = winner[1]
            higher = card[0] == best[0] and RANKS.index(card[1]) < RANKS.index(best[1])
            if higher or (trump and card[0] == trump and best[0] != trump):
                winner = (seat, card)
        leader = winner[0]
        won += SEATS.index(leader) % 2 == SEATS.index(declarer) % 2
        tricks.append(trick)
    return tricks, won


def _score(board: Board) -> int | None:
    try:
        from bridgelint.core import bridge, scoring
    except ImportError:
        return None
    contract, _ = bridge.parse_contract(board.contract)
    vulnerable = board.vul == "All" or board.vul == ("NS" if board.declarer in "NS" else "EW")
    return scoring.score(contract, vulnerable, board.declarer_tricks)


SCORE_TABLE = ("-Rank\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\5R;Score_EW\\5R;"
               "MP_NS\\3R;MP_EW\\3R;Percentage_NS\\5R")


def score_table(board: Board, results: int, rng: random.Random) -> list[str]:
    """A ScoreTable of ``results`` other tables' results on the board, in export form (PBN §5.9).  Each
    denomination is declared by one side only, as a real deal's traveller mostly is: two sides' results in one
    denomination beyond the 13 tricks a deal holds are O105's, which a benchmark of clean boards should not be."""
    from bridgelint.core import bridge, scoring

    owners = {denomination: rng.choice(("NS", "EW")) for denomination in DENOMS}
    rows = []
    for pair in range(1, results + 1):
        level, denomination = rng.randrange(1, 7), rng.choice(DENOMS)
        declarer = rng.choice(owners[denomination])
        risk = "X" if rng.random() < 0.1 else ""
        tricks = max(0, min(13, level + 6 + rng.randrange(-2, 3)))
        contract, _ = bridge.parse_contract(f"{level}{denomination}{risk}")
        vulnerable = board.vul == "All" or board.vul == ("NS" if declarer in "NS" else "EW")
        points = scoring.score(contract, vulnerable, tricks)
        ns = points if declarer in "NS" else -points
        rows.append((ns, pair, str(contract), declarer, tricks))
    top = 2 * (results - 1)
    lines = [f'[ScoreTable "{SCORE_TABLE}"]']
    for ns, pair, contract, declarer, tricks in sorted(rows, key=lambda row: -row[0]):
        below = sum(other[0] < ns for other in rows)
        equal = sum(other[0] == ns for other in rows) - 1
        rank = 1 + sum(other[0] > ns for other in rows)
        mp = 2 * below + equal
        score_ns, score_ew = (str(ns), "-") if ns >= 0 else ("-", str(-ns))
        lines.append(f"{rank:>2} {pair:>2} {pair:>2} {contract:<4} {declarer} {tricks:>2} {score_ns:>5} "
                     f"{score_ew:>5} {mp:>3} {top - mp:>3} {100 * mp / top:5.1f}")
    return lines


RESULTS_TABLE = {
    "mp": "Table\\2R;Round;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\5R;Score_EW\\5R;"
          "MP_NS\\3R;MP_EW\\3R;Percentage_NS\\5R;Percentage_EW\\5R",
    "imp": "Table\\2R;Round;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer;Result\\2R;Score_NS\\5R;Score_EW\\5R;"
           "IMP_NS\\3R;IMP_EW\\3R;ButlerDatum\\5R",
}
RESULTS_SCORING = {"mp": "MatchPoints;MP1", "imp": "IMP;Butler"}


def results_table(board: Board, results: int, rng: random.Random, kind: str,
                  totals: dict[int, list[float]], leads: bool = False) -> list[str]:
    """A traveller of a results file: ``results`` tables, North-South pair t and East-West pair ``results + t``
    at table t, scored as ``kind`` (``mp``: MP1 matchpoints and percentages; ``imp``: Butler IMPs against the
    mean to the nearest 10), each pair's boards, points and top added to ``totals``; with ``leads``, a Lead
    column after Result, a card of declarer's left-hand opponent (Law 41A), drawn after the rest of the row so
    that the other columns are those of a file without leads."""
    from bridgelint.core import bridge, scoring
    from bridgelint.core import results as formulas

    owners = {denomination: rng.choice(("NS", "EW")) for denomination in DENOMS}  # one side a denomination
    rows = []
    for table in range(1, results + 1):
        level, denomination = rng.randrange(1, 7), rng.choice(DENOMS)
        declarer = rng.choice(owners[denomination])
        tricks = max(0, min(13, level + 6 + rng.randrange(-2, 3)))
        contract, _ = bridge.parse_contract(f"{level}{denomination}")
        vulnerable = board.vul == "All" or board.vul == ("NS" if declarer in "NS" else "EW")
        points = scoring.score(contract, vulnerable, tricks)
        rows.append((points if declarer in "NS" else -points, table, str(contract), declarer, tricks))
    top = 2 * (results - 1)
    datum = formulas.round_to_ten(sum(row[0] for row in rows) / results)
    header = RESULTS_TABLE[kind].replace("Result\\2R;", "Result\\2R;Lead;") if leads else RESULTS_TABLE[kind]
    lines = [f'[ScoreTable "{header}"]']
    for ns, table, contract, declarer, tricks in rows:
        score_ns, score_ew = (str(ns), "-") if ns >= 0 else ("-", str(-ns))
        if kind == "mp":
            mp = 2 * sum(other[0] < ns for other in rows) + sum(other[0] == ns for other in rows) - 1
            values = f"{mp:>3} {top - mp:>3} {100 * mp / top:5.1f} {100 - 100 * mp / top:5.1f}"
            won = (mp, top - mp)
        else:
            imps = scoring.imps(ns - datum)
            values = f"{imps:>3} {-imps:>3} {datum:>5}"
            won = (imps, -imps)
        for pair, value in ((table, won[0]), (results + table, won[1])):
            total = totals.setdefault(pair, [0, 0.0, 0.0])
            total[0] += 1
            total[1] += value
            total[2] += top
        lead = f" {rng.choice(board.hands[_next(declarer)])}" if leads else ""
        lines.append(f"{table:>2} 1 {table:>2} {results + table:>2} {contract:<4} {declarer} {tricks:>2}{lead} "
                     f"{score_ns:>5} {score_ew:>5} {values}")
    return lines


def ranking(kind: str, totals: dict[int, list[float]]) -> list[str]:
    """The TotalScoreTable of ``totals`` (pair -> boards, points, top), best first."""
    if kind == "mp":
        rows = sorted(((100 * mp / top, pair, boards, mp) for pair, (boards, mp, top) in totals.items()), reverse=True)
        lines = ['[TotalScoreTable "Rank\\2R;PairId\\2R;NrBoards\\3R;TotalMP\\5R;TotalPercentage\\6R"]']
        key = [round(row[0], 2) for row in rows]
        return lines + [f"{1 + key.index(key[i]):>2} {pair:>2} {boards:>3} {mp:>5g} {pct:6.2f}"
                        for i, (pct, pair, boards, mp) in enumerate(rows)]
    rows = sorted(((imps, pair, boards) for pair, (boards, imps, _) in totals.items()), reverse=True)
    lines = ['[TotalScoreTable "Rank\\2R;PairId\\2R;NrBoards\\3R;TotalIMP\\5R"]']
    key = [row[0] for row in rows]
    return lines + [f"{1 + key.index(key[i]):>2} {pair:>2} {boards:>3} {imps:>5g}" for i, (imps, pair, boards)
                    in enumerate(rows)]


def pbn_game(board: Board, table: list[str] = ()) -> str:
    def hand(seat):
        return ".".join("".join(c[1] for c in board.hands[seat] if c[0] == s) for s in SUITS)

    deal = f"{board.dealer}:" + " ".join(hand(_next(board.dealer, i)) for i in range(4))
    lines = [
        '[Event "Synthetic archive"]', '[Site "Nowhere"]', '[Date "2026.01.01"]', f'[Board "{board.number}"]',
        '[West "W"]', '[North "N"]', '[East "E"]', '[South "S"]', f'[Dealer "{board.dealer}"]',
        f'[Vulnerable "{board.vul}"]', f'[Deal "{deal}"]', '[Scoring "IMP"]', f'[Declarer "{board.declarer}"]',
        f'[Contract "{board.contract}"]', f'[Result "{board.declarer_tricks}"]',
    ]
    score = _score(board)
    if score is not None:
        side = "NS" if board.declarer in "NS" else "EW"
        lines.append(f'[Score "{side} {score}"]')
    lines.append(f'[Auction "{board.dealer}"]')
    calls = board.calls
    lines += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
    lines.append(f'[Play "{board.leader}"]')
    for trick in board.tricks:
        by_seat = dict(trick)
        lines.append(" ".join(by_seat[_next(board.leader, i)] for i in range(4)))
    lines += table
    return "\r\n".join(lines) + "\r\n"


def lin_board(board: Board) -> str:
    lin_seats = "SWNE"
    digit = lin_seats.index(board.dealer) + 1
    hands = ",".join("".join(s + "".join(c[1] for c in board.hands[seat] if c[0] == s) for s in SUITS)
                     for seat in lin_seats[:3])
    sv = {"None": "o", "NS": "n", "EW": "e", "All": "b"}[board.vul]
    out = [f"pn|South,West,North,East|st||md|{digit}{hands},|rh||ah|Board {board.number}|sv|{sv}|"]
    for call in board.calls:
        out.append("mb|" + {"Pass": "p", "X": "d", "XX": "r"}.get(call, call.replace("NT", "N")) + "|")
    out.append("pg||")
    for trick in board.tricks:
        out.append("".join(f"pc|{card}|" for _, card in trick) + "pg||")
    return "".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", choices=("pbn", "lin"))
    parser.add_argument("boards", type=int)
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=1, metavar="N",
                        help="number the boards from N (a later part of one event's archive)")
    parser.add_argument("--score-table", type=int, default=0, metavar="N",
                        help="end each PBN board with a ScoreTable of N results")
    parser.add_argument("--results", choices=("mp", "imp"),
                        help="a results file: travellers of --score-table tables with pair numbers and MP1 "
                             "matchpoints or Butler IMPs, and a TotalScoreTable in the first game")
    parser.add_argument("--leads", action="store_true", help="with --results, a Lead column in every traveller")
    args = parser.parse_args()
    if args.results:
        return write_results(args)
    rng = random.Random(args.seed)
    with open(args.output, "w", newline="") as out:
        if args.format == "pbn":
            out.write("% PBN 2.1\r\n% EXPORT\r\n\r\n")
        last = args.first + args.boards - 1
        for number in range(args.first, last + 1):
            board = make_board(rng, number)
            if args.format == "pbn":
                table = score_table(board, args.score_table, random.Random(args.seed * 1_000_003 + number)) \
                    if args.score_table > 1 else []
                out.write(pbn_game(board, table) + ("\r\n" if number < last else ""))
            else:
                out.write(lin_board(board))


def write_results(args: argparse.Namespace) -> None:
    """A results file: every board with its traveller, the ranking they give in the first game."""
    rng = random.Random(args.seed)
    totals: dict[int, list[float]] = {}
    games = []
    for number in range(args.first, args.first + args.boards):
        board = make_board(rng, number)
        table = results_table(board, max(2, args.score_table), random.Random(args.seed * 1_000_003 + number),
                              args.results, totals, args.leads)
        games.append(pbn_game(board, table).replace('[Scoring "IMP"]', f'[Scoring "{RESULTS_SCORING[args.results]}"]'))
    first = games[0].split("\r\n")
    games[0] = "\r\n".join(first[:-1] + ranking(args.results, totals)) + "\r\n"
    with open(args.output, "w", newline="") as out:
        out.write("% PBN 2.1\r\n% EXPORT\r\n\r\n" + "\r\n".join(games))


if __name__ == "__main__":
    main()
