"""JSON of the record model: one document, records streamed into it.

The shape (documented in the README)::

    {"version": 1,
     "records": [{"path": ..., "format": "pbn", "game": 1, "line": 4, "board": "1",
                  "dealer": "N", "vulnerable": "None",
                  "deal": {"N": ["SA", ...], "E": [...], "S": [...], "W": null},
                  "contract": "4S", "declarer": "S", "declarer_marked": false,
                  "result": {"declarer": 10, "ns": null, "ew": null, "marked": false},
                  "tags": [{"name", "value", "line", "column"}],
                  "fields": {"board": {"raw", "line", "column"}, ...},
                  "auction": {"seat", "line", "column", "calls": [...], "notes": {"1": "text"}},
                  "play": {"seat", "by_seat", "line", "column", "cards": [...], "notes": {...},
                           "claim": 10},
                  "tables": {"ScoreTable": {"header", "line", "column", "inherited",
                                            "columns": [{"name", "order", "width", "align"}],
                                            "rows": [[{"text", "value", "artificial", "line", "column"}]]}},
                  "findings": [{"code", "severity", "message", "law", "line", "column"}]}]}

Values the record does not give are null.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..core.bridge import Contract, Result
from ..core.findings import Finding
from ..core.record import Record
from ..core.tables import MALFORMED, Table
from ..core.tokens import Call, Card
from ..replay.context import Context
from ..replay.semantics import replayed
from ..rules import reading

_FIELDS = ("board", "dealer", "vulnerable", "deal_field", "contract", "declarer", "result", "score", "date")


class JsonWriter:
    """Writes one JSON document: ``start``, ``write`` per record, ``close``."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self.records = 0
        self.stream.write('{"version": 1, "records": [')

    def write(self, record: Record, findings: list[Finding] | None = None, path: str | None = None,
              replays: Context | None = None) -> None:
        self.stream.write(",\n" if self.records else "\n")
        self.stream.write(json.dumps(record_dict(record, findings, path, replays), ensure_ascii=False))
        self.records += 1

    def close(self) -> None:
        self.stream.write("\n]}\n" if self.records else "]}\n")


def record_dict(record: Record, findings: list[Finding] | None = None, path: str | None = None,
                replays: Context | None = None) -> dict:
    """The record as plain JSON values (see the module docstring); the seats of the calls come from the replay."""
    declarer = record.declarer.value if record.declarer is not None else (None, False)
    result = record.result.value if record.result is not None else None
    out: dict[str, Any] = {
        "path": path,
        "format": record.format,
        "game": record.game,
        "line": record.line,
        "board": record.board_number,
        "dealer": record.dealer.value if record.dealer is not None else None,
        "vulnerable": record.vulnerable.value if record.vulnerable is not None else None,
        "deal": ({seat: list(hand) if hand is not None else None for seat, hand in record.deal.hands.items()}
                 if record.deal is not None else None),
        "contract": (str(record.contract.value) if record.contract is not None
                     and isinstance(record.contract.value, Contract) else None),
        "declarer": declarer[0],
        "declarer_marked": declarer[1],
        "result": ({"declarer": result.declarer_tricks, "ns": result.ns, "ew": result.ew, "marked": result.marked}
                   if isinstance(result, Result) else None),
        "tags": [{"name": t.name, "value": t.value, "line": t.line, "column": t.column} for t in record.tags],
        "fields": {name.removesuffix("_field"): {"raw": f.raw, "line": f.line, "column": f.column}
                   for name in _FIELDS if (f := getattr(record, name)) is not None},
        "auction": None,
        "play": None,
        "tables": {name: _table(table) for name, table in record.tables.items()},
        "findings": [finding_dict(f) for f in (findings if findings is not None else reading.findings(record.problems))],
    }
    auction = record.auction
    if auction is not None:
        replay = replayed(replays if replays is not None else Context(record), "auction")
        seats = replay.seats if replay is not None else [None] * len(auction.calls)
        out["auction"] = {"seat": auction.seat, "line": auction.line, "column": auction.column,
                          "calls": [_call(c, seat) for c, seat in zip(auction.calls, seats)],
                          "notes": {str(n): tag.value for n, tag in sorted(auction.notes.items())}}
    play = record.play
    if play is not None:
        claim = play.claim.value if play.claim is not None else None
        out["play"] = {"seat": play.seat, "by_seat": play.by_seat, "line": play.line, "column": play.column,
                       "cards": [_card(c) for c in play.cards],
                       "notes": {str(n): tag.value for n, tag in sorted(play.notes.items())},
                       "claim": claim if isinstance(claim, int) else None}
    return out


def _call(call: Call, seat: str | None) -> dict:
    return {"token": call.token, "kind": call.kind, "seat": seat, "level": call.level or None,
            "denomination": call.denomination or None, "mark": call.mark or None, "alert": call.alert,
            "note": call.note, "nags": call.nags, "explanation": call.explanation,
            "line": call.line, "column": call.column}


def _card(card: Card) -> dict:
    return {"token": card.token, "kind": card.kind, "seat": card.seat, "card": card.card or None,
            "mark": card.mark or None, "note": card.note, "nags": card.nags,
            "line": card.line, "column": card.column}


def _table(table: Table) -> dict:
    """A section typed: elements as written and as understood (null for ?, - and malformed)."""
    tag = table.tag
    return {"header": tag.value, "line": tag.line, "column": tag.column, "inherited": table.inherited,
            "columns": [{"name": c.name, "order": c.order or None, "width": c.width or None, "align": c.align or None}
                        for c in table.columns],
            "rows": [[{"text": e.text, "value": _json_value(e.value), "artificial": e.artificial,
                       "line": e.line, "column": e.column} for e in row] for row in table.rows()]}


def _json_value(value: object) -> object:
    if value is MALFORMED:
        return None
    if isinstance(value, Contract):
        return str(value)
    return list(value) if isinstance(value, tuple) else value


def finding_dict(f: Finding) -> dict:
    return {"code": f.code, "severity": f.severity, "message": f.full_message, "law": f.law,
            "line": f.line, "column": f.column, "game": f.game, "board": f.board}
