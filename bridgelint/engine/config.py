"""Rule selection and configuration: pure functions, no output, no exit.

Selectors are rule codes or code prefixes (``A``, ``A10``, ``A103``, or
``ALL``).  A run's selection is built in layers, the configuration file first
and the command line on top: in each layer, ``select`` (when given) starts
from nothing, ``extend-select`` adds, ``ignore`` removes, and for each code
the longest matching selector of the layer decides (``ignore`` wins a tie).
A layer without ``select`` starts from the previous layer's result; the first
layer starts from every rule.

Configuration lives in ``[tool.bridgelint]`` of a ``pyproject.toml`` or at the
top level of a ``bridgelint.toml``; the first directory, walking up from the
working directory, that holds either (``bridgelint.toml`` first) supplies the
run's own settings (fail-on, hand records...), and each file's settings
(selection, per-file-ignores, excludes, encodings) come from the first such
directory walking up from the file, as ruff finds them (:class:`Configs`).
Validation is strict: an unknown key, a wrong type or an unknown code is a
:class:`ConfigError` that names it.
"""

from __future__ import annotations

import codecs
import fnmatch
import os
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Sequence

ALL = "ALL"
FAIL_ON = ("error", "warning")


@dataclass(frozen=True)
class Key:
    """A configuration key as its reference documents it: the TOML type, the value when absent, an example
    (TOML, which the tests parse), and what it does."""

    type: str
    default: str
    example: str
    meaning: str


KEYS: dict[str, Key] = {
    "select": Key("array of rule codes or prefixes", "every rule on by default", '["A", "C102"]',
                  "The rules checked: these, and no other (`ALL` for every rule). The longest matching prefix of a "
                  "code decides; `ignore` wins a tie."),
    "extend-select": Key("array of rule codes or prefixes", "`[]`", '["B109"]',
                         "Rules checked on top of `select`, such as the rules off by default (B109)."),
    "ignore": Key("array of rule codes or prefixes", "`[]`", '["B107", "S1"]', "Rules not checked."),
    "per-file-ignores": Key("table of glob = array of rule codes", "`{}`", '{ "vugraph/*.lin" = ["B105"] }',
                            "Rules not checked in the files a glob matches (LIN files have no comment to disable "
                            "them in)."),
    "exclude": Key("array of globs", "`[]`", '["archive/old"]',
                   "Paths never read, named or found; replaces the names skipped below a searched directory (`.git`, "
                   "`.hg`, `.svn`, `.venv`, `venv`, `node_modules`, `__pycache__`, `__MACOSX`, `.*`)."),
    "extend-exclude": Key("array of globs", "`[]`", '["archive/broken"]',
                          "Paths never read, named or found, on top of the names skipped by default."),
    "fail-on": Key('"error" or "warning"', '`"error"`', '"warning"',
                   "The findings that make `check` exit 1 (and fail a JUnit case): errors, or warnings too."),
    "across-files": Key("boolean", "`false`", "true",
                        "Events span the whole run, not one file (the E rules), as `check --across-files`."),
    "encoding": Key("encoding name, or table of glob = encoding name", "none (UTF-8, else Latin-1 or the code page "
                    "the text shows)", '{ "archive/*.pbn" = "cp1250" }',
                    "The encoding of the text that is not UTF-8, for every file or per glob, as `--encoding`; "
                    "any encoding that writes ASCII as ASCII."),
    "docs-url": Key("http(s) URL", "the package's Documentation URL", '"https://bridgelint.example.org/en/1.0"',
                    "Where reports link each rule: `<docs-url>/rules/CODE/` (a mirror, a version's pages)."),
    "hand-record": Key("array of paths", "`[]`", '["handrecord.pbn"]',
                       "The hand records: their deals are the official deals E101 compares with, as "
                       "`--hand-record`."),
    "dd": Key("boolean", "`false`", "true", "Solve the deals (O103, O105), as `check --dd`."),
}
# names skipped below a directory that is searched (as ruff does); a path named on the command line is read
DEFAULT_EXCLUDE = (".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__", "__MACOSX", ".*")


class ConfigError(ValueError):
    """A configuration or selection that cannot be used (exit status 2)."""


