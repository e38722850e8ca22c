"""The command line: ``bridgelint check``, ``bridgelint rules``, ``bridgelint rule``.

Exit status of ``check``: 0 no error findings, 1 error findings, 2 usage
error, unreadable path or internal error (X001).  Reports go to standard
output, everything else to standard error.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import os
import stat
import sys
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, replace
from typing import Any, Callable, ContextManager, Generator, Iterable, TextIO, cast

import click

from ..across.base import EventScope
from ..core._version import __version__
from ..core.record import Record
from ..core.report import FileReport
from ..engine import interrupt, parallel
from ..engine.config import FAIL_ON
from ..engine.fixing import NEEDS_A_PERSON, FixMode, fix_to_targets
from ..engine.inputs import shown
from ..engine.pipeline import Pipeline
from ..formats.registry import lacks_its_extra
from ..reporters import Collected, Reporter, Summary
from ..rules import RULES
from ..rules.base import Rule
from ..rules.event import EVENT_CODES
from ..rules.internal import InternalError
from ..views import colour, printable
from . import outputs, reports
from .options import USAGE_ERROR, files_of, nothing_to_read, pipeline_from, pipeline_options
from .progress import Progress
from .replacing import Replacing

FORMATS = ("auto", *reports.REPORTS)


class _Commands(click.Group):
    """The commands; ``convert``, ``format`` and ``replay`` are imported when used, so that a plain check starts
    sooner."""

    LAZY = {"convert": ("bridgelint.cli.convert", "convert"), "replay": ("bridgelint.cli.replay", "replay"),
            "format": ("bridgelint.cli.format", "format_files")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.LAZY})

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # past click, which would make it exit 1
            raise _PipeClosed() from None

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.LAZY and name not in self.commands:
            module, attribute = self.LAZY[name]
            self.add_command(getattr(importlib.import_module(module), attribute))
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgelint")
def cli() -> None:
    """Lint and replay contract-bridge records (PBN and BBO LIN)."""


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Report format; html: a page for people (with --output-file); "
                   "auto: github under GitHub Actions (GITHUB_ACTIONS set), else text.")
@click.option("--output-file", "-o", metavar="FILE", help="Write the report to FILE instead of standard output.")
@click.option("--statistics", is_flag=True,
              help="Print a table of the findings per code (instead of the report, unless --output-file).")
@click.option("--show-info", is_flag=True, help="Also report info findings (legal but notable).")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default=None,
              help="Exit 1 on error findings (default) or on warnings too.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings (2 still for usage or internal errors).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Check files on N processes; 0: one per CPU.")
@click.option("--no-group", is_flag=True,
              help="Text: show every finding (by default a warning code firing many times in a file shows its first few; "
                   "errors are never grouped).")
@click.option("--quiet", "-q", is_flag=True, help="Text: print the verdict table only; no progress bar.")
@click.option("--color", "color", type=click.Choice(colour.WHEN), default="auto", show_default=True,
              help="Text: severities and verdicts in colour; auto: on a terminal, unless NO_COLOR is set.")
@click.option("--verbose", "-v", is_flag=True, help="Text: list the clean files in the verdict table too.")
@click.option("--max-annotations", type=click.IntRange(min=0), default=10, show_default=True,
              help="GitHub: at most N annotations of each kind (error, warning, notice) a run, the rest counted in "
                   "one notice and every error in the job summary; 0: all.")
@click.option("--across-files", is_flag=True,
              help="Events span the whole run: compare boards across all files (E101-E104), not file by file.")
@click.option("--fix", is_flag=True,
              help="Apply the safe fixes in place, check again, report what is left (- : the fixed text on "
                   "standard output, the report on standard error).")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff: apply the unsafe fixes too.")
@click.option("--diff", is_flag=True,
              help="Print the unified diff of what --fix would write, write nothing; exit 1 if something would "
                   "change.")
@click.option("--fix-to", metavar="DIR", type=click.Path(file_okay=False, exists=True),
              help="With --fix: write fixed archive members (.gz, zip members) into DIR.")
@click.option("--force", is_flag=True, help="With --fix-to: overwrite a file already in DIR.")
@click.option("--dd", is_flag=True,
              help="Solve each deal double dummy (DDS: pip install 'bridgelint[dd]') and check the record's tables "
                   "and results against it (O103, O105).")
@click.option("--no-cache", is_flag=True, help="With --dd: solve every deal, neither reading nor writing the cache.")
@click.option("--stdin-filename", metavar="NAME",
              help="The name standard input (-) is checked under: its configuration, per-file-ignores, format and "
                   "the report's paths follow it (an editor or a hook piping a file).")
@pipeline_options
def check(paths: tuple[str, ...], output_format: str, output_file: str | None, statistics: bool, show_info: bool,
          fail_on: str | None, exit_zero: bool, jobs: int, no_group: bool, quiet: bool, color: str, verbose: bool,
          max_annotations: int, across_files: bool, fix: bool, unsafe_fixes: bool, diff: bool, fix_to: str | None,
          force: bool, dd: bool, no_cache: bool, stdin_filename: str | None, **options: Any) -> None:
    """Check PBN and LIN files, directories (searched recursively) or - (standard input)."""
    pipeline = pipeline_from(options)
    stdin_name = stdin_filename if stdin_filename and "-" in paths else None  # standard input named
    paths = _named_input(paths, stdin_name)
    files = files_of(pipeline, [*pipeline.hand_records, *paths])  # the hand records are checked too, first
    if not files or not files_of(pipeline, paths):
        nothing_to_read(paths, pipeline)
    report_file = _open_output(output_file, files)  # before any work: a path that cannot be written ends here
    fixing = _fix_mode(fix, diff, unsafe_fixes, show_info, fix_to, force, files, pipeline.hand_records)
    stdin_path = stdin_name or "-"  # how the report names standard input
    fixed_out = fixing is not None and (diff or stdin_path in files)  # standard output: the diff or the fixed text
    output_format = _report_format(output_format)
    document = output_format != "text" and output_file is None and not statistics  # on standard output
    if document:
        printable.utf8(sys.stdout)  # the documents are UTF-8 (HTML, XML, JSON and GitHub's commands say so)
    # text: suits as symbols or letters, decided once for the whole run; a document is written as it is
    screen = printable.Printable("utf-8" if document else printable.encoding_of(sys.stdout))
    # standard input is read here, never in a worker; kept for the HTML report, which reads the boards again
    across = bool((across_files or pipeline.config.across_files) and pipeline.selected & EVENT_CODES)
    stdin_bytes = (sys.stdin.buffer.read() if stdin_name is not None or (output_format == "html" or
                   across and fixing is not None) and "-" in files else None)
    reference = pipeline.events.reference if pipeline.events is not None else None
    scope = EventScope(across, output_format == "json", reference)  # only JSON lists the events
    pipeline = replace(pipeline, events=scope, dd=_solving(dd or pipeline.config.dd, no_cache))
    if across and fixing is not None:  # what the files give together is known before any is fixed
        fixing = replace(fixing, held=_held_across(pipeline, files, jobs, stdin_path, stdin_bytes))
    progress = None if quiet else Progress.on_terminal(files)
    run = pipeline.files(files, jobs or parallel.cpu_count(), {stdin_path: io.BytesIO(stdin_bytes)} if stdin_bytes
                         is not None else None, progress.read if progress else None, fixing)
    fail_on = fail_on or pipeline.config.fail_on
    # colour where the text report goes: standard output (standard error when that holds the diff or the fixed
    # text), a file only with --color always
    paint = colour.wanted(sys.stderr if fixed_out else sys.stdout, color) if output_file is None else color == "always"
    real = {shown(p): p for p in files}  # reports show escaped names; the boards are read from the file
    reporter = reports.reporter(output_format, reports.ReportSettings(
        fail_on, not no_group, quiet, verbose, unsafe_fixes, paint, max_annotations, pipeline.config.docs_url,
        functools.partial(_records, pipeline, real, (stdin_path, stdin_bytes))))
    summary = Summary()
    met = _Met()
    with report_file as out, contextlib.closing(run):  # the workers are shut down here, in this thread
        sinks = _sinks(reporter, out, fixed_out, diff, output_file, statistics)

        def emit(report: FileReport) -> None:
            if not show_info:
                report.findings = [f for f in report.findings if f.severity != "info"]
            met.internal = met.internal or any(f.code == InternalError.code for f in report.findings)
            met.extra_missing = met.extra_missing or (not report.games
                                                      and lacks_its_extra(report.format))
            if fixing is not None:
                met.refused = _fixed(report, progress) or met.refused
            summary.add(report)
            for sink, to in sinks:
                _write(to, sink.file(report), progress, screen, paint)

        interrupted = _drain(run, emit, progress, met, summary)
        for report in run.end():  # the reports that waited for the end of the run
            emit(report)
        if scope.listed and run.events is not None and (events := run.events.summary()) is not None:
            summary.events = events
        for sink, to in sinks:
            _write(to, sink.end(summary), None, screen, paint)
    if output_format == "github" and os.environ.get("GITHUB_STEP_SUMMARY"):
        _job_summary(os.environ["GITHUB_STEP_SUMMARY"], reporter)
    click.echo(summary.line() + _fixes_said(summary, fixing), err=True)
    if interrupted is not None:
        click.echo(f"bridgelint: interrupted by {interrupted.name}: {summary.files} of {len(files)} files checked, "
                   "the report holds those", err=True)
        sys.exit(interrupted.status)
    if met.failed(summary):
        sys.exit(USAGE_ERROR)
    if diff:  # whatever findings remain
        sys.exit(1 if summary.fixed else 0)
    sys.exit(1 if summary.fail(fail_on) and not exit_zero else 0)


def _named_input(paths: tuple[str, ...], stdin_name: str | None) -> tuple[str, ...]:
    """The paths, standard input (``-``) named as ``--stdin-filename`` says, if it does."""
    return paths if stdin_name is None else tuple(stdin_name if path == "-" else path for path in paths)


def _report_format(output_format: str) -> str:
    """The report asked for: ``auto`` is GitHub's annotations in a GitHub Actions job, else text."""
    if output_format == "auto":
        return "github" if os.environ.get("GITHUB_ACTIONS") else "text"
    return output_format


