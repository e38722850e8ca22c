"""S — the syntax of the other formats: LIN (S120, S121), dealing-machine files (S150), USEBIO (S130, S131) and
Bridgemate BWS (S140), each worded from what its reader noted (``read``)."""

from __future__ import annotations

from typing import Callable, Iterator

from ..core.findings import Finding
from ..core.problems import Kind, Problem
from ..core.wording import counted, named
from .base import Rule, Worded


class MalformedLin(Rule):
    """Malformed LIN.

    What it does: reports LIN text that is not a `tag|value|` field: a field
    without its closing `|`, an empty tag name, text where a tag should be, and
    a claim (`mc`) that is not a number. `qx|o1,BOARD 1|` (a known BBO bug) is
    read as board 1 with a warning.
    Why it matters: LIN has no escapes; one missing `|` turns every later tag
    into a value and every value into a tag, and readers then disagree on the board.
    Example: a value without its closing `|`.

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o mb|p|mb|p|mb|p|mb|p|

    Use instead: two letters, `|`, the value, `|`.

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o|mb|p|mb|p|mb|p|mb|p|

    References: BBO handviewer LIN tokeniser (there is no published LIN specification).
    """

    code, name, severity, law = "S120", "malformed-lin", "error", "LIN"
    stage = "game"
    reads = frozenset((Kind.LIN_TEXT_AFTER_FIELDS, Kind.LIN_UNCLOSED_FIELD, Kind.LIN_NOT_A_TAG, Kind.LIN_QX_TEXT,
                       Kind.LIN_CLAIM))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        kind, facts, line, column = problem.kind, problem.facts, problem.line, problem.column
        if kind is Kind.LIN_QX_TEXT:  # read on: a warning
            yield cls.finding(f"qx '{facts[0]}' has text after the board number (a known BBO quirk): read as board "
                              f"{facts[1]}", line, column, severity="warning")
            return
        if kind is Kind.LIN_TEXT_AFTER_FIELDS:
            said = f"text after the last field: '{facts[0]}'"
        elif kind is Kind.LIN_UNCLOSED_FIELD:
            said = f"the '{facts[0]}' field has no closing '|'"
            said += f" before '{facts[1]}'" if len(facts) > 1 else ""
        elif kind is Kind.LIN_NOT_A_TAG:
            said = (f"'{facts[0]}' where a tag should be" if facts[0] else "an empty tag name") + \
                ": text between fields is ignored"
        else:
            said = f"claim '{facts[0]}' is not a number of tricks"
        yield cls.finding(said, line, column)
    severity_when = "warning for BBO's qx board quirk"


class UnknownLinTag(Rule):
    """Unknown LIN tag.

    What it does: warns on a field whose two-letter tag no known LIN writer or
    reader uses; the field is kept and ignored.
    Why it matters: it is often a typing error for a tag that counts (`mv` for
    `mb`), or a symptom of a lost `|` elsewhere.
    Example:

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o|mv|1S|mb|p|mb|p|mb|p|

    Use instead:

        md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|o|mb|1S|mb|p|mb|p|mb|p|

    References: BBO handviewer LIN commands.
    """

    code, name, severity, law = "S121", "unknown-lin-tag", "warning", "LIN"
    stage = "game"
    reads = frozenset((Kind.LIN_UNKNOWN_TAG,))

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        yield cls.finding(f"unknown LIN tag '{problem.facts[0].lower()}': kept and ignored", problem.line,
                          problem.column)


def _more(more: int) -> str:
    """The codes out of range on a board past the first, counted."""
    return f" (and {more} more on this board)" if more else ""


def _shown(data: bytes) -> str:
    """Bytes as a message shows them: printable ASCII as it is, other bytes as <0xNN>."""
    return "".join(chr(byte) if 0x20 <= byte < 0x7F else f"<0x{byte:02X}>" for byte in data)


