"""The USEBIO reader (the results XML of the EBU, ABF and NZ clubs, 1.2 and 1.3): one record per BOARD.

The file is parsed with the standard library's expat, which never fetches a DTD: parameter entities are not
parsed, and an entity declaration stops the reading (S130) before anything could be expanded, so an entity
bomb or an external entity (a local file, a URL) costs nothing and reads nothing.  What was read before a place
where the XML is not well-formed is still checked.  A file with no encoding declaration that is not UTF-8 is
read as Windows-1252 (S114).

Each BOARD (under EVENT, SECTION or MATCH) becomes a record in the PBN model: Event, Site, Date, Board, the
Dealer and Vulnerable of its number (Law 2; a BOARD's VULNERABILITY where the file gives one), the Deal of its
own HANDs or else of its HANDSET board, a Scoring tag from the EVENT_TYPE (or the points its lines are written
in), and its TRAVELLER_LINEs as a ScoreTable of PBN cells, each at its element's line and column; the lines of
one board number in several SECTIONs make one traveller.  PARTICIPANTS become the TotalScoreTable of the first
record.  So the traveller and standings checks (T105, T106, R101-R106, V101-V104) read a USEBIO file as they
read a PBN one; an artificial line's matchpoints are checked against its ``A6040`` percentages here (T106).
Pair numbers are kept as written (``1 NS``, ``8``, ``(A) 1 NS``) and matched verbatim; elements and values the
format does not know are S131 and are never guessed at (usebio.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import BinaryIO, Callable, Iterator

from ..core import bridge
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tables import Table
from ..core.tags import Tag
from .base import Plain, guarded
from .pbn_header import interpret_header
from .text import code_page_problem

_SNIFF = re.compile(rb"\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*(?:<!DOCTYPE\s+USEBIO|<USEBIO[\s>])", re.DOTALL)
_DECLARED = re.compile(rb"<\?xml[^>]*\bencoding\s*=", re.IGNORECASE)


def looks_like_usebio(head: bytes) -> bool:
    """Whether a file starts as USEBIO: an XML declaration, comments, then a USEBIO DOCTYPE or root."""
    return _SNIFF.match(head.removeprefix(b"\xef\xbb\xbf")) is not None


# --- the element tree (usebio.md §3: what 1.2, 1.3 and real programs write) ----------------------------------

_EVENT_HEADER = ("PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_IDENTIFIER", "EVENT_ID", "EVENT_DESCRIPTION", "TITLE",
                 "DATE", "VENUE", "WINNER_TYPE", "BOARDS_PLAYED", "BOARDS_PER_ROUND", "PAIRS", "EW_PAIRS",
                 "MASTER_POINT_SCALE", "EVENT_RATING", "MASTER_POINT_TYPE", "MPS_AWARDED_FLAG", "SESSION_COUNT",
                 "SECTION_COUNT", "P2P_CHARGE_RATE", "EBU_CHARGE_CODE", "SCORING_METHOD", "BOARD_SCORING_METHOD",
                 "MATCH_SCORING_METHOD", "CONTACT", "STRATIFICATION")
_POINTS = ("NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS",
           "EW_CROSS_IMP_POINTS", "NS_IMPS", "EW_IMPS")
CHILDREN: dict[str, frozenset[str]] = {name: frozenset(children) for name, children in {
    "USEBIO": ("CLUB", "EVENT", "HANDSET"),
    "CLUB": ("CLUB_NAME", "CLUB_ID_NUMBER"),
    "EVENT": (*_EVENT_HEADER, "PARTICIPANTS", "SESSION", "SECTION", "BOARD", "MATCH"),
    "CONTACT": ("FULL_NAME", "SCORER", "TELEPHONE", "EMAIL"),
    "STRATIFICATION": ("STRATIFICATION_TYPE", "STRATS"),
    "STRATS": ("STRAT",),
    "STRAT": ("STRAT_NUMBER", "STRAT_LABEL", "UPPER_LIMIT", "NUMBER_OF_PAIRS"),
    "PARTICIPANTS": ("PAIR", "TEAM", "PLAYER"),
    "PAIR": ("PAIR_NUMBER", "DIRECTION", "BOARDS_PLAYED", "TOTAL_SCORE", "PERCENTAGE", "PLACE",
             "MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE", "MASTER_POINTS", "HANDICAP", "ADJUSTMENT", "STRAT_PLACE",
             "STRAT_NUMBER", "WINS_OR_DRAWS", "PLAYER"),
    "MASTER_POINTS": ("MASTER_POINTS_AWARDED", "MASTER_POINT_TYPE"),
    "PLAYER": ("PLAYER_NAME", "NATIONAL_ID_NUMBER", "CLUB_ID_NUMBER", "PLAYER_NUMBER"),
    "TEAM": ("TOTAL_SCORE", "PLACE", "WINS_OR_DRAWS", "PAIR", "PLAYER"),
    "SESSION": ("SECTION",),
    "SECTION": ("PARTICIPANTS", "BOARD", "MATCH"),
    "BOARD": ("BOARD_NUMBER", "BOARD_AVERAGE", "IMPS", "VULNERABILITY", "HAND", "TRAVELLER_LINE"),
    "HAND": ("DIRECTION", "SPADES", "HEARTS", "DIAMONDS", "CLUBS"),
    "TRAVELLER_LINE": ("DIRECTION", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS",
                       "SCORE", *_POINTS),
    "MATCH": ("ROUND_NUMBER", "TEAM", "OPPOSING_TEAM", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "START_BOARD_NUMBER",
              "END_BOARD_NUMBER", "TEAM_SCORE", "OPPOSING_TEAM_SCORE", "NS_SCORE", "EW_SCORE", "TEAM_VICTORY_POINTS",
              "OPPOSING_TEAM_VICTORY_POINTS", "NS_VICTORY_POINTS", "EW_VICTORY_POINTS", "BOARD"),
    "HANDSET": ("BOARD",),
}.items()}
KNOWN = frozenset(CHILDREN).union(*CHILDREN.values())
_LEAF: frozenset[str] = frozenset()  # what an element holding text only allows
ATTRIBUTES = {"USEBIO": frozenset(("Version",)), "EVENT": frozenset(("EVENT_TYPE",)),
              "PARTICIPANTS": frozenset(("EVENT_TYPE",)), "BOARD": frozenset(("EVENT_TYPE",)),
              "SESSION": frozenset(("SESSION_ID",)), "SECTION": frozenset(("SECTION_ID",)),
              "TEAM": frozenset(("TEAM_ID", "TEAM_NAME")), "NUMBER_OF_PAIRS": frozenset(("DIRECTION",))}
VERSIONS = frozenset(("1.0", "1.2", "1.3"))
EVENT_TYPES = frozenset(("MP_PAIRS", "BUTLER_PAIRS", "CROSS_IMP", "CROSS_IMPS", "SWISS_PAIRS_CROSS_IMPS",
                         "SWISS_PAIRS_BUTLER_IMPS", "AGGREGATE", "KO", "LADDER", "TEAMS_OF_FOUR", "INDIVIDUAL",
                         "SWISS_PAIRS", "SWISS_TEAMS", "PAIRS", "TEAMS"))
# the PBN Scoring of an event type, or of a PAIRS event's BOARD_SCORING_METHOD (usebio.md §4, §6: matchpoints two
# a score beaten; Compscore's Butler datum leaves out one highest and one lowest score; cross-IMPs over n - 1)
_SCORING = {"MP_PAIRS": "MP;MP1", "MATCH_POINTS": "MP;MP1", "BUTLER_PAIRS": "IMP;Butler-2",
            "BUTLER_IMPS": "IMP;Butler-2", "SWISS_PAIRS_BUTLER_IMPS": "IMP;Butler-2", "CROSS_IMP": "IMP;Cross2",
            "CROSS_IMPS": "IMP;Cross2", "SWISS_PAIRS_CROSS_IMPS": "IMP;Cross2",
            "BUTLER_POINTS": "IMP;Butler-2", "CROSS_IMP_POINTS": "IMP;Cross2"}  # and by the points written
_POINT_COLUMNS = {"MATCH_POINTS": "MP", "BUTLER_POINTS": "IMP", "CROSS_IMP_POINTS": "IMP", "IMPS": "IMP"}
_SEATS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W", "N": "N", "E": "E", "S": "S", "W": "W"}
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")  # in the order of a PBN hand
_VULNERABILITY = {"LOVE": "None", "NONE": "None", "NORTH-SOUTH": "NS", "NS": "NS", "EAST-WEST": "EW", "EW": "EW",
                  "ALL": "All", "BOTH": "All"}
_CONTRACT = re.compile(r"([1-7])(NT|N|[CDHS])(XX|X)?", re.IGNORECASE)
_ARTIFICIAL = re.compile(r"A([0-9]{2})([0-9]{2})")
_SCORE = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_DATE = re.compile(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})|([0-9]{4})-([0-9]{2})-([0-9]{2})")
_PLACE = re.compile(r"([0-9]+)=?")


_NO_CHILDREN: list = []  # shared by the elements without children: never added to


class _Node:
    """An element: its name, attributes, text and children, where it starts (1-based line and column)."""

    __slots__ = ("name", "attrs", "line", "column", "children", "written", "_named", "allowed")

    def __init__(self, name: str, attrs: dict[str, str], line: int, column: int, allowed: frozenset[str] | None):
        self.name, self.attrs, self.line, self.column = name, attrs, line, column
        # the children USEBIO's tree allows it; None: not an element of the tree, or within one that is not (the
        # content of such an element is not read)
        self.allowed = allowed
        self.children: list[_Node] = _NO_CHILDREN  # a list of its own from the first child on
        self.written = ""  # its text, as the parser gives it
        self._named: dict[str, _Node] | None = None

    @property
    def text(self) -> str:
        return self.written.strip()

    def child(self, name: str) -> _Node | None:
        """The first child of that name, or None (the children by name are worked out once)."""
        named = self._named
        if named is None:
            named = self._named = {}
            for node in self.children:
                named.setdefault(node.name, node)
        return named.get(name)

    def value(self, name: str) -> str | None:
        """The text of the first child of that name; None when there is none."""
        node = self.child(name)
        return node.text if node is not None else None

    def all(self, name: str) -> list[_Node]:
        return [node for node in self.children if node.name == name]


class _Refused(Exception):
    """Raised inside the parser to stop it at an entity declaration."""


def _undeclared(data: bytes, encoding: str | None, problems: list[Problem]) -> tuple[bytes, str | None]:
    """The file's bytes as the parser is to read them, and the encoding it is to read them in (None: as the file
    declares, else UTF-8).  Text that declares no encoding and is not UTF-8 is read in ``encoding``, by default
    as Windows-1252, its first byte that is not UTF-8 noted in ``problems`` (XML 1.0 §4.3.3)."""
    if _DECLARED.match(data[:512].lstrip()) is not None or data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data, None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if encoding is None:
            first = error.start
            line = data.count(b"\n", 0, first) + 1
            column = first - data.rfind(b"\n", 0, first)
            byte = data[first]
            problems.append(code_page_problem(("Windows-1252", byte, bytes([byte]).decode("cp1252", "replace"),
                                               line, column), "usebio"))
        return data.decode(encoding or "cp1252", "replace").encode("utf-8"), "UTF-8"
    return data, None


def parse(data: bytes, encoding: str | None, problems: list[Problem]) -> _Node | None:
    """The element tree of ``data`` as far as it is well-formed (None: no root element); the problems of the file
    (XML not well-formed, an entity refused, a Windows code page, elements and attributes not USEBIO's) to
    ``problems``.  ``encoding``: the one to read text in that declares none and is not UTF-8."""
    from xml.parsers import expat  # here: a check of PBN or LIN files does not pay for importing it

    data, override = _undeclared(data, encoding, problems)
    parser = expat.ParserCreate(override)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    stack: list[_Node] = []
    roots: list[_Node] = []

    def where() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def start(name: str, attrs: dict[str, str]) -> None:
        if stack:
            parent = stack[-1]
            allowed = parent.allowed
            node = _Node(name, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1,
                         None if allowed is None or name not in KNOWN else CHILDREN.get(name, _LEAF))
            if parent.children:
                parent.children.append(node)
            else:
                parent.children = [node]
            if allowed is not None and name not in allowed:
                problems.append(_misplaced(node, parent))
        else:
            node = _Node(name, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1,
                         CHILDREN["USEBIO"] if name == "USEBIO" else None)
            roots.append(node)
        if attrs and node.allowed is not None:
            problems.extend(_unknown_attributes(node))
        stack.append(node)

    def end(name: str) -> None:
        stack.pop()

    def text(data: str) -> None:  # expat reports no text outside the root
        stack[-1].written += data

    def doctype(name: str, system: str | None, public: str | None, internal: int) -> None:
        if internal:
            problems.append(Problem(Kind.USEBIO_INTERNAL_SUBSET, *where()))

    def entity(name: str, *rest: object) -> None:
        problems.append(Problem(Kind.USEBIO_ENTITY, *where(), (name,)))
        raise _Refused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        problems.append(Problem(Kind.USEBIO_NOT_WELL_FORMED, error.lineno, error.offset + 1,
                                (expat.ErrorString(error.code),)))
    except _Refused:
        pass
    return roots[0] if roots else None


# --- from elements to records ---------------------------------------------------------------------------------

class _Found:
    """Where the problems of what is being read go (the file's, a record's), noted at an element's place."""

    __slots__ = ("problems",)

    def __init__(self, problems: list[Problem]):
        self.problems = problems

    def note(self, node: _Node, kind: Kind, *facts: object) -> None:
        self.problems.append(Problem(kind, node.line, node.column, facts))


@dataclass
class _Event:
    """What every board of an EVENT shares: its tags, the method of its points, its deals."""

    tags: list[Tag]
    scoring: str | None
    deals: dict[int, _Node]  # the HANDSET boards by number


class UsebioReader(Plain):
    """Reads a USEBIO file; see the module docstring."""

    format = "usebio"

    def __init__(self, stream: BinaryIO, path: str, encoding: str | None = None,
                 lone_cr: Callable[[int], bool] | None = None):
        self.stream = stream
        self.path = path
        self.encoding = encoding
        self.file_problems: list[Problem] = []

    def __iter__(self) -> Iterator[Record]:
        problems = self.file_problems
        root = parse(self.stream.read(), self.encoding, problems)
        games = 0
        if root is not None and root.name != "USEBIO":
            problems.append(Problem(Kind.USEBIO_ROOT, root.line, root.column, (root.name,)))
        elif root is not None:
            version = root.attrs.get("Version")
            if version is not None and version not in VERSIONS:
                problems.append(Problem(Kind.USEBIO_VERSION, root.line, root.column, (version,)))
            deals = {number: board for handset in root.all("HANDSET") for board in handset.all("BOARD")
                     if (number := bridge.board_int(board.value("BOARD_NUMBER"))) is not None}
            club = root.child("CLUB")
            for event_node in root.all("EVENT"):
                event = _event(event_node, club, deals, _Found(problems))
                boards = _played(event_node)
                ranking = _ranking(event_node, event, _Found(problems)) if boards else None
                for board, lines in boards:
                    games += 1
                    record = guarded(_record, "usebio", games, board.line, board, lines, event, games)
                    if ranking is not None:
                        record.tables[ranking.name] = ranking
                        ranking = None
                    yield record
        if not games:
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, ("usebio",)))


