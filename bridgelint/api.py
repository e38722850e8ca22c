"""The Python API: read PBN and LIN records, check them as ``bridgelint check`` does, replay them, write them.

Everything here is importable from ``bridgelint`` itself.  Reading never raises on bad input: what reading
could not read is noted on the record (``record.problems``, worded by `check_record()` with the rules' findings),
and every finding is in the report of `check()` (reading, every rule, the file's own problems, the events).
A source is a file name (a ``.gz`` file, a zip member ``upload.zip!board.pbn``), a binary stream or a text
stream.

Examples:
    >>> import bridgelint
    >>> records = bridgelint.read("samples/clean.pbn")
    >>> records[0].board_number, str(records[0].contract.value)
    ('1', '2S')
    >>> [(f.code, f.line, f.board) for f in bridgelint.check("samples/auction-defects.pbn").findings][:2]
    [('A101', 13, '1'), ('A103', 25, '2')]
"""

from __future__ import annotations

import io
import os
import re
from contextlib import closing
from typing import IO, BinaryIO, Iterable, Iterator, TextIO, Union, cast

from .across.base import EventScope
from .convert.json_writer import JsonWriter
from .convert.pbn_writer import PbnWriter
from .core.bridge import Contract
from .core.findings import Finding
from .core.record import Deal, Hand, Record
from .core.reference import SWITCH
from .core.reference import reference as switched
from .core.report import FileReport
from .engine import linter
from .engine.config import Config, selection
from .engine.hand_records import read_reference
from .engine.opening import open_input
from .engine.pipeline import Pipeline
from .engine.run import Checked
from .formats import open_reader
from .replay.context import Context
from .replay.seating import Trick
from .replay.semantics import Interpretation, Outcome, Stated, interpretation, stated
from .rules import DEFAULT_CODES, RULES
from .rules.event import EVENT_CODES

Source = Union[str, "os.PathLike[str]", BinaryIO, TextIO]

__all__ = ["Source", "iter_records", "read", "check", "check_files", "iter_checked", "check_record", "interpret",
           "Interpretation", "Stated", "replayed", "Outcome", "header", "tricks", "write_pbn", "write_json",
           "FileReport", "Checked", "Record", "Deal", "Hand", "Contract", "Trick", "Finding"]
Target = Union[str, "os.PathLike[str]", IO[bytes]]


def iter_records(source: Source, format: str | None = None, encoding: str | None = None) -> Iterator[Record]:
    """The records of a file or stream, one at a time, as they are read (a file of any size in little memory).

    Args:
        source: a file name, a binary stream or a text stream (read as UTF-8).
        format: ``"pbn"`` or ``"lin"``; by default from the file's extension, else from its content.
        encoding: the encoding of text that is not UTF-8 (as ``--encoding``); by default Latin-1, or the code
            page the text shows (with an S114 finding).

    Examples:
        >>> for record in bridgelint.iter_records("samples/vugraph.lin"):
        ...     print(record.board_number, record.dealer.value, [call.token for call in record.auction.calls])
        3 S ['7S', 'p', 'p', 'p']
        3 S ['7S', 'p', 'p', 'p']
        4 W ['p', 'p', 'p', 'p']
        4 W ['p', 'p', 'p', 'p']
    """
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        with open_input(path) as stream:
            yield from open_reader(stream, path, format, encoding)
        return
    yield from open_reader(_binary(source), _name(source), format, encoding)


def read(source: Source, format: str | None = None, encoding: str | None = None) -> list[Record]:
    """All the records of a file or stream in a list (`iter_records()`).

    Examples:
        >>> records = bridgelint.read(io.StringIO('[Board "7"]\\n[Dealer "S"]\\n[Auction "S"]\\n1NT Pass 3NT AP\\n'))
        >>> [call.token for call in records[0].auction.calls]
        ['1NT', 'Pass', '3NT', 'AP']
    """
    return list(iter_records(source, format, encoding))


