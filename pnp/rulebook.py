"""The rulebook component in a kit's run: its text resolved, typeset and drawn, flat and as a booklet.

Contract: `RulebookSheets(run, book).run()` resolves the rulebook's text for this build
(`pnp.layout.bookresolve`: templates, conditions; each figure's faces laid out by the kit's own face
builders, `_Figures`), typesets it for each output (`pnp.layout.booktype`, `bookflow`, `bookpages`):
`output/<kit>/NAME-<paper>.pdf` on the build's paper in the rulebook's columns, and, unless
`booklet: false`, `NAME-livret-<paper>.pdf` (`NAME-booklet-…` in other languages), an A5 booklet
(half-Letter on Letter) in one column, imposed for saddle stitching (`pnp.layout.booklet`), duplex
long-edge, blank pages added to reach a multiple of four (the file report's `blanks`); and draws
them (`pnp.draw.book`). Problems (a missing figure id, an unknown value, a text longer than
`pages:`…) are located in regles.md or regles.yaml and go to the run. `printed_texts()` answers
every text the book prints with its `Ref`, for the drift scan of printed prose. `card_sections(kit,
env)` gives the `{rulebook.ANCHOR}` values that cards print. The run is reached only through
`_RunPort`, the few calls a component needs (report a problem, a face builder, a canvas, count
pages, save), so the pipeline's component table can take it over as it is.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .core.errors import Loc, Problem, Ref, suggest
from .layout.assets import colour, fill
from .layout.bookart import arrange
from .layout.bookflow import PageFrame, Unit, flow
from .layout.booklet import half, impose
from .layout.bookpages import BookPage, contents, cover, finish
from .layout.bookresolve import Drawn, ModelTable, Resolved, Resolver, sections
from .layout.booktables import table_art
from .layout.booktype import Art, Look, Typesetter
from .layout.elements import ElementContext
from .layout.items import Face
from .layout.paragraph import Hyphens
from .model.layout import Layout
from .model.rulebook import Figure, Rulebook, RulebookStyle
from .model.units import MM, paper_points
from .sources.markdown import Box, Heading, Items, Para, PipeTable, headings

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from .layout.face import BuildEnv, FaceBuilder
    from .model.kit import Kit
    from .runner import KitRun

MOST_CARDS = 24  # a deck figure of more is a listing, not a picture


class _RunPort:
    """The run as a component sees it."""

    def __init__(self, run: "KitRun"):
        self._run = run
        self.kit: Kit = run.kit
        self.env: BuildEnv = run.env
        self.paper: str = run.options.paper
        self.printer: float = run.printer_margin
        self.messages = run.messages

    def problem(self, problem: Problem) -> None:
        self._run.problems.append(problem)

    def builder(self, layout: str, size: tuple[float, float] | None = None, bleed: float | None = None) -> FaceBuilder:
        return self._run.builder(layout, size, bleed)

    def canvas(self, name: str, size: tuple[float, float], duplex: str = "Simplex") -> tuple[Canvas | None, Any]:
        return self._run._canvas(name, size, duplex)

    def pages(self, count: int) -> None:
        self._run._expect(count)
        self._run._tick(count)

    def save(self, canvas: Canvas | None, name: str, pages: int, blanks: int | None = None) -> None:
        """The file saved and reported; a booklet (`blanks` given) is printed duplex, long-edge."""
        extra: dict[str, Any] = {} if blanks is None else {"blanks": blanks, "backs": "long-edge"}
        self._run._save(canvas, name, "rulebook", pages, **extra)

    @property
    def failed(self) -> bool:
        return self._run.failed


@dataclass(frozen=True)
class Output:
    name: str  # the file's component name: regles, regles-livret
    frame: PageFrame
    booklet: bool


class RulebookSheets:
    def __init__(self, run: "KitRun", book: Rulebook):
        self.port = _RunPort(run)
        self.book = book if book.spec.title else replace(book, title=self.port.messages.text("rulebook_title"))
        self.values: dict[str, object] = {**self.port.env.rules, "kit": self.port.kit.game.title}

    def run(self) -> None:
        look = self._look()
        resolver = Resolver(self.book, self.values, self.port.env.french, self.port.env.tables, _Figures(self).drawn)
        blocks = resolver.blocks()
        for problem in resolver.problems:
            self.port.problem(problem)
        if look is None:
            return
        for output in self._outputs():
            self._output(output, blocks, look)

    def _outputs(self) -> list[Output]:
        style, paper = self.book.style, paper_points(self.port.paper)
        m = style.margin
        flat = PageFrame(*paper, m + 2 * MM, m + 2 * MM, m, m, self.book.spec.columns, style.column_gap)
        out = [Output(self.book.name, flat, False)]
        if self.book.spec.booklet:
            b = style.booklet_margin
            page = half(paper)
            word = self.port.messages.text("rulebook_booklet")
            out.append(Output(f"{self.book.name}-{word}", PageFrame(*page, b + 1.5 * MM, b + 1.5 * MM, b + 2 * MM, b,
                                                                    1, style.column_gap), True))
        return out

    def _output(self, output: Output, blocks: tuple[Resolved, ...], look: Look) -> None:
        if output.booklet:
            look = replace(look, size=self.book.style.booklet_size)
        pages = self._pages(output.frame, blocks, look)
        if pages is None:
            return
        most = self.book.spec.pages
        if most is not None and len(pages) > most and not output.booklet:
            self.port.problem(Problem(f"the text takes {len(pages)} pages on {self.port.paper} paper; `pages` allows "
                                      f"{most} (shorten it, or allow more)", self.book.where,
                                      self.book.ref.child("pages")))
            return
        if output.booklet:
            self._booklet(output, pages)
        else:
            canvas, painter = self.port.canvas(output.name, (output.frame.width, output.frame.height))
            if canvas is not None and painter is not None and not self.port.failed:
                from .draw.book import BookPainter

                book = BookPainter(canvas, painter)
                for page in pages:
                    book.page(page)
            self.port.pages(len(pages))
            self.port.save(canvas, output.name, len(pages))

    def _booklet(self, output: Output, pages: list[BookPage]) -> None:
        sheet = paper_points(self.port.paper)
        imposed = impose(len(pages), sheet, self.port.printer, output.frame.inner)
        canvas, painter = self.port.canvas(output.name, (max(sheet), min(sheet)), "DuplexFlipLongEdge")
        if canvas is not None and painter is not None and not self.port.failed:
            from .draw.book import BookPainter

            book = BookPainter(canvas, painter)
            by_number = {p.number: p for p in pages}
            for side in imposed.sides:
                book.side(side, by_number)
        self.port.pages(len(imposed.sides))
        self.port.save(canvas, output.name, len(imposed.sides), imposed.blanks)

    def _pages(self, frame: PageFrame, blocks: tuple[Resolved, ...], look: Look) -> list[BookPage] | None:
        ctx = self._context(frame.column_width(), frame.text_height())
        book = self.book
        column = Typesetter(look, frame.column_width(), ctx, book.display, book.where, book.ref)
        span = Typesetter(look, frame.text_width(), ctx, book.display, book.where, self.port.kit.game_ref)
        units = self._front(span) + column.units(self._placed(blocks, column, frame))
        column.boxes.update(span.boxes)
        found = list(dict.fromkeys(column.problems + span.problems))
        for problem in found:
            self.port.problem(problem)
        if found:
            return None
        placed = flow(units, frame)
        return finish(placed, frame, column, f"{self.port.kit.game.title} · {self.book.title}")

    def players(self) -> str:
        """The players range in words, as the cover prints it: `2 à 4 joueurs`."""
        words = ("joueur", "joueurs") if self.port.kit.game.language == "fr" else ("player", "players")
        return fill(f"{{players.range|plural:{words[0]}:{words[1]}}}", self.values, self.port.env.french)[0]

    def _front(self, ts: Typesetter) -> list[Unit]:
        game = self.port.kit.game
        players = self.players()
        meta = [" · ".join(t for t in (players, game.duration, game.age) if t), ", ".join(game.authors), game.licence]
        units = cover(ts, game.title, game.subtitle, self.book.title, meta)
        if self.book.spec.toc:
            units += contents(ts, [h for h in headings(self.book.blocks)], self.port.messages.text("rulebook_contents"))
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
            self.port.problem(replace(found, where=f"{self.book.where}, figure",
                                      loc=Loc(self.book.display, drawn.line, 1)))
            return None
        places, w, h = found
        return Art(places, w, h, drawn.caption, drawn.line)

    def _context(self, width: float, height: float) -> ElementContext:
        env = self.port.env
        aliases: dict[str, str] = {}
        for layout in self.port.kit.layouts.values():
            aliases.update(layout.icons)
        page = Layout(kind="page", size="page", icons=aliases, palette=self.book.style.palette)
        return ElementContext({}, page, width, height, env.fonts, env.icons, env.project, env.kit_dir, env.french,
                              env.tables, env.rules, env.min_text)

    def _look(self) -> Look | None:
        """The style's fonts and colours, or None when one cannot be used (said at `style:`)."""
        look, bad = style_look(self.book.style, self.port.env.fonts, self.port.kit.game.language)
        ref = self.book.ref.child("style") if self.book.spec.style else self.book.ref
        for what in bad:
            self.port.problem(Problem(what, f"{self.book.where}, style", ref))
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


