"""``bridgelint format``: PBN files written in export format, as ``ruff format`` stands apart from
``ruff check --fix``.

Each file is rewritten in place (whole or not at all, its mode and owner kept) when its export format differs
from it, read once and replaced only if it is still that file, as ``check --fix`` does (:class:`.fixing.Snapshot`:
no FIFO, read-only file, file with other hard links or another user's file is rewritten);
``--check`` writes nothing and exits 1 when a file would change; ``--diff`` prints the patch of the file's own
bytes, which ``patch -p1`` applies, and exits 1 likewise.  Standard input (``-``) is written to standard output.
Files of other formats (LIN, dealing-machine files: told as ``check`` tells them) and archive members are left as
they are, and said so.  Exit status: 0 nothing (more) to change, 1 a file would change (``--check``, ``--diff``),
2 usage error, an unreadable path or a file not rewritten.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from ..engine.diffing import unified_diff
from ..engine.fixing import Refused, Snapshot
from ..engine.formatting import formatted
from ..engine.inputs import is_archive, shown
from ..formats.registry import SNIFF_BYTES, format_from_content, format_from_name, has_layout
from ..reporters import text as text_reporter
from .options import USAGE_ERROR, files_of, nothing_to_read, pipeline_from, pipeline_options


@click.command("format")
@click.argument("paths", nargs=-1, required=True)
@click.option("--check", "check_only", is_flag=True, help="Write nothing; exit 1 when a file would change.")
@click.option("--diff", is_flag=True,
              help="Write nothing; print the patch (the file's own bytes and line ends); exit 1 when a file would "
                   "change.")
@pipeline_options
def format_files(paths: tuple[str, ...], check_only: bool, diff: bool, **options: Any) -> None:
    """Write PBN files (directories searched recursively, - for standard input) in PBN export format."""
    pipeline = pipeline_from(options)
    files = files_of(pipeline, paths)
    if not files:
        nothing_to_read(paths, pipeline)
    changed = unchanged = 0
    unreadable = False
    for path in files:
        if path != "-" and is_archive(path):
            click.echo(f"bridgelint: {shown(path)}: an archive, left as it is: format its files unpacked", err=True)
            continue
        try:
            snapshot, data = _read(path)
        except (Refused, OSError) as error:
            said = _said(error) if isinstance(error, Refused) else error.strerror or error
            click.echo(f"bridgelint: {shown(path)}: {said}", err=True)
            unreadable = True
            continue
        fmt = pipeline.fmt or format_from_name(path) or format_from_content(data[:SNIFF_BYTES])
        if not has_layout(fmt):
            click.echo(f"bridgelint: {shown(path)}: a {fmt.upper()} file, left as it is (bridgelint convert --to pbn "
                       "writes it as PBN)", err=True)
            continue
        written, report = formatted(pipeline, path, data)
        for finding in report.findings:  # what the layout could not mend
            click.echo(text_reporter.line(report.path, finding), err=True, nl=False)
        if path == "-" and not check_only and not diff:
            sys.stdout.buffer.write(written)
            continue
        if written == data:
            unchanged += 1
            continue
        changed += 1
        if diff:
            sys.stdout.buffer.write(unified_diff(path, data, written))
        elif check_only:
            click.echo(f"would reformat {shown(path)}")
        elif snapshot is not None:
            unreadable = not _rewritten(path, snapshot, written) or unreadable
    done = "would be reformatted" if check_only or diff else "reformatted"
    click.echo(f"{changed} file{'s' * (changed != 1)} {done}, {unchanged} left unchanged", err=True)
    if unreadable:
        sys.exit(USAGE_ERROR)
    sys.exit(1 if changed and (check_only or diff) else 0)


def _said(refused: Refused) -> str:
    """Why a file is not rewritten, as ``format`` says it."""
    return str(refused).replace("not fixed", "not formatted").replace("being fixed", "being formatted")


def _read(path: str) -> tuple[Snapshot | None, bytes]:
    """A file's bytes, and its snapshot (None for standard input): read once, rewritten only if it is still that
    file.  Raises Refused for a file that may not be rewritten, OSError for one that cannot be read."""
    if path == "-":
        with os.fdopen(os.dup(sys.stdin.fileno()), "rb") as source:
            return None, source.read()
    snapshot = Snapshot.of(path)
    return snapshot, snapshot.data


def _rewritten(path: str, snapshot: Snapshot, written: bytes) -> bool:
    """Replace a file by its formatted bytes; False, said on standard error, when it was not written."""
    try:
        snapshot.rewrite(written)
    except Refused as refused:
        click.echo(f"bridgelint: {shown(path)}: {_said(refused)}", err=True)
        return False
    except OSError as error:
        click.echo(f"bridgelint: {shown(path)}: not formatted, nothing written: {error.strerror or error}", err=True)
        return False
    return True
