"""The preview server: loopback only, Host checked (DNS rebinding), GET only, nothing served but the
page, its assets, the state, the events and the rendered pages; pages rendered once per version."""
from __future__ import annotations

import http.client
import io
import json
import socket

import pytest
from PIL import Image

from pnp.live.changes import PollingWatcher
from pnp.live.loop import Loop
from pnp.live.server import Preview

from conftest import Options, edit


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from conftest import make_project

    base = tmp_path_factory.mktemp("preview")
    root = make_project(base / "project", ("similis",))
    files = PollingWatcher(5.0)
    preview = Preview(0, ["similis"])
    loop = Loop(root, ["similis"], Options(out=base / "out"), files, lambda line: None, preview)
    loop.build(set())
    yield preview, loop, root
    preview.close()
    files.close()


def _get(preview: Preview, target: str, host: str | None = "default", method: str = "GET"):
    connection = http.client.HTTPConnection("127.0.0.1", preview.port, timeout=10)
    connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
    if host == "default":
        host = f"127.0.0.1:{preview.port}"
    if host is not None:
        connection.putheader("Host", host)
    connection.endheaders()
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, dict(answer.getheaders()), body


def _state(preview: Preview) -> dict:
    return json.loads(_get(preview, "/state")[2])


def test_it_listens_on_loopback_only(served):
    preview = served[0]
    assert preview.server.address[0] == "127.0.0.1" and preview.url == f"http://127.0.0.1:{preview.port}/"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outward address
        outward = probe.getsockname()[0]
    except OSError:
        outward = "127.0.0.1"
    finally:
        probe.close()
    if outward.startswith("127."):
        pytest.skip("this machine has no address but loopback")
    with pytest.raises(OSError):
        socket.create_connection((outward, preview.port), timeout=2).close()


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "localhost:{port}", "127.0.0.1:{port}"])
def test_loopback_names_are_served(served, host):
    preview = served[0]
    status, headers, body = _get(preview, "/", host.format(port=preview.port))
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8" and b"<title>pnp preview" in body
    assert headers["X-Content-Type-Options"] == "nosniff" and "default-src 'self'" in headers["Content-Security-Policy"]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:{port}", "localhost:1", "127.0.0.1.evil.example",
                                  "localhost.evil.example:{port}", "", None])
def test_other_hosts_are_refused(served, host):
    preview = served[0]
    status, _, body = _get(preview, "/state", host.format(port=preview.port) if host else host)
    assert status == 403 and body == b"this preview answers only to localhost and 127.0.0.1\n"


@pytest.mark.parametrize("target", [
    "/assets/../../pnp/build.py", "/assets/%2e%2e/%2e%2e/pyproject.toml", "/assets/", "/assets/app.js/",
    "/assets/APP.JS", "//etc/passwd", "/../../etc/passwd", "/pages/similis/../../../etc/passwd",
    "/pages/similis/cartes-a4/1.png", "/pages/similis/..%2f..%2fcartes-a4/1.png?v=x",
    "/pages/%2e%2e/cartes-a4/1.png?v=x", "/pages/similis/cartes-a4/0.png?v=x", "/pages/similis/cartes-a4/99.png?v=x",
    "/pages/similis/cartes-a4.pdf", "/output/similis/cartes-a4.pdf", "/decks/similis/game.yaml", "/state/..",
    "http://127.0.0.1/state", "/index.html", "/favicon.ico",
])
def test_nothing_else_is_served(served, target):
    status, _, body = _get(served[0], target)
    assert status == 404 and b"%PDF" not in body and b"import" not in body


def test_only_get_and_head(served):
    preview = served[0]
    status, headers, _ = _get(preview, "/state", method="POST")
    assert status == 405 and headers["Allow"] == "GET, HEAD"
    status, headers, body = _get(preview, "/assets/app.js", method="HEAD")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 1000


