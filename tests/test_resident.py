"""A resident build (pnp watch's): only the components whose inputs changed are drawn again, the
PDFs are those `pnp build` writes, each page has a version that changes with what it shows, and a
broken save keeps the last good PDFs."""
from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest

import pnp.pipeline.kitrun
from pnp.incremental import build_changed
from pnp.layout import fonts as fontbook
from pnp.model.fonts import read_fonts
from pnp.resident import Resident

from conftest import ROOT, Options, edit, line_of


@pytest.fixture
def similis(project, tmp_path):
    root = project("similis")
    resident = Resident(root)
    options = Options(out=tmp_path / "out")
    first = resident.build(["similis"], options)
    assert not [p.render() for r in first for p in r.errors]
    return root, resident, options


def _files(reports) -> dict[str, str]:
    return {f.component: f.path for r in reports for f in r.files}


def _stamps(reports) -> dict[str, int]:
    from pathlib import Path

    return {f.component: Path(f.path).stat().st_mtime_ns for r in reports for f in r.files}


def _versions(resident: Resident, path: str) -> list[str]:
    """The version of each page of a PDF the resident drew (`Resident.pages`: each with its frame)."""
    return [version for version, _ in resident.pages(path) or ()]


def _book(files: dict[str, str]) -> dict[str, str]:
    """The rulebook's PDFs in a build's `last`: drawn every time (no memo remembers a rulebook)."""
    return {files["regles"]: "rebuilt", files["regles-livret"]: "rebuilt"}


def test_an_edit_draws_that_component_alone_and_the_bytes_are_pnp_builds(similis, tmp_path):
    root, resident, options = similis
    before = resident.build(["similis"], options, force=True)
    stamps = _stamps(before)
    assert set(resident.last.values()) == {"rebuilt"}
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    after = resident.build(["similis"], options)
    files = _files(after)
    assert resident.last == {files["cartes"]: "kept", files["aide"]: "rebuilt", files["score"]: "kept", files["boite"]: "kept",
                             **_book(files)}
    now = _stamps(after)
    assert now["cartes"] == stamps["cartes"] and now["score"] == stamps["score"] and now["aide"] != stamps["aide"]
    alone = build_changed(root, ["similis"], Options(out=tmp_path / "alone"))
    for component, path in _files(alone).items():
        assert filecmp.cmp(path, files[component], shallow=False), component


def test_page_versions_change_where_the_page_changed(similis):
    root, resident, options = similis
    cartes = _files(resident.build(["similis"], options, force=True))["cartes"]
    pages = _versions(resident, cartes)
    assert len(pages) == 24  # 12 sheets of 8 (gutters: two backgrounds), recto and verso
    cards = root / "decks/similis/cartes.yaml"
    edit(cards, "rows:\n", "rows:  # the whole product\n")
    resident.build(["similis"], options)
    assert resident.last[cartes] == "kept" and _versions(resident, cartes) == pages  # the same cards
    edit(cards, "  - [5, œil, rouge, pierre]\n  - [5, œil, rouge, sable]",
         "  - [5, œil, rouge, sable]\n  - [5, œil, rouge, pierre]")
    resident.build(["similis"], options)
    changed = [i for i, (a, b) in enumerate(zip(pages, _versions(resident, cartes))) if a != b]
    assert resident.last[cartes] == "rebuilt" and changed == [22]  # the last recto; the backs are alike


def test_an_unchanged_save_draws_nothing(similis, monkeypatch):
    root, resident, options = similis
    cards = root / "decks/similis/cartes.yaml"
    cards.write_bytes(cards.read_bytes())
    monkeypatch.setattr(pnp.pipeline.kitrun.KitRun, "run", lambda self: pytest.fail("the kit was built again"))
    assert all(r.up_to_date for r in resident.build(["similis"], options))
    assert resident.last == {}


