"""``bridgelint replay``: the boards of a file drawn for people (:mod:`bridgelint.views.board`), findings in place."""

from __future__ import annotations

import sys
from contextlib import closing
from typing import Any

import click

from ..core.findings import Finding
from ..engine.cascade import without_consequences
from ..engine.linter import location
from ..views.board import RANKING, finding_lines, render, style_for
from ..views.printable import letters, visible
from .options import USAGE_ERROR, pipeline_from, pipeline_options


@click.command("replay")
@click.argument("path")
@click.option("--board", "board", default=None, help="Show only this board number.")
@click.option("--game", "game", type=click.IntRange(min=1), default=None,
              help="Show only the Nth game (PBN) or board record (LIN) of the file.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Plain ASCII: suit letters, no colour.")
@pipeline_options
def replay(path: str, board: str | None, game: int | None, ascii_only: bool, **options: Any) -> None:
    """Show the boards of a PBN or LIN file: deal, auction, play and result, with findings in place."""
    if board is not None and game is not None:
        raise click.UsageError("give --board or --game, not both")
    pipeline = pipeline_from(options)
    style = style_for(ascii_only)
    with closing(pipeline.files([path])) as run:
        [result] = run
    if not result.opened:  # unreadable, or a zip that cannot be read by members: S115, S116
        report = result.report
        why = report.unreadable or f"{report.findings[0].code} {report.findings[0].full_message}"
        click.echo(f"bridgelint: {path}: {why}", err=True)
        sys.exit(USAGE_ERROR)
    shown: set[int] = set()
    wanted = []
    holder = None  # the first record that holds a TotalScoreTable: each board drawn shows its pairs' rows
    for checked in result:
        if holder is None and RANKING in checked.record.tables:
            holder = checked
        if (game is None or checked.record.game == game) and (
                board is None or (checked.record.board_number or "").strip() == board.strip()):
            wanted.append(checked)
    later: dict[int | None, list[Finding]] = {}  # findings decided at the end of the file (a fouled board)
    for finding in result.at_end:
        later.setdefault(finding.game, []).append(finding)
    ranking = None
    if holder is not None:
        ranking = (holder.record.tables[RANKING], holder.findings + later.get(holder.record.game, []))
    for checked in wanted:  # shown once the file is read: the event checks decide at its end
        record = checked.record
        decided = later.get(record.game, [])
        findings = sorted(without_consequences(checked.findings, decided) + decided, key=location)
        drawn = render(record, findings, style, checked.replays, ranking)
        drawn = visible(drawn, colours=style.fancy)  # a record's text shown, never obeyed
        click.echo(("\n" if shown else "") + (drawn if style.fancy else letters(drawn)), nl=False)
        shown.add(record.game)
    file_findings = [f for f in result.file_findings if f.game is None or f.game in shown]
    if file_findings and (shown or (board is None and game is None)):
        listed = "\n".join(finding_lines(file_findings, style))
        listed = visible(listed, colours=style.fancy)
        click.echo("\n" + style.bold("File") + "\n" + (listed if style.fancy else letters(listed)))
    if not shown:
        what = f"board {board}" if board is not None else (f"game {game}" if game is not None else "no board")
        click.echo(f"bridgelint: {path}: {what} not found" if board or game else f"bridgelint: {path}: {what}",
                   err=True)
        sys.exit(USAGE_ERROR)
    if result.lost:
        click.echo(f"bridgelint: {path}: input was lost (S115, S116 above): the boards shown are those read",
                   err=True)
        sys.exit(USAGE_ERROR)
