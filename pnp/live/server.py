"""The preview server: the page, its own assets, the state, the rendered pages, server-sent events and
the studio's questions and edits, on 127.0.0.1 only.

Contract: `Preview(port=0, watching, studio=None, editor=EDITOR, checks=False)` opens a `PageStore` and binds
127.0.0.1 (port 0: a free one; `url` says which; an `OSError` when the port is taken), serving from
one asyncio thread (`live.http`: no thread held by a client; slow work in a bounded pool) until
`close()`. Called with a build's `Outcome` (the watch loop's `publish`), it updates the pages and
the state (`pages.snapshot`, with the editor's URL template and the project's folder) and wakes
every event stream, then returns once every open stream has written the build's event (at most
`SENT_WAIT` seconds: the caller's thread, busy, would hold the interpreter meanwhile) and the
documents no longer shown are closed (`PageStore.tidy`); `checked(number, reports)` adds what `pnp check` reports of that build (with
`checks`, the page waits for it before it says a kit is checked). Every
request needs a Host header naming localhost or 127.0.0.1 on this port (403 otherwise: DNS
rebinding). GET and HEAD: `/` is the page (carrying this server's edit token), `/assets/<name>` one
of its files (a fixed list, read from the package at start), `/state` the state, `/events` a
stream of `build` and `check` events (the state's version) with a comment every `BEAT` seconds,
`/pages/<kit>/<pdf>/<n>.png?v=<version>` a rendered page (kept a year by the browser, since the
version names its content; 404 for an old version), `/cards/<kit>/<pdf>/<component>/<n>/<slot>.png
?v=<version>` one face in its bleed (of the current PDF or, for a version of its previous one, that
one: a card's last two builds), `/studio/page` (a page's faces; a rulebook page's figures) and
`/studio/face` (`?kit=&component=&page=&slot=`) the studio's map. POST, with a JSON body and the
page's token in `X-PNP-Token` (403 without; a request from another origin is refused too):
`/studio/edit`, `/studio/undo`, `/studio/redo` (`desk.Studio`; 409 with the reason when it
refuses). Anything else is 404 (405 for another method): no part of a request's path ever
reaches the file system.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import re
import secrets
import threading
from importlib import resources
from typing import TYPE_CHECKING, AsyncIterator, Callable
from urllib.parse import parse_qs, unquote, urlsplit

from ..core.report import KitReport
from .http import HttpServer, Request, Response, Stream
from .pages import PageStore, snapshot
from .studio import MapError
from .yamledit import EditError

if TYPE_CHECKING:  # pragma: no cover
    from .desk import Studio
    from .loop import Outcome

HOST = "127.0.0.1"
BEAT = 15.0  # seconds between two comments on an idle event stream (a closed page is noticed)
SENT_WAIT = 0.05  # the longest a build's caller waits for the event streams to have written its event
EDITOR = "vscode://file/{path}:{line}:{col}"
CARD_SCALE = 4.0  # pixels per point of a card in the studio's card view (288 dpi)
ASSETS = {"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
          "studio.js": "text/javascript; charset=utf-8", "cardview.js": "text/javascript; charset=utf-8",
          "rules.js": "text/javascript; charset=utf-8",
          "style.css": "text/css; charset=utf-8", "favicon.svg": "image/svg+xml"}
PAGE = re.compile(r"/pages/([^/]+)/([^/]+)/([0-9]{1,6})\.png")
CARD = re.compile(r"/cards/([^/]+)/([^/]+)/([^/]+)/([0-9]{1,6})/([0-9]{1,4})\.png")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
POSTS = ("/studio/edit", "/studio/undo", "/studio/redo")
SECURITY = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
            "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"}
TEXT = "text/plain; charset=utf-8"
JSON = "application/json; charset=utf-8"


class Preview:
    def __init__(self, port: int = 0, watching: list[str] | None = None, studio: "Studio | None" = None,
                 editor: str = EDITOR, checks: bool = False):
        self.store = PageStore()
        self.checks = checks  # whether `checked` follows each build (the page then waits for it)
        self.watching = watching or []
        self.studio, self.editor = studio, editor
        self.token = secrets.token_urlsafe(24)
        self.assets = {name: (resources.files(__package__) / "assets" / name).read_bytes() for name in ASSETS}
        self.assets["index.html"] = self.assets["index.html"].replace(
            b'name="pnp-token" content=""', f'name="pnp-token" content="{self.token}"'.encode())
        self.state: dict = {"version": 0, "kits": [], "problems": [], "watching": self.watching, **self._extra()}
        self._lock = threading.Lock()
        self.closing = False
        self._changed: asyncio.Event | None = None
        self._streams: dict[object, int] = {}  # per open event stream (its own key object), the last build it sent
        self._streams_sent = threading.Condition()
        self.server = HttpServer(self._answer, HOST, port)
        self.port = self.server.address[1]
        self.url = f"http://{HOST}:{self.port}/"
        self.server.call(self._wake)

    def __call__(self, outcome: "Outcome") -> None:
        self.store.update(outcome)
        state = snapshot(outcome, self.store, self.watching) | self._extra()
        if self.studio is not None:
            self.studio.built(outcome.number, outcome.reports)
        with self._lock:
            self.state = state
        self.server.call(self._wake)
        self._sent(outcome.number)
        self.store.tidy()

    def _sent(self, number: int) -> None:
        """Wait (at most `SENT_WAIT` seconds) until every event stream has written build `number`'s
        event: this thread holds the interpreter otherwise (the collection after a build, the check)."""
        with self._streams_sent:
            self._streams_sent.wait_for(lambda: all(v >= number for v in self._streams.values()), SENT_WAIT)

    def checked(self, number: int, reports: list[KitReport]) -> None:
        """What `pnp check` reports of build `number`: per kit its errors and warnings, as it prints them."""
        check = {"version": number, "problems": [p.as_json() for r in reports if not r.kit for p in r.problems],
                 "kits": {r.kit: {"errors": [p.as_json() for p in r.errors],
                                  "warnings": [p.as_json() for p in r.warnings]} for r in reports if r.kit}}
        with self._lock:
            self.state = {**self.state, "check": check}
        self.server.call(self._wake)

    def _extra(self) -> dict:
        studio = self.studio
        return {"editor": self.editor, "studio": studio is not None, "checks": self.checks,
                "root": str(studio.root) if studio is not None else None}

    def close(self) -> None:
        self.closing = True
        self.server.call(self._wake)
        self.server.close()

    def state_json(self) -> bytes:
        with self._lock:
            state = dict(self.state)
        if self.studio is not None:
            state["history"] = self.studio.history.counts()
        return json.dumps(state, ensure_ascii=False).encode("utf-8")

    def allowed_host(self, host: str | None) -> bool:
        if not host:
            return False
        name, _, port = host.rpartition(":") if ":" in host else (host, "", "")
        return name in ("localhost", HOST) and port in ("", str(self.port))

    def _wake(self) -> None:
        """(On the server's loop.) Every event stream looks at the state again."""
        if self._changed is not None:
            self._changed.set()
        self._changed = asyncio.Event()

    async def _answer(self, request: Request) -> Response | Stream:
        if not self.allowed_host(request.headers.get("host")):
            return _text(403, "this preview answers only to localhost and 127.0.0.1\n")
        path = urlsplit(request.target).path if request.target.startswith("/") else ""
        if request.method == "POST" and path in POSTS and self.studio is not None:
            return await self._post(request, path)
        if request.method not in ("GET", "HEAD"):
            allow = "POST" if path in POSTS and self.studio is not None else "GET, HEAD"
            return _text(405, f"only {allow}\n", {"Allow": allow})
        route = _route(request.target)
        if route is None:
            return _text(404, "not found\n")
        if route[0] == "events":
            return Stream({"Content-Type": "text/event-stream", "Cache-Control": "no-store", **SECURITY}, self._events)
        return await self._get(route)

    async def _get(self, route: tuple) -> Response:
        kind = route[0]
        if kind == "asset":
            return _response(200, self.assets[route[1]], ASSETS[route[1]])
        if kind == "state":
            return _response(200, self.state_json(), JSON)
        if kind == "page":
            png = await self.server.run(self.store.png, *route[1:])
            if png is None:
                return _text(404, "no such page (or an older version)\n")
            return _response(200, png, "image/png", {"Cache-Control": "max-age=31536000, immutable"})
        if self.studio is None:
            return _text(404, "not found\n")
        return await self._studio_get(route)

    async def _studio_get(self, route: tuple) -> Response:
        studio, kind = self.studio, route[0]
        assert studio is not None
        try:
            if kind == "card":
                png = await self.server.run(self._card, *route[1:])
                if png is None:
                    return _text(404, "no such card (or an older version)\n")
                return _response(200, png, "image/png", {"Cache-Control": "max-age=31536000, immutable"})
            query = route[1]
            if kind == "studio-page":
                answer = await self.server.run(studio.page, query["kit"], query["component"], query["page"])
            else:
                answer = await self.server.run(studio.face, query["kit"], query["component"], query["page"],
                                               query["slot"])
        except (MapError, EditError, KeyError) as error:
            return _json(409, {"ok": False, "error": _reason(error)})
        return _json(200, answer)

    def _card(self, kit: str, stem: str, component: str, number: int, slot: int, version: str) -> bytes | None:
        assert self.studio is not None
        place = self.studio.map(kit).placed(component, number, slot)
        b = place.bleed
        x0, y0, x1, y1 = place.trim
        return self.store.crop(kit, stem, number, version, (x0 - b, y0 - b, x1 + b, y1 + b), CARD_SCALE)

    async def _post(self, request: Request, path: str) -> Response:
        studio = self.studio
        assert studio is not None
        refusal = self._refused(request)
        if refusal:
            return _text(403, refusal)
        try:
            body = json.loads(request.body or b"{}")
        except ValueError:
            return _json(400, {"ok": False, "error": "the body is not JSON"})
        if not isinstance(body, dict):
            return _json(400, {"ok": False, "error": "the body is a JSON object"})
        action: Callable[[], dict] = {"/studio/edit": lambda: studio.edit(body), "/studio/undo": studio.undo,
                                      "/studio/redo": studio.redo}[path]
        try:
            return _json(200, await self.server.run(action))
        except (MapError, EditError) as error:
            return _json(409, {"ok": False, "error": _reason(error)})

    def _refused(self, request: Request) -> str:
        """Why a POST is refused ('' when it is not): it must come from this server's own page."""
        token = request.headers.get("x-pnp-token", "")
        if not hmac.compare_digest(token.encode(), self.token.encode()):
            return "an edit carries the token of the page this server served\n"
        origin = request.headers.get("origin")
        if origin is not None and origin not in (f"http://{HOST}:{self.port}", f"http://localhost:{self.port}"):
            return "an edit comes from this server's own page\n"
        if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return "an edit comes from this server's own page\n"
        if not request.headers.get("content-type", "").startswith("application/json"):
            return "an edit is sent as JSON\n"
        return ""

    async def _events(self) -> AsyncIterator[bytes]:
        yield b"retry: 1000\n\n"
        key = object()  # (held by this stream while it is open: an id() of a freed object may come back)
        self._stream_sent(key, -1)
        try:
            async for chunk in self._news():
                yield chunk
                if chunk.startswith(b"event: build"):  # (written: the stream asks for the next chunk)
                    self._stream_sent(key, json.loads(chunk.split(b"data: ", 1)[1])["version"])
        finally:
            with self._streams_sent:
                self._streams.pop(key, None)
                self._streams_sent.notify_all()

    def _stream_sent(self, key: object, number: int) -> None:
        with self._streams_sent:
            self._streams[key] = number
            self._streams_sent.notify_all()

    async def _news(self) -> AsyncIterator[bytes]:
        seen = (-1, 0)
        while not self.closing:
            changed = self._changed
            with self._lock:
                now = (self.state["version"], self.state.get("check", {}).get("version", 0))
            if now[0] != seen[0]:
                yield f"event: build\ndata: {json.dumps({'version': now[0]})}\n\n".encode()
            if now[1] != seen[1]:
                yield f"event: check\ndata: {json.dumps({'version': now[1]})}\n\n".encode()
            seen = now
            if changed is None:
                await asyncio.sleep(0.05)
                continue
            try:
                await asyncio.wait_for(changed.wait(), BEAT)
            except asyncio.TimeoutError:
                if not self.closing:
                    yield b": still watching\n\n"


def _reason(error: Exception) -> str:
    return str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)


