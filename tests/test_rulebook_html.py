"""`pnp export KIT --rules-html`: the cookbook kit's rulebook as one self-contained HTML file (no
outside reference, figures as PNG data URIs, CSS inline), linked contents, the same bytes twice, and a
page a phone's browser shows (headless Chromium, when the machine has it)."""
from __future__ import annotations

import base64
import re
import shutil
import subprocess

import pytest

from pnp.export import ExportOptions, export

from conftest import make_project
from cdp import FLAGS, chromium


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    base = tmp_path_factory.mktemp("rules-html")
    root = make_project(base / "project", ("belote",))
    reports = export(root, ["belote"], ExportOptions(rules_html=True, out=base / "out"))
    assert not [p.render() for r in reports for p in r.errors]
    path = base / "out" / "belote" / "regles.html"
    return {"root": root, "path": path, "text": path.read_text(encoding="utf-8"), "base": base}


def test_the_file_names_nothing_outside_itself(page):
    text = page["text"]
    assert text.startswith("<!DOCTYPE html>") and '<meta name="viewport"' in text
    for found in re.findall(r'(?:src|href)="([^"]*)"', text):
        assert found.startswith(("data:image/png;base64,", "data:image/svg+xml;base64,", "#")), found
    assert "http" not in text.replace("http-equiv", "") and "<link" not in text and "<script" not in text
    assert "url(" not in text


def test_the_text_its_contents_and_its_figures(page):
    text = page["text"]
    assert '<h2 id="decompte">Le décompte</h2>' in text and '<a href="#decompte">Le décompte</a>' in text
    assert "<aside class=\"note\">" in text and "<aside class=\"example\">" in text
    assert "<th style=\"text-align:left\">Carte</th>" in text
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(images) == 4  # the fan, the tokens, the king, the score sheet
    for data in images:
        assert base64.b64decode(data)[:8] == b"\x89PNG\r\n\x1a\n"
    assert "4 joueurs · 30 à 60 min" in text.replace("\u00a0", " ")


def test_the_same_input_gives_the_same_bytes(page):
    again = page["base"] / "again"
    export(page["root"], ["belote"], ExportOptions(rules_html=True, out=again), force=True)
    assert (again / "belote" / "regles.html").read_bytes() == page["path"].read_bytes()


@pytest.mark.skipif(chromium() is None, reason="no chromium on this machine")
def test_a_phone_s_browser_shows_it_without_sideways_scrolling(page, tmp_path):
    from PIL import Image

    shot = tmp_path / "phone.png"
    profile = tmp_path / "profile"
    subprocess.run([chromium(), *FLAGS, f"--user-data-dir={profile}", "--window-size=412,900",
                    f"--screenshot={shot}", page["path"].as_uri()], capture_output=True, timeout=120, check=False)
    shutil.rmtree(profile, ignore_errors=True)
    image = Image.open(shot).convert("L")
    assert image.size == (412, 900)
    assert image.crop((0, 0, 412, 120)).getextrema()[0] < 100  # the title's ink at the top
    assert image.crop((400, 0, 412, 900)).getextrema()[0] > 200  # nothing runs off the right edge


def test_the_cookbook_s_rulebook_excerpts_are_the_kit_s_text():
    from conftest import ROOT

    doc = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    cookbook = doc[doc.index("### A rulebook with figures"):]
    excerpts = re.findall(r"````markdown\n(.*?)\n````", cookbook, re.S)
    text = (ROOT / "decks" / "belote" / "regles.md").read_text(encoding="utf-8")
    assert len(excerpts) == 2
    for excerpt in excerpts:
        assert excerpt in text
