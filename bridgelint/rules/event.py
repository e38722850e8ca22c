"""E — event rules: boards compared across the records of an event (Laws 6, 15, 78B, 87).

These rules check at the ``event`` stage: a record alone cannot break them.
The event state (:mod:`bridgelint.across.events`) keeps what it has seen of
each event and hands each rule the facts of a record and of the earlier record
it is compared with (E102-E104: on the later record, naming the earlier one)
or of the board's reference deal (E101); the rule decides and writes the
finding.  How events are formed and what the reference deal is are part of
FouledBoard's documentation.
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple

from ..core.bridge import SEAT_NAMES, SEATS, VULNERABILITIES, turned_vulnerability
from ..core.findings import Finding, Related
from ..core.fingerprint import card_name, differences, turn
from ..core.problems import Kind, Problem
from ..core.scoring import imps
from ..core.sighting import Sighting
from .base import Rule
from .play import CardNotHeld

_TURNS = {1: "turned one seat clockwise", 2: "turned half round", 3: "turned one seat anticlockwise"}


class Other(NamedTuple):
    """The other record a finding names: its file as reports show it, its line, and where it is as a message says
    it (``line 12`` in the same file, ``other.pbn:12`` in another)."""

    path: str
    line: int
    at: str

    def related(self, message: str, deal: int | None = None) -> Related:
        return Related(self.path, self.line, 1, message, deal)


def _on(rule: type[Rule], message: str, sighting: Sighting, line: int = 0, column: int = 0,
        related: Related | None = None) -> Finding:
    """A finding of ``rule`` on the record ``sighting`` (at its first line unless given), naming ``related``."""
    return rule.finding(message, line or sighting.line, column or sighting.column, game=sighting.game,
                        board=sighting.board, related=related)


class FouledBoard(Rule):
    """Fouled board: one board of an event dealt two ways.

    What it does: compares the deal of each played record with the board's
    reference deal and names the first cards that differ (`♠K is West's
    here, East's in the deal most tables played`) or the turn of a board
    whose hands all moved round by whole seats. The reference deal is the
    hand record's when `--hand-record FILE` is given (repeatable;
    `hand-record = [...]` in the configuration): every other played record
    of the run with that board number and a whole deal is compared with it,
    whatever its event. Otherwise it is the deal most tables of the event
    played, decided at the end of the file (of the run with
    `--across-files`), the message giving the counts (`dealt this way at 1
    table, the other way at 47 tables, first at line 120`); on a tie, the
    deal seen first, and the message says it was a tie. The finding stands
    on each record that differs, never on the reference. A played record is
    one with an auction, a contract or a result (one table), or with a
    ScoreTable whose rows hold results (a traveller: each row one table, or
    its Multiplicity); unplayed records (hand records, practice deals) are
    never fouled boards and do not vote. Events: the
    records of one file are one event when their Event, Site, Section,
    Stage, HomeTeam and VisitTeam tags are equal (a tag that is absent, empty
    or `?` equals an absent one, and a tag a game does not write is carried
    from the game before it in the file); the LIN boards of a file are one
    event, the match its `vg` header names. The Date is not part of the
    event: it separates sessions only where a board number's deals split by
    day, every record of one deal dated on days none of the other deal's
    records are (the number used again on another day of a multi-day
    event): then nothing is reported, E101 and E103 alike. Dates are
    compared by the day (`2013-08-24 19:13`, the time a table ended, is the
    24th); a date not known (`?` parts, a value that is no date) never
    separates, so the odd table of a practice set played over several days
    is a fouled board when the majority played on its day too. With `--across-files`
    (`across-files = true`) the whole run is the scope: records of any file
    with equal tags are one event, a LIN match being the event "event,
    segment" of its `vg` header with its two teams (as `bridgelint convert`
    writes it). Only whole deals are compared: partial deals, hidden hands
    (`-`), `?` deals and end positions are not. Hands and dealer turned
    together are the same board written from other seats (robot matches do
    this); hands turned alone are a fouled board. A record with E101 gets
    no P102 (a card played that the player did not hold): its play is
    checked against the deal as written, and follows the deal the table
    played. Sessions whose board
    numbers restart on one day, or whose records are not dated, are one
    event when their tags are equal: check them one session at a time.
    Why it matters: a fouled board (Law 87) cannot be scored against the
    tables that played the other deal; the director has to know which
    tables played which deal.
    Example: board 1 with East's and South's hands swapped at the second table.

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 765.432.AKQJ.T98 T98.765.432.AKQJ 432.AKQJ.T98.765"]
        [Contract "2C"]

    Use instead: the same deal at every table that plays board 1 (a board
    really fouled is scored by the director under Law 87B).

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "2C"]

    References: Law 87.
    """

    code, name, severity, law = "E101", "fouled-board", "error", "Law 87"
    stage = "event"
    needs_a_person = True  # no fix: the game is left as it is by --fix

    @staticmethod
    def same_board(here: int, there: int, dealer: str | None, vulnerable: str | None, sighting: Sighting) -> bool:
        """Whether the deal ``here`` (a fingerprint) of ``sighting`` is the board ``there`` dealt by ``dealer`` at
        ``vulnerable``: as dealt, or with hands, dealer and vulnerability turned together."""
        seats = turn(here, there)
        return seats == 0 or (seats is not None and turned_together(dealer, vulnerable, seats, sighting.dealer,
                                                                    sighting.vulnerable))

    @classmethod
    def check_official(cls, here: int, there: int, dealer: str | None, vulnerable: str | None, sighting: Sighting,
                       other: Other, hand_record: bool = False) -> Finding | None:
        """E101 on ``sighting``, whose deal ``here`` is not the hand record's board ``there`` (at ``other``);
        ``hand_record``: the record is itself a hand record's board, compared with an earlier hand record's."""
        if cls.same_board(here, there, dealer, vulnerable, sighting):
            return None
        number = sighting.board
        lead = (f"board {number} of this hand record is not the earlier one's: " if hand_record
                else f"board {number} here is not the hand record's: ")
        return _on(cls, _fouled(here, there, other.at, lead), sighting, sighting.deal_line, sighting.deal_column,
                   other.related(f"board {number} in the hand record", there))

    @staticmethod
    def reference(tables: list[int]) -> int:
        """Which of a board's deals is the reference, by the tables that played each: the one most tables played,
        the first seen on a tie."""
        return tables.index(max(tables))

    @classmethod
    def check_majority(cls, deals: list[int], tables: list[int], variant: int, other: Other, line: int,
                       column: int, game: int, number: str) -> Finding | None:
        """E101 on the record of board ``number`` at (``line``, ``column``, ``game``) that played ``deals[variant]``,
        where ``tables[i]`` tables played ``deals[i]`` and the reference (:meth:`reference`) was first seen at
        ``other``."""
        best = cls.reference(tables)
        if variant == best:
            return None
        most, there = tables[best], deals[best]
        message = (f"{_fouled(deals[variant], there, 'the deal most tables played')}; "
                   f"dealt this way at {_tables(tables[variant])}, the other way at {_tables(most)}, "
                   f"first at {other.at}")
        if tables.count(most) > 1:
            message += " (a tie: the deal seen first is taken as the reference)"
        return cls.finding(message, line, column, game=game, board=number,
                           related=other.related(f"board {number} as most tables played it ({_tables(most)})", there))


class DuplicatedDeal(Rule):
    """Duplicated deal: two board numbers of an event hold the same deal.

    What it does: reports a board whose deal is the deal of an earlier board
    with the same Event tag, as dealt or turned round by whole seats
    (North's hand at East, and so on). It is said once per board. The Event
    tag alone groups the records (within a file, or across the run with
    `--across-files`): Date, Site, Section, Stage and the teams are
    ignored, so a multi-day event is one event here.
    Why it matters: a hand record reused under two numbers means that a
    board was duplicated from the wrong deal file, and the players meet the
    same deal twice.
    Example: board 2 is board 1 turned one seat.

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

        [Event "Club night"]
        [Board "2"]
        [Deal "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

    Use instead: a deal of its own for board 2.

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

        [Event "Club night"]
        [Board "2"]
        [Deal "N:AKQJ.T98.765.432 765.432.AKQJ.T98 T98.765.432.AKQJ 432.AKQJ.T98.765"]

    References: Law 6.
    """

    code, name, severity, law = "E102", "duplicated-deal", "warning", "Law 6"
    stage = "event"

    @classmethod
    def check_deal(cls, earlier: str, seats: int, sighting: Sighting, other: Other) -> Finding | None:
        """E102 on ``sighting``, whose deal is that of board ``earlier`` first seen at ``other``, turned ``seats``
        seats; None when that board is its own."""
        number = sighting.board
        if earlier == number:
            return None
        how = _TURNS.get(seats, "")
        return _on(cls, f"board {number} repeats the deal of board {earlier} at {other.at}{' ' + how if how else ''}",
                   sighting, sighting.deal_line, sighting.deal_column, other.related(f"board {earlier}, the same deal"))


class RepeatedTable(Rule):
    """The same board at the same table or room twice.

    What it does: reports a record of a board at a table (PBN Table) or room
    (PBN Room, LIN `qx` o/c) that already has a record of that board in the
    same event (events as for E101), and says whether the two are identical
    (deal, auction, play, contract, result and score the same, layout and
    comments aside: the same upload twice) or give two results (`4S= by
    North here, 3NT-1 by East at line 120`); not when the two are of two
    sessions, dealt two ways on two days. Records that name neither a
    table nor a room are not compared.
    Why it matters: a table plays each board once (Law 15 covers a board
    played again); a second record is a result uploaded twice, or a record
    filed under the wrong table, and the scores of the other tables are
    computed against it.
    Example: two records of board 1 in the open room.

        [Event "Teams"]
        [Board "1"]
        [Room "Open"]

        [Event "Teams"]
        [Board "1"]
        [Room "Open"]

    Use instead: `[Room "Closed"]` for the other room's record (or one record).

        [Event "Teams"]
        [Board "1"]
        [Room "Open"]

        [Event "Teams"]
        [Board "1"]
        [Room "Closed"]

    References: Law 15 (a board played again).
    """

    code, name, severity, law = "E103", "repeated-table", "error", "Law 15"
    stage = "event"
    reads = frozenset((Kind.BWS_TWO_RESULTS,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """E103 on the later of two live BWS rows of one table, round and board, naming the earlier."""
        board, table, round_, said, earlier, earlier_said, same = problem.facts
        at = f"table {table} in round {round_}"
        if same:
            message = (f"board {board} is entered twice at {at}: {said} here and at ReceivedData#{earlier} (the same "
                       "result twice); only this row is checked")
        else:
            message = (f"board {board} has two results at {at}: {said} here, {earlier_said} at ReceivedData#{earlier}; "
                       "a table plays a board once, and only this row is checked")
        yield cls.finding(message, problem.line, problem.column)

    @classmethod
    def check_place(cls, sighting: Sighting, digest: int, outcome: str | None, other: Other) -> Finding:
        """E103 on ``sighting``, a record of a board whose table or room has an earlier record at ``other``, with
        ``digest`` (what it says was played) and ``outcome``."""
        at, here = place(sighting.table, sighting.room), sighting.board
        if digest == sighting.digest:
            message = (f"board {here} is recorded twice at {at}: the same record as at {other.at} "
                       f"(the same upload twice?)")
        else:
            message = (f"board {here} has two results at {at}: {sighting.outcome or 'a record'} here, "
                       f"{outcome or 'another record'} at {other.at}; a table plays a board once")
        return _on(cls, message, sighting, sighting.place_line, sighting.place_column,
                   other.related(f"board {here}'s first record at {at}"))


class TeamImps(Rule):
    """Team IMPs differ from the WBF scale.

    What it does: when an event (events as for E101) holds a board in both
    rooms (PBN Room Open and Closed, LIN `qx` o and c) with both North-South
    scores (the Score, or else the Law 77 score of Contract, Declarer and
    Result), converts the difference to IMPs on the WBF scale and compares
    them with the IMPs the records state: PBN ScoreIMP (whole IMPs), or in a
    LIN teams match (`vg` scoring `I`) the board's `mp` entries (the first:
    IMPs won by the team sitting North-South in the open room; else the
    second: IMPs won by the other team).
    Why it matters: the IMPs decide the match; a difference means a wrong
    score in one room or a wrong conversion.
    Example: 9 IMPs where the WBF scale gives 10.

        [Event "Teams"]
        [Board "1"]
        [Room "Open"]
        [Score "NS 420"]

        [Event "Teams"]
        [Board "1"]
        [Room "Closed"]
        [Score "NS -50"]
        [ScoreIMP "EW 9"]

    Use instead: the open room's North-South team scored 420 and conceded 50
    in the closed room, 470 points: 10 IMPs.

        [Event "Teams"]
        [Board "1"]
        [Room "Open"]
        [Score "NS 420"]

        [Event "Teams"]
        [Board "1"]
        [Room "Closed"]
        [Score "NS -50"]
        [ScoreIMP "EW 10"]

    References: Law 78B; PBN §4.2 (ScoreIMP).
    """

    code, name, severity, law = "E104", "team-imps", "error", "Law 78B"
    stage = "event"

    @classmethod
    def check_rooms(cls, sighting: Sighting, room: str, ns: int | None, given: int | None,
                    given_at: Callable[[], Other] | None, other: Other) -> Finding | None:
        """E104 on ``sighting``, a board in one room, against its record in the other ``room`` (at ``other``):
        North-South's score there ``ns``, the IMPs given there ``given`` (at ``given_at()``, None: on the line of
        the IMPs here)."""
        here = sighting.ns
        if ns is None or here is None:
            return None
        difference = here - ns
        due = imps(difference)  # to North-South here
        scores = (f"North-South scored {here:+d} here and {ns:+d} in the {room.lower()} room "
                  f"at {other.at}")
        if sighting.imps is not None and sighting.imps != due:
            return _on(cls, f"North-South are given {sighting.imps:+d} IMPs, but {scores}: the difference, "
                            f"{difference:+d} points, is {due:+d} IMPs on the WBF scale", sighting,
                       sighting.imps_line, sighting.imps_column)
        if given is not None and given != -due and given_at is not None:
            return _on(cls, f"North-South in the {room.lower()} room are given {given:+d} IMPs at "
                            f"{given_at().at}, but {scores}: the difference, {-difference:+d} points to "
                            f"them, is {-due:+d} IMPs on the WBF scale", sighting)
        return None


class UncomparedBoard(Rule):
    """Nothing compared with the hand record: a board it lacks, or a hand record no record was compared with.

    What it does: with `--hand-record FILE` (or `hand-record = [...]` in
    the configuration), reports a played record with a whole deal whose
    board number no hand record holds (its deal was compared with
    nothing), a hand record none of whose boards any played record of the
    run could be compared with (once, at its first game), and a board that
    a second hand record holds again with the same deal (a second one with
    another deal is E101, naming both). A record without a whole deal gets
    no E105 of its own.
    Why it matters: an upload checked against the wrong hand record, or
    numbered differently (sessions whose numbers restart, boards 1-28
    uploaded as 29-56), passes E101 only because nothing was compared;
    saying so keeps silence from looking like a clean bill.
    Example: with `--hand-record handrecord.pbn` holding boards 1-24,
    an upload of board 25.

        [Event "Club night"]
        [Board "25"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

    Use instead: the hand record of the session the upload was played in,
    and the upload's board numbers as dealt.

        [Event "Club night"]
        [Board "24"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

    References: Law 87 (the director compares the boards with the hand record).
    """

    code, name, severity, law = "E105", "uncompared-board", "warning", "Law 87"
    stage = "event"

    @classmethod
    def check_unknown(cls, sighting: Sighting, hand_records: list[str]) -> Finding:
        """E105 on ``sighting``, a played record with a whole deal whose board no hand record holds."""
        return _on(cls, f"board {sighting.board} is in no hand record ({', '.join(hand_records)}): its deal was not "
                        "compared", sighting, sighting.deal_line, sighting.deal_column)

    @classmethod
    def check_again(cls, sighting: Sighting, other: Other) -> Finding:
        """E105 on ``sighting``, a hand record's board that an earlier hand record holds (at ``other``) with the
        same deal."""
        return _on(cls, f"board {sighting.board} is already in {other.at}: this one is not the reference", sighting,
                   sighting.deal_line, sighting.deal_column)

    @classmethod
    def check_hand_record(cls, compared: bool, line: int, column: int, game: int) -> Finding | None:
        """E105 at the first game (``line``, ``column``, ``game``) of a hand record, unless a played record of the
        run was ``compared`` with it."""
        if compared:
            return None
        return cls.finding("no record of the run was compared with this hand record: nothing was compared (do the "
                           "uploads number their boards as it does, and hold whole deals?)", line, column,
                           game=game or None)
    unshowable = "only a run with --hand-record fires it, and a snippet is checked alone; tests/test_event_rules.py " \
                 "shows it"


class ForeignUpload(Rule):
    """An upload that is not of the hand record: most of its boards differ from it.

    What it does: with `--hand-record FILE` (or `hand-record = [...]` in
    the configuration), reports an upload file at least 3 of whose board
    numbers compared with the hand record, and more than half of them,
    hold another deal than the hand record's. One finding for the file, at
    its first board compared, instead of an E101 on each board: it says how
    many boards differ, and when the upload's hands are the hand record's
    under a constant shift of the board numbers (`boards 1-18 here are the
    hand record's 19-36`: a session numbered from 1 that started at board
    19) or all turned by the same whole seats, it says so. Only the hands
    are compared for that: the dealer and the vulnerability follow the
    board number, and differ under a shift. Fewer boards differing are each
    an E101.
    Why it matters: when most boards of an upload differ, the tables did
    not play wrong boards one by one: the upload is of another session, is
    numbered from another start, or was written from other seats. An E101
    on every board hides that one cause, and the director has to check the
    upload against the right hand record, not foul every board.
    Example: with `--hand-record handrecord.pbn` holding boards 1-36, an
    upload whose boards 1-3 are the hand record's 19-21.

        [Event "Club night"]
        [Board "1"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

        [Event "Club night"]
        [Board "2"]
        [Deal "N:AKQJ.T98.765.432 765.432.AKQJ.T98 T98.765.432.AKQJ 432.AKQJ.T98.765"]
        [Contract "2C"]

        [Event "Club night"]
        [Board "3"]
        [Deal "N:AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98 T98.765.432.AKQJ"]
        [Contract "3D"]

    Use instead: the hand record of the session the upload was played in,
    or the upload's board numbers as the boards were dealt.

        [Event "Club night"]
        [Board "19"]
        [Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
        [Contract "1NT"]

    References: Law 87 (the director compares the boards with the hand record).
    """

    code, name, severity, law = "E106", "foreign-upload", "error", "Law 87"
    stage = "event"
    unshowable = "only a run with --hand-record fires it, and a snippet is checked alone; tests/test_event_rules.py " \
                 "shows it"
    LEAST = 3  # boards that differ, at the least

    @classmethod
    def fires(cls, differ: int, compared: int) -> bool:
        """Whether an upload with ``differ`` of its ``compared`` board numbers unlike the hand record's is not of
        it: at least :data:`LEAST`, and more than half."""
        return differ >= cls.LEAST and 2 * differ > compared

    @classmethod
    def check_upload(cls, differ: int, compared: int, hand_records: str, first: Sighting,
                     shifted: tuple[int, int, int] | None = None, seats: int | None = None) -> Finding | None:
        """E106 at the upload's ``first`` record compared, when ``differ`` of its ``compared`` board numbers are
        not the hand records' (named ``hand_records``); ``shifted``: the boards that differ are numbered ``low``
        to ``high`` and are the hand record's ``offset`` further on, (low, high, offset); ``seats``: they are all
        the hand record's turned that many seats."""
        if not cls.fires(differ, compared):
            return None
        message = (f"this upload is not of the hand record {hand_records}: {differ} of its {compared} boards "
                   f"compared differ from it")
        if shifted is not None:
            low, high, offset = shifted
            message += (f"; board {low} here is the hand record's {low + offset}" if low == high else
                        f"; boards {low}\u2013{high} here are the hand record's {low + offset}\u2013{high + offset}")
            message += " (the board numbers are shifted: check it against the session's numbers)"
        elif seats:
            message += f"; each is the hand record's {_TURNS[seats]} (the upload is written from other seats)"
        return _on(cls, message + "; no E101 is given on its boards", first, first.deal_line, first.deal_column)


def turned_together(dealer: str | None, vulnerable: str | None, seats: int, dealer_here: str | None,
                    vulnerable_here: str | None) -> bool:
    """Whether a board first dealt by ``dealer`` at ``vulnerable`` and seen again with its hands turned ``seats``
    seats has its dealer and vulnerability turned with them: the same board written from other seats (robot
    matches do).  The dealer must be known; a vulnerability not known on either side is not held against it."""
    if dealer is None or dealer_here is None or dealer_here != SEATS[(SEATS.index(dealer) + seats) % 4]:
        return False
    if vulnerable is None or vulnerable_here not in VULNERABILITIES:
        return True
    return vulnerable_here == turned_vulnerability(vulnerable, seats)


def place(table: str | None, room: str | None) -> str:
    """``table 3``, ``the open room``, ``table 3, open room``."""
    if table is not None:
        return f"table {table}" + (f", {room.lower()} room" if room else "")
    assert room is not None, "a place is a table, a room or both"  # only places with one are compared
    return f"the {room.lower()} room"


def _tables(n: int) -> str:
    return f"{n} table" + ("" if n == 1 else "s")


def _fouled(here: int, there: int, what: str, lead: str = "") -> str:
    """FouledBoard's message: the first cards that the two deals give to different players (``what``: the other
    deal, as ``handrecord.pbn:12`` or ``the deal most tables played``)."""
    turned_by = turn(here, there)
    if turned_by:
        return f"fouled board: {lead}{'the deal of ' + what if lead else what} {_TURNS[turned_by]}"
    moved = differences(here, there)
    first = moved[0]
    text = f"fouled board: {lead}{_moved(first)}, {SEAT_NAMES[first[2]]}'s in {what}"
    back = next((m for m in moved if m[1] == first[2]), None)  # a card that went the other way
    if back is not None:
        text += f"; {_moved(back)}, {SEAT_NAMES[back[2]]}'s there"
    return text + (f" ({len(moved)} cards differ)" if len(moved) > 2 else "")


def _moved(difference: tuple[str, str, str]) -> str:
    card, here, _ = difference
    return f"{card_name(card)} is {SEAT_NAMES[here]}'s here"


# a card played that its player did not hold in the deal as written: what the fouled deal gives, the play being
# right for the deal the table played (not known here: the event state keeps no play), so it goes beside E101
CardNotHeld.follows = ((FouledBoard.code, "game"),)

EVENT_RULES = (FouledBoard, DuplicatedDeal, RepeatedTable, TeamImps, UncomparedBoard, ForeignUpload)
EVENT_CODES = frozenset(rule.code for rule in EVENT_RULES)  # the codes the event state emits
