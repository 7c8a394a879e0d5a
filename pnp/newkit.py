"""New kits: a starter kit that checks and builds at once, or a renamed copy of a kit.

Contract: `new_kit(root, name, source=None, language="fr")` answers `(files written, problems)`.
Without `source` it writes `decks/<name>/` (game.yaml, with a declarative check; a deck with a back,
generated and listed cards; score.yaml: a score sheet whose Total row adds up in the exports) and
`layouts/<name>.yaml` (the layouts and their base), from the commented templates of the language
in `pnp/starter/<language>/` (`LANGUAGES`: `fr` — cartes.yaml, layouts `<name>-recto`, `-verso`,
`-score` — and `en` — cards.yaml, `<name>-front`, `-back`, `-score`), printed texts in that language;
with `source` (a kit as `pnp build` finds it) it copies that kit's folder to `decks/<name>/`, links
kept as links, a named pipe, socket or device left out with a warning. A kit of another project
(`source_project`: the one its folder belongs to) is copied without its links: a link to a file of
that project is copied as the file it leads to, and one that leads out of it, nowhere, or to a
folder is left out, with a warning each (pnp reads nothing outside the kit's project, as
`sources.files.inside` judges it, and a folder's links could loop; a kit in a folder that is no
project has its links followed inside its own folder only; a kit folder that is itself a link out of
its project is a problem, a `fonts/` or `icons/` that is one is not brought, with a warning). It
brings from there what it needs and this project lacks: the layouts files defining the layouts it
uses and those they extend (a layout this project has by that name stays this project's), and that
project's `fonts/` and `icons/` where this one has no such folder; a layouts file so named already
here, or one that would define a layout twice, is a problem, and a layout this project writes
otherwise than the kit's project a warning (the copy is made); a kit that does not load in its own
project is copied alone, with a warning (which layouts it uses cannot be told). `name` follows
pnp.model.names's rule (lowercase letters, digits and dashes), since it names the output folder.
Nothing is written when a problem is found: a bad name, `decks/` or `layouts/` a symbolic link out
of the project, an unknown source kit, `decks/<name>` or `layouts/<name>.yaml` already there, or a
layout name the new layouts file would take from another.
The kit is made in a hidden temporary folder beside its place and renamed into it, so it appears
whole or not at all; a write that fails (a full disk) removes what was written and the `decks/` and
`layouts/` folders made, and is a problem ("cannot make the kit: No space left on device").
A starter in a project that lacks pnp's shared material (a folder of the designer's, not pnp's
checkout) gets it too, from the copies pnp ships (`pnp/shipped/`: in a checkout, links to its own
`fonts/`, `icons/` and `layouts/base.yaml`; in an installed pnp, those files): `fonts/` (the fonts,
their licences, fonts.yaml) when the project has no `fonts/fonts.yaml`, `icons/` (with their
credits) when it has no `icons/`, `layouts/base.yaml` when no layout is named `poker-card` (the
starters' base). Each folder is placed whole as the kit is; a `fonts/` without fonts.yaml, a
`layouts/base.yaml` without `poker-card`, a layout that base.yaml would define twice, or a pnp whose
copies are not there (a checkout made without symbolic links holds their paths instead) is a
problem, and nothing is written. The written folders come after the kit's files in the list.
"""
from __future__ import annotations

import os
import re
import shutil
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any, Callable

import yaml

from .core.discover import find_project, is_project, locate_kit
from .core.errors import Problem, Ref, Severity
from .core.fileio import new_folders, place_folder, undo_writes, write_atomic
from .model.names import MAX_NAME, is_name, slug
from .sources.files import InputError, inside

if TYPE_CHECKING:  # pragma: no cover
    from .model.layouts import LayoutLibrary
    from .model.load import Project

KIT_FILES = {"fr": ("game.yaml", "cartes.yaml", "score.yaml"), "en": ("game.yaml", "cards.yaml", "score.yaml")}
LAYOUTS = {"fr": ("base", "recto", "verso", "score"), "en": ("base", "front", "back", "score")}
LANGUAGES = tuple(KIT_FILES)
BASE_LAYOUT = "poker-card"  # what the starters' `<name>-base` extends (layouts/base.yaml)


