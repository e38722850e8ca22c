"""Double-dummy tables of whole deals, from DDS (endplay, the ``dd`` extra), kept in a cache on disk.

A deal and its turned copies share one solve: each deal is solved as its *canonical* turn (the turn whose
hands, N E S W, read first in order) and the table turned back.  Deals not in the cache are solved in
batches of at most :data:`BATCH` (DDS's limit for one call).

The cache is an SQLite file in the user's cache directory (``BRIDGELINT_CACHE_DIR`` overrides it; empty: no
cache).  Each entry carries an HMAC of its deal and tricks, keyed with the user's own key (:data:`KEY_NAME`,
made with the cache, mode 0600, and used only while it is the user's and no one else's to read or write): an
entry that does not check out (forged by anyone who can write the cache's folder, or damaged) is solved
again, and a file SQLite cannot read is removed and made anew.  SQLite's locking keeps concurrent writers
(the ``--jobs`` workers, two runs at once) safe; a cache that cannot be written only costs the solves.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import importlib.util
import os
import secrets
import sqlite3
import stat
import sys
from pathlib import Path
from typing import Iterable

from ..across.base import Across
from ..core.bridge import SEATS, hand_text
from ..core.record import Deal
from ..replay.context import Context

BATCH = 32  # deals per call of DDS's CalcAllTables
KEPT = 1 << 16  # tables kept in memory by a run
_DENOMINATIONS = ("C", "D", "H", "S", "NT")
Tricks = dict[tuple[str, str], int]  # (seat, denomination) → tricks


class SolverMissing(RuntimeError):
    """The ``dd`` extra is not installed."""


def require() -> None:
    """Raise :class:`SolverMissing`, saying what to install, when the solver is not installed.  Found, not
    imported: a run whose deals are all in the cache never imports it (endplay and numpy take most of a second)."""
    if importlib.util.find_spec("endplay") is None:
        raise SolverMissing("check --dd needs a double-dummy solver: pip install 'bridgelint[dd]' (endplay, "
                            "which bundles DDS)")


def hands_of(deal: Deal) -> tuple[str, str, str, str] | None:
    """The deal's hands N E S W in PBN form (``AKQ.JT9.8.765``), or None when it is not a whole deal."""
    if not deal.held.whole:
        return None
    north, east, south, west = (hand_text(deal.hands[seat] or ()) for seat in SEATS)
    return north, east, south, west


def canonical(hands: tuple[str, str, str, str]) -> tuple[str, int]:
    """The canonical turn of a deal, as its key, and how many seats clockwise the deal is from it."""
    turns = [(" ".join(hands[(i + k) % 4] for i in range(4)), k) for k in range(4)]
    key, k = min(turns)
    return key, k  # hands[(i + k) % 4] is the canonical seat i's hand: the deal is the canonical turned k seats


def turned(tricks: Tricks, k: int) -> Tricks:
    """The table of the deal turned ``k`` seats clockwise (North's hand now East's for k=1)."""
    return {(SEATS[(SEATS.index(seat) + k) % 4], d): n for (seat, d), n in tricks.items()}


def _encode(tricks: Tricks) -> str:
    return "".join(f"{tricks[seat, d]:x}" for seat in SEATS for d in _DENOMINATIONS)