def _response(status: int, body: bytes, kind: str, extra: dict | None = None) -> Response:
    return Response(status, body, {"Content-Type": kind, "Cache-Control": "no-store", **SECURITY, **(extra or {})})


def _text(status: int, text: str, extra: dict | None = None) -> Response:
    return _response(status, text.encode("utf-8"), TEXT, extra)


def _json(status: int, data: dict) -> Response:
    return _response(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), JSON)


def _route(target: str) -> tuple | None:
    """What a GET asks for, or None: ("asset", name), ("state",), ("events",), ("page", kit, pdf stem,
    number, version), ("card", kit, stem, component, number, slot, version), ("studio-page", query) or
    ("studio-face", query)."""
    if not target.startswith("/") or target.startswith("//"):
        return None
    parts = urlsplit(target)
    path, query = parts.path, parse_qs(parts.query)
    if path == "/":
        return ("asset", "index.html")
    if path.startswith("/assets/") and path[len("/assets/"):] in ASSETS:
        return ("asset", path[len("/assets/"):])
    if path in ("/state", "/events"):
        return (path[1:],)
    if path in ("/studio/page", "/studio/face"):
        asked = _studio_query(query, path == "/studio/face")
        return None if asked is None else (f"studio-{path.rsplit('/', 1)[1]}", asked)
    version = query.get("v", [""])[0]
    match = PAGE.fullmatch(path)
    if match is not None:
        kit, stem = unquote(match.group(1)), unquote(match.group(2))
        return ("page", kit, stem, int(match.group(3)), version) if _names(kit, stem) and version else None
    match = CARD.fullmatch(path)
    if match is not None:
        kit, stem, component = (unquote(match.group(n)) for n in (1, 2, 3))
        if _names(kit, stem, component) and version:
            return ("card", kit, stem, component, int(match.group(4)), int(match.group(5)), version)
    return None


def _names(*names: str) -> bool:
    return all(NAME.fullmatch(name) for name in names)


def _studio_query(query: dict[str, list[str]], slot: bool) -> dict | None:
    kit, component = query.get("kit", [""])[0], query.get("component", [""])[0]
    numbers = {key: query.get(key, [""])[0] for key in (("page", "slot") if slot else ("page",))}
    if not _names(kit, component) or not all(v.isdigit() and len(v) <= 6 for v in numbers.values()):
        return None
    return {"kit": kit, "component": component, **{k: int(v) for k, v in numbers.items()}}
