"""Vendored icons and bundled fonts: only what the kits use, each with its credit and licence."""
from __future__ import annotations

import yaml

import pnp.pipeline.project as build_module
from pnp.build import check, open_project

from conftest import ROOT


def test_every_vendored_icon_is_credited_and_used_by_a_kit(shipped, monkeypatch):
    session = open_project(shipped)  # every kit the repository ships, in the session's copy
    monkeypatch.setattr(build_module, "open_project", lambda root: session)
    reports = check(shipped, [])
    assert not [p for r in reports for p in r.errors]
    vendored = {p.stem for p in (ROOT / "icons").glob("*.svg")}
    assert vendored == session.icons.used, f"unused: {vendored - session.icons.used}"
    credits = yaml.safe_load((ROOT / "icons" / "credits.yaml").read_text(encoding="utf-8"))
    assert set(credits) == vendored
    table = (ROOT / "icons" / "CREDITS.md").read_text(encoding="utf-8")
    for name, entry in credits.items():
        assert entry["author"] and entry["url"].endswith(f"/{name}.html")
        assert f"`{name}.svg`" in table


def test_every_font_file_is_named_in_fonts_yaml_and_has_its_licence():
    families = yaml.safe_load((ROOT / "fonts" / "fonts.yaml").read_text(encoding="utf-8"))
    files = {f for styles in families.values() for f in styles.values()}
    assert files == {p.name for p in (ROOT / "fonts").glob("*.ttf")}
    readme = (ROOT / "fonts" / "README.md").read_text(encoding="utf-8")
    for family in families:
        licence = ROOT / "fonts" / f"OFL-{family.replace(' ', '')}.txt"
        assert licence.is_file() and "SIL Open Font License" in licence.read_text(encoding="utf-8")
        assert family in readme
