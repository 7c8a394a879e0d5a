"""One kit's run: load, rules, then lay out (and draw) each component page by page.

Contract: `KitRun(session, kit_dir, options, batch, progress).run()` returns a `KitReport`. With a
batch it draws into canvases from the batch; without (`pnp check`), it only lays out, and the rules
model's short play-outs run. Pages are laid out and drawn one at a time, so memory does not grow
with the deck (beyond ReportLab's compressed page streams). After the first error nothing more is
drawn, but every face is still laid out so that all problems of the kit are reported at once. A
component whose file another part of the run already writes (two kits with one folder name) is a
problem; so is a file that cannot be written (a read-only folder, a full disk: the OS's reason,
once) and an input that changed or broke since it was checked (`pnp.sources.files.InputError`,
`fileio.FileChanged`). Each component tells `progress.expect(pages)` (when the callback has it) how
many pages it will count, then calls `progress(pages)` as they are done, drawn or not. After a run
without errors, `kit` (the loaded kit) serves the exports (pnp.export), with `builder` (a layout's
face builder, one per layout and size), `card_values`, `page_values` and `CardWhere`; `plans` holds
the sheet plan of each deck laid out (the preview's map of its pages). A session with
a memo (`pnp.resident.ComponentMemo`) decides per component whether it is drawn again or recalled.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from .draw.forms import FormCache
from .deckpages import DeckPages
from .draw.paint import Painter
from .draw.sheets import SheetPainter
from .core.errors import Problem, Ref, counted, errors_only
from .core.fileio import FileChanged, cache_folder
from .gutters import deck_gutters
from .layout.face import BuildEnv, FaceBuilder
from .layout.imposition import SheetPlan, SheetSpec, plan_sheet
from .layout.inspect import FaceInspector
from .layout.lint import lint
from .layout.marks import Box
from .layout.notes import Note, NotePage, sheet_notes
from .messages import catalogue
from .model.kit import Card, Deck, Kit, Page, Sheet
from .model.units import MM, paper_points
from .core.options import Options
from .output import OutputBatch, OutputClash
from .core.report import FileReport, KitReport
from .rules import run_rules
from .rules.printed import Printed, unrun_problem
from .sources.files import InputError

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from .build import Session
    from .layout.items import Face
    from .tuckbox import HeldBox


class KitRun:
    def __init__(self, session: "Session", kit_dir: Path, options: Options, batch: OutputBatch | None,
                 progress: Callable[[int], None] | None):
        self.session, self.kit_dir, self.options = session, kit_dir, options
        self.batch, self.progress = batch, progress
        self.problems: list[Problem] = []
        self.files: list[FileReport] = []
        self._builders: dict[tuple, FaceBuilder] = {}
        self._repeats = Repeats()
        self._reported: set[int] = set()  # fields whose `{rules.…}` problems are reported
        self._bound_kept: dict[int, tuple[object, Mapping[str, object]]] = {}  # recent fields (kept), bound
        self.ahead: dict[tuple, Face] = {}  # faces laid out before their sheet (gutters.py)
        self.plans: dict[str, SheetPlan] = {}  # deck name -> its sheet plan (pnp.live.studio maps pages)

    def run(self) -> KitReport:
        kit, found = self.session.project.load_kit(self.kit_dir)
        self.problems += found
        if kit is not None and not errors_only(self.problems):  # rules judge a kit that loaded whole
            writable = (self.options.out / self.kit_dir.name,) if self.batch is not None else ()
            printed, found = run_rules(kit, playouts=self.batch is None, code=self.options.code,
                                       writable=writable)  # play-outs: `pnp check` only; trust: rules/trust.py
            self.problems += found
            if printed is not None:  # laid out even after a rules error: all problems at once
                try:
                    self._components(kit, printed)
                except (InputError, FileChanged) as exc:  # changed since checked: the run is void
                    self.problems.append(Problem(str(exc), f"kit {kit.name!r}"))
            if printed is not None and printed.unrun:  # `--no-code`: what only the model prints is unknown
                self.problems = [p for p in self.problems if not unrun_problem(p)]
            self.problems = self._repeats.annotate(self.problems)
            if self.session.memo is not None:
                self.session.memo.settle(self)
        located = [self.session.project.locators.resolve(p) for p in self.problems]
        title = kit.game.title if kit else ""
        return KitReport(self.kit_dir.name, title, self.session.project.display(self.kit_dir), self.files, located)

    def _components(self, kit: Kit, printed: Printed) -> None:
        library = self.session.project.library
        icons = self.session.icons.with_kit(kit.root)
        found, skip = lint(kit, self.session.fonts, icons, library.ref)
        self.problems += found
        self.messages, unknown = catalogue(kit.game.language, self.session.project.parse_cache)
        if unknown:
            self.problems.append(Problem(unknown, "game.language", kit.game_ref.child("language"), severity="warning"))
        self.env = BuildEnv(self.session.project.root, kit.root, self.session.fonts, icons,
                            kit.game.language == "fr", printed.tables,
                            library.element_refs, skip, kit.game.min_text_size, printed.values,
                            inspect=FaceInspector(library.element_refs), paper=self.options.paper)
        self.kit = kit
        if kit.rulebooks:  # `{rulebook.ANCHOR}`: a card prints a section of the rulebook (pnp.rulebook)
            from .rulebook import card_sections

            self.env.rules = {**self.env.rules, **card_sections(kit, self.env)}
        memo = self.session.memo  # a resident build's memory: draws only the components that changed
        components: list[Deck | Sheet | HeldBox] = [*kit.decks, *kit.sheets, *_held_boxes(kit)]
        for component in components:
            if memo is None:
                self._draw(component)
            else:
                memo.component(self, component, self._draw)
        for book in kit.rulebooks:  # drawn after the material its figures show; always (it reads every component)
            from .rulebook import RulebookSheets

            RulebookSheets(self, book).run()

    def _draw(self, component: Deck | Sheet | HeldBox) -> None:
        if isinstance(component, Deck):
            self._deck(component)
        elif isinstance(component, Sheet):
            self._sheet(component)
        else:  # a tuck box (pnp.tuckbox: imported for the kits that have one)
            from .tuckbox import TuckBoxSheet

            TuckBoxSheet(self, component.box).run()

    @property
    def failed(self) -> bool:
        return bool(errors_only(self.problems))

    def builder(self, layout_name: str, size: tuple[float, float] | None = None,
                bleed: float | None = None) -> FaceBuilder:
        layout = self.kit.layouts[layout_name]
        key = (layout_name, size)
        if key not in self._builders:
            self._builders[key] = FaceBuilder(self.env, layout, size or layout.card_size(),
                                              layout.bleed if bleed is None else bleed)
        return self._builders[key]

    def _face(self, card: Card, deck: Deck, layout_name: str) -> Face:
        """A card's face, its problems recorded (once: a face laid out ahead, for gutters, is kept)."""
        if self.ahead and (deck.name, layout_name, card.index) in self.ahead:
            return self.ahead.pop((deck.name, layout_name, card.index))
        bound = self._bound(card.fields, card.field_ref,
                            lambda: f"kit {self.kit.name!r}, deck {deck.name!r}, {card.label()}")
        builder = self.builder(layout_name)
        face = builder.fixed()  # a layout that reads no field (a shared back), laid out already
        if face is None:
            face, found = builder.build(card_values(self.kit, deck, card, bound),
                                        CardWhere(self.kit.name, deck.name, card.id), card.ref)
            if found:
                self.problems += self._repeats.first_of(found, (deck.name, layout_name))
        return face

    def _deck(self, deck: Deck) -> None:
        if not deck.cards:
            return
        front = self.kit.layouts[deck.cards[0].layout]
        has_backs = any(card.back for card in deck.cards)
        mode = self.options.backs if has_backs else "none"
        w, h = front.card_size()
        spec = SheetSpec(w, h, front.bleed, deck.spec.imposition.gap, paper_points(self.options.paper),
                         self.options.orientation, mode, _offset(self.options.back_offset), deck.spec.imposition.marks,
                         deck_gutters(self, deck, mode, front.bleed), self.printer_margin)
        plan = plan_sheet(spec)
        if isinstance(plan, str):
            self.problems.append(Problem(plan, f"deck {deck.name!r}", deck.ref.child("layout")))
            return
        self.plans[deck.name] = plan
        DeckPages(self, deck, plan).run()

    def _sheet(self, sheet: Sheet) -> None:
        layout = self.kit.layouts[sheet.spec.layout]
        size = layout.page_size()
        if size is not None:  # a page of its own size: one page or tiles (tiled.py)
            from .tiled import TiledSheet

            TiledSheet(self, sheet, layout, size).run()
            return
        width, height = paper_points(self.options.paper)
        if layout.orientation == "landscape":
            width, height = height, width
        margin = layout.margin
        if margin < self.printer_margin - 1e-6:
            self.problems.append(Problem(f"the page's margin ({margin / MM:g} mm) is narrower than the printer's "
                                         f"({self.printer_margin / MM:g} mm): the page would print clipped",
                                         f"sheet {sheet.name!r}", sheet.ref.child("layout")))
            return
        builder = self.builder(sheet.spec.layout, (width - 2 * margin, height - 2 * margin), 0.0)
        canvas, painter = self._sheets(sheet.name, (width, height))
        page = NotePage(width, height, (self.printer_margin,) * 2 + (width - self.printer_margin,
                                                                   height - self.printer_margin))
        notes = self.notes(page, (margin, margin, width - margin, height - margin), (),
                           f"{self.kit.game.title} · {sheet.title}")

        def draw(face: Face, page: Page) -> None:
            if painter is not None:
                painter.page(face, width, height, margin, notes)
        self._sheet_pages(sheet, builder, canvas, 1, draw)

    @property
    def printer_margin(self) -> float:
        return self.options.printer_margin * MM

    def notes(self, page: NotePage, content: Box, marks: Sequence[Box], label: str) -> tuple[Note, ...]:
        """The print note and `label` placed in the page's margins, in the kit's language."""
        return sheet_notes(page, content, marks, self.messages.text("print_note"), label,
                           self.session.fonts.default_face())

    def _sheet_pages(self, sheet: Sheet, builder: FaceBuilder, canvas: Canvas | None, per_copy: int,
                     draw: Callable[[Face, Page], None]) -> None:
        """Each page of a sheet laid out, and each copy drawn (`draw`, `per_copy` pages; nothing
        once the kit has an error) and counted; then the file saved."""
        self._expect(per_copy * sum(page.copies for page in sheet.pages))
        pages = 0
        for page in sheet.pages:
            face = self._page_face(builder, sheet, page)
            for _ in range(page.copies):
                if canvas is not None and not self.failed:
                    draw(face, page)
                pages += per_copy
                self._tick(per_copy)
        self._save(canvas, sheet.name, "sheet", pages)

    def _page_face(self, builder: FaceBuilder, sheet: Sheet, page: Page) -> Face:
        """One page of a sheet laid out, its problems recorded."""
        where = f"kit {self.kit.name!r}, sheet {sheet.name!r}, page {page.index + 1}"
        values = page_values(self.kit, page, self._bound(page.fields, partial(_page_field_ref, sheet, page.index),
                                                          lambda: where))
        face, found = builder.build(values, where, sheet.ref)
        self.problems += self._repeats.first_of(found, (sheet.name,))
        return face

    def _bound(self, fields: Mapping[str, object], ref_of: Callable[[str], Ref],
               where: Callable[[], str]) -> Mapping[str, object]:
        """Fields with their `{rules.…}` texts filled; each problem reported once (a card has two faces),
        at `where()` (made only then)."""
        key = id(fields)
        kept = self._bound_kept.get(key)
        if kept is not None and kept[0] is fields:  # a card's other face (a sheet's backs follow its fronts)
            return kept[1]
        bound, found = self.env.bound(fields)
        if len(self._bound_kept) >= 64:
            self._bound_kept.clear()
        self._bound_kept[key] = (fields, bound)
        if found and key not in self._reported:
            self._reported.add(key)
            self.problems += [Problem(what, where(), ref_of(name)) for name, what in found]
        return bound

    def _canvas(self, component: str, pagesize: tuple[float, float],
                duplex: str = "Simplex") -> tuple[Canvas, Painter] | tuple[None, None]:
        """The component's canvas from the batch and a Painter on it; (None, None) when not drawing
        (no batch, or the file is already another component's: a problem)."""
        if self.batch is None or self.failed:
            return None, None
        game = self.kit.game
        meta = {"title": f"{game.title} — {component}", "author": ", ".join(game.authors), "subject": game.subtitle}
        try:
            canvas = self.batch.canvas(self._path(component), pagesize, self.session.fonts.default_face().name, meta,
                                       duplex)
        except OutputClash as clash:
            self.problems.append(Problem(f"{clash} (two kits with the same folder name?)", f"kit {self.kit.name!r}"))
            return None, None
        except OSError as exc:
            self.problems.append(Problem(cannot_write(exc, self._path(component)), f"kit {self.kit.name!r}"))
            return None, None
        forms = FormCache(canvas, self.options.image_dpi, cache_folder("images"), self.session.project.root,
                          self.session.fonts)
        return canvas, Painter(canvas, forms)

    def _sheets(self, component: str, pagesize: tuple[float, float],
                duplex: str = "Simplex") -> tuple[Canvas, SheetPainter] | tuple[None, None]:
        """`_canvas` with a SheetPainter, for imposed decks and full-page sheets."""
        canvas, painter = self._canvas(component, pagesize, duplex)
        if canvas is None or painter is None:
            return None, None
        return canvas, SheetPainter(canvas, painter, self.session.fonts.default_face().name)

    def _path(self, component: str) -> Path:
        return self.options.out / self.kit.name / f"{component}-{self.options.paper}.pdf"

    def _save(self, canvas: Canvas | None, component: str, kind: str, pages: int, **extra: Any) -> None:
        if canvas is not None and self.batch is not None and not self.failed:
            try:
                self.batch.save(canvas)
            except OSError as exc:
                self.problems.append(Problem(cannot_write(exc, self._path(component)), f"kit {self.kit.name!r}"))
        if not self.failed:
            self.files.append(FileReport(self._path(component).as_posix(), component, kind, pages, **extra))

    def _tick(self, pages: int) -> None:
        if self.progress:
            self.progress(pages)

    def _expect(self, pages: int) -> None:
        """Tell the progress display how many more pages are coming."""
        if self.progress and hasattr(self.progress, "expect"):
            self.progress.expect(pages)