def _misplaced(node: _Node, parent: _Node) -> Problem:
    """An element not known (its content is not read), or a known one where its parent has none."""
    if node.allowed is None:
        return Problem(Kind.USEBIO_UNKNOWN_ELEMENT, node.line, node.column, (node.name,))
    return Problem(Kind.USEBIO_MISPLACED_ELEMENT, node.line, node.column, (node.name, parent.name))


def _unknown_attributes(node: _Node) -> list[Problem]:
    """Each attribute USEBIO does not define on the element, and an EVENT_TYPE no version defines."""
    allowed = ATTRIBUTES.get(node.name, frozenset())
    found = [Problem(Kind.USEBIO_UNKNOWN_ATTRIBUTE, node.line, node.column, (name, node.name))
             for name in node.attrs if name not in allowed]
    kind = node.attrs.get("EVENT_TYPE", "").strip()
    if kind and kind.upper() not in EVENT_TYPES and "EVENT_TYPE" in allowed:
        found.append(Problem(Kind.USEBIO_EVENT_TYPE, node.line, node.column, (kind, node.name)))
    return found


def _event(node: _Node, club: _Node | None, deals: dict[int, _Node], found: _Found) -> _Event:
    """The tags every board of the event carries, and its scoring."""
    event = _Event([], None, deals)
    kind = node.attrs.get("EVENT_TYPE", "").strip()  # one no version defines is S131 (_unknown_attributes)
    method = node.value("BOARD_SCORING_METHOD")
    event.scoring = _SCORING.get(kind.upper()) or _SCORING.get((method or "").strip().upper().replace(" ", "_"))
    if event.scoring is None:  # a generic PAIRS event: the points its travellers are written in say it
        written = {element.name[3:] for board, _ in _boards(node) for line in board.all("TRAVELLER_LINE")
                   for element in line.children if element.name in _POINTS}
        event.scoring = _SCORING.get(written.pop()) if len(written) == 1 else None
    name = node.child("EVENT_DESCRIPTION") or node.child("TITLE")
    if name is not None and name.text:
        event.tags.append(_tag("Event", name.text, name))
    site = club.child("CLUB_NAME") if club is not None else None
    if site is not None and site.text:
        event.tags.append(_tag("Site", site.text, site))
    date = node.child("DATE")
    if date is not None and date.text:
        m = _DATE.fullmatch(date.text)
        if m is None:
            found.note(date, Kind.USEBIO_DATE, date.text)
        else:
            day, month, year = (m.group(1), m.group(2), m.group(3)) if m.group(3) else (m.group(6), m.group(5),
                                                                                       m.group(4))
            event.tags.append(_tag("Date", f"{year}.{int(month):02d}.{int(day):02d}", date))
    if event.scoring is not None:
        event.tags.append(_tag("Scoring", event.scoring, node))
    return event


