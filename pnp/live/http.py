"""A small HTTP/1.1 server on asyncio, for the preview: no thread is held by a client, slow or idle.

Contract: `HttpServer(app, host, port)` binds `host:port` at once (port 0: a free one; an `OSError`
when the port is taken) with a listen backlog of `BACKLOG`, and serves from one thread running an
asyncio loop until `close()`. Requests are parsed by h11 (the python-hyper project's HTTP/1.1 state
machine); a connection is a coroutine, never a thread. Limits, each ending the connection: at most
`MAX_CONNECTIONS` open at once (more are closed unanswered), a request head within `HEAD_BYTES` and
`HEAD_SECONDS` of its first byte, a body within `BODY_BYTES` (413) and `BODY_SECONDS`, a keep-alive
connection idle for `IDLE_SECONDS`, an answer the client does not read within `WRITE_SECONDS`.
`app(request)` is a coroutine answering a `Response` (a whole body) or a `Stream` (server-sent
events: an async iterator of byte chunks, sent as they come). Work that takes a while (rendering a
page, laying out a kit, writing a file) goes through `run(fn, *args)`: a pool of `WORKERS` threads,
so that at most that many run at once whatever the number of clients. `call(fn)` runs `fn` on the
server's loop (from any thread), to wake the event streams.
"""
from __future__ import annotations

import asyncio
import socket
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Awaitable, Callable, TypeVar

import h11

BACKLOG = 128
MAX_CONNECTIONS = 64
HEAD_BYTES = 16 * 1024
BODY_BYTES = 64 * 1024
HEAD_SECONDS = 10.0
BODY_SECONDS = 10.0
IDLE_SECONDS = 15.0
WRITE_SECONDS = 10.0
WORKERS = 2
T = TypeVar("T")


@dataclass(frozen=True)
class Request:
    method: str
    target: str
    headers: dict[str, str]  # names lowercased; a repeated header keeps its last value
    body: bytes = b""


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Stream:
    headers: dict[str, str]
    chunks: Callable[[], AsyncIterator[bytes]]


App = Callable[[Request], Awaitable["Response | Stream"]]


class _Closed(Exception):
    """The connection ends: the client left, broke a limit, or spoke no HTTP."""


