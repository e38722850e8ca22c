"""``bridgelint convert``: any input to PBN 2.1 export format or to JSON; hand records to DLM or DUP.

Every record is converted as faithfully as it can be, errors and all; the
findings of the input (errors and warnings) go to standard error in the
format of ``bridgelint check``, selected and suppressed as ``check`` does
(``--select``, ``--ignore``, the configuration, ``% bridgelint: disable=``).
Output paths are checked before anything is read (:mod:`bridgelint.outputs`):
an input is never overwritten, nor an existing file without ``--force``.
Exit status: 0 converted, 2 usage error, an output refused, an unreadable path, or input lost (an
archive damaged or over a limit, S115 or S116: what could be read is converted).  Each output file is
written whole or not at all (:mod:`bridgelint.replacing`).
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import ExitStack, closing
from dataclasses import replace
from typing import Any, BinaryIO, cast

import click

from ..convert.writers import WRITERS, Output
from ..engine.inputs import shown
from ..engine.run import FileResult
from ..reporters import text as text_reporter
from ..views.printable import visible
from . import outputs
from .options import USAGE_ERROR, files_of, nothing_to_read, pipeline_from, pipeline_options
from .replacing import Replacing


@click.command("convert")
@click.argument("paths", nargs=-1, required=True)
@click.option("--to", "target", type=click.Choice(sorted(WRITERS)), required=True,
              help="Output format: PBN 2.1 export format, JSON of the record model, or a dealing machine's "
                   "DLM or DUP (the deal of each board number, checksums computed).")
@click.option("-o", "--output", default=None,
              help="Output file; an existing directory gets one file per input, at the input's path below the "
                   "path named. Default: standard output.")
@click.option("--force", is_flag=True, help="Overwrite output files that exist.")
@click.option("--no-group", is_flag=True, help="List every warning on standard error (every error always is).")
@pipeline_options
def convert(paths: tuple[str, ...], target: str, output: str | None, force: bool, no_group: bool,
            **options: Any) -> None:
    """Convert input files (directories searched recursively, - for standard input) to PBN, JSON, DLM or DUP."""
    pipeline = pipeline_from(options)
    inputs = [(named, path) for named in paths for path in files_of(pipeline, [named])]
    if not inputs:
        nothing_to_read(paths, pipeline)
    per_file = output is not None and os.path.isdir(output)
    try:  # every output path is checked before anything is read or written
        if per_file and output is not None:
            planned = outputs.per_input(output, inputs, WRITERS[target].extension, force)
        elif output is not None and output != "-":
            outputs.check_file(output, [path for _, path in inputs], force)
    except outputs.OutputError as error:
        click.echo(f"bridgelint: {error}", err=True)
        sys.exit(USAGE_ERROR)
    unreadable = lost = False
    with ExitStack() as stack:
        sink = None if per_file else WRITERS[target].open(_open_output(output, stack))
        for result in stack.enter_context(closing(pipeline.files([path for _, path in inputs]))):
            if not result.opened:  # unreadable, or a zip that cannot be read by members: S115, S116
                report = result.report
                if report.unreadable:
                    click.echo(f"bridgelint: {report.path}: {report.unreadable}", err=True)
                    unreadable = True
                else:
                    for f in report.findings:
                        click.echo(visible(text_reporter.line(report.path, f)), err=True, nl=False)
                    lost = True
                continue
            if per_file:
                with ExitStack() as one:
                    file_sink = WRITERS[target].open(_open_output(planned[result.path], one, parents=True))
                    lost |= convert_file(result, file_sink, not no_group)
                    _close(file_sink)
            elif sink is not None:
                lost |= convert_file(result, sink, not no_group)
        if sink is not None:
            _close(sink)
    if lost:
        click.echo("bridgelint: input was lost (S115, S116 above): what could be read is converted", err=True)
    sys.exit(USAGE_ERROR if unreadable or lost else 0)


def convert_file(result: FileResult, sink: Output, group: bool = True) -> bool:
    """Convert the records of one input into ``sink``; its errors and warnings, those of unpacking it too, are
    printed to standard error, grouped as ``check`` groups them (every error a line; ``group`` false: every
    warning too).  True when input was lost (an archive damaged or over a limit)."""
    for checked in result:
        sink.write(checked.record, checked.replays, checked.findings, result.name)
    told = replace(result.report, path=result.name,
                   findings=[f for f in result.report.findings if f.severity in ("error", "warning")])
    click.echo(visible(text_reporter.file_lines(told, group)), err=True, nl=False)  # grouped as check groups them
    return result.lost


def _close(sink: Output) -> None:
    """Finish an output file, telling what its writer has to say."""
    for note in sink.close():
        click.echo(f"bridgelint: {note}", err=True)


class _OnTerminal(io.RawIOBase):
    """Standard output on a terminal: a record's text shown there, never obeyed (:func:`visible`: a control
    character, an OSC or CSI sequence shown escaped)."""

    def __init__(self, out: BinaryIO):
        self.out = out

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.out.write(visible(bytes(data).decode("utf-8", "surrogateescape")).encode("utf-8"))
        return len(data)

    def flush(self) -> None:
        self.out.flush()


def _open_output(output: str | None, stack: ExitStack, parents: bool = False) -> BinaryIO:
    """Standard output, or the file ``output`` (its directories made when ``parents``); a failure ends with exit 2."""
    if output is None or output == "-":
        return cast(BinaryIO, _OnTerminal(sys.stdout.buffer)) if sys.stdout.isatty() else sys.stdout.buffer
    try:
        if parents:
            os.makedirs(os.path.dirname(output), exist_ok=True)
        return cast(BinaryIO, stack.enter_context(Replacing(output)))  # replaced whole once converted, or left as it was
    except OSError as error:
        click.echo(f"bridgelint: {shown(output)}: {error.strerror or error}", err=True)
        sys.exit(USAGE_ERROR)