def _tag(name: str, value: str, node: _Node) -> Tag:
    return Tag(name, value, node.line, node.column, as_written=False)


def _boards(event: _Node, in_match: bool = False) -> Iterator[tuple[_Node, bool]]:
    """The event's BOARDs, under EVENT, a SECTION (of a SESSION) or a MATCH, in file order; whether in a MATCH."""
    for node in event.children:
        if node.name == "BOARD":
            yield node, in_match
        elif node.name in ("SESSION", "SECTION", "MATCH"):
            yield from _boards(node, in_match or node.name == "MATCH")


def _played(event: _Node) -> list[tuple[_Node, list[_Node]]]:
    """Each board of the event with its traveller lines.  A board number that several SECTIONs give is one board
    with the lines of all of them: matchpoints are scored across the whole field (usebio.md §5); a MATCH's boards
    stay its own."""
    boards: list[tuple[_Node, list[_Node]]] = []
    by_number: dict[str, list[_Node]] = {}
    for board, in_match in _boards(event):
        lines = board.all("TRAVELLER_LINE")
        number = board.value("BOARD_NUMBER")
        if in_match or not number:
            boards.append((board, lines))
        elif number in by_number:
            by_number[number] += lines
        else:
            boards.append((board, lines))
            by_number[number] = lines
    return boards


