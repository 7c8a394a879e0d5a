"""Hostile inputs of the second review (issue 26), each from its case: a generator range of 20+
digits and overrides × combinations without end, templates that print as written (`{titre!r}`,
`{titre:>9}`, braces never closed), a viewBox of 1e-300 that `pnp check` passed, `<use>` fan-outs
and loops that svglib logs raw and drops, a picture path of 5 000 characters, Pillow's raw
decompression-bomb warning, a Latin-1 file with no line:col, `pnp list` outside a project. Each
ends in a clear message at its line, exit 1, no traceback and nothing written."""
from __future__ import annotations

import time
import warnings

import pytest
from PIL import Image

from pnp.core.errors import short_path
from pnp.model.generate import MAX_MATCHES

from conftest import line_of
from hostile import errors, pnp, tiny_kit

SVG = '    art: {type: svg, src: art/a.svg, box: trim, fit: stretch}\n'
XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def _deck(root, generate: str, fields: str = "{a: text, b: int, c: {type: text, default: ''}}") -> None:
    (root / "decks/k/cards.yaml").write_text(f"kind: deck\nname: cards\nlayout: tiny\nfields: {fields}\n"
                                             f"generate:\n{generate}", encoding="utf-8")


def _refused(root, *expected: str) -> None:
    """`pnp check` reports exactly `expected`; `pnp build` fails and writes nothing."""
    assert errors(root) == list(expected)
    out = root.parent / "out"
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1 and not out.exists(), result.output


def test_a_generator_range_of_twenty_digits_is_refused_at_its_line(project):
    root = project()
    tiny_kit(root, '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{a}"}\n')
    _deck(root, '  - each: {a: [x], b: "1..100000000000000000000000"}\n')
    _refused(root, "decks/k/cards.yaml:6:23: deck 'cards', generate[0]: a range's bounds and step are whole numbers "
                   "of at most 15 digits (got '1..100000000000000000000000')")


def test_overrides_times_combinations_are_bounded(project):
    root = project()
    tiny_kit(root, '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{a}"}\n')
    overrides = "".join(f"      - {{match: {{b: {i}}}, set: {{c: y}}}}\n" for i in range(1, 61))
    _deck(root, "  - each: {a: [x], b: 1..20000}\n    overrides:\n" + overrides)
    started = time.process_time()
    _refused(root, f"decks/k/cards.yaml:8:7: deck 'cards', generate[0]: this generator's 60 overrides are matched "
                   f"against each of its 20,000 combinations (1,200,000 matches); a generator makes at most "
                   f"{MAX_MATCHES:,}: split it")
    assert time.process_time() - started < 10


def test_a_generator_template_with_a_brace_never_closed_is_a_problem(project):
    root = project()
    tiny_kit(root, '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{a}"}\n')
    _deck(root, '  - each: {a: [x, y], b: 1..2}\n    id: "{a}-{b"\n    set: {c: "{a}}"}\n')
    _refused(root, "decks/k/cards.yaml:7:9: deck 'cards', generate[0]: the template '{a}-{b' opens a '{' it never "
                   "closes (write {{ for a brace that prints)",
             "decks/k/cards.yaml:8:14: deck 'cards', generate[0]: the template '{a}}' closes a '}' it never opened "
             "(write }} for a brace that prints)")


def test_templates_pnp_does_not_fill_are_problems_not_printed_text(project):
    """Python's format syntax is an expression pnp cannot read, named as what it is, at the text;
    a brace never closed or never opened is a problem at the element."""
    root = project()
    texts = ["{a!r}", "{a:>9}", "{a", "a}", "{{a}} {b}"]
    tiny_kit(root, "".join(f'    t{i}: {{type: text, x: 5, y: {5 + 10 * i}, w: 50, h: 10, text: "{text}"}}\n'
                           for i, text in enumerate(texts)))
    layout = root / "layouts/tiny.yaml"
    lines = [line_of(layout, f"t{i}:") for i in range(4)]
    at = [f"layouts/tiny.yaml:{n}:9: layout 'tiny', element 't{i}'" for i, n in enumerate(lines)]
    columns = [layout.read_text().splitlines()[n - 1].index('"' + texts[i]) + 1 for i, n in enumerate(lines[:2])]
    text_at = [f"layouts/tiny.yaml:{n}:{c}: layout 'tiny', element 't{i}'.text (used by deck 'cards')"
               for i, (n, c) in enumerate(zip(lines, columns))]
    spec = "is not a template pnp fills: write {name}, with filters after a bar ({name|thousands}); {{ and }} print braces"
    _refused(root, f"{text_at[0]}: '{{a!r}}' {spec}", f"{text_at[1]}: '{{a:>9}}' {spec}",
             f"{at[2]}: a '{{' is never closed (write {{{{ for a brace that prints)",
             f"{at[3]}: a '}}' closes nothing (write }}}} for a brace that prints)")


