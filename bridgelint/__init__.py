"""bridgelint: a linter and replayer for contract-bridge records (PBN and LIN)."""

__version__ = "0.1.0"

from .api import (Checked, FileReport, Outcome, Source, check, check_record, iter_checked, iter_records,  # noqa: E402
                  read, replayed, write_json, write_pbn)

__all__ = ["read", "iter_records", "check", "iter_checked", "check_record", "replayed", "write_pbn", "write_json",
           "Source", "FileReport", "Checked", "Outcome", "__version__"]