def test_the_state_names_every_page_with_its_size_and_version(served):
    state = _state(served[0])
    assert state["version"] == 1 and state["ok"] and state["watching"] == ["similis"]
    kit = state["kits"][0]
    assert (kit["kit"], kit["title"], kit["ok"], kit["stale"]) == ("similis", "Similis", True, False)
    files = {f["component"]: f for f in kit["files"]}
    assert [len(files[c]["pages"]) for c in ("cartes", "aide", "score")] == [24, 2, 1]
    page = files["cartes"]["pages"][0]
    assert (page["n"], page["w"], page["h"]) == (1, 841.89, 595.28)  # A4 landscape: 8 cards with gutters
    assert page["src"] == f"/pages/similis/cartes-a4/1.png?v={page['version']}"
    assert files["cartes"]["card_size_mm"] == [63.0, 88.0] and files["cartes"]["per_page"] == 8


def test_a_page_is_a_png_at_twice_its_size_in_points(served):
    preview = served[0]
    page = _state(preview)["kits"][0]["files"][0]["pages"][0]
    status, headers, body = _get(preview, page["src"])
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert headers["Cache-Control"] == "max-age=31536000, immutable"
    image = Image.open(io.BytesIO(body)).convert("RGB")
    assert image.size == (round(841.89 * 2), round(595.28 * 2))
    assert len(image.resize((40, 56)).getcolors(40 * 56)) > 20  # cards, not a blank page


def test_events_tell_each_build_and_only_changed_pages_get_new_addresses(served):
    preview, loop, root = served
    before = _state(preview)
    connection = http.client.HTTPConnection("127.0.0.1", preview.port, timeout=15)
    connection.request("GET", "/events")
    answer = connection.getresponse()
    assert answer.status == 200 and answer.headers["Content-Type"] == "text/event-stream"
    assert answer.readline() == b"retry: 1000\n" and answer.readline() == b"\n"
    assert answer.readline() == b"event: build\n" and answer.readline() == f'data: {{"version": {before["version"]}}}\n'.encode()
    answer.readline()
    pages = before["kits"][0]["files"][0]["pages"]
    assert all(_get(preview, pages[n]["src"])[0] == 200 for n in (0, 22))
    rendered = set(preview.store._rendered)
    edit(root / "decks/similis/cartes.yaml", "  - [5, œil, rouge, pierre]\n  - [5, œil, rouge, sable]",
         "  - [5, œil, rouge, sable]\n  - [5, œil, rouge, pierre]")
    loop.build({root / "decks/similis/cartes.yaml"})
    assert answer.readline() == b"event: build\n"
    assert answer.readline() == f'data: {{"version": {before["version"] + 1}}}\n'.encode()
    connection.close()
    after = _state(preview)["kits"][0]["files"][0]["pages"]
    assert [n for n, (a, b) in enumerate(zip(pages, after)) if a["src"] != b["src"]] == [22]
    assert _get(preview, pages[22]["src"])[0] == 404  # an older version is not drawn
    assert all(_get(preview, after[n]["src"])[0] == 200 for n in (0, 22))
    assert set(preview.store._rendered) - rendered == {("similis", "cartes-a4", 23, after[22]["version"])}


def test_a_page_closed_while_it_loads_is_no_traceback(served, capfd):
    preview = served[0]
    src = _state(preview)["kits"][0]["files"][0]["pages"][2]["src"]
    for _ in range(3):
        raw = socket.create_connection(("127.0.0.1", preview.port), timeout=5)
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset on close
        raw.sendall(f"GET {src} HTTP/1.1\r\nHost: 127.0.0.1:{preview.port}\r\n\r\n".encode())
        raw.recv(10)
        raw.close()
    assert _get(preview, "/state")[0] == 200
    assert "Traceback" not in capfd.readouterr().err


