"""The MkDocs hook that writes the reference pages from the code, so that they cannot drift from it.

Each build generates, in memory:

- ``rules/index.md``, the catalogue as ``bridgelint rules`` prints it, by family;
- ``rules/CODE.md`` for every rule (served as ``rules/CODE/``, the address SARIF's ``helpUri`` and the HTML
  report link): what ``bridgelint rule CODE`` prints, with the rule's facts above it;
- ``reference/cli.md``, every command and option as click declares them;
- ``reference/configuration.md``, every configuration key with its type, default and an example.

The rule pages join the navigation under "Rules", a section per family.  The page texts are plain functions
(:func:`pages`), which the tests call without MkDocs.  After the build, the page that checks records in the
browser (``web/dist``, when ``python web/build.py`` has built it) is copied to ``try/``.
"""

from __future__ import annotations

from typing import Any

import click

from bridgelint.cli import cli
from bridgelint.engine.config import KEYS
from bridgelint.rules import FAMILIES, RULES
from bridgelint.rules.base import Rule

RULES_NAV = "Rules"  # the nav entry (in mkdocs.yml) the rule pages are put under


def pages() -> dict[str, str]:
    """Every generated page: its path below ``docs/`` and its Markdown."""
    generated = {"rules/index.md": rules_index(), "reference/cli.md": cli_reference(),
                 "reference/configuration.md": config_reference()}
    generated.update((f"rules/{code}.md", rule_page(rule)) for code, rule in RULES.items())
    return generated


def family_of(code: str) -> str:
    return code[0]


# --- rules --------------------------------------------------------------------------------------

def rule_page(rule: type[Rule]) -> str:
    """A rule's page: what ``bridgelint rule CODE`` prints (:meth:`Rule.text`), its title as the heading, its
    severity and kind of fix among the facts above the documentation (with the reference its messages cite,
    whether it is checked by default, its family)."""
    title, family = FAMILIES[family_of(rule.code)][0], family_of(rule.code)
    facts = [("Severity", rule.severities()), ("Cited in messages", rule.law or "nothing"),
             *([("Cited on LIN records", rule.lin_law)] if rule.lin_law else []),
             ("Fix", rule.fix_kind()),
             ("Checked", "by default" if rule.default else "only where selected (`--extend-select`)"),
             ("Family", f"[{family}: {title}](index.md#{family.lower()})")]
    table = "\n".join(f"| {name} | {_cell(value)} |" for name, value in facts)
    return (f"# {rule.title()}\n\n"
            f'<div class="rule-facts" markdown>\n\n| | |\n|---|---|\n{table}\n\n</div>\n\n'
            f'<div class="rule-text" markdown>\n\n{rule.markdown()}\n\n</div>\n')


def rules_index() -> str:
    """The catalogue by family, each family a table as ``bridgelint rules`` prints it."""
    out = ["# Rules\n",
           "Every rule has a stable code: a letter for its family and three digits. `bridgelint rules` prints this "
           "table, `bridgelint rule CODE` one rule's page (what it does, why it matters, an example, what to write "
           "instead, the Law or PBN section; the example and what to write instead are small files the test suite "
           "checks), `bridgelint rule A` a family (any prefix of a code works). The severity column shows what a "
           "code's findings really get; the reference is the Law or PBN section every message of the rule ends with "
           "(findings on LIN files cite LIN's own fields). A fix is "
           "*safe* when the file says the same thing afterwards, only written as PBN asks, *unsafe* when it then "
           "says something else, taken from the rest of the record.\n",
           "| family | what |", "|---|---|"]
    out += [f"| [{letter}](#{letter.lower()}) {title} | {_cell(what)} |" for letter, (title, what) in FAMILIES.items()]
    for letter, (title, what) in FAMILIES.items():
        out += [f"\n## {letter}: {title} {{#{letter.lower()}}}\n", f"{what[0].upper()}{what[1:]}.\n",
                "| code | name | severity | fix | reference | what |", "|---|---|---|---|---|---|"]
        out += [f"| [{code}]({code}.md) | {rule.name} | {_cell(rule.severities())} | {rule.fixable or ''} | "
                f"{_cell(rule.law or '')} | {_cell(rule.summary())} |"
                for code, rule in RULES.items() if family_of(code) == letter]
    return "\n".join(out) + "\n"


