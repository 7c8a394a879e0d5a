"""`pnp trust`: let a kit's rules model (code) run, once its files have been read.

Contract: `pnp trust KIT...` shows each kit's model files (path, lines, SHA-256) and records their
digest in the user's trust file (pnp.rules.trust: the user's config folder, never the project);
`pnp trust --shipped` does so for the kits of the project (or the KITs named) whose model is byte
for byte one that pnp ships, and names those whose model differs (exit 1: read them, then trust
them by name). A kit without a model has nothing to trust. Problems loading a kit are printed,
exit 1. Nothing is run: the files are read and hashed.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import click

from .common import kit_project, say


@click.command()
@click.argument("kits", nargs=-1)
@click.option("--shipped", is_flag=True, help="Trust the kits whose rules model is exactly one that pnp ships "
              "(every kit under decks/, or the KITS named).")
@click.pass_obj
def trust(project: Path, kits: tuple[str, ...], shipped: bool) -> None:
    """Trust the rules model (Python code) of KITS, after you have read it: pnp then runs it when it
    checks, builds and play-tests the kit. Trust is by content: an edit makes it untrusted again.

    \b
    Examples:
      pnp trust decks/my-game
      pnp trust --shipped
    """
    if not kits and not shipped:
        raise click.UsageError("name the kits to trust (pnp trust decks/my-game), or --shipped")
    project = kit_project(project, kits)
    from ..model.load import Project

    opened = Project.open(project)
    dirs, failed = _kit_dirs(opened, kits)
    for kit_dir in dirs:
        failed |= not _trust_one(opened, kit_dir, shipped)
    if failed:
        raise SystemExit(1)


def _kit_dirs(opened: "object", kits: tuple[str, ...]) -> tuple[list[Path], bool]:
    """The kit folders named (every kit of the project when none is), and whether one was not found."""
    from ..model.load import Project

    assert isinstance(opened, Project)
    if not kits:
        return list(opened.kit_dirs()), False
    found, failed = [], False
    for name in kits:
        kit_dir, problem = opened.find_kit(name)
        if kit_dir is None:
            say(opened.locators.resolve(problem).render() if problem else f"no kit {name!r}", err=True)
            failed = True
        else:
            found.append(kit_dir)
    return found, failed


def _trust_one(opened: "object", kit_dir: Path, shipped: bool) -> bool:
    from ..model.load import Project
    from ..rules import trust as store
    from ..rules.modelsource import model_files

    assert isinstance(opened, Project)
    shown = opened.display(kit_dir)
    kit, problems = opened.load_kit(kit_dir)
    if kit is None:
        for problem in problems:
            say(opened.locators.resolve(problem).render(), err=True)
        return False
    found = model_files(kit)
    if found is None:
        say(f"{shown}: no rules model to trust" if kit.game.rules is None else
                   f"{shown}: its rules model cannot be read (run `pnp check {shown}`)", err=kit.game.rules is not None)
        return kit.game.rules is None
    root, entry, files = found
    if shipped and store.shipped().get(kit_dir.name) != store.digest(root, files):
        say(f"{shown}: its rules model is not the one pnp ships: read it, then run `pnp trust {shown}`",
                   err=True)
        return False
    for path, text in sorted(files.items()):
        lines = text.count(b"\n") + (not text.endswith(b"\n") and bool(text))
        say(f"  {(Path(shown) / path.relative_to(root)).as_posix()}  {lines} lines  "
                   f"sha256 {hashlib.sha256(text).hexdigest()[:16]}")
    where = f"{store.config_root().as_posix()}/{store.FILE}"
    try:
        changed = store.trust(root, entry, files)
    except OSError as exc:  # (a full disk, a config folder one may not write)
        say(f"{where}: pnp trust: cannot write it: {exc.strerror or exc}; {shown} is not trusted", err=True)
        return False
    say(f"{'trusted' if changed else 'already trusted'} {shown}: its rules model may run ({where})")
    return True
