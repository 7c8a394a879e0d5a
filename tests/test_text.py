"""Text: markup, French typography, wrapping and shrink-to-fit, glyph coverage."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import Problem
from pnp.layout.fonts import FontBook
from pnp.model.fonts import read_fonts
from pnp.layout.textfit import TextStyle, fit_text
from pnp.layout.typography import NBSP, NNBSP, Run, french, parse
from pnp.model.units import MM


@pytest.fixture(scope="module")
def fonts(shipped):
    return FontBook(read_fonts(shipped))


def style(fonts, size=9.0, min_size=None, align="left", family="Noto Sans"):
    faces = {s: fonts.face(family, s) for s in ("regular", "bold", "italic", "bolditalic")
             if fonts.problem(family, s) is None}
    return TextStyle(faces, size, min_size or size, 1.2, align, "top", 1.0)


def test_french_spaces_apostrophes_and_quotes():
    assert french("Gagné! Vraiment ?") == f"Gagné{NNBSP}! Vraiment{NNBSP}?"
    assert french("Score : 10") == f"Score{NBSP}: 10"
    assert french("« Bonjour »") == french("«Bonjour»") == f"«{NBSP}Bonjour{NBSP}»"
    assert french("l'église...") == "l’église…"
    assert french("10:30 et :ankh: !") == f"10:30 et :ankh:{NNBSP}!"
    assert french(french("Oui ; non !")) == french("Oui ; non !")  # idempotent


def test_markup_runs():
    runs = parse("Pose **3 cartes** et *une* :ankh: !")
    assert [(r.text, r.style, r.icon) for r in runs] == [
        ("Pose ", "regular", None), ("3 cartes", "bold", None), (" et ", "regular", None),
        ("une", "italic", None), (" ", "regular", None), ("", "regular", "ankh"), (" !", "regular", None)]
    assert parse(r"un \*vrai\* astérisque")[0].text == "un *vrai* astérisque"
    # a colon outside an icon token is plain text (parse's quick path), one next to an icon is not
    assert parse("Card 1: Merchant", True) == [Run("Card 1: Merchant", True)]
    assert parse("10:30 : :ankh:") == [Run("10:30 : "), Run("", icon="ankh")]
    assert parse(":Ankh: :") == [Run(":Ankh: :")]


def test_text_that_fits_keeps_its_size_and_wraps_at_spaces(fonts):
    block = fit_text(parse("Gain 3 gold and draw a card. Each other player discards a card."), 51 * MM, 30 * MM,
                     style(fonts))
    assert block.size == 9.0 and len(block.lines) == 2
    assert all(line.width <= 51 * MM + 0.01 for line in block.lines)


def test_no_break_spaces_never_break(fonts):
    text = french("Attention ! " * 3)
    block = fit_text(parse(text), 30 * MM, 40 * MM, style(fonts))
    for line in block.lines:
        words = [f.text for f in line.frags]
        assert not any(w == "!" or w.startswith(NNBSP) for w in words)


def test_shrinks_to_fit_then_fails_with_the_reason(fonts):
    long = "Un texte assez long pour remplir une petite boîte de carte à jouer. " * 2
    block = fit_text(parse(long), 40 * MM, 12 * MM, style(fonts, 10, 6))
    assert not isinstance(block, Problem) and 6 <= block.size < 10
    why = fit_text(parse(long * 4), 40 * MM, 12 * MM, style(fonts, 10, 6))
    assert isinstance(why, Problem) and why.what.startswith("text overflows its box (40.0 × 12.0 mm) even at 6 pt")
    why = fit_text(parse("Anticonstitutionnellement"), 10 * MM, 12 * MM, style(fonts, 10, 8))
    assert isinstance(why, Problem) and why.what.startswith("a word is wider than the box")


def test_alignment_places_lines(fonts):
    for align, expected in (("left", 0.0), ("right", 40 * MM), ("center", 20 * MM)):
        block = fit_text(parse("abc"), 40 * MM, 10 * MM, style(fonts, align=align))
        line = block.lines[0]
        anchor = {"left": line.frags[0].x, "right": line.frags[0].x + line.width,
                  "center": line.frags[0].x + line.width / 2}[align]
        assert abs(anchor - expected) < 0.01


def test_the_narrow_space_falls_back_where_a_font_lacks_it(fonts):
    assert fonts.face("Noto Sans").covers(NNBSP)
    assert not fonts.face("Bree Serif").covers(NNBSP) and fonts.face("Bree Serif").covers(NBSP)


@settings(max_examples=80, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdéèçœ’ ", min_size=1, max_size=12), min_size=1, max_size=30),
       width=st.floats(15, 80), size=st.floats(6, 14))
def test_fitted_lines_never_exceed_the_box(fonts, words, width, size):
    block = fit_text(parse(" ".join(words)), width * MM, 200 * MM, style(fonts, size, 5))
    if isinstance(block, Problem):
        assert "wider than the box" in block.what
        return
    for line in block.lines:
        assert line.width <= width * MM + 0.02
        for frag in line.frags:
            assert frag.x + frag.face.width(frag.text, frag.size) <= width * MM + 0.02


@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet="abcdé ’", min_size=1, max_size=20), width=st.floats(5, 80),
       align=st.sampled_from(["left", "center", "right", "justify"]), bold=st.booleans())
def test_the_one_line_shortcut_gives_what_the_general_path_gives(fonts, text, width, align, bold):
    from pnp.layout import textfit

    runs = parse(text, bold)
    st_ = style(fonts, 9, 6, align)
    quick = textfit._one_line(runs, width * MM, 20 * MM, st_)
    if quick is None:
        return
    paragraphs = textfit._paragraphs(runs)
    size, lines = textfit._search(paragraphs, textfit._sizes(9, 6), width * MM, 20 * MM, st_)
    general = textfit._place(lines, size, width * MM, 20 * MM, st_)
    assert (quick.size, quick.height) == (general.size, general.height) and len(quick.lines) == len(general.lines)
    for a, b in zip(quick.lines, general.lines):
        assert abs(a.baseline - b.baseline) < 1e-9 and abs(a.width - b.width) < 1e-9
        assert [(f.text, f.face, f.size) for f in a.frags] == [(f.text, f.face, f.size) for f in b.frags]
        assert all(abs(f.x - g.x) < 1e-9 for f, g in zip(a.frags, b.frags))


def test_a_text_of_30_mb_is_known_unfit_from_its_first_characters(fonts):
    """(issue 26) A text that cannot fit at the smallest size is found so without being laid out:
    30 million characters cost what the box holds, not minutes and gigabytes."""
    import time

    from pnp.layout.textbound import MAX_TEXT

    huge = ("Un mot de trop. " * 1_875_000)
    started = time.process_time()
    why = fit_text(parse(huge), 50 * MM, 20 * MM, style(fonts, 9, 6))
    assert isinstance(why, Problem) and why.what == ("text overflows its box (50.0 × 20.0 mm) even at 6 pt: its 30,000,000 characters need more than "
                   "the 7 lines it holds")
    assert time.process_time() - started < 2
    wide = fit_text(parse("\u200b" * (MAX_TEXT + 1)), 50 * MM, 20 * MM, style(fonts, 9, 6))
    assert isinstance(wide, Problem) and wide.what == f"a text box holds at most {MAX_TEXT:,} characters (this one has {MAX_TEXT + 1:,})"
    long_fit = fit_text(parse("Un mot. " * 2_600), 300 * MM, 300 * MM, style(fonts, 9, 6))  # 20 800 characters
    assert not isinstance(long_fit, Problem)