def _checksum(board: int | None, written: str, due: tuple[int, ...]) -> str:
    what = "the file" if board is None else f"board {board}"
    return f"the checksum of {what} is {written or 'empty'}, not {' or '.join(map(str, due))}"


_DUP_NUMBERS = {"copies": ("copies of each board", "no number"), "lowest": ("lowest board", "no board number"),
                "highest": ("highest board", "no number")}  # a DUP trailer's numbers: what each is, what it is not

# S150: each kind a dealing file's reader notes, in words (the facts are the kind's, in order)
_DEALING_WORDS: dict[Kind, Callable[..., str]] = {
    Kind.DEALING_LEFT_OVER: lambda left, size: (f"the file does not end on a whole board: {counted(left, 'byte')} "
                                                f"left over where a board takes {size}"),
    Kind.DEALING_CHECKSUM: _checksum,
    Kind.DLM_BOARD_TWICE: lambda number, first: f"board {number} is written twice (first at line {first}): the "
                                                "first is read",
    Kind.DLM_BOARD_RANGE: lambda low, high, last: f"the boards From {low} To {high} are no range of boards 1 to {last}",
    Kind.DLM_NO_CHECKSUM: lambda: "the file has no Checksum",
    Kind.DLM_MISSING_BOARDS: lambda first, more, low, high: (
        f"board {first} of the session (From {low} To {high}) is not in the file"
        + (f", nor {more} more" if more else "")),
    Kind.DLM_HEADER_NUMBER: lambda key, written: (f"the file's {key.capitalize()} is "
                                                  f"{'missing' if written is None else 'no number'}"),
    Kind.DLM_CARD_LETTER: lambda letter: f"card code \"{letter}\" is out of range: the letters are a to p",
    Kind.DLM_BOARD_VALUE: lambda letters, text: f"a board is {letters} letters and a 3-digit checksum, not \"{text}\"",
    Kind.BER_SEAT_DIGIT: lambda char, more: f"card code out of range: \"{char}\" is no seat 1 to 4{_more(more)}",
    Kind.BHG_CARD_LETTER: lambda char, more: (f"card code out of range: \"{char}\" is no letter A to Z or a to z"
                                              f"{_more(more)}"),
    Kind.BHG_LINE_LENGTH: lambda due, held: f"a board is {due} letters, this line holds {held}",
    Kind.RZD_BOARD_COUNT: lambda said, held: (f"the header says {said if said is not None else 'no number of'} "
                                              f"boards, the file holds {held}"),
    Kind.CDS_BOARD_ZERO: lambda: "board number 0: the board is numbered by its place",
    Kind.BRI_CARD_NUMBER: lambda code, more: f"card code \"{code}\" is out of range: a card is 01 to 52{_more(more)}",
    Kind.BRI_LINE_LENGTH: lambda due, held: f"a BRI line holds {due} digits, this one {held}",
    Kind.DGE_SUIT_BYTE: lambda byte, due: (f"suit byte 0x{byte:02X} where {'no suit' if due is None else 'the ' + due} "
                                           "symbol is due: each hand is ♠ ♥ ♦ ♣, four times"),
    Kind.DGE_BYTE: lambda byte, first: (f"byte 0x{byte:02X} is out of range: neither a rank nor a suit symbol is due "
                                        f"{'before the first suit symbol' if first else 'here'}"),
    Kind.DGE_SUIT_COUNT: lambda symbols, due: f"{symbols} suit symbols where {due} are due",
    Kind.DUP_NO_TRAILER: lambda: "board 1 has no trailer (ten NULs or none): the range of boards is not given",
    Kind.DUP_TRAILER_FLAG: lambda name, flag: f"the trailer's {name} flag is \"{_shown(flag)}\", not Y or N",
    Kind.DUP_TRAILER_NUMBER: lambda field, written: (f"the trailer's {_DUP_NUMBERS[field][0]} \"{_shown(written)}\" "
                                                     f"is {_DUP_NUMBERS[field][1]}"),
    Kind.DUP_TRAILER_ORDER: lambda low, high: f"the trailer's highest board {high} is below its lowest {low}",
    Kind.DUP_TRAILER_COPY: lambda trailer, first: (f"the trailer \"{_shown(trailer)}\" is neither ten NULs nor "
                                                   f"board 1's (\"{_shown(first)}\")"),
    Kind.DUP_TRAILER_RANGE: lambda lowest, highest, held: (f"the trailer says boards {lowest} to {highest}, "
                                                           f"{highest - lowest + 1} boards; the file holds {held}"),
    Kind.DUP_DGE_DEAL: lambda dge, bri: f"the DGE part deals {dge}, the BRI part {bri}",
}

