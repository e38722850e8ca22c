"""The command line: ``bridgelint check``, ``bridgelint rules``, ``bridgelint rule``.

Exit status of ``check``: 0 no error findings, 1 error findings, 2 usage
error, unreadable path or internal error (X001).  Reports go to standard
output, everything else to standard error.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from concurrent.futures import BrokenExecutor
from typing import Iterable, Iterator, TextIO

import click
from tabulate import tabulate

from . import __version__, parallel
from .config import FAIL_ON, ConfigError, discover, file_codes, is_excluded, selection
from .linter import FileReport
from .reporters import Collected, Reporter, Summary
from .reporters import github as github_reporter
from .reporters import json as json_reporter
from .reporters import junit as junit_reporter
from .reporters import sarif as sarif_reporter
from .reporters import statistics as statistics_reporter
from .reporters.text import TextReporter
from .rules import RULES
from .rules.base import Rule
from .rules.internal import InternalError

EXTENSIONS = (".pbn", ".lin")
DOCUMENTS = {"json": json_reporter.render, "github": github_reporter.render, "sarif": sarif_reporter.render,
             "junit": junit_reporter.render}
FORMATS = ("auto", "text", *DOCUMENTS)
USAGE_ERROR = 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgelint")
def cli() -> None:
    """Lint and replay contract-bridge records (PBN and BBO LIN)."""


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Report format; auto: github under GitHub Actions (GITHUB_ACTIONS set), else text.")
@click.option("--output-file", "-o", metavar="FILE", help="Write the report to FILE instead of standard output.")
@click.option("--statistics", is_flag=True,
              help="Print a table of the findings per code (instead of the report, unless --output-file).")
@click.option("--show-info", is_flag=True, help="Also report info findings (legal but notable).")
@click.option("--select", multiple=True, metavar="CODES", help="Check only these codes or prefixes (comma-separated).")
@click.option("--extend-select", multiple=True, metavar="CODES", help="Also check these codes or prefixes.")
@click.option("--ignore", multiple=True, metavar="CODES", help="Do not check these codes or prefixes.")
@click.option("--fail-on", type=click.Choice(FAIL_ON), default=None,
              help="Exit 1 on error findings (default) or on warnings too.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings (2 still for usage or internal errors).")
@click.option("--config", "config_file", metavar="FILE",
              help="Read the configuration from FILE (default: the nearest bridgelint.toml or pyproject.toml).")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, show_default=True,
              help="Check files on N processes; 0: one per CPU.")
@click.option("--input-format", type=click.Choice(["pbn", "lin"]), default=None,
              help="Read every input as this format (default: by extension, else by content).")
@click.option("--no-group", is_flag=True,
              help="Text: show every finding (by default a code firing many times in a file shows its first few).")
@click.option("--quiet", "-q", is_flag=True, help="Text: print the verdict table only; no progress bar.")
@click.option("--verbose", "-v", is_flag=True, help="Text: list the clean files in the verdict table too.")
def check(paths: tuple[str, ...], output_format: str, output_file: str | None, statistics: bool, show_info: bool,
          select: tuple[str, ...], extend_select: tuple[str, ...], ignore: tuple[str, ...], fail_on: str | None,
          exit_zero: bool, config_file: str | None, isolated: bool, jobs: int, input_format: str | None,
          no_group: bool, quiet: bool, verbose: bool) -> None:
    """Check PBN and LIN files, directories (searched recursively) or - (standard input)."""
    try:
        config = discover(RULES, config_file, isolated)
        selected = selection(RULES, config, select, extend_select, ignore)
    except ConfigError as error:
        click.echo(f"bridgelint: {error}", err=True)
        sys.exit(USAGE_ERROR)
    files = [p for p in expand_paths(paths) if not is_excluded(p, config)]
    stdin = {i: parallel.linter_for(selected).check_stream("-", sys.stdin.buffer, input_format)
             for i, p in enumerate(files) if p == "-"}  # read here, never in a worker
    checked = parallel.check_files([(p, file_codes(p, selected, config), input_format) for p in files if p != "-"],
                                   jobs or parallel.cpu_count())
    if output_format == "auto":
        output_format = "github" if os.environ.get("GITHUB_ACTIONS") else "text"
    fail_on = fail_on or config.fail_on
    reporter = (TextReporter(not no_group, quiet, verbose, fail_on) if output_format == "text"
                else Collected(DOCUMENTS[output_format]))
    sinks: list[tuple[Reporter, TextIO | None]] = []  # each reporter and where it writes (None: standard output)
    summary = Summary()
    internal = unreadable = False
    with _open_output(output_file) as out:
        if output_file is not None or not statistics:
            sinks.append((reporter, out))
        if statistics:  # the table on standard output; the report only into --output-file
            sinks.append((Collected(statistics_reporter.render), None))
        for i, path in enumerate(files):
            try:
                report = stdin[i] if i in stdin else next(checked)
            except BrokenExecutor as error:  # a worker process died (killed, out of memory)
                click.echo(f"bridgelint: a worker process died while checking files: {error}", err=True)
                sys.exit(USAGE_ERROR)
            if report.unreadable:
                click.echo(f"bridgelint: {path}: {report.unreadable}", err=True)
                unreadable = True
                continue
            if not show_info:
                report.findings = [f for f in report.findings if f.severity != "info"]
            internal = internal or any(f.code == InternalError.code for f in report.findings)
            summary.add(report)
            for sink, to in sinks:
                _write(to, sink.file(report))
        for sink, to in sinks:
            _write(to, sink.end(summary))
    click.echo(summary.line(), err=True)
    if unreadable or internal:
        sys.exit(USAGE_ERROR)
    failing = summary.errors or (fail_on == "warning" and summary.warnings)
    sys.exit(1 if failing and not exit_zero else 0)


def _open_output(output_file: str | None):
    """The report's destination: --output-file (UTF-8), else standard output (not closed)."""
    if output_file is None:
        return contextlib.nullcontext(None)
    try:
        return open(output_file, "w", encoding="utf-8", newline="")
    except OSError as error:
        click.echo(f"bridgelint: {output_file}: {error.strerror or error}", err=True)
        sys.exit(USAGE_ERROR)


