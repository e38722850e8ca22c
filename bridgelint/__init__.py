"""bridgelint: a linter and replayer for contract-bridge records (PBN and LIN)."""

__version__ = "0.1.0"
