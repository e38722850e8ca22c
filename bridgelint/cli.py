"""The command line: ``bridgelint check``, ``bridgelint rules``, ``bridgelint rule``.

Exit status of ``check``: 0 no error findings, 1 error findings, 2 usage
error, unreadable path or internal error (X001).  Reports go to standard
output, everything else to standard error.
"""

from __future__ import annotations

import os
import sys
from typing import Iterator

import click
from tabulate import tabulate

from . import __version__
from .linter import FileReport, Linter
from .reporters import Summary
from .reporters import json as json_reporter
from .reporters import text as text_reporter
from .rules import RULES

EXTENSIONS = (".pbn", ".lin")
REPORTERS = {"text": text_reporter.render, "json": json_reporter.render}
USAGE_ERROR = 2


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgelint")
def cli() -> None:
    """Lint and replay contract-bridge records (PBN and BBO LIN)."""


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "output_format", type=click.Choice(sorted(REPORTERS)), default="text",
              show_default=True, help="Report format.")
@click.option("--show-info", is_flag=True, help="Also report info findings (legal but notable).")
@click.option("--input-format", type=click.Choice(["pbn", "lin"]), default=None,
              help="Read every input as this format (default: by extension, else by content).")
def check(paths: tuple[str, ...], output_format: str, show_info: bool, input_format: str | None) -> None:
    """Check PBN and LIN files, directories (searched recursively) or - (standard input)."""
    linter = Linter()
    reports: list[FileReport] = []
    unreadable = False
    for path in expand_paths(paths):
        if path == "-":
            report = linter.check_stream("-", sys.stdin.buffer, input_format)
        else:
            report = linter.check_file(path, input_format)
        if report.unreadable:
            click.echo(f"bridgelint: {path}: {report.unreadable}", err=True)
            unreadable = True
            continue
        if not show_info:
            report.findings = [f for f in report.findings if f.severity != "info"]
        reports.append(report)
    summary = Summary.of(reports)
    click.echo(REPORTERS[output_format](reports, summary), nl=False)
    click.echo(summary.line(), err=True)
    internal = any(f.code == "X001" for r in reports for f in r.findings)
    sys.exit(USAGE_ERROR if unreadable or internal else (1 if summary.errors else 0))


def expand_paths(paths: tuple[str, ...]) -> Iterator[str]:
    """Files as given; directories searched recursively for .pbn and .lin files, in sorted order."""
    for path in paths:
        if path != "-" and os.path.isdir(path):
            found = []
            for root, dirs, files in os.walk(path):
                dirs.sort()
                found.extend(os.path.join(root, name) for name in files if name.lower().endswith(EXTENSIONS))
            yield from sorted(found)
        else:
            yield path


@cli.command("rules")
def list_rules() -> None:
    """Print the rule catalogue."""
    rows = [(r.code, r.name, r.severity, r.law or "", r.summary()) for r in RULES.values()]
    click.echo(tabulate(rows, headers=("code", "name", "severity", "reference", "what"), disable_numparse=True))


@cli.command("rule")
@click.argument("code")
def show_rule(code: str) -> None:
    """Print the documentation of one rule."""
    rule = RULES.get(code.upper())
    if rule is None:
        raise click.UsageError(f"unknown rule code {code!r}; `bridgelint rules` lists them")
    click.echo(f"{rule.code} {rule.name} ({rule.severity})\n")
    click.echo(rule.doc())


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