def new_kit(root: Path, name: str, source: str | None = None, language: str = "fr") -> tuple[list[Path], list[Problem]]:
    try:
        return _new(root, name, source, language)
    except OSError as exc:  # (a full disk, a folder one may not write: what was written is removed)
        return [], [Problem(f"cannot make the kit: {_reason(exc)}; nothing was written", "pnp new",
                            Ref(f"decks/{name}"))]


def _reason(exc: OSError) -> str:
    """What the system said, once: a copy's `shutil.Error` holds one such text per file not copied."""
    if isinstance(exc, shutil.Error) and exc.args and isinstance(exc.args[0], list) and exc.args[0]:
        said = str(exc.args[0][0][-1])
        found = re.match(r"\[Errno \d+\] ([^:]+)", said)
        return found.group(1) if found else said
    return exc.strerror or str(exc)


def _new(root: Path, name: str, source: str | None, language: str) -> tuple[list[Path], list[Problem]]:
    if language not in LANGUAGES:
        raise ValueError(f"no starter in {language!r} (a caller's mistake)")
    root = Path(root).resolve()
    problems = _check(root, name, source, language)
    lacking, in_the_way = _lacking(root) if source is None and not problems else ([], [])
    if problems or in_the_way:
        return [], problems + in_the_way
    origin = locate_kit(root, source) if source is not None else None  # (found: _check said so)
    if origin is None:
        return _starter(root, name, language, lacking), []
    home = _home(root, origin)
    if home is not None and _outside(home, origin):
        return [], [Problem(f"leaves its project ({home.as_posix()}) through a symbolic link (to {origin.resolve()}): "
                            "pnp new copies only what is inside the kit's project", "pnp new", Ref(origin.as_posix()))]
    brought, problems = _brought(root, home, origin) if home is not None else ([], [])
    if any(p.severity == "error" for p in problems):
        return [], problems
    left_out: list[Problem] = []  # (links followed inside the kit's project; inside its own folder when that
    # is no project: a kit on its own in ~/Downloads reaches none of its neighbours)
    bound = None if home is None else home if is_project(home) else origin.resolve()
    return _copied(root / "decks" / name, origin, brought, _copier(bound, left_out)), problems + left_out


def source_project(root: Path, source: str) -> Path | None:
    """The project of the kit `source` when it is another than `root`'s, else None."""
    origin = locate_kit(Path(root).resolve(), source)
    return _home(Path(root).resolve(), origin) if origin is not None else None


def _home(root: Path, origin: Path) -> Path | None:
    home = find_project(origin.parent).resolve()
    return home if home != root else None


def _copied(target: Path, origin: Path, brought: list[tuple[Path, Path]],
            copy: Callable[[Any, Path], object]) -> list[Path]:
    """Copy the kit's folder, then what it brings from its project, each folder by `copy(source,
    temp)` (`_copier`); what was written (the kit's files, then those). A failure midway removes all
    of it, and the folders it made."""
    written: list[Path] = []
    made = new_folders(target.parent, *(path.parent for _, path in brought))
    try:
        place_folder(target, lambda temp: copy(origin, temp))
        for source, path in brought:
            written.append(_bring(source, path, copy))
    except BaseException:
        undo_writes(written + [target] if target.exists() else written, made)
        raise
    return sorted(p for p in target.rglob("*") if p.is_file()) + written