def test_a_picture_edit_draws_the_components_that_show_it(similis):
    root, resident, options = similis
    resident.build(["similis"], options, force=True)
    cartes = _files(resident.build(["similis"], options))["cartes"]
    pages = _versions(resident, cartes)
    art = root / "decks/similis/art/fond-sable.svg"
    art.write_text(art.read_text(encoding="utf-8").replace("</svg>", "<rect width='1' height='1'/></svg>"),
                   encoding="utf-8")
    files = _files(resident.build(["similis"], options))
    assert resident.last == {files["cartes"]: "rebuilt", files["aide"]: "kept", files["score"]: "kept", files["boite"]: "kept",
                             **_book(files)}
    assert all(a != b for a, b in zip(pages, _versions(resident, cartes)))  # drawn with other art: all new


def test_a_layout_edit_opens_the_session_again_and_draws_everything(similis):
    root, resident, options = similis
    session = resident.session()
    edit(root / "layouts/similis.yaml", "stroke_width: 1.6", "stroke_width: 1.2")
    reports = resident.build(["similis"], options)
    assert resident.session() is not session
    assert set(resident.last.values()) == {"rebuilt"} and len(resident.last) == 6  # the box and the rulebook too
    assert not [p for r in reports for p in r.errors]


def test_a_broken_save_keeps_the_last_good_pdfs_and_mending_it_draws_what_changed(similis):
    root, resident, options = similis
    good = resident.build(["similis"], options, force=True)
    stamps = _stamps(good)
    score = root / "decks/similis/score.yaml"
    edit(score, "layout: similis-score", "layuot: similis-score")
    broken = resident.build(["similis"], options)
    assert [p.render() for r in broken for p in r.errors] == [
        f"decks/similis/score.yaml:{line_of(score, 'layuot')}:1: sheet.layuot: unknown key 'layuot' "
        "(did you mean 'layout'?)", "decks/similis/score.yaml:1:1: sheet: missing required key 'layout'"]
    assert _stamps(good) == stamps and resident.last == {}
    edit(score, "layuot: similis-score", "layout: similis-score")
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    mended = _files(resident.build(["similis"], options))
    assert resident.last == {mended["cartes"]: "kept", mended["aide"]: "rebuilt", mended["score"]: "kept", mended["boite"]: "kept",
                             **_book(mended)}


def test_a_pdf_changed_behind_its_back_is_drawn_again(similis):
    root, resident, options = similis
    files = _files(resident.build(["similis"], options, force=True))
    shutil.copyfile(files["score"], files["aide"])
    resident.build(["similis"], options)
    assert resident.last == {files["cartes"]: "kept", files["aide"]: "rebuilt", files["score"]: "kept", files["boite"]: "kept",
                             **_book(files)}


def test_a_font_file_replaced_under_its_name_is_registered_again(tmp_path):
    (tmp_path / "fonts").mkdir()
    yaml = "Noto Sans: {regular: NotoSans-Regular.ttf, bold: NotoSans-Bold.ttf}\n"
    (tmp_path / "fonts/fonts.yaml").write_text(yaml, encoding="utf-8")
    font = tmp_path / "fonts/NotoSans-Regular.ttf"
    shutil.copyfile(ROOT / "fonts/NotoSans-Regular.ttf", font)
    regular = fontbook.FontBook(read_fonts(tmp_path)).face("Noto Sans").width("Similis", 10)
    shutil.copyfile(ROOT / "fonts/NotoSans-Bold.ttf", font)  # another face under the same file name
    bolder = fontbook.FontBook(read_fonts(tmp_path)).face("Noto Sans").width("Similis", 10)
    assert bolder > regular
    shutil.copyfile(ROOT / "fonts/NotoSans-Regular.ttf", font)
    assert fontbook.FontBook(read_fonts(tmp_path)).face("Noto Sans").width("Similis", 10) == regular


