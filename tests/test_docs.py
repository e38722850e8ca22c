"""The documentation site: a page per rule that says what ``bridgelint rule CODE`` says, at the address the
reports link, references generated from the code, a strict build that opens in the browser.

The site is built once (``mkdocs build --strict``); the tests of the built site skip where MkDocs is not
installed (``pip install -e '.[docs]'``), except under CI, which installs it.
"""

from __future__ import annotations

import doctest
import glob
import importlib.util
import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import rendered, script
from conftest import run_cli as run
from devtools import served as serving

import bridgelint
import bridgelint.api
from bridgelint.core import documentation
from bridgelint.engine.config import KEYS, parse_config
from bridgelint.rules import FAMILIES, RULES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


hooks = script(ROOT / "docs" / "hooks.py", "docs_hooks")


# --- the generated pages, without MkDocs --------------------------------------------------------

def test_every_code_has_a_page_and_every_rule_page_a_code():
    rule_pages = {path for path in hooks.pages() if path.startswith("rules/") and path != "rules/index.md"}
    assert rule_pages == {f"rules/{code}.md" for code in RULES}


def test_every_code_is_in_a_family_and_in_the_navigation():
    assert {code[0] for code in RULES} == set(FAMILIES)
    nav = hooks.rules_nav()
    assert nav[0] == "rules/index.md"
    listed = [page for section in nav[1:] for pages in section.values() for page in pages]
    assert listed == [f"rules/{code}.md" for letter in FAMILIES for code in RULES if code[0] == letter]


def test_the_rule_index_links_every_code_in_its_family():
    index = hooks.rules_index()
    for code, rule in RULES.items():
        [row] = [line for line in index.splitlines() if line.startswith(f"| [{code}]({code}.md) |")]
        assert f"| {rule.name} |" in row
    assert index.index("## A: Auction") < index.index("[A101](A101.md)") < index.index("## C: ")