def rules_nav() -> list[Any]:
    """The navigation of the rule pages: the index, then a section per family."""
    return ["rules/index.md",
            *({f"{letter}: {title}": [f"rules/{code}.md" for code in RULES if family_of(code) == letter]}
              for letter, (title, _) in FAMILIES.items())]


def _cell(text: str) -> str:
    """Text for a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


# --- the command line ---------------------------------------------------------------------------

def cli_reference() -> str:
    """Every command of ``bridgelint`` with its usage, help and options, as click declares them."""
    root = click.Context(cli, info_name="bridgelint")
    out = ["# Command line\n", f"{click.unstyle(cli.help or '')}\n",
           "Generated from the command definitions: `bridgelint COMMAND --help` prints the same. Every command "
           "takes `-h`, `--help`; `bridgelint --version` prints the version.\n"]
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        assert command is not None
        ctx = click.Context(command, info_name=name, parent=root)
        out += [f"## bridgelint {name}\n", f"```text\n{command.get_usage(ctx)}\n```\n",
                f"{click.unstyle(command.help or '')}\n"]
        out += _options(command, ctx)
    return "\n".join(out)


def _options(command: click.Command, ctx: click.Context) -> list[str]:
    rows = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None and record[1] and param.name != "help":
            names, help_text = record
            rows.append(f"- `{names}`: {_prose(help_text)}")
    return [*rows, ""] if rows else []


def _prose(text: str) -> str:
    """Help text as Markdown: a ``[default: x]`` left as it is, nothing read as a link."""
    return text.replace("[", "\\[").replace("]", "\\]").replace("*", "\\*").replace("<", "&lt;")


# --- the configuration --------------------------------------------------------------------------

def config_reference() -> str:
    """Every configuration key with its type, its default and an example, from the code that validates them."""
    out = ["# Configuration\n",
           "bridgelint reads `[tool.bridgelint]` of a `pyproject.toml`, or the top level of a `bridgelint.toml`: "
           "each file's settings (selection, per-file-ignores, exclude, encoding) come from the first directory, "
           "walking up from the file, that holds either (`bridgelint.toml` first), as ruff finds them, so a run "
           "from any folder honours a repository's configuration; the run's own settings (fail-on, hand records, "
           "across-files) come from the working directory's. `--config FILE` names one for every file, "
           "`--isolated` reads none. A `pyproject.toml` that never names "
           "bridgelint is not read. Validation is strict: an unknown key, a wrong type, an unknown rule code, a "
           "file that is not valid TOML or not UTF-8 exits with status 2 and names it. Globs and paths are "
           "relative to the file's directory. Options on the command line apply on top (`--select` there starts "
           "over).\n",
           "Generated from the code that validates the keys.\n",
           "```toml\n[tool.bridgelint]\n" + "".join(f"{key} = {spec.example}\n" for key, spec in KEYS.items())
           + "```\n"]
    for key, spec in KEYS.items():
        out += [f"## `{key}`\n", f"{spec.meaning}\n", f"- Type: {spec.type}", f"- Default: {spec.default}",
                f"- Example: `{key} = {spec.example}`\n"]
    return "\n".join(out)


# --- MkDocs events ------------------------------------------------------------------------------

def on_config(config: Any) -> Any:
    """Put the rule pages under the "Rules" entry of the navigation, a section per family."""
    for i, entry in enumerate(config["nav"] or []):
        if isinstance(entry, dict) and RULES_NAV in entry:
            config["nav"][i] = {RULES_NAV: rules_nav()}
    return config


def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site."""
    from mkdocs.structure.files import File

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files


def on_post_build(config: Any) -> None:
    """The page that checks records in the browser, at ``try/``, when it is built (``python web/build.py``)."""
    import shutil
    from pathlib import Path

    page = Path(config["docs_dir"]).parent / "web" / "dist"
    if (page / "index.html").exists():
        shutil.copytree(page, Path(config["site_dir"]) / "try", dirs_exist_ok=True)
