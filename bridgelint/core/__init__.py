"""The core: bridge facts, the record model, findings and file reports, table columns, scoring, wording.

Imports nothing else of bridgelint.
"""
