"""The studio in headless Chromium (Debian's `chromium`, over the DevTools protocol): drag an element
on a page and the YAML line that defines it changes, that line only, comments intact, and the page
refreshes; undo puts the file's bytes back; arrow keys nudge; the report is `pnp check`'s and never
covers the pages; the card view shows the card's last two builds. CI (`.ci/run`, PNP_CI) installs
Chromium; elsewhere the test is skipped when there is none.

Every wait is for a state (a build's number past the one before, a file's bytes, a text shown),
never a fixed time: on a loaded machine a build, the `pnp check` after it and the studio's map each
take their time, and waiting for a state costs nothing when they are quick. `PATIENCE` bounds what a
state may take to come; `Browser.evaluate` is kept to calls that answer at once (a fetch that waits
on the map is started in the page and its answer waited for)."""
from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path
from typing import Callable

import pytest

from pnp.build import check
from pnp.live.changes import EventWatcher
from pnp.live.desk import Studio
from pnp.live.loop import Loop
from pnp.live.server import Preview
from pnp.model.units import MM

from cdp import Browser, chromium
from conftest import Options

if chromium() is None:
    if os.environ.get("PNP_CI"):
        raise RuntimeError("CI runs the browser test: install Debian's chromium (.ci/run does)")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

PATIENCE = 300.0  # seconds a state may take to come on a loaded machine (a passing run waits far less)
CARTES = "#p-similis-cartes-a4-1"
LOADED = ("(img => img && img.complete && img.naturalWidth > 0 && (!img.dataset.wanted || "
          "img.currentSrc.includes(img.dataset.wanted)))(document.querySelector('#p-similis-cartes-a4-1 img'))")


@pytest.fixture
def studio(project, tmp_path):
    root = project("similis")
    options = Options(out=tmp_path / "out")
    files = EventWatcher()
    preview = Preview(0, ["similis"], Studio(root, options), checks=True)
    stop = threading.Event()
    loop = Loop(root, ["similis"], options, files, lambda line: None, preview, preview.checked)
    thread = threading.Thread(target=loop.forever, args=(stop.is_set,), daemon=True)
    thread.start()
    browser = Browser.open(preview.url)
    browser.wait("document.body.dataset.checked === '1'", PATIENCE)
    yield root, preview, browser, thread
    browser.close()
    stop.set()
    thread.join(timeout=20)
    files.close()
    preview.close()


def _mouse(browser: Browser, kind: str, x: float, y: float, buttons: int = 1) -> None:
    browser.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=buttons, clickCount=1)


def _fetched(browser: Browser, url: str, init: str = "{}") -> dict:
    """The JSON answer of `url` (fetch's `init`: a JavaScript object), fetched in the page (the
    studio's map may be made first: a check of the kit while no build runs), waited for as a state
    rather than inside one evaluate call."""
    browser.evaluate(f"window.__answer = undefined; fetch({url!r}, {init}).then(r => r.text())"
                     f".then(t => window.__answer = t, e => window.__answer = JSON.stringify({{error: String(e)}})); 0")
    return json.loads(browser.wait("window.__answer", PATIENCE))


def _point(browser: Browser, x_mm: float, y_mm: float) -> tuple[float, float]:
    """Where on the screen a point of card 1 (the first slot of page 1) lies, in mm from its corner."""
    trim = _fetched(browser, "/studio/page?kit=similis&component=cartes&page=1")["faces"][0]["trim"]
    left, top, width = browser.evaluate(f"(r => [r.left, r.top, r.width])(document.querySelector("
                                        f"'{CARTES} img').getBoundingClientRect())")
    k = width / 841.89
    return left + (trim[0] + x_mm * MM) * k, top + (trim[1] + y_mm * MM) * k


def _select_forme(browser: Browser) -> None:
    browser.evaluate("document.querySelector('[data-zoom=card]').click()")
    browser.wait(LOADED, PATIENCE)
    x, y = _point(browser, 30, 40)  # inside the icon `forme` (x 11, y 20, w 41, h 38 mm)
    _mouse(browser, "mousePressed", x, y)
    _mouse(browser, "mouseReleased", x, y, 0)
    browser.wait("(s => s && s.dataset.element === 'forme')(document.querySelector('.selection'))", PATIENCE)


