"""V — travellers against the deal: each ScoreTable row's opening lead against the board's reference deal (Laws 41A,
54, 87).

A row's **reference deal** is its record's Deal when whole, else the hand record's deal of the board
(``Context.hand_deal``, set by a run with ``--hand-record``).  The opening leader is declarer's left-hand opponent
(Law 41A): a lead held by the declaring side is a switched seating (V101), by declarer's right-hand opponent a
declarer entered for partner's seat or a lead out of turn (V102); a board whose leads stop fitting from one round
on, or all fit the deal turned, was fouled or turned (V103), which replaces its rows' V101 and V102.  A lead the
leader does not hold, but whose next card up or down in the suit the leader does hold, was most likely typed one
spot off (V104: in the Ruter files, 68 of the 111 leads the leader did not hold), and is not V101 or V102.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from ..core.bridge import RANKS, SEAT_NAMES, SIDE_NAMES, Contract, partner, seat_after, side
from ..core.findings import Finding
from ..core.fingerprint import card_name
from ..core.holders import Holders
from ..core.tables import number
from ..core.wording import TURNS
from ..replay.context import per_record
from .base import Context, Rule
from .parts import TABLES
from .record_tables import traveller

_COLUMNS = ("Contract", "Declarer", "Lead", "Round")
_ROLES = {0: "declarer's own card", 2: "declarer's partner"}  # of the holder of a lead V101 reports
_LISTED = 12  # rows named in a V103 message; the others counted


@dataclass(frozen=True, slots=True)
class LeadRow:
    """A traveller row that can be checked: its declarer, contract, the lead as a card and as written, where the
    Lead element stands, its round (None: not given), and who holds the card in the reference deal."""

    row: int  # in the table
    declarer: str
    contract: Contract
    card: str
    text: str
    line: int
    column: int
    written_round: str | None  # as written; None: no Round column
    holder: str
    near: str | None = None  # a card next to the lead in rank that the leader holds, when the lead is not its

    @property
    def round(self) -> int | float | None:
        """The row's round as a number (None: not given or not a number)."""
        return number(self.written_round.strip('"')) if self.written_round is not None else None

    @property
    def leader(self) -> str:
        """Declarer's left-hand opponent (Law 41A)."""
        return _LEADER[self.declarer]

    @property
    def fits(self) -> bool:
        return self.holder == self.leader

    def turns(self) -> int:
        """How far the holder sits clockwise from declarer: 0 declarer, 1 the leader, 2 dummy, 3 the right-hand
        opponent."""
        return (_CLOCKWISE[self.holder] - _CLOCKWISE[self.declarer]) % 4

    def fits_turned(self, seats: int) -> bool:
        """Whether the lead fits the deal turned ``seats`` places clockwise (North's hand given to East for 1)."""
        return seat_after(self.holder, seats) == self.leader

    def words(self) -> str:
        """``Lead D7 against 4S by North``."""
        return f"Lead {self.text} against {self.contract} by {SEAT_NAMES[self.declarer]}"


_CLOCKWISE = {"N": 0, "E": 1, "S": 2, "W": 3}


@dataclass(frozen=True, slots=True)
class Fouled:
    """V103's judgement of a board: the rows whose leads stop fitting (in the order they are told), and what they
    say."""

    rows: tuple[LeadRow, ...]
    said: str


@dataclass(frozen=True, slots=True)
class Leads:
    """The checkable rows of a record's traveller against its reference deal, and V103's judgement of them;
    ``unchecked`` when the traveller gives leads but no whole deal is there to check them against."""

    rows: tuple[LeadRow, ...]
    fouled: Fouled | None
    unchecked: bool = False
    hand: bool = False  # the deal is the hand record's (the record has no whole deal)

    @property
    def deal(self) -> str:
        """Which deal the holders are of, for messages."""
        return " in the hand record's deal" if self.hand else ""

    def misfits(self, turns: Sequence[int]) -> Iterator[LeadRow]:
        """The rows whose lead is held ``turns`` seats from declarer, less those V103 tells of and those whose leader
        holds the card next to it (V104); ``turns`` empty: those V104 tells of."""
        told = {row.row for row in self.fouled.rows} if self.fouled is not None else set()
        return (row for row in self.rows if row.row not in told and not row.fits
                and (row.near is not None if not turns else row.near is None and row.turns() in turns))