def _record(board: _Node, lines: list[_Node], event: _Event, game: int) -> Record:
    record = Record("usebio", game, board.line, board.column)
    found = _Found(record.problems)
    record.tags = list(event.tags)
    number_node = board.child("BOARD_NUMBER")
    number = bridge.board_int(number_node.text) if number_node is not None else None
    at = number_node or board
    if number_node is not None:
        record.tags.append(_tag("Board", number_node.text, number_node))
    if number is not None:
        record.tags.append(_tag("Dealer", bridge.standard_dealer(number), at))
    vulnerability = board.child("VULNERABILITY")
    if vulnerability is not None:
        value = _VULNERABILITY.get(vulnerability.text.upper())
        if value is None:
            found.note(vulnerability, Kind.USEBIO_VULNERABILITY, vulnerability.text)
        else:
            record.tags.append(_tag("Vulnerable", value, vulnerability))
    if number is not None:
        record.tags.append(_tag("Vulnerable", bridge.standard_vulnerability(number), at))
    dealt = board if board.child("HAND") is not None else event.deals.get(number) if number is not None else None
    if dealt is not None:
        record.tags.append(_tag("Deal", _deal(dealt, found), dealt))
    interpret_header(record, record.first_tags())
    if record.deal is not None:
        record.deal.columns.clear()  # the hands stand on lines of their own: each is told at the HANDSET board
    if lines:
        table = _traveller(board, lines, found)
        record.tables[table.name] = table
    return record