def _version(browser: Browser) -> int:
    return int(browser.evaluate("document.body.dataset.version"))


def _built(browser: Browser, since: int, loop: threading.Thread) -> None:
    """Wait for a build after build `since` (an editor's save may come as more than one change, so
    not a build's number: any later one); after a minute, say where the watch loop is, then wait on."""
    later = f"Number(document.body.dataset.version) > {since}"
    try:
        browser.wait(later, 60)
    except AssertionError:
        import sys
        import traceback

        frame = sys._current_frames().get(loop.ident)
        print(f"a build after {since} still awaited; the watch loop is at:", file=sys.stderr)
        print("".join(traceback.format_stack(frame)) if frame else "(ended)", file=sys.stderr)
        browser.wait(later, PATIENCE)


def _until(done: Callable[[], bool], what: str) -> None:
    """Wait for a state of the files (the watch loop writes them when its build is done)."""
    end = time.monotonic() + PATIENCE
    while not done():
        assert time.monotonic() < end, f"still not so after {PATIENCE:g} s: {what}"
        time.sleep(0.05)


def _keys(browser: Browser, *keys: str) -> None:
    """Key presses in a row, dispatched in the page at once: `commit(350)` gathers them into one
    edit however slowly the machine answers (one DevTools call per key could be 350 ms apart)."""
    events = ", ".join(f"{{key: {k!r}, code: {k!r}, bubbles: true}}" for k in keys)
    browser.evaluate(f"[{events}].forEach(e => {{ document.body.dispatchEvent(new KeyboardEvent('keydown', e)); "
                     "document.body.dispatchEvent(new KeyboardEvent('keyup', e)); })")


def _bytes(path: Path, expected: bytes) -> Callable[[], bool]:
    return lambda: path.read_bytes() == expected


def _changed_lines(before: str, after: str) -> list[int]:
    old, new = before.splitlines(), after.splitlines()
    assert len(old) == len(new)
    return [n + 1 for n, (a, b) in enumerate(zip(old, new)) if a != b]


def test_dragging_an_element_writes_its_line_and_undo_puts_the_bytes_back(studio, tmp_path):
    root, preview, browser, thread = studio
    layouts = root / "layouts/similis.yaml"
    original = layouts.read_bytes()
    _select_forme(browser)
    browser.screenshot(tmp_path / "selected.png")
    inspector = browser.evaluate("document.querySelector('#inspector').innerText")
    assert "forme icon" in inspector and "layouts/similis.yaml:26:65" in inspector and "valeur 1" in inspector
    first = browser.evaluate(f"document.querySelector('{CARTES} img').dataset.version")
    version = _version(browser)
    pdf = tmp_path / "out/similis/cartes-a4.pdf"
    printed = pdf.read_bytes()

    x, y = _point(browser, 30, 40)
    k = 96 / 72  # card size: 1 pt is 4/3 CSS px
    _mouse(browser, "mousePressed", x, y)
    for step in range(1, 6):
        _mouse(browser, "mouseMoved", x + step * MM * k, y)
    _mouse(browser, "mouseReleased", x + 5 * MM * k, y, 0)
    browser.wait("document.querySelector('#edit-note').textContent.startsWith('wrote layouts/similis.yaml')", PATIENCE)
    after = layouts.read_text("utf-8")
    assert _changed_lines(original.decode(), after) == [26]
    assert after.splitlines()[25] == ('    forme: {type: icon, name: "{forme}", color: "{couleur}", '
                                      'x: 16, y: 20, w: 41, h: 38}')
    comments = [line for line in original.decode().splitlines() if line.lstrip().startswith("#")]
    assert comments and comments == [line for line in after.splitlines() if line.lstrip().startswith("#")]

    _built(browser, version, thread)  # the watcher saw the write and rebuilt
    browser.wait(f"document.querySelector('{CARTES} img').dataset.version !== {first!r}", PATIENCE)
    browser.wait(LOADED, PATIENCE)
    browser.wait("document.querySelector('#inspector').innerText.includes('16 = 16 mm')", PATIENCE)
    shot = browser.screenshot(tmp_path / "dragged.png")
    assert shot.stat().st_size > 50_000
    version = _version(browser)
    browser.evaluate("document.getElementById('undo').click()")
    browser.wait("document.querySelector('#edit-note').textContent.startsWith('undid')", PATIENCE)
    assert layouts.read_bytes() == original
    _built(browser, version, thread)
    _until(_bytes(pdf, printed), "the PDF built after the undo is the one before the drag")  # byte for byte
    browser.wait(LOADED, PATIENCE)
    browser.wait("document.querySelector('#inspector').innerText.includes('11 = 11 mm')", PATIENCE)

    version = _version(browser)
    _keys(browser, "ArrowRight", "ArrowRight", "ArrowDown")  # nudges in a row: one edit
    browser.wait("document.querySelector('#edit-note').textContent.startsWith('wrote')", PATIENCE)
    assert "x: 13, y: 21, w: 41, h: 38}" in layouts.read_text("utf-8").splitlines()[25]
    assert _changed_lines(original.decode(), layouts.read_text("utf-8")) == [26]
    _built(browser, version, thread)
    browser.wait("document.querySelector('#inspector').innerText.includes('13 = 13 mm')", PATIENCE)
    browser.evaluate("[...document.querySelectorAll('#inspector button')].find(b => b.textContent.startsWith('Card view')).click()")
    browser.wait("(d => d && Number(d.dataset.changed) > 0.5)(document.querySelector('.card-diff'))", PATIENCE)
    cards = browser.screenshot(tmp_path / "card-view.png")
    browser.evaluate("document.getElementById('undo').click()")
    browser.wait("document.querySelector('#edit-note').textContent.startsWith('undid')", PATIENCE)
    assert layouts.read_bytes() == original
    shots = os.environ.get("PNP_SCREENSHOTS")
    if shots:  # for a look: PNP_SCREENSHOTS=/tmp/shots python -m pytest tests/test_studio_browser.py
        for found in (tmp_path / "selected.png", shot, cards):
            shutil.copy(found, os.path.join(shots, found.name))


