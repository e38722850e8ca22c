"""bridgelint: a linter and replayer for contract-bridge records (PBN and LIN).

The API's names (:mod:`bridgelint.api`) are loaded on first use: ``import bridgelint`` loads nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core._version import __version__

if TYPE_CHECKING:
    from .api import (
        Checked,
        Contract,
        Deal,
        FileReport,
        Finding,
        Hand,
        Interpretation,
        Outcome,
        Record,
        Source,
        Stated,
        Trick,
        check,
        check_files,
        check_record,
        header,
        interpret,
        iter_checked,
        iter_records,
        read,
        replayed,
        tricks,
        write_json,
        write_pbn,
    )

__all__ = ["read", "iter_records", "check", "check_files", "iter_checked", "check_record", "interpret", "replayed",
           "header", "tricks", "write_pbn", "write_json", "Source", "FileReport", "Checked", "Interpretation", "Stated",
           "Outcome", "Record", "Deal", "Hand", "Contract", "Trick", "Finding", "__version__"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
