"""The message catalogue: every language file has English's keys and placeholders; sheets print in
the kit's language (English for the bench kits); an unknown language warns at its line and prints
English; the calibration sheet speaks the language asked for."""
from __future__ import annotations

import re

from click.testing import CliRunner

from pnp.cli import main
from pnp.messages import Messages, catalogue, languages

from conftest import BENCH_KIT, Options, build_ok, check, edit, line_of
from pdfread import page, text


def _fields(value) -> set[str]:
    texts = value if isinstance(value, list) else [value]
    return {name for t in texts for name in re.findall(r"{(\w+)}", str(t))}


def test_every_language_has_the_keys_and_placeholders_of_english():
    english, _ = catalogue("en")
    assert {"en", "fr"} <= set(languages())
    for language in languages():
        messages, problem = catalogue(language)
        assert problem is None and messages.keys() == english.keys(), language
        for key in english.keys():
            assert _fields(messages.raw(key)) == _fields(english.raw(key)), (language, key)
            assert type(messages.raw(key)) is type(english.raw(key)), (language, key)


def test_a_list_message_written_as_one_string_is_one_line():
    """`lines` reads a list message line by line; one written as a plain string is one line (it was
    read character by character)."""
    english = Messages("en", {"steps": ["cut {n}", "fold"]})
    one = Messages("xx", {"steps": "cut {n} and fold"}, english)
    assert english.lines("steps", n=2) == ["cut 2", "fold"]
    assert one.lines("steps", n=2) == ["cut 2 and fold"]


def test_the_bench_kit_prints_english_sheet_notes(shipped, tmp_path):
    build_ok(shipped, [str(shipped / BENCH_KIT)], Options(out=tmp_path))
    first = text(tmp_path / BENCH_KIT.name / "cards-a4.pdf", 0)
    assert "Print at 100 % (actual size, no fit to page)" in first.replace("\u00a0", " ")
    assert "sheet 1/6 · front" in first and "planche" not in first and "Imprimer" not in first
    assert "sheet 1/6 · back" in text(tmp_path / BENCH_KIT.name / "cards-a4.pdf", 1)


def test_a_french_kit_prints_french_sheet_notes(shipped, tmp_path):
    build_ok(shipped, ["dix-mille"], Options(out=tmp_path))
    first = text(tmp_path / "dix-mille" / "aide-a4.pdf", 0).replace("\u00a0", " ")
    assert "Imprimer à 100 %" in first and "planche 1/1 · recto" in first


def test_a_language_without_a_catalogue_warns_at_its_line_and_prints_english(project, tmp_path):
    root = project("dix-mille")
    game = root / "decks" / "dix-mille" / "game.yaml"
    edit(game, "language: fr", "language: de")
    warnings = [p.render() for r in check(root, []) for p in r.warnings]
    assert [w for w in warnings if "game.language" in w] == [
        f"warning: decks/dix-mille/game.yaml:{line_of(game, 'language:')}:11: game.language: pnp has no sheet texts "
        "in 'de' (it has en, fr: a file pnp/messages/de.yaml adds one); sheet notes print in English"]
    build_ok(root, ["dix-mille"], Options(out=tmp_path))
    assert "Print at 100 %" in text(tmp_path / "dix-mille" / "aide-a4.pdf", 0).replace("\u00a0", " ")


def test_the_calibration_sheet_speaks_the_language_asked_for(shipped, tmp_path):
    result = CliRunner().invoke(main, ["--project", str(shipped), "calibrate", "--out", str(tmp_path),
                                       "--language", "en", "--backs", "short-edge"])
    assert result.exit_code == 0, result.output
    words = " ".join(w["text"] for w in page(tmp_path / "calibration-a4-short-edge.pdf", 0).extract_words())
    assert "Duplex calibration page" in words and "(short edge)" in words and "calibrage" not in words



def test_the_catalogues_kept_stay_few_however_often_a_project_opens(tmp_path):
    """A resident process (pnp watch) opens the project again and again: the catalogues it keeps
    do not grow with it."""
    from pnp.messages import _load
    from pnp.sources.parsecache import ParseCache

    _load.cache_clear()
    for _ in range(20):
        assert _load("fr", ParseCache(tmp_path)).text("front") == "recto"
    assert _load.cache_info().currsize <= 8
