"""A small Chrome DevTools Protocol client for the browser tests: Debian's headless Chromium, one tab.

`Browser.open(url)` starts `chromium` (or $PNP_CHROMIUM) headless in a new temporary profile, with
everything that would reach the network off, and opens one tab on `url`; `evaluate(js)` answers the
value of an expression (promises awaited), `wait(js, timeout)` polls until it is truthy (an
expression that throws, on a page still loading, counts as false),
`screenshot(path, width, height)` saves a PNG of the tab, `close()` ends the browser and removes the
profile. Nothing but the page given is loaded.
"""
from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--disable-extensions", "--mute-audio", "--hide-scrollbars")


def chromium() -> str | None:
    return os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    def __init__(self, process: subprocess.Popen, profile: str, address: str):
        self.process, self.profile = process, profile
        self._stack = contextlib.ExitStack()
        self.socket = self._stack.enter_context(connect(address, max_size=64 * 2**20, open_timeout=20))
        self._ids = itertools.count(1)
        self.session = ""

    @classmethod
    def open(cls, url: str, width: int = 1440, height: int = 1000) -> "Browser":
        profile = tempfile.mkdtemp(prefix="pnp-chromium-")
        process = subprocess.Popen([chromium(), *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                    f"--window-size={width},{height}", "about:blank"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        browser = cls(process, profile, _devtools_address(process))
        target = browser.send("Target.createTarget", url="about:blank")["targetId"]
        browser.session = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        browser.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        browser.send("Page.navigate", url=url)
        return browser

    def send(self, method: str, **params) -> dict:
        number = next(self._ids)
        message = {"id": number, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv(timeout=30))
            if answer.get("id") == number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def evaluate(self, expression: str):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float = 15.0):
        end = time.monotonic() + timeout
        guarded = f"(() => {{ try {{ return ({expression}); }} catch (error) {{ return false; }} }})()"
        while True:
            value = self.evaluate(guarded)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"still false after {timeout} s: {expression}")
            time.sleep(0.05)

    def screenshot(self, path: Path, width: int | None = None, height: int | None = None) -> Path:
        if width and height:
            self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                      mobile=False)
        Path(path).write_bytes(base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"]))
        return Path(path)

    def close(self) -> None:
        try:
            self._stack.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


def _devtools_address(process: subprocess.Popen) -> str:
    """The browser's websocket address, which Chromium prints on stderr once it listens."""
    for line in process.stderr:
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:
            return found.group(1)
    raise RuntimeError(f"chromium ended before it listened (exit {process.wait()})")