def test_a_one_card_edit_opens_no_pdf_before_its_event_and_every_size_is_still_pypdfium2s(served, monkeypatch):
    """After a one-card edit, the state goes out without opening the new PDF: each page takes the size
    of its frame (pypdfium2 asked once a frame); every size in the state is still the one pypdfium2
    gives, the changed page renders when asked (the document opened then), and the documents
    replaced are closed."""
    import pypdfium2

    preview, loop, root = served
    opened: list[object] = []
    init = pypdfium2.PdfDocument.__init__
    monkeypatch.setattr(pypdfium2.PdfDocument, "__init__",
                        lambda self, *args, **kwargs: opened.append(args[0]) or init(self, *args, **kwargs))
    before = _state(preview)["kits"][0]["files"][0]["pages"]
    rows = ["  - [5, œil, rouge, pierre]\n  - [5, œil, rouge, sable]", "  - [5, œil, rouge, sable]\n  - [5, œil, rouge, pierre]"]
    cards = root / "decks/similis/cartes.yaml"
    now = rows[0] if rows[0] in cards.read_text(encoding="utf-8") else rows[1]  # (whichever order an earlier test left)
    edit(cards, now, rows[1] if now == rows[0] else rows[0])
    loop.build({cards})
    after = _state(preview)["kits"][0]["files"][0]["pages"]
    changed = [n for n, (a, b) in enumerate(zip(before, after)) if a["version"] != b["version"]]
    assert changed and opened == []
    status, _, body = _get(preview, after[changed[0]]["src"])
    assert status == 200 and body.startswith(b"\x89PNG") and len(opened) == 1
    document = pypdfium2.PdfDocument((root.parent / "out" / "similis" / "cartes-a4.pdf").read_bytes())
    assert [(p["w"], p["h"]) for p in after] == [tuple(round(v, 2) for v in document.get_page_size(i))
                                                 for i in range(len(document))]
    document.close()
    assert preview.store._closing == []


def test_a_page_size_is_asked_of_pypdfium2_once_a_frame(tmp_path, monkeypatch):
    """A resident's PDF of five pages in two frames: pypdfium2 is asked two sizes, each page gets its
    frame's, and the same frames in the next build's PDF ask nothing."""
    from types import SimpleNamespace

    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    from pnp.core.report import FileReport, KitReport
    from pnp.live.pages import PageStore

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 300))
    for size in [(200, 300)] * 3 + [(300, 200)] * 2:
        canvas.setPageSize(size)
        canvas.rect(10, 10, 50, 50)
        canvas.showPage()
    canvas.save()
    pdf = tmp_path / "deck-a4.pdf"
    frames = [((200, 300),)] * 3 + [((300, 200),)] * 2
    report = KitReport("kit", "Kit", "kit", [FileReport(str(pdf), "deck", "deck", 5)])
    store, asked = PageStore(), []
    size = pypdfium2.PdfDocument.get_page_size
    monkeypatch.setattr(pypdfium2.PdfDocument, "get_page_size", lambda self, i: asked.append(i) or size(self, i))
    for number, versions in ((1, "abcde"), (2, "fghij")):
        pdf.write_bytes(buffer.getvalue() + b"\n" * number)  # (other bytes each build: read anew)
        store.update(SimpleNamespace(failure=None, ok=True, reports=[report], last={}, number=number,  # type: ignore[arg-type]
                                     pages={str(pdf): list(zip(versions, frames))}))
    assert asked == [0, 3]
    assert [(p.width, p.height, p.version) for p in store.files("kit")[0].pages] == \
        [(200, 300, "f"), (200, 300, "g"), (200, 300, "h"), (300, 200, "i"), (300, 200, "j")]
    assert store.png("kit", "deck-a4", 4, "i").startswith(b"\x89PNG")
    store.tidy()


def test_a_build_waits_for_every_open_event_stream_to_have_sent_it(served, monkeypatch):
    """`Preview(outcome)` returns once each open stream wrote the build's event (bounded by SENT_WAIT)."""
    import threading

    from pnp.live import server

    preview, _loop, _root = served
    monkeypatch.setattr(server, "SENT_WAIT", 10.0)
    first, second = object(), object()
    preview._stream_sent(first, 0)
    preview._stream_sent(second, 0)
    waiting = threading.Thread(target=preview._sent, args=(1,))
    waiting.start()
    preview._stream_sent(first, 1)
    waiting.join(0.3)
    assert waiting.is_alive()  # (the second stream has not sent build 1)
    preview._stream_sent(second, 1)
    waiting.join(5)
    assert not waiting.is_alive()
    for key in (first, second):
        with preview._streams_sent:
            preview._streams.pop(key)