def _write(out, text: str) -> None:
    """Write ``text`` to the report at once (None: standard output)."""
    if not text:
        return
    if out is None:
        click.echo(text, nl=False)
    else:
        out.write(text)
        out.flush()


def expand_paths(paths: tuple[str, ...]) -> Iterator[str]:
    """Files as given; directories searched recursively for .pbn and .lin files, in sorted order.

    Symbolic links to directories are not followed (no loops); files that are no regular file (FIFOs, devices,
    sockets) are skipped; a directory that cannot be listed is yielded itself, so that reading it says why.
    """
    for path in paths:
        if path != "-" and os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path, onerror=lambda error: found.append(error.filename)):
                dirs.sort()
                found.extend(full for name in files
                             if name.lower().endswith(EXTENSIONS) and _walked_file(full := os.path.join(root, name)))
            yield from sorted(found)
        else:
            yield path


def _walked_file(path: str) -> bool:
    """Whether a file found in a directory is read: a regular file, or a path whose reading will say what is wrong."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


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
        click.echo(f"{rule.code} {rule.name} ({rule.severity})\n")
        click.echo(rule.doc())
        return
    family = [r for c, r in RULES.items() if code and c.startswith(code)]
    if not family:
        raise click.UsageError(f"unknown rule code or prefix {code!r}; `bridgelint rules` lists them")
    click.echo(_catalogue(family))


def _catalogue(rules: Iterable[type[Rule]]) -> str:
    rows = [(r.code, r.name, r.severity, r.law or "", r.summary()) for r in rules]
    return tabulate(rows, headers=("code", "name", "severity", "reference", "what"), disable_numparse=True)


from .convert.command import convert as _convert  # noqa: E402  (these modules import cli lazily)
from .show import replay as _replay  # noqa: E402

cli.add_command(_convert)
cli.add_command(_replay)


def main() -> None:
    """Entry point: click's own errors exit 2, never 1."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.ClickException as error:
        error.show()
        sys.exit(USAGE_ERROR)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(USAGE_ERROR)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(0)