def test_the_kit_rules_model_is_loaded_again_and_redraws_what_shows_its_tables(similis):
    import pdfread

    root, resident, options = similis
    files = _files(resident.build(["similis"], options, force=True))
    model = root / "decks/similis/rules.py"
    edit(model, '"""The series table of the rules card', '"""(edited) The series table of the rules card')
    assert not [p for r in resident.build(["similis"], options) for p in r.problems]
    assert resident.last == {**{path: "kept" for path in files.values()}, **_book(files)}  # the model changed, not what it prints
    edit(model, '"Points communs"', '"Points en commun"')
    resident.build(["similis"], options)
    assert resident.last == {files["cartes"]: "kept", files["aide"]: "rebuilt", files["score"]: "rebuilt", files["boite"]: "kept",
                             **_book(files)}
    assert "Points en" in pdfread.text(files["aide"], 0)  # the new header (on two lines)
    edit(root / "decks/similis/game.yaml", "end_score: 50", "end_score: 60")
    resident.build(["similis"], options)
    assert resident.last == {files["cartes"]: "kept", files["aide"]: "rebuilt", files["score"]: "rebuilt", files["boite"]: "kept",
                             **_book(files)}
    assert "60 points" in pdfread.text(files["score"], 0)


def test_kept_pages_are_copied_and_the_bytes_are_a_cold_builds(similis, tmp_path):
    """An edit of one card redraws its pages alone (draw/kept.py): the other pages are copied from
    the last drawing, and the PDF is byte for byte the one a cold build writes of the same input."""
    root, resident, options = similis
    cartes = _files(resident.build(["similis"], options, force=True))["cartes"]
    edit(root / "decks/similis/cartes.yaml", "  - [5, œil, rouge, pierre]\n  - [5, œil, rouge, sable]",
         "  - [5, œil, rouge, sable]\n  - [5, œil, rouge, pierre]")
    resident.build(["similis"], options)
    reused = resident.memo.kept.pages.reused[cartes]
    assert 18 <= reused < 23  # drawn: the pages that define forms or subset characters, and the edited sheet
    cold = build_changed(root, ["similis"], Options(out=tmp_path / "cold"), force=True)
    assert filecmp.cmp(_files(cold)["cartes"], cartes, shallow=False)


def test_an_unchanged_row_keeps_its_card_and_its_problems_are_told_every_build(similis):
    """A one-card edit builds the edited rows' cards alone again (model.cards keeps a row's `Card` by
    its text, pipeline.faces a card's face by the card); the kept cards' problems are told on every
    build all the same, once each."""
    root, resident, options = similis
    cards = root / "decks/similis/cartes.yaml"
    edit(cards, "  - [1, ankh, bleu, sable]", "  - [1, ankh, '{rules.nope}', sable]")
    first = [p.render() for r in resident.build(["similis"], options) for p in r.problems]
    kept = dict(resident.memo.kept.cards)
    edit(cards, "  - [5, œil, rouge, pierre]\n  - [5, œil, rouge, sable]",
         "  - [5, œil, rouge, sable]\n  - [5, œil, rouge, pierre]")
    second = [p.render() for r in resident.build(["similis"], options) for p in r.problems]
    made = [key for key in resident.memo.kept.cards if key not in kept]
    assert sorted(key[3] for key in made) == [88, 89]  # the two rows swapped (their index)
    assert sum("unknown rules value {rules.nope}" in p for p in second) == 1
    assert [p for p in first if "card '2'" in p] == [p for p in second if "card '2'" in p]