def _deal(board: _Node, found: _Found) -> str:
    """A HANDSET board as a PBN Deal value from North (``-`` for a hand not given)."""
    hands: dict[str, str] = {}
    for hand in board.all("HAND"):
        written = {element.name: element for element in reversed(hand.children)}  # the first of each name
        direction = written["DIRECTION"].text if "DIRECTION" in written else ""
        seat = _SEATS.get(direction.upper())
        if seat is None:
            found.note(hand, Kind.USEBIO_HAND_DIRECTION, direction)
            continue
        holdings = []
        for name in _SUITS:
            suit = written.get(name)
            ranks = suit.text.upper().replace("10", "T") if suit is not None else ""
            if ranks.strip(bridge.RANKS):  # what is left is no rank
                found.note(suit or hand, Kind.USEBIO_HAND_RANKS, name, ranks, direction)
                break
            holdings.append(ranks)
        else:
            hands.setdefault(seat, ".".join(holdings))
    return "N:" + " ".join(hands.get(seat, "-") for seat in "NESW")


# the ScoreTable of a traveller: its columns, and the TRAVELLER_LINE element each column's cells come from
_TRAVELLER = (("PairId_NS", "NS_PAIR_NUMBER"), ("PairId_EW", "EW_PAIR_NUMBER"), ("Contract", "CONTRACT"),
              ("Declarer", "PLAYED_BY"), ("Result", "TRICKS"), ("Lead", "LEAD"), ("Score_NS", "SCORE"))


