"""B — board header rules (Law 2, PBN §3.4): board number, dealer, vulnerability, date, a game without its board
header (B108); the Score against Law 77 for the Contract, Declarer, Result and stated vulnerability (B106), and
the Score missing where they give it (B109)."""

from __future__ import annotations

import re
import string
from typing import Iterator

from ..core import bridge
from ..core.bridge import SEAT_NAMES, Contract, Result, Score, is_vulnerable, parse_score, side
from ..core.digits import SIGNIFICANT, is_digits
from ..core.findings import Edit, Finding
from ..core.record import Record
from ..core.scoring import score
from ..core.tags import known
from .base import Context, Rule
from .contract import result_problem
from .edits import value_edit
from .parts import BOARD, BOARD_BEFORE, CONTRACT, DATE, DEALER, SCORE, VULNERABLE


def _due_at(record: Record) -> tuple[int, int]:
    """Where a missing header field was due: the game's first line."""
    return record.line, record.column


def omits_board_header(record: Record) -> bool:
    """A PBN game with an auction or play but no Board, Dealer or Deal, after a game that had them (B108).

    Archives write a board's other tables this way, as if the tags carried over;
    B108 says so once and B101, B102 and D101 stay silent.
    """
    return record.board_before is not None and (record.auction is not None or record.play is not None)


_BELOW_ONE = re.compile(r"\s*(-[0-9]+|0+)\s*")


class BoardNumber(Rule):
    """Board missing or not a board number.

    What it does: warns when a game that holds a deal, auction or play has no
    Board, a Board without any digit, or a Board of 0 or below (boards are
    numbered from 1; forms such as "1-1" that real archives use are read).
    Why it matters: the board number ties a record to its dealer, vulnerability
    and the other tables' results.
    Example:

        [Board "&"]

    Use instead:

        [Board "7"]

    References: PBN §3.4.4, Law 2.
    """

    code, name, severity, law = "B101", "board-number", "warning", "PBN §3.4.4"
    lin_law = "LIN qx"

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        if omits_board_header(record):
            return
        if record.board is None:
            if record.deal_field or record.auction or record.play:
                tag = record.tag("Board")
                line, column = (tag.line, tag.column) if tag else _due_at(record)
                yield self.finding("no board number", line, column, law=self.law_for(record))
        elif (raw := record.board.raw) is None or is_digits(raw) and raw[0] != "0" and record.board.value:
            return  # the usual board number
        elif is_digits(raw.strip()) and raw.strip("0 ") and not record.board.value:
            yield self.finding(f"Board \"{raw[:SIGNIFICANT]}...\" is not a board number: it has more than "
                               f"{SIGNIFICANT} digits", record.board.line, record.board.column, law=self.law_for(record))
        elif not any(c in string.digits for c in raw):
            yield self.finding(f"Board \"{raw}\" is not a board number", record.board.line, record.board.column)
        elif _BELOW_ONE.fullmatch(raw):
            yield self.finding(f"Board \"{raw}\" is not a board number: boards are numbered from 1",
                               record.board.line, record.board.column)


class Dealer(Rule):
    """Dealer missing or invalid where an auction must be replayed.

    What it does: reports a Dealer value that is not W, N, E or S, and a missing
    Dealer in a game with an auction.
    Why it matters: the dealer makes the first call (Law 17B); without it the
    auction cannot be replayed.
    Example:

        [Dealer "Black"]

    Use instead:

        [Dealer "N"]

    References: Law 17B, PBN §3.4.9.
    """

    code, name, severity, law = "B102", "dealer", "error", "Law 17B"

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        if record.dealer is not None:
            if record.dealer.value is None:
                yield self.finding(f"Dealer \"{record.dealer.raw}\" is not W, N, E or S",
                                   record.dealer.line, record.dealer.column, law="PBN §3.4.9")
        elif record.auction is not None and not omits_board_header(record):
            yield self.finding("no Dealer: the auction cannot be replayed without it",
                               record.auction.line, record.auction.column)


class Vulnerability(Rule):
    """Vulnerability has an invalid value.

    What it does: reports a PBN Vulnerable or LIN `sv` value that names no vulnerability.
    Why it matters: scores depend on it (Law 77).
    Example:

        [Vulnerable "E"]

    Use instead:

        [Vulnerable "EW"]

    References: PBN §3.4.10, Law 77.
    """

    code, name, severity, law = "B103", "vulnerability", "error", "PBN §3.4.10"
    lin_law = "LIN sv"
    needs = VULNERABLE

    def check(self, ctx: Context) -> Iterator[Finding]:
        field = ctx.record.vulnerable
        if field is not None and field.value is None:
            words = "o, n, e or b" if ctx.record.model == "lin" else "None, NS, EW or All"
            yield self.finding(f"{ctx.record.field_name('Vulnerable')} \"{(field.raw or '').strip()}\" is not {words}",
                               field.line, field.column, law=self.law_for(ctx.record))


