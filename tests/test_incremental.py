"""Incremental builds: nothing changed draws nothing; a change to one kit rebuilds that kit alone."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnp.build import build, check
from pnp.cli import main
from pnp.core.options import Options
from pnp.sources.parsecache import ParseCache

from conftest import edit, line_of


def _build(root, out, *extra):
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(out), "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _stamps(out):
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in out.rglob("*.pdf")}


def test_a_rebuild_with_nothing_changed_draws_nothing(project, tmp_path, monkeypatch):
    root = project("similis", "similis-reglisse")
    out = tmp_path / "out"
    first = _build(root, out)
    assert not any(k["up_to_date"] for k in first["kits"])
    stamps = _stamps(out)

    import pnp.build

    def no_drawing(*args, **kwargs):
        raise AssertionError("the pipeline ran although nothing changed")

    monkeypatch.setattr(pnp.build, "build", no_drawing)
    second = _build(root, out)
    assert all(k["up_to_date"] for k in second["kits"])
    assert [f["path"] for k in second["kits"] for f in k["files"]] == [f["path"] for k in first["kits"]
                                                                       for f in k["files"]]
    assert _stamps(out) == stamps


def test_a_change_to_one_kit_rebuilds_that_kit_alone(project, tmp_path):
    root = project("similis", "similis-reglisse")
    out = tmp_path / "out"
    _build(root, out)
    stamps = _stamps(out)
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    again = _build(root, out)
    fresh = {k["kit"]: k["up_to_date"] for k in again["kits"]}
    assert fresh == {"similis": False, "similis-reglisse": True}
    now = _stamps(out)
    assert all(now[p] == stamps[p] for p in stamps if p.startswith("similis-reglisse/"))
    assert now["similis/aide-a4.pdf"] != stamps["similis/aide-a4.pdf"]


def test_other_options_and_force_rebuild(project, tmp_path):
    root = project("similis-reglisse")
    out = tmp_path / "out"
    _build(root, out)
    assert not _build(root, out, "--paper", "letter")["kits"][0]["up_to_date"]
    assert _build(root, out)["kits"][0]["up_to_date"]
    assert not _build(root, out, "--force")["kits"][0]["up_to_date"]


def test_a_deleted_or_altered_pdf_is_rebuilt(project, tmp_path):
    root = project("similis-reglisse")
    out = tmp_path / "out"
    _build(root, out)
    (out / "similis-reglisse" / "aide-a4.pdf").write_bytes(b"%PDF-1.4 broken")
    assert not _build(root, out)["kits"][0]["up_to_date"]
    assert (out / "similis-reglisse" / "aide-a4.pdf").read_bytes().startswith(b"%PDF-1.4\n")


def test_a_file_parsed_from_the_cache_still_reports_exact_positions(project):
    root = project("similis")
    cards = root / "decks/similis/cartes.yaml"
    padding = "".join(f"# {'-' * 70} {i}\n" for i in range(500))  # the rows 500 lines further down
    text = cards.read_text(encoding="utf-8").replace("rows:\n", "rows:\n" + padding)
    text += "  - [3, scarabée, vert, sable]  # again\n"
    cards.write_text(text, encoding="utf-8")
    first = [p.render() for r in build(root, ["similis"], Options(out=root.parent / "out")) for p in r.problems]
    cache = ParseCache.of(root)
    assert cache.get(cache.key(text)) is not None, "the cards file was not cached"  # (by the build, not check)
    second = [p.render() for r in check(root, ["similis"]) for p in r.problems]
    assert first == second
    line = line_of(cards, "# again")
    assert any(p.startswith(f"decks/similis/cartes.yaml:{line}:5: deck 'cartes', card '91': duplicate card")
               for p in second), second