def _decode(text: str) -> Tricks | None:
    if len(text) != 20 or any(c not in "0123456789abcd" for c in text):
        return None
    return {(SEATS[k // 5], _DENOMINATIONS[k % 5]): int(c, 16) for k, c in enumerate(text)}


def _checksum(secret: bytes, key: str, text: str) -> str:
    """The entry's HMAC: only the holder of ``secret`` can make one that checks out."""
    return hmac.new(secret, f"{key}\n{text}".encode(), hashlib.sha256).hexdigest()


KEY_NAME = "key"  # the cache's secret, beside it


def cache_key(directory: Path) -> bytes | None:
    """The secret of the cache in ``directory``: read, or made (32 random bytes, mode 0600, published whole);
    None when the file there is not one only this user can read and write (no cache is used then)."""
    path = directory / KEY_NAME
    try:
        made = directory / f".{KEY_NAME}.{os.getpid()}.{secrets.token_hex(4)}"
        handle = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            os.write(handle, secrets.token_bytes(32))
        finally:
            os.close(handle)
        try:
            os.link(made, path)  # fails if another run made it first: theirs is used
        except FileExistsError:
            pass
        finally:
            os.unlink(made)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            status = os.fstat(handle)
            secret = os.read(handle, 64)
        finally:
            os.close(handle)
    except OSError:
        return None
    mine = status.st_uid == os.geteuid() if hasattr(os, "geteuid") else True
    if not stat.S_ISREG(status.st_mode) or not mine or status.st_mode & 0o077 or len(secret) < 32:
        return None
    return secret


def cache_dir() -> Path | None:
    """Where the cache is kept: ``BRIDGELINT_CACHE_DIR``, else the platform's user cache directory."""
    chosen = os.environ.get("BRIDGELINT_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "bridgelint"


class Cache:
    """Solved tables by canonical deal, in an SQLite file; every failure of the file only costs solves."""

    NAME = "double-dummy-1.sqlite3"

    def __init__(self, directory: Path | None):
        self.path = directory / self.NAME if directory is not None else None
        self.db: sqlite3.Connection | None = None
        self.secret = b""

    def _open(self) -> sqlite3.Connection | None:
        if self.db is None and self.path is not None:
            try:
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                secret = cache_key(self.path.parent)
                if secret is None:  # a key that is not the user's alone: no cache
                    self.path = None
                    return None
                self.secret = secret
                self.db = self._connect()
            except sqlite3.DatabaseError:  # not a database, or damaged: made anew
                self._remove()
                try:
                    self.db = self._connect()
                except (sqlite3.Error, OSError):
                    self.path = None
            except (sqlite3.Error, OSError):  # cannot be made here: no cache
                self.path = None
        return self.db

    def _connect(self) -> sqlite3.Connection:
        assert self.path is not None
        db = sqlite3.connect(self.path, timeout=30)
        db.execute("CREATE TABLE IF NOT EXISTS solved (deal TEXT PRIMARY KEY, tricks TEXT NOT NULL, "
                   "checksum TEXT NOT NULL)")
        db.execute("SELECT count(*) FROM solved WHERE rowid < 0").fetchone()  # reads the file: damage shows here
        return db

    def _remove(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None
        if self.path is not None:
            for suffix in ("", "-journal", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{self.path}{suffix}")

    def get(self, keys: list[str]) -> dict[str, Tricks]:
        db = self._open()
        if db is None or not keys:
            return {}
        found: dict[str, Tricks] = {}
        try:
            for start in range(0, len(keys), 500):
                part = keys[start:start + 500]
                rows = db.execute(f"SELECT deal, tricks, checksum FROM solved WHERE deal IN "
                                  f"({','.join('?' * len(part))})", part).fetchall()
                for key, text, checksum in rows:
                    tricks = _decode(text) if isinstance(text, str) else None
                    if tricks is not None and isinstance(checksum, str) and \
                            hmac.compare_digest(checksum, _checksum(self.secret, key, text)):  # else: solved again
                        found[key] = tricks
        except sqlite3.DatabaseError:
            self._remove()
            return {}
        return found

    def put(self, solved: dict[str, Tricks]) -> None:
        db = self._open()
        if db is None or not solved:
            return
        rows = [(key, text, _checksum(self.secret, key, text))
                for key, text in ((k, _encode(t)) for k, t in solved.items())]
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO solved VALUES (?, ?, ?)", rows)
        except sqlite3.DatabaseError:
            self._remove()
        except sqlite3.Error:  # locked past the timeout, read-only: the solves are kept for this run only
            pass


class Solver:
    """Tables of deals: from the run's memory, the cache, or DDS; ``solves`` counts the deals DDS solved."""

    def __init__(self, cache: Cache | None = None):
        require()
        self.cache = cache if cache is not None else Cache(cache_dir())
        self.known: dict[str, Tricks] = {}
        self.solves = 0

    def tables(self, deals: Iterable[tuple[str, str, str, str]]) -> list[Tricks]:
        """The table of each deal (hands N E S W), in order."""
        wanted = [canonical(hands) for hands in deals]
        missing = list(dict.fromkeys(key for key, _ in wanted if key not in self.known))
        if missing and len(self.known) + len(missing) > KEPT:  # bounded memory: the cache on disk keeps them
            self.known = {key: self.known[key] for key, _ in wanted if key in self.known}
        if missing:
            self.known.update(self.cache.get(missing))
            missing = [key for key in missing if key not in self.known]
            for start in range(0, len(missing), BATCH):
                solved = self._solve(missing[start:start + BATCH])
                self.known.update(solved)
                self.cache.put(solved)
        return [turned(self.known[key], k) for key, k in wanted]

    def _solve(self, keys: list[str]) -> dict[str, Tricks]:
        from endplay.dds import calc_all_tables
        from endplay.types import Deal as SolverDeal
        from endplay.types import Denom, Player

        denominations = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades,
                         "NT": Denom.nt}
        players = {seat: Player.find(seat) for seat in SEATS}
        solved = calc_all_tables([SolverDeal("N:" + key) for key in keys])
        self.solves += len(keys)
        return {key: {(seat, d): int(table[denominations[d], players[seat]]) for seat in SEATS for d in _DENOMINATIONS}
                for key, table in zip(keys, solved)}



class SolveStage(Across):
    """The deals of a file solved, as a record hook that prepares each batch before the rules run: a record
    that double dummy can check gets its deal's table (``Context.solved``)."""

    batch = BATCH  # records read ahead: their deals go to DDS together

    def __init__(self, solver: Solver):
        self.solver = solver

    def prepare(self, batch: list[Context]) -> None:
        wanted = [(ctx, hands) for ctx in batch if (hands := _checkable(ctx)) is not None]
        if not wanted:
            return
        for (ctx, _), tricks in zip(wanted, self.solver.tables([hands for _, hands in wanted])):
            ctx.solved = tricks


_SOLVERS: dict[str, Solver] = {}  # this process's solver of each cache directory


def solve_stage(cache: str) -> SolveStage:
    """A file's solving stage, on this process's solver of ``cache`` (a directory; "": no cache)."""
    solver = _SOLVERS.get(cache)
    if solver is None:
        solver = _SOLVERS[cache] = Solver(Cache(Path(cache) if cache else None))
    return SolveStage(solver)


def _checkable(ctx: Context) -> tuple[str, str, str, str] | None:
    """The hands of a record's whole deal (of a traveller without one, the hand record's) when double dummy can
    check something of it (a table of tricks, a result, a traveller's results); else None."""
    record = ctx.record
    tables = record.tables
    deal = record.deal
    if (deal is None or not deal.held.whole) and ctx.hand_deal is not None and "ScoreTable" in tables:
        deal = ctx.hand_deal  # a traveller without a whole deal: the hand record's (--hand-record), for O105
    if deal is None or not (record.result is not None or "OptimumResultTable" in tables or "ScoreTable" in tables
                            or any(name in ctx.written_tags for name in ("DoubleDummyTricks", "Ability"))):
        return None
    return hands_of(deal)
