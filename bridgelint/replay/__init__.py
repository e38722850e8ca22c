"""Replayers: pure functions from a record's auction or play to what happened."""