def _traveller(board: _Node, lines: list[_Node], found: _Found) -> Table:
    """The board's TRAVELLER_LINEs as a ScoreTable: PBN cells at their elements' places."""
    written = {element.name for line in lines for element in line.children}
    points = [name for name in _POINTS if name in written]
    columns = [column for column, _ in _TRAVELLER]
    columns += [f"{_POINT_COLUMNS[name[3:]]}_{name[:2]}" for name in points]
    datum = board.child("BOARD_AVERAGE")
    if datum is not None:
        columns.append("ButlerDatum")
    rows = []
    for line in lines:
        cells, artificial = _line(line, found)
        for name in points:
            node = line.child(name)
            text = node.text if node is not None else ""
            if text and _DECIMAL.fullmatch(text) is None:
                found.note(node or line, Kind.USEBIO_VALUE, name, text)
                text = ""
            cells.append(_cell(("^" if artificial and text else "") + (text or "-"), node or line))
            if text and name.endswith("_MATCH_POINTS") and node is not None:
                _artificial_points(line, node, text, len(lines), found)
        if datum is not None:
            text = datum.text if _SCORE.fullmatch(datum.text) else "-"
            if text == "-":
                found.note(datum, Kind.USEBIO_VALUE, datum.name, datum.text)
            cells.append(_cell(text, datum))
        rows.append(cells)
    return Table.of_cells("ScoreTable", columns, rows, board.line, board.column)


def _artificial_points(line: _Node, node: _Node, text: str, lines: int, found: _Found) -> None:
    """A problem where the matchpoints of an artificial line (``A6040``: 60% to North-South, 40% to East-West) are
    not those percentages of the board's top, two points a score beaten among its ``lines``."""
    m = _ARTIFICIAL.fullmatch(line.value("SCORE") or "")
    if m is None:
        return
    share = int(m.group(1) if node.name.startswith("NS") else m.group(2))
    top = 2 * (lines - 1)
    expected = share * top / 100
    places = len(text.partition(".")[2])
    if abs(float(text) - expected) > 0.5 * 10 ** -places + 1e-9:
        shown = f"{expected:.{places}f}" if places else f"{expected:g}"
        found.note(node, Kind.USEBIO_ARTIFICIAL_POINTS, node.name, text, m.group(0), share, top, shown)


Cell = tuple[str, int, int]


def _cell(text: str, node: _Node) -> Cell:
    return text, node.line, node.column


def _line(line: _Node, found: _Found) -> tuple[list[Cell], bool]:
    """The cells of a TRAVELLER_LINE's pairs, contract, declarer, result, lead and score; whether it is no result
    of the field (an artificial ``A6040`` score, a board not played)."""
    nodes = [line.child(element) for _, element in _TRAVELLER]
    texts = [node.text if node is not None else "" for node in nodes]
    north, east, contract, declarer, tricks, lead, score = texts
    written = contract.upper()
    artificial = score[:1] == "A" and _ARTIFICIAL.fullmatch(score) is not None or written == "NP"
    contract_cell = "-" if artificial or not written else _contract_cell(written)
    played = contract_cell is not None and contract_cell not in ("-", "Pass")
    cells = (_quoted(north) if north else None, _quoted(east) if east else None, contract_cell,
             _DECLARERS.get(declarer) if played else "-", _tricks_cell(tricks) if played else "-",
             (bridge.parse_lead(lead) if lead else "-"), "-" if artificial else _score_cell(score))
    out = []
    for cell, node, text, (_, element) in zip(cells, nodes, texts, _TRAVELLER):
        at = node or line
        if cell is None:
            found.note(at, Kind.USEBIO_VALUE, element, text)
            cell = "-"
        out.append((cell, at.line, at.column))
    return out, artificial


