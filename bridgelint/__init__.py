"""bridgelint: a linter and replayer for contract-bridge records (PBN and LIN)."""

__version__ = "0.1.0"

from .api import check_record, iter_records, read  # noqa: E402

__all__ = ["check_record", "iter_records", "read", "__version__"]