def reference_holders(ctx: Context) -> tuple[Holders, bool] | None:
    """Who holds each card of the row's reference deal: the record's whole Deal, else the hand record's (True);
    None when neither is whole."""
    for deal, hand in ((ctx.record.deal, False), (ctx.hand_deal, True)):
        if deal is not None and deal.held.whole:
            return deal.held, hand
    return None


_UNCHECKED = Leads((), None, True)


@per_record
def leads(ctx: Context) -> Leads | None:
    """The record's traveller rows checked against the reference deal, worked out once for V101-V103; None when the
    traveller has no Contract, Declarer and Lead columns."""
    view = traveller(ctx)
    if view is None:
        return None
    contract_at, declarer_at, lead_at, round_at = view.find(_COLUMNS)
    if contract_at is None or declarer_at is None or lead_at is None:
        return None
    reference = reference_holders(ctx)
    if reference is None:
        return _UNCHECKED
    held, hand = reference
    table, seat = view.table, held.seat
    artificial = table.artificial_rows()
    checked = []  # (index, row, declarer, contract, card) of the rows with everything known
    misfit = False
    for index, (row, contract, declarer, card) in enumerate(zip(view.numbers, view.values(contract_at),
                                                                view.values(declarer_at), view.values(lead_at))):
        if (not isinstance(contract, Contract) or contract.passed_out or not isinstance(declarer, str)
                or not isinstance(card, str) or row in artificial):
            continue  # -, ?, missing or malformed (T102), passed out, an adjusted score
        checked.append((index, row, declarer, contract, card))
        misfit = misfit or seat[card] != _LEADER[declarer]
    if not misfit:
        return _FITTING[hand]  # the usual traveller: every lead is its leader's, nothing to tell
    rounds = view.texts(round_at) if round_at is not None else None
    texts, starts = view.texts(lead_at), view.starts
    rows = [LeadRow(row, declarer, contract, card, texts[index], *table.element_place(starts[index] + lead_at),
                    rounds[index] if rounds is not None else None, seat[card], _near(card, _LEADER[declarer], seat))
            for index, row, declarer, contract, card in checked]
    return Leads(tuple(rows), _fouled(rows), hand=hand)


_LEADER = {seat: seat_after(seat) for seat in "NESW"}  # declarer's left-hand opponent (Law 41A)


def _near(card: str, leader: str, seat: dict[str, str]) -> str | None:
    """The card next to ``card`` in rank, one up or one down in its suit, that ``leader`` holds when ``card`` is not
    the leader's (a lead typed one spot off); None otherwise."""
    if seat[card] == leader:
        return None
    at = RANKS.index(card[1])
    return next((near for near in (card[0] + RANKS[i] for i in (at + 1, at - 1) if 0 <= i < len(RANKS))
                 if seat[near] == leader), None)
_FITTING = {hand: Leads((), None, hand=hand) for hand in (False, True)}


def _fouled(rows: list[LeadRow]) -> Fouled | None:
    """V103: the rows from the first round whose leads all stop fitting, two rows at least on each side; else
    three rows or more, none fitting, every one fitting the deal turned by the same seats."""
    played = [row.round for row in rows]
    if all(round_ is not None for round_ in played):
        ordered = [row for _, row in sorted(zip(played, rows), key=lambda pair: (pair[0], pair[1].line))]
        for at in range(2, len(ordered) - 1):
            before, after = ordered[:at], ordered[at:]
            if before[-1].round == after[0].round:
                continue  # a round is not split
            if all(row.fits for row in before) and not any(row.fits for row in after):
                first = after[0].round
                turn = _turn(after)
                how = (f"; they fit the deal turned {TURNS[turn]} clockwise: the board went back on the table "
                       "turned" if turn else ": the board was fouled or mixed up")
                return Fouled(tuple(after), f"the leads stop fitting the deal from round {_shown(first)} on: "
                                            f"{len(after)} rows of round {_shown(first)} on ({_lines(after)}) lead "
                                            f"a card their leader does not hold, while the {len(before)} rows "
                                            f"before fit{how}")
            break  # the first misfit decides where the rounds would split
    if len(rows) >= 3 and not any(row.fits for row in rows):
        turn = _turn(rows)
        if turn:
            return Fouled(tuple(rows), f"none of the {len(rows)} rows' leads ({_lines(rows)}) fits the deal as "
                                       f"written, every one fits it turned {TURNS[turn]} clockwise "
                                       f"({SEAT_NAMES['N']}'s hand played as {SEAT_NAMES[seat_after('N', turn)]}'s): "
                                       "the board was put on the table turned")
    return None


