"""A build session: the project opened once (layout library, fonts, icons), and the kits a run takes.

Contract: `open_project(root)` opens the project (`model.load.Project`), its font book and its icon
library, with the problems found opening them; a resident process (`pnp.resident`) keeps one
`Session` open across builds and sets its `memo` (components remembered). `kit_dirs(session,
names)` finds the kits of a run (every kit under `decks/` with no names; the exports share it), one
per folder name. `recorded_run(session, run)` calls `run()` and gives its report, as `inputs`, the
files it read with the digests of the bytes read (`fileio.reads_recorded`), which the build cache
fingerprints.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..core.discover import NO_KITS, find_kits
from ..core.errors import Problem
from ..core.fileio import reads_recorded
from ..core.report import KitReport
from ..layout.assets import IconLibrary
from ..layout.fonts import FontBook
from ..model.fonts import read_fonts
from ..model.load import Project
from .memo import Kept, Memo


@dataclass
class Session:
    """What the kits of one run share: the project, the fonts, the icons, and a resident's memo and kept
    faces."""

    project: Project
    fonts: FontBook
    icons: IconLibrary
    problems: list[Problem] = field(default_factory=list)
    memo: Memo | None = None  # set by a resident process (pnp.resident): components remembered
    kept: Kept | None = None  # set by a resident process too: faces and pages remembered


def open_project(root: Path) -> Session:
    project = Project.open(root)
    fonts = FontBook(read_fonts(project.root, project.parse_cache))
    if fonts.locator is not None:
        project.locators.add(fonts.locator)
    return Session(project, fonts, IconLibrary(project.root), project.problems + fonts.problems)


def kit_dirs(session: Session, names: list[str]) -> tuple[list[Path], list[Problem]]:
    dirs, unknown = find_kits(session.project.root, names)
    problems = [session.project.no_kit(name) for name in unknown]
    if not names and not dirs:
        problems.append(Problem(NO_KITS, "kits"))
    return _one_per_name(session, dirs, problems)


def _one_per_name(session: Session, dirs: list[Path], problems: list[Problem]) -> tuple[list[Path], list[Problem]]:
    """Kits write into `<out>/<folder name>/`: two kits of one name would overwrite each other."""
    kept: dict[str, Path] = {}
    for kit_dir in dirs:
        first = kept.setdefault(kit_dir.name, kit_dir)
        if first != kit_dir:
            shown = session.project.display
            problems.append(Problem(f"two kits are named {kit_dir.name!r} ({shown(first)} and {shown(kit_dir)}): "
                                    f"both would write {kit_dir.name}/ in the output folder; rename one", "kits"))
    return list(kept.values()), problems


def recorded_run(session: Session, run: Callable[[], KitReport]) -> KitReport:
    """`run()`'s report, with the files it read as its `inputs` (the build cache's fingerprint)."""
    with reads_recorded() as reads:
        report = run()
    report.inputs = {session.project.display(path): sha for path, sha in sorted(reads.items())}
    return report