def _brought(root: Path, home: Path, origin: Path) -> tuple[list[tuple[Path, Path]], list[Problem]]:
    """What a kit of the project `home` needs from it that `root` lacks, as (source, target) pairs:
    the layouts files defining the layouts it uses (and those they extend) that `root` has none of,
    and `home`'s fonts/ and icons/ where `root` has no such folder; with the problems of the layouts
    files that cannot be brought whole (a file so named already there, a layout defined twice), and
    a warning for each layout it uses that `root` defines otherwise (the copy prints with `root`'s)."""
    from .model.load import Project

    there, here = Project.open(home), Project.open(root)
    kit, found = there.load_kit(origin)  # (its own problems are the copy's, not pnp new's)
    if kit is None:  # (copied as it is: which layouts it needs cannot be told)
        return [], [_unread(origin, home, [p for p in found if p.severity == "error"])]
    needed = there.library.needed(kit.layouts)
    missing = [n for n in needed if n not in here.library]
    pairs: list[tuple[Path, Path]] = []
    problems: list[Problem] = []
    for file in sorted({there.library.file_of(n) for n in missing}):
        refused = _in_the_way(here, file, home / file, [n for n in there.library.defined_in(file) if n in here.library])
        problems += refused
        pairs += [] if refused else [(home / file, root / file)]
    if not problems:  # (a copy refused: nothing to warn about)
        problems = [_differs(here, name, home / there.library.file_of(name)) for name in needed
                    if name in here.library and here.library.written(name) != there.library.written(name)]
    for folder, mark in (("fonts", "fonts/fonts.yaml"), ("icons", "icons")):
        if (home / mark).exists() and not (root / folder).exists() and not (root / folder).is_symlink():
            if _outside(home, home / folder):
                problems.append(_left_out(home / folder, f"a symbolic link to {os.readlink(home / folder)}, and "
                                                         f"{folder}/ leaves the project folder"))
            else:
                pairs.append((home / folder, root / folder))
    return pairs, problems


def _in_the_way(here: "Project", file: str, source: Path, taken: list[str]) -> list[Problem]:
    """Why the layouts file `source` (`file` in its project) cannot join `here`'s layouts whole: the
    layouts `taken` (defined here too, each located where), or a file of its name."""
    problems = [_at_layout(here, name, f"defines layout {name!r}, which {source.as_posix()} defines too (the copied "
                                       "kit's layouts come from that file): rename one of them") for name in taken]
    if (here.root / file).exists() or (here.root / file).is_symlink():
        problems.append(Problem(f"already exists, and the copied kit's layouts come from {source.as_posix()}, a file "
                                "so named: pnp new never overwrites; copy the layouts it needs into a file of another "
                                "name", "pnp new", Ref(file)))
    return problems


def _unread(origin: Path, home: Path, errors: list[Problem]) -> Problem:
    """The warning of a copy whose kit does not load in its own project (nothing of that project comes)."""
    return Problem(f"does not load in its project ({len(errors)} error{'s' * (len(errors) != 1)}: `pnp check` it "
                   f"in {home.as_posix()}), so the layouts it uses cannot be told: the kit is copied as it is, "
                   "and nothing of its project with it", "pnp new", Ref(f"{origin.as_posix()}/game.yaml"),
                   severity="warning")


def _differs(here: "Project", name: str, source: Path) -> Problem:
    """The warning of a layout the copied kit uses that this project defines otherwise."""
    return _at_layout(here, name, f"layout {name!r} is this project's, and {source.as_posix()} writes it otherwise: "
                                  "the copied kit prints with this one", "warning")


def _at_layout(here: "Project", name: str, what: str, severity: Severity = "error") -> Problem:
    """A problem of pnp new located at the key of this project's layout `name`."""
    ref = Ref(here.library.file_of(name), (name,))
    return Problem(what, "pnp new", ref, severity=severity).located(here.locators.locate(ref, key=True))


def _bring(source: Traversable, target: Path, folder: Callable[[Any, Path], object]) -> Path:
    """Copy a file (written atomically), or a folder placed whole by `folder(source, temp)` (a kit's
    project's folder: `_copier`; pnp's own: `_copy`)."""
    if source.is_dir():
        place_folder(target, lambda temp: folder(source, temp))
    else:
        write_atomic(target, source.read_bytes())
    return target


