"""Laying out faces without a kit: a project of one layout file, its `FaceBuilder`, and what the
faces hold (texts, shapes, pictures), for the tests of pnp/layout."""
from __future__ import annotations

import shutil
from pathlib import Path

from pnp.core.errors import Ref
from pnp.layout.assets import IconLibrary
from pnp.layout.face import BuildEnv, FaceBuilder
from pnp.layout.fonts import FontBook
from pnp.model.fonts import read_fonts
from pnp.layout.items import Picture, Shape, TextItem
from pnp.model.layouts import LayoutLibrary
from pnp.model.units import paper_points
from pnp.sources import LocatorRegistry

ROOT = Path(__file__).resolve().parents[1]
CARD = Ref("decks/k/cards.yaml", ("cards", 0))


class Faces:
    """The layouts of `text` (a layouts/l.yaml) in a project at `root`, ready to lay out."""

    def __init__(self, root: Path, text: str, tables: dict | None = None, rules: dict | None = None):
        (root / "layouts").mkdir(parents=True, exist_ok=True)
        (root / "layouts" / "l.yaml").write_text(text, encoding="utf-8")
        for part in ("fonts", "icons"):
            if not (root / part).exists():
                shutil.copytree(ROOT / part, root / part)
        (root / "decks" / "k").mkdir(parents=True, exist_ok=True)
        self.root, self.locators = root, LocatorRegistry()
        self.library = LayoutLibrary.load(root, self.locators)
        self.env = BuildEnv(root, root / "decks" / "k", FontBook(read_fonts(root)), IconLibrary(root), False,
                            tables or {}, self.library.element_refs, rules=rules or {})
        self.builders: dict[str, FaceBuilder] = {}

    def builder(self, name: str) -> FaceBuilder:
        if name not in self.builders:
            layout, problems = self.library.get(name, Ref("x"))
            assert problems == [], problems
            self.builders[name] = FaceBuilder(self.env, layout, *_box(layout))
        return self.builders[name]

    def build(self, name: str, **values):
        """(face, problems) of one card of layout `name`."""
        return self.builder(name).build(values, "card 1", CARD)

    def located(self, problem) -> tuple[str, int | None]:
        loc = self.locators.resolve(problem).loc
        return loc.file, loc.line


def _box(layout) -> tuple[tuple[float, float], float]:
    """The size and bleed a layout's faces are laid out at: a card's, or a page's content box on
    A4 (or its own size), as a build lays them out."""
    if layout.kind != "page":
        return layout.card_size(), layout.bleed
    width, height = paper_points("a4")
    return layout.page_size() or (width - 2 * layout.margin, height - 2 * layout.margin), 0.0


def whats(problems) -> list[str]:
    return [p.what for p in problems]


def texts(face) -> list[str]:
    return ["".join(f.text for line in item.block.lines for f in line.frags)
            for item in face.items() if isinstance(item, TextItem)]


def shapes(face) -> list[Shape]:
    return [item for item in face.items() if isinstance(item, Shape)]


def pictures(face) -> list[Picture]:
    return [item for item in face.items() if isinstance(item, Picture)]


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)