class StandardDealer(Rule):
    """Dealer differs from the standard dealer of the board number.

    What it does: warns when the dealer is not the one Law 2 gives the board number.
    Why it matters: usually a typing error; practice sets and renumbered deals
    legitimately differ, hence a warning.
    Example:

        [Board "1"]
        [Dealer "E"]

    Use instead: N deals board 1, E board 2, S board 3, W board 4, and so on.

        [Board "1"]
        [Dealer "N"]

    References: Law 2.
    """

    code, name, severity, law = "B104", "standard-dealer", "warning", "Law 2"
    fixable = "unsafe"  # the Dealer the board number gives, where no Auction depends on it
    needs = BOARD | DEALER

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        number = bridge.board_int(record.board_number)
        dealer = record.dealer
        if number and dealer is not None and dealer.raw is not None and dealer.value:
            expected = bridge.standard_dealer(number)
            if dealer.value != expected:
                # the fix only where no auction was dealt from the written dealer
                edits = _set_tag(record, "Dealer", expected) if record.auction is None else None
                yield self.finding(f"board {number} is dealt by {bridge.SEAT_NAMES[expected]}, "
                                   f"not {bridge.SEAT_NAMES[dealer.value]}", dealer.line, dealer.column, edits=edits)


class StandardVulnerability(Rule):
    """Vulnerability differs from the standard vulnerability of the board number.

    What it does: warns when the vulnerability is not the one Law 2 gives the
    board number.
    Why it matters: a wrong vulnerability changes every score of the board.
    Example:

        [Board "2"]
        [Vulnerable "None"]

    Use instead:

        [Board "2"]
        [Vulnerable "NS"]

    References: Law 2.
    """

    code, name, severity, law = "B105", "standard-vulnerability", "warning", "Law 2"
    fixable = "unsafe"  # the board number's vulnerability, where no Score depends on it
    needs = BOARD | VULNERABLE

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        number = bridge.board_int(record.board_number)
        field = record.vulnerable
        if number and field is not None and field.raw is not None and field.value:
            expected = bridge.standard_vulnerability(number)
            if field.value != expected:
                words = bridge.VULNERABILITY_WORDS
                scored = any(record.tag(name) is not None for name in _SCORED_BY_VULNERABILITY)
                edits = None if scored or _written_round(record, number) else _set_tag(record, "Vulnerable", expected)
                yield self.finding(f"board {number} is {words[expected]}, not {words[field.value]}",
                                   field.line, field.column, edits=edits)


def _written_round(record: Record, number: int) -> bool:
    """Whether the board is written from other seats: its dealer and vulnerability are the board number's turned
    by whole seats (robot matches write boards so), which setting the standard vulnerability alone would break."""
    dealer = record.dealer.value if record.dealer is not None else None
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    if dealer not in bridge.SEAT_NAMES or vulnerable is None:
        return False
    seats = (bridge.SEATS.index(dealer) - bridge.SEATS.index(bridge.standard_dealer(number))) % 4
    return seats != 0 and vulnerable == bridge.turned_vulnerability(bridge.standard_vulnerability(number), seats)


def _header_written(record: Record) -> list[Edit] | None:
    """The game before's Board, Dealer, Vulnerable (unless this game has its own) and Deal, written before the
    game's first tag pair (after a comment that opens the game), one a line."""
    first = next((tag for tag in record.tags if not tag.inherited), None)
    own = {tag.name for tag in record.tags if not tag.inherited}
    pairs = [(name, value) for name, value in record.header_before if name not in own]
    if first is None or first.column != 1 or not pairs or any('"' in v or "\\" in v for _, v in pairs):
        return None
    deal = dict(record.header_before).get("Deal")
    if deal is None or not _plays_from(record, deal):
        return None
    text = "".join(f'[{name} "{value}"]\n' for name, value in pairs)
    return [Edit(first.line, 1, first.line, 1, text)]


