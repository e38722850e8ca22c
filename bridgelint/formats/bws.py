"""The Bridgemate BWS reader: a session's Access database read with access-parser (the ``bws`` extra), its tables
made records by :mod:`.bws_session`.

A BWS is an Access (Jet 3 or Jet 4) database (bws.md §1), told by the header at byte 4 (``Standard Jet DB``,
``Standard ACE DB``).  access-parser reads a whole file in memory, so the file is read up to :data:`READ_LIMIT`
bytes (a larger one is S140, not read), and only the tables the checks need (:data:`TABLES`): never the club's
player database (PlayerNames, personal data, and most of the reading time).  Without the extra, a BWS is one
S140 saying what to install.  Nothing of the database is ever written.
"""

from __future__ import annotations

import importlib.util
import logging
from typing import Any, BinaryIO, Iterator

from ..core.problems import Kind, Problem
from ..core.record import Record
from .base import Plain, failed
from .bws_session import RECEIVED, Row, Session, Tables

READ_LIMIT = 64 << 20  # bytes of a BWS read at most (a club session's file is 1-5 MB)
HEADERS = (b"Standard Jet DB", b"Standard ACE DB")  # at byte 4: an Access database
REQUIRED = (RECEIVED, "RoundData")  # what a BWS must have: the results, the movement
# the tables read, by the name of the Tables field that takes their rows
TABLES = {"received": RECEIVED, "rounds": "RoundData", "sections": "Section", "hands": "HandRecord",
          "evaluations": "HandEvaluation", "bids": "BiddingData", "plays": "PlayData"}
INSTALL = "pip install 'bridgelint[bws]'"


def installed() -> bool:
    """Whether the ``bws`` extra (access-parser) is installed: found, not imported."""
    return importlib.util.find_spec("access_parser") is not None


def looks_like_bws(head: bytes) -> bool:
    """Whether a file's first bytes are an Access database's header."""
    return head[4:19] in HEADERS


class BwsReader(Plain):
    """Reads a BWS byte stream: its records (:class:`~.bws_session.Session`), ``file_problems``, and ``places``,
    the words for each line its findings may stand at (filled as the records are read)."""

    format = "bws"

    def __init__(self, stream: BinaryIO, path: str):
        self.stream = stream
        self.path = path
        self.file_problems: list[Problem] = []
        self.places: dict[int, str] = {}

    def __iter__(self) -> Iterator[Record]:
        tables = self._tables()
        if tables is None:
            return
        session = Session(tables)
        session.places = self.places
        games = 0
        try:
            for record in session.records():
                games += 1
                yield record
        except Exception as error:  # a bug while making the records: X001, the findings so far kept
            games += 1
            yield failed("bws", games, 1, error)
        self.file_problems += session.problems
        if not games:  # a session without a result: nothing checked
            self.file_problems.append(Problem(Kind.NO_GAME, 1, 1, (self.format,)))

    def _tables(self) -> Tables | None:
        """The rows of the tables the checks need; None (and the problem) when the file cannot be read as a BWS."""
        data = self.stream.read(READ_LIMIT + 1)
        if len(data) > READ_LIMIT:
            self._unreadable(Kind.BWS_TOO_LARGE, READ_LIMIT >> 20)
            return None
        try:
            database = open_database(data)
        except ImportError:
            self._unreadable(Kind.BWS_NO_EXTRA, INSTALL)
            return None
        except Exception as error:
            self._unreadable(Kind.BWS_NOT_ACCESS, error)
            return None
        names = set(database.catalog)
        for name in REQUIRED:
            if name not in names:
                self._unreadable(Kind.BWS_NO_TABLE, name)
        tables = Tables()
        for attribute, name in TABLES.items():
            rows = self._rows(database, name) if name in names else None
            setattr(tables, attribute, rows or [])
            if name == "RoundData":
                tables.movement = rows is not None
        return tables

    def _rows(self, database: Any, name: str) -> list[Row] | None:
        """A table's rows as dicts; None (and the problem) when the table cannot be read."""
        try:
            columns = database.parse_table(name)
            return [dict(zip(columns, values)) for values in zip(*columns.values())]
        except Exception as error:
            self._unreadable(Kind.BWS_TABLE, name, error)
            return None

    def _unreadable(self, kind: Kind, *facts: object) -> None:
        self.file_problems.append(Problem(kind, 1, 1, facts))


def open_database(data: bytes) -> Any:
    """An access-parser database of ``data``, its catalogue read (not its MSysObjects properties: BWS tables use
    none); ImportError without the extra."""
    from access_parser.access_parser import AccessParser
    from access_parser.utils import categorize_pages

    logging.getLogger("access_parser").addHandler(logging.NullHandler())  # its notes are not the user's

    class Database(AccessParser):
        def __init__(self, data: bytes):
            self.db_data = data
            self._parse_file_header(data)
            self._table_defs, self._data_pages, self._all_pages = categorize_pages(data, self.page_size)
            self._tables_with_data = self._link_tables_to_data()
            self.catalog = self._parse_catalog()
            self.extra_props: dict = {}

    return Database(data)