def check(source: Source, select: Iterable[str] = (), ignore: Iterable[str] = (), extend_select: Iterable[str] = (),
          format: str | None = None, hand_records: Iterable[str] = (), encoding: str | None = None,
          reference: bool = False) -> FileReport:
    """Check a file or a stream as ``bridgelint check`` checks it: every finding, sorted by place.

    The findings are those of reading, of the rules, of the file as a whole (no game, characters, archives),
    and of the events within the file (E101 a fouled board, E103 a board twice at a table...), with the
    ``% bridgelint: disable=`` lines applied; info findings are included (the command shows them with
    ``--show-info``).  No configuration file is read (as ``--isolated``): the selection is the arguments'.

    Args:
        source: a file name, a binary stream or a text stream.
        select: rule codes or prefixes checked, as ``--select`` (``ValueError`` for one that names no rule);
            by default the rules on by default.
        ignore: rule codes or prefixes not checked, as ``--ignore``.
        extend_select: rule codes or prefixes checked on top, as ``--extend-select``.
        format: ``"pbn"`` or ``"lin"``; by default from the extension, else from the content.
        hand_records: files whose deals are the official deals: E101 compares each board with them.
        encoding: as for `iter_records()`.
        reference: every fast path off while checking (as ``BRIDGELINT_REFERENCE=1``, for this call only):
            the general code alone runs, and finds the same.

    Returns:
        The report: ``path``, ``format``, ``games`` (records), ``boards`` (board numbers, of each event),
        ``results`` (the tables that played them: played records and traveller rows), ``findings`` (each with ``code``,
        ``severity``, ``message``, ``law``, ``line``, ``column``, ``game``, ``board``), ``unreadable`` (why a
        file could not be read at all, else None) and ``events`` (the file's events, as the JSON report
        lists them).

    Examples:
        >>> report = bridgelint.check("samples/play-defects.pbn", select=["P", "C"])
        >>> report.games, report.boards, report.results
        (4, 1, 4)
        >>> [(f.code, f.severity, f.line, f.board) for f in report.findings]
        [('P102', 'error', 24, '1'), ('P103', 'error', 60, '1'), ('P102', 'error', 63, '1'), ('C105', 'error', 87, '1')]
    """
    path, streams = _path(source)
    return _reports(_pipeline(select, ignore, extend_select, format, hand_records, encoding, reference=reference),
                    [path], streams)[0]


def check_files(sources: Iterable[str | os.PathLike[str]], select: Iterable[str] = (), ignore: Iterable[str] = (),
                extend_select: Iterable[str] = (), format: str | None = None, hand_records: Iterable[str] = (),
                encoding: str | None = None, across_files: bool = False, jobs: int = 1,
                reference: bool = False) -> list[FileReport]:
    """Check files and directories as ``bridgelint check`` checks them: each file's report, in input order.

    Directories are searched recursively for .pbn and .lin files (also gzipped, and zips), hidden ones and
    those of version control left out; each file is checked once.  The hand records are checked too, first,
    and E105 goes on the report of a hand record no record was compared with.  The arguments are `check()`'s.

    Args:
        sources: file names and directories.
        across_files: the events span the whole run (as ``--across-files``): boards are compared across all
            the files (E101-E104), not file by file.
        jobs: check on that many processes; the reports are the same.

    Examples:
        >>> reports = bridgelint.check_files(["samples/clean.pbn", "samples/auction-defects.pbn"], select=["A103"])
        >>> [(report.path, [f.line for f in report.findings]) for report in reports]
        [('samples/clean.pbn', []), ('samples/auction-defects.pbn', [25, 84])]
    """
    pipeline = _pipeline(select, ignore, extend_select, format, hand_records, encoding, across_files, reference)
    return _reports(pipeline, pipeline.paths([*pipeline.hand_records, *(os.fspath(s) for s in sources)]), None, jobs)


def iter_checked(source: Source, select: Iterable[str] = (), ignore: Iterable[str] = (),
                 extend_select: Iterable[str] = (), format: str | None = None,
                 encoding: str | None = None, reference: bool = False) -> Iterator[Checked]:
    """Check record by record, as they are read: each ``Checked`` holds the ``record`` and its ``findings``.

    The findings are `check()`'s, less those only the end of the file decides (a fouled board is known
    once every table is read) and the file's own.  With ``reference``, every fast path is off while a record
    is checked, and as it was between records (in the caller's code).

    Examples:
        >>> for checked in bridgelint.iter_checked("samples/auction-defects.pbn", select=["A103", "A106"]):
        ...     print(checked.record.board_number, [f.code for f in checked.findings])
        1 []
        2 ['A103']
        3 []
        4 ['A106']
        5 []
        6 []
        7 ['A103']
    """
    path, streams = _path(source)
    pipeline = _pipeline(select, ignore, extend_select, format, (), encoding, reference=reference)
    with closing(pipeline.files([path], streams=streams)) as run:
        for result in run:
            yield from result