def _plays_from(record: Record, deal: str) -> bool:
    """Whether every card the game's play gives a seat is in that seat's hand of ``deal`` (a PBN Deal value):
    only then is the game another table of that deal."""
    play = record.play
    if play is None:
        return True
    hands = deal.strip().split()
    if not hands or len(hands[0]) < 2 or hands[0][1] != ":" or hands[0][0].upper() not in bridge.SEATS:
        return False
    first, hands[0] = hands[0][0].upper(), hands[0][2:]
    held: dict[str, set[str]] = {}
    for seat, hand in zip(bridge.SEATS[bridge.SEATS.index(first):] + bridge.SEATS[:bridge.SEATS.index(first)], hands):
        suits = hand.split(".")
        held[seat] = {suit + rank for suit, ranks in zip(bridge.SUITS, suits) for rank in ranks.upper()}
    return all(card.kind != "card" or card.seat is None or card.card in held.get(card.seat, ()) for card in play.cards)


_SCORED_BY_VULNERABILITY = ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory",
                            "ScoreTable")  # tags a vulnerability set anew would make wrong


def _set_tag(record: Record, name: str, value: str) -> list[Edit] | None:
    """The fix that writes ``value`` as the value of the tag ``name`` (PBN), where it can be written."""
    tag = record.first_tags().get(name)
    edit = value_edit(tag, value) if tag is not None and record.model == "pbn" else None
    return None if edit is None else [edit]


class MissingBoardHeader(Rule):
    """A game without Board, Dealer and Deal.

    What it does: reports once a PBN game that has an auction or a play but no
    Board, Dealer or Deal tag, right after a game that had all three: archives
    write the other tables of a board this way, as if the tags carried over.
    B101, B102 and D101 are not reported on such a game.
    Why it matters: PBN carries nothing over by itself: the game has no board,
    no dealer to replay the auction from and no hands to replay the play on.
    Only the board number may be inherited (`#`, `##`); Dealer, Vulnerable and
    Deal must be written in every game.
    Example: the second table of board 1, written as if the tags carried over.

        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Auction "N"]
        1NT AP

        [Auction "N"]
        2NT AP

    Use instead: the board header in every game (`#` inherits the board number only).

        [Board "1"]
        [Dealer "N"]
        [Vulnerable "None"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Auction "N"]
        1NT AP

        [Board "#"]
        [Dealer "N"]
        [Vulnerable "None"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Auction "N"]
        2NT AP

    References: PBN §3.4, §4.8.
    """

    code, name, severity, law = "B108", "missing-board-header", "error", "PBN §4.8"
    fixable = "unsafe"  # the game before's Board, Dealer, Vulnerable and Deal written out
    needs = BOARD_BEFORE

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        if not omits_board_header(record):
            return
        missing = ["Board", "Dealer", *(("Vulnerable",) if record.tag("Vulnerable") is None else ()), "Deal"]
        yield self.finding(f"no {', '.join(missing[:-1])} or {missing[-1]}: this game reads as another table of "
                           f"board {record.board_before}, but a game does not take them from the game before; "
                           "write them again ([Board \"#\"] inherits the board number; Dealer, Vulnerable and "
                           "Deal cannot be inherited)", *_due_at(record), edits=_header_written(record))


DATE_FORM = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")


class DateForm(Rule):
    """Date not in `YYYY.MM.DD` form.

    What it does: warns on a Date that is not ten characters `YYYY.MM.DD`, with
    `?` for unknown digits.
    Why it matters: dates in other forms cannot be sorted or compared.
    Example:

        [Date "2013-11-23"]

    Use instead: year, month and day (`2013.11.??` when the day is unknown).

        [Date "2013.11.23"]

    References: PBN §3.4.3.
    """

    code, name, severity, law = "B107", "date-form", "warning", "PBN §3.4.3"
    needs = DATE
    fixable = "safe"  # a date in another known form written YYYY.MM.DD, its time moved to Time where there is none

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        field = record.date
        if field is not None and field.raw is not None and not DATE_FORM.fullmatch(field.raw):
            yield self.finding(f"Date \"{field.raw}\" is not YYYY.MM.DD", field.line, field.column,
                               edits=self._fix(record))

    @staticmethod
    def _fix(record: Record) -> list[Edit] | None:
        """The date in PBN form, and a Time tag before it for a time of day it held, when the game has none."""
        tag = record.first_tags().get("Date")
        read = pbn_date(tag.value) if tag is not None else None
        if tag is None or read is None or (edit := value_edit(tag, read[0])) is None:
            return None
        time = read[1]
        if time is None or record.tag("Time") is not None:
            return [edit]
        inserted = f'[Time "{time}"]' + ("\n" if tag.column == 1 else " ")  # a line of its own, or a space
        return [Edit(tag.line, tag.column, tag.line, tag.column, inserted), edit]


