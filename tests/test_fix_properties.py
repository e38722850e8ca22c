"""``--fix --unsafe-fixes`` on real files and damaged boards: the records say the same thing afterwards.

Every corpus file and a few thousand damaged boards (benchmarks/mutate.py;
the slow test takes 10,000) are fixed, then both versions read and their
records compared field by field: the deal, the calls and cards, the tags and
tables stay, bar what a fix says it changes, and only on the records whose
findings it mends (a Contract or Declarer from the auction, closing passes,
Dealer or Vulnerable from the board number, Law 77's Score, a second table's
board header written out).  A second ``--fix`` changes nothing, and the fixed
file holds no code the file did not hold (but S108 where a Dealer was set: layout is `bridgelint format`'s).
"""

from __future__ import annotations

import io
from collections import Counter

import pytest
from conftest import CORPUS_PBN, SHARED, damaged_archives, requires_shared

from bridgelint.core.bridge import Result
from bridgelint.core.record import Record
from bridgelint.engine.fixing import FixMode
from bridgelint.engine.pipeline import Pipeline
from bridgelint.formats import open_reader
from bridgelint.rules.board import pbn_date

FIELD_TAGS = frozenset(("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Score", "Date",
                        "Time"))  # compared as read, not as written
UNKNOWN_WRITTEN = frozenset(("Event", "Site", "West", "North", "East", "South"))  # S108 may add them as "?"
MAY_CHANGE = {  # a field, and the codes whose unsafe fix may change it
    "contract": {"C102"}, "declarer": {"C103"}, "dealer": {"B104", "B108"}, "vulnerable": {"B105", "B108"},
    "score": {"B106"}, "board": {"B108"}, "deal": {"B108"},
}


def fixed(data: bytes, name: str) -> tuple[bytes, Counter[tuple[int | None, str]], Counter[tuple[int | None, str]]]:
    """The file fixed with unsafe fixes too, and the codes found before and after, by game."""
    before = Pipeline().check_stream(name, io.BytesIO(data))
    report = Pipeline().checked(name, io.BytesIO(data), fix=FixMode(unsafe=True)).report
    after = data if report.fixed_text is None else report.fixed_text
    return after, Counter((f.game, f.code) for f in before.findings), \
        Counter((f.game, f.code) for f in report.findings)


def records(data: bytes, name: str) -> list[Record]:
    return list(open_reader(io.BytesIO(data), name))


def facts(record: Record) -> dict[str, object]:
    """What a record says, field by field, as read (spellings, layout and order aside)."""
    auction, play, deal = record.auction, record.play, record.deal
    declarer = record.declarer.value[0] if record.declarer is not None else None
    result = record.result.value if record.result is not None else None
    if isinstance(result, Result) and declarer is not None:
        result = (result.tricks_for(declarer), result.marked)
    date = record.date.raw if record.date is not None else None
    return {
        "board": record.board.value if record.board is not None else None,
        "dealer": record.dealer.value if record.dealer is not None else None,
        "vulnerable": record.vulnerable.value if record.vulnerable is not None else None,
        "deal": {seat: sorted(hand) if hand else hand for seat, hand in deal.hands.items()} if deal else None,
        "contract": str(record.contract.value) if record.contract is not None else None,
        "declarer": record.declarer.value if record.declarer is not None else None,
        "result": result,
        "score": record.score.raw.strip() if record.score is not None and record.score.raw else None,
        "date": (pbn_date(date) or (date, None))[0] if date else None,
        "calls": [(c.kind, c.level, c.denomination, c.mark, c.note, c.nags) for c in auction.calls]
        if auction is not None else None,
        "auction seat": auction.seat if auction is not None else None,
        "cards": [(c.kind, c.suit, c.rank, c.mark, c.note, c.nags, c.seat) for c in play.cards]
        if play is not None else None,
        "play seat": play.seat if play is not None else None,
        "tags": sorted((t.name, t.value.strip()) for t in record.tags if not t.inherited and t.name not in FIELD_TAGS
                       and not (t.name in UNKNOWN_WRITTEN and t.value == "?")),
        "tables": {name: list(table.texts()) for name, table in record.tables.items()},
        "escapes": [e.value for e in record.escapes if "charset=" not in e.value.lower()],
    }


def same_records(before: bytes, after: bytes, name: str, found: Counter[str]) -> None:
    """Assert that ``after`` (``before`` fixed) says what ``before`` says, bar the documented unsafe changes."""
    old, new = records(before, name), records(after, name)
    assert len(old) == len(new), name
    for a, b in zip(old, new):
        was, now = facts(a), facts(b)
        for key in was:
            if was[key] == now[key] or MAY_CHANGE.get(key, set()) & found.keys():
                continue
            if key == "calls" and found["A107"] and now[key][:len(was[key])] == was[key]:  # type: ignore[index]
                continue  # closing passes added
            raise AssertionError(f"{name}, game {a.game}: {key} {was[key]!r} became {now[key]!r}")


def check_fixed(data: bytes, name: str) -> None:
    after, found, left = fixed(data, name)
    same_records(data, after, name, Counter(code for _, code in found.elements()))
    new = left.keys() - found.keys()  # a fix that would add a finding to its game is not applied
    assert not new, f"{name}: new findings (game, code) {sorted(new, key=str)}"
    again, _, _ = fixed(after, name)
    assert again == after, f"{name}: a second --fix changed the file"


@requires_shared
@pytest.mark.parametrize("path", sorted(p.name for p in (SHARED / "corpus").rglob("*") if p.is_file()
                                        and p.suffix in (".pbn", ".lin")) if CORPUS_PBN.is_dir() else [])
def test_every_corpus_file_says_the_same_after_fixing(path):
    [file] = list((SHARED / "corpus").rglob(path))
    check_fixed(file.read_bytes(), file.name)


def _damaged(boards: int) -> list[tuple[str, bytes]]:
    archives = damaged_archives(boards)
    pbn = next(data for name, data in archives if name == "t.pbn")
    return archives + [("export.pbn", b"% PBN 2.1\r\n% EXPORT\r\n\r\n" + pbn)]


@pytest.mark.parametrize("name, data", _damaged(300), ids=lambda value: value if isinstance(value, str) else "")
def test_damaged_boards_say_the_same_after_fixing(name, data):
    check_fixed(data, name)


@pytest.mark.slow
def test_ten_thousand_damaged_boards_say_the_same_after_fixing():
    for name, data in _damaged(10_000)[:3]:
        check_fixed(data, name)
