"""The studio without a browser: in-place YAML edits (a scalar's characters, a key added, nothing
re-dumped), units kept, values of parents and data files refused, paths confined to the project,
undo that loses nothing, the map of a page, and the server's edit token, origin check, idle timeout,
backlog and clients that hold no thread."""
from __future__ import annotations

import http.client
import json
import shutil
import socket
import subprocess
import threading
import time

import pytest

from pnp.core.options import Options
from pnp.core.report import KitReport
from pnp.live import http as pnp_http
from pnp.live.changes import PollingWatcher
from pnp.live.desk import Studio
from pnp.live.edits import History
from pnp.live.keys import confined, written_as
from pnp.live.loop import Loop
from pnp.live.server import Preview
from pnp.live.yamledit import EditError, set_scalar
from pnp.model.units import MM

TEXT = """\
# a layout file: its comments stay
card:
  extends: base   # a parent
  elements:
    flow: {type: rect, x: 7, y: '15mm', w: 50%, h: 10}   # flow, one line
    block:
      type: text
      text: "{nom}"
      x: 2   # keep me
    shared: &shared {type: rect, x: 1, y: 1}
    merged:
      <<: *shared
      y: 3
    long:
      text: |
        two lines
"""


def _diff(before: str, after: str) -> list[tuple[str, str]]:
    import difflib

    return [(line[0], line[1:]) for line in difflib.unified_diff(before.splitlines(), after.splitlines(), n=0,
                                                                  lineterm="") if line[:1] in "+-" and line[:3] not in ("+++", "---")]


@pytest.mark.parametrize("path, value, changed", [
    (("card", "elements", "flow", "x"), "9.5",
     [("-", "    flow: {type: rect, x: 7, y: '15mm', w: 50%, h: 10}   # flow, one line"),
      ("+", "    flow: {type: rect, x: 9.5, y: '15mm', w: 50%, h: 10}   # flow, one line")]),
    (("card", "elements", "flow", "y"), "16mm",
     [("-", "    flow: {type: rect, x: 7, y: '15mm', w: 50%, h: 10}   # flow, one line"),
      ("+", "    flow: {type: rect, x: 7, y: '16mm', w: 50%, h: 10}   # flow, one line")]),
    (("card", "elements", "flow", "rotate"), "90",
     [("-", "    flow: {type: rect, x: 7, y: '15mm', w: 50%, h: 10}   # flow, one line"),
      ("+", "    flow: {type: rect, x: 7, y: '15mm', w: 50%, h: 10, rotate: 90}   # flow, one line")]),
    (("card", "elements", "block", "x"), "4", [("-", "      x: 2   # keep me"), ("+", "      x: 4   # keep me")]),
    (("card", "elements", "block", "w"), "30", [("+", "      w: 30")]),
    (("card", "elements", "merged", "x"), "5", [("+", "      x: 5")]),  # overrides the merge, in its own mapping
    (("card", "elements", "merged", "y"), "4", [("-", "      y: 3"), ("+", "      y: 4")]),
])
def test_a_value_is_written_in_place(path, value, changed):
    after = set_scalar(TEXT, path, value)
    assert _diff(TEXT, after) == changed