def _sinks(reporter: Reporter, out: TextIO | None, fixed_out: bool, diff: bool, output_file: str | None,
           statistics: bool) -> list[tuple[Reporter, TextIO | None]]:
    """Each reporter of the run and where it writes (None: standard output): the report (to standard error when
    standard output holds the diff or the fixed text; none when the diff is all there is to show), and the
    statistics table on standard output (the report then only into --output-file)."""
    if fixed_out and out is None:
        out = sys.stderr
    if diff and output_file is None:  # the diff alone on standard output, no report
        return []
    sinks: list[tuple[Reporter, TextIO | None]] = []
    if output_file is not None or not statistics:
        sinks.append((reporter, out))
    if statistics:
        sinks.append((Collected(reports.render("statistics")), None))
    return sinks


@dataclass
class _Met:
    """What a run met that ends it with status 2."""

    internal: bool = False  # an internal error (X001)
    unreadable: bool = False  # a path that could not be read
    extra_missing: bool = False  # a file not read for want of an extra (BWS)
    refused: bool = False  # a fixed file that was not written

    def failed(self, summary: Summary) -> bool:
        """Whether the run ends with status 2: a BWS unread counts only when nothing else was checked."""
        return self.unreadable or self.internal or self.refused or (self.extra_missing and not summary.games)


