"""The rule catalogue: every rule class by code, in catalogue order.

An explicit registry (no import magic): a new rule is a class in its family's
module and a line here.
"""

from __future__ import annotations

from . import (
    auction,
    board,
    contract,
    deal,
    event,
    files,
    format_syntax,
    internal,
    notes,
    optimum,
    play,
    results,
    scores,
    standings,
    syntax,
    tables,
    tag_values,
    teams,
    travellers,
)
from .base import Rule

_ALL: list[type[Rule]] = [
    files.NotText, syntax.MalformedTag, syntax.UnterminatedComment, syntax.SwallowingComment, syntax.RepeatedTag,
    files.BadCharacter, files.LongLine, syntax.ExportFormat, syntax.NonStandardSpelling, syntax.BadInheritance,
    files.NoGame, files.UnusedSuppression, syntax.SwallowedTag, files.Windows1252, files.DamagedArchive,
    files.ArchiveLimit, format_syntax.MalformedLin, format_syntax.UnknownLinTag,
    format_syntax.MalformedDealingFile, format_syntax.MalformedUsebio, format_syntax.UnknownUsebio,
    format_syntax.UnreadableBws,
    board.BoardNumber, board.Dealer, board.Vulnerability, board.StandardDealer, board.StandardVulnerability,
    board.DateForm, board.MissingBoardHeader,
    deal.NoDeal, deal.MalformedDeal, deal.HandSize, deal.DuplicateCard,
    auction.FirstCall, auction.NotACall, auction.InsufficientBid, auction.InadmissibleDouble,
    auction.InadmissibleRedouble, auction.CallAfterEnd, auction.IncompleteAuction, auction.UnfinishedAuction,
    auction.MisfitAuctionMark, auction.AuctionSeat, auction.RotatedAuction,
    contract.MalformedContract, contract.ContractMismatch, contract.DeclarerMismatch,
    contract.ImpossibleResult, contract.ResultMismatch, board.ScoreMismatch, board.MissingScore,
    play.NotACard, play.CardNotHeld, play.Revoke, play.WrongLeader, play.PlayAfterEnd, play.ImpossibleClaim,
    play.MisfitPlayMark, play.UnaccountedPlay,
    notes.MissingNote, notes.UnusedNote, notes.NoteNumber, notes.Annotation,
    tables.MalformedHeader, tables.MalformedRow, tag_values.MalformedTagValue, tag_values.ContradictoryValues,
    scores.ScoreTableScore, scores.ScoreTableMatchpoints,
    results.ImpMismatch, results.DatumMismatch, standings.StandingsContradiction, standings.StandingsTotals,
    teams.TeamsResult, results.ImpossibleTraveller,
    travellers.LeadByDeclaringSide, travellers.LeadByRightHandOpponent, travellers.FouledLeads,
    travellers.MistypedLead,
    *event.EVENT_RULES,
    optimum.DoubleDummyTables, optimum.ParOfTable, optimum.SolverMismatch, optimum.MakeableOnly,
    optimum.UnlikelyResult,
    internal.InternalError,
]

RULES: dict[str, type[Rule]] = {rule.code: rule for rule in sorted(_ALL, key=lambda r: r.code)}
DEFAULT_CODES = frozenset(code for code, rule in RULES.items() if rule.default)  # checked unless deselected

# the families, by a code's first letter, in catalogue order: (title, what their rules check)
FAMILIES: dict[str, tuple[str, str]] = {
    "S": ("Syntax and file", "malformed tags, comments, characters, long lines, export format (one S108 per game "
          "listing every breach), lenient spellings, tag pairs lost in an escape line or `;` comment (S113), "
          "encodings and archives"),
    "B": ("Board header", "board number, dealer, vulnerability (Law 2), score (Law 77), date, a game without Board, Dealer and "
          "Deal after one that had them (B108)"),
    "D": ("Deal", "malformed deals, hands of other than 13 cards, cards dealt twice"),
    "A": ("Auction", "first call (Law 17B), insufficient bids (Laws 18, 27), doubles and redoubles (Laws 19, 36), "
          "end of auction (Laws 22, 39), an Auction seat that is no seat (A110), an auction that reads as if "
          "another player dealt (A111)"),
    "C": ("Contract and result", "contract, declarer and result against the auction and the play"),
    "P": ("Play", "cards not held, revokes (the play goes on; the Result may differ by the Law 64A transfer), "
          "wrong leader, claims, a play that stops early with nothing to say why (P108)"),
    "N": ("Notes", "notes and annotations"),
    "T": ("Tables and tag values", "supplemental tables' headers and rows (PBN §5), values in the form the "
          "standard gives, values that contradict each other, ScoreTable scores (Law 77) and matchpoints "
          "(Law 78A)"),
    "R": ("Results and standings", "ScoreTable IMPs against a datum or every other score, as the Scoring tag "
          "names the method (Law 78B), the datum itself, a ranking row that contradicts itself, the ranking "
          "against the travellers (totals, boards, percentages, pairs missing), teams matches and victory points "
          "(WBF 2013 scale), impossible travellers"),
    "E": ("Events", "boards compared across records: fouled boards (Law 87), duplicated deals, a board twice at "
          "one table, team IMPs (Law 78B), what could not be compared with the hand record, an upload that is not of the "
          "hand record"),
    "V": ("Travellers against the deal", "each traveller row's opening lead against the board's deal or the hand "
          "record's (Law 41A): a lead held by the declaring side (a switched seating), by declarer's right-hand "
          "opponent, a board whose leads stop fitting from one round on or fit it turned (fouled, Law 87)"),
    "O": ("Optimum", "double-dummy tables that disagree or are not whole (DoubleDummyTricks, OptimumResultTable, "
          "Ability, read in each program's order), par tags (OptimumScore, ParContract, Minimax, OptimumContract) "
          "that are not the par of the record's own table as DDS's DealerPar gives it, files of makeable "
          "contracts only (O104); with check --dd, tables and results against the solver"),
    "X": ("bridgelint itself", "an internal error on one game; the other games are still checked"),
}
