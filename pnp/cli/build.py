"""`pnp build`, `pnp check` and `pnp list`: the commands that check kits and write their PDFs.

Contract: `build` reads its options into `pnp.core.options.Options` and calls
`pnp.incremental.build_changed` (kits whose inputs did not change are reported up to date);
`check` calls `pnp.build.check` and writes nothing; `--strict` makes warnings errors in both; `list`
prints each kit with its components and rules model, writing nothing either (no kit at all is an
error, exit 1, as for the others). All report through
`common.finish`.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import counted
from .common import INK_OPTION, PAPER_OPTION, PRINTER_MARGIN_OPTION, Progress, build_options, finish, kit_project, \
    pdf_options, say, say_json

if TYPE_CHECKING:  # pragma: no cover
    from ..model.load import Project

STRICT_HELP = "Count warnings (a condition that never holds, text below the minimum size...) as errors."


@click.command()
@click.argument("kits", nargs=-1)
@pdf_options
@click.option("--json", "as_json", is_flag=True, help="Print a JSON manifest of what was written.")
@click.option("--force", is_flag=True, help="Rebuild kits even when nothing they depend on changed.")
@click.option("--strict", is_flag=True, help=STRICT_HELP)
@click.pass_obj
def build(project: Path, kits: tuple[str, ...], as_json: bool, force: bool, strict: bool, **shape: Any) -> None:
    """Check KITS (default: every kit under decks/) and write their PDFs.

    A kit whose files (wherever they lie in the project), layouts, fonts and icons did not change
    since its last build with the same options is not rebuilt (its PDFs are reported as up to
    date); --force rebuilds it.

    \b
    Examples:
      pnp build
      pnp build decks/my-game decks/my-other-game --paper letter
      pnp build my-game --backs none --json
    """
    project = kit_project(project, kits)
    from ..incremental import build_changed

    with Progress() as progress:
        reports = build_changed(project, list(kits), build_options(project, **shape, strict=strict), force, progress)
    finish(reports, as_json, wrote=True)


@click.command()
@click.argument("kits", nargs=-1)
@PAPER_OPTION
@PRINTER_MARGIN_OPTION
@INK_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--strict", is_flag=True, help=STRICT_HELP)
@click.option("--no-code", "no_code", is_flag=True,
              help="Do not load or run the kits' rules models (code): check everything else, values the "
                   "models compute left as written.")
@click.pass_obj
def check(project: Path, kits: tuple[str, ...], paper: str, printer_margin: float, ink: str, as_json: bool,
          strict: bool, no_code: bool) -> None:
    """Check KITS against their rules and layouts, laid out on --paper (and as an ink-saving
    print with --ink saver: its legibility judged); write nothing.

    A kit's rules model is code: it runs only once trusted (`pnp trust KIT`); --no-code checks
    an untrusted kit without running it.

    \b
    Examples:
      pnp check
      pnp check decks/my-game --paper letter --json
      pnp check ~/Downloads/their-game --no-code
    """
    project = kit_project(project, kits)
    from ..build import check as run_check
    from ..core.options import Options

    options = Options(paper=paper.lower(), strict=strict, printer_margin=printer_margin, ink=ink.lower(),
                      code=not no_code)
    finish(run_check(project, list(kits), options), as_json, wrote=False)


@click.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print the kits and their components as JSON.")
@click.pass_obj
def list_kits(project: Path, as_json: bool) -> None:
    """List the kits under decks/ with their components (decks, sheets, tuck boxes, rulebooks) and rules models
    (named, never run)."""
    from ..core.discover import NO_KITS
    from ..core.fileio import read_only
    from ..model.load import Project

    with read_only():
        opened = Project.open(project)
        if not opened.kit_dirs():  # as `pnp build` and `pnp check` say it, and exit 1
            say(f"pnp: kits: {NO_KITS}", err=True)
            sys.exit(1)
        kits = _listed(opened)
    if as_json:
        say_json({"kits": kits})
        return
    for kit in kits:
        if not kit["readable"]:
            say(f"{kit['path']}  (unreadable: run `pnp check`)")
            continue
        parts = [_part(c) for c in kit["components"]]
        say(f"{kit['path']}  {kit['title']}  [{kit['rules']}]: {', '.join(parts)}")


def _part(component: dict[str, Any]) -> str:
    if component["kind"] == "deck":
        return f"{component['name']} ({counted(component['cards'], 'card')})"
    if component["kind"] == "tuckbox":
        return f"{component['name']} (tuck box for {component['deck']})"
    if component["kind"] == "rulebook":
        return f"{component['name']} (rulebook)"
    return str(component["name"])


def _listed(opened: Project) -> list[dict[str, Any]]:
    """Each kit under decks/: its name, title, path, rules model and components, in the kit's order
    (decks, sheets, tuck boxes, rulebooks); a kit that does not load is listed as unreadable."""
    out: list[dict[str, Any]] = []
    for kit_dir in opened.kit_dirs():
        kit, _ = opened.load_kit(kit_dir)
        if kit is None:
            out.append({"name": kit_dir.name, "path": opened.display(kit_dir), "readable": False})
            continue
        components = [{"kind": "deck", "name": d.name, "title": d.title, "cards": d.total()} for d in kit.decks]
        components += [{"kind": "sheet", "name": s.name, "title": s.title, "pages": sum(p.copies for p in s.pages)}
                       for s in kit.sheets]
        components += [{"kind": "tuckbox", "name": b.name, "title": b.title, "deck": b.spec.deck} for b in kit.tuckboxes]
        components += [{"kind": "rulebook", "name": r.name, "title": r.title} for r in kit.rulebooks]
        out.append({"name": kit.name, "path": opened.display(kit_dir), "readable": True, "title": kit.game.title,
                    "rules": kit.game.rules.model if kit.game.rules else "generic checks",
                    "components": components})
    return out
