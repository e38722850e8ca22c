"""E — event rules: boards compared across the records of an event (Laws 6, 15, 78B, 87).

These rules have no ``check``: a record alone cannot break them.  The event
state (:mod:`bridgelint.events`) compares each record with the earlier records
of its event (E102-E104: on the later record, naming the earlier one) or with
the board's reference deal (E101).  How events are formed and what the
reference deal is are part of FouledBoard's documentation.
"""

from __future__ import annotations

from .base import Rule


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
    records of one file are one event when their Event, Site, Date, Section,
    Stage, HomeTeam and VisitTeam tags are equal (a tag that is absent, empty
    or `?` equals an absent one, and a tag a game does not write is carried
    from the game before it in the file); the LIN boards of a file are one
    event, the match its `vg` header names. With `--across-files`
    (`across-files = true`) the whole run is the scope: records of any file
    with equal tags are one event, a LIN match being the event "event,
    segment" of its `vg` header with its two teams (as `bridgelint convert`
    writes it). Only whole deals are compared: partial deals, hidden hands
    (`-`), `?` deals and end positions are not. Hands and dealer turned
    together are the same board written from other seats (robot matches do
    this); hands turned alone are a fouled board. Sessions whose board
    numbers restart are one event when their tags are equal: check them one
    session at a time.
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
    needs_a_person = True  # no fix: the game is left as it is by --fix


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


class RepeatedTable(Rule):
    """The same board at the same table or room twice.

    What it does: reports a record of a board at a table (PBN Table) or room
    (PBN Room, LIN `qx` o/c) that already has a record of that board in the
    same event (events as for E101), and says whether the two are identical
    (deal, auction, play, contract, result and score the same, layout and
    comments aside: the same upload twice) or give two results (`4S= by
    North here, 3NT-1 by East at line 120`). Records that name neither a
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
    unshowable = "only a run with --hand-record fires it, and a snippet is checked alone; tests/test_event_rules.py " \
                 "shows it"


EVENT_RULES = (FouledBoard, DuplicatedDeal, RepeatedTable, TeamImps, UncomparedBoard)
EVENT_CODES = frozenset(rule.code for rule in EVENT_RULES)  # the codes the event state emits
