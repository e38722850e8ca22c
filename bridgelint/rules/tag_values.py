"""T — tag values: each in the form the standard gives it (T103), and values that contradict each other (T104)."""

from __future__ import annotations

import re
from typing import Callable, Iterator

from ..core.digits import matched
from ..core.findings import Finding
from ..core.record import Record
from ..core.tables import (
    number,
)
from ..core.tags import Tag, known
from .base import Context, Rule
from .board import DATE_FORM
from .edits import value_edit

_NUMBER = r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_INTEGER = r"[-+]?[0-9]+"
_RUBBER = r"[0-9]+ ?/ ?[0-9]+"
_HISTORY = r"[0-9]+ [0-9]+ ?/ ?[0-9]+(?: [0-9]+){0,2}"
_KEYWORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")  # every keyword of §3.4.12 starts with a letter
_KEYWORDS = re.compile(r"[A-Za-z][A-Za-z0-9_-]*(?:;[A-Za-z][A-Za-z0-9_-]*)*")  # a Scoring value in form (§3.4.12)
_TIME = re.compile(r"(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]")


def _sides(score: str, bare: bool) -> re.Pattern:
    """The forms of PBN §4.2: ``s`` (when ``bare``), ``NS s``, ``EW s``, ``NS s EW s``, ``EW s NS s``."""
    sided = rf"(?P<side1>NS|EW) (?P<score1>{score})(?: (?P<side2>NS|EW) (?P<score2>{score}))?"
    return re.compile(rf"(?P<bare>{score})|{sided}" if bare else sided)


_FORMS: dict[str, tuple[re.Pattern, str, str]] = {  # form, its shape in words, reference
    "Score": (_sides(_INTEGER, True), "NS 420, EW -420, NS 420 EW -420 or 420", "PBN §4.2.1"),
    "ScoreIMP": (_sides(_NUMBER, True), "NS 3, EW -3, NS 3 EW -3 or 3, decimals allowed", "PBN §4.2.2"),
    "ScoreMP": (_sides(_NUMBER, True), "NS 7, EW 5, NS 7 EW 5 or 7, decimals allowed", "PBN §4.2.3"),
    "ScorePercentage": (_sides(_NUMBER, True), "NS 62.5, EW 37.5, NS 62.5 EW 37.5 or 62.5", "PBN §4.2.4"),
    "ScoreRubber": (_sides(_RUBBER, True), "above/below points, as NS 50/120", "PBN §4.2.5"),
    "ScoreRubberHistory": (re.compile(rf"NS (?P<score1>{_HISTORY}) EW (?P<score2>{_HISTORY})"),
                           "NS 0 50/120 EW 0 0/0: previous and current points above the line, / and the "
                           "points below of each game", "PBN §4.2.6"),
    "OptimumScore": (_sides(_INTEGER, False), "NS 420, EW -420 or NS 420 EW -420, not a bare number",
                     "PBN §4.2.7"),
    "Time": (_TIME, "HH:MM:SS", "PBN §4.5.1"),
    "UTCTime": (_TIME, "HH:MM:SS", "PBN §4.5.3"),
    "UTCDate": (DATE_FORM, "YYYY.MM.DD, ? for an unknown digit", "PBN §4.5.2"),
    "EventDate": (DATE_FORM, "YYYY.MM.DD, ? for an unknown digit", "PBN §4.4.1"),
    "TimeControl": (re.compile(r"[0-9]+/[0-9]+"), "games/minutes, as 4/30, or \"\" for no limit", "PBN §4.6.1"),
    "Mode": (re.compile(r"[A-Za-z0-9_]+"), "one word such as EM, IBS, OKB, TABLE or TC", "PBN §4.7.4"),
    "Room": (re.compile(r"Open|Closed"), "Open or Closed", "PBN §4.1.7"),
    "Hidden": (re.compile(r"(?!.*(.).*\1)[WNES]{1,4}"), "the seats to hide, each once, as WE", "PBN §4.1.6"),
    "FrenchMP": (re.compile(r"Yes|No"), "Yes or No", "PBN §4.1.4"),
    "Termination": (re.compile(r"[A-Za-z]+(?: [A-Za-z]+)*"), "words such as normal, abandoned or time forfeit",
                    "PBN §4.1.8"),
}
# Mandatory tags with a form, and the section tags: a value with spaces around it is reported.  (Their form
# is checked by the B, C and D rules; the verifier's own files write other values with trailing spaces.)
_SPACED = frozenset(("Date", "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Scoring",
                     "Auction", "Play"))
_CHECKED = _SPACED | _FORMS.keys()


