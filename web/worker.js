// bridgelint in Pyodide, off the page's thread: loads Python and the wheels from this folder, then runs
// `bridgelint check` on the files the page sends, as the command line does (its own main), into the virtual
// file system.  Messages to the page: {type: "ready" | "progress" | "done" | "failed", ...}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (name) => new URL(name, import.meta.url).href;
const EVENT = "/event";  // the dropped files, under their names (a folder's files under its name)
const OUT = "/report";
// a configuration file dropped beside the files configures the check, as in the folder it is found in; it is
// not itself a file to check
const CONFIGURATION = new Set(["bridgelint.toml", "pyproject.toml"]);

// Standard error as a terminal: the command line's progress bar (files, boards) and its summary line, line by
// line, go to the page.
const PYTHON = `
import io
import sys

from bridgelint.cli import main


class Terminal(io.StringIO):
    def __init__(self, say):
        super().__init__()
        self.say = say

    def isatty(self):
        return True

    def write(self, text):
        self.say(text)
        return super().write(text)


def check(args, say):
    sys.argv = ["bridgelint", "check", *args]
    sys.stderr = Terminal(say)
    try:
        main()
        status = 0
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 2
    finally:
        said, sys.stderr = sys.stderr.getvalue(), sys.__stderr__
    return status, said
`;

function lastLine(text) {
  const lines = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").split(/[\r\n]/).map((l) => l.trim()).filter(Boolean);
  return lines.length ? lines[lines.length - 1] : "";
}

async function start() {
  const pyodide = await loadPyodide({ indexURL: here("pyodide/"), stdout: () => {}, stderr: () => {} });
  const wheels = await (await fetch(here("wheels.json"))).json();
  await pyodide.loadPackage(wheels.map((name) => here(`wheels/${name}`)), { messageCallback: () => {} });
  pyodide.runPython(PYTHON);
  const version = pyodide.runPython("import bridgelint; bridgelint.__version__");
  return { pyodide, check: pyodide.globals.get("check"), version };
}

const ready = start();
ready.then(({ version }) => postMessage({ type: "ready", version }), (error) => postMessage(
  { type: "failed", stage: "load", message: `Python did not load: ${describe(error)}` }));

function writeFiles(FS, files) {
  FS.chdir("/");  // out of the last run's folder, removed with its files
  removeTree(FS, EVENT);
  removeTree(FS, OUT);
  FS.mkdirTree(EVENT);
  FS.mkdirTree(OUT);
  for (const { path, bytes } of files) {
    const target = `${EVENT}/${path}`;
    FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    FS.writeFile(target, new Uint8Array(bytes));
  }
}

function removeTree(FS, path) {
  if (!FS.analyzePath(path).exists) return;
  for (const name of FS.readdir(path)) {
    if (name === "." || name === "..") continue;
    const child = `${path}/${name}`;
    if (FS.isDir(FS.stat(child).mode)) removeTree(FS, child); else FS.unlink(child);
  }
  FS.rmdir(path);
}

async function checkFiles({ files, handRecord }) {
  const { pyodide, check } = await ready;
  writeFiles(pyodide.FS, files);
  pyodide.FS.chdir(EVENT);
  const named = [...new Set(files.map(({ path }) => path.split("/")[0]))].filter((name) => !CONFIGURATION.has(name))
    .sort();
  const options = handRecord ? ["--hand-record", handRecord] : [];
  const runs = {};
  for (const [format, phase] of [["json", "Checking"], ["html", "Drawing the report"]]) {
    const say = (text) => {
      const bar = /(\d+%).*?(\d+\/\d+ files, [\d,]+ boards)/.exec(text);  // the bytes read, and what is done
      if (bar) postMessage({ type: "progress", text: `${phase}: ${bar[1]}, ${bar[2]}` });
    };
    const target = `${OUT}/report.${format}`;
    const started = performance.now();
    const args = pyodide.toPy([...options, "--jobs", "1", "--format", format, "-o", target, ...named]);
    const result = check(args, say);
    const [status, said] = result.toJs();
    result.destroy();
    args.destroy();
    const written = pyodide.FS.analyzePath(target).exists;
    runs[format] = { status, summary: lastLine(said), seconds: (performance.now() - started) / 1000,
                     text: written ? pyodide.FS.readFile(target, { encoding: "utf8" }) : null };
    if (!written) break;  // the check did not start (a configuration it refuses): said in the summary
  }
  postMessage({ type: "done", status: runs.json.status, summary: runs.json.summary, json: runs.json.text,
                html: runs.html?.text ?? null, checking: runs.json.seconds, drawing: runs.html?.seconds ?? 0 });
}

function describe(error) {  // a Python error, a JavaScript one, or the file system's (an errno)
  return error?.message || (error?.errno !== undefined ? `file system error ${error.errno}` : String(error));
}

onmessage = (event) => {
  checkFiles(event.data).catch(
    (error) => postMessage({ type: "failed", stage: "check", message: describe(error) }));
};