@lru_cache(maxsize=256)
def _contract_cell(written: str) -> str | None:
    """A CONTRACT (in capitals) as a PBN contract: ``3N`` as ``3NT``, ``PASS`` as ``Pass``; None: no contract."""
    if written == "PASS":
        return "Pass"
    m = _CONTRACT.fullmatch(written)
    return None if m is None else f"{m.group(1)}{'NT' if m.group(2) == 'N' else m.group(2)}{m.group(3) or ''}"


@lru_cache(maxsize=64)
def _tricks_cell(written: str) -> str | None:
    return str(int(written)) if written.isdigit() and int(written) <= 13 else None


@lru_cache(maxsize=1024)
def _score_cell(written: str) -> str | None:
    return str(int(written)) if _SCORE.fullmatch(written) else None


_DECLARERS = {seat: seat.upper() for seat in "NESWnesw"}


@lru_cache(maxsize=1024)
def _quoted(text: str) -> str:
    """A pair number as a PBN cell: as it is, or a string where it holds a blank or a character a word cannot."""
    if re.fullmatch(r"[^\s\"{};%\[\]^?-][^\s\"{};%\[\]]*", text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _ranking(event_node: _Node, event: _Event, found: _Found) -> Table | None:
    """The event's PARTICIPANTS' pairs as a TotalScoreTable (None: no pair listed)."""
    pairs = [pair for participants in _all_participants(event_node) for pair in participants.all("PAIR")]
    if not pairs:
        return None
    imps = (event.scoring or "").startswith("IMP")
    total = "TotalIMP" if imps else "TotalScore"
    two = (event_node.value("WINNER_TYPE") or "").strip() == "2"
    columns = ["Rank", "PairId", *(["Direction"] if two else []), "NrBoards", total, "TotalPercentage", "Names"]
    given = {"NrBoards": "BOARDS_PLAYED", total: "TOTAL_SCORE", "TotalPercentage": "PERCENTAGE"}
    present = [column for column in columns
               if column not in given or any(pair.child(given[column]) is not None for pair in pairs)]
    rows = []
    for pair in pairs:
        cells: dict[str, Cell] = {}
        place = pair.child("PLACE")
        m = _PLACE.fullmatch(place.text) if place is not None else None
        if place is not None and m is None and place.text:
            found.note(place, Kind.USEBIO_PLACE, place.text)
        cells["Rank"] = _cell(m.group(1) if m is not None else "-", place or pair)
        number = pair.child("PAIR_NUMBER")
        if number is None or not number.text:
            found.note(number or pair, Kind.USEBIO_NO_PAIR_NUMBER)
        cells["PairId"] = _cell(_quoted(number.text) if number is not None and number.text else "-", number or pair)
        direction = pair.child("DIRECTION")
        cells["Direction"] = _cell(direction.text if direction is not None and direction.text in ("NS", "EW")
                                   else "-", direction or pair)
        for column, element in given.items():
            node = pair.child(element)
            text = node.text if node is not None else ""
            if text and _DECIMAL.fullmatch(text) is None:
                found.note(node or pair, Kind.USEBIO_VALUE, element, text)
                text = ""
            cells[column] = _cell(text or "-", node or pair)
        names = [player.value("PLAYER_NAME") or "" for player in pair.all("PLAYER")]
        cells["Names"] = _cell(_quoted(" - ".join(name for name in names if name)) if any(names) else "-", pair)
        rows.append([cells[column] for column in present])
    first = pairs[0]
    return Table.of_cells("TotalScoreTable", present, rows, first.line, first.column)


def _all_participants(node: _Node) -> Iterator[_Node]:
    for child in node.children:
        if child.name == "PARTICIPANTS":
            yield child
        elif child.name in ("SESSION", "SECTION"):
            yield from _all_participants(child)