def test_an_element_placed_by_its_box_is_not_moved(studio):
    root, preview, browser, _ = studio
    layouts = root / "layouts/similis.yaml"
    original = layouts.read_bytes()
    answer = _fetched(browser, "/studio/edit", """{method: 'POST', headers: {'Content-Type': 'application/json',
        'X-PNP-Token': document.querySelector('meta[name=pnp-token]').content}, body: JSON.stringify({kit: 'similis',
        component: 'cartes', page: 1, slot: 0, element: 'fond', values: {x: 3}})}""")
    assert answer == {"ok": False, "error": "x of element 'fond': the element is placed by `box: bleed`, which sets its box"}
    assert layouts.read_bytes() == original


def test_the_report_is_what_pnp_check_reports_and_never_covers_the_pages(studio):
    root, preview, browser, _ = studio
    problems = [p.as_json() for r in check(root, ["similis"], Options()) for p in r.problems]
    expected = [f"{p['file']}:{p['line']}:{p['col']} {p['text']}" for p in problems]
    assert len(expected) == 4 and all("play-outs" in line for line in expected)  # the build reports none of them
    shown = browser.evaluate("[...document.querySelectorAll('#report .kit-report .problems li')].map(li => li.textContent)")
    assert shown == expected
    assert browser.evaluate("document.querySelector('#report .verdict').textContent") == "4 warnings"
    for zoom in ("card", "double"):
        browser.evaluate(f"document.querySelector('[data-zoom={zoom}]').click()")
        grid = f"document.querySelector('{CARTES}').closest('.grid')"
        browser.evaluate(f"{grid}.scrollLeft = {grid}.scrollWidth")
        right, aside = browser.evaluate(f"[{grid}.getBoundingClientRect().right, "
                                        "document.querySelector('aside').getBoundingClientRect().left]")
        img = browser.evaluate(f"document.querySelector('{CARTES} img').getBoundingClientRect().right")
        assert img <= right + 1 and right <= aside + 1  # scrolled into view, beside the report, never under it