def _turn(rows: Sequence[LeadRow]) -> int | None:
    """The seats by which the deal turned fits every row's lead, if one turn does."""
    return next((seats for seats in (1, 2, 3) if all(row.fits_turned(seats) for row in rows)), None)


def _shown(round_: float | None) -> str:
    return f"{round_:g}" if round_ is not None else "?"


def _lines(rows: Sequence[LeadRow]) -> str:
    shown = ", ".join(str(row.line) for row in rows[:_LISTED])
    more = f" and {len(rows) - _LISTED} more" if len(rows) > _LISTED else ""
    return f"line{'s' if len(rows) > 1 else ''} {shown}{more}"


class _LeadRule(Rule):
    """Base of the rules that check a traveller's leads against the reference deal."""

    formats = frozenset(("pbn",))  # LIN has no tables
    needs = TABLES

    def checked(self, ctx: Context) -> Leads | None:
        """The record's leads; None (a skip counted when the traveller gives leads without a whole deal) when
        there is nothing to check."""
        found = leads(ctx)
        if found is None:
            return None
        if found.unchecked:
            ctx.skip(self.code)
            return None
        return found


class LeadByDeclaringSide(_LeadRule):
    """Opening lead held by the declaring side.

    What it does: reads each traveller row's Contract, Declarer and Lead
    (`SA`, `HT`, `D10`, `♠A`, or rank first as `TD`, `AD`) and finds the
    lead in the reference deal: the record's Deal, or the hand record's
    (`--hand-record`) where the record has no whole deal. A lead that
    declarer or dummy holds is reported: the opening leader is declarer's
    left-hand opponent (Law 41A), so the row's declarer is on the wrong
    side. Rows with `-` or `?` in Contract, Declarer or Lead, passed out or
    artificial, are not checked; nor are travellers without a whole deal
    (`check --statistics` counts them). A board whose leads stop fitting
    from one round on, or all fit the deal turned, is V103's.
    Why it matters: a seating entered switched (North-South and East-West
    swapped) gives the row's score to the wrong side, and every matchpoint
    computed against it.
    Example: ♦7 is South's, and North declares.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 D7

    Use instead: East, who leads, holds ♦J.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 DJ

    References: Law 41A; PBN §5.9.
    """

    code, name, severity, law = "V101", "lead-by-declaring-side", "error", "Law 41A"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = self.checked(ctx)
        if found is None:
            return
        for row in found.misfits((0, 2)):
            other = SIDE_NAMES["EW" if side(row.declarer) == "NS" else "NS"]
            yield self.finding(f"{row.words()}: {card_name(row.card)} is {SEAT_NAMES[row.holder]}'s{found.deal}, "
                               f"{_ROLES[row.turns()]}: was the contract played by {other}?",
                               row.line, row.column)