def _copier(bound: Path | None, left_out: list[Problem]) -> Callable[[Any, Path], object]:
    """A folder copy for a kit's files: with `bound` None (a kit of this project) links kept as links;
    else (another project's files) the file a link leads to copied in its place when
    `files.inside(bound, link)` takes it (a regular file inside `bound`, as a build would read it),
    and any other link not. A named pipe, socket or device is never copied (copying would block or
    fail). `left_out` gets a warning for each entry not copied; `__pycache__` is skipped silently."""
    def ignored(folder: str, names: list[str]) -> set[str]:
        skipped = {"__pycache__"} & set(names)
        for name in sorted(names):  # (the warnings in the same order on every file system)
            entry = Path(folder) / name
            why = _refused(bound, entry)
            if why is not None:
                skipped.add(name)
                left_out.append(_left_out(entry, why))
        return skipped
    return lambda source, temp: shutil.copytree(source, temp, symlinks=bound is None, ignore=ignored)


def _refused(bound: Path | None, entry: Path) -> str | None:
    """Why `_copier` leaves `entry` out, or None to copy it."""
    if not entry.is_symlink():
        return None if entry.is_dir() or entry.is_file() else "not a regular file nor a folder"
    try:
        if bound is not None:  # (None: links kept as links)
            inside(bound, entry)
    except InputError as refused:
        return f"a symbolic link to {os.readlink(entry)}, and {refused}"
    return None


def _left_out(entry: Path, why: str) -> Problem:
    return Problem(f"not copied: {why} (pnp new copies only files inside the kit's project)", "pnp new",
                   Ref(entry.as_posix()), severity="warning")


def _outside(home: Path, path: Path) -> bool:
    """Whether `path` resolves out of the folder `home` (a real path)."""
    real = path.resolve()
    return real != home and home not in real.parents


def _starter(root: Path, name: str, language: str, lacking: list[str]) -> list[Path]:
    """Write the starter kit, its layouts file and the material the project lacks; what was written
    (the kit's files, its layouts file, then the material). A failure midway removes all of it, and
    the `decks/` and `layouts/` folders it made."""
    values = {"kit": name, "title": name.replace("-", " ").capitalize()}
    target, layouts = root / "decks" / name, root / "layouts" / f"{name}.yaml"
    written: list[Path] = []
    made = new_folders(target.parent, layouts.parent)
    try:
        for part in lacking:  # (each appended once whole: a failure removes only what was written)
            written.append(_write_material(root, part))
        write_atomic(layouts, _template(language, "layouts.yaml", values))
        written.insert(0, layouts)
        place_folder(target, lambda temp: _write_starter(temp, values, language))
    except BaseException:
        undo_writes(written, made)
        raise
    return [target / f for f in KIT_FILES[language]] + written


def _check(root: Path, name: str, source: str | None, language: str = "fr") -> list[Problem]:
    where = "pnp new"
    if not is_name(name):
        return [Problem(f"a kit name is lowercase letters, digits and dashes (at most {MAX_NAME}), like 'my-game': "
                        "it names the kit's folder and its output folder", "kit name", got=name,
                        suggestion=slug(name))]
    problems = _links_out(root)
    if problems:
        return problems
    if (root / "decks" / name).exists() or (root / "decks" / name).is_symlink():
        problems.append(Problem("already exists, and pnp new never overwrites: choose another name", where,
                                Ref(f"decks/{name}")))
    if source is not None:
        if locate_kit(root, source) is None:
            from .model.load import Project

            problems.append(Project.open(root).no_kit(source))
        return problems
    if (root / "layouts" / f"{name}.yaml").exists():
        problems.append(Problem("already exists, and pnp new never overwrites: choose another name", where,
                                Ref(f"layouts/{name}.yaml")))
    return problems or _taken_layouts(root, name, language)


def _links_out(root: Path) -> list[Problem]:
    """`decks/` and `layouts/` lead nowhere out of the project: a shared project carrying one as a
    symbolic link to a folder of the user's would have pnp new write there."""
    problems = []
    for folder in (root / "decks", root / "layouts"):
        if folder.is_symlink() and _outside(root, folder):
            problems.append(Problem(f"leaves the project folder through a symbolic link (to {os.readlink(folder)}): "
                                    "pnp new writes only inside the project", "pnp new", Ref(folder.name)))
    return problems


