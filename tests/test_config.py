"""Configuration: selection layers, TOML discovery, strict validation, per-file-ignores and exclude."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ERROR, WARNING, finding_lines
from conftest import run_cli as run

from bridgelint.engine.config import (
    ALL,
    Config,
    ConfigError,
    Layer,
    check_selectors,
    discover,
    file_codes,
    find_config,
    glob_match,
    is_excluded,
    load_config,
    parse_config,
    resolve,
    selection,
    split_selectors,
)
from bridgelint.rules import RULES

CODES = tuple(RULES)
LIN_ERROR = "md|3S23456789TJQKA,HAKQJT98765432,DAKQJT98765432|sv|o|mb|1D|mb|p|mb|1C|mb|p|mb|p|mb|p|\n"


# --- selection layers ------------------------------------------------------------

def test_default_is_every_rule():
    assert resolve(CODES, []) == frozenset(CODES)
    assert resolve(CODES, [Layer()]) == frozenset(CODES)


def test_select_starts_from_nothing():
    assert resolve(CODES, [Layer(select=("A",))]) == {c for c in CODES if c.startswith("A")}


def test_longest_prefix_wins():
    layer = Layer(select=("A",), ignore=("A10",), extend_select=("A103",))
    selected = resolve(CODES, [layer])
    assert "A103" in selected and "A101" not in selected and "A104" not in selected
    assert "B101" not in selected


def test_ignore_wins_a_tie():
    assert "A103" not in resolve(CODES, [Layer(select=("A103",), ignore=("A103",))])


def test_all_selector_is_the_shortest_prefix():
    selected = resolve(CODES, [Layer(select=(ALL,), ignore=("S",))])
    assert not any(c.startswith("S") for c in selected) and "A103" in selected
    assert resolve(CODES, [Layer(select=("B101",), extend_select=(ALL,), ignore=("B",))]) >= {"A103"}


def test_command_line_layer_builds_on_the_configuration():
    config = Layer(ignore=("B",))
    assert "B101" not in resolve(CODES, [config, Layer(ignore=("A103",))])
    assert "A103" not in resolve(CODES, [config, Layer(ignore=("A103",))])
    # a select on the command line starts over: the configuration's ignore no longer counts
    assert resolve(CODES, [config, Layer(select=("B101",))]) == {"B101"}
    # extend-select on the command line brings back what the configuration ignored
    assert "B105" in resolve(CODES, [config, Layer(extend_select=("B105",))])


def test_selection_validates_the_options_and_layers_them_on_the_config(tmp_path):
    config = Config(root=tmp_path, layer=Layer(select=("A",)))
    assert selection(CODES, config) == {c for c in CODES if c.startswith("A")}
    assert selection(CODES, config, extend_select=["B101"], ignore=["a1"]) == {"B101"}
    assert selection(CODES, config, select=["C102,C103"]) == {"C102", "C103"}
    with pytest.raises(ConfigError, match="--extend-select: unknown rule code or prefix 'K'"):
        selection(CODES, config, extend_select=["K"])


def test_split_selectors():
    assert split_selectors(["a103, b", " C ", ""]) == ("A103", "B", "C")


def test_unknown_selector_is_named():
    check_selectors(["A", "A103", ALL], CODES, "--select")
    with pytest.raises(ConfigError, match=r"--select: unknown rule code or prefix 'Z9'"):
        check_selectors(["A", "Z9"], CODES, "--select")
    with pytest.raises(ConfigError, match="'A1039'"):
        check_selectors(["A1039"], CODES, "--ignore")


# --- validation --------------------------------------------------------------------

def test_parse_full_config(tmp_path):
    config = parse_config({"select": ["A", "B"], "extend-select": ["C102"], "ignore": ["b105"],
                           "per-file-ignores": {"legacy/*.lin": ["A103"]}, "exclude": ["vendor"],
                           "fail-on": "warning"}, CODES, tmp_path)
    assert config.layer == Layer(("A", "B"), ("C102",), ("B105",))
    assert config.per_file_ignores == {"legacy/*.lin": ("A103",)}
    assert config.exclude == ("vendor",) and config.fail_on == "warning" and config.root == tmp_path


@pytest.mark.parametrize("table, key", [
    ({"selct": ["A"]}, "'selct'"),
    ({"select": "A"}, "'select'"),
    ({"select": [1]}, "'select'"),
    ({"ignore": ["Q1"]}, "'Q1'"),
    ({"extend-select": {"A": 1}}, "'extend-select'"),
    ({"exclude": "vendor"}, "'exclude'"),
    ({"per-file-ignores": ["x"]}, "'per-file-ignores'"),
    ({"per-file-ignores": {"*.lin": "A103"}}, "'*.lin'"),
    ({"per-file-ignores": {"*.lin": ["Z"]}}, "'Z'"),
    ({"fail-on": "info"}, "'fail-on'"),
    ({"fail-on": True}, "'fail-on'"),
])
def test_strict_validation_names_the_key(tmp_path, table, key):
    with pytest.raises(ConfigError) as error:
        parse_config(table, CODES, tmp_path, where="pyproject.toml: [tool.bridgelint]")
    assert key in str(error.value) and str(error.value).startswith("pyproject.toml: [tool.bridgelint]")


# --- files -----------------------------------------------------------------------------

def test_find_config_walks_up_and_skips_pyproject_without_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.bridgelint]\nignore = ["B"]\n')
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "pyproject.toml").write_text('[project]\nname = "x"\n')
    deep = tmp_path / "a" / "b"
    deep.mkdir()
    assert find_config(deep) == tmp_path / "pyproject.toml"
    (tmp_path / "a" / "bridgelint.toml").write_text('select = ["A"]\n')
    assert find_config(deep) == tmp_path / "a" / "bridgelint.toml"


def test_bridgelint_toml_wins_over_pyproject_in_one_directory(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.bridgelint]\nignore = ["B"]\n')
    (tmp_path / "bridgelint.toml").write_text('ignore = ["A"]\n')
    assert find_config(tmp_path) == tmp_path / "bridgelint.toml"
    assert discover(CODES, start=tmp_path).layer.ignore == ("A",)


def test_load_pyproject_table(tmp_path):
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.bridgelint]\nselect = ["A"]\nfail-on = "warning"\n')
    config = load_config(path, CODES)
    assert config.layer.select == ("A",) and config.fail_on == "warning" and config.root == tmp_path.resolve()


def test_invalid_toml_is_a_config_error(tmp_path):
    path = tmp_path / "bridgelint.toml"
    path.write_text("select = [\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(path, CODES)


def test_discover_options(tmp_path):
    (tmp_path / "bridgelint.toml").write_text('ignore = ["A"]\n')
    other = tmp_path / "ci.toml"
    other.write_text('ignore = ["B"]\n')
    assert discover(CODES, isolated=True, start=tmp_path).layer == Layer()
    assert discover(CODES, config_file=str(other), start=tmp_path).layer.ignore == ("B",)
    with pytest.raises(ConfigError, match="exclude each other"):
        discover(CODES, config_file=str(other), isolated=True)
    with pytest.raises(ConfigError, match="no such file"):
        discover(CODES, config_file=str(tmp_path / "missing.toml"))


# --- paths -------------------------------------------------------------------------------

@pytest.mark.parametrize("pattern, path, expected", [
    ("*.lin", "a.lin", True),
    ("*.lin", "deep/dir/a.lin", True),
    ("*.lin", "a.pbn", False),
    ("legacy/*.pbn", "legacy/a.pbn", True),
    ("legacy/*.pbn", "other/legacy/a.pbn", False),
    ("legacy", "legacy/sub/a.pbn", True),
    ("legacy/", "legacy/a.pbn", True),
    ("**/old.pbn", "old.pbn", True),
    ("**/old.pbn", "x/old.pbn", True),
    ("./vugraph/*", "vugraph/a.lin", True),
    ("A.LIN", "a.lin", False),
])
def test_glob_match(pattern, path, expected):
    assert glob_match(pattern, path) is expected


def test_file_codes_and_exclude(tmp_path):
    config = Config(root=tmp_path, per_file_ignores={"vugraph/*.lin": ("A1",), "*.pbn": ("B105",)},
                    exclude=("vendor",))
    selected = frozenset(CODES)
    lin = file_codes(str(tmp_path / "vugraph" / "x.lin"), selected, config)
    assert "A103" not in lin and "A101" not in lin and "B105" in lin
    assert file_codes(str(tmp_path / "x.pbn"), selected, config) == selected - {"B105"}
    assert file_codes("-", selected, config) == selected
    assert is_excluded(str(tmp_path / "vendor" / "a.pbn"), config)
    assert not is_excluded(str(tmp_path / "a.pbn"), config) and not is_excluded("-", config)


# --- the command line ----------------------------------------------------------------------

@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project directory as the working directory, with a game that has an A103 error and a B107 warning."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "error.pbn").write_text(ERROR)
    (tmp_path / "games" / "warning.pbn").write_text(WARNING)
    return tmp_path


def test_pyproject_config_is_found_from_a_subdirectory(project, monkeypatch):
    (project / "pyproject.toml").write_text('[tool.bridgelint]\nignore = ["A103"]\nfail-on = "warning"\n')
    monkeypatch.chdir(project / "games")
    code, out, err = run(monkeypatch, "check", "--jobs", "1", "error.pbn")
    assert (code, finding_lines(out)) == (0, "")
    code, out, err = run(monkeypatch, "check", "--jobs", "1", "warning.pbn")
    assert code == 1 and finding_lines(out) == "warning.pbn:2:1: B107 [warning] " + finding_lines(out).split(" B107 [warning] ", 1)[1]
    assert err.endswith("0 errors, 1 warning\n")


def test_isolated_ignores_the_config(project, monkeypatch):
    (project / "bridgelint.toml").write_text('ignore = ["A103"]\n')
    assert run(monkeypatch, "check", "games/error.pbn")[0] == 0
    code, out, err = run(monkeypatch, "check", "--isolated", "games/error.pbn")
    assert code == 1 and out.startswith("games/error.pbn:6:9: A103 [error] ")


def test_config_option_names_the_file(project, monkeypatch):
    (project / "ci.toml").write_text('select = ["B"]\nfail-on = "warning"\n')
    code, out, err = run(monkeypatch, "check", "--config", "ci.toml", "games")
    assert code == 1
    assert [line.split(": ")[1].split()[0] for line in finding_lines(out).splitlines()] == ["B107"]
    assert err == "2 files, 2 boards, 1 result: 0 errors, 1 warning\n"


def test_command_line_overrides_the_config(project, monkeypatch):
    (project / "bridgelint.toml").write_text('ignore = ["A103"]\nfail-on = "warning"\n')
    code, out, _ = run(monkeypatch, "check", "--extend-select", "A103", "--fail-on", "error", "games/warning.pbn")
    assert code == 0 and "B107" in out
    code, out, _ = run(monkeypatch, "check", "--extend-select", "A103", "games/error.pbn")
    assert code == 1 and "A103" in out


@pytest.mark.parametrize("text, named", [
    ('[tool.bridgelint]\nselct = ["A"]\n', "unknown key 'selct'"),
    ('[tool.bridgelint]\nignore = "A103"\n', "'ignore' must be a list"),
    ('[tool.bridgelint]\nignore = ["Z1"]\n', "'Z1'"),
    ('[tool.bridgelint]\nfail-on = "never"\n', "'fail-on'"),
    ('[tool.bridgelint\n', "not valid TOML"),
])
def test_bad_config_exits_2_naming_the_key(project, monkeypatch, text, named):
    (project / "pyproject.toml").write_text(text)
    code, out, err = run(monkeypatch, "check", "games")
    assert (code, finding_lines(out)) == (2, "")
    assert err.startswith("bridgelint: ") and "pyproject.toml" in err and named in err


def test_config_and_isolated_together_exit_2(project, monkeypatch):
    (project / "ci.toml").write_text("")
    code, out, err = run(monkeypatch, "check", "--config", "ci.toml", "--isolated", "games")
    assert (code, finding_lines(out), err) == (2, "", "bridgelint: --config and --isolated exclude each other\n")


def test_missing_config_file_exits_2(project, monkeypatch):
    code, out, err = run(monkeypatch, "check", "--config", "nope.toml", "games")
    assert (code, finding_lines(out), err) == (2, "", "bridgelint: --config nope.toml: no such file\n")


def test_per_file_ignores_serve_lin(project, monkeypatch):
    (project / "vugraph").mkdir()
    (project / "vugraph" / "match.lin").write_text(LIN_ERROR)
    code, out, _ = run(monkeypatch, "check", "--isolated", "vugraph/match.lin")
    assert code == 1 and " A103 " in out
    (project / "bridgelint.toml").write_text('[per-file-ignores]\n"vugraph/*.lin" = ["A103"]\n')
    code, out, err = run(monkeypatch, "check", "vugraph/match.lin", "games/error.pbn")
    assert code == 1
    assert [line.split(":")[0] for line in finding_lines(out).splitlines() if " A103 " in line] == ["games/error.pbn"]


def test_per_file_ignores_are_relative_to_the_config_directory(project, monkeypatch):
    (project / "bridgelint.toml").write_text('[per-file-ignores]\n"games/error.pbn" = ["A"]\n')
    monkeypatch.chdir(project / "games")
    code, out, _ = run(monkeypatch, "check", "error.pbn")
    assert (code, finding_lines(out)) == (0, "")


def test_exclude_skips_files_and_directories(project, monkeypatch):
    (project / "bridgelint.toml").write_text('exclude = ["games/error.pbn"]\n')
    code, out, err = run(monkeypatch, "check", "games")
    assert code == 0 and err.startswith("1 file, ")
    (project / "bridgelint.toml").write_text('exclude = ["games"]\n')
    code, out, err = run(monkeypatch, "check", "games")
    assert (code, out) == (2, "")  # nothing checked is no pass
    assert err == ("bridgelint: nothing to check in games: no .pbn or .lin file (also .gz, or in a .zip) that is "
                   "not excluded\n")


def test_a_named_file_is_read_unless_force_exclude_applies_the_excludes(project, monkeypatch):
    (project / "bridgelint.toml").write_text('exclude = ["games/error.pbn"]\n')
    code, out, _ = run(monkeypatch, "check", "games/error.pbn")  # named: read, as ruff reads it
    assert code == 1 and " A103 " in out
    # a pre-commit hook given only an excluded file: nothing to do, no failure
    code, out, err = run(monkeypatch, "check", "--force-exclude", "games/error.pbn")
    assert (code, out) == (0, "") and "every file of games/error.pbn is excluded (--force-exclude)" in err
    code, out, err = run(monkeypatch, "check", "--force-exclude", "games/error.pbn", "games/warning.pbn")
    assert code == 0 and " A103 " not in out and err.startswith("1 file, ")
    code, _, err = run(monkeypatch, "check", "--force-exclude", "games/none.pbn")  # no such file: still an error
    assert code == 2


def test_each_file_takes_the_configuration_above_it_from_any_folder(project, monkeypatch):
    (project / "pyproject.toml").write_text('[tool.bridgelint]\nignore = ["A103"]\n')
    other = project / "other"
    other.mkdir()
    (other / "bridgelint.toml").write_text('exclude = ["skip"]\n')
    (other / "skip").mkdir()
    (other / "skip" / "e.pbn").write_text(ERROR)
    (other / "e.pbn").write_text(ERROR)
    monkeypatch.chdir("/")
    code, out, err = run(monkeypatch, "check", str(project / "games" / "error.pbn"), str(other))
    lines = [line for line in finding_lines(out).splitlines() if " A103 " in line]
    # shown relative to the working directory, /: games/error.pbn's A103 ignored by its configuration
    assert lines and all(line.split(":")[0] == str(other / "e.pbn").lstrip("/") for line in lines), out
    assert "skip" not in out and err.startswith("2 files, ")


def test_the_readme_example_is_a_valid_configuration(tmp_path):
    import re

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```toml\n(.*?)```", readme, re.S)
    assert block, "README.md has a TOML example"
    (tmp_path / "pyproject.toml").write_text(block.group(1))
    config = load_config(tmp_path / "pyproject.toml", CODES)
    assert config.per_file_ignores and config.layer.select == (ALL,)


def test_pre_commit_hook():
    import re

    text = (Path(__file__).resolve().parents[1] / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    assert "- id: bridgelint\n" in text and "entry: bridgelint check --force-exclude\n" in text
    pattern = re.search(r"^  files: (.+)$", text, re.M).group(1)
    assert pattern == r"(?i)\.(pbn|lin)$"
    files = re.compile(pattern)
    assert all(files.search(name) for name in ("a.pbn", "dir/B.PBN", "x.lin", "y.Lin"))
    assert not any(files.search(name) for name in ("a.pbnx", "lin.txt", "a.json"))


@pytest.mark.parametrize("data, named", [
    (b"select = " + b"[" * 5000 + b"]" * 5000 + b"\n", "nested too deeply"),
    (b'select = ["A"]\n\xff\n', "byte 0xff at offset 15 is not UTF-8"),
    ('select = ["A"]\n'.encode("utf-16"), "byte 0xff at offset 0 is not UTF-8"),
])
@pytest.mark.parametrize("command", ["check", "convert", "replay"])
def test_an_unreadable_config_file_exits_2_naming_it(project, monkeypatch, data, named, command):
    (project / "bridgelint.toml").write_bytes(data)
    args = ["--to", "json"] if command == "convert" else []
    code, out, err = run(monkeypatch, command, *args, "games/error.pbn")
    assert (code, out) == (2, "")
    assert err == f"bridgelint: {project / 'bridgelint.toml'}: not valid TOML" + err.split("not valid TOML", 1)[1]
    assert named in err and err.count("\n") == 1


def test_an_unrelated_invalid_pyproject_above_does_not_stop_a_run(project, monkeypatch):
    (project / "pyproject.toml").write_text("[project\nname = 'someone else's'\n")
    code, out, err = run(monkeypatch, "check", "games/error.pbn")
    assert code == 1 and out.startswith("games/error.pbn:6:9: A103 [error] ")
    (project / "pyproject.toml").write_text("[tool.bridgelint\nselect = ['A']\n")  # ours, broken: said so
    code, out, err = run(monkeypatch, "check", "games/error.pbn")
    assert code == 2 and "pyproject.toml: not valid TOML" in err


@pytest.mark.parametrize("text, args, by", [
    ("select = []\n", [], "{toml}"),
    ("", ["--ignore", "ALL"], "the command line"),
    ('select = ["A"]\n', ["--ignore", "A"], "{toml} and the command line"),
])
def test_a_selection_of_no_rule_says_so_and_exits_2(project, monkeypatch, text, args, by):
    (project / "bridgelint.toml").write_text(text)
    code, out, err = run(monkeypatch, "check", *args, "games")
    assert (code, out) == (2, "")
    by = by.format(toml=project / "bridgelint.toml")
    assert err == f"bridgelint: no rule is selected by {by}: nothing would be checked\n"


def test_stdin_filename_names_standard_input_for_its_configuration_and_the_report(project, monkeypatch):
    (project / "bridgelint.toml").write_text('[per-file-ignores]\n"games/*" = ["B107"]\n')
    data = (ERROR + "\n" + WARNING).encode()
    code, out, err = run(monkeypatch, "check", "--stdin-filename", "games/new.pbn", "-", stdin=data)
    lines = finding_lines(out).splitlines()
    assert code == 1 and lines and all(line.startswith("games/new.pbn:") for line in lines)
    assert not any(" B107 " in line for line in lines)  # games/*'s per-file-ignores
    code, out, err = run(monkeypatch, "check", "-", stdin=data)  # unnamed: no per-file-ignores apply
    assert any(line.startswith("-:") and " B107 " in line for line in finding_lines(out).splitlines())
