"""``bridgelint convert``: LIN and PBN to PBN 2.1 export format or to JSON.

Every record is converted as faithfully as it can be, errors and all; the
findings of the input (errors and warnings) go to standard error in the
format of ``bridgelint check``.  Exit status: 0 converted, 2 usage error or
an unreadable path.
"""

from __future__ import annotations

import io
import os
import sys
from contextlib import ExitStack
from typing import BinaryIO

import click

from ..linter import FileReport, Linter
from ..readers import open_reader
from ..reporters import text as text_reporter
from ..rules.base import Context
from .json_writer import JsonWriter
from .pbn_writer import PbnWriter

EXTENSIONS = {"pbn": ".pbn", "json": ".json"}


@click.command("convert")
@click.argument("paths", nargs=-1, required=True)
@click.option("--to", "target", type=click.Choice(sorted(EXTENSIONS)), required=True,
              help="Output format: PBN 2.1 export format, or JSON of the record model.")
@click.option("-o", "--output", default=None,
              help="Output file; an existing directory gets one file per input. Default: standard output.")
@click.option("--input-format", type=click.Choice(["pbn", "lin"]), default=None,
              help="Read every input as this format (default: by extension, else by content).")
def convert(paths: tuple[str, ...], target: str, output: str | None, input_format: str | None) -> None:
    """Convert PBN and LIN files (directories searched recursively, - for standard input) to PBN or JSON."""
    from ..cli import expand_paths

    linter = Linter()
    inputs = list(expand_paths(paths))
    per_file = output is not None and os.path.isdir(output)
    unreadable = False
    with ExitStack() as stack:
        sink = None
        if not per_file:
            sink = _Sink(target, _open_output(output, stack))
        for path in inputs:
            try:
                stream = sys.stdin.buffer if path == "-" else stack.enter_context(open(path, "rb"))
            except OSError as error:
                click.echo(f"bridgelint: {path}: {error.strerror or error}", err=True)
                unreadable = True
                continue
            if per_file:
                name = "stdin" if path == "-" else os.path.splitext(os.path.basename(path))[0]
                with open(os.path.join(output, name + EXTENSIONS[target]), "wb") as out:
                    file_sink = _Sink(target, out)
                    convert_stream(path, stream, file_sink, linter, input_format)
                    file_sink.close()
            else:
                convert_stream(path, stream, sink, linter, input_format)
        if sink is not None:
            sink.close()
    sys.exit(2 if unreadable else 0)


def convert_stream(path: str, stream: BinaryIO, sink: "_Sink", linter: Linter, fmt: str | None = None) -> FileReport:
    """Convert the records of one input into ``sink``; its findings are printed to standard error."""
    reader = open_reader(stream, path, fmt)
    report = FileReport(path, reader.format)
    for record in reader:
        report.games += 1
        ctx = Context(record)
        findings = linter.check_record(record, ctx)
        report.findings.extend(findings)
        sink.write(record, ctx, findings, path)
    report.findings.extend(linter.complete(reader.file_findings))
    report.findings.sort(key=lambda f: (f.line, f.column, f.code))
    for f in report.findings:
        if f.severity in ("error", "warning"):
            click.echo(text_reporter.line(path, f), err=True, nl=False)
    return report


class _Sink:
    """One output: a PBN file (header then games) or a JSON document."""

    def __init__(self, target: str, stream: BinaryIO):
        self.target = target
        if target == "pbn":
            self.pbn = PbnWriter(stream)
        else:
            self.text = io.TextIOWrapper(stream, encoding="utf-8", newline="\n", write_through=True)
            self.json = JsonWriter(self.text)

    def write(self, record, ctx, findings, path) -> None:
        if self.target == "pbn":
            self.pbn.write(record, ctx)
        else:
            self.json.write(record, findings, path)

    def close(self) -> None:
        if self.target == "pbn":
            self.pbn.header()  # a file without games still says what it is
        else:
            self.json.close()
            self.text.detach()


def _open_output(output: str | None, stack: ExitStack) -> BinaryIO:
    if output is None or output == "-":
        return sys.stdout.buffer
    return stack.enter_context(open(output, "wb"))
