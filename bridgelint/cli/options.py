"""Command-line options every command that reads records shares: rule selection, configuration, input format."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any, Callable, Iterable, TypeVar

import click

from ..across.base import EventScope
from ..across.hand_deals import HAND_DEAL_CODES
from ..engine.config import ConfigError, Configs, check_encoding, discover, selection
from ..engine.hand_records import read_reference
from ..engine.inputs import shown
from ..engine.opening import open_input
from ..engine.pipeline import Pipeline
from ..formats import FORMATS
from ..rules import DEFAULT_CODES, RULES
from ..rules.event import EVENT_CODES

USAGE_ERROR = 2
F = TypeVar("F", bound=Callable[..., Any])

_OPTIONS = (
    click.option("--select", multiple=True, metavar="CODES",
                 help="Check only these codes or prefixes (comma-separated)."),
    click.option("--extend-select", multiple=True, metavar="CODES", help="Also check these codes or prefixes."),
    click.option("--ignore", multiple=True, metavar="CODES", help="Do not check these codes or prefixes."),
    click.option("--config", "config_file", metavar="FILE",
                 help="Read the configuration from FILE (default: the nearest bridgelint.toml or pyproject.toml)."),
    click.option("--isolated", is_flag=True, help="Ignore every configuration file."),
    click.option("--force-exclude", is_flag=True,
                 help="Apply the configuration's excludes to the files named too (a pre-commit hook names them)."),
    click.option("--input-format", type=click.Choice([fmt.name for fmt in FORMATS]), default=None,
                 help="Read every input as this format (default: by extension, else by content)."),
    click.option("--encoding", metavar="NAME", default=None,
                 help="Read text that is not UTF-8 in this encoding (cp1250, cp1251, iso-8859-2...; default: as the "
                      "bytes show: Latin-1, or Windows-1252/1250/1251 where they make it clear)."),
    click.option("--hand-record", "hand_records", multiple=True, metavar="FILE",
                 help="The official deals (repeatable): every played record with a board number it holds is "
                      "compared with it (E101), whatever its event; E105 where nothing could be compared; a "
                      "traveller without a whole deal has its leads checked against it (V101-V103)."),
)


def pipeline_options(command: F) -> F:
    """Add the options that :func:`pipeline_from` reads."""
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def pipeline_from(options: dict[str, Any]) -> Pipeline:
    """The run's pipeline from the options of :func:`pipeline_options` (popped from ``options``).

    A configuration error is reported and ends the command with status 2.
    """
    try:
        config_file, isolated = options.pop("config_file"), options.pop("isolated")
        config = discover(RULES, config_file, isolated)
        selectors = (options.pop("select"), options.pop("extend_select"), options.pop("ignore"))
        selected = selection(RULES, config, *selectors, RULES.keys() - DEFAULT_CODES)
        encoding = options.pop("encoding")
        encoding = encoding and check_encoding(encoding, "--encoding")
    except ConfigError as error:
        click.echo(f"bridgelint: {error}", err=True)
        sys.exit(USAGE_ERROR)
    # each file's own configuration, the nearest above it, unless one is given (or none) for every file
    select, extend_select, ignore = (tuple(s) for s in selectors)
    configs = None if config_file is not None or isolated else Configs(
        tuple(RULES), select, extend_select, ignore, frozenset(RULES.keys() - DEFAULT_CODES))
    pipeline = Pipeline(selected, config, options.pop("input_format"), encoding=encoding, configs=configs,
                        force_exclude=options.pop("force_exclude"))
    hand_records = (*config.hand_records, *options.pop("hand_records"))
    if not hand_records or not selected & (EVENT_CODES | HAND_DEAL_CODES):  # E, V, O105 and D101 read them
        return pipeline
    try:
        reference = read_reference(hand_records, open_input, pipeline.fmt, pipeline.encoding_for)
    except OSError as error:
        click.echo(f"bridgelint: {shown(error.filename or '?')}: {error.strerror or error} (a hand record)", err=True)
        sys.exit(USAGE_ERROR)
    return replace(pipeline, events=EventScope(reference=reference), hand_records=hand_records)


def files_of(pipeline: Pipeline, paths: Iterable[str]) -> list[str]:
    """The files ``paths`` name (:meth:`Pipeline.paths`); a configuration file found for one that is not valid
    ends the command with status 2."""
    try:
        return pipeline.paths(paths)
    except ConfigError as error:
        click.echo(f"bridgelint: {error}", err=True)
        sys.exit(USAGE_ERROR)


def nothing_to_read(paths: Iterable[str], pipeline: Pipeline | None = None) -> None:
    """A run whose paths hold no file to read is no pass: say so, exit 2; but where ``--force-exclude`` dropped
    every file named (a pre-commit hook given only excluded files), there is nothing to do: exit 0."""
    paths = list(paths)
    if pipeline is not None and pipeline.force_exclude and replace(pipeline, force_exclude=False).paths(paths):
        click.echo(f"bridgelint: nothing to check: every file of {', '.join(map(shown, paths))} is excluded "
                   "(--force-exclude)", err=True)
        sys.exit(0)
    click.echo(f"bridgelint: nothing to check in {', '.join(map(shown, paths))}: no .pbn or .lin file (also .gz, "
               "or in a .zip) that is not excluded", err=True)
    sys.exit(USAGE_ERROR)
