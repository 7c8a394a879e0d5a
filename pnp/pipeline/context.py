"""The context a component is laid out and drawn in: everything a component kind asks of the run.

Contract: a `KitContext` is made by the kit's run (`kitrun.KitRun`) once the kit is loaded and its
rules model has run; each component module (deck, sheet, tiled sheet, tuck box) takes it and uses
only what follows. Read: `kit`, `options`, `messages` (the kit language's catalogue), `fonts`,
`env` (what every face shares), `printer_margin` (points), `failed` (the kit has an error: lay out
still, draw nothing). Report: `report(*problems)`. Lay out: `builder(layout, size, bleed)`,
`card_face(card, deck, layout)`, `page_face(builder, sheet, page)` (their problems reported once,
`faces.Faces`), `notes(page, content, marks, label, where)` (the print note and a label in the margins; one
finding no room a warning at `where`).
Draw: `open(component, pagesize, duplex)` gives the component's canvas from the output batch with a
`Painter` (None when not drawing: `pnp check`, an error, or a file another component writes — a
problem), which the component hands to draw/'s painters, never calling the canvas itself; on a CMYK
build (`--color cmyk`, `--pdfx`) the canvas converts every colour through `ink` (a
`pnp.colour.convert.CmykInk`, the run's one, None otherwise) and is a PDF/X-4 with `--pdfx`; the
file's name adds `options.variant` after the paper (`-cmyk`, `-pdfx`, `-saver`); `save(
opened, component, kind, pages, **extra)` saves it and reports the file (`FileReport`; named by
`pnp check` too, unless the kit failed). Count: `expect(pages)` then `tick(pages)` as they are done,
drawn or not. The run collects each component's problems and file into its own `Outcome`
(`collecting(outcome)`; `adopt(outcome)` takes one a memo recalled). `plans` holds the sheet plan
of each deck laid out, by deck name (`layout.imposition.SheetPlan`: where each card lies on each
page; the preview's map of a deck's pages, pnp.live.studio); a deck recalled by a memo has none.
`material` holds, by component name, the faces of the kit's material another component shows on
its pages (a rulebook's figures, a tuck box's art: `MaterialPlace`, where each lies and which card
or sheet page it is).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from ..core.errors import Problem
from ..core.fileio import cache_folder
from ..core.options import Options
from ..core.report import FileReport
from ..draw.forms import FormCache
from ..draw.paint import Painter
from ..layout.face import BuildEnv, FaceBuilder
from ..layout.imposition import SheetPlan
from ..layout.items import Face
from ..layout.marks import Box
from ..layout.notes import Note, NotePage, sheet_notes
from ..messages import Messages
from ..model.kit import Card, Deck, Kit, Page, Sheet
from ..model.units import MM
from ..output import OutputBatch, OutputClash, cannot_write
from .faces import Faces
from .memo import Outcome
from .session import Session

if TYPE_CHECKING:  # pragma: no cover
    from ..colour.convert import CmykInk
    from ..output import Canvas  # (ReportLab's: the pipeline hands it to draw/'s painters, never calls it)


@dataclass(frozen=True)
class MaterialPlace:
    """A face of the kit's material shown on a page of another component (a rulebook's figure): its
    page (from 1), the corners of what is shown (points, from the page's top-left, y down), the deck
    or sheet it comes from, the card's id (or the sheet page's number), its side (front, back or
    page), and the line of the figure in the component's text file (a tuck box: its file, line 0)."""

    page: int
    corners: tuple[tuple[float, float], ...]
    component: str
    item: str
    side: str
    file: str
    line: int


@dataclass(frozen=True)
class Opened:
    """A component's canvas, open in the output batch, and the painter that draws faces on it."""

    canvas: Canvas
    painter: Painter


