"""The rulebook component in a kit's run: its text resolved, typeset and drawn, flat and as a booklet.

Contract: `draw_rulebook(ctx, book)` (the component table's entry; `RulebookSheets(ctx, book).run()`)
resolves the rulebook's text for this build
(`pnp.layout.bookresolve`: templates, conditions; each figure's faces laid out by the kit's own face
builders, `bookfigures.Figures`), typesets it for each output (`pnp.layout.booktype`, `bookflow`, `bookpages`):
`output/<kit>/NAME-<paper>.pdf` on the build's paper in the rulebook's columns, and, unless
`booklet: false`, `NAME-livret-<paper>.pdf` (`NAME-booklet-…` in other languages), an A5 booklet
(half-Letter on Letter) in one column, imposed for saddle stitching (`pnp.layout.booklet`), duplex
long-edge, blank pages added to reach a multiple of four (the file report's `blanks`; a booklet that
would need two or three is set a little tighter first, `SQUEEZES`, when that saves a sheet); and draws
them (`pnp.draw.book`). Problems (a missing figure id, an unknown value, a text longer than
`pages:`…) are located in regles.md or regles.yaml and go to the run. `printed_texts(book, values)`
(pnp.model.rulebook) answers every text the book prints with its `Ref`, for the drift scan of
printed prose, which the rules stage runs (pnp.rules.engine). `card_sections(kit,
env)` gives the `{rulebook.ANCHOR}` values that cards print. The run is reached only through the
`KitContext`; the figures' faces are laid out by `bookfigures.Figures`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..core.blocks import Box, Items, PipeTable, headings
from ..core.errors import Loc, Problem
from ..layout.assets import colour, fill
from ..layout.bookart import arrange
from ..layout.bookflow import PageFrame, Unit, flow
from ..layout.booklet import Imposed, half, impose, padded
from ..layout.bookpages import BookPage, contents, cover, finish
from ..layout.bookresolve import Drawn, ModelTable, Resolved, Resolver, sections
from ..layout.booktables import table_art
from ..layout.booktype import Art, Look, Typesetter
from ..layout.elements import ElementContext
from ..layout.paragraph import Hyphens
from ..model.layout import Layout
from ..model.rulebook import Figure, Rulebook, RulebookStyle, printed_texts
from ..model.units import MM, paper_points
from .bookfigures import Figures
from .context import KitContext, Opened
from .memo import Shown

if TYPE_CHECKING:  # pragma: no cover
    from ..layout.face import BuildEnv
    from ..model.kit import Kit


SQUEEZES = (0.97, 0.94)  # the booklet's leading and paragraph gaps, tightened to save a sheet of blank pages


def draw_rulebook(ctx: KitContext, book: Rulebook) -> None:
    RulebookSheets(ctx, book).run()


def shown(kit: Kit, book: Rulebook) -> Shown:
    """(A rulebook is never recalled by a memo: its figures show the kit's other components.)"""
    return Shown(book, (book.spec.style,) if book.spec.style else ())


@dataclass(frozen=True)
class Output:
    name: str  # the file's component name: regles, regles-livret
    frame: PageFrame
    booklet: bool


class RulebookSheets:
    def __init__(self, ctx: KitContext, book: Rulebook):
        self.ctx = ctx
        self.book = book if book.spec.title else replace(book, title=ctx.messages.text("rulebook_title"))
        self.values: dict[str, object] = {**ctx.env.rules, "kit": ctx.kit.game.title}

    def run(self) -> None:
        look = self._look()
        self.figures = Figures(self.ctx, self.book)
        resolver = Resolver(self.book, self.values, self.ctx.env.french, self.ctx.env.tables, self.figures.drawn)
        blocks = resolver.blocks()
        for problem in resolver.problems:
            self.ctx.report(problem)
        typeset = [] if look is None else [(o, self._laid(o, blocks, look)) for o in self._outputs()]
        laid = [(output, pages) for output, pages in typeset if pages is not None]
        self.ctx.expect(sum(self._sides(output, pages) for output, pages in laid))  # one component, all outputs
        for output, pages in laid:
            self._output(output, pages, blocks)

    def _outputs(self) -> list[Output]:
        style, paper = self.book.style, paper_points(self.ctx.options.paper)
        m = style.margin
        flat = PageFrame(*paper, m + 2 * MM, m + 2 * MM, m, m, self.book.spec.columns, style.column_gap)
        out = [Output(self.book.name, flat, False)]
        if self.book.spec.booklet:
            b = style.booklet_margin
            page = half(paper)
            word = self.ctx.messages.text("rulebook_booklet")
            out.append(Output(f"{self.book.name}-{word}", PageFrame(*page, b + 1.5 * MM, b + 1.5 * MM, b + 2 * MM, b,
                                                                    1, style.column_gap), True))
        return out

    def _laid(self, output: Output, blocks: tuple[Resolved, ...], look: Look) -> list[BookPage] | None:
        """The output's pages typeset; None after a problem (reported), a text too long for `pages:` among them."""
        if output.booklet:
            look = replace(look, size=self.book.style.booklet_size)
        pages = self._pages(output.frame, blocks, look)
        if pages is None:
            return None
        if output.booklet:
            pages = self._tightened(output.frame, blocks, look, pages)
        most = self.book.spec.pages
        if most is not None and len(pages) > most:
            what = "the booklet" if output.booklet else "the text"  # (its A5 or half-Letter pages, blanks not counted)
            self.ctx.report(Problem(f"{what} takes {len(pages)} pages on {self.ctx.options.paper} paper; `pages` allows "
                                      f"{most} (shorten it, or allow more)", self.book.where,
                                      self.book.ref.child("pages")))
            return None
        return pages

    def _tightened(self, frame: PageFrame, blocks: tuple[Resolved, ...], look: Look,
                   pages: list[BookPage]) -> list[BookPage]:
        """A booklet that needs two or three blank pages (a page or two of text past a multiple of
        four) set again with its leading and paragraph gaps a little tighter (`SQUEEZES`), kept when
        that saves a sheet; else as it was."""
        if len(pages) <= 4 or padded(len(pages)) - len(pages) < 2:
            return pages
        for squeeze in SQUEEZES:
            tight = self._pages(frame, blocks, replace(look, leading=look.leading * squeeze,
                                                       paragraph_gap=look.paragraph_gap * squeeze))
            if tight is not None and padded(len(tight)) < padded(len(pages)):
                return tight
        return pages

    def _imposed(self, output: Output, pages: list[BookPage]) -> Imposed:
        return impose(len(pages), paper_points(self.ctx.options.paper), self.ctx.printer_margin, output.frame.inner)

    def _sides(self, output: Output, pages: list[BookPage]) -> int:
        """The pages of the output's file: the booklet's imposed sides, else the text's pages."""
        return len(self._imposed(output, pages).sides) if output.booklet else len(pages)

    def _output(self, output: Output, pages: list[BookPage], blocks: tuple[Resolved, ...]) -> None:
        if output.booklet:
            self._booklet(output, pages)
            return
        self.ctx.material[output.name] = self.figures.material(pages, blocks, self.book.display)  # the preview's map
        opened = self.ctx.open(output.name, (output.frame.width, output.frame.height))
        if opened is not None:
            book = _painter(opened)
            for page in pages:
                book.page(page)
        self.ctx.tick(len(pages))
        self.ctx.save(opened, output.name, "rulebook", len(pages))

    def _booklet(self, output: Output, pages: list[BookPage]) -> None:
        sheet = paper_points(self.ctx.options.paper)
        imposed = self._imposed(output, pages)
        opened = self.ctx.open(output.name, (max(sheet), min(sheet)), "DuplexFlipLongEdge")
        if opened is not None:
            book = _painter(opened)
            by_number = {p.number: p for p in pages}
            for side in imposed.sides:
                book.side(side, by_number)
        self.ctx.tick(len(imposed.sides))
        self.ctx.save(opened, output.name, "rulebook", len(imposed.sides), blanks=imposed.blanks, backs="long-edge")

    def _pages(self, frame: PageFrame, blocks: tuple[Resolved, ...], look: Look) -> list[BookPage] | None:
        ctx = self._context(frame.column_width(), frame.text_height())
        book = self.book
        column = Typesetter(look, frame.column_width(), ctx, book.display, book.where, book.ref)
        span = Typesetter(look, frame.text_width(), ctx, book.display, book.where, self.ctx.kit.game_ref)
        units = self._front(span, blocks) + column.units(self._placed(blocks, column, frame))
        column.boxes.update(span.boxes)
        found = list(dict.fromkeys(column.problems + span.problems))
        for problem in found:
            self.ctx.report(problem)
        if found:
            return None
        placed = flow(units, frame)
        return finish(placed, frame, column, f"{self.ctx.kit.game.title} · {self.book.title}")

    def players(self) -> str:
        """The players range in words, as the cover prints it: `2 à 4 joueurs`."""
        words = ("joueur", "joueurs") if self.ctx.kit.game.language == "fr" else ("player", "players")
        return fill(f"{{players.range|plural:{words[0]}:{words[1]}}}", self.values, self.ctx.env.french)[0]

    def _front(self, ts: Typesetter, blocks: tuple[Resolved, ...]) -> list[Unit]:
        """The cover, then the contents: the headings this build prints (a `::: when` box's only when
        it is shown), their templates filled."""
        game = self.ctx.kit.game
        players = self.players()
        meta = [" · ".join(t for t in (players, game.duration, game.age) if t), ", ".join(game.authors), game.licence]
        units = cover(ts, game.title, game.subtitle, self.book.title, meta)
        if self.book.spec.toc:
            units += contents(ts, headings(blocks), self.ctx.messages.text("rulebook_contents"))
        return units

    def _placed(self, blocks: tuple[Resolved, ...], ts: Typesetter, frame: PageFrame) -> tuple[Any, ...]:
        """Figures arranged and tables compiled at the column's width; boxes and lists walked."""
        out: list[Any] = []
        for block in blocks:
            if isinstance(block, Drawn):
                art = self._art(block, ts.width, frame.text_height())
                out += [art] if art is not None else []
            elif isinstance(block, (PipeTable, ModelTable)):
                made, found = table_art(block, ts.width, ts.ctx, ts.look, frame.text_height() * 0.96)
                ts.problems += [ts.problem(block.line, p.what) for p in found]
                out += made
            elif isinstance(block, Box):
                out.append(Box(block.kind, block.arg, self._placed(block.children, ts, frame), block.line))
            elif isinstance(block, Items):
                out.append(Items(block.ordered, block.start, tuple(self._placed(i, ts, frame) for i in block.items),
                                 block.line))
            else:
                out.append(block)
        return tuple(out)

    def _art(self, drawn: Drawn, room: float, height: float) -> Art | None:
        width = None if drawn.width is None else drawn.width.value * (room if drawn.width.relative else 1.0)
        found = arrange(list(drawn.faces), drawn.how, room, width, height * 0.62, drawn.clip)
        if isinstance(found, Problem):
            self.ctx.report(replace(found, where=f"{self.book.where}, figure",
                                      loc=Loc(self.book.display, drawn.line, 1)))
            return None
        places, w, h = found
        return Art(places, w, h, drawn.caption, drawn.line)

    def _context(self, width: float, height: float) -> ElementContext:
        env = self.ctx.env
        aliases: dict[str, str] = {}
        for layout in self.ctx.kit.layouts.values():
            aliases.update(layout.icons)
        page = Layout(kind="page", size="page", icons=aliases, palette=self.book.style.palette)
        return ElementContext({}, page, width, height, env.fonts, env.icons, env.project, env.kit_dir, env.french,
                              env.tables, env.rules, env.min_text)

    def _look(self) -> Look | None:
        """The style's fonts and colours, or None when one cannot be used (said at `style:`)."""
        look, bad = style_look(self.book.style, self.ctx.env.fonts, self.ctx.kit.game.language)
        ref = self.book.ref.child("style") if self.book.spec.style else self.book.ref
        for what in bad:
            self.ctx.report(Problem(what, f"{self.book.where}, style", ref))
        return look


def style_look(style: RulebookStyle, fonts: Any, language: str) -> tuple[Look | None, list[str]]:
    """A rulebook style resolved (its fonts checked, its colours read), or why it cannot be used."""
    bad = [p for p in (fonts.problem(style.font, "regular"), fonts.problem(style.heading_font, "regular")) if p]
    rgb = {}
    for key in ("color", "heading_color", "accent", "note_fill", "example_fill"):
        rgb[key], problem = colour(getattr(style, key), style.palette)
        bad += [f"{key}: {problem}"] if problem else []
    if bad:
        return None, bad
    black = (0.0, 0.0, 0.0)
    hyphens = Hyphens(language) if style.hyphenate else None
    return Look(style.font, style.heading_font, style.size, style.leading, (style.h1, style.h2, style.h3),
                style.title_size, rgb["color"] or black, rgb["heading_color"] or black, rgb["accent"] or black,
                {"note": rgb["note_fill"] or black, "example": rgb["example_fill"] or black},
                style.align, style.paragraph_gap, hyphens), []


def figures_of(sheets: RulebookSheets) -> Callable[[Figure], Drawn | None]:
    """What a rulebook's figures draw, for another output of the same text (the HTML export)."""
    return Figures(sheets.ctx, sheets.book).drawn


def _painter(opened: Opened) -> Any:
    from ..draw.book import (
        BookPainter,  # (drawing: loaded only by a build that draws a rulebook)
    )

    return BookPainter(opened.canvas, opened.painter)


def card_sections(kit: "Kit", env: "BuildEnv") -> dict[str, str]:
    """`rulebook.ANCHOR` -> the section's body in the cards' markup, for every rulebook of the kit
    (figures left out; problems are the book's own, reported when it is laid out)."""
    out: dict[str, str] = {}
    values: Mapping[str, object] = {**env.rules, "kit": kit.game.title}
    for book in kit.rulebooks:
        resolver = Resolver(book, values, env.french, env.tables, lambda figure: None)
        out.update(sections(resolver.blocks()))
    return out


__all__ = ["RulebookSheets", "RulebookStyle", "card_sections", "printed_texts"]