def test_a_sheet_of_kept_cards_takes_its_faces_whole_and_their_problems_are_counted_again(project, tmp_path):
    """A sheet whose cards are last build's very objects takes last build's faces whole
    (`pipeline.faces.Faces.sheet`); the layout problem met on every card is still reported once,
    with the number of other cards, as a cold build reports it, and the PDF is a cold build's."""
    root = project("similis-reglisse")
    edit(root / "layouts" / "reglisse.yaml", "bord: {type: rect, x: 5, y: 5, w: 53, h: 78,",
         "bord: {type: rect, x: 1, y: 5, w: 57, h: 78,")  # an edge within the cut's 2 mm: on every card
    resident, options = Resident(root), Options(out=tmp_path / "out")
    resident.build(["similis-reglisse"], options)
    edit(root / "decks/similis-reglisse/cartes.yaml", "  - [gélatine, bleu, 1]\n  - [gélatine, bleu, 2]",
         "  - [gélatine, bleu, 2]\n  - [gélatine, bleu, 1]")
    warm = resident.build(["similis-reglisse"], options)
    sheets = [key for key in resident.memo.kept.faces if key[0] == "sheet"]
    cold = build_changed(root, ["similis-reglisse"], Options(out=tmp_path / "cold"), force=True)
    assert len(sheets) > 1 and resident.memo.kept.pages.reused[_files(warm)["cartes"]] > 0
    assert [p.render() for r in warm for p in r.problems] == [p.render() for r in cold for p in r.problems]
    assert any(p.render().endswith("(and on 63 more cards)") for r in warm for p in r.warnings)
    assert filecmp.cmp(_files(cold)["cartes"], _files(warm)["cartes"], shallow=False)


def test_a_row_edited_is_parsed_alone_and_its_problems_are_located_as_a_cold_builds(similis, tmp_path, monkeypatch):
    """A save that changed one row parses that line alone (`sources.keptyaml`): the problems, at their
    line and column, are a cold build's, and so is the PDF."""
    import pnp.sources.yamlparse as yamlparse

    root, resident, options = similis
    composed: list[str] = []
    whole = yamlparse.compose
    monkeypatch.setattr(yamlparse, "compose", lambda text: composed.append(text) or whole(text))
    cards = root / "decks/similis/cartes.yaml"
    edit(cards, "title: cartes", "title: cartes  # (parsed whole, and kept)")
    resident.build(["similis"], options)
    edit(cards, "  - [1, ankh, bleu, sable]", "  - [1, ankh, '{rules.absent}', sable]")  # (a text no test parsed)
    warm = resident.build(["similis"], options)
    assert not [text for text in composed if "rules.absent" in text and len(text.splitlines()) > 1]
    cold = build_changed(root, ["similis"], Options(out=tmp_path / "cold"), force=True)
    assert [text for text in composed if "rules.absent" in text and len(text.splitlines()) > 1] \
        == [cards.read_text(encoding="utf-8")]
    located = [p.render() for r in warm for p in r.problems]
    assert any("cartes.yaml:" in p and "{rules.absent}" in p for p in located)
    assert located == [p.render() for r in cold for p in r.problems]
    edit(cards, "  - [1, ankh, '{rules.absent}', sable]", "  - [1, ankh, bleu, sable]")
    mended = _files(resident.build(["similis"], options))["cartes"]
    cold = build_changed(root, ["similis"], Options(out=tmp_path / "again"), force=True)
    assert filecmp.cmp(_files(cold)["cartes"], mended, shallow=False)


