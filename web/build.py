"""Build the page that checks bridge records in the browser: ``python web/build.py`` (``--out DIR``; default
``web/dist``).

The page runs bridgelint in Pyodide, CPython compiled to WebAssembly, with every file it loads served beside
it: Pyodide's files, at the version ``web/package-lock.json`` pins (``npm ci``), bridgelint's own wheel (``pip
wheel``) and the pure-Python wheels of what it needs, at the versions installed with it here (``pip download``).
Needs node and npm, and pip's index.  The folder it writes is served as it is, by any static web server.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
PAGE = ("index.html", "page.js", "worker.js", "page.css")  # the page's own files, copied as they are
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def pyodide_python(lock: Path) -> str:
    """The Python version Pyodide's lock file names, as ``3.14``."""
    return ".".join(json.loads(lock.read_text(encoding="utf-8"))["info"]["python"].split(".")[:2])


def needed(name: str, python: str) -> list[str]:
    """The distributions ``name`` needs on Pyodide (its Python ``python``), without extras, recursively: each
    pinned at the version installed here, else unpinned."""
    environment = {"python_version": python, "python_full_version": python + ".0", "sys_platform": "emscripten",
                   "platform_system": "Emscripten", "os_name": "posix", "platform_machine": "wasm32",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    found: dict[str, str] = {}
    todo = [name]
    while todo:
        for line in metadata.requires(todo.pop()) or []:
            requirement = Requirement(line)
            key = requirement.name.lower()
            if key in found or requirement.marker is not None and not requirement.marker.evaluate(environment):
                continue
            try:
                found[key] = f"{key}=={metadata.version(key)}"
                todo.append(key)
            except metadata.PackageNotFoundError:
                found[key] = key
    return sorted(found.values())


def run(*command: str, cwd: Path = ROOT) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def build(out: Path) -> list[str]:
    """Write the page to ``out`` (emptied first); the names of the wheels it installs."""
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("web/build.py: npm is not installed (node and npm: Debian's nodejs and npm packages)")
    run(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=WEB)
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE:
        shutil.copy2(WEB / "node_modules" / "pyodide" / name, out / "pyodide" / name)
    for name in PAGE:
        shutil.copy2(WEB / name, out / name)
    wheels = out / "wheels"
    with tempfile.TemporaryDirectory() as scratch:  # pip builds in a copy: the checkout gets no wheel
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels), str(ROOT),
            cwd=Path(scratch))
        requirements = needed("bridgelint", pyodide_python(out / "pyodide" / "pyodide-lock.json"))
        if requirements:
            run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "--dest",
                str(wheels), *requirements, cwd=Path(scratch))
    names = sorted(path.name for path in wheels.glob("*.whl"))
    compiled = [name for name in names if not name.endswith("-none-any.whl")]
    if compiled:
        sys.exit(f"web/build.py: not pure Python, Pyodide cannot install them from here: {', '.join(compiled)}")
    (out / "wheels.json").write_text(json.dumps(names, indent=1) + "\n", encoding="utf-8")
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=WEB / "dist", help="the folder the page is written to")
    out = parser.parse_args().out.resolve()
    names = build(out)
    print(f"web/build.py: the page is in {out} (with {', '.join(names)}); serve it, e.g. "
          f"python -m http.server -d {out}")


if __name__ == "__main__":
    main()
