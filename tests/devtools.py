"""Drive Debian's headless chromium from a test: the DevTools protocol over a pipe, with the standard library.

``--remote-debugging-pipe`` has chromium read commands on its file descriptor 3 and write answers and events
on 4, each a JSON message ended by a NUL byte.  `Browser` starts it, opens one page, and attaches to every
worker the page starts, so that the network log (`Browser.requests`) holds the workers' requests too.
Every wait is on a condition.  HANG only ends a wait on a browser that stopped answering: it guards against a
hung test and measures no speed (a busy machine may take minutes; speed is benchmarks/' business).
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import http.server
import json
import os
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

HANG = 1800.0  # seconds without the awaited answer or condition after which the browser is taken to hang


class BrowserError(AssertionError):
    """The browser answered a command with an error, died, or a condition did not come in time."""


class Browser:
    def __init__(self, chromium: str, flags: list[str], profile: Path, width: int = 1200, height: int = 900):
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        # above the three standard streams and 3 and 4, so that placing them at 3 and 4 overwrites neither
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, answers_write)]

        def place() -> None:  # in the child, before exec
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.process = subprocess.Popen(
            [chromium, *flags, "--remote-debugging-pipe", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=place, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        for fd in (commands_read, answers_write, *high):
            os.close(fd)
        self._lock = threading.Condition()
        self._answered: dict[int, dict] = {}
        self._next = 0
        self.events: list[dict] = []  # every event, in order
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self._watch(self.session)
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    # --- the protocol --------------------------------------------------------------------------------------

    def _read(self) -> None:
        pending = b""
        while chunk := os.read(self._answers, 1 << 20):
            pending += chunk
            *messages, pending = pending.split(b"\0")
            for raw in messages:
                message = json.loads(raw)
                with self._lock:
                    if "id" in message:
                        self._answered[message["id"]] = message
                    else:
                        self.events.append(message)
                    self._lock.notify_all()
                if message.get("method") == "Target.attachedToTarget":  # a worker: watched, then let go on
                    threading.Thread(target=self._attached, args=(message["params"]["sessionId"],), daemon=True).start()
        with self._lock:
            self._lock.notify_all()

    def _attached(self, session: str) -> None:
        try:
            self._watch(session)
            self.send("Runtime.runIfWaitingForDebugger", session=session)
        except BrowserError:
            pass  # a worker that ended before it was watched

    def _watch(self, session: str) -> None:
        """Network and console events of the target, and its own workers attached, paused until watched."""
        self.send("Network.enable", session=session)
        self.send("Runtime.enable", session=session)
        self.send("Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=True, flatten=True, session=session)

    def send(self, method: str, session: str | None = None, timeout: float = HANG, **params: Any) -> dict:
        """The result of a command (to the page unless ``session`` names another target, or the browser)."""
        with self._lock:
            self._next += 1
            number = self._next
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if session is not None or not method.startswith(("Target.", "Browser.")):  # the browser's own domains
            message["sessionId"] = session or self.session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._lock:
            while number not in self._answered:
                if not self._reader.is_alive() or not self._lock.wait(deadline - time.monotonic()):
                    raise BrowserError(f"{method}: no answer (the browser {'died' if self.process.poll() else 'hung'})")
            answer = self._answered.pop(number)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    # --- what a test does ----------------------------------------------------------------------------------

    def open(self, url: str) -> None:
        self.send("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise awaited)."""
        result = self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, fail: str = "false") -> Any:
        """The first true value of ``expression``, evaluated every tenth of a second; ``fail``: an expression
        that ends the wait with an error at once (the page said it failed)."""
        deadline = time.monotonic() + HANG
        while True:
            value = self.evaluate(f"[{expression}, {fail}]")
            if value[1]:
                raise BrowserError(f"while waiting for {expression}: {fail} is {value[1]!r}")
            if value[0]:
                return value[0]
            if time.monotonic() > deadline:
                raise BrowserError(f"{expression}: still not true after {HANG:.0f} s: taken to hang")
            time.sleep(0.1)

    def set_files(self, selector: str, paths: list[Path]) -> None:
        """Choose ``paths`` in the file input ``selector``, as the file dialog would (the change event fires)."""
        node = self.send("Runtime.evaluate", expression=f"document.querySelector({json.dumps(selector)})")
        self.send("DOM.setFileInputFiles", files=[str(p) for p in paths], objectId=node["result"]["objectId"])

    def drop(self, selector: str, paths: list[Path]) -> None:
        """Drag ``paths`` (files and folders) from the desktop and drop them in the middle of ``selector``."""
        x, y = self.evaluate(f"(() => {{ const box = document.querySelector({json.dumps(selector)})"
                             ".getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; })()")
        data = {"items": [], "files": [str(p) for p in paths], "dragOperationsMask": 1}  # 1: copy
        for kind in ("dragEnter", "dragOver", "drop"):
            self.send("Input.dispatchDragEvent", type=kind, x=x, y=y, data=data)

    def screenshot(self, target: Path) -> None:
        target.write_bytes(base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"]))

    def requests(self) -> list[str]:
        """The URL of every request the page and its workers asked for so far, in order."""
        with self._lock:
            return [e["params"]["request"]["url"] for e in self.events
                    if e.get("method") == "Network.requestWillBeSent"]

    def errors(self) -> list[str]:
        """The exceptions thrown and the console errors of the page and its workers."""
        with self._lock:
            return [json.dumps(e["params"])[:2000] for e in self.events
                    if e.get("method") == "Runtime.exceptionThrown"
                    or e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] == "error"]

    def close(self) -> None:
        with contextlib.suppress(BrowserError):
            self.send("Browser.close", timeout=10)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        self._reader.join(timeout=10)
        os.close(self._answers)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served(directory: Path) -> Iterator[str]:
    """``directory`` on the loopback address, as a static web server serves it: its address, ending in /."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