def test_the_stamp_of_the_shared_files_is_the_build_caches_stamp_of_them(tmp_path):
    """`resident._stamp` walks path strings: the same files, in the same order, as
    `cache.stamp_files(cache.shared_files(root))` (names that sort apart as strings and as parts,
    a `__pycache__`, a link to a folder not followed, a name the pattern leaves out)."""
    from pnp.cache import shared_files, stamp_files
    from pnp.resident import _stamp

    for name in ("layouts/a-b/x.yaml", "layouts/a/b.yaml", "layouts/a.yaml", "layouts/a/__pycache__/c.yaml",
                 "layouts/notes.txt", "fonts/Z.ttf", "fonts/sub/a.otf", "icons/i.svg", "icons/j.png"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    (tmp_path / "layouts" / "linked").symlink_to(tmp_path / "layouts" / "a", target_is_directory=True)
    stamp = _stamp(tmp_path.resolve())
    assert stamp == stamp_files(shared_files(tmp_path.resolve()))
    assert [Path(entry[0]).relative_to(tmp_path.resolve()).as_posix() for entry in stamp] == [
        "layouts/a/b.yaml", "layouts/a-b/x.yaml", "layouts/a.yaml", "fonts/Z.ttf", "fonts/sub/a.otf", "icons/i.svg"]


def test_a_models_fingerprint_text_tells_apart_what_repr_tells_apart_and_finds_rules_names():
    """`resident._Written`: texts by their digest (made once a text object), other values by their
    `repr` with its length: models that `repr` writes differently are written differently."""
    from pnp.resident import _Written

    written = _Written()
    models = [("ab", "c"), ("a", "bc"), ["ab", "c"], (("ab",), "c"), ("ab", "c", ""), (1, "1"), ("1", 1),
              ("x", {"k": "v"}), ("x", {"k": "w"}), ({"a": 1, "b": 2},), ("{rules.x}",), ()]
    texts = [written.write(model)[0] for model in models]
    assert len(set(texts)) == len(models)
    again = written.write(("ab", "c"))[0]
    written.turn()
    assert written.write(("a" + "b", "c"))[0] == again == texts[0]  # (another object, the same text)
    assert [written.write(m)[1] for m in (("{rules.x}",), ({"t": "{rulebook.y}"},), ("{rules",))] == [True, True, False]


def test_the_build_caches_state_is_written_once_the_result_is_out(similis):
    """A resident build records the kit in the build cache as it ends (what it read and wrote hashed
    then: tests above edit files before the next build) and leaves writing the cache's state to
    `collect()` (the watcher: once the preview is told); the next build settles first what no
    `collect()` did, so it finds the kit up to date."""
    from pnp.cache import BuildCache
    from pnp.core.discover import find_kits

    root, resident, options = similis
    resident.collect()
    (kit,), _ = find_kits(root, ["similis"])
    aide = root / "decks/similis/aide.yaml"
    edit(aide, "Le plus jeune commence.", "La plus jeune commence.")
    resident.build(["similis"], options)
    assert BuildCache(root, options.out, options.cache_key()).fresh(kit) is None
    resident.collect()
    assert BuildCache(root, options.out, options.cache_key()).fresh(kit) is not None
    edit(aide, "La plus jeune commence.", "Le plus jeune commence.")
    resident.build(["similis"], options)
    again = resident.build(["similis"], options)
    assert [r.up_to_date for r in again if r.kit] == [True]


def test_the_lint_keeps_an_unchanged_cards_values_and_finds_what_a_cold_build_finds(project, tmp_path):
    """A resident's lint reads each card's values once a `Card` object (`memo.Kept.lint`): when every
    "mauvaise" card turns "bonne", the conditions `when: {sens: mauvaise}` never hold (a warning at
    each), as a cold build says; one card turned back, the warnings are gone, as cold."""
    root = project("bateliers")
    resident, options = Resident(root), Options(out=tmp_path / "out")
    resident.build(["bateliers"], options)
    kept = resident.memo.kept.lint
    before = {id(entry[0]): entry for entry in kept.values()}
    data = root / "decks/bateliers/modernite.csv"
    edit(data, "Industrialisation;mauvaise", "Industrialisation;bonne")
    for name in ("La voie rapide", "La centrale nucléaire", "Le chemin de fer"):
        edit(data, f"{name};mauvaise", f"{name};bonne")
    for step, cold_out in (("all bonne", "cold1"), ("one mauvaise", "cold2")):
        if step == "one mauvaise":
            edit(data, "Le chemin de fer;bonne", "Le chemin de fer;mauvaise")
        warm = [p.render() for r in resident.build(["bateliers"], options) for p in r.problems]
        cold = [p.render() for r in build_changed(root, ["bateliers"], Options(out=tmp_path / cold_out), force=True)
                for p in r.problems]
        assert warm == cold
        never = [p for p in warm if "no card has sens 'mauvaise'" in p]
        assert (len(never) > 0) == (step == "all bonne"), (step, warm)
    reused = [entry for entry in kept.values() if before.get(id(entry[0])) is entry]
    assert len(kept) > len(reused) > 0  # the unchanged cards' values kept, the edited ones made again