def _taken_layouts(root: Path, name: str, language: str) -> list[Problem]:
    """Layout names are the project's: the new ones may not be taken already."""
    from .model.load import Project

    library = Project.open(root).library
    taken = [f"{name}-{part}" for part in LAYOUTS[language]
             if library.get(f"{name}-{part}", Ref("pnp new"))[0] is not None]
    return [Problem(f"the project already has a layout named {layout!r}; choose another kit name", "pnp new",
                    Ref("layouts")) for layout in taken]


def _lacking(root: Path) -> tuple[list[str], list[Problem]]:
    """The parts of pnp's shared material the project lacks (`fonts`, `icons`, `layouts/base.yaml`),
    and the problems of those it cannot be given whole."""
    from .model.load import Project

    library = Project.open(root).library
    lacking: list[str] = []
    problems: list[Problem] = []
    if not (root / "fonts" / "fonts.yaml").exists():
        if (root / "fonts").exists() or (root / "fonts").is_symlink():
            problems.append(Problem("holds no fonts.yaml, and pnp new writes pnp's fonts only into a project without a "
                                    "fonts/ folder: list the starter's font, Noto Sans, in fonts/fonts.yaml "
                                    "(docs/FORMAT.md)", "pnp new", Ref("fonts")))
        else:
            lacking.append("fonts")
    if not (root / "icons").exists() and not (root / "icons").is_symlink():
        lacking.append("icons")
    if BASE_LAYOUT not in library:
        problems += _base_in_the_way(root, library)
        lacking += [] if problems else ["layouts/base.yaml"]
    return lacking, problems + [Problem(f"this pnp has no {part} of its own to write (pnp/shipped/{part} is missing, or "
                                        "is the text of a link: a checkout made without symbolic links); reinstall it "
                                        "from a checkout with them (git's core.symlinks)", "pnp new", Ref(part))
                                for part in lacking if not _whole(part)]


def _whole(part: str) -> bool:
    """Whether this pnp's copy of `part` is as it should be: a folder, or a layouts file with the starters' base."""
    source = _shipped().joinpath(*part.split("/"))
    if part != "layouts/base.yaml":
        return source.is_dir()
    layouts = yaml.safe_load(source.read_text(encoding="utf-8")) if source.is_file() else None
    return isinstance(layouts, dict) and BASE_LAYOUT in layouts


def _base_in_the_way(root: Path, library: "LayoutLibrary") -> list[Problem]:
    """Why pnp's layouts/base.yaml cannot join the project: the file is there (without the starters'
    base), or a layout it defines is defined already."""
    if (root / "layouts" / "base.yaml").exists() or (root / "layouts" / "base.yaml").is_symlink():
        return [Problem(f"defines no layout {BASE_LAYOUT!r}, which the starter's layouts extend, and pnp new never "
                        "overwrites: add it (pnp's own layouts/base.yaml has it)", "pnp new", Ref("layouts/base.yaml"))]
    source = _shipped() / "layouts" / "base.yaml"
    names = yaml.safe_load(source.read_text(encoding="utf-8")) if source.is_file() else None
    taken = [name for name in names if name in library] if isinstance(names, dict) else []  # (not: _whole says)
    return [Problem(f"the project already has a layout named {name!r}, which pnp's layouts/base.yaml would define "
                    f"again: add a layout {BASE_LAYOUT!r} (size poker) yourself", "pnp new", Ref("layouts"))
            for name in taken]


def _shipped() -> Traversable:
    return resources.files(__package__) / "shipped"


def _write_material(root: Path, part: str) -> Path:
    """Write one part of pnp's shared material into the project (a folder placed whole); its path."""
    return _bring(_shipped().joinpath(*part.split("/")), root / part, _copy)


def _copy(source: Traversable, target: Path) -> None:
    target.mkdir()
    for entry in sorted(source.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            _copy(entry, target / entry.name)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())


def _template(language: str, file: str, values: dict[str, str]) -> bytes:
    text = (resources.files(__package__) / "starter" / language / file).read_text(encoding="utf-8")
    return Template(text).substitute(values).encode("utf-8")


def _write_starter(folder: Path, values: dict[str, str], language: str) -> None:
    folder.mkdir()
    for file in KIT_FILES[language]:
        (folder / file).write_bytes(_template(language, file, values))
