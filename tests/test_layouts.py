"""Layout inheritance (`extends`), validation of layouts and cards, generic checks."""
from __future__ import annotations

from pathlib import Path

from pnp.build import check
from pnp.core.errors import Ref
from pnp.model.layouts import LayoutLibrary
from pnp.model.units import MM
from pnp.sources import LocatorRegistry


def library(tmp_path: Path, text: str) -> tuple[LayoutLibrary, LocatorRegistry]:
    (tmp_path / "layouts").mkdir(exist_ok=True)
    (tmp_path / "layouts" / "l.yaml").write_text(text, encoding="utf-8")
    locators = LocatorRegistry()
    return LayoutLibrary.load(tmp_path, locators), locators


def test_children_override_only_what_they_give(tmp_path):
    lib, _ = library(tmp_path, """
base:
  size: bridge
  palette: {a: "#111111", b: "#222222"}
  elements:
    bg: {type: rect, box: bleed, fill: a}
    title: {type: text, text: "{t}", size: 12}
    logo: {type: icon, name: ankh}
child:
  extends: base
  palette: {b: "#333333"}
  elements:
    title: {size: 14, color: b}
    logo: null
    extra: {type: ellipse, fill: b}
""")
    layout, problems = lib.get("child", Ref("x"))
    assert problems == []
    assert layout.card_size() == (57 * MM, 89 * MM)
    assert layout.palette == {"a": "#111111", "b": "#333333"}
    assert list(layout.elements) == ["bg", "title", "extra"]
    assert layout.elements["title"].size == 14 and layout.elements["title"].text == "{t}"


def test_several_parents_merge_left_to_right(tmp_path):
    lib, _ = library(tmp_path, """
a: {size: tarot, bleed: 2mm}
b: {size: mini}
c: {extends: [a, b]}
""")
    layout, _ = lib.get("c", Ref("x"))
    assert layout.size == "mini" and abs(layout.bleed - 2 * MM) < 1e-9


def test_cycles_and_unknown_parents_are_refused(tmp_path):
    lib, locators = library(tmp_path, """
a: {extends: b}
b: {extends: c}
c: {extends: a}
d: {extends: poker-crad}
poker-card: {size: poker}
""")
    _, problems = lib.get("a", Ref("x"))
    assert "layouts extend each other in a cycle: a -> b -> c -> a" in problems[0].what
    assert str(locators.locate(problems[0].ref)) == "layouts/l.yaml:4:14"
    _, problems = lib.get("d", Ref("x"))
    assert problems[0].render() == ("layouts/l.yaml: layout 'd': extends an unknown layout (got 'poker-crad'; "
                                     "did you mean 'poker-card'?)")


def test_an_error_in_a_parent_points_at_the_parent(tmp_path):
    lib, locators = library(tmp_path, """
base:
  elements:
    t: {type: text, text: x, sise: 3}
child: {extends: base}
""")
    _, problems = lib.get("child", Ref("x"))
    assert problems[0].what == "unknown key 'sise'" and problems[0].suggestion == "size"
    assert str(locators.locate(problems[0].ref, key=True)) == "layouts/l.yaml:4:30"


def test_custom_sizes_and_bad_presets(tmp_path):
    lib, _ = library(tmp_path, """
ok: {size: [2.5in, 3.5in]}
bad: {size: jumbo}
""")
    layout, _ = lib.get("ok", Ref("x"))
    assert layout.card_size() == (180.0, 252.0)
    _, problems = lib.get("bad", Ref("x"))
    assert "unknown size preset" in problems[0].what


def test_generic_checks_on_a_kit_without_rules_model(project):
    root = project()
    kit = root / "decks" / "mini"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text("title: Mini\nplayers: {min: 2, max: 2}\ncomponents: [d.yaml]\n")
    (kit / "d.yaml").write_text("""kind: deck
name: d
layout: poker-card
count: 3
fields: {nom: text, n: {type: int, values: [1, 2]}}
cards:
  - {id: a, nom: Un, n: 1}
  - {id: b, nom: Deux, n: 3}
  - {nom: Trois, n: 2, nmo: 4}
""")
    (root / "layouts" / "z.yaml").write_text("other: {size: tarot}\n")
    found = [p.render() for r in check(root, ["mini"]) for p in r.problems]
    assert found == ["decks/mini/d.yaml:8:27: deck 'd', card 'b': field 'n' must be one of: 1, 2 (got 3)",
                     "decks/mini/d.yaml:9:24: deck 'd', card '3': unknown field 'nmo' (did you mean 'nom'?)"]


def test_a_layout_asked_again_is_the_one_resolved_and_its_problems_are_given_again(tmp_path):
    """A resident's library is asked for the same layouts every build: resolved once (the same object),
    each answer's problems a list of its own; a layout added since is resolved anew."""
    lib, _ = library(tmp_path, """
base: {size: bridge, elements: {t: {type: text, text: x, sise: 3}}}
ok: {size: poker}
child: {extends: base}
""")
    first, again = lib.get("ok", Ref("x")), lib.get("ok", Ref("y"))
    assert first[0] is again[0] and first[0] is not None and first[1] == again[1] == []
    for _ in range(2):
        lib.get("child", Ref("x"))[1].clear()
    assert [p.what for p in lib.get("child", Ref("x"))[1]] == ["unknown key 'sise'"]
    lib.add("base", {"size": "mini"}, Ref("l.yaml", ("base",)))
    child, problems = lib.get("child", Ref("x"))
    assert problems == [] and child is not None and child.size == "mini"


def test_an_elements_fields_are_found_once_and_a_copy_finds_its_own(tmp_path):
    """`layout.conditions.template_fields` remembers an element object's fields (a resident's layouts
    are the same objects every build); another element object, a copy with other values, has its own."""
    from pnp.layout.conditions import template_fields

    lib, _ = library(tmp_path, 'l: {size: poker, elements: {t: {type: text, text: "{name} {cost}"}}}\n')
    element = lib.get("l", Ref("x"))[0].elements["t"]
    assert template_fields(element) == ("cost", "name")
    assert template_fields(element) is template_fields(element)
    copied = element.model_copy({"text": "{power}"})
    assert template_fields(copied) == ("power",) and template_fields(element) == ("cost", "name")
