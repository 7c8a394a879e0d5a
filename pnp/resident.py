"""A resident build: what a long-lived process (`pnp watch`) keeps between the builds of a project,
so that the next build draws only the components whose inputs changed.

Contract: `Resident(root)` keeps the build session open — the layout library, the fonts and the
icons, loaded once — and opens it again only when a file of `layouts/`, `fonts/` or `icons/`
changed (by size, time or presence): a new generation, and the component memory starts afresh.
`build(names, options, force, progress)` runs the incremental build `pnp build` runs
(`pnp.incremental.build_changed`) with that session, whose `ComponentMemo` draws again only the
components whose inputs changed (`force`: all of them); the PDFs are byte for byte the ones `pnp
build` writes. `pages(path)` answers, for each page of a PDF this process drew (None when it drew
none of it), its version and its frame (`OutputBatch.page_frames`: what its size comes from),
`last` what the last committed build rebuilt or kept, by PDF path. The
garbage collector is held off during a build; `collect()` collects once the caller has its result
out (the watcher: once the preview is told), after `settle()`: the build cache's state, recorded
during the build, is written out then too (`build_changed`'s `later` job), and the next build
settles first what no `collect()` did.

A `ComponentMemo` sits on the build `Session` and implements the run's memo protocol
(`pnp.pipeline.memo.Memo`): `recall(inputs, part)` answers a component's remembered outcome when its
fingerprint is unchanged — the session generation, the build options, the kit's game file (less its
rules, notes and component list), the rules model's tables when the component's layouts show them,
what the component's pages show of its own model (`part.shown()`: its spec with its cards or pages)
— and so is the content of every file its last drawing read (pictures, SVG art) and its PDF on disk:
it notes those files as read (for the build cache) and stages the outcome. Otherwise it answers None,
the run draws the component and hands its outcome back through `keep(inputs, part, outcome)` once
the problems' wording is settled, which stages it. After the run, `commit(batch)` keeps what the
committed batch wrote, with a version per page (`OutputBatch.page_digests` mixed with the digests of
the files the component read) beside its frame; `discard()` forgets the staged components (a failed run: the PDFs on
disk are the last good ones). The session's `Kept` (faces and finished pages, below the
component: `pnp.pipeline.memo.Kept`) is forgotten with the components, and whenever a file a
component's drawing read changed.
"""
from __future__ import annotations

import gc
import hashlib
import os
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .cache import SHARED_TREES, known_hash
from .core.errors import Problem
from .core.fileio import note_read
from .core.options import Options
from .core.report import FileReport, KitReport
from .incremental import build_changed
from .pipeline.memo import Kept, KitInputs, Outcome, Part

if TYPE_CHECKING:  # pragma: no cover
    from .output import OutputBatch
    from .pipeline.session import Session

Key = tuple[str, str]  # (kit folder, component name)
_NOT_DRAWN = ("rules", "notes", "components")  # game.yaml keys no page shows (rules: through its tables)
FULL_EVERY = 50  # builds between two collections of everything (what a frozen object left behind)


@dataclass
class _Entry:
    fingerprint: str
    reads: dict[str, str | None]  # file the drawing read -> its content digest
    file: FileReport | None  # None: the component wrote nothing (a deck without cards)
    problems: list[Problem] = field(default_factory=list)
    drawn: bool = True  # drawn by the run that staged it (False: recalled)
    output: str | None = None  # the digest of the PDF written, once committed
    pages: list[tuple[str, tuple]] = field(default_factory=list)  # (version, frame) per page