def _drain(run: Any, emit: Callable[[FileReport], None], progress: Progress | None, met: _Met,
           summary: Summary) -> interrupt.Interrupted | None:
    """Each file's report emitted as the run gives it, unreadable paths said on standard error; the signal that
    stopped the run, if one did (the files finished so far make the report)."""
    with progress or contextlib.nullcontext():  # the bar is wiped however the loop ends
        try:
            for result in run:
                report = result.report
                if report.unreadable:  # on standard error, and in the report as a file that was not checked
                    _say(f"bridgelint: {report.path}: {report.unreadable}", progress)
                    met.unreadable = True
                if not run.waiting:
                    emit(report)
                if progress is not None:
                    progress.file_done(report)
        except BrokenExecutor as error:  # a worker process died (killed, out of memory)
            _say(f"bridgelint: a worker process died while checking files: {error}", progress)
            sys.exit(USAGE_ERROR)
        except interrupt.Interrupted as stop:
            interrupt.ending()
            run.close()  # the workers stop
            summary.interrupted = stop.name
            return stop
    return None


def _records(pipeline: Pipeline, real: dict[str, str], stdin: tuple[str, bytes | None], path: str
             ) -> Generator[Record, None, None]:
    """The records of a file as its report shows its path, for the HTML report to draw: read again down the
    road (standard input, named ``stdin[0]``, from the bytes kept)."""
    streams = {path: io.BytesIO(stdin[1] or b"")} if path == stdin[0] else None
    drawing = replace(pipeline, dd=None)  # the deals need no solving to be drawn
    with contextlib.closing(drawing.files([real.get(path, path)], streams=streams)) as run:
        for result in run:
            yield from (checked.record for checked in result)