_MONTHS = {name: i for i, name in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                             "nov", "dec"), 1)}
_DATE_FORMS = (  # dates as programs write them: year, month and day unambiguous
    re.compile(r"(?P<y>[0-9]{4})[-/.](?P<m>[0-9]{1,2})[-/.](?P<d>[0-9]{1,2})"
               r"(?:[ T](?P<time>[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?))?"),
    re.compile(r"(?P<d>[0-9]{1,2})\.(?P<m>[0-9]{1,2})\.(?P<y>[0-9]{4})"),
    re.compile(r"(?P<d>[0-9]{1,2})[- ](?P<month>[A-Za-z]{3})[a-z]*[- ](?P<y>[0-9]{4})"),
)


def pbn_date(value: str) -> tuple[str, str | None] | None:
    """A date in a known other form as PBN writes it (``YYYY.MM.DD``), with its time of day as ``HH:MM:SS``
    (None: none given); None for a value that is no such date."""
    for form in _DATE_FORMS:
        m = form.fullmatch(value.strip())
        if m is None:
            continue
        month = _MONTHS.get(m["month"].lower()) if "month" in form.groupindex else int(m["m"])
        year, day = int(m["y"]), int(m["d"])
        if month is None or not 1 <= month <= 12 or not 1 <= day <= 31:
            return None
        time = m["time"] if "time" in form.groupindex else None
        if time is not None:
            hours, minutes, *seconds = time.split(":")
            if int(hours) > 23 or int(minutes) > 59 or (seconds and int(seconds[0]) > 59):
                return None  # no time of day: nothing is dropped unread
            time = f"{int(hours):02}:{minutes}:{seconds[0] if seconds else '00'}"
        return f"{year:04}.{month:02}.{day:02}", time
    return None


class ScoreMismatch(Rule):
    """Score differs from Law 77.

    What it does: computes the duplicate score of the Contract, Declarer and
    Result under the vulnerability the record states (not the one the board
    number implies) and compares it with the Score: `NS 420`, `EW -420`,
    `NS 420 EW -420`, or a bare number for declarer's side. A passed-out board
    scores 0. Records scored as rubber or Chicago (honours, carried
    partscores) and Scores that are no number of points are not checked. A
    Score right for the auction's contract and declarer, or for the tricks won
    in the play, is not reported: C102, C103 or C105 names the tag that differs;
    nor is a Score for both sides that do not sum to zero (T104).
    Why it matters: a Score no contract and result can produce is a sign of a
    wrong Result, Contract, Declarer or vulnerability, or of a corrupt record.
    Example:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]
        [Score "NS 620"]

    Use instead:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]
        [Score "NS 420"]

    References: Law 77; PBN §4 (Score).
    """

    code, name, severity, law = "B106", "score-mismatch", "error", "Law 77"
    fixable = "unsafe"  # the Score replaced by Law 77's for the Contract, Declarer, Result and Vulnerable
    needs = SCORE | CONTRACT

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        field = record.score
        contract = record.contract.value if record.contract is not None else None
        if field is None or field.raw is None or contract is None or known(field.raw) is None or _rubber(record):
            return
        if result_problem(ctx) is not None:  # C104 says why the Result cannot be scored
            return
        written = parse_score(field.raw)
        if written is None:  # T103 says what its form should be
            return
        if written.ns is not None and written.ew is not None and written.ns + written.ew:
            return  # T104: the two sides' scores contradict each other, whichever is wrong
        vulnerability = record.vulnerable.value if record.vulnerable is not None else None
        if contract.passed_out:
            if contract.denomination:  # an end position
                return
            if any((written.declarer_points, written.ns, written.ew)):
                yield self.finding(f"Score \"{field.raw}\", but a passed-out board scores 0",
                                   field.line, field.column, law="Laws 22B, 77",
                                   edits=_score_fix(record, written, "NS", 0))
            return
        declarer = record.declarer.value[0] if record.declarer is not None else None
        result = record.result.value if record.result is not None else None
        if declarer is None or vulnerability is None or not isinstance(result, Result):
            return
        tricks = result.tricks_for(declarer)
        if tricks is None or not 0 <= tricks <= 13:
            return
        vulnerable = is_vulnerable(vulnerability, declarer)
        points = score(contract, vulnerable, tricks)
        for own_side, value in written.written(declarer):
            expected = points if own_side == side(declarer) else -points
            if value != expected and not _as_played(ctx, contract, declarer, vulnerability, tricks, own_side, value):
                yield self.finding(
                    f"Score \"{field.raw}\", but {contract} by {SEAT_NAMES[declarer]} with {tricks} tricks, "
                    f"{'vulnerable' if vulnerable else 'not vulnerable'}, scores {own_side} {expected}",
                    field.line, field.column, edits=_score_fix(record, written, side(declarer), points))
                return