class _Figures:
    """The faces a figure draws, laid out by the kit's own face builders."""

    def __init__(self, sheets: RulebookSheets):
        self.port, self.book = sheets.port, sheets.book

    def drawn(self, figure: Figure) -> Drawn | None:
        spec = figure.spec
        if spec.sheet is not None:
            return self._sheet(figure)
        faces = self._cards(figure)
        if faces is None:
            return None
        how = "single" if spec.card is not None else spec.arrange
        return Drawn(tuple(faces), how, None, spec.width, spec.caption, figure.line)

    def _problem(self, figure: Figure, key: str, what: str, suggestion: str | None = None) -> None:
        line = next((figure.line + k for k, text in enumerate(self.book.lines[figure.line:], 1)
                     if text.lstrip().startswith(f"{key}:")), figure.line)
        col = self.book.lines[line - 1].find(key) + 1 if line != figure.line else 1
        self.port.problem(Problem(what, f"{self.book.where}, figure", suggestion=suggestion,
                                  loc=Loc(self.book.display, line, max(col, 1))))

    def _cards(self, figure: Figure) -> list[Face] | None:
        spec, kit = figure.spec, self.port.kit
        name, _, one = (spec.card or "").partition("/")
        deck = kit.deck(spec.deck or name)
        if deck is None:
            decks = [d.name for d in kit.decks]
            self._problem(figure, "card" if spec.card else "deck", f"no deck {spec.deck or name!r} in the kit "
                          f"(decks: {', '.join(decks) or 'none'})", suggest(spec.deck or name, decks))
            return None
        ids = [c.id for c in deck.cards]
        wanted = [one] if spec.card else spec.cards if spec.cards is not None else ids
        missing = [w for w in wanted if w not in ids]
        if missing:
            self._problem(figure, "card" if spec.card else "cards", f"no card {missing[0]!r} in deck {deck.name!r}",
                          suggest(missing[0], ids))
            return None
        if len(wanted) > MOST_CARDS:
            self._problem(figure, "deck", f"a figure draws at most {MOST_CARDS} cards; the deck has {len(wanted)} "
                          "(list the ones to show: `cards: [ID, …]`)")
            return None
        return [f for f in (self._face(deck, next(c for c in deck.cards if c.id == i), figure) for i in wanted) if f]

    def _face(self, deck: Any, card: Any, figure: Figure) -> Face | None:
        from .runner import card_values

        layout = card.back if figure.spec.side == "back" else card.layout
        if layout is None:
            self._problem(figure, "side", f"deck {deck.name!r} has no backs")
            return None
        bound, _ = self.port.env.bound(card.fields)  # (the deck reports its own problems)
        values = card_values(self.port.kit, deck, card, bound)
        return self.port.builder(layout).build(values, f"card {card.id!r}", card.ref)[0]

    def _sheet(self, figure: Figure) -> Drawn | None:
        from .runner import page_values

        spec, kit = figure.spec, self.port.kit
        sheet = kit.sheet(spec.sheet or "")
        if sheet is None:
            names = [s.name for s in kit.sheets]
            self._problem(figure, "sheet", f"no sheet {spec.sheet!r} in the kit (sheets: {', '.join(names) or 'none'})",
                          suggest(spec.sheet, names))
            return None
        if spec.page > len(sheet.pages):
            self._problem(figure, "page", f"sheet {sheet.name!r} has {len(sheet.pages)} page(s), not {spec.page}")
            return None
        layout = kit.layouts[sheet.spec.layout]
        size = layout.page_size() or _content_box(self.port.paper, layout)
        page = sheet.pages[spec.page - 1]
        bound, _ = self.port.env.bound(page.fields)
        face = self.port.builder(sheet.spec.layout, size, 0.0).build(page_values(kit, page, bound), sheet.name,
                                                                     sheet.ref)[0]
        clip = (spec.region[0], spec.region[1], spec.region[2], spec.region[3]) if spec.region is not None else None
        if clip is not None and (clip[0] < 0 or clip[1] < 0 or clip[0] + clip[2] > size[0] + 0.01
                                 or clip[1] + clip[3] > size[1] + 0.01 or clip[2] <= 0 or clip[3] <= 0):
            self._problem(figure, "region", f"the region runs outside the page ({size[0] / MM:.0f} × "
                          f"{size[1] / MM:.0f} mm, from its content box's top-left corner)")
            return None
        return Drawn((face,), "page", clip, spec.width, spec.caption, figure.line)