# what each element's value is to be, as S130 says of one that is not (a TRAVELLER_LINE's, a PAIR's, a BOARD's)
_USEBIO_VALUES = {
    "NS_PAIR_NUMBER": "a pair number", "EW_PAIR_NUMBER": "a pair number",
    "CONTRACT": "a contract (4S, 3NTX, 5Dxx, PASS, NP)", "PLAYED_BY": "a seat (N, E, S, W)",
    "TRICKS": "a number of tricks (0-13)", "LEAD": "a card (TD or DT)",
    "SCORE": "a score (420, -50) or an artificial one (A6040)", "BOARD_AVERAGE": "a score",
    **dict.fromkeys(("NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS",
                     "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "NS_IMPS", "EW_IMPS", "BOARDS_PLAYED",
                     "TOTAL_SCORE", "PERCENTAGE"), "a number")}

# S130: each kind of USEBIO the reader could not read, in words
_USEBIO_MALFORMED: dict[Kind, Callable[..., str]] = {
    Kind.USEBIO_INTERNAL_SUBSET: lambda: ("the DOCTYPE has an internal subset: its declarations are not read "
                                          "(USEBIO needs none)"),
    Kind.USEBIO_ENTITY: lambda name: (f"the DOCTYPE declares the entity '{name}': entities are never expanded nor "
                                      "fetched, and the file is not read further"),
    Kind.USEBIO_NOT_WELL_FORMED: lambda error: f"not well-formed XML: {error}; what was read before is checked",
    Kind.USEBIO_ROOT: lambda name: f"the root element is {name}, not USEBIO: not a USEBIO file",
    Kind.USEBIO_MISPLACED_ELEMENT: lambda name, parent: f"element {name} does not belong in {parent}: not read",
    Kind.USEBIO_HAND_DIRECTION: lambda direction: f"HAND DIRECTION \"{direction}\" is no seat (North, East, South, "
                                                  "West)",
    Kind.USEBIO_HAND_RANKS: lambda suit, ranks, direction: (f"{suit} \"{ranks}\" of {direction} holds what is no "
                                                            "rank (AKQJT98765432): the hand is not read"),
    Kind.USEBIO_VALUE: lambda element, text: f"{element} \"{text}\" is not {_USEBIO_VALUES[element]}",
    Kind.USEBIO_NO_PAIR_NUMBER: lambda: "PAIR has no PAIR_NUMBER",
}

# S131: each kind of USEBIO the reader does not know, in words
_USEBIO_UNKNOWN: dict[Kind, Callable[..., str]] = {
    Kind.USEBIO_VERSION: lambda version: f"USEBIO Version \"{version}\" is none of 1.0, 1.2, 1.3",
    Kind.USEBIO_UNKNOWN_ELEMENT: lambda name: f"element {name} is not USEBIO's: kept, not read",
    Kind.USEBIO_UNKNOWN_ATTRIBUTE: lambda name, element: (f"attribute {name} of {element} is not USEBIO's: kept, "
                                                           "not read"),
    Kind.USEBIO_EVENT_TYPE: lambda value, element: (f"EVENT_TYPE \"{value}\" of {element} is none that USEBIO "
                                                    "defines: its scoring is not guessed"),
    Kind.USEBIO_DATE: lambda text: f"DATE \"{text}\" is neither dd/mm/yyyy nor yyyy-mm-dd: not read",
    Kind.USEBIO_VULNERABILITY: lambda text: (f"VULNERABILITY \"{text}\" is none of Love, North-South, East-West, "
                                             "All: the board number's is taken"),
    Kind.USEBIO_PLACE: lambda text: f"PLACE \"{text}\" is no place: not read",
}