@dataclass(frozen=True)
class Layer:
    """One layer of selectors (configuration or command line)."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


@dataclass
class Config:
    """A validated configuration; ``root`` is the directory paths are relative to."""

    root: Path = field(default_factory=Path.cwd)
    source: str | None = None  # the file it came from, for messages
    layer: Layer = Layer()
    per_file_ignores: dict[str, tuple[str, ...]] = field(default_factory=dict)
    exclude: tuple[str, ...] = ()  # globs of paths never read, named or found (exclude and extend-exclude)
    skipped: tuple[str, ...] = DEFAULT_EXCLUDE  # names not searched below a named directory (exclude replaces them)
    fail_on: str = "error"
    across_files: bool = False  # events span the whole run, not one file (E101-E104)
    dd: bool = False  # solve the deals (O103, O105): check --dd
    encodings: dict[str, str] = field(default_factory=dict)  # glob = encoding of the text that is not UTF-8
    docs_url: str | None = None  # the documentation site the reports link the rules to (None: the package's)
    hand_records: tuple[str, ...] = ()  # the hand records' paths (E101's reference), relative to ``root``


# --- selectors -----------------------------------------------------------------

def split_selectors(values: Iterable[str]) -> tuple[str, ...]:
    """``("A,B104", " C ")`` → ``("A", "B104", "C")``, upper-cased, empties dropped."""
    out: list[str] = []
    for value in values:
        out.extend(part.strip().upper() for part in value.split(",") if part.strip())
    return tuple(out)


def check_selectors(selectors: Iterable[str], codes: Iterable[str], where: str) -> None:
    """Raise :class:`ConfigError` for a selector that matches no rule code."""
    codes = tuple(codes)
    for selector in selectors:
        if selector != ALL and not any(code.startswith(selector) for code in codes):
            raise ConfigError(f"{where}: unknown rule code or prefix {selector!r}; `bridgelint rules` lists them")


def _matches(selector: str, code: str) -> bool:
    return selector == ALL or code.startswith(selector)


def _weight(selector: str) -> int:
    return 0 if selector == ALL else len(selector)


def resolve(codes: Iterable[str], layers: Sequence[Layer], off: Iterable[str] = ()) -> frozenset[str]:
    """The codes a run checks, from every rule code and the selector layers in order; the codes ``off`` by
    default are checked only where a selector names them."""
    codes = tuple(codes)
    enabled = set(codes) - set(off)
    for layer in layers:
        base = set() if layer.select is not None else enabled
        selectors = [(s, True) for s in (layer.select or ()) + layer.extend_select]
        selectors += [(s, False) for s in layer.ignore]
        result = set()
        for code in codes:
            best: tuple[int, bool] | None = None
            for selector, on in selectors:
                if _matches(selector, code):
                    candidate = (_weight(selector), not on)  # a longer prefix wins; ignore wins a tie
                    if best is None or candidate > best:
                        best = candidate
            if (not best[1]) if best is not None else code in base:
                result.add(code)
        enabled = result
    return frozenset(enabled)


def selection(codes: Iterable[str], config: Config, select: Iterable[str] = (), extend_select: Iterable[str] = (),
              ignore: Iterable[str] = (), off: Iterable[str] = ()) -> frozenset[str]:
    """The codes a run checks: the configuration's layer, then the command line's options (validated)."""
    codes = tuple(codes)
    options = Layer(split_selectors(select) or None, split_selectors(extend_select), split_selectors(ignore))
    for name, selectors in (("--select", options.select or ()), ("--extend-select", options.extend_select),
                            ("--ignore", options.ignore)):
        check_selectors(selectors, codes, name)
    selected = resolve(codes, [config.layer, options], off)
    if not selected:  # nothing checked is no pass, as a run with nothing to read
        by = " and ".join(([config.source] if config.source and config.layer != Layer() else [])
                          + (["the command line"] if options != Layer() else []))
        raise ConfigError(f"no rule is selected{' by ' + by if by else ''}: nothing would be checked")
    return selected


# --- paths ---------------------------------------------------------------------

def relative_posix(path: str, root: Path) -> str:
    """``path`` relative to ``root`` with ``/`` separators (as given when outside ``root``)."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(os.path.abspath(root)).as_posix()
    except ValueError:
        return Path(path).as_posix()


def glob_match(pattern: str, relative: str) -> bool:
    """Whether a glob matches a relative posix path.

    ``*`` matches across directories; a pattern without ``/`` also matches the
    file's or any directory's name; a leading ``**/`` also matches at the root.
    """
    pattern = pattern.strip().replace("\\", "/").removeprefix("./")
    if pattern.endswith("/"):
        pattern += "*"
    candidates = [pattern]
    if pattern.startswith("**/"):
        candidates.append(pattern[3:])
    for candidate in candidates:
        if fnmatch.fnmatchcase(relative, candidate):
            return True
        if "/" not in candidate and any(fnmatch.fnmatchcase(part, candidate)
                                        for part in PurePosixPath(relative).parts):
            return True
        # a directory pattern excludes what lies under it
        if fnmatch.fnmatchcase(relative, candidate.rstrip("/") + "/*"):
            return True
    return False


def is_excluded(path: str, config: Config) -> bool:
    return path != "-" and any(glob_match(p, relative_posix(path, config.root)) for p in config.exclude)