class HttpServer:
    def __init__(self, app: App, host: str, port: int):
        self.app = app
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._socket.bind((host, port))
            self._socket.listen(BACKLOG)
        except OSError:
            self._socket.close()
            raise
        self.address: tuple[str, int] = self._socket.getsockname()[:2]
        self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="pnp-preview-work")
        self._loop = asyncio.new_event_loop()
        self._open = 0
        self._server: asyncio.AbstractServer | None = None
        started = threading.Event()
        self._thread = threading.Thread(target=self._serve, args=(started,), name="pnp-preview", daemon=True)
        self._thread.start()
        started.wait()

    def _serve(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)

        async def listen() -> None:
            self._server = await asyncio.start_server(self._connection, sock=self._socket, backlog=BACKLOG)
            started.set()

        self._loop.run_until_complete(listen())
        self._loop.run_forever()

    def close(self) -> None:
        async def stop() -> None:
            if self._server is not None:
                self._server.close()
            for task in [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                task.cancel()

        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(stop(), self._loop).result(timeout=5)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=5)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._socket.close()
        if not self._thread.is_alive():
            self._loop.close()

    def call(self, fn: Callable[[], None]) -> None:
        """`fn()` on the server's loop, soon (from any thread)."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in the worker pool, awaited."""
        return await self._loop.run_in_executor(self._pool, fn, *args)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._open >= MAX_CONNECTIONS:
            writer.close()
            return
        self._open += 1
        try:
            await self._requests(h11.Connection(h11.SERVER, max_incomplete_event_size=HEAD_BYTES), reader, writer)
        except (_Closed, ConnectionError, asyncio.TimeoutError, asyncio.CancelledError):
            pass
        except Exception as error:  # pnp's fault, not the client's: one line, no traceback
            print(f"pnp preview: a request failed: {type(error).__name__}: {error}", file=sys.stderr)
        finally:
            self._open -= 1
            writer.close()

    async def _requests(self, conn: h11.Connection, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> None:
        """Answer the connection's requests, one after the other, until it closes or idles."""
        while True:
            request = await self._request(conn, reader, writer)
            answer = await self.app(request)
            if isinstance(answer, Stream):
                await self._stream(conn, writer, answer, request.method == "HEAD")
                return
            await self._send(conn, writer, answer, request.method == "HEAD")
            if conn.our_state is h11.MUST_CLOSE or conn.their_state is h11.MUST_CLOSE:
                return
            try:
                conn.start_next_cycle()
            except h11.LocalProtocolError:
                return

    async def _request(self, conn: h11.Connection, reader: asyncio.StreamReader,
                       writer: asyncio.StreamWriter) -> Request:
        head = await self._event(conn, reader, writer, IDLE_SECONDS, HEAD_SECONDS)
        if not isinstance(head, h11.Request):
            raise _Closed()
        length = int(dict(head.headers).get(b"content-length", b"0") or 0)
        if length > BODY_BYTES:
            await self._send(conn, writer, Response(413, b"request too large\n", {"Connection": "close"}), False)
            raise _Closed()
        body = bytearray()
        while True:
            event = await self._event(conn, reader, writer, BODY_SECONDS, BODY_SECONDS)
            if isinstance(event, h11.EndOfMessage):
                break
            if not isinstance(event, h11.Data) or len(body) + len(event.data) > BODY_BYTES:
                raise _Closed()
            body += event.data
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in head.headers}
        return Request(head.method.decode("ascii"), head.target.decode("latin-1"), headers, bytes(body))

    async def _event(self, conn: h11.Connection, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     first: float, whole: float) -> object:
        """The next h11 event: the first byte within `first` seconds, the event within `whole` more."""
        deadline: float | None = None
        while True:
            try:
                event = conn.next_event()
            except h11.RemoteProtocolError as error:
                await self._refuse(writer, error)
                raise _Closed()
            if event is not h11.NEED_DATA:
                return event
            now = self._loop.time()
            deadline = deadline if deadline is not None else now + first + whole
            wait = min(first, deadline - now) if conn.their_state is h11.IDLE else deadline - now
            if wait <= 0:
                raise _Closed()
            data = await asyncio.wait_for(reader.read(16 * 1024), wait)
            if not data:
                raise _Closed()
            conn.receive_data(data)

    async def _refuse(self, writer: asyncio.StreamWriter, error: h11.RemoteProtocolError) -> None:
        """A request h11 cannot take, answered outside its state machine: the app's answer to a
        request without a Host (HTTP/1.1 requires one; the app refuses it), else 400."""
        answer = await self.app(Request("GET", "/", {})) if "Host" in str(error) else \
            Response(error.error_status_hint, b"bad request\n", {"Content-Type": "text/plain"})
        body = answer.body if isinstance(answer, Response) else b""
        status = answer.status if isinstance(answer, Response) else 400
        head = [f"HTTP/1.1 {status} {'Forbidden' if status == 403 else 'Bad Request'}",
                *(f"{k}: {v}" for k, v in answer.headers.items()), f"Content-Length: {len(body)}", "Connection: close"]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)
        await asyncio.wait_for(writer.drain(), WRITE_SECONDS)

    async def _send(self, conn: h11.Connection, writer: asyncio.StreamWriter, answer: Response, head: bool) -> None:
        if conn.our_state is not h11.SEND_RESPONSE:
            return
        headers = {**answer.headers, "Content-Length": str(len(answer.body))}
        writer.write(conn.send(h11.Response(status_code=answer.status, headers=list(headers.items()))) or b"")
        if not head and answer.body:
            writer.write(conn.send(h11.Data(data=answer.body)) or b"")
        writer.write(conn.send(h11.EndOfMessage()) or b"")
        await asyncio.wait_for(writer.drain(), WRITE_SECONDS)

    async def _stream(self, conn: h11.Connection, writer: asyncio.StreamWriter, stream: Stream, head: bool) -> None:
        writer.write(conn.send(h11.Response(status_code=200, headers=list(stream.headers.items()))) or b"")
        await asyncio.wait_for(writer.drain(), WRITE_SECONDS)
        if head:
            writer.write(conn.send(h11.EndOfMessage()) or b"")
            return
        async for chunk in stream.chunks():
            writer.write(conn.send(h11.Data(data=chunk)) or b"")
            await asyncio.wait_for(writer.drain(), WRITE_SECONDS)
