"""Names a kit chooses stay names, and pnp writes only below its output folder (issue 26, the export
hole): a score table's name that is a path, a NUL, 300 characters or JavaScript is refused at its
line (by `pnp check` too); a symbolic link anywhere under the output folder (the folder itself,
`<kit>/`, `png/`, `tts/`, `sheets/`, a file) is refused by build and export before anything is
written or deleted; `pnp new` writes through no `decks/` or `layouts/` link out of the project; CSV
cells that a spreadsheet would run as a formula are neutralised; what a kit writes reaches the
terminal as text (its control characters as escapes). Each refused case checks the exit
code, the message, and that no file changed anywhere in the test's folder (output included)."""
from __future__ import annotations

from pathlib import Path

import csv
import io
import json

import pytest
from click.testing import Result

from conftest import edit
from hostile import GAME, pnp, snapshot, tiny_kit

TABLE = ('{{type: table, x: 0, y: {y}mm, w: 80mm, h: 30mm, columns: [{{header: Tour}}, {{header: points}}, {{header: total}}], '
         'row_count: 2, formulas: {{total: "PREV(total) + points"}}}}')
USER = b"the user's own file"
NAME_RULE = ("layout 'tiny-score'.elements: a table's name names its spreadsheet files and its form's fields: "
             "a name is lowercase letters, digits and dashes (at most 64), like 'cartes-lieu'")


def sheet_kit(root: Path, *names: str, components: str = "score.yaml") -> Path:
    """Kit `k` holding a score sheet whose page layout `tiny-score` (layouts/sheet.yaml) has a table
    per name (YAML keys, as written), one under the other."""
    kit = root / "decks" / "k"
    kit.mkdir(parents=True, exist_ok=True)
    elements = "".join(f"    {name}: {TABLE.format(y=40 * i)}\n" for i, name in enumerate(names))
    (root / "layouts" / "sheet.yaml").write_text(f"tiny-score:\n  kind: page\n  elements:\n{elements}",
                                                 encoding="utf-8")
    (kit / "game.yaml").write_text(GAME.replace("[cards.yaml]", f"[{components}]"), encoding="utf-8")
    (kit / "score.yaml").write_text("kind: sheet\nname: score\nlayout: tiny-score\n", encoding="utf-8")
    return kit


def refused(tmp_path: Path, root: Path, *args: str) -> Result:
    """`pnp *args` on `root` exits 1 and changes no file under tmp_path (the project, the user's
    folders and the output folder alike); its result."""
    before = snapshot(tmp_path)
    result = pnp(root, *args)
    assert result.exit_code == 1, result.output
    after = snapshot(tmp_path)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, changed
    return result


def test_plain_table_names_export(project, tmp_path):
    """The kit the hostile cases start from exports its CSV, XLSX and form: they fail for their names alone."""
    root = project()
    sheet_kit(root, "grille", "bonus")
    result = pnp(root, "export", "k", "--sheets", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out/k/sheets").iterdir()) == [
        "score-a4-form.pdf", "score-bonus.csv", "score-grille.csv", "score.xlsx"]


def test_table_names_that_are_paths_write_nothing_outside(project, tmp_path):
    """The hostile case: `/a` made the folder `sheets/score-/`, through which the second name climbed
    out and replaced a .csv of the user's (exit 0, `pnp check` ok). Both are refused at their lines,
    by check and by export."""
    root = project()
    sheet_kit(root, '"/a"', '"/../../../../../victim"')
    out = tmp_path / "deep" / "out"
    out.mkdir(parents=True)
    (tmp_path / "victim.csv").write_bytes(USER)  # out/k/sheets/score-/../../../../../victim.csv
    messages = [f"layouts/sheet.yaml:{line}:5: {NAME_RULE} (got {name!r}; did you mean {hint!r}?)"
                for line, name, hint in ((4, "/a", "a"), (5, "/../../../../../victim", "victim"))]
    assert refused(tmp_path, root, "check", "k").output.splitlines()[:2] == messages
    assert refused(tmp_path, root, "export", "k", "--sheets", "--out", str(out)).output.splitlines()[:2] == messages


