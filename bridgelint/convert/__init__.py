"""Conversion of records: PBN 2.1 export format and JSON of the record model."""
