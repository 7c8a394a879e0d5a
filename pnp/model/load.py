"""Loading a project and its kits from disk into the kit model.

Contract: `Project.open(root)` reads the layout library once; `project.kit_dirs()` lists the kit
folders (`decks/<name>/game.yaml`) and `find_kit(name)` finds one, or `no_kit(name)` says why not;
`project.load_kit(path)` returns `(Kit or None, problems)` with every problem of the kit's files at
once: YAML strictness, schema errors, unknown layouts, paths that leave the project or name missing
files, a deck's data file (CSV, XLSX) read into its cards, decks beyond `MAX_DECK_CARDS` cards;
and a warning for each YAML file of the kit folder that `components` does not list. `safe_path`
resolves a path a kit names (a component, a picture) through `pnp.sources.files.confine`, the one
resolver of the project's files, which reads nothing. Nothing here draws or writes.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from ..core.collector import held_off
from ..core.discover import GAME_FILE, all_kits, kit_candidates, locate_kit, relative_posix
from ..core.errors import Problem, Ref, key_path, suggest
from ..sources import LocatorRegistry, load_yaml
from ..sources.files import InputError, confine, inside, read_input
from ..sources.keptyaml import KeptYaml
from ..sources.parsecache import ParseCache
from .cards import build_cards
from .datafile import read_deck_data
from .entries import MAX_ENTRIES
from .kitfiles import unlisted_yaml
from .kit import Deck, DeckFile, GameFile, Kit, Page, PageSpec, Sheet, SheetFile
from .layouts import LayoutLibrary
from .validate import validate
from .units import MM


MAX_DECK_CARDS = 20_000  # copies included: a deck of more is a typo (`copies: 1000000`), not a game


def safe_path(project: Path, base: Path, relative: str) -> tuple[Path | None, str | None]:
    """`relative` resolved from `base`, refused when it leaves the project or is no file."""
    try:
        return confine(project, base, relative), None
    except InputError as exc:
        return None, str(exc)


@dataclass
class Project:
    """An opened project: its root, the files' locators, its layout library, its problems and its parse
    cache."""

    root: Path
    locators: LocatorRegistry
    library: LayoutLibrary
    problems: list[Problem] = field(default_factory=list)
    parse_cache: ParseCache | None = None
    kept_cards: dict | None = None  # a resident session's cards by the rows they were built from (cards.py)
    kept_yaml: KeptYaml | None = None  # a resident session's files as last parsed (sources.keptyaml)

    @classmethod
    def open(cls, root: Path) -> "Project":
        root = root.resolve()
        locators = LocatorRegistry()
        cache = ParseCache.of(root)
        library = LayoutLibrary.load(root, locators, cache)
        return cls(root, locators, library, list(library.problems), cache)

    def display(self, path: Path) -> str:
        """`path` from the project root (as it resolves, else as written), else as it is."""
        for shown in (path.resolve(), Path(os.path.normpath(path.absolute()))):
            relative = relative_posix(shown, self.root)
            if relative is not None:
                return relative
        return path.as_posix()

    def kit_dirs(self) -> list[Path]:
        return all_kits(self.root)

    def find_kit(self, name: str) -> tuple[Path | None, Problem | None]:
        """A kit given as a folder path or as a name under decks/."""
        found = locate_kit(self.root, name)
        return (found, None) if found is not None else (None, self.no_kit(name))

    def no_kit(self, name: str) -> Problem:
        """Why `name` is no kit: the folders looked in, and the closest kit name under decks/."""
        known = [p.name for p in self.kit_dirs()]
        tried = ", ".join(_shown(path) for path in kit_candidates(self.root, name))
        return Problem(f"no kit {name!r}: no {GAME_FILE} in {tried}", "kit", Ref(name),
                       suggestion=suggest(Path(name).name, known))

    def load_kit(self, kit_dir: Path) -> tuple[Kit | None, list[Problem]]:
        with held_off():  # (its cards and their refs live as long as the run: core.collector)
            return _KitLoader(self, kit_dir).load()


class _KitLoader:
    def __init__(self, project: Project, kit_dir: Path):
        self.project = project
        self.kit_dir = kit_dir
        self.problems: list[Problem] = []

    def load(self) -> tuple[Kit | None, list[Problem]]:
        try:
            game_path = inside(self.project.root, self.kit_dir / GAME_FILE)
        except InputError as exc:
            return None, [Problem(str(exc), "kit", Ref(f"{self.project.display(self.kit_dir)}/{GAME_FILE}"))]
        data, display = self._read(game_path)
        game, found = validate(GameFile, data, Ref(display), "game") if data is not None else (None, [])
        self.problems += found
        if game is None:
            return None, self.problems
        kit = Kit(self.kit_dir.name, self.kit_dir, game, Ref(display))
        for i, name in enumerate(game.components):
            self._component(kit, name, Ref(display, ("components", i)))
        self.problems += unlisted_yaml(self.kit_dir, game.components, self.project.display)
        self._layouts(kit)
        return kit, self.problems

    def _read(self, path: Path) -> tuple[object, str]:
        display = self.project.display(path)
        data, locator, problems = load_yaml(path, display, self.project.parse_cache, self.project.kept_yaml)
        self.project.locators.add(locator)
        self.problems += problems
        return data, display

    def _component(self, kit: Kit, name: str, ref: Ref) -> None:
        path, error = safe_path(self.project.root, self.kit_dir, name)
        if path is None:
            self.problems.append(Problem(error or f"no file {name!r}", "game.components", ref))
            return
        data, display = self._read(path)
        if data is None:
            return
        document = data if isinstance(data, dict) else {}
        kind = document.get("kind")
        if kind == "deck":
            self._deck(kit, document, Ref(display))
        elif kind == "sheet":
            self._sheet(kit, document, Ref(display))
        elif kind == "tuckbox":
            self._tuckbox(kit, document, Ref(display))
        elif kind == "rulebook":
            self._rulebook(kit, document, Ref(display), self.kit_dir)
        else:
            self.problems.append(Problem("a component file starts with `kind: deck`, `kind: sheet`, "
                                         "`kind: tuckbox` or `kind: rulebook`", "component", Ref(display, ("kind",)),
                                         got=kind, suggestion=suggest(kind, ["deck", "sheet", "tuckbox", "rulebook"])))

    def _deck(self, kit: Kit, data: dict, ref: Ref) -> None:
        spec, found = validate(DeckFile, data, ref, "deck")
        self.problems += found
        if spec is None:
            return
        table, found = read_deck_data(spec.data, ref.child("data"), self.kit_dir, self.project.display,
                                      self.project.locators, MAX_ENTRIES) if spec.data else (None, [])
        cards, more = build_cards(spec, ref, table, self.project.kept_cards)
        self.problems += found + more
        total = sum(card.copies for card in cards)
        if total > MAX_DECK_CARDS:
            self.problems.append(Problem(f"the deck holds {total} cards, copies included; at most {MAX_DECK_CARDS}",
                                         f"deck {spec.name!r}", ref.child("name")))
            return
        self._unique_name(kit, spec.name, ref)
        kit.decks.append(Deck(spec.name, spec.title or spec.name, spec, tuple(cards), ref))

    def _sheet(self, kit: Kit, data: dict, ref: Ref) -> None:
        spec, found = validate(SheetFile, data, ref, "sheet")
        self.problems += found
        if spec is None:
            return
        pages: list[PageSpec | None] = [*spec.pages] if spec.pages else [None]
        made = tuple(Page(i, {**spec.fields, **(p.fields if p else {})}, p.copies if p else spec.copies)
                     for i, p in enumerate(pages))
        self._unique_name(kit, spec.name, ref)
        kit.sheets.append(Sheet(spec.name, spec.title or spec.name, spec, made, ref))

    def _tuckbox(self, kit: Kit, data: dict, ref: Ref) -> None:
        from .tuckbox import TuckBox, TuckBoxFile  # only kits with a tuck box need its model

        spec, found = validate(TuckBoxFile, data, ref, "tuckbox")
        self.problems += found
        if spec is not None:
            self._unique_name(kit, spec.name, ref)
            kit.tuckboxes.append(TuckBox(spec.name, spec.title or spec.name, spec, ref))

    def _rulebook(self, kit: Kit, data: dict, ref: Ref, folder: Path) -> None:
        from .rulebook import MAX_TEXT_BYTES, RulebookFile, RulebookStyle, read_rulebook  # only kits with one

        spec, found = validate(RulebookFile, data, ref, "rulebook")
        self.problems += found
        if spec is None:
            return
        style: RulebookStyle | None = RulebookStyle()
        if spec.style is not None:
            style, found = self.project.library.get(spec.style, ref.child("style"), "rulebook.style", RulebookStyle)
            self.problems += found
        text = self._text(spec.source, folder, ref.child("source"), MAX_TEXT_BYTES)
        if text is None or style is None:
            return
        from ..sources import parse_yaml

        from ..sources.locator import LineLocator

        path, _ = safe_path(self.project.root, folder, spec.source)
        display = self.project.display(path or folder)
        self.project.locators.add(LineLocator(display))
        book, found = read_rulebook(spec, ref, text, display, style, parse_yaml)
        self.problems += found
        self._unique_name(kit, spec.name, ref)
        kit.rulebooks.append(book)

    def _text(self, name: str, folder: Path, ref: Ref, limit: int) -> str | None:
        """A UTF-8 text file the component names, read through the project's one door (noted as an
        input of the build), or None and its problem at `ref`."""
        path, error = safe_path(self.project.root, folder, name)
        try:
            data = read_input(path, limit) if path is not None else None
        except InputError as exc:
            error = str(exc)
            data = None
        if data is None:
            self.problems.append(Problem(error or f"no file {name!r}", "rulebook.source", ref))
            return None
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            self.problems.append(Problem(f"{name} is not UTF-8 text (byte {exc.start})", "rulebook.source", ref))
            return None

    def _unique_name(self, kit: Kit, name: str, ref: Ref) -> None:
        if kit.deck(name) or kit.sheet(name) or any(box.name == name for box in kit.tuckboxes) or \
                any(book.name == name for book in kit.rulebooks):
            self.problems.append(Problem(f"two components are named {name!r}", "component", ref.child("name")))

    def _layouts(self, kit: Kit) -> None:
        """Each layout the kit uses, resolved once; a broken one reported once per mistake (a typo in
        an `extends` shared by many layouts and cards), naming the components that use it when they
        are several."""
        broken: dict[str, list[Problem]] = {}
        users: dict[Problem, list[str]] = {}
        for name, ref, kind, user in _layout_uses(kit):
            if name not in kit.layouts and name not in broken:
                layout, found = self.project.library.get(name, ref, key_path("deck" if kind == "card" else "sheet", ref.path))
                if layout is None:
                    broken[name] = found
                else:
                    kit.layouts[name] = layout
                    self.problems += found
            for problem in broken.get(name, ()):
                listed = users.setdefault(problem, [])
                listed += [user] if user not in listed else []
            if name in kit.layouts and kit.layouts[name].kind != kind:
                self.problems.append(Problem(f"layout {name!r} is a {kit.layouts[name].kind} layout; "
                                             f"this needs a {kind} layout", "layout", ref))
        self.problems += [replace(p, where=f"{p.where} (used by {', '.join(who)})") if len(who) > 1 else p
                          for p, who in users.items()]
        self.problems += _impositions(kit)


def _shown(path: Path) -> str:
    """`path` from the current folder when it lies under it (`decks/x/`), else absolute."""
    try:
        return path.relative_to(Path.cwd()).as_posix() + "/"
    except ValueError:
        return path.as_posix() + "/"


def _layout_uses(kit: Kit) -> Iterator[tuple[str, Ref, str, str]]:
    """(layout name, where it is named, kind it must be, the component that uses it) for every
    layout the kit uses, once per component (and per card that names its own)."""
    seen: set[tuple[str, str]] = set()
    for deck in kit.decks:
        told: set[tuple[str, str | None]] = set()  # (layout, back) of the cards naming neither themselves, told
        for card in deck.cards:
            if "layout" not in card.field_refs and "back" not in card.field_refs:
                pair = (card.layout, card.back)
                if pair in told:  # (the common case: a deck's thousands of cards, of one or two layouts)
                    continue
                told.add(pair)
            for key, name in (("layout", card.layout), ("back", card.back)):
                own = key in card.field_refs
                if name and (own or (name, deck.name) not in seen):
                    seen.add((name, deck.name))
                    yield name, card.ref.child(key) if own else deck.ref.child(key), "card", f"deck {deck.name!r}"
        if deck.spec.imposition.sheet:
            yield deck.spec.imposition.sheet, deck.ref.child("imposition", "sheet"), "template", f"deck {deck.name!r}"
    for sheet in kit.sheets:
        yield sheet.spec.layout, sheet.ref.child("layout"), "page", f"sheet {sheet.name!r}"


def _impositions(kit: Kit) -> list[Problem]:
    """A deck imposed `after` another: a deck of the kit, itself imposed on its own, of the same card size."""
    problems: list[Problem] = []
    for deck in kit.decks:
        host_name = deck.spec.imposition.after
        if host_name is None:
            continue
        ref, where = deck.ref.child("imposition", "after"), f"deck {deck.name!r}"
        host = kit.deck(host_name)
        if host is None or host is deck:
            others = [d.name for d in kit.decks if d is not deck]
            why = "a deck is not imposed after itself" if host is deck else f"the kit has no deck {host_name!r}"
            problems.append(Problem(why, where, ref, suggestion=suggest(host_name, others)))
        elif host.spec.imposition.after is not None:
            problems.append(Problem(f"deck {host_name!r} is itself imposed after deck "
                                    f"{host.spec.imposition.after!r}: name that one", where, ref))
        elif deck.cards and host.cards and (mine := _size(kit, deck)) != (theirs := _size(kit, host)) \
                and mine is not None and theirs is not None:
            problems.append(Problem(f"its cards are {mine[0]:g} × {mine[1]:g} mm, deck {host_name!r}'s "
                                    f"{theirs[0]:g} × {theirs[1]:g} mm: cards share sheets with cards of their size",
                                    where, ref))
    return problems


def _size(kit: Kit, deck: Deck) -> tuple[float, float] | None:
    layout = kit.layouts.get(deck.cards[0].layout)
    if layout is None:
        return None
    w, h = layout.card_size()
    return round(w / MM, 1), round(h / MM, 1)