@pytest.mark.parametrize("name, shown", [('"a\\0b"', "'a\\x00b'"), ("x" * 300, "'xxxxxxxxxxxxxxxxxxxxxxx")])
def test_a_nul_or_a_300_character_table_name_is_refused_without_a_traceback(project, tmp_path, name, shown):
    root = project()
    sheet_kit(root, name)
    result = refused(tmp_path, root, "export", "k", "--sheets", "--out", str(tmp_path / "out"))
    assert result.output.startswith(f"layouts/sheet.yaml:4:5: {NAME_RULE} (got {shown}"), result.output


def test_a_table_name_is_no_javascript(project, tmp_path):
    """`t"+app.alert(1)+"` put a call of the kit's choosing into every total's calculate script."""
    root = project()
    sheet_kit(root, "'t\"+app.alert(1)+\"'")
    result = refused(tmp_path, root, "export", "k", "--sheets", "--out", str(tmp_path / "out"))
    assert result.output.startswith(f"layouts/sheet.yaml:4:5: {NAME_RULE} (got 't\"+app.alert(1)+\"'; "
                                    "did you mean 't-app-alert-1'?)"), result.output


def test_a_counters_name_that_is_a_path_is_refused_by_check_and_export(project, tmp_path):
    """A `counters` element's name names its Tabletop Simulator pictures (`tts/<sheet>-<name>-<n>.png`):
    a name that climbs (`../../x`) is refused at its key, by check and by the export, nothing written."""
    root = project()
    kit = sheet_kit(root, "grille")
    (root / "layouts" / "sheet.yaml").write_text(
        'tiny-score:\n  kind: page\n  elements:\n    "../../x": {type: counters, x: 0, y: 0, w: 80mm, h: 30mm, '
        "count: 3, side: 15mm}\n", encoding="utf-8")
    assert kit.is_dir()
    rule = ("layout 'tiny-score'.elements: a counters element's name names its Tabletop Simulator pictures: "
            "a name is lowercase letters, digits and dashes (at most 64), like 'cartes-lieu'")
    message = f"layouts/sheet.yaml:4:5: {rule} (got '../../x'; did you mean 'x'?)"
    assert refused(tmp_path, root, "check", "k").output.splitlines()[0] == message
    out = tmp_path / "out"
    assert refused(tmp_path, root, "export", "k", "--tts", "--out", str(out)).output.splitlines()[0] == message


def test_field_names_in_calculate_scripts_are_json_strings():
    """Whatever a field is named, a calculate script names it as a JavaScript string (JSON, ASCII:
    U+2028 escaped too), never as code."""
    from pnp.export.formulas import calculate_script
    from pnp.layout.formtable import At
    from pnp.model.formula import Bin

    hostile = 't"+app.alert(1)+"\\\u2028'
    script = calculate_script(Bin("+", At(1, 0), At(1, 1)), lambda at: f"{hostile}{at.col}")
    literal = json.dumps(f"{hostile}0")
    assert f"pnpE({literal})" in script and f"pnpV({literal})" in script and script.isascii()
    assert "app.alert" not in script.replace(literal, "").replace(json.dumps(f"{hostile}1"), "")


# --- symbolic links under the output folder ---------------------------------------------------------


def linked(root: Path, tmp_path: Path, link: str, files: tuple[str, ...]) -> tuple[Path, Path]:
    """The project's `output/<link>` a symbolic link to a folder of the user's holding `files`
    (`link` "": output/ itself); the output folder and the user's."""
    out, mine = root / "output", tmp_path / "mine"
    for name in files:
        (mine / name).parent.mkdir(parents=True, exist_ok=True)
        (mine / name).write_bytes(USER)
    mine.mkdir(exist_ok=True)
    (out / link).parent.mkdir(parents=True, exist_ok=True)
    (out / link).symlink_to(mine, target_is_directory=True)
    return out, mine


def said_link(result: Result, link: Path, target: Path, what: str = "folder") -> None:
    assert (f"--out: the output {what} {link.as_posix()} is a symbolic link (to {target}): pnp writes only "
            f"into real folders and files; remove the link") in result.output, result.output