def file_codes(path: str, selected: frozenset[str], config: Config) -> frozenset[str]:
    """The selected codes less those that ``per-file-ignores`` drops for ``path``."""
    if not config.per_file_ignores or path == "-":
        return selected
    relative = relative_posix(path, config.root)
    dropped = [s for pattern, selectors in config.per_file_ignores.items() if glob_match(pattern, relative)
               for s in selectors]
    if not dropped:
        return selected
    return frozenset(c for c in selected if not any(_matches(s, c) for s in dropped))


def file_encoding(path: str, config: Config) -> str | None:
    """The encoding ``encoding`` gives ``path`` (the first glob that matches), or None."""
    if not config.encodings or path == "-":
        return None
    relative = relative_posix(path, config.root)
    return next((name for pattern, name in config.encodings.items() if glob_match(pattern, relative)), None)


def check_encoding(name: str, where: str) -> str:
    """``name`` as Python calls it (``cp1250``), or :class:`ConfigError` when it is no encoding a record can
    be in (unknown, or one that does not write ASCII as ASCII, as UTF-16)."""
    try:
        info = codecs.lookup(name)
        usable = info._is_text_encoding and _ASCII.encode(name) == _ASCII.encode("ascii")
    except (LookupError, UnicodeError):
        usable = False
    if not usable:
        raise ConfigError(f"{where}: {name!r} is not an encoding bridgelint can read (an 8-bit code page such as "
                          "cp1250, cp1251, iso-8859-2, or another that writes ASCII as ASCII)")
    return info.name


_ASCII = "\n\r\t []|%{};\"#0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


# --- configuration files -----------------------------------------------------------

def find_config(start: Path | None = None) -> Path | None:
    """The nearest ``bridgelint.toml``, or ``pyproject.toml`` with ``[tool.bridgelint]``, from ``start`` up."""
    directory = (start or Path.cwd()).resolve()
    for folder in (directory, *directory.parents):
        candidate = folder / "bridgelint.toml"
        if candidate.is_file():
            return candidate
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _mentions_bridgelint(candidate) and "bridgelint" in _tool(_read_toml(candidate)):
            return candidate
    return None


def _mentions_bridgelint(path: Path) -> bool:
    """Whether a pyproject.toml may hold ``[tool.bridgelint]``: one that never names it is not read, so that an
    unrelated one that is not valid TOML does not stop every run below it."""
    try:
        return b"bridgelint" in path.read_bytes()
    except OSError:
        return True  # read it: reading says why it cannot be


def _tool(document: dict[str, Any]) -> dict[str, Any]:
    tool = document.get("tool", {})
    return tool if isinstance(tool, dict) else {}


def _read_toml(path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):  # imported here: a run without configuration files starts sooner
        import tomllib
    else:  # pragma: no cover - exercised on Python 3.10 only
        import tomli as tomllib
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: byte 0x{error.object[error.start]:02x} at offset {error.start} "
                          "is not UTF-8 (TOML files are UTF-8, without a UTF-16 byte order mark)") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML for bridgelint: arrays or tables nested too deeply") from None


def load_config(path: Path, codes: Iterable[str]) -> Config:
    """Read and validate one configuration file."""
    document = _read_toml(path)
    if path.name == "pyproject.toml":
        table = _tool(document).get("bridgelint", {})
        where = f"{path}: [tool.bridgelint]"
    else:
        table = _tool(document).get("bridgelint", document) if set(document) == {"tool"} else document
        where = str(path)
    return parse_config(table, codes, root=path.parent.resolve(), where=where)


def parse_config(table: Any, codes: Iterable[str], root: Path, where: str = "configuration") -> Config:
    """Validate a configuration table (already parsed TOML)."""
    codes = tuple(codes)
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    for key in table:
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key {key!r} (known: {', '.join(KEYS)})")

    def code_list(key: str) -> tuple[str, ...] | None:
        if key not in table:
            return None
        value = table[key]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key!r} must be a list of rule codes (strings)")
        selectors = split_selectors(value)
        check_selectors(selectors, codes, f"{where}: {key!r}")
        return selectors

    def glob_list(key: str) -> tuple[str, ...]:
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}: {key!r} must be a list of glob patterns (strings)")
        return tuple(value)

    per_file = _per_file_ignores(table, codes, where)
    fail_on = table.get("fail-on", "error")
    if fail_on not in FAIL_ON:
        raise ConfigError(f"{where}: 'fail-on' must be one of {', '.join(map(repr, FAIL_ON))}, not {fail_on!r}")
    across_files, dd = _flag(table, "across-files", where), _flag(table, "dd", where)
    encodings = _encodings(table, where)
    hand_records = table.get("hand-record", [])
    if not isinstance(hand_records, list) or not all(isinstance(v, str) and v for v in hand_records):
        raise ConfigError(f"{where}: 'hand-record' must be a list of paths (strings)")
    docs_url = table.get("docs-url")
    if docs_url is not None and not (isinstance(docs_url, str) and docs_url.startswith(("https://", "http://"))):
        raise ConfigError(f"{where}: 'docs-url' must be an http(s) URL (the rule pages are <docs-url>/rules/CODE/)")

    layer = Layer(code_list("select"), code_list("extend-select") or (), code_list("ignore") or ())
    skipped = () if "exclude" in table else DEFAULT_EXCLUDE  # as ruff: exclude replaces the defaults
    return Config(root=root, source=where, layer=layer, per_file_ignores=per_file,
                  exclude=glob_list("exclude") + glob_list("extend-exclude"), skipped=skipped, fail_on=fail_on,
                  across_files=across_files, encodings=encodings, docs_url=docs_url,
                  hand_records=tuple(str(root / path) for path in hand_records), dd=dd)