def check_record(record: Record, codes: Iterable[str] | None = None) -> list[Finding]:
    """Every finding on one record: those of reading and those of the rules, by place.

    Severity and reference are filled in; ``codes`` are the rules run (those on by default when None).  The
    checks that need the whole file (events, suppressions, the file's own) are `check()`'s.

    Examples:
        >>> record = bridgelint.read("samples/auction-defects.pbn")[1]
        >>> [(f.code, f.message, f.law) for f in bridgelint.check_record(record)]
        [('A103', '1D is not higher than 1H', 'Laws 18, 27')]
    """
    return linter.check_record(record, codes)


def interpret(record: Record) -> Interpretation:
    """The record as bridgelint understands it, whatever format it was read from: what it states (``stated``: its
    header as PBN tags, its players, event key, room and table, its contract, declarer, tricks and score) and
    what bridgelint replays of it (``replayed``: the contract, declarer, tricks and score the play is replayed
    under).

    A record's own tags stay what was written (``record.tag("North")`` is None on a LIN board, which writes its
    players in one ``pn`` field); this is what they mean: a LIN board's players, event, teams and room come
    from its match header (``vg``, ``pn``) and its ``qx``, its contract, declarer and result from its ``rs``
    entry, else from the auction and the claim or the tricks played.  `header()` and `replayed()` are parts of
    it.

    Examples:
        >>> seen = bridgelint.interpret(bridgelint.read("samples/vugraph.lin")[1])
        >>> said = seen.stated
        >>> said.players, said.room, said.teams, said.key[0]
        ({'N': 'Gus', 'E': 'Hal', 'S': 'Ed', 'W': 'Flo'}, 'Closed', ('Home', 'Away'), 'Sample match, Segment 1')
        >>> str(said.outcome.contract), said.outcome.declarer, said.outcome.tricks, said.outcome.score
        ('7S', 'S', 13, 1510)
        >>> seen.replayed == said.outcome  # the auction gives the contract the rs entry states
        True
    """
    return interpretation(Context(record))


def replayed(record: Record) -> Outcome:
    """What was played, as bridgelint replays the record: contract, declarer, tricks and score
    (`interpret()`'s ``replayed``).

    The contract and declarer are the auction's when it ended legally, else those the record states; the
    tricks are declarer's, from the Result, else from a play of thirteen tricks; the score is Law 77's, for
    North-South.

    Examples:
        >>> [outcome] = map(bridgelint.replayed, bridgelint.read(io.StringIO(
        ...     '[Board "1"]\\n[Dealer "N"]\\n[Vulnerable "None"]\\n[Result "9"]\\n[Auction "N"]\\n1NT Pass 3NT AP\\n')))
        >>> str(outcome.contract), outcome.declarer, outcome.tricks, outcome.score
        ('3NT', 'N', 9, 400)
    """
    return interpret(record).replayed


def header(record: Record) -> dict[str, str]:
    """The record's header as PBN tags, whatever format it was read from: the Mandatory Tag Set (``?`` for what
    the record does not say), then the other tags of its identification section (`interpret()`'s ``stated.header``).
    A LIN board's players, event, teams and room come from its match header; its contract, declarer and result
    from its ``rs`` entry, else from the auction and the claim or the tricks played.

    Examples:
        >>> values = bridgelint.header(bridgelint.read("samples/vugraph.lin")[0])
        >>> values["Board"], values["Contract"], values["Declarer"], values["North"]
        ('3', '7S', 'S', 'Cy')
    """
    return stated(Context(record)).header


def tricks(record: Record) -> list[Trick]:
    """The tricks of the record's play as replayed, each with its ``leader``, its ``cards`` as (seat, card) in
    play order, and its ``winner``; the tricks up to the first the replay cannot complete (an unknown card).

    Examples:
        >>> [first, *_] = bridgelint.tricks(bridgelint.read("samples/clean.pbn")[0])
        >>> first.leader, [(seat, card.token) for seat, card in first.cards], first.winner
        ('W', [('W', 'S5'), ('N', 'S3'), ('E', 'S2'), ('S', 'S9')], 'S')
    """
    play = Context(record).play
    return list(play.tricks) if play is not None else []