@pytest.mark.parametrize("link, files", [
    ("", ("k/cards-a4.pdf", "k/.cards-a4.pdf.1.part")),  # the project's own output/ itself
    ("k", ("cards-a4.pdf", ".cards-a4.pdf.1.part")),
])
def test_build_writes_and_sweeps_nothing_through_an_output_link(project, tmp_path, link, files):
    """A shared project's output/ (or output/<kit>) leading to a folder of the user's: the build
    replaced its PDFs there and swept its part files."""
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    out, mine = linked(root, tmp_path, link, files)
    result = refused(tmp_path, root, "build", "decks/k", "--out", str(out))
    said_link(result, (out / link) if link else out, mine)


def test_build_replaces_no_output_file_that_is_a_link(project, tmp_path):
    """A PDF's place holding a link: the rename would replace the link, not what it leads to, but
    the rule is one: no symbolic link under a kit's output folder, a file's neither."""
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    (tmp_path / "mine.pdf").write_bytes(USER)
    (root / "output/k").mkdir(parents=True)
    (root / "output/k/cards-a4.pdf").symlink_to(tmp_path / "mine.pdf")
    result = refused(tmp_path, root, "build", "decks/k", "--out", str(root / "output"))
    said_link(result, root / "output/k/cards-a4.pdf", tmp_path / "mine.pdf", "file")


@pytest.mark.parametrize("link, files", [
    ("", ("k/png/cards-001-front.png", "k/png/holiday.png", "k/sheets/score.xlsx")),
    ("k", ("png/cards-001-front.png", "png/holiday.png", "tts/cards.json")),
    ("k/png", ("cards-001-front.png", "holiday.png")),
    ("k/tts", ("cards.json", "cards-back.png", "holiday.png")),
    ("k/sheets", ("score.xlsx", "score-grille.csv", "holiday.png")),
])
def test_export_writes_and_deletes_nothing_through_an_output_link(project, tmp_path, link, files):
    """Export replaced the user's files of the same names through such a link, and deleted the
    others as stale when the link was output/ itself."""
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    sheet_kit(root, "grille", components="cards.yaml, score.yaml")
    out, mine = linked(root, tmp_path, link, files)
    result = refused(tmp_path, root, "export", "k", "--png", "--tts", "--sheets", "--out", str(out))
    said_link(result, (out / link) if link else out, mine)


@pytest.mark.parametrize("folder", ["decks", "layouts"])
def test_new_writes_through_no_link_out_of_the_project(project, tmp_path, folder):
    root = project()
    (tmp_path / "mine").mkdir()
    if (root / folder).exists():
        (root / folder).rename(tmp_path / "moved")
    (root / folder).symlink_to(tmp_path / "mine", target_is_directory=True)
    result = refused(tmp_path, root, "new", "demo")
    assert result.output == (f"{folder}: pnp new: leaves the project folder through a symbolic link (to "
                             f"{tmp_path / 'mine'}): pnp new writes only inside the project\n"), result.output


# --- formulas in CSV --------------------------------------------------------------------------------


@pytest.mark.parametrize("text, cell", [
    ("=1+1", "'=1+1"), ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
    ("@SUM(A1:A2)", "'@SUM(A1:A2)"), ("\t=1+1", "'\t=1+1"), ("\r=1+1", "'\r=1+1"), ("-", "'-"),
    ("-3", "-3"), ("-2.5", "-2.5"), ("+4", "+4"), ("−3", "−3"), ("Tour", "Tour"), ("", ""), (12, 12),
])
def test_a_csv_cell_is_never_a_formula(text, cell):
    """OWASP's advice: a cell beginning with = + - @, a tab or a CR gets a leading apostrophe; a
    plain signed number stays the number it reads as."""
    from pnp.export.spreadsheet import csv_cell

    assert csv_cell(text) == cell