def test_the_site_address_is_the_documentation_url():
    """SARIF's helpUri and the HTML report link <Documentation>/rules/CODE/: the site is served there."""
    [site_url] = re.findall(r"(?m)^site_url: (\S+)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert site_url == documentation.FALLBACK + "/"
    assert documentation.rule_url("A103", site_url) == site_url + "rules/A103/"


def test_the_configuration_reference_lists_every_key_with_an_example_that_validates(tmp_path):
    page = hooks.config_reference()
    for key, spec in KEYS.items():
        assert f"## `{key}`" in page and spec.type in page
        parse_config(tomllib.loads(f"{key} = {spec.example}"), RULES, root=tmp_path)
    [example] = re.findall(r"```toml\n(.*?)```", page, re.S)
    table = tomllib.loads(example)["tool"]["bridgelint"]
    assert set(table) == set(KEYS)
    parse_config(table, RULES, root=tmp_path)


def test_the_cli_reference_lists_every_command_and_option(monkeypatch):
    page = hooks.cli_reference()
    for command in ("check", "convert", "replay", "rule", "rules"):
        assert f"## bridgelint {command}\n" in page
        status, out, err = run(monkeypatch, command, "--help")
        assert status == 0
        for option in re.findall(r"(?m)^  (-[-\w]+(?:, -[-\w]+)*)", out):
            assert f"- `{option}" in page, (command, option)
    assert "- `--format [auto|text|html|json|github|sarif|junit|gitlab]`" in page


# --- the examples: every code block of the docs that can run, and the docstrings' examples -------------

DOCS = sorted((ROOT / "docs").rglob("*.md"))
BLOCK = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```$", re.M | re.S)
RUN = ("python", "pycon", "console", "toml")  # the kinds of block run; the others (sh, yaml...) are recipes


def blocks(path: Path) -> list[tuple[str, int, str]]:
    """The code blocks of a page: (kind, line, text)."""
    text = path.read_text(encoding="utf-8")
    return [(m.group(1), text.count("\n", 0, m.start()) + 1, m.group(2)) for m in BLOCK.finditer(text)]


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT / "docs"))


def _runnable(path: Path) -> bool:
    return any(kind in RUN for kind, _, _ in blocks(path))


@pytest.mark.parametrize("path", [p for p in DOCS if _runnable(p)], ids=page_id)
def test_the_examples_of_a_page_run(path, monkeypatch, tmp_path):
    """A page's Python blocks run in order in one namespace, as a reader would run them; ``pycon`` blocks are
    doctests; ``console`` blocks print what they show (a ``*`` in a word expanded as a shell would); ``toml``
    blocks are valid configurations."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "120")
    namespace: dict = {"bridgelint": bridgelint}
    for kind, line, text in blocks(path):
        where = f"{page_id(path)}:{line}"
        if kind == "python":
            exec(compile(text, where, "exec"), namespace)
        elif kind == "pycon":
            test = doctest.DocTestParser().get_doctest(text, namespace, where, str(path), line)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            out = io.StringIO()
            runner.run(test, out=out.write, clear_globs=False)
            assert runner.failures == 0, out.getvalue()
        elif kind == "console":
            for command, shown in _commands(text):
                program, *words = shlex.split(command)
                assert program == "bridgelint", where
                args = [path for word in words for path in (sorted(glob.glob(word)) if "*" in word else [word])]
                status, out, err = run(monkeypatch, *args)
                assert out == shown, f"{where}: {command}"
        elif kind == "toml":
            document = tomllib.loads(text)
            parse_config(document.get("tool", {}).get("bridgelint", document), RULES, root=tmp_path)


def _commands(text: str) -> list[tuple[str, str]]:
    """The ``$ command`` lines of a console block, each with the output shown below it."""
    found: list[tuple[str, str]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("$ "):
            found.append((line[2:].strip(), ""))
        else:
            assert found, f"output before any command: {line!r}"
            found[-1] = (found[-1][0], found[-1][1] + line)
    return found


def test_every_page_with_examples_is_run():
    """The runner sees the blocks: the guides hold Python, console and TOML examples."""
    kinds = {kind for path in DOCS for kind, _, _ in blocks(path)}
    assert set(RUN) <= kinds
    assert _runnable(ROOT / "docs" / "guides" / "python.md") and _runnable(ROOT / "docs" / "guides" / "event.md")


def test_the_docstring_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testmod(bridgelint.api, extraglobs={"bridgelint": bridgelint, "io": io, "json": json},
                                        optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failed == 0 and attempted >= 15


# --- the built site -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built as CI builds it: strict, no warning."""
    if importlib.util.find_spec("mkdocs") is None:
        if os.environ.get("CI"):
            pytest.fail("mkdocs is not installed: .ci/run installs the docs extra")
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]')")
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    return target


def _parse(path: Path):
    html5lib = pytest.importorskip("html5lib")
    return html5lib.parse(path.read_text(encoding="utf-8"), namespaceHTMLElements=False)


def _text(element) -> str:
    return " ".join("".join(element.itertext()).split())


def _written(element, in_pre: bool = False) -> str:
    """The text of ``element`` as the documentation writes it: inline code between backticks."""
    inner = (element.text or "") + "".join(_written(child, in_pre or element.tag == "pre") + (child.tail or "")
                                           for child in element)
    return f"`{inner}`" if element.tag == "code" and not in_pre else inner


def _div(root, name: str):
    [div] = [d for d in root.iter("div") if name in (d.get("class") or "").split()]
    return div


@pytest.mark.parametrize("code", sorted(RULES))
def test_a_rule_page_says_what_bridgelint_rule_says(site, monkeypatch, code):
    """Title and severity, the documentation, the kind of fix: the page is ``bridgelint rule CODE``."""
    status, out, err = run(monkeypatch, "rule", code)
    assert status == 0
    root = _parse(site / "rules" / code / "index.html")
    [title] = [_text(h) for h in root.iter("h1")]
    facts = {_text(row[0]): _text(row[1]) for row in _div(root, "rule-facts").iter("tr") if row[0].tag == "td"}
    page = f"{title} ({facts['Severity']})\n\n{_written(_div(root, 'rule-text'))}\n\nFix: {facts['Fix']}."
    assert page.split() == out.split()
    assert facts["Cited in messages"] == (RULES[code].law or "nothing")


def test_the_rule_index_links_each_rule_page(site):
    root = _parse(site / "rules" / "index.html")
    links = {a.get("href") for a in root.iter("a")}
    assert {f"{code}/" for code in RULES} <= links
    assert all((site / "rules" / code / "index.html").is_file() for code in RULES)


def test_the_references_are_built(site):
    cli_page = _text(_parse(site / "reference" / "cli" / "index.html").find(".//article"))
    assert "bridgelint check [OPTIONS] PATHS..." in cli_page and "--hand-record FILE" in cli_page
    config_page = _text(_parse(site / "reference" / "configuration" / "index.html").find(".//article"))
    assert all(key in config_page for key in KEYS)


@pytest.fixture(scope="module")
def served(site):
    """The site on the loopback address, as a web server serves it (``rules/CODE/`` is a directory's index)."""
    with serving(site) as address:
        yield address


@pytest.mark.parametrize("page, heading", [("rules/", "Rules"), ("rules/A103/", "A103 insufficient-bid")])
def test_the_site_opens_in_the_browser_with_no_console_error(chromium, served, tmp_path, page, heading):
    dom, errors = rendered(chromium, tmp_path, served + page)
    assert errors == []
    assert f">{heading}</h1>" in dom or f">{heading}<" in dom
    assert re.search(r'<html[^>]*class="[^"]*\bjs\b', dom)  # the theme's script ran