def _held_boxes(kit: Kit) -> list[HeldBox]:
    """The kit's tuck boxes with their cards; pnp.tuckbox (its drawing too) is imported only for a
    kit that has one."""
    if not kit.tuckboxes:
        return []
    from .tuckbox import held_boxes

    return held_boxes(kit)


def card_values(kit: Kit, deck: Deck, card: Card, fields: Mapping | None = None) -> dict:
    """The values a card's templates read: its fields (or `fields`: its fields with their `{rules.…}`
    texts filled, `BuildEnv.bound`), `id`, `index`, `count`, `deck` and `kit`."""
    return {**(card.fields if fields is None else fields), "id": card.id, "index": card.index + 1, "count": len(deck.cards),
            "deck": deck.title, "kit": kit.game.title}


def page_values(kit: Kit, page: Page, fields: Mapping | None = None) -> dict:
    """The values a sheet page's templates read: its fields (or `fields`, bound), `kit` and `page`."""
    return {**(page.fields if fields is None else fields), "kit": kit.game.title, "page": page.index + 1}


def cannot_write(exc: OSError, path: Path) -> str:
    """An OS error met writing `path`, in words: which file or folder, and the system's reason."""
    where = Path(exc.filename) if exc.filename else path
    return f"cannot write {where.as_posix()}: {exc.strerror or exc}"