class LeadByRightHandOpponent(_LeadRule):
    """Opening lead held by declarer's right-hand opponent.

    What it does: reports a traveller row whose Lead is held, in the
    reference deal, by declarer's right-hand opponent rather than the
    opening leader on declarer's left (Law 41A): the declarer was entered
    for partner's seat, or the lead was made out of turn (Law 54). Leads,
    skipped rows and the reference deal are read as V101 reads them.
    Why it matters: a declarer entered for the wrong seat hides who played
    the hand; a lead out of turn should have been dealt with at the table.
    Example: ♣2 is West's, and North declares: East leads.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 C2

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 C4

    References: Laws 41A, 54; PBN §5.9.
    """

    code, name, severity, law = "V102", "lead-by-right-hand-opponent", "warning", "Laws 41A, 54"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = self.checked(ctx)
        if found is None:
            return
        for row in found.misfits((3,)):
            yield self.finding(f"{row.words()}: {card_name(row.card)} is {SEAT_NAMES[row.holder]}'s{found.deal}, "
                               f"declarer's right-hand opponent, not {SEAT_NAMES[row.leader]}'s, who leads: declarer entered "
                               f"for {SEAT_NAMES[partner(row.declarer)]}'s seat, or a lead out of turn?",
                               row.line, row.column)


class FouledLeads(_LeadRule):
    """Leads that stop fitting the deal: a board fouled or turned.

    What it does: orders a traveller's checked rows by Round and reports a
    board whose every row from some round on leads a card its leader does
    not hold while every row before fits, with two rows at least on each
    side; or, rounds or not, three rows or more of which none fits the
    deal as written and every one fits it turned by the same seats. One
    finding per board, at the first such row's Lead, listing the rows; it
    replaces their V101 and V102. Leads, skipped rows and the reference
    deal are read as V101 reads them.
    Why it matters: a run of misfitting leads from one round on is how a
    fouled board shows in the results (Law 87): the scores from then on
    are of another deal, and are not compared with the others.
    Example: the board goes back turned after round 2.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Round;Contract;Declarer;Result;Lead"]
        1 4S N 10 DJ
        2 4S N 10 C4
        3 4S N 10 D4
        4 4S N 11 D4

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Round;Contract;Declarer;Result;Lead"]
        1 4S N 10 DJ
        2 4S N 10 C4
        3 4S N 10 D5
        4 4S N 11 D5

    References: Law 87; PBN §5.9.
    """

    code, name, severity, law = "V103", "fouled-leads", "warning", "Law 87"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = self.checked(ctx)
        fouled = found.fouled if found is not None else None
        if found is not None and fouled is not None:
            first = fouled.rows[0]
            yield self.finding(f"{first.words()}: {fouled.said.replace('the deal', 'the deal' + found.deal, 1)}",
                               first.line, first.column)


class MistypedLead(_LeadRule):
    """Opening lead one spot off the leader's card.

    What it does: reports a traveller row whose Lead the opening leader
    (declarer's left-hand opponent) does not hold in the reference deal,
    while the leader holds the card next to it in rank in that suit, one
    spot up or down: the lead was most likely typed one spot off (♦6 for
    the ♦7 the leader held). Such a row is not V101 or V102, whoever holds
    the card written. Leads, skipped rows and the reference deal are read
    as V101 reads them; rows V103 tells of are its.
    Why it matters: the lead is part of the record a pair's results and the
    statistics of the event are read from; a spot card typed wrong is no
    switched seating, and says nothing of the score.
    Example: North declares, East leads, and holds the ♦J, not the ♦10.

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 DT

    Use instead:

        [Board "1"]
        [Deal "N:AQT94.T53.KQ8.T9 63.J98.J53.K8654 K72.6.AT9762.AJ7 J85.AKQ742.4.Q32"]
        [ScoreTable "Contract;Declarer;Result;Lead"]
        4S N 10 DJ

    References: Law 41A; PBN §5.9.
    """

    code, name, severity, law = "V104", "mistyped-lead", "warning", "Law 41A"

    def check(self, ctx: Context) -> Iterator[Finding]:
        found = self.checked(ctx)
        if found is None:
            return
        for row in found.misfits(()):
            assert row.near is not None
            yield self.finding(f"{row.words()}: {card_name(row.card)} is {SEAT_NAMES[row.holder]}'s{found.deal}, "
                               f"but {SEAT_NAMES[row.leader]}, who leads, holds {card_name(row.near)}: a lead typed "
                               "one spot off?", row.line, row.column)


LEAD_CODES = frozenset((LeadByDeclaringSide.code, LeadByRightHandOpponent.code, FouledLeads.code,
                        MistypedLead.code))  # the V rules
