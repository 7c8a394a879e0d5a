"""The preview server: the page, its own assets, the state, the rendered pages and server-sent
events, on 127.0.0.1 only.

Contract: `Preview(port=0)` opens a `PageStore` and binds 127.0.0.1 (port 0: a free one; `url`
says which; an `OSError` when the port is taken), serving from daemon threads until `close()`.
Called with a build's `Outcome` (the watch loop's `publish`), it updates the pages and the state
(`pages.snapshot`) and wakes every event stream. Requests: GET or HEAD only (405); a Host header
that is not localhost or 127.0.0.1 (on this port, or without one) is refused (403), which stops DNS
rebinding. `/` is the page; `/assets/<name>` one of its files (a fixed list, read from the package
at start); `/state` the state; `/events` a stream of `build` events (the state's version) with a
comment every `BEAT` seconds; `/pages/<kit>/<pdf>/<n>.png?v=<version>` a rendered page
(`PageStore.png`; kept a year by the browser, since the version names its content; 404 for an old
version). Anything else is 404: no part of a request's path ever reaches the file system.
"""
from __future__ import annotations

import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, unquote, urlsplit

from .pages import PageStore, snapshot

if TYPE_CHECKING:  # pragma: no cover
    from .loop import Outcome

HOST = "127.0.0.1"
BEAT = 15.0  # seconds between two comments on an idle event stream (a closed page is noticed)
ASSETS = {"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
          "style.css": "text/css; charset=utf-8", "favicon.svg": "image/svg+xml"}
PAGE = re.compile(r"/pages/([^/]+)/([^/]+)/([0-9]{1,6})\.png")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
SECURITY = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
            "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'"}


class Preview:
    def __init__(self, port: int = 0, watching: list[str] | None = None):
        self.store = PageStore()
        self.watching = watching or []
        self.assets = {name: (resources.files(__package__) / "assets" / name).read_bytes() for name in ASSETS}
        self.state: dict = {"version": 0, "kits": [], "problems": [], "watching": self.watching}
        self.changed = threading.Condition()
        self.closing = False
        self.server = _Server((HOST, port), self)
        self.port = self.server.server_address[1]
        self.url = f"http://{HOST}:{self.port}/"
        self._thread = threading.Thread(target=self.server.serve_forever, name="pnp-preview", daemon=True)
        self._thread.start()

    def __call__(self, outcome: "Outcome") -> None:
        self.store.update(outcome)
        state = snapshot(outcome, self.store, self.watching)
        with self.changed:
            self.state = state
            self.changed.notify_all()

    def close(self) -> None:
        with self.changed:
            self.closing = True
            self.changed.notify_all()
        self.server.shutdown()
        self.server.server_close()

    def state_json(self) -> bytes:
        with self.changed:
            return json.dumps(self.state, ensure_ascii=False).encode("utf-8")

    def allowed_host(self, host: str | None) -> bool:
        if not host:
            return False
        name, _, port = host.rpartition(":") if ":" in host else (host, "", "")
        return name in ("localhost", HOST) and port in ("", str(self.port))

    def next_version(self, seen: int, timeout: float) -> int | None:
        """The state's version once it differs from `seen` (None after `timeout`, or when closing)."""
        with self.changed:
            self.changed.wait_for(lambda: self.closing or self.state["version"] != seen, timeout)
            return None if self.closing or self.state["version"] == seen else self.state["version"]


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], preview: Preview):
        self.preview = preview
        super().__init__(address, _Handler)

    def handle_error(self, request: object, client_address: tuple) -> None:
        """A page closed while it loaded is nothing to report; anything else, one line, no traceback."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            print(f"pnp preview: a request failed: {type(error).__name__}: {error}", file=sys.stderr)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "pnp-preview"
    sys_version = ""
    head_only = False

    @property
    def preview(self) -> Preview:
        return self.server.preview

    def do_GET(self) -> None:
        if not self.preview.allowed_host(self.headers.get("Host")):
            self._send(403, b"this preview answers only to localhost and 127.0.0.1\n", "text/plain")
            return
        route = _route(self.path)
        if route is None:
            self._send(404, b"not found\n", "text/plain")
        elif route[0] == "events":
            self._events()
        else:
            self._answer(route)

    def do_HEAD(self) -> None:
        self.head_only = True
        self.do_GET()

    def _refuse(self) -> None:
        self._send(405, b"only GET and HEAD\n", "text/plain", {"Allow": "GET, HEAD"})

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse

    def _answer(self, route: tuple) -> None:
        kind = route[0]
        if kind == "asset":
            self._send(200, self.preview.assets[route[1]], ASSETS[route[1]])
        elif kind == "state":
            self._send(200, self.preview.state_json(), "application/json; charset=utf-8")
        else:
            png = self.preview.store.png(*route[1:])
            if png is None:
                self._send(404, b"no such page (or an older version)\n", "text/plain")
            else:
                self._send(200, png, "image/png", {"Cache-Control": "max-age=31536000, immutable"})

    def _events(self) -> None:
        self.send_response(200)
        for name, value in {"Content-Type": "text/event-stream", "Cache-Control": "no-store", **SECURITY}.items():
            self.send_header(name, value)
        self.end_headers()
        seen = -1
        try:
            self.wfile.write(b"retry: 1000\n\n")
            while not self.preview.closing:
                version = self.preview.next_version(seen, BEAT)
                if version is not None:
                    seen = version
                    self.wfile.write(f"event: build\ndata: {json.dumps({'version': version})}\n\n".encode())
                elif not self.preview.closing:
                    self.wfile.write(b": still watching\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return

    def _send(self, status: int, body: bytes, kind: str, extra: dict | None = None) -> None:
        self.send_response(status)
        headers = {"Content-Type": kind, "Content-Length": str(len(body)), "Cache-Control": "no-store",
                   **SECURITY, **(extra or {})}
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if not self.head_only:
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return  # the watch loop says what matters; requests are not news


def _route(target: str) -> tuple | None:
    """What a request target asks for, or None: ("asset", name), ("state",), ("events",) or
    ("page", kit, pdf stem, number, version)."""
    if not target.startswith("/") or target.startswith("//"):
        return None
    parts = urlsplit(target)
    path = parts.path
    if path == "/":
        return ("asset", "index.html")
    if path.startswith("/assets/") and path[len("/assets/"):] in ASSETS:
        return ("asset", path[len("/assets/"):])
    if path in ("/state", "/events"):
        return (path[1:],)
    match = PAGE.fullmatch(path)
    if match is None:
        return None
    kit, stem = unquote(match.group(1)), unquote(match.group(2))
    version = parse_qs(parts.query).get("v", [""])[0]
    if not (NAME.fullmatch(kit) and NAME.fullmatch(stem) and version):
        return None
    return ("page", kit, stem, int(match.group(3)), version)
