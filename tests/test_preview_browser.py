"""The preview page in headless Chromium (Debian's `chromium`, driven over the DevTools protocol):
load it, edit a YAML file and see the new page without reloading, break the file and see the
located error in place of the pages, mend it and see the pages again. CI (`.ci/run`, which sets
PNP_CI) installs Chromium; elsewhere the test is skipped when there is none."""
from __future__ import annotations

import os
import shutil
import threading

import pytest

from pnp.live.changes import EventWatcher
from pnp.live.loop import Loop
from pnp.live.server import Preview

from cdp import Browser, chromium
from conftest import Options, edit, line_of

pytestmark = pytest.mark.slow  # (pyproject.toml's markers)

if chromium() is None:
    if os.environ.get("PNP_CI"):
        raise RuntimeError("CI runs the browser test: install Debian's chromium (.ci/run does)")
    pytest.skip("no chromium on this machine (apt-get install chromium)", allow_module_level=True)

LOADED = "(img => img && img.complete && img.naturalWidth > 0 && img.currentSrc.includes({src!r}))" \
         "(document.querySelector({figure!r} + ' img'))"


@pytest.fixture
def watched(project, tmp_path):
    root = project("similis")
    files = EventWatcher()
    preview = Preview(0, ["similis"])
    stop = threading.Event()
    loop = Loop(root, ["similis"], Options(out=tmp_path / "out"), files, lambda line: None, preview)
    thread = threading.Thread(target=loop.forever, args=(stop.is_set,), daemon=True)
    thread.start()
    browser = Browser.open(preview.url)
    yield root, preview, browser
    browser.close()
    stop.set()
    thread.join(timeout=10)
    files.close()
    preview.close()


def _src(browser: Browser, figure: str) -> str:
    return browser.evaluate(f"document.querySelector({figure!r} + ' img').getAttribute('src')")


def test_the_page_follows_the_saves(watched, tmp_path):
    root, preview, browser = watched
    aide, cartes = "#p-similis-aide-a4-1", "#p-similis-cartes-a4-1"
    browser.wait("document.body.dataset.version === '1'", 60)
    browser.evaluate("window.loadedOnce = true")  # gone if the page reloads
    browser.evaluate(f"document.querySelector({aide!r}).scrollIntoView()")  # pages load when seen
    first = _src(browser, aide)
    browser.wait(LOADED.format(figure=aide, src=first))
    unchanged = _src(browser, cartes)
    assert browser.evaluate("document.querySelector('#report .kit-report .verdict').textContent") == "checked"

    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    browser.wait("document.body.dataset.version === '2'")
    browser.wait(f"document.querySelector({aide!r} + ' img').dataset.version !== {first.split('v=')[1]!r}")
    second = browser.wait(f"document.querySelector({aide!r} + ' img').dataset.wanted")
    browser.wait(LOADED.format(figure=aide, src=second))
    assert second != first and _src(browser, cartes) == unchanged
    assert browser.evaluate("window.loadedOnce") is True

    aide_file = root / "decks/similis/aide.yaml"
    edit(aide_file, "layout: similis-aide", "layout: similis-aid")
    browser.wait("document.body.dataset.version === '3'")
    error = browser.wait("(b => b && b.textContent)(document.querySelector('#kit-similis .broken'))")
    where = f"decks/similis/aide.yaml:{line_of(aide_file, 'similis-aid')}:9"
    assert "This save does not build" in error and where in error and "'similis-aid'" in error
    assert browser.evaluate("document.querySelectorAll('#kit-similis figure').length") == 0
    assert browser.evaluate("document.querySelector('#status').textContent") == "build 3 · errors"
    shot = browser.screenshot(tmp_path / "broken.png")
    assert shot.stat().st_size > 10_000

    edit(aide_file, "layout: similis-aid", "layout: similis-aide")
    browser.wait("document.body.dataset.version === '4'")
    browser.wait(LOADED.format(figure=aide, src=second))
    assert browser.evaluate("document.querySelector('#kit-similis .broken')") is None
    assert browser.evaluate("window.loadedOnce") is True
    browser.evaluate("document.querySelector('[data-zoom=card]').click()")
    width = browser.evaluate(f"document.querySelector({cartes!r} + ' img').getBoundingClientRect().width")
    assert width == pytest.approx(841.89 * 96 / 72, abs=1)  # A4 (landscape) at its printed size: 1 in = 96 CSS px
    shots = os.environ.get("PNP_SCREENSHOTS")
    if shots:  # for a look: PNP_SCREENSHOTS=/tmp/shots python -m pytest tests/test_preview_browser.py
        browser.screenshot(tmp_path / "card-size.png")
        for name in ("broken.png", "card-size.png"):
            shutil.copy(tmp_path / name, os.path.join(shots, name))
