"""What a rule is, and the context a rule checks.

A rule is a class: its docstring is the user documentation (What it does /
Why it matters / Example / Use instead / References), its attributes are the
metadata, and its check decides its findings at the rule's ``stage``: a
``record`` rule's ``check`` yields findings for one record.  What a reader
could not read (``text``: the characters and lines of a file; ``game``: a
game's tokens, notes and tables as they are read) it notes as problems, data
of a closed set of kinds (:mod:`bridgelint.core.problems`); a rule that
``reads`` a kind words its findings in ``read``, and the dispatcher
(:mod:`.reading`) calls it for the selected codes.  A rule of the other
stages has ``check_*`` class methods that whoever holds the facts calls with
them: the event state (``event``: the records of an event compared), the end
of a file (``file``: its records' tables).  The caller hands over
facts; the rule decides and writes the finding and its message.  A few codes
are still found and written where the facts are (``tests/test_rule_homes.py``
lists them, with why); their findings too are made with ``Rule.finding`` (a
class method, no instance needed).
Rules never decide whether they are selected or how severe a finding is in
the end: the pipeline applies configuration.  Nor do they run where they
cannot find anything: ``formats`` and ``needs`` (:mod:`.parts`) say where
that is, and the pipeline dispatches on them.

The Example and Use instead of every rule are run by the tests
(``tests/test_rule_docs.py``): the Example must fire the rule's code, the Use
instead must not (an info finding of a rule that is not itself info counts as
not firing: a marked irregularity).  Each section is a line of prose, then a
snippet indented by four spaces after a blank line: a whole PBN or LIN file
(LIN told by its content), read as written.  Findings of other codes do not
count, so a snippet holds only what its point needs; further snippets of a
section follow a prose line of their own (``or, when ...:``) and are run one
by one.  Two notations stand for what a docstring cannot hold: ``<0xNN>`` is
the byte NN and ``<N×c>`` the character c N times.  A rule that no file can
show (an internal error) says why in ``unshowable``; the tests keep that list
short.
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable, ClassVar, Iterable, Iterator, Literal

from ..core.findings import Applicability, Edit, Finding, Fix, Related, Severity
from ..core.problems import Kind, Problem
from ..core.record import Record
from ..core.tokens import Call, Card
from ..replay.context import Context
from ..replay.irregularity import Irregularity

Stage = Literal["text", "game", "record", "event", "file"]  # where a rule's check runs (``Rule.stage``)
Scope = Literal["game", "line"]  # where a cause and its consequence stand (``Rule.follows``): one game; one line of it
SECTIONS = ("What it does", "Why it matters", "Example", "Use instead", "References")  # of every rule's docs
_SECTION = re.compile(r"\n+(" + "|".join(SECTIONS) + "):")


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    stage: ClassVar[Stage] = "record"  # where its check runs: the text, a game as read, a record, an event, a file
    law: ClassVar[str | None] = None  # the Law or PBN section, as outputs cite it after the message
    lin_law: ClassVar[str | None] = None  # the reference on a LIN record, when ``law`` is a PBN section
    severity_when: ClassVar[str | None] = None  # when findings get another severity ("error when a play needs it")
    unshowable: ClassVar[str | None] = None  # why no file can fire this rule, so its Example does not run
    formats: ClassVar[frozenset[str]] = frozenset(("pbn", "lin"))  # where it can find something: not run elsewhere
    needs: ClassVar[int] = 0  # the parts (.parts) a record must hold for ``check`` to find anything: not run elsewhere
    fixable: ClassVar[Applicability | None] = None  # the kind of fix its findings carry where one applies
    default: ClassVar[bool] = True  # checked unless deselected; False: only where selected (--extend-select)
    needs_a_person: ClassVar[bool] = False  # a defect no machine may mend: --fix leaves a game holding one alone
    follows: ClassVar[tuple[tuple[str, Scope], ...]] = ()  # the codes whose finding causes this one's: (code, where
    # the two stand); a finding of this rule goes where its cause is reported there (one cause, one finding)
    reads: ClassVar[frozenset[Kind]] = frozenset()  # the problems readers note that this rule words (``read``)

    @classmethod
    def may_follow(cls, finding: Finding) -> bool:
        """Whether ``finding`` of this rule may be the consequence of a finding its ``follows`` names: all may,
        unless the rule says otherwise."""
        return True

    def check(self, ctx: Context) -> Iterator[Finding]:
        """Findings of this rule on one record (none for a rule that only words problems: ``read``)."""
        return iter(())

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        """The findings of a problem a reader noted, of a kind this rule reads (``reads``), in the rule's words."""
        raise NotImplementedError(f"{cls.code} reads no {problem.kind.name}")

    @classmethod
    def doc(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def markdown(cls) -> str:
        """The documentation as Markdown: each section a paragraph led by its name in bold (snippets are
        already indented code blocks)."""
        return _SECTION.sub(r"\n\n**\1:**", cls.doc())

    @classmethod
    def summary(cls) -> str:
        """The first line of the documentation."""
        return cls.doc().splitlines()[0] if cls.__doc__ else ""

    @classmethod
    def title(cls) -> str:
        """The code and the name: ``A103 insufficient-bid``."""
        return f"{cls.code} {cls.name}"

    @classmethod
    def fix_kind(cls) -> str:
        """What ``check --fix`` does with this rule's findings, as its documentation says."""
        if cls.fixable == "safe":
            return "safe (check --fix mends it where the record says how)"
        if cls.fixable == "layout":
            return "layout (bridgelint format writes the file in export format; check --fix leaves it)"
        if cls.fixable == "unsafe":
            return "unsafe (check --fix --unsafe-fixes mends it where the record says how; the file then says " \
                   "something else)"
        return "none (a person must mend it)"

    @classmethod
    def text(cls) -> str:
        """The whole documentation as ``bridgelint rule CODE`` prints it: title and severity, the sections, the
        kind of fix.  The documentation site's page of the rule shows the same."""
        return f"{cls.title()} ({cls.severities()})\n\n{cls.doc()}\n\nFix: {cls.fix_kind()}."

    @classmethod
    def law_for(cls, record: Record) -> str | None:
        """The reference of this rule's findings on ``record``: LIN's own terms on a LIN record."""
        return cls.lin_law if record.model == "lin" else None

    @classmethod
    def severities(cls) -> str:
        """The severity as its findings really get it: ``warning, error when a play needs it``."""
        return f"{cls.severity}, {cls.severity_when}" if cls.severity_when else cls.severity

    @classmethod
    def checks(cls) -> bool:
        """Whether the rule's own code decides its findings: ``check`` at the record stage, a ``check_*``
        class method at the others."""
        if cls.reads:
            return True
        if cls.stage == "record":
            return cls.check is not Rule.check
        return any(name.startswith("check_") for name in dir(cls))

    @classmethod
    def finding(cls, message: str, line: int, column: int, severity: Severity | None = None,
                law: str | None = None, edits: Iterable[Edit] | None = None, reencode: bool = False, *,
                game: int | None = None, board: str | None = None, related: Related | None = None,
                expected: str | None = None, place: str | None = None) -> Finding:
        """A finding of this rule; the only way to make one, so that every code is a registered rule.

        The reference is the rule's, or ``law`` when this finding rests on another; messages never cite it
        themselves: outputs do (``Finding.full_message``).  ``edits`` (None: no fix here) mend it, with the rule's
        kind of fix (``fixable``).  ``game`` and ``board``: of a finding made after its record's checks (the run
        gives the others theirs); ``related``: the other record it names; ``expected``: the value the rule
        computes for the cell the finding points at, as the cell would write it (the reports show it beside);
        ``place``: where it is in words, in a file without lines (:attr:`Finding.place`).
        """
        fix = None
        if edits is not None and cls.fixable is not None:
            fix = Fix(cls.fixable, tuple(edits), reencode)
        return Finding(cls.code, message, line, column, severity, law or cls.law, game, board, fix, related, expected,
                       place)

    def misfit_marks(self, misfits: Iterable[Irregularity[Call]] | Iterable[Irregularity[Card]],
                     message: Callable[[Any], str]) -> Iterator[Finding]:
        """A finding at the mark of each call or card that a PBN mark does not fit, in the rule's words
        (``message(misfit)``)."""
        for misfit in misfits:
            marked = misfit.item
            yield self.finding(message(misfit), marked.mark_line or marked.line, marked.mark_column or marked.column)


def dangling(rule: type[Rule], problem: Problem) -> Finding:
    """The finding of ``rule`` (A109, P107) at an irregularity mark with no call or card after it in its section."""
    (mark,) = problem.facts
    return rule.finding(f"^{mark} marks nothing: no call or card follows it", problem.line, problem.column)


class Worded(Rule):
    """A rule whose finding is a problem a reader or the engine noted, in words: a phrase for each kind it reads
    (``words``), made of the problem's facts, at the problem's place."""

    words: ClassVar[dict[Kind, Callable[..., str]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A subclass reads the kinds it words."""
        super().__init_subclass__(**kwargs)
        cls.reads = frozenset(cls.words)

    @classmethod
    def read(cls, problem: Problem) -> Iterator[Finding]:
        yield cls.finding(cls.words[problem.kind](*problem.facts), problem.line, problem.column, place=problem.place)