def _score_fix(record: Record, written: Score, declaring: str, points: int) -> list[Edit] | None:
    """The Score tag written anew with Law 77's ``points`` for the ``declaring`` side, in the form it had."""
    tag = record.first_tags().get("Score")
    if tag is None:
        return None
    other = "EW" if declaring == "NS" else "NS"
    if written.declarer_points is not None:
        value = str(points)
    elif written.ns is not None and written.ew is not None:
        value = f"NS {points if declaring == 'NS' else -points} EW {points if declaring == 'EW' else -points}"
    elif (written.ns if declaring == "NS" else written.ew) is not None:
        value = f"{declaring} {points}"
    else:
        value = f"{other} {-points}"
    edit = value_edit(tag, value)
    return None if edit is None else [edit]


def _as_played(ctx: Context, contract: Contract, declarer: str, vulnerability: str, tricks: int, own_side: str,
               value: int) -> bool:
    """The Score is that of the auction's contract and declarer, or of the tricks won in the play:
    then the Contract, Declarer or Result tag is what is wrong, and C102, C103 or C105 says so."""
    auction = ctx.auction
    contracts = {(contract, declarer)}
    if auction is not None and auction.ended and auction.contract is not None and auction.declarer is not None:
        contracts.add((auction.contract, auction.declarer))
    counts = {tricks}
    play = ctx.play
    bounds = play.declarer_range() if play is not None and not play.unaccounted else None
    if play is not None and play.declarer is not None and bounds is not None and bounds[0] == bounds[1]:
        won = bounds[0]
        counts.add(won if side(play.declarer) == side(declarer) else 13 - won)
    for played, by in contracts:
        for count in counts:
            points = score(played, is_vulnerable(vulnerability, by), count)
            if value == (points if own_side == side(by) else -points):
                return True
    return False


def _rubber(record: Record) -> bool:
    """The record is scored as rubber or Chicago, where Law 77 is not the whole score."""
    tag = record.tag("Scoring")
    scoring = tag.value.upper() if tag is not None else ""
    return "RUBBER" in scoring or "CHICAGO" in scoring


class MissingScore(Rule):
    """Score missing where Contract, Declarer, Result and Vulnerable give it.

    What it does: warns on a game with a Contract, a Declarer, a Result and a
    Vulnerable from which Law 77 gives the score, but no Score tag; its fix
    writes the Score (`NS 420`, the declaring side's points) before the Result.
    Off by default (`--extend-select B109`): most hand records leave the Score
    out on purpose. Records scored as rubber or Chicago, passed-out boards and
    Results that cannot be scored are left alone.
    Why it matters: programs that rank or compare scores read the Score tag;
    a result without it counts for nothing there.
    Example:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Result "10"]

    Use instead:

        [Vulnerable "None"]
        [Declarer "S"]
        [Contract "4S"]
        [Score "NS 420"]
        [Result "10"]

    References: Law 77; PBN §4 (Score).
    """

    code, name, severity, law = "B109", "missing-score", "warning", "Law 77"
    formats = frozenset(("pbn",))  # LIN has no Score field
    needs = CONTRACT
    default = False
    fixable = "safe"  # the Score written as Law 77 gives it

    def check(self, ctx: Context) -> Iterator[Finding]:
        record = ctx.record
        contract = record.contract.value if record.contract is not None else None
        result_tag = record.first_tags().get("Result")
        if record.tag("Score") is not None or contract is None or contract.passed_out or result_tag is None or \
                _rubber(record) or result_problem(ctx) is not None:
            return
        declarer = record.declarer.value[0] if record.declarer is not None else None
        vulnerability = record.vulnerable.value if record.vulnerable is not None else None
        result = record.result.value if record.result is not None else None
        if declarer is None or vulnerability is None or not isinstance(result, Result):
            return
        tricks = result.tricks_for(declarer)
        if tricks is None or not 0 <= tricks <= 13:
            return
        value = f"{side(declarer)} {score(contract, is_vulnerable(vulnerability, declarer), tricks)}"
        edits = None
        if not result_tag.inherited and result_tag.value_column:
            inserted = f'[Score "{value}"]' + ("\n" if result_tag.column == 1 else " ")
            edits = [Edit(result_tag.line, result_tag.column, result_tag.line, result_tag.column, inserted)]
        yield self.finding(f"no Score: {contract} by {SEAT_NAMES[declarer]} with {tricks} tricks scores {value}",
                           result_tag.line, result_tag.column, edits=edits)