def write_pbn(records: Iterable[Record], stream: Target) -> None:
    """Write records as PBN 2.1 export format, as ``bridgelint convert --to pbn`` does (UTF-8, CR LF), to a binary
    stream or a file of that name.

    Examples:
        >>> out = io.BytesIO()
        >>> bridgelint.write_pbn(bridgelint.read("samples/single.lin"), out)
        >>> out.getvalue().decode().splitlines()[:3]
        ['% PBN 2.1', '% EXPORT', '']
    """
    if isinstance(stream, (str, os.PathLike)):
        with open(stream, "wb") as file:
            return write_pbn(records, file)
    writer = PbnWriter(stream)
    for record in records:
        writer.write(record)
    writer.header()  # a file without games still says what it is
    return None


def write_json(records: Iterable[Record], stream: TextIO | str | os.PathLike[str], findings: bool = True,
               path: str | None = None) -> None:
    """Write records as one JSON document, as ``bridgelint convert --to json`` does, to a text stream or a file of
    that name (UTF-8).

    With ``findings``, each record carries `check_record()`'s findings; ``path`` is the records' file, as
    each record's ``path`` says it (None: null).

    Examples:
        >>> out = io.StringIO()
        >>> bridgelint.write_json(bridgelint.read("samples/clean.pbn")[:1], out)
        >>> document = json.loads(out.getvalue())
        >>> document["records"][0]["board"], document["records"][0]["contract"], document["records"][0]["findings"]
        ('1', '2S', [])
    """
    if isinstance(stream, (str, os.PathLike)):
        with open(stream, "w", encoding="utf-8") as file:
            return write_json(records, file, findings, path)
    writer = JsonWriter(stream)
    for record in records:
        writer.write(record, check_record(record) if findings else None, path)
    writer.close()
    return None


def _pipeline(select: Iterable[str], ignore: Iterable[str], extend_select: Iterable[str], format: str | None,
              hand_records: Iterable[str], encoding: str | None, across_files: bool = False,
              reference: bool = False) -> Pipeline:
    """The pipeline of the arguments, as the command line's options make it (no configuration file)."""
    codes = _codes(select, ignore, extend_select)
    paths = tuple(hand_records)
    with switched(True if reference else SWITCH.off):
        deals = read_reference(paths, open_input, format, lambda path: encoding) if paths else None
    events = EventScope(across_files and bool(codes & EVENT_CODES), listed=True, reference=deals)
    return Pipeline(codes, fmt=format, events=events, hand_records=paths, encoding=encoding, reference=reference)


def _reports(pipeline: Pipeline, paths: list[str], streams: dict[str, BinaryIO] | None = None,
             jobs: int = 1) -> list[FileReport]:
    """The reports on ``paths`` down the pipeline's road, with what the end of the run decides."""
    with closing(pipeline.files(paths, jobs, streams)) as run:
        reports = [result.report for result in run]
        run.end()
    return reports


def _path(source: Source) -> tuple[str, dict[str, BinaryIO] | None]:
    """A source as the path reports show, and the stream it is read from when it is one."""
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source), None
    name = _name(source)
    return name, {name: _binary(source)}


def _codes(select: Iterable[str], ignore: Iterable[str], extend_select: Iterable[str]) -> frozenset[str]:
    """The codes a selection checks, as the command line's options give them."""
    from .engine.config import ConfigError

    try:
        return selection(RULES, Config(), tuple(select), tuple(extend_select), tuple(ignore),
                         RULES.keys() - DEFAULT_CODES)
    except ConfigError as error:
        raise ValueError(str(error)) from None


def _binary(source: BinaryIO | TextIO) -> BinaryIO:
    """A stream as bytes: a text stream's buffer, or its text as UTF-8.  A lone surrogate in the text is the
    byte it stands for (``\\udc80``: 0x80, as Python reads a byte that is not UTF-8), else U+FFFD: the reader
    reports it (S114, S106), nothing raises."""
    if isinstance(source, io.TextIOBase):
        buffer = getattr(source, "buffer", None)
        if buffer is not None:
            return cast(BinaryIO, buffer)
        text = source.read()
        try:
            return io.BytesIO(text.encode("utf-8", "surrogateescape"))
        except UnicodeEncodeError:
            return io.BytesIO(_SURROGATE.sub("\ufffd", text).encode("utf-8", "surrogateescape"))
    return cast(BinaryIO, source)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _name(source: BinaryIO | TextIO) -> str:
    """What reports call a stream: its file name, else ``-``."""
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "-"