class MalformedTagValue(Rule):
    """Tag value malformed where the standard gives its form.

    What it does: reports the value of a tag whose form PBN gives when it does
    not have that form: the Scoring keywords (fields separated by `;`, each a
    letter then letters, digits, `_` and `-`, so that a score written there,
    `"450"`, is no keyword; unknown keywords are fine), the five forms of
    Score, ScoreIMP, ScoreMP and ScorePercentage, ScoreRubber,
    ScoreRubberHistory, OptimumScore (never a bare number), Time and UTCTime
    (`HH:MM:SS`), UTCDate and EventDate (`YYYY.MM.DD`), TimeControl, Mode,
    Room, Hidden, FrenchMP and Termination; and a value of such a tag, or of a
    mandatory tag with a form (Board, Dealer, Vulnerable, Deal...), with
    leading or trailing spaces. `""` and `?` are valid values of every tag.
    Why it matters: programs read these values by their form; a value out of
    form is lost to them, and `"None "` is not `"None"` to a strict reader.
    Example: a room that is no room.

        [Board "1"]
        [Room "IMP"]

    Use instead: Open or Closed.

        [Board "1"]
        [Room "Open"]

    References: PBN §3.4, §4.1-§4.7.
    """

    code, name, severity, law = "T103", "tag-value-form", "error", "PBN §4"
    formats = frozenset(("pbn",))  # LIN fields are not PBN tags
    fixable = "safe"  # the spaces around a value removed (a value out of form has no fix)

    def check(self, ctx: Context) -> Iterator[Finding]:
        for name, tag in ctx.written_tags.items():
            if name not in _CHECKED:
                continue
            value = tag.value
            stripped = value.strip()
            if stripped == value and name not in _FORMS and name != "Scoring" or stripped in ("", "?"):
                continue  # no form to check, no spaces around
            yield from self._value(name, tag, stripped)

    def _value(self, name: str, tag: Tag, stripped: str) -> Iterator[Finding]:
        """The findings on a value with a form or spaces around (``stripped``: without them)."""
        value = tag.value
        if name == "Scoring":
            if not _KEYWORDS.fullmatch(value):
                yield from self._scoring(tag)
        elif name in _FORMS:
            form, shape, law = _FORMS[name]
            m = form.fullmatch(stripped)
            if m is None or "side2" in form.groupindex and m.group("side1") and m.group("side2") == m.group("side1"):
                yield self.finding(f"{name} \"{value}\" is not in the form {shape}", *tag.value_place(), law=law)
                return
            if name == "ScoreRubberHistory":
                yield from self._history_games(tag, m)
        if stripped != value and name in _SPACED:
            offset = 0 if value[0] == " " else len(value.rstrip())
            edit = value_edit(tag, stripped, spaces=True)
            yield self.finding(f"{name} \"{value}\" has {'leading' if offset == 0 else 'trailing'} spaces: "
                               f"write \"{stripped}\"", *tag.value_place(offset), law="PBN §3.4",
                               edits=None if edit is None else [edit])

    def _scoring(self, tag: Tag) -> Iterator[Finding]:
        """§3.4.12: keywords separated by ';'."""
        offset = 0
        for field in tag.value.split(";"):
            if not _KEYWORD.fullmatch(field):
                problem = ("an empty field" if not field else f"\"{field}\" is a number, not a keyword (a score "
                           "belongs in the Score tag)" if re.fullmatch(_NUMBER, field)
                           else f"\"{field}\" is not a keyword")
                yield self.finding(f"Scoring \"{tag.value}\": {problem}; Scoring is keywords such as IMP or MP, "
                                   "separated by ';'", *tag.value_place(offset), law="PBN §3.4.12")
                return
            offset += len(field) + 1

    def _history_games(self, tag: Tag, m: re.Match) -> Iterator[Finding]:
        ns, ew = (_below(m.group(group)) for group in ("score1", "score2"))
        if len(ns) != len(ew):
            yield self.finding(f"ScoreRubberHistory \"{tag.value}\" gives NS {len(ns)} and EW {len(ew)} games "
                               "below the line: both sides count the same games", *tag.value_place(),
                               law="PBN §4.2.6")




def _below(history: str) -> list[int]:
    """The below-the-line points of each game of one side's history score."""
    return [matched(points) for points in history.split("/", 1)[1].split()]