def test_the_rules_view_and_a_click_on_a_figure_or_a_tuck_box_opens_its_yaml(studio, tmp_path):
    root, preview, browser, _ = studio
    visible = ("[...document.querySelectorAll('.component')].filter(c => c.offsetParent !== null)"
               ".map(c => c.id)")
    browser.evaluate("document.querySelector('[data-view=rules]').click()")
    assert browser.evaluate(visible) == ["c-similis-regles-a4", "c-similis-regles-livret-a4"]
    rulebook = "#p-similis-regles-a4-1 img"
    browser.evaluate(f"document.querySelector('{rulebook}').scrollIntoView({{block: 'center'}})")
    browser.wait(f"(img => img.complete && img.naturalWidth > 0)(document.querySelector('{rulebook}'))", PATIENCE)
    figure = _fetched(browser, "/studio/page?kit=similis&component=regles&page=1")["figures"][0]
    assert (figure["component"], figure["card"], figure["side"]) == ("cartes", "19", "front")
    fence = figure["figure_at"]["line"]  # regles.md's ```figure block: card: cartes/19
    assert (root / "decks/similis/regles.md").read_text("utf-8").splitlines()[fence:fence + 1] == ["card: cartes/19"]
    left, top, width = browser.evaluate(f"(r => [r.left, r.top, r.width])(document.querySelector('{rulebook}')"
                                        ".getBoundingClientRect())")
    k = width / 595.28
    x = left + sum(c[0] for c in figure["corners"]) / 4 * k
    y = top + sum(c[1] for c in figure["corners"]) / 4 * k
    _mouse(browser, "mousePressed", x, y)
    _mouse(browser, "mouseReleased", x, y, 0)
    browser.wait("document.querySelector('#inspector').innerText.includes('card 19 of cartes (front)')", PATIENCE)
    at = figure["at"]
    inspector = browser.evaluate("document.querySelector('#inspector').innerText")
    assert f"{at['file']}:{at['line']}:{at['col']}" in inspector and f"regles.md:{fence}:1" in inspector
    assert "ankh" in inspector and "bleu" in inspector  # the card's fields
    opened = browser.evaluate("document.body.dataset.opened")
    assert opened == f"vscode://file/{root.resolve().as_posix()}/{at['file']}:{at['line']}:{at['col']}"
    line = (root / at["file"]).read_text("utf-8").splitlines()[at["line"] - 1]
    assert line.strip() == "- [2, ankh, bleu, pierre]"  # the editor opens card 19's own row (2 – ankh – bleu – pierre)
    assert browser.evaluate("document.querySelectorAll('.figure-outline polygon').length") == 1
    shot = browser.screenshot(tmp_path / "rules.png")
    browser.evaluate("document.querySelector('[data-view=material]').click()")
    shown = browser.evaluate(visible)
    assert "c-similis-cartes-a4" in shown and not [c for c in shown if "regles" in c]

    box = "#p-similis-boite-a4-1 img"  # the tuck box: a click on its net opens the box's YAML
    browser.evaluate(f"document.querySelector('{box}').scrollIntoView({{block: 'center'}})")
    browser.wait(f"(img => img.complete && img.naturalWidth > 0)(document.querySelector('{box}'))", PATIENCE)
    piece = _fetched(browser, "/studio/page?kit=similis&component=boite&page=1")["figures"][0]
    left, top, width, points = browser.evaluate(f"(img => [...(r => [r.left, r.top, r.width])(img.getBoundingClientRect()), "
                                                f"Number(img.closest('figure').dataset.w)])(document.querySelector('{box}'))")
    k = width / points  # (the box's page may be landscape)
    x, y = left + sum(c[0] for c in piece["corners"]) / 4 * k, top + sum(c[1] for c in piece["corners"]) / 4 * k
    # (a click in the page: after the editor's link was followed once, headless Chromium may hold the
    # input of the DevTools protocol on its prompt for the external scheme)
    browser.evaluate(f"document.querySelector('{box}').dispatchEvent(new MouseEvent('click', "
                     f"{{clientX: {x}, clientY: {y}, bubbles: true}}))")
    browser.wait("document.querySelector('#inspector').innerText.includes('the tuck box boite')", PATIENCE)
    assert "its art: card 1 of cartes (back)" in browser.evaluate("document.querySelector('#inspector').innerText")
    assert browser.evaluate("document.body.dataset.opened") == \
        f"vscode://file/{root.resolve().as_posix()}/decks/similis/boite.yaml:2:1"
    boxed = browser.screenshot(tmp_path / "tuckbox.png")
    shots = os.environ.get("PNP_SCREENSHOTS")
    if shots:
        for found in (shot, boxed):
            shutil.copy(found, os.path.join(shots, found.name))