def _held_across(pipeline: Pipeline, files: list[str], jobs: int, stdin_path: str, stdin_bytes: bytes | None
                 ) -> frozenset[tuple[str, int]]:
    """The games a check across ``files`` finds needing a person (a board fouled across files), as (path shown,
    game): ``--fix --across-files`` leaves them as they are."""
    streams = {stdin_path: io.BytesIO(stdin_bytes)} if stdin_bytes is not None else None
    with contextlib.closing(pipeline.files(files, jobs or parallel.cpu_count(), streams)) as run:
        for result in run:
            result.finish()
        reports = run.end()
    return frozenset((report.path, f.game) for report in reports for f in report.findings
                     if f.code in NEEDS_A_PERSON and f.game is not None)


def _fix_mode(fix: bool, diff: bool, unsafe_fixes: bool, show_info: bool, fix_to: str | None, force: bool,
              files: list[str], hand_records: Iterable[str]) -> FixMode | None:
    """How the run fixes (None: it does not); two archive members that would be written to one file of
    ``--fix-to`` end the run as a usage error."""
    if not (fix or diff):
        return None
    if fix_to is not None and not diff:
        _no_collisions(files, fix_to)
    return FixMode(unsafe_fixes, diff, show_info, fix_to, force=force, kept=_kept(hand_records))


def _kept(hand_records: Iterable[str]) -> frozenset[tuple[int, int]]:
    """The files ``--fix`` never rewrites, by (device, inode): the hand records, standard input's source."""
    kept = set()
    for path in hand_records:
        with contextlib.suppress(OSError):
            status = os.stat(path)
            kept.add((status.st_dev, status.st_ino))
    with contextlib.suppress(OSError, ValueError, AttributeError):
        status = os.fstat(sys.stdin.fileno())
        if stat.S_ISREG(status.st_mode):
            kept.add((status.st_dev, status.st_ino))
    return frozenset(kept)


def _no_collisions(files: list[str], into: str) -> None:
    """A usage error when two archive members would be written to one file of ``--fix-to``."""
    for target, sources in fix_to_targets(files, into).items():
        if len(sources) > 1:
            raise click.UsageError(f"--fix-to: {shown(sources[0])} and {shown(sources[1])} would both be written to "
                                   f"{shown(target)}; fix them into separate folders")


def _fixed(report: FileReport, progress: Progress | None) -> bool:
    """What fixing a file gave: the diff or the fixed text on standard output, a note on standard error.  True
    when the fixed file was not written (an error: said on standard error)."""
    for data in (report.diff, report.fixed_text):
        if data:
            if progress is not None:
                progress.clear()
            sys.stdout.flush()
            binary = getattr(sys.stdout, "buffer", None)
            if binary is None:  # a text stream without bytes beneath (embedded): the bytes as characters
                sys.stdout.write(data.decode("utf-8", "surrogateescape"))
            else:
                binary.write(data)
                binary.flush()
    if report.fix_note:
        _say(f"bridgelint: {report.path}: {report.fix_note}", progress)
    if report.fix_error:
        _say(f"bridgelint: {report.path}: {report.fix_error}", progress)
    return report.fix_error is not None


def _fixes_said(summary: Summary, fixing: FixMode | None) -> str:
    if fixing is None:
        return ""
    fixes = f"{summary.fixed:,} fix{'es' * (summary.fixed != 1)}"
    return f"; {fixes} {'would be applied' if fixing.diff else 'applied'}"


def _job_summary(path: str, reporter: Reporter) -> None:
    """Append the verdict table and every error in Markdown to the job summary of GitHub Actions; a failure to
    write is said."""
    from ..reporters.github import GithubReporter

    assert isinstance(reporter, GithubReporter)
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(reporter.summary())
    except OSError as error:
        click.echo(f"bridgelint: GITHUB_STEP_SUMMARY {shown(path)}: {error.strerror or error}", err=True)


def _solving(dd: bool, no_cache: bool) -> str | None:
    """Where a run that solves deals keeps its cache ("": none); None: the run solves none.  Without the solver
    installed, say what to install and end with status 2, nothing checked."""
    if not dd:
        return None
    from ..engine import solver

    try:
        solver.require()
    except solver.SolverMissing as missing:
        click.echo(f"bridgelint: {missing}", err=True)
        sys.exit(USAGE_ERROR)
    directory = None if no_cache else solver.cache_dir()
    return str(directory) if directory is not None else ""