def figures_of(sheets: RulebookSheets) -> Callable[[Figure], Drawn | None]:
    """What a rulebook's figures draw, for another output of the same text (the HTML export)."""
    return _Figures(sheets).drawn


def _content_box(paper: str, layout: Layout) -> tuple[float, float]:
    """A sheet page's content box on the build's paper (what its elements are placed in)."""
    w, h = paper_points(paper)
    if layout.orientation == "landscape":
        w, h = h, w
    return w - 2 * layout.margin, h - 2 * layout.margin


def card_sections(kit: "Kit", env: "BuildEnv") -> dict[str, str]:
    """`rulebook.ANCHOR` -> the section's body in the cards' markup, for every rulebook of the kit
    (figures left out; problems are the book's own, reported when it is laid out)."""
    out: dict[str, str] = {}
    values: Mapping[str, object] = {**env.rules, "kit": kit.game.title}
    for book in kit.rulebooks:
        resolver = Resolver(book, values, env.french, env.tables, lambda figure: None)
        out.update(sections(resolver.blocks()))
    return out


def printed_texts(book: Rulebook) -> list[tuple[str, Ref]]:
    """Every text the book prints, as written (templates unfilled), with where it is written (a
    `Ref` of the text file whose path is `(line,)`, which `pnp.sources.locator.LineLocator` turns into
    `regles.md:LINE:1`): the scan of printed prose (issue 20, item 4) reads its numbers."""
    out = list(_texts(book.blocks, book.display))
    out += [(f.spec.caption, Ref(book.display, (f.line + 1,))) for f in book.figures.values() if f.spec.caption]
    return out


def _texts(blocks: tuple[Any, ...], display: str) -> Iterator[tuple[str, Ref]]:
    for block in blocks:
        ref = Ref(display, (block.line,))
        if isinstance(block, Box):
            yield from [(block.arg, ref)] if block.kind == "example" and block.arg else []
            yield from _texts(block.children, display)
        elif isinstance(block, Items):
            for item in block.items:
                yield from _texts(item, display)
        elif isinstance(block, (Heading, Para)):
            yield block.text, ref
        elif isinstance(block, PipeTable):
            yield from ((cell, ref) for row in (block.header,) + block.rows for cell in row)


__all__ = ["RulebookSheets", "RulebookStyle", "card_sections", "printed_texts"]