class ComponentMemo:
    def __init__(self) -> None:
        self.generation = 0
        self.last: dict[str, str] = {}
        self._kept: dict[Key, _Entry] = {}
        self._staged: dict[Key, _Entry] = {}
        self._missed: dict[Key, str] = {}  # components to draw: their fingerprints
        self._rules_readers: dict[tuple[int, str], bool] = {}
        self._written = _Written()
        self._versions: dict[tuple[str, str], str] = {}  # (resources, page digest) -> version, last build's
        self._versions_now: dict[tuple[str, str], str] = {}
        self.kept: Kept | None = None  # the session's faces and pages (forgotten with the components)

    def reset(self, generation: int) -> None:
        self.generation = generation
        self._kept.clear()
        self._rules_readers.clear()
        if self.kept is not None:
            self.kept.clear()

    def recall(self, inputs: KitInputs, part: Part) -> Outcome | None:
        key = (str(inputs.kit_dir), part.name)
        fingerprint = self._fingerprint(inputs, part)
        entry = self._kept.get(key)
        if entry is not None and self.kept is not None and not self._intact(entry, output=False):
            self.kept.clear()  # a file its drawing read changed (a picture): no face or page of it holds
        if entry is None or entry.fingerprint != fingerprint or not self._intact(entry):
            self._missed[key] = fingerprint
            return None
        for path, sha in entry.reads.items():
            if sha is not None:
                note_read(Path(path), sha)
        self._staged[key] = _Entry(entry.fingerprint, entry.reads, entry.file, entry.problems, False,
                                   entry.output, entry.pages)
        return Outcome(list(entry.problems), [entry.file] if entry.file else [])

    def keep(self, inputs: KitInputs, part: Part, outcome: Outcome) -> None:
        """Stage a component the run drew, with its problems as the run finally reports them."""
        key = (str(inputs.kit_dir), part.name)
        reads = {str(path): self._digest(path) for path in sorted(outcome.reads)}
        self._staged[key] = _Entry(self._missed.pop(key), reads, outcome.files[0] if outcome.files else None,
                                   list(outcome.problems))

    def commit(self, batch: "OutputBatch") -> None:
        shown = {Path(path).as_posix(): list(zip(pages, batch.page_frames[path]))
                 for path, pages in batch.page_digests.items()}
        self.last = {}
        for key, entry in self._staged.items():
            if entry.drawn and entry.file is not None:
                entry.output = self._digest(Path(entry.file.path))
                resources = _hash(self.generation, *sorted(entry.reads.items()))
                entry.pages = [(self._version(resources, page), frame)
                               for page, frame in shown.get(entry.file.path, ())]
            if entry.file is not None:
                self.last[entry.file.path] = "rebuilt" if entry.drawn else "kept"
        for path in shown:  # what no memo remembers (a rulebook) is drawn, and written, every time
            self.last.setdefault(path, "rebuilt")
        for kit in {key[0] for key in self._staged}:  # components gone from a kit are forgotten
            for key in [k for k in self._kept if k[0] == kit and k not in self._staged]:
                del self._kept[key]
        self._kept.update(self._staged)
        self._staged.clear()
        self._written.turn()
        self._versions, self._versions_now = self._versions_now, {}

    def _version(self, resources: str, page: str) -> str:
        """A page's version: the digest of its resources' and its content's (made once while the page
        is in the last committed build or this one)."""
        key = (resources, page)
        version = self._versions_now.get(key) or self._versions.get(key) or _hash(resources, page)
        self._versions_now[key] = version
        return version

    def discard(self) -> None:
        self._staged.clear()
        self._missed.clear()

    def pages(self, path: str) -> list[tuple[str, tuple]] | None:
        for entry in self._kept.values():
            if entry.file is not None and entry.file.path == path and entry.output:
                return entry.pages or None
        return None

    def _fingerprint(self, inputs: KitInputs, part: Part) -> str:
        shown = part.shown()
        game = {k: v for k, v in inputs.kit.game.model_dump().items() if k not in _NOT_DRAWN}
        text, names = self._written.write(shown.model)  # (a field's text may name rules values and rulebook sections too)
        reads = names or any(self._reads_rules(inputs, name) for name in shown.layouts)
        tables = (inputs.printed.tables, inputs.printed.values) if reads else None
        return _hash(self.generation, inputs.options.cache_key(), inputs.options.out, game, tables, _Text(text))

    def _reads_rules(self, inputs: KitInputs, layout: str) -> bool:
        """Whether a layout shows what the rules model prints (`data: rules.NAME`, `{rules.…}`)."""
        from .layout.face import template_fields

        key = (self.generation, layout)
        if key not in self._rules_readers:
            layouts = inputs.kit.layouts
            elements = layouts[layout].elements.values() if layout in layouts else ()
            self._rules_readers[key] = any(f.split(".")[0] == "rules" for e in elements for f in template_fields(e))
        return self._rules_readers[key]

    def _intact(self, entry: _Entry, output: bool = True) -> bool:
        """The files the component read and (`output`) the PDF it wrote are as they were."""
        if any(self._digest(Path(path)) != digest for path, digest in entry.reads.items()):
            return False
        return not output or entry.file is None or self._digest(Path(entry.file.path)) == entry.output

    def _digest(self, path: Path) -> str | None:
        """A file's content digest, hashed again only when its size, times or inode changed (None: gone)."""
        try:
            return known_hash(path)
        except OSError:
            return None