def test_exported_csv_neutralises_formulas_as_the_xlsx_does(project, tmp_path):
    """A header "=HYPERLINK(…)" (or "@SUM", "+…", "-…") was written as is: a spreadsheet opening the
    CSV runs it."""
    root = project()
    sheet_kit(root, "grille")
    headers = ['"=HYPERLINK(\\"http://x\\")"', '"@SUM(A1)"', '"+1+1"', '"-1+1"', '"-3"', '""']
    columns = "[" + ", ".join(f"{{header: {h}}}" for h in headers) + "]"
    layout = root / "layouts/sheet.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        "[{header: Tour}, {header: points}, {header: total}]", columns).replace(', formulas: {total: "PREV(total) + points"}', ""),
        encoding="utf-8")
    edit(layout, "w: 80mm", "w: 170mm")
    result = pnp(root, "export", "k", "--sheets", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO((tmp_path / "out/k/sheets/score-grille.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["'=HYPERLINK(\"http://x\")", "'@SUM(A1)", "'+1+1", "'-1+1", "-3", ""]


def test_visible_writes_control_characters_and_bidi_overrides_as_escapes():
    from pnp.core.errors import visible

    assert visible("plain, and a line\n\tindented") == "plain, and a line\n\tindented"
    assert visible("Jeu\x1b]0;owned\x07 \u00e9t\u00e9\u00a0! \r\x9b2J \u202egnp.exe") == \
        "Jeu\\x1b]0;owned\\x07 \u00e9t\u00e9\u00a0! \\x0d\\x9b2J \\u202egnp.exe"


def test_what_a_kit_writes_never_drives_the_terminal_that_shows_it(project, tmp_path):
    """A title, a file name and a problem's words reach the terminal with their control characters
    written as escapes: list, check, build and new print the kit's `\\e]0;…\\a` (a window title) and
    `\\e[2J` (clear the screen) as text."""
    root = project()
    kit = tiny_kit(root, "    t: {type: text, x: 0, y: 0, w: 20mm, h: 8mm, text: '{a}'}\n")
    edit(kit / "game.yaml", "title: Tiny", 'title: "Tiny\\e]0;owned\\a\\e[2J"')
    (root / "layouts" / "bad\x1b[2J.yaml").write_text("oops: [\n", encoding="utf-8")
    for args in (["list"], ["check", "decks/k"], ["build", "decks/k", "--out", str(tmp_path / "out")]):
        result = pnp(root, *args)
        assert "\x1b" not in result.output and "\x07" not in result.output, (args, result.output)
    assert "Tiny\\x1b]0;owned\\x07\\x1b[2J" in pnp(root, "list").output
    assert "layouts/bad\\x1b[2J.yaml:2:1: YAML: syntax error" in pnp(root, "check", "decks/k").output
    (kit / "art" / "x\x1b[2J.txt").write_text("art\n", encoding="utf-8")
    result = pnp(root, "new", "copie", "--from", "k")
    assert "wrote decks/copie/art/x\\x1b[2J.txt" in result.output.splitlines() and "\x1b" not in result.output


def test_json_carries_what_a_terminal_would_obey_as_escapes_of_the_same_value(project, tmp_path):
    """JSON may carry DEL, the C1 range and bidirectional overrides as they are; `--json` writes them
    as \\u escapes, so the document is the same value and a terminal shows it without obeying it."""
    from pnp.core.errors import visible_json

    root = project()
    kit = tiny_kit(root, "    t: {type: text, x: 0, y: 0, w: 20mm, h: 8mm, text: '{a}'}\n")
    edit(kit / "game.yaml", "title: Tiny", 'title: "Tiny\\x9b2J \\u202egnp\\x7f"')
    (root / "layouts" / "bad\u202e\x9b.yaml").write_text("oops: [\n", encoding="utf-8")
    raw = ("\x9b", "\u202e", "\x7f")
    documents = []
    for args in (["list", "--json"], ["check", "decks/k", "--json"],
                 ["build", "decks/k", "--out", str(tmp_path / "out"), "--json"]):
        result = pnp(root, *args)
        assert not any(c in result.stdout for c in raw), (args, result.stdout)
        documents.append(json.loads(result.stdout))
    assert documents[0]["kits"][0]["title"] == "Tiny\x9b2J \u202egnp\x7f"
    for document in documents[1:]:  # (a problem of no kit: the document's own `errors`)
        assert not document["ok"] and [e["file"] for e in document["errors"]] == ["layouts/bad\u202e\x9b.yaml"]
    assert visible_json('"\\u00e9t\u00e9 \x85\u2066"') == '"\\u00e9t\u00e9 \\u0085\\u2066"'