class ContradictoryValues(Rule):
    """Tag values that contradict each other.

    What it does: reports values that cannot all be true: a ScoreRubberHistory
    whose games won make another vulnerability than Vulnerable (a side that
    has won a game is vulnerable); a Score for both sides that does not sum to
    zero; an OptimumScore whose NS value is not minus its EW value; a
    ScorePercentage outside 0-100; an OptimumResultTable result or a
    DoubleDummyTricks digit outside 0-13 tricks.
    Why it matters: one of the values is wrong, and a reader cannot tell which.
    Example: North-South won the first game, so they are vulnerable.

        [Board "1"]
        [Vulnerable "None"]
        [ScoreRubberHistory "NS 0 0/120 0 EW 0 0/40 0"]

    Use instead:

        [Board "1"]
        [Vulnerable "NS"]
        [ScoreRubberHistory "NS 0 0/120 0 EW 0 0/40 0"]

    References: PBN §4.2.1, §4.2.4, §4.2.6, §4.2.7, §5.7.
    """

    code, name, severity, law = "T104", "contradictory-values", "error", "PBN §4.2"
    formats = frozenset(("pbn",))  # LIN fields are not PBN tags, LIN has no tables

    def check(self, ctx: Context) -> Iterator[Finding]:
        record, tags = ctx.record, ctx.written_tags
        for name, check in _CONTRADICTIONS.items():
            tag = tags.get(name)
            if tag is None or (value := known(tag.value)) is None:
                continue
            found = check(record, value)
            if found:
                message, law = found
                yield self.finding(message, *tag.value_place(), law=law)
        if record.tables:
            yield from self._optimum_results(record)

    def _optimum_results(self, record: Record) -> Iterator[Finding]:
        table = record.tables.get("OptimumResultTable")
        position = table.column_index("Result") if table is not None else None
        if table is None or position is None:
            return
        for row in table.rows():
            element = row[position] if len(row) > position else None
            if element is not None and isinstance(element.value, int) and element.value > 13:
                yield self.finding(f"OptimumResultTable Result {element.text}: a declarer takes 0-13 tricks",
                                   element.line, element.column, law="PBN §5.7")


def _sided(name: str, value: str) -> dict[str, float] | None:
    m = _FORMS[name][0].fullmatch(value)
    if m is None or m.group("side1") is None:
        return None
    scores = {m.group("side1"): number(m.group("score1"))}
    if m.group("side2"):
        scores[m.group("side2")] = number(m.group("score2"))
    sides = {side: score for side, score in scores.items() if score is not None}
    return sides if len(sides) == len(scores) and (len(sides) == 2 or not m.group("side2")) else None


def _score_sum(record: Record, value: str) -> tuple[str, str | None] | None:
    if "EW" not in value or "NS" not in value:
        return None  # one side's score: nothing to sum
    sides = _sided("Score", value)
    if sides and len(sides) == 2 and sides["NS"] + sides["EW"] != 0:
        return f"Score \"{value}\": the NS and EW scores of a board sum to zero", "PBN §4.2.1"
    return None


def _optimum(record: Record, value: str) -> tuple[str, str | None] | None:
    sides = _sided("OptimumScore", value)
    if sides and len(sides) == 2 and sides["NS"] != -sides["EW"]:
        return f"OptimumScore \"{value}\": the NS value is minus the EW value", "PBN §4.2.7"
    return None


def _percentage(record: Record, value: str) -> tuple[str, str | None] | None:
    m = _FORMS["ScorePercentage"][0].fullmatch(value)
    if m is None:
        return None
    values = [v for g in ("bare", "score1", "score2") if m.group(g) and (v := number(m.group(g))) is not None]
    if any(not 0 <= v <= 100 for v in values):
        return f"ScorePercentage \"{value}\" is outside 0-100", "PBN §4.2.4"
    return None


def _history(record: Record, value: str) -> tuple[str, str | None] | None:
    """The games each side has won (100 or more below the line in a finished game) make its vulnerability."""
    m = _FORMS["ScoreRubberHistory"][0].fullmatch(value)
    vulnerable = record.vulnerable.value if record.vulnerable is not None else None
    if m is None or vulnerable is None:
        return None
    ns, ew = (_below(m.group(group)) for group in ("score1", "score2"))
    if len(ns) != len(ew):
        return None  # T103
    won = {"NS": any(points >= 100 for points in ns[:-1]), "EW": any(points >= 100 for points in ew[:-1])}
    implied = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
        (won["NS"], won["EW"])]
    if implied != vulnerable:
        return (f"ScoreRubberHistory \"{value}\" makes the vulnerability {implied}, but Vulnerable is {vulnerable}: "
                "a side that has won a game of the rubber is vulnerable", "PBN §4.2.6")
    return None


def _double_dummy(record: Record, value: str) -> tuple[str, str | None] | None:
    """BridgeComposer's 20 hex digits of tricks: each 0-13 (0-d)."""
    if len(value) == 20 and all(c in "0123456789abcdefABCDEF" for c in value) and any(c in "efEF" for c in value):
        return f"DoubleDummyTricks \"{value}\": a digit above d, but a declarer takes 0-13 tricks", None
    return None


_CONTRADICTIONS: dict[str, Callable[[Record, str], tuple[str, str | None] | None]] = {
    "Score": _score_sum, "OptimumScore": _optimum, "ScorePercentage": _percentage, "ScoreRubberHistory": _history,
    "DoubleDummyTricks": _double_dummy,
}
