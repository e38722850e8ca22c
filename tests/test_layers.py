"""The package's layers import only downwards, and its modules import each other without a cycle.

Every import counts: at module level, inside functions (loaded lazily), under ``if TYPE_CHECKING:`` (they
never run, but a type-only import across layers is still a dependency), of a parent package
(``from .. import name`` runs that package's ``__init__``), and a module named whole in a string
(``importlib.import_module("bridgelint.cli.replay")``).  CONTRIBUTING.md draws the same map.
"""

from __future__ import annotations

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

from bridgelint.core import findings, record

PACKAGE = Path(__file__).resolve().parents[1] / "bridgelint"

# lowest first: a module may import its own layer and those before it, never one after it
LAYERS = ("core", "replay", "formats", "rules", "across", "convert", "engine", "views", "reporters", "cli", "api")
TOP = "api"  # the package itself, api.py, __main__.py and the deprecated re-exports
# layers that a layer above them still leaves alone: what is drawn or reported is given, not read or run
APART = {"views": {"formats", "across", "engine"}, "reporters": {"formats", "across", "engine"}}
DEPRECATED = ("bridgelint.model",)  # kept until 0.3.0: nothing inside imports it


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    """The layer of a module: its package under ``bridgelint``, else the top."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS[:-1]) else TOP


def imports(source: str, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The package's modules that ``source`` (module ``name``) imports anywhere (``from pkg import submodule``:
    the submodule; ``from pkg import name``: the package)."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            origin = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin
                       for alias in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value \
                and id(node) not in docstrings:  # "bridgelint" alone is the program's name
            targets = [node.value]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module → the package's modules it imports."""
    paths = {module_name(p, package): p for p in package.rglob("*.py")}
    return {name: imports(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", set(paths))
            for name, path in paths.items()}


def backward(graph: dict[str, set[str]]) -> list[str]:
    """Each import against the order: of a later layer, of a layer kept apart, or of a deprecated re-export."""
    rank = {name: i for i, name in enumerate(LAYERS)}
    return sorted(f"{name} ({layer(name)}) imports {target} ({layer(target)})"
                  for name, targets in graph.items() for target in targets
                  if rank[layer(target)] > rank[layer(name)] or layer(target) in APART.get(layer(name), ())
                  or target in DEPRECATED)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each module that lies on one (depth-first search)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                found.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_every_module_lies_in_a_layer():
    top = sorted(name for name in import_graph() if layer(name) == TOP)
    assert top == sorted(["bridgelint", "bridgelint.__main__", "bridgelint.api", *DEPRECATED])
    assert {layer(name) for name in import_graph()} == set(LAYERS)


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    assert "bridgelint.engine.pipeline" in graph["bridgelint.cli.options"]  # relative
    assert "bridgelint.formats.lin" in graph["bridgelint.formats.registry"]  # from . import a module
    assert "bridgelint.engine.fixing" in graph["bridgelint.engine.pipeline"]  # type-only and inside a function
    assert "bridgelint.cli.replay" in graph["bridgelint.cli.commands"]  # named in a string, loaded on first use
    assert "bridgelint.reporters" in graph["bridgelint.reporters.json"]  # the parent package: from . import name


def test_a_backward_import_fails(tmp_path):
    package = tmp_path / "bridgelint"
    for name in ("core", "engine", "reporters"):
        (package / name).mkdir(parents=True)
        (package / name / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "engine" / "pipeline.py").write_text("from ..core import model\n")
    (package / "core" / "model.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..engine.pipeline import Pipeline\n")
    (package / "reporters" / "text.py").write_text("def f():\n    from .. import api\n")
    (package / "reporters" / "html.py").write_text("from ..engine import pipeline\n")
    (package / "api.py").write_text("")
    graph = import_graph(package)
    assert backward(graph) == [
        "bridgelint.core.model (core) imports bridgelint.engine.pipeline (engine)",  # type-only
        "bridgelint.reporters.html (reporters) imports bridgelint.engine.pipeline (engine)",  # kept apart
        "bridgelint.reporters.text (reporters) imports bridgelint.api (api)",  # lazy, through the parent package
    ]
    assert cycles(graph) == [["bridgelint.core.model", "bridgelint.engine.pipeline", "bridgelint.core.model"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_layers_import_only_downwards():
    assert backward(import_graph()) == []


def test_no_import_cycle():
    assert cycles(import_graph()) == []


def test_the_package_loads_lazily():
    """``import bridgelint`` loads its version only; the API comes on first use."""
    graph = import_graph()
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    loaded = {node.module for node in tree.body if isinstance(node, ast.ImportFrom) and node.level}
    assert loaded == {"core._version"}
    assert graph["bridgelint"] == {"bridgelint.core._version", "bridgelint.api"}
    assert graph["bridgelint.core"] == graph["bridgelint.engine"] == graph["bridgelint.views"] == set()
    assert graph["bridgelint.cli"] == {"bridgelint.cli.commands"}  # on first use of cli or main


def test_the_moved_record_model_still_imports_with_a_warning_and_the_pipeline_shim_is_gone():
    for name in DEPRECATED:
        sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning, match="bridgelint.core.record.*0.3.0"):
        old_model = importlib.import_module("bridgelint.model")
    assert old_model.Record is record.Record and old_model.Finding is findings.Finding
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("bridgelint.pipeline")


def test_no_format_is_told_apart_outside_the_readers():
    """A new format costs its reader and a registry line: outside ``formats/`` no code compares a format's name
    (``fmt == "pbn"``) but the record's model, which is derived from it in one place."""
    compared = re.compile(r"\b(format|fmt)\s*[!=]=\s*[\"']")
    found = [f"{path.relative_to(PACKAGE).as_posix()}:{number}"
             for path in sorted(PACKAGE.rglob("*.py")) if "formats" not in path.relative_to(PACKAGE).parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if compared.search(line)]
    assert [place.split(":")[0] for place in found] == ["core/record.py"]