class _Written:
    """A part's model written out for its fingerprint: as `repr` writes it, but each text inside its
    tuples and lists by its digest, made once a text object (a resident session's unchanged card
    hands out the same `shown` text: `Card.shown`), and any other value by its `repr`, its length
    first (so two models write the same only when they are equal). `write` answers that and whether a
    text names rules values or rulebook sections (`{rules.`, `{rulebook.`). Texts are remembered
    from the last committed build to the next (`turn`)."""

    def __init__(self) -> None:
        self._last: dict[int, tuple[str, str, bool]] = {}  # id(text) -> (text, digest, names)
        self._now: dict[int, tuple[str, str, bool]] = {}

    def write(self, model: object) -> tuple[str, bool]:
        out: list[str] = []
        names = self._walk(model, out)
        return "".join(out), names

    def turn(self) -> None:
        self._last, self._now = self._now, {}

    def _walk(self, value: object, out: list[str]) -> bool:
        kind = type(value)
        if kind is tuple or kind is list:
            out.append("(" if kind is tuple else "[")
            names = False
            for item in value:  # type: ignore[attr-defined]
                names = (self._text(item, out) if type(item) is str else self._walk(item, out)) or names
                out.append(",")  # (a text inline: a deck's cards are a list of thousands of texts)
            out.append(")" if kind is tuple else "]")
            return names
        if kind is str:
            return self._text(value, out)  # type: ignore[arg-type]
        text = repr(value)
        out.append(f"r{len(text)}:{text}")
        return _names(text)

    def _text(self, value: str, out: list[str]) -> bool:
        known = self._now.get(id(value)) or self._last.get(id(value))
        if known is None or known[0] is not value:
            digest = hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
            known = (value, digest, _names(value))
        self._now[id(value)] = known
        out.append("s" + known[1])
        return known[2]


def _names(text: str) -> bool:
    return "{rules." in text or "{rulebook." in text


class _Text(str):
    """A part's text as already written out (`repr` made once): hashed as it is."""


def _hash(*parts: object) -> str:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update((part if isinstance(part, _Text) else repr(part)).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


class Resident:
    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self.memo = ComponentMemo()
        self._session: Session | None = None
        self._stamp: tuple = ()
        self._collected = 0
        self._later: list[Callable[[], None]] = []  # the build cache's state to write, until settled

    def session(self) -> "Session":
        """The open session, opened again when the layouts, fonts or icons changed."""
        stamp = _stamp(self.root)
        if self._session is None or stamp != self._stamp:
            from .build import open_project

            from .draw.kept import KeptPages

            self._session = open_project(self.root)
            self._session.memo = self.memo
            self._session.kept = self.memo.kept = Kept(KeptPages())
            self._session.project.kept_cards = self.memo.kept.cards
            self._session.project.kept_yaml = self.memo.kept.yaml
            self.memo.reset(self.memo.generation + 1)
            self._stamp = stamp
        assert self.memo.kept is not None
        self.memo.kept.stamp = stamp  # (the build cache's digest of them is kept by it: cache.BuildCache)
        return self._session

    def build(self, names: list[str], options: Options, force: bool = False,
              progress: Callable[[int], None] | None = None) -> list[KitReport]:
        self.settle()
        session = self.session()
        if force:  # every component drawn again, as `pnp build --force` draws every kit
            self.memo.reset(self.memo.generation)
        self.memo.last = {}
        collecting = gc.isenabled()
        gc.disable()  # (what the process keeps is many objects: a collection mid-build took up to 20 ms)
        try:
            return build_changed(self.root, names, options, force, progress, session, self._later.append)
        except BaseException:  # a fault of pnp's (or an interrupt): nothing staged is kept
            self.memo.discard()
            raise
        finally:
            if collecting:
                gc.enable()

    def collect(self) -> None:
        """Collect the garbage of the builds: what the caller does once a build's result is out (the
        collector is held off while it builds). What survives is frozen out of the collector's way
        (what the process keeps lives long: collecting it all took ~20 ms), so the next collection
        looks at what was made since; every `FULL_EVERY` builds, at everything."""
        self.settle()
        self._collected += 1
        if self._collected % FULL_EVERY == 0:
            gc.unfreeze()
        gc.collect()
        gc.freeze()

    def settle(self) -> None:
        """Run what the last build left for once its result is out: the build cache's state written."""
        jobs, self._later = self._later, []
        for job in jobs:
            job()

    def pages(self, path: str) -> list[tuple[str, tuple]] | None:
        return self.memo.pages(path)

    @property
    def last(self) -> dict[str, str]:
        return self.memo.last


def _stamp(root: Path) -> tuple:
    """The layouts, fonts and icons by name, size, times and inode: `stamp_files(shared_files(root))`
    (tests/test_resident.py holds it to that), walked as path strings (no `Path` made and sorted: a
    third of the time, on every build)."""
    found: list[tuple] = []
    for folder, pattern in SHARED_TREES:
        for path in sorted(_files(os.path.join(root, folder), pattern), key=_parts):
            try:
                stat = os.stat(path)
            except OSError:
                continue
            found.append((path, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino))
    return tuple(found)


def _files(top: str, pattern: str) -> list[str]:
    """The files below `top` whose name matches `pattern`, as `cache._tree` finds them (links to
    folders not followed, `__pycache__` left out)."""
    if not os.path.isdir(top) or "__pycache__" in top.split(os.sep):
        return []
    found, folders = [], [top]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.is_file() and fnmatchcase(entry.name, pattern):
                    found.append(entry.path)
    return found


def _parts(path: str) -> list[str]:
    return path.split(os.sep)  # (the order `Path`s sort in: part by part)