def _open_output(output_file: str | None, inputs: list[str]) -> ContextManager[TextIO | None]:
    """The report's destination: --output-file (UTF-8, replaced whole when the run ends: :mod:`.replacing`),
    else standard output (not closed; also for ``-``).

    An output that is one of the inputs, or whose directory is missing, is refused with exit status 2.
    """
    if output_file is None or output_file == "-":
        return contextlib.nullcontext(None)
    try:
        outputs.check_file(output_file, inputs)
        return cast("ContextManager[TextIO]", Replacing(output_file, "w", encoding="utf-8", newline=""))
    except (outputs.OutputError, OSError) as error:
        reason = f"{shown(output_file)}: {error.strerror or error}" if isinstance(error, OSError) else error
        click.echo(f"bridgelint: {reason}", err=True)
        sys.exit(USAGE_ERROR)


def _say(message: str, progress: Progress | None) -> None:
    """A message on standard error, the progress bar wiped first."""
    if progress is not None:
        progress.clear()
    click.echo(printable.visible(message), err=True)


def _write(out: TextIO | None, text: str | Iterable[str], progress: Progress | None, screen: printable.Printable,
           paint: bool = False) -> None:
    """Write ``text`` to the report at once (None: standard output, in what its encoding holds), the progress
    bar wiped from a terminal; ``paint``: its colours kept, whatever the output.  A long document comes as its
    pieces, each written as it comes."""
    if not isinstance(text, str):
        for piece in text:
            _write(out, piece, progress, screen, paint)
        return
    if not text:
        return
    if out is None:
        if progress is not None and sys.stdout.isatty():
            progress.clear()
        text = screen(text)
        for at in range(0, len(text), CHUNK):  # one write each: a reader gone (| head) is heard of at the next
            click.echo(text[at:at + CHUNK], nl=False, color=True if paint else None)
    else:
        out.write(text)
        out.flush()


@cli.command("rules")
def list_rules() -> None:
    """Print the rule catalogue."""
    click.echo(_catalogue(RULES.values()))


@cli.command("rule")
@click.argument("code")
def show_rule(code: str) -> None:
    """Print the documentation of one rule (A103), or list the rules of a family or prefix (A, A10)."""
    code = code.strip().upper()
    rule = RULES.get(code)
    if rule is not None:
        click.echo(rule.text())
        return
    family = [r for c, r in RULES.items() if code and c.startswith(code)]
    if not family:
        raise click.UsageError(f"unknown rule code or prefix {code!r}; `bridgelint rules` lists them")
    click.echo(_catalogue(family))


def _catalogue(rules: Iterable[type[Rule]]) -> str:
    """The rules as a table, fitted to the terminal (the descriptions wrapped)."""
    from ..reporters.width import tabulated, terminal_width

    rows = [[r.code, r.name, r.severities(), r.fixable or "", r.law or "", r.summary()] for r in rules]
    return tabulated(rows, ("code", "name", "severity", "fix", "reference", "what"), terminal_width(),
                     squeeze={5: "wrap", 2: "wrap", 4: "wrap"})


def main() -> None:
    """Entry point: click's own errors exit 2, never 1; SIGINT, SIGTERM and SIGHUP exit 130, 143 and 129
    (:mod:`.interrupt`); a reader of standard output that goes away (``| head``) ends the run quietly with 141,
    as SIGPIPE ends the Unix tools; a write error (a full disk) is one line and exit 2."""
    interrupt.catch()
    printable.never_fail(sys.stdout)  # a character the output cannot hold is escaped, never a traceback
    try:
        try:
            cli.main(standalone_mode=False)
        finally:
            sys.stdout.flush()  # here, where its errors are caught, not at exit
    except (BrokenPipeError, _PipeClosed):
        _no_more_output()
        sys.exit(PIPE_CLOSED)
    except OSError as error:  # what could not be written: a report, a converted file, standard output
        _no_more_output()
        click.echo(f"bridgelint: {shown(error.filename) if error.filename else 'standard output'}: "
                   f"{error.strerror or error}", err=True)
        sys.exit(USAGE_ERROR)
    except interrupt.Interrupted as stop:
        interrupt.ending()
        click.echo(f"bridgelint: interrupted by {stop.name}", err=True)
        sys.exit(stop.status)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.ClickException as error:
        error.show()
        sys.exit(USAGE_ERROR)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(USAGE_ERROR)
    sys.exit(0)


PIPE_CLOSED = 128 + 13  # SIGPIPE's number on every Unix
CHUNK = 1 << 16  # characters of a report written to standard output at a time


class _PipeClosed(Exception):
    """The reader of standard output went away (``| head``)."""


def _no_more_output() -> None:
    """Standard output to /dev/null: what is still buffered for it is dropped, at exit too, without a second
    error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no standard output to replace
        pass