def _per_file_ignores(table: dict, codes: tuple[str, ...], where: str) -> dict[str, tuple[str, ...]]:
    """The ``per-file-ignores`` table: glob -> rule selectors, each checked."""
    value = table.get("per-file-ignores", {})
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: 'per-file-ignores' must be a table of glob = [codes]")
    per_file: dict[str, tuple[str, ...]] = {}
    for pattern, selectors in value.items():
        if not isinstance(selectors, list) or not all(isinstance(v, str) for v in selectors):
            raise ConfigError(f"{where}: 'per-file-ignores' {pattern!r} must be a list of rule codes (strings)")
        per_file[pattern] = split_selectors(selectors)
        check_selectors(per_file[pattern], codes, f"{where}: 'per-file-ignores' {pattern!r}")
    return per_file


def _flag(table: dict, key: str, where: str) -> bool:
    """A key that is true or false (false when absent)."""
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: {key!r} must be true or false, not {value!r}")
    return value


def _encodings(table: dict, where: str) -> dict[str, str]:
    """The ``encoding`` key: one encoding name for every file, or a table of glob = encoding name."""
    value = table.get("encoding", {})
    if isinstance(value, str):
        value = {"*": value}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ConfigError(f"{where}: 'encoding' must be an encoding name, or a table of glob = encoding name")
    return {pattern: check_encoding(name, f"{where}: 'encoding' {pattern!r}") for pattern, name in value.items()}


@dataclass
class Configs:
    """Each file's configuration and selection: those of the nearest configuration file above it, the command
    line's selectors on top (with ``--config`` or ``--isolated`` a run has none: its one configuration serves every
    file).  Found once a directory; picklable (a worker is sent them with the pipeline)."""

    codes: tuple[str, ...]
    select: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    off: frozenset[str] = frozenset()
    _found: dict[str, tuple[Config, frozenset[str]]] = field(default_factory=dict, compare=False, repr=False)

    def selecting(self, *codes: str) -> Configs:
        """These configurations with ``codes`` selected in every file, whatever the files and command line select
        (``bridgelint format``: S108 alone); their excludes, encodings and per-file-ignores as they are."""
        return replace(self, select=codes, extend_select=(), ignore=(), _found={})

    def for_path(self, path: str) -> tuple[Config, frozenset[str]]:
        """The configuration of ``path`` and the codes it selects (:class:`ConfigError` for a file that is not
        valid)."""
        from ..core.report import split_member  # noqa: PLC0415  (core: no cycle; kept beside its one use)

        directory = os.getcwd() if path == "-" else os.path.dirname(os.path.abspath(split_member(path)[0]))
        found = self._found.get(directory)
        if found is None:
            source = find_config(Path(directory))
            config = load_config(source, self.codes) if source is not None else Config(root=Path.cwd())
            selected = selection(self.codes, config, self.select, self.extend_select, self.ignore, self.off)
            found = self._found[directory] = (config, selected)
        return found


def discover(codes: Iterable[str], config_file: str | None = None, isolated: bool = False,
             start: Path | None = None) -> Config:
    """The run's configuration: ``--config FILE``, none with ``--isolated``, else the nearest file."""
    codes = tuple(codes)
    if config_file is not None and isolated:
        raise ConfigError("--config and --isolated exclude each other")
    if isolated:
        return Config(root=(start or Path.cwd()).resolve())
    if config_file is not None:
        path = Path(config_file)
        if not path.is_file():
            raise ConfigError(f"--config {config_file}: no such file")
        return load_config(path, codes)
    found = find_config(start)
    if found is None:
        return Config(root=(start or Path.cwd()).resolve())
    return load_config(found, codes)