# S140: each kind of a BWS the reader could not read, in words; a ReceivedData row's named by its ID
_BWS_WORDS: dict[Kind, Callable[..., str]] = {
    Kind.BWS_TOO_LARGE: lambda megabytes: f"the file is over {megabytes} MB: not read as a BWS",
    Kind.BWS_NO_EXTRA: lambda install: f"reading a Bridgemate BWS needs the bws extra: {install}",
    Kind.BWS_NOT_ACCESS: lambda error: f"not an Access database that can be read: {named(error)}",
    Kind.BWS_NO_TABLE: lambda table: f"the BWS has no {table} table, which every BWS holds; the rest is checked",
    Kind.BWS_TABLE: lambda table, error: f"table {table} cannot be read: {named(error)}",
    Kind.BWS_ROW_PLACE: lambda row, columns: f"ReceivedData row {row}: {', '.join(columns)} is not a number",
    Kind.BWS_NO_CONTRACT: lambda row: f"ReceivedData row {row}: no Contract, and Remarks gives no artificial score",
    Kind.BWS_CONTRACT: lambda row, written: (f"ReceivedData row {row}: Contract {written!r} is not a contract (`4 S`, "
                                             "`3 NT x`, `PASS`)"),
    Kind.BWS_SEAT: lambda row, written: f"ReceivedData row {row}: NS/EW {written!r} is not a seat (N, E, S, W)",
    Kind.BWS_DECLARER: lambda row, declarer, ns, ew: (
        f"ReceivedData row {row}: Declarer pair {declarer} is neither pair of the row (North-South {ns}, East-West "
        f"{ew}): who declared cannot be told"),
    Kind.BWS_RESULT: lambda row, written, level: (f"ReceivedData row {row}: Result {written!r} is not a result of "
                                                  f"{level} (`=`, `+1`, `-2`, from 0 to 13 tricks)"),
    Kind.BWS_LEAD: lambda row, written: f"ReceivedData row {row}: LeadCard {written!r} is not a card (`S10`, `HA`)",
    Kind.BWS_TRICK_COUNT: lambda: ("HandEvaluation: a trick count that is not 0-13; the board's double dummy tricks "
                                   "are not read"),
}


class MalformedDealingFile(Worded):
    """Malformed dealing-machine file.

    What it does: reports a dealing machine's file (DUP, DLM, BRI, DGE, and
    BER, BHG, RZD, CDS) that is not as its format says: a length that is not
    whole boards, a DLM checksum (of a board or of the file) that does not
    match, a DLM whose boards From..To are not all there, a DUP trailer whose
    board range or copies contradict the boards held or whose DGE part is not
    its BRI part's deal, a card code out of range. A hand of other than 13
    cards or a card dealt twice is D103 or D104, as in any deal; the boards
    that can be read are still checked.
    Why it matters: the machine refuses the file or deals other boards than
    the hand record shows, and the boards played are not the published ones.
    Example: a DLM board whose checksum is not the board number XOR its letters.

        [Document]
        Status=Show
        Duplicates=1
        From board=1
        To board=1
        Checksum=000
        Board 01=fokfapmnnkpbcfibeooicpgahi023

    Use instead: the checksum of the board's letters (the file written again by the dealing program).

        [Document]
        Status=Show
        Duplicates=1
        From board=1
        To board=1
        Checksum=000
        Board 01=fokfapmnnkpbcfibeooicpgahi022

    References: the DUP, BRI and DGE layouts as Duplimate documents them; DLM as Dealer4 and Duplimate write
    it (dealing.md in the specification).
    """

    code, name, severity, law = "S150", "malformed-dealing-file", "error", None
    stage = "game"
    words = _DEALING_WORDS


