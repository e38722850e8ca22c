"""The fast-path ledger: every second implementation in bridgelint, what it mirrors and what it buys.

A fast path is code for the usual case beside the general code that handles every case and gives the same
findings.  The project keeps one only when it buys at least 10% of a whole check (or when the check would
otherwise fall more than 5% behind, said in its entry); each is listed here, turned off by name through the
reference switch (:mod:`.reference`: ``BRIDGELINT_REFERENCE=name,name``, or ``1`` for all), and tested both
ways on inputs that take it (tests/test_fast_paths.py).

``share`` is what the check loses with the path off alone: (instructions off − instructions on) / instructions
on, counted under callgrind by ``benchmarks/ledger.py`` (imports excluded, ``PYTHONHASHSEED=0``) on its three
synthetic files: ``pbn`` (1,000 boards with auction and play), ``pbn+table`` (300 boards, each with a ScoreTable
of 12 results) and ``lin`` (1,000 boards).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FastPath:
    name: str  # what BRIDGELINT_REFERENCE names it by
    where: str  # module:function of the fast code
    mirrors: str  # the general code it gives the same results as
    share: dict[str, float]  # per benchmark file, the % of a whole check it buys
    benchmark: str  # what measures it
    why: str = ""  # why it stays though it buys under 10%, when it does


_LEDGER = "benchmarks/ledger.py"

LEDGER: tuple[FastPath, ...] = (
    FastPath("pbn-rows", "formats.pbn_game:GameScanner.scan (PBN_TOKEN's tag_lines, call_rows, card_rows tokens)",
             "the scan token by token (PBN_TOKEN_SINGLE)",
             {"pbn": 46.5, "pbn+table": 11.4, "lin": 0.0}, _LEDGER),
    FastPath("auction", "formats.pbn_game:GameScanner.tag, formats.lin:Board.mb (Auction.names); "
             "replay.auction:_replay_plain", "Call objects (Auction.calls) and replay.auction:_replay_general",
             {"pbn": 8.4, "pbn+table": 1.1, "lin": 24.7}, _LEDGER),
    FastPath("play-text", "formats.pbn_game:GameScanner.tag, formats.lin:Board.add (Play.tokens)",
             "Card objects (Play.cards)",
             {"pbn": 72.4, "pbn+table": 10.3, "lin": 32.4}, _LEDGER),
    FastPath("play-replay", "replay.play_fast:replay_fast", "replay.play_general:replay_general",
             {"pbn": 105.1, "pbn+table": 16.4, "lin": 72.4}, _LEDGER),
    FastPath("pbn-export", "formats.pbn_export:layout_breaches (the usual game: CR LF everywhere, no odd space)",
             "the line by line checks of layout_breaches",
             {"pbn": 23.9, "pbn+table": 1.2, "lin": 0.0}, _LEDGER),
    FastPath("lin-lines", "formats.lin_scan:scan (lines of whole fields split in bulk)",
             "the field by field match (LIN_FIELD)",
             {"pbn": 0.0, "pbn+table": 0.0, "lin": 73.5}, _LEDGER),
    FastPath("batch", "engine.run:FileRun.records (BATCH records replayed together)", "one record at a time",
             {"pbn": -0.1, "pbn+table": -0.4, "lin": 0.1}, _LEDGER,
             why="no second code: the same replays in another order, so the same instructions; timed, one record "
                 "at a time ran 10-12% slower on PBN and LIN on an idle machine (9% more branches mispredicted, "
                 "benchmarks/README.md, round 3): without it the check falls more than 5% behind"),
)

NAMES = frozenset(path.name for path in LEDGER)
