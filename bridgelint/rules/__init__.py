"""The rule catalogue: every rule class by code, in catalogue order.

An explicit registry (no import magic): a new rule is a class in its family's
module and a line here.
"""

from __future__ import annotations

from . import (auction, board, contract, deal, event, internal, notes, optimum, play, result, results, score, syntax,
               tables, tag_values)
from .base import Rule

_ALL: list[type[Rule]] = [
    syntax.NotText, syntax.MalformedTag, syntax.UnterminatedComment, syntax.SwallowingComment, syntax.RepeatedTag,
    syntax.BadCharacter, syntax.LongLine, syntax.ExportFormat, syntax.NonStandardSpelling, syntax.BadInheritance,
    syntax.NoGame, syntax.UnusedSuppression, syntax.SwallowedTag, syntax.Windows1252, syntax.DamagedArchive,
    syntax.ArchiveLimit, syntax.MalformedLin, syntax.UnknownLinTag,
    board.BoardNumber, board.Dealer, board.Vulnerability, board.StandardDealer, board.StandardVulnerability,
    board.DateForm, board.MissingBoardHeader,
    deal.NoDeal, deal.MalformedDeal, deal.HandSize, deal.DuplicateCard,
    auction.FirstCall, auction.NotACall, auction.InsufficientBid, auction.InadmissibleDouble,
    auction.InadmissibleRedouble, auction.CallAfterEnd, auction.IncompleteAuction, auction.UnfinishedAuction,
    auction.MisfitAuctionMark, auction.AuctionSeat, auction.RotatedAuction,
    contract.MalformedContract, contract.ContractMismatch, contract.DeclarerMismatch,
    result.ImpossibleResult, result.ResultMismatch, score.ScoreMismatch, score.MissingScore,
    play.NotACard, play.CardNotHeld, play.Revoke, play.WrongLeader, play.PlayAfterEnd, play.ImpossibleClaim,
    play.MisfitPlayMark, play.UnaccountedPlay,
    notes.MissingNote, notes.UnusedNote, notes.NoteNumber, notes.Annotation,
    tables.MalformedHeader, tables.MalformedRow, tag_values.MalformedTagValue, tag_values.ContradictoryValues,
    tables.ScoreTableScore, tables.ScoreTableMatchpoints,
    results.ImpMismatch, results.DatumMismatch, results.StandingsContradiction, results.StandingsTotals,
    results.TeamsResult, results.ImpossibleTraveller,
    *event.EVENT_RULES,
    optimum.DoubleDummyTables, optimum.ParOfTable, optimum.SolverMismatch, optimum.MakeableOnly,
    optimum.UnlikelyResult,
    internal.InternalError,
]

RULES: dict[str, type[Rule]] = {rule.code: rule for rule in sorted(_ALL, key=lambda r: r.code)}
DEFAULT_CODES = frozenset(code for code, rule in RULES.items() if rule.default)  # checked unless deselected
