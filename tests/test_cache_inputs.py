"""The build cache fingerprints a kit by every file its run read, wherever it lies in the project."""
from __future__ import annotations

import json
import shutil
from dataclasses import fields, replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.cache import BuildCache
from pnp.core.options import Options

from conftest import edit


def _run(root: Path, out: Path, *extra: str):
    return CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(out), "--json", *extra])


def _fresh(root: Path, out: Path) -> dict[str, bool]:
    result = _run(root, out)
    assert result.exit_code == 0, result.output
    return {k["kit"]: k["up_to_date"] for k in json.loads(result.stdout)["kits"]}


def _shared_score(root: Path) -> Path:
    """Similis with its score sheet moved out of the kit folder, to `shared/score.yaml`."""
    shared = root / "shared" / "score.yaml"
    shared.parent.mkdir()
    (root / "decks/similis/score.yaml").rename(shared)
    edit(root / "decks/similis/game.yaml", "  - score.yaml", "  - ../../shared/score.yaml")
    return shared


def test_a_broken_component_outside_the_kit_folder_is_rebuilt_and_reported(project, tmp_path):
    root = project("similis")
    shared = _shared_score(root)
    out = tmp_path / "out"
    assert _fresh(root, out) == {"similis": False}
    assert _fresh(root, out) == {"similis": True}
    edit(shared, "layout: similis-score", "layout: similis-scor")
    result = _run(root, out)
    assert result.exit_code == 1
    assert "shared/score.yaml:4:9: sheet.layout: unknown layout (got 'similis-scor'; did you mean 'similis-score'?)" in result.stderr
    assert "up to date" not in result.stdout


def test_a_picture_outside_the_kit_folder_is_an_input(project, tmp_path):
    root = project("similis")
    shutil.copytree(root / "decks/similis/art", root / "shared/art")
    edit(root / "layouts/similis.yaml", 'src: "art/fond-{fond}.svg"', 'src: "../../shared/art/fond-{fond}.svg"')
    out = tmp_path / "out"
    assert _fresh(root, out) == {"similis": False}
    (root / "decks/similis/notes.txt").write_text("not an input of the kit")
    assert _fresh(root, out) == {"similis": True}
    svg = root / "shared/art/fond-sable.svg"
    svg.write_text(svg.read_text().replace("</svg>", "<!-- touched --></svg>"))
    assert _fresh(root, out) == {"similis": False}
    entry = next(iter(BuildCache(root, out, Options().cache_key()).entries.values()))
    assert {"shared/art/fond-pierre.svg", "shared/art/fond-sable.svg", "decks/similis/game.yaml",
            "decks/similis/cartes.yaml"} <= set(entry["inputs"])


def test_a_file_edited_while_the_build_runs_is_found_changed_next_time(project, tmp_path, monkeypatch):
    root = project("similis")
    out = tmp_path / "out"
    _fresh(root, out)
    aide = root / "decks/similis/aide.yaml"
    edit(aide, "Le plus jeune commence.", "La plus jeune commence.")

    import pnp.build

    real = pnp.build.build

    def build_then_edit(*args, **kwargs):
        reports = real(*args, **kwargs)
        edit(aide, "La plus jeune commence.", "Le plus âgé commence.")  # after the build read it
        return reports

    monkeypatch.setattr(pnp.build, "build", build_then_edit)
    assert _fresh(root, out) == {"similis": False}
    monkeypatch.setattr(pnp.build, "build", real)
    assert _fresh(root, out) == {"similis": False}
    assert _fresh(root, out) == {"similis": True}


def test_an_up_to_date_kit_keeps_its_warnings(project, tmp_path):
    root = project("dix-mille")
    edit(root / "decks/dix-mille/game.yaml", "    four_of_a_kind_exceptions:\n      1: 5000",
         "    four_of_a_kind_exceptions:\n      1: 900")
    out = tmp_path / "out"
    first, second = _run(root, out), _run(root, out)
    assert first.exit_code == second.exit_code == 0
    assert [k["up_to_date"] for k in json.loads(second.stdout)["kits"]] == [True]
    assert second.stderr == first.stderr and second.stderr.startswith("warning: decks/dix-mille/game.yaml:")
    warnings = [k["warnings"] for k in json.loads(first.stdout)["kits"]]
    assert warnings == [k["warnings"] for k in json.loads(second.stdout)["kits"]] and warnings[0]


def test_a_build_with_no_kit_says_so_and_fails(project, tmp_path):
    root = project()
    result = _run(root, tmp_path / "out")
    assert result.exit_code == 1
    assert "no kit found under decks/" in result.stderr


def test_every_option_but_the_output_folder_and_strictness_is_part_of_the_cache_key():
    base = Options()
    changed = {"paper": "letter", "backs": "fold", "orientation": "landscape", "back_offset": (0.5, 0.0),
               "image_dpi": None, "printer_margin": 3.0, "color": "cmyk", "pdfx": True, "ink_limit": 300.0,
               "ink": "saver"}
    # (`code` is False only for `pnp check --no-code`, which builds nothing)
    assert {f.name for f in fields(Options)} == set(changed) | {"out", "strict", "code"}
    for name, value in changed.items():
        assert replace(base, **{name: value}).cache_key() != base.cache_key(), name
    assert replace(base, out=Path("elsewhere")).cache_key() == base.cache_key()
    assert replace(base, strict=True).cache_key() == base.cache_key()  # it changes no byte of the PDFs


def test_the_pipeline_refuses_a_paper_or_backs_it_does_not_know(project):
    from pnp.build import check

    root = project("similis")
    for bad in (Options(paper="a5"), Options(backs="both")):
        with pytest.raises(ValueError, match="a caller's mistake"):
            check(root, [], bad)
