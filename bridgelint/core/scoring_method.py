"""The scoring method a PBN Scoring tag names (§3.4.12): its basic system and its modifiers.  Pure.

One value, parsed once, that every rule scoring a table reads: what is not
named, or not known, stays unknown and is never guessed (the rules that need
it do not check the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

# The keywords of §3.4.12, by their upper-case spelling, as the standard writes them.
BASIC_SYSTEMS = {name.upper(): name for name in
                 ("MP", "MatchPoints", "IMP", "Cavendish", "Chicago", "Rubber", "BAM", "Instant")}
MODIFIERS = {name.upper(): name for name in
             ("Butler", "Butler-2", "Experts", "Cross", "Cross1", "Cross2", "Mean", "Median", "MP1", "MP2", "OldMP",
              "Mitchell2", "Mitchell3", "Mitchell4", "Ascherman", "Bastille", "EMP", "IMP_1948", "IMP_1961")}

DATUM_METHODS = ("Butler", "Butler-2")  # IMPs against a datum
CROSS_METHODS = ("Cross", "Cross1", "Cross2")  # IMPs against every other score


@dataclass(frozen=True, slots=True)
class ScoringMethod:
    """A Scoring tag's method.  ``basic`` is the basic system as the standard spells it (``MatchPoints`` as
    ``MP``), None when none is named; ``modifiers`` the known modifiers; ``unknown`` the fields not known.
    What the rules ask of it is worked out once, when it is made:

    - ``mp_step``: matchpoints a score beaten: 2 (MP1: 2 and 1 for a tie), 1 (MP2: 1 and ½); None: not named.
    - ``imp_scale``: ``WBF`` (the current one), ``IMP_1948`` or ``IMP_1961``; None when two are named.
    - ``comparison``: how a score's IMPs are found: a datum method (Butler, Butler-2) or a cross method (Cross,
      Cross1, Cross2); None when the method names none, or more than one, or something unknown.
    - ``datum_form``: how a datum is formed from the scores: ``Mean`` (the default) or ``Median``; None when both
      are named.
    """

    basic: str | None = None
    modifiers: frozenset[str] = frozenset()
    unknown: tuple[str, ...] = ()
    mp_step: int | None = field(init=False, repr=False, compare=False)
    imp_scale: str | None = field(init=False, repr=False, compare=False)
    comparison: str | None = field(init=False, repr=False, compare=False)
    datum_form: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        modifiers = self.modifiers
        mp1, mp2 = "MP1" in modifiers, "MP2" in modifiers
        scales = [scale for scale in ("IMP_1948", "IMP_1961") if scale in modifiers]
        methods = [m for m in (*DATUM_METHODS, *CROSS_METHODS) if m in modifiers]
        median = "Median" in modifiers
        for name, value in (
                ("mp_step", None if mp1 == mp2 else 2 if mp1 else 1),
                ("imp_scale", scales[0] if len(scales) == 1 else "WBF" if not scales else None),
                ("comparison", methods[0] if self.basic == "IMP" and not self.unknown and len(methods) == 1 else None),
                ("datum_form", ("Median" if "Mean" not in modifiers else None) if median else "Mean")):
            object.__setattr__(self, name, value)

    def __str__(self) -> str:
        return ";".join((*([self.basic] if self.basic else []), *sorted(self.modifiers), *self.unknown))


@lru_cache(maxsize=256)
def scoring_method(value: str | None) -> ScoringMethod:
    """The method of a Scoring tag's value (None, ``""`` or ``?``: nothing named).  Keywords are read without
    regard to case; a second basic system is unknown (the method is then not one the rules can follow)."""
    if value is None:
        return ScoringMethod()
    basic: str | None = None
    modifiers: set[str] = set()
    unknown: list[str] = []
    for written in value.split(";"):
        word = written.strip()
        if not word or word == "?":
            continue
        key = word.upper()
        if key in BASIC_SYSTEMS and basic is None:
            basic = "MP" if key == "MATCHPOINTS" else BASIC_SYSTEMS[key]
        elif key in MODIFIERS:
            modifiers.add(MODIFIERS[key])
        else:
            unknown.append(word)
    return ScoringMethod(basic, frozenset(modifiers), tuple(unknown))