@pytest.mark.parametrize("svg, why", [
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-300 1e-300"><rect width="1" height="1"/></svg>',
     "a.svg: viewBox='0 0 1e-300 1e-300' is out of range: pnp draws SVGs whose viewBox is 0.001 to 1e+09 units a "
     "side, starting within 1e+09 of 0"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="1e-300" height="1"><rect width="1" height="1"/></svg>',
     "a.svg: its size '1e-300' is out of range: pnp draws SVGs of 0.001 to 1e+09 points a side"),
    (f'<svg {XLINK} viewBox="0 0 100 100"><defs><rect id="l0" width="1" height="1"/>'
     + "".join(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 8))
     + '</defs><use xlink:href="#l7"/></svg>',
     "a.svg: its <use> elements make more than 10,000 copies (nested ones counted); pnp draws at most that many"),
    (f'<svg {XLINK} viewBox="0 0 10 10"><g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g></svg>',
     "a.svg: a <use> shows an element that holds it (a loop)"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' + "<g>" * 150 + "</g>" * 150 + "</svg>",
     "a.svg: its elements nest more than 100 deep (through <use> elements too)"),
])
def test_svgs_svglib_cannot_draw_whole_are_refused_by_check(project, svg, why):
    """The viewBox of 1e-300 passed `pnp check` and gave a traceback in the build; the fan-out made
    svglib log "Too many <use> expansions" raw and drop content, exit 0."""
    root = project()
    kit = tiny_kit(root, SVG)
    (kit / "art/a.svg").write_text(svg, encoding="utf-8")
    _refused(root, f"layouts/tiny.yaml:3:10: layout 'tiny', element 'art': {why}")


def test_what_svglib_logs_while_drawing_fails_the_build_and_is_never_printed_raw(project):
    root = project()
    kit = tiny_kit(root, SVG)
    (kit / "art/a.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                   '<rect width="5" height="5" fill="notacolour"/></svg>', encoding="utf-8")
    out = root.parent / "out"
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert result.stderr == ("pnp: kit 'k': a.svg: svglib cannot draw it as written (Can't handle color: notacolour)\n"
                             "1 error, nothing written.\n")


@pytest.mark.parametrize("src", ["art/" + "x" * 5000 + ".png", "a/" * 2500 + "x.svg"])
def test_a_picture_path_of_5000_characters_is_a_problem(project, src):
    root = project()
    tiny_kit(root, f'    art: {{type: {"svg" if src.endswith("svg") else "image"}, src: "{src}", box: trim}}\n')
    _refused(root, f"layouts/tiny.yaml:3:10: layout 'tiny', element 'art': the path {short_path(src)} cannot be read "
                   "(File name too long)")
    assert len(short_path(src)) == 80 and short_path(src).endswith(src[-10:] + "'")  # its end: the file's name


@pytest.mark.parametrize("size, why", [
    ((12_000, 9_000), "big.png has 12000 × 9000 pixels; pnp draws 1 to 80,000,000 pixels"),
    ((20_000, 10_000), "big.png has more than 80,000,000 pixels; pnp draws 1 to 80,000,000 pixels"),
])
def test_a_decompression_bomb_is_refused_without_pillows_warning(project, size, why):
    root = project()
    kit = tiny_kit(root, "    art: {type: image, src: art/big.png, box: trim}\n")
    Image.new("1", size).save(kit / "art/big.png")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        _refused(root, f"layouts/tiny.yaml:3:10: layout 'tiny', element 'art': {why}")
    assert [w for w in seen if "Decompression" in w.category.__name__] == []


def test_a_latin1_yaml_file_is_located_at_its_first_byte_that_is_not_utf8(project):
    root = project()
    kit = tiny_kit(root, '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{a}"}\n', cards="  - [caf\xe9, 1]\n")
    (kit / "cards.yaml").write_bytes((kit / "cards.yaml").read_text(encoding="utf-8").encode("latin-1"))
    _refused(root, "decks/k/cards.yaml:7:9: YAML: not UTF-8 text: the byte 0xe9 cannot be read (a file saved as "
                   "Latin-1 or Windows-1252? save it as UTF-8)")


def test_pnp_list_outside_a_project_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = pnp(tmp_path, "list")
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == ("pnp: kits: no kit found under decks/ (a kit is a folder with a game.yaml; `pnp new "
                             "my-game` makes a starter)\n")