@pytest.mark.parametrize("path, reason", [
    (("card", "elements", "shared", "x"), "is anchored (&) and used elsewhere through an alias"),
    (("card", "elements", "long", "text"), "block scalar"),
    (("card", "elements", "nothing", "x"), "card.elements.nothing is not written in the file"),
    (("card", "extends", "x"), "card.extends in the file is not a mapping of keys"),
])
def test_what_cannot_be_written_in_place_is_refused(path, reason):
    with pytest.raises(EditError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        set_scalar(TEXT, path, "3")


def test_a_file_that_does_not_read_cleanly_is_not_edited():
    with pytest.raises(EditError, match="does not read cleanly.*duplicate key"):
        set_scalar("a: {x: 1}\na: 2\n", ("a", "x"), "3", "layouts/k.yaml")
    with pytest.raises(EditError, match="cannot be written there in place"):
        set_scalar(TEXT, ("card", "elements", "flow", "x"), "3, z: 4")


@pytest.mark.parametrize("text, key, points, written", [
    (None, "x", 12 * MM, "12"), ("7", "x", 7.25 * MM, "7.25"), ("7mm", "y", 8 * MM, "8mm"),
    ("50%", "w", 31.5 * MM, "50%"), ("10%", "h", 44 * MM, "50%"), ("0.5in", "x", 36.0, "0.5in"),
    ("9pt", "y", 10.0, "10pt"), ("1cm", "x", 25 * MM, "2.5cm"),
])
def test_units_stay_as_written(text, key, points, written):
    assert written_as(text, key, points, (63 * MM, 88 * MM)) == written


def test_a_size_of_zero_is_refused():
    with pytest.raises(EditError, match="w must be more than 0"):
        written_as("10", "w", 0.0, (100.0, 100.0))


@pytest.fixture
def inherited(project, tmp_path):
    """Similis with an element of a parent layout (`similis-base`) that the front inherits."""
    root = project("similis")
    layouts = root / "layouts/similis.yaml"
    layouts.write_text(layouts.read_text("utf-8").replace(
        "    œil: eye-of-horus\n", "    œil: eye-of-horus\n  elements:\n    coin: {type: rect, x: 1, y: 1, w: 4, h: 4, fill: or}\n",
        1), "utf-8")
    studio = Studio(root, Options(out=tmp_path / "out"))
    studio.built(1, [KitReport("similis", "Similis", "decks/similis")])
    return root, studio


def test_a_parents_value_is_written_only_once_the_parent_is_opened(inherited):
    root, studio = inherited
    layouts = root / "layouts/similis.yaml"
    before = layouts.read_text("utf-8")
    face = studio.face("similis", "cartes", 1, 0)
    coin = next(e for e in face["elements"] if e["name"] == "coin")
    assert coin["keys"]["x"]["layout"] == "similis-base" and not coin["keys"]["x"]["editable"]
    assert "open 'similis-base' to edit it there" in coin["keys"]["x"]["why"]
    edit = {"kit": "similis", "component": "cartes", "page": 1, "slot": 0, "element": "coin", "values": {"x": 2 * MM}}
    with pytest.raises(EditError, match="comes from layout 'similis-base'"):
        studio.edit(edit)
    assert layouts.read_text("utf-8") == before
    studio.edit({**edit, "open": ["similis-base"]})
    assert _diff(before, layouts.read_text("utf-8")) == [
        ("-", "    coin: {type: rect, x: 1, y: 1, w: 4, h: 4, fill: or}"),
        ("+", "    coin: {type: rect, x: 2, y: 1, w: 4, h: 4, fill: or}")]
    studio.undo()
    assert layouts.read_text("utf-8") == before


def test_undo_loses_nothing_written_meanwhile(inherited):
    root, studio = inherited
    layouts = root / "layouts/similis.yaml"
    studio.edit({"kit": "similis", "component": "cartes", "page": 1, "slot": 0, "element": "forme",
                 "values": {"y": 21 * MM}})
    mine = layouts.read_text("utf-8").replace("x: 11, y: 21", "x: 12, y: 21")  # the designer's editor, meanwhile
    layouts.write_text(mine, "utf-8")
    with pytest.raises(EditError, match="changed since the studio wrote it"):
        studio.undo()
    assert layouts.read_text("utf-8") == mine


def test_the_map_of_a_page_names_each_card_in_its_slot(inherited):
    _, studio = inherited
    page = studio.page("similis", "cartes", 1)["faces"]
    backs = studio.page("similis", "cartes", 2)["faces"]
    assert [f["card"] for f in page] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert {f["side"] for f in page} == {"front"} and {f["side"] for f in backs} == {"back"}
    assert page[0]["trim"][2] - page[0]["trim"][0] == pytest.approx(63 * MM, abs=0.01)
    # A4 landscape, long-edge: the sheet turns over its long side, so a back is its front mirrored top to bottom
    assert backs[0]["trim"][0] == page[0]["trim"][0]
    assert backs[0]["trim"][1] == pytest.approx(595.28 - page[0]["trim"][3], abs=0.01)
    score = studio.face("similis", "score", 1, 0)
    assert score["side"] == "page" and score["elements"][0]["name"] == "titre"


@pytest.mark.parametrize("name", ["../outside.yaml", "/etc/passwd", "decks/similis/../../../x.yaml",
                                  "decks/similis/cartes.csv", "layouts/link.yaml"])
def test_edits_never_leave_the_project(project, tmp_path, name):
    root = project("similis")
    (tmp_path / "outside.yaml").write_text("a: 1\n")
    (root / "layouts/link.yaml").symlink_to(tmp_path / "outside.yaml")
    with pytest.raises(EditError):
        confined(root, name)
    with pytest.raises(EditError):
        History(root).apply({name: "a: 2\n"}, "test")
    assert (tmp_path / "outside.yaml").read_text() == "a: 1\n"


# --- the server ---


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from conftest import make_project

    base = tmp_path_factory.mktemp("studio")
    root = make_project(base / "project", ("similis",))
    options = Options(out=base / "out")
    files = PollingWatcher(5.0)
    preview = Preview(0, ["similis"], Studio(root, options))
    loop = Loop(root, ["similis"], options, files, lambda line: None, preview)
    loop.build(set())
    yield preview, root
    preview.close()
    files.close()


def _request(preview: Preview, method: str, target: str, body: object = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", preview.port, timeout=30)
    data = json.dumps(body).encode() if body is not None else None
    connection.request(method, target, data, {"Host": f"127.0.0.1:{preview.port}", **(headers or {})})
    answer = connection.getresponse()
    result = answer.status, answer.read()
    connection.close()
    return result


EDIT = {"kit": "similis", "component": "cartes", "page": 1, "slot": 0, "element": "forme", "values": {"y": 20 * MM}}


@pytest.mark.parametrize("headers, status", [
    ({}, 403), ({"X-PNP-Token": "guessed"}, 403),
    ({"X-PNP-Token": "{token}", "Origin": "http://evil.example"}, 403),
    ({"X-PNP-Token": "{token}", "Sec-Fetch-Site": "cross-site"}, 403),
    ({"X-PNP-Token": "{token}", "Content-Type": "text/plain"}, 403),
    ({"X-PNP-Token": "{token}", "Content-Type": "application/json", "Origin": "http://127.0.0.1:{port}"}, 200),
])
def test_an_edit_carries_the_pages_token(served, headers, status):
    preview, root = served
    layouts = (root / "layouts/similis.yaml").read_bytes()
    filled = {k: v.format(token=preview.token, port=preview.port) for k, v in headers.items()}
    got, body = _request(preview, "POST", "/studio/edit", EDIT, filled)
    assert got == status, body
    assert (root / "layouts/similis.yaml").read_bytes() == layouts  # y: 20 is what it was: same bytes either way


def test_the_page_carries_the_token_and_the_studio_answers(served):
    preview, root = served
    status, page = _request(preview, "GET", "/")
    assert status == 200 and f'name="pnp-token" content="{preview.token}"'.encode() in page
    status, body = _request(preview, "GET", "/studio/face?kit=similis&component=cartes&page=1&slot=0")
    face = json.loads(body)
    assert status == 200 and face["card"] == "1" and [e["name"] for e in face["elements"]][:2] == ["fond", "cartouche"]
    headers = {"X-PNP-Token": preview.token, "Content-Type": "application/json"}
    status, body = _request(preview, "POST", "/studio/edit", {**EDIT, "element": "nothing"}, headers)
    assert status == 409 and json.loads(body)["error"] == "layout 'similis-front' has no element 'nothing'"
    status, body = _request(preview, "GET", "/studio/page?kit=similis&component=cartes&page=../../x")
    assert status == 404


def test_idle_and_slow_clients_hold_no_thread(served):
    preview, _ = served
    threads = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", preview.port), timeout=5) for _ in range(40)]
    for n, raw in enumerate(idle):  # half of them send half a request, and wait
        if n % 2:
            raw.sendall(b"GET /state HTTP/1.1\r\nHost: 127.0.0")
    start = time.monotonic()
    status, _ = _request(preview, "GET", "/state")
    assert status == 200 and time.monotonic() - start < 2
    assert threading.active_count() <= threads + pnp_http.WORKERS  # no thread per connection
    for raw in idle:
        raw.close()


def test_an_idle_connection_is_closed(served, monkeypatch):
    preview, _ = served
    monkeypatch.setattr(pnp_http, "IDLE_SECONDS", 0.3)
    monkeypatch.setattr(pnp_http, "HEAD_SECONDS", 0.3)
    for first in (b"", b"GET /state HTTP/1.1\r\nHo"):
        raw = socket.create_connection(("127.0.0.1", preview.port), timeout=5)
        raw.sendall(first) if first else None
        start = time.monotonic()
        assert raw.recv(100) == b"" and time.monotonic() - start < 3  # closed by the server
        raw.close()


def test_the_listen_backlog_is_real(served):
    preview, _ = served
    if shutil.which("ss") is None:
        pytest.skip("no ss on this machine")
    found = subprocess.run(["ss", "-ltnH", f"sport = :{preview.port}"], capture_output=True, text=True).stdout.split()
    assert found and int(found[2]) == pnp_http.BACKLOG >= 128  # a listening socket's Send-Q is its backlog


@pytest.mark.parametrize("editor", ["javascript:alert(1)", "data:text/html,x", "vscode://file/{file}", "no scheme {path}",
                                    "idea://open?file={path}&line={line"])
def test_an_editor_template_that_is_no_url_is_bad_usage(project, editor):
    from click.testing import CliRunner

    from pnp.cli import main

    root = project("similis-reglisse")
    result = CliRunner().invoke(main, ["--project", str(root), "watch", "--serve", "--editor", editor])
    assert result.exit_code == 2 and "is not an editor URL such as vscode://file/{path}:{line}:{col}" in result.output


def _built_studio(root, tmp_path, kit: str, **options):
    """The kit built into tmp_path/out, and a studio told of that first build: (root, studio)."""
    from conftest import build_ok

    built = Options(out=tmp_path / "out", **options)
    build_ok(root, [kit], built)
    studio = Studio(root, built)
    studio.built(1, [KitReport(kit, built_title(root, kit), f"decks/{kit}")])
    return root, studio


def built_title(root, kit: str) -> str:
    """The kit's title as its report gives it (game.yaml's `title:`)."""
    import yaml

    return yaml.safe_load((root / "decks" / kit / "game.yaml").read_text("utf-8"))["title"]


@pytest.mark.parametrize("backs", ["long-edge", "short-edge", "fold"])
def test_each_face_of_the_map_lies_where_the_pdf_prints_its_card(project, tmp_path, backs):
    import pdfplumber

    root, studio = _built_studio(project("similis"), tmp_path, "similis", backs=backs)
    legends = {c.id: f"{c.fields['forme']} · {c.fields['couleur']} · {c.fields['fond']}".lower()
               for c in studio.map("similis").kit.decks[0].cards}
    with pdfplumber.open(tmp_path / "out/similis/cartes-a4.pdf") as pdf:
        for number in (1, 2, len(pdf.pages)):
            page = pdf.pages[number - 1]
            for face in studio.page("similis", "cartes", number)["faces"]:
                x0, y0, x1, y1 = face["trim"]
                text = " ".join(w["text"] for w in page.within_bbox((x0, y0, x1, y1)).extract_words()).lower()
                if face["side"] == "back":
                    assert "similis" in text, (number, face)
                else:
                    assert legends[face["card"]].replace("é", "e") in text.replace("é", "e"), (number, face)


def test_a_percentage_stays_a_percentage_and_an_angle_any_turn(inherited):
    root, studio = inherited
    layouts = root / "layouts/similis.yaml"
    before = layouts.read_text("utf-8")
    face = studio.face("similis", "score", 1, 0)
    table = next(e for e in face["elements"] if e["name"] == "table-2")
    assert table["keys"]["y"]["text"] == "57.509157509%" and table["keys"]["y"]["unit"] == "%"
    height = face["size"][1]
    studio.edit({"kit": "similis", "component": "score", "page": 1, "slot": 0, "element": "table-2",
                 "values": {"y": 0.6 * height}})
    assert _diff(before, layouts.read_text("utf-8")) == [("-", "      y: 57.509157509%"), ("+", "      y: 60%")]
    studio.undo()
    assert layouts.read_text("utf-8") == before
    studio.edit({"kit": "similis", "component": "cartes", "page": 1, "slot": 0, "element": "forme",
                 "values": {"rotate": 45}})  # any angle (layout-power): written as turned, in the flow mapping
    [(_, old), (_, new)] = _diff(before, layouts.read_text("utf-8"))
    assert old.endswith("x: 11, y: 20, w: 41, h: 38}") and new.endswith("x: 11, y: 20, w: 41, h: 38, rotate: 45}")
    studio.built(2, [KitReport("similis", "Similis", "decks/similis")])  # (as the watch loop tells it)
    turned = studio.face("similis", "cartes", 1, 0)
    assert next(e for e in turned["elements"] if e["name"] == "forme")["rotate"] == 45
    studio.undo()
    assert layouts.read_text("utf-8") == before


def test_a_rulebook_page_maps_its_figures_to_the_cards_they_draw(project, tmp_path):
    import pdfplumber

    root, studio = _built_studio(project("similis"), tmp_path, "similis")
    cards = {c.id: c for c in studio.map("similis").kit.decks[0].cards}
    pages = [studio.page("similis", "regles", n)["figures"] for n in (1, 2, 3)]
    text = (root / "decks/similis/regles.md").read_text("utf-8").splitlines()
    a, b, c, d, e = [n for n, line in enumerate(text, 1) if line.strip() == "```figure"]  # each block's line
    assert [[(f["card"], f["figure_at"]["line"]) for f in page] for page in pages] == [
        [("19", a)],  # regles.md's figures, in the text's order: `card: cartes/19`, three fans, a row
        [("9", b), ("34", b), ("64", b), ("87", b), ("37", c), ("44", c), ("49", c), ("18", d), ("72", d)],
        [("19", e), ("82", e)]]
    with pdfplumber.open(tmp_path / "out/similis/regles-a4.pdf") as pdf:
        for number, page in ((1, pages[0]), (3, pages[2])):  # (the fans' cards are turned)
            for figure in page:
                xs, ys = [c[0] for c in figure["corners"]], [c[1] for c in figure["corners"]]
                words = pdf.pages[number - 1].within_bbox((min(xs), min(ys), max(xs), max(ys))).extract_words()
                card = cards[figure["card"]]
                assert card.fields["forme"] in " ".join(w["text"] for w in words).lower(), (number, figure)
    rows = (root / "decks/similis/cartes.yaml").read_text("utf-8").splitlines()
    for figure in [f for page in pages for f in page]:  # each opens its own card's row
        fields = cards[figure["card"]].fields
        assert figure["at"]["file"] == "decks/similis/cartes.yaml"
        assert f"[{fields['valeur']}, {fields['forme']}, {fields['couleur']}, {fields['fond']}]" in \
            rows[figure["at"]["line"] - 1], figure
    first = pages[0][0]
    line = (root / first["at"]["file"]).read_text("utf-8").splitlines()[first["at"]["line"] - 1]
    assert line.strip() == "- [2, ankh, bleu, pierre]"  # card 19's own row, where the editor opens
    assert {f["name"]: f["value"] for f in first["fields"]}["forme"] == "ankh"
    booklet = studio.page("similis", "regles-livret", 2)
    assert booklet["figures"] == [] and booklet["faces"] == []  # imposed: its figures are the flat book's


def test_a_board_larger_than_the_paper_is_mapped_on_each_of_its_tiles(project, tmp_path):
    import pdfplumber

    root, studio = _built_studio(project("belote"), tmp_path, "belote")
    assert studio.page("belote", "tapis", 1)["faces"] == []  # the assembly map
    tiles = [studio.page("belote", "tapis", n)["faces"] for n in (2, 3, 4)]  # A1, A2, A3 on A4 paper
    assert [len(t) for t in tiles] == [1, 1, 1] and len({t[0]["trim"][1] for t in tiles}) == 1
    assert tiles[0][0]["trim"][0] > tiles[1][0]["trim"][0] > tiles[2][0]["trim"][0]  # each further right
    words = {}
    with pdfplumber.open(tmp_path / "out/belote/tapis-a4.pdf") as pdf:
        for number, (face,) in zip((2, 3, 4), tiles):
            elements = {e["name"]: e for e in studio.face("belote", "tapis", number, 0)["elements"]}
            x0, y0 = face["trim"][:2]
            for name in ("nous", "atout"):  # the left team's name (x 16 mm), the trump's place (x 316 mm)
                a, b, c, d = elements[name]["ink"]
                page = pdf.pages[number - 1]
                if x0 + a >= 0 and x0 + c <= float(page.width):
                    words[name, number] = [w["text"] for w in page.within_bbox((x0 + a, y0 + b, x0 + c, y0 + d))
                                           .extract_words()]
    assert sorted(words) == [("atout", 4), ("nous", 2)] and words["atout", 4] == ["Atout"] and words["nous", 2]


def test_a_tuck_box_page_maps_its_net_to_the_box_and_its_art(project, tmp_path):
    import pdfplumber

    root, studio = _built_studio(project("similis"), tmp_path, "similis")
    answer = studio.page("similis", "boite", 1)
    [piece] = answer["figures"]  # one piece on A4
    assert answer["faces"] == [] and (piece["box"], piece["component"], piece["side"]) == ("boite", "cartes", "back")
    lines = (root / "decks/similis/boite.yaml").read_text("utf-8").splitlines()
    assert piece["figure_at"]["file"] == "decks/similis/boite.yaml" and lines[piece["figure_at"]["line"] - 1] == \
        "kind: tuckbox"  # the box's own first key, where a click opens the editor
    deck = next(k for k in piece["keys"] if k["name"] == "deck")
    assert lines[deck["line"] - 1].startswith("deck: cartes")
    xs, ys = [c[0] for c in piece["corners"]], [c[1] for c in piece["corners"]]
    with pdfplumber.open(tmp_path / "out/similis/boite-a4.pdf") as pdf:
        page = pdf.pages[0]
        inside = " ".join(w["text"] for w in page.within_bbox((min(xs), min(ys), max(xs), max(ys))).extract_words())
        everything = " ".join(w["text"] for w in page.extract_words())
    assert "Imprimer à 100 %" in everything and "Imprimer" not in inside  # the print note lies beside the net
    assert inside.count("languette") == 4 and inside.count("rabat") == 2 and "SIMILIS" in inside  # the net
