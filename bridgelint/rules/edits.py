"""The edits rules mend their findings with: a token or a tag's value written anew.

An edit is only made where the text it replaces is known exactly from the
record: a value written on one line without escapes (``\\"`` or ``\\\\``), a
token at its place.  Elsewhere the finding has no fix.
"""

from __future__ import annotations

from ..core.findings import Edit
from ..core.tags import Tag


def token_edit(line: int, column: int, old: str, new: str) -> Edit:
    """``old``, written at (``line``, ``column``), replaced by ``new``."""
    return Edit(line, column, line, column + len(old), new)


def value_edit(tag: Tag, value: str, spaces: bool = False) -> Edit | None:
    """The edit that writes ``value`` as the value of ``tag``; None where its written value is not known
    exactly (carried by ``##``, written across lines, or with escapes).  The spaces around the written value
    stay (T103's to mend, which a directive may suppress) unless ``spaces``: then they are replaced too."""
    if not written_plainly(tag) or '"' in value or "\\" in value:
        return None
    if spaces:
        return token_edit(tag.line, tag.value_column, tag.value, value)
    lead = len(tag.value) - len(tag.value.lstrip(" "))
    return token_edit(tag.line, tag.value_column + lead, tag.value.strip(" "), value)


def written_plainly(tag: Tag) -> bool:
    """Whether ``tag`` is written in this game with its value on its line, as read (no escape)."""
    return not tag.inherited and tag.as_written and tag.value_column > 0 and '"' not in tag.value and \
        "\\" not in tag.value