class KitContext:
    def __init__(self, session: Session, kit: Kit, options: Options, env: BuildEnv, messages: Messages,
                 batch: OutputBatch | None, progress: Callable[[int], None] | None, problems: list[Problem]):
        self.session, self.kit, self.options, self.env, self.messages = session, kit, options, env, messages
        self.fonts = session.fonts
        self.batch, self.progress = batch, progress
        self.faces = Faces(env, kit, session.kept.faces if session.kept is not None else None)
        self.ink = cmyk_ink(options) if batch is not None else None  # a CMYK build's converter (pnp.colour)
        self.own = Outcome(problems)  # the kit's own problems (loading, rules, layouts' definitions)
        self.outcomes: list[Outcome] = []  # each component's, in the kit's order
        self.plans: dict[str, SheetPlan] = {}  # deck name -> its sheet plan (pnp.live.studio maps pages)
        self.material: dict[str, list[MaterialPlace]] = {}  # component -> the kit's faces on its pages
        self._sink = self.own
        self._errors = sum(p.severity == "error" for p in problems)
        self._noteless: set[str] = set()  # the components told that a note of theirs found no room

    @property
    def failed(self) -> bool:
        return self._errors > 0

    @property
    def printer_margin(self) -> float:
        return self.options.printer_margin * MM

    def report(self, *problems: Problem) -> None:
        self._sink.problems.extend(problems)
        self._errors += sum(p.severity == "error" for p in problems)

    @contextmanager
    def collecting(self, outcome: Outcome) -> Iterator[Outcome]:
        """Problems and files reported inside the block go to `outcome` (one component's)."""
        self.outcomes.append(outcome)
        self._sink = outcome
        try:
            yield outcome
        finally:
            self._sink = self.own

    def adopt(self, outcome: Outcome) -> None:
        """A component's outcome as a memo recalled it, in its place among the others."""
        self.outcomes.append(outcome)
        self._errors += sum(p.severity == "error" for p in outcome.problems)

    def builder(self, layout_name: str, size: tuple[float, float] | None = None,
                bleed: float | None = None) -> FaceBuilder:
        return self.faces.builder(layout_name, size, bleed)

    def card_face(self, card: Card, deck: Deck, layout_name: str) -> Face:
        face, found = self.faces.card(card, deck, layout_name)
        if found:  # (most faces have none: 10 800 calls at 5 400 cards)
            self.report(*found)
        return face

    def page_face(self, builder: FaceBuilder, sheet: Sheet, page: Page) -> Face:
        face, found = self.faces.page(builder, sheet, page)
        self.report(*found)
        return face

    def notes(self, page: NotePage, content: Box, marks: Sequence[Box], label: str, where: str = "") -> tuple[Note, ...]:
        """The print note and `label` placed in the page's margins, in the kit's language; a note that
        finds no room is a warning at `where` (the component), once."""
        print_note = self.messages.text("print_note")
        notes = sheet_notes(page, content, marks, print_note, label, self.fonts.default_face())
        missing = [t for t in (print_note, label) if t and not any(n.text == t for n in notes)]
        if missing and where and where not in self._noteless:
            self._noteless.add(where)
            paper, named = self.options.paper.upper(), " and ".join(f'"{t}"' for t in missing)
            self.report(Problem(f"no room in the page's margins on {paper} for "
                                f"{named} (the page's content fills it up to the "
                                f"printer's margin of {self.options.printer_margin:g} mm): the sheet is printed "
                                "without", where, severity="warning"))
        return notes

    def open(self, component: str, pagesize: tuple[float, float], duplex: str = "Simplex") -> Opened | None:
        """The component's canvas from the batch and a Painter on it; None when not drawing (no
        batch, an error, or the file is already another component's: a problem)."""
        if self.batch is None or self.failed:
            return None
        game = self.kit.game
        meta = {"title": f"{game.title} — {component}", "author": ", ".join(game.authors), "subject": game.subtitle}
        try:
            canvas = self.batch.canvas(self.path(component), pagesize, self.fonts.default_face().name, meta, duplex,
                                       self.ink, self.options.pdfx)
        except OutputClash as clash:
            self.report(Problem(f"{clash} (two kits with the same folder name?)", f"kit {self.kit.name!r}"))
            return None
        except OSError as exc:
            self.report(Problem(cannot_write(exc, self.path(component)), f"kit {self.kit.name!r}"))
            return None
        forms = FormCache(canvas, self.options.image_dpi, cache_folder("images"), self.session.project.root,
                          self.fonts)
        return Opened(canvas, Painter(canvas, forms))

    def path(self, component: str) -> Path:
        return self.options.out / self.kit.name / f"{component}-{self.options.paper}{self.options.variant}.pdf"

    def save(self, opened: Opened | None, component: str, kind: str, pages: int, **extra: Any) -> None:
        if opened is not None and self.batch is not None and not self.failed:
            try:
                self.batch.save(opened.canvas)
            except OSError as exc:
                self.report(Problem(cannot_write(exc, self.path(component)), f"kit {self.kit.name!r}"))
        if not self.failed:
            self._sink.files.append(FileReport(self.path(component).as_posix(), component, kind, pages,
                                                      **extra))

    def tick(self, pages: int) -> None:
        if self.progress:
            self.progress(pages)

    def expect(self, pages: int) -> None:
        """Tell the progress display how many more pages are coming."""
        if self.progress and hasattr(self.progress, "expect"):
            self.progress.expect(pages)


def cmyk_ink(options: Options) -> CmykInk | None:
    """The colour converter of a CMYK build (pnp.colour: imported only then), else None."""
    if options.color != "cmyk" and not options.pdfx:
        return None
    from ..colour.convert import CmykInk

    return CmykInk(options.ink_limit)