class MalformedUsebio(Worded):
    """Malformed USEBIO file.

    What it does: reports a USEBIO (results XML) file that cannot be read as
    written: XML that is not well-formed (at the place the parser stopped;
    what was read before is still checked), a root that is not `USEBIO`, a
    known element where the element tree has none, a CONTRACT, PLAYED_BY,
    LEAD, TRICKS, SCORE or pair number that cannot be read, a card that is no
    rank in a HANDSET hand. A DOCTYPE with an internal subset is reported, and
    an entity declaration stops the reading there: a DTD is never fetched and
    no entity is ever expanded, so an entity bomb or an external entity
    (a local file, a URL) costs nothing and reads nothing.
    Why it matters: the federations' masterpoint and grading imports take the
    file as it is; a value they cannot read loses a result or the whole
    session, and entities are the way an XML file attacks the program that
    reads it.
    Example: a contract of level 8.

        <USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>8S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
        </BOARD></EVENT></USEBIO>

    Use instead:

        <USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
        </BOARD></EVENT></USEBIO>

    References: USEBIO 1.2 and 1.3 (usebio.org); XML 1.0 §2.8, §4.2.
    """

    code, name, severity, law = "S130", "malformed-usebio", "error", "USEBIO"
    stage = "game"
    words = _USEBIO_MALFORMED


class UnknownUsebio(Worded):
    """USEBIO element, attribute or value not known.

    What it does: warns on an element or attribute that no version of USEBIO
    (1.2, 1.3, and the forms real programs write) defines, and on a value
    outside the forms real files hold (an EVENT_TYPE no version defines, a
    DATE that is neither `dd/mm/yyyy` nor ISO, a PLACE that is no number).
    The element is kept and never guessed at: its content is not read.
    Why it matters: it is often a typing error for an element that counts, or
    a program's own extension that the federations' imports ignore, so
    something the file means to say is lost.
    Example:

        <USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <BOARD_DATUM>420</BOARD_DATUM></BOARD></EVENT></USEBIO>

    Use instead:

        <USEBIO Version="1.2"><EVENT EVENT_TYPE="BUTLER_PAIRS"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
        <BOARD_AVERAGE>420</BOARD_AVERAGE></BOARD></EVENT></USEBIO>

    References: USEBIO 1.2 and 1.3 (usebio.org).
    """

    code, name, severity, law = "S131", "unknown-usebio", "warning", "USEBIO"
    stage = "game"
    words = _USEBIO_UNKNOWN


class UnreadableBws(Worded):
    """Unreadable Bridgemate BWS.

    What it does: reports a Bridgemate scoring file (BWS, an Access database
    that the Bridgemate software and the scoring program share) that cannot be
    read as one: not an Access database, a table that a BWS must have
    (ReceivedData, RoundData) missing or unreadable, a row whose value is not
    of the form BWS writes (a Contract of `4 S x`, a Result of `=` or `+1`, a
    seat N E S W, a lead of `S10`) or whose declaring pair is neither pair of
    the row — naming the table and the row. Every
    readable table and row is still checked. Reading a BWS needs the `bws`
    extra (`pip install 'bridgelint[bws]'`); without it, a BWS is this one
    finding, saying so.
    Why it matters: a damaged session file loses results silently: the
    scoring program skips what it cannot read, and the pairs' scores change.
    Example: a file that says it is an Access database and is cut short.

        <0x00><0x01><0x00><0x00>Standard Jet DB<0x00>

    Use instead: the session's file as the scoring program wrote it; or its
    results exported as PBN:

        [Board "1"]
        [ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
        1 2 4S N 10

    References: Bridgemate BWS tables (bws.md); Law 79.
    """

    code, name, severity, law = "S140", "unreadable-bws", "error", None
    stage = "game"
    words = _BWS_WORDS