class CardWhere:
    """Where a card is, in words, made only when a problem is reported."""

    __slots__ = ("kit", "deck", "card")

    def __init__(self, kit: str, deck: str, card: str):
        self.kit, self.deck, self.card = kit, deck, card

    def __str__(self) -> str:
        return f"kit {self.kit!r}, deck {self.deck!r}, card {self.card!r}"


LAYOUTS = "layouts/"


class Repeats:
    """The same layout problem on many cards is reported once, with the number of other cards."""

    def __init__(self) -> None:
        self._seen: dict[tuple, list] = {}

    def first_of(self, problems: list[Problem], scope: tuple) -> list[Problem]:
        """The problems not seen before in `scope`; one located in a layout file (a shared layer,
        an element's definition) is seen once for the whole kit, whichever layout inherits it."""
        fresh = []
        for problem in problems:
            if problem.ref is not None and problem.ref.file.startswith(LAYOUTS):
                key: tuple = (problem.ref, problem.what)
            else:
                key = scope + (problem.what, problem.where.rsplit(", element ", 1)[-1])
            if key in self._seen:
                self._seen[key][1] += 1
            else:
                self._seen[key] = [problem, 0]
                fresh.append(problem)
        return fresh

    def annotate(self, problems: list[Problem]) -> list[Problem]:
        counts = {id(first): more for first, more in self._seen.values() if more}
        return [p.with_what(f"{p.what} (and on {counted(counts[id(p)], 'more card')})")
                if id(p) in counts else p for p in problems]


def _page_field_ref(sheet: Sheet, index: int, name: str) -> Ref:
    """Where a page's field is written: the page's own `fields`, else the sheet's."""
    own = sheet.spec.pages[index].fields if sheet.spec.pages else {}
    return sheet.ref.child(*(("pages", index) if name in own else ()), "fields", name)


def _offset(mm: tuple[float, float]) -> tuple[float, float]:
    return mm[0] * MM, mm[1] * MM
