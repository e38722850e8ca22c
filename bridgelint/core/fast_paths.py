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
    FastPath("pbn-rows", "formats.pbn_game:GameScanner.scan (pbn_grammar.PBN_TOKEN's tag_lines, call_rows, card_rows)",
             "the scan token by token (PBN_TOKEN_SINGLE)",
             {}, _LEDGER),
    FastPath("auction-text", "formats.pbn_game:GameScanner.tag, formats.lin:Board.mb (Auction.names)",
             "an auction of Call objects (Auction.calls)",
             {}, _LEDGER),
    FastPath("play-text", "formats.pbn_game:GameScanner.tag, formats.lin:Board.add (Play.tokens)",
             "a play of Card objects (Play.cards)",
             {}, _LEDGER),
    FastPath("auction-replay", "replay.auction:_replay_plain",
             "replay.auction:_replay_general",
             {}, _LEDGER),
    FastPath("play-replay", "replay.play_fast:replay_fast",
             "replay.play_general:replay_general",
             {}, _LEDGER),
    FastPath("pbn-deal", "formats.pbn_header:parse_pbn_deal (_USUAL_DEAL)",
             "formats.pbn_header:_parse_unusual_deal",
             {}, _LEDGER),
    FastPath("pbn-export", "formats.pbn_export:layout_breaches (the usual game)",
             "the line-by-line layout checks of layout_breaches",
             {}, _LEDGER),
    FastPath("lin-lines", "formats.lin_scan:scan (lines of whole fields split in bulk)",
             "the field-by-field match (LIN_FIELD)",
             {}, _LEDGER),
    FastPath("lin-hand", "formats.lin:_hand (a loop over the characters)",
             "the grammar's holding pattern (patterns.LIN_HOLDING)",
             {}, _LEDGER),
    FastPath("lin-tokens", "formats.lin:_calls, _cards (_CALLS, _CARDS)",
             "the grammar's call and card patterns (LIN_CALL, LIN_CARD)",
             {}, _LEDGER),
    FastPath("batch", "engine.run:FileRun (BATCH records replayed together)",
             "one record at a time",
             {}, _LEDGER),
)

NAMES = frozenset(path.name for path in LEDGER)
