"""`pnp export KIT --rules-html`: each rulebook as one self-contained HTML file, for a forum post or a
playtester's phone.

Contract: `export_rules_html(target)` writes `<out>/<kit>/<rulebook>.html` for every rulebook of the
kit: the text resolved as the build resolves it (`pnp.layout.bookresolve`: templates, conditions,
the same figures), set as HTML: the cover title, the contents linked to each heading's anchor,
headings, paragraphs (the cards' markup: bold, italic, icons as inline SVG), lists, note and example
boxes, tables (written ones and the model's), and each figure as a PNG data URI (drawn from the
kit's layouts like the PDF's, `pnp.draw.book.figure_pdf`, rasterised by PDFium at twice its print
size) with its caption. The CSS is inline, no file or address outside the document is named, and
the page reads on a narrow screen (a fluid column, `viewport` set). The same input gives the same
bytes. Problems are the book's own, already reported when the kit was checked.
"""
from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.blocks import Box, Heading, Items, Para, PipeTable
from ..core.errors import Problem
from ..layout.bookresolve import Drawn, ModelTable, Resolved, Resolver
from ..layout.typography import french, parse
from ..model.units import MM
from ..sources.files import InputError, read_input

if TYPE_CHECKING:  # pragma: no cover
    from ..model.rulebook import Rulebook
    from .run import Target

FIGURE_WIDTH = 120 * MM  # a figure's width before rasterising (its print width in a booklet)
PIXELS_PER_POINT = 2.5  # ~180 dpi: sharp on a phone's screen

CSS = """
:root{--ink:#1f1f1f;--head:#6b2d12;--accent:#b8862b;--note:#f4efe3;--example:#eef3f7}
*{box-sizing:border-box}
body{margin:0;background:#fbfaf7;color:var(--ink);font:17px/1.55 "Noto Sans",system-ui,-apple-system,"Segoe UI",
Roboto,sans-serif;-webkit-text-size-adjust:100%}
main{max-width:40em;margin:0 auto;padding:1.2em 1em 3em}
header{text-align:center;border-bottom:2px solid var(--accent);padding-bottom:.8em;margin-bottom:1em}
header h1{font-family:"Bree Serif",Georgia,serif;color:var(--head);font-size:2.2em;margin:.2em 0 0;font-weight:normal}
header .subtitle{font-style:italic;margin:.2em 0}
header .book{font-family:"Bree Serif",Georgia,serif;color:var(--accent);font-size:1.3em;margin:.4em 0}
header .meta{margin:.1em 0;font-size:.9em}
nav{font-size:.95em;margin-bottom:1.5em}nav ol{padding-left:1.2em}nav a{color:var(--ink)}
h2,h3,h4{font-family:"Bree Serif",Georgia,serif;color:var(--head);font-weight:normal;line-height:1.2}
h2{font-size:1.6em;border-bottom:1px solid var(--accent);padding-bottom:.15em;margin:1.4em 0 .5em}
h3{font-size:1.25em;margin:1.2em 0 .4em}h4{font-size:1.05em;margin:1em 0 .3em}
p{margin:.5em 0;hyphens:auto}
aside{border-left:4px solid var(--accent);border-radius:4px;padding:.4em .9em;margin:1em 0}
aside.note{background:var(--note)}aside.example{background:var(--example)}
aside .title{font-family:"Bree Serif",Georgia,serif;color:var(--head);margin:.3em 0}
figure{margin:1.2em 0;text-align:center}figure img{max-width:100%;height:auto}
figcaption{font-style:italic;font-size:.9em}
table{border-collapse:collapse;margin:1em 0;width:100%;font-size:.95em}
th,td{border:1px solid #888;padding:.3em .5em}th{background:var(--note)}
.icon{height:1em;width:1em;vertical-align:-.15em}
""".strip().replace("\n", "")


def export_rules_html(target: "Target") -> None:
    for book in target.kit.rulebooks:
        page = _Page(target, book)
        target.write(f"{book.name}.html", page.document().encode("utf-8"), book.name, "html")


class _Page:
    def __init__(self, target: "Target", book: "Rulebook"):
        from ..pipeline.rulebook import RulebookSheets, figures_of

        self.target, self.book = target, book
        self.sheets = RulebookSheets(target.checked, book)
        env = target.checked.env
        self.french = env.french
        resolver = Resolver(book, self.sheets.values, env.french, env.tables, figures_of(self.sheets))
        self.blocks = resolver.blocks()
        self.aliases: dict[str, str] = {}
        for layout in target.kit.layouts.values():
            self.aliases.update(layout.icons)
        self._icons: dict[str, str] = {}

    def document(self) -> str:
        game = self.target.kit.game
        title = html.escape(f"{game.title} — {self.book.title}")
        lang = html.escape(game.language)
        body = self._cover() + self._contents() + "".join(self._block(b) for b in self.blocks)
        return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n{body}</main>\n"
                "</body>\n</html>\n")

    def _cover(self) -> str:
        game = self.target.kit.game
        players = self.sheets.players()
        meta = [" · ".join(t for t in (players, game.duration, game.age) if t), ", ".join(game.authors), game.licence]
        lines = [f"<h1>{self._inline(game.title)}</h1>"]
        lines += [f'<p class="subtitle">{self._inline(game.subtitle)}</p>'] if game.subtitle else []
        lines += [f'<p class="book">{self._inline(self.book.title)}</p>']
        lines += [f'<p class="meta">{self._inline(m)}</p>' for m in meta if m]
        return "<header>\n" + "\n".join(lines) + "\n</header>\n"

    def _contents(self) -> str:
        if not self.book.spec.toc:
            return ""
        label = self.target.checked.messages.text("rulebook_contents")
        heads = [b for b in self.blocks if isinstance(b, Heading) and b.level <= 2]  # (after conditions)
        items = [f'<li><a href="#{h.anchor}">{self._inline(h.text)}</a></li>' for h in heads]
        return f"<nav>\n<h4>{html.escape(label)}</h4>\n<ol>\n" + "\n".join(items) + "\n</ol>\n</nav>\n"

    def _block(self, block: Resolved) -> str:
        if isinstance(block, Heading):
            level = block.level + 1
            return f'<h{level} id="{html.escape(block.anchor)}">{self._inline(block.text)}</h{level}>\n'
        if isinstance(block, Para):
            return f"<p>{self._inline(block.text)}</p>\n"
        if isinstance(block, Items):
            return self._items(block)
        if isinstance(block, Box):
            title = f'<p class="title">{self._inline(block.arg)}</p>\n' if block.kind == "example" and block.arg else ""
            inner = "".join(self._block(b) for b in block.children)
            return f'<aside class="{block.kind}">\n{title}{inner}</aside>\n'
        if isinstance(block, Drawn):
            return self._figure(block)
        if isinstance(block, (PipeTable, ModelTable)):
            return self._table(block)
        return ""

    def _items(self, block: Items) -> str:
        tag = "ol" if block.ordered else "ul"
        start = f' start="{block.start}"' if block.ordered and block.start != 1 else ""
        items = []
        for item in block.items:
            parts = [self._inline(b.text) if isinstance(b, Para) and k == 0 else self._block(b)
                     for k, b in enumerate(item)]
            items.append("<li>" + "".join(parts) + "</li>")
        return f"<{tag}{start}>\n" + "\n".join(items) + f"\n</{tag}>\n"

    def _table(self, block: PipeTable | ModelTable) -> str:
        if isinstance(block, ModelTable):
            table = self.target.checked.env.tables[block.name]
            header, rows, aligns = table.header, table.rows, ("left",) * len(table.header)
            caption = f"<caption>{self._inline(block.title)}</caption>" if block.title else ""
        else:
            header, rows, aligns, caption = block.header, block.rows, block.aligns, ""
        head = "".join(f'<th style="text-align:{a}">{self._inline(h)}</th>' for h, a in zip(header, aligns))
        body = "\n".join("<tr>" + "".join(f'<td style="text-align:{a}">{self._inline(c)}</td>'
                                           for c, a in zip(row, aligns)) + "</tr>" for row in rows)
        return f"<table>{caption}\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>\n"

    def _figure(self, drawn: Drawn) -> str:
        from ..draw.book import figure_pdf
        from ..layout.bookart import arrange
        from .raster import png_bytes, rasterise

        width = None if drawn.width is None else \
            drawn.width.value * FIGURE_WIDTH if drawn.width.relative else min(drawn.width.value, FIGURE_WIDTH)
        found = arrange(list(drawn.faces), drawn.how, FIGURE_WIDTH, width, FIGURE_WIDTH * 1.4, drawn.clip)
        if isinstance(found, Problem):  # (said when the kit was checked, at the book's own width)
            return ""
        places, w, h = found
        pdf = figure_pdf(places, w, h, self.target.font)
        pixels = (round(w * PIXELS_PER_POINT), round(h * PIXELS_PER_POINT))
        image = next(iter(rasterise(pdf, [pixels])))
        data = base64.b64encode(png_bytes(image, 72 * PIXELS_PER_POINT)).decode("ascii")
        alt = html.escape(drawn.caption or self.book.title, quote=True)
        caption = f"<figcaption>{self._inline(drawn.caption)}</figcaption>" if drawn.caption else ""
        shown = round(w * 96 / 72)  # CSS pixels at print size
        return (f'<figure><img src="data:image/png;base64,{data}" width="{shown}" alt="{alt}">'
                f"{caption}</figure>\n")

    def _inline(self, text: str) -> str:
        """The cards' markup as HTML: bold, italic, line breaks and icons (inline SVG pictures)."""
        out: list[str] = []
        for run in parse(french(text) if self.french else text):
            if run.icon:
                out.append(self._icon(run.icon))
                continue
            piece = html.escape(run.text).replace("\n", "<br>")
            piece = f"<em>{piece}</em>" if run.italic else piece
            out.append(f"<strong>{piece}</strong>" if run.bold else piece)
        return "".join(out)

    def _icon(self, name: str) -> str:
        if name not in self._icons:
            path, problem = self.target.checked.env.icons.resolve(name, self.aliases)
            svg = b""
            if path is not None and problem is None:
                try:
                    svg = read_input(Path(path))  # (checked when the kit was: inside the project, an SVG)
                except InputError:
                    svg = b""
            data = base64.b64encode(svg).decode("ascii")
            self._icons[name] = f'<img class="icon" alt="{html.escape(name)}" src="data:image/svg+xml;base64,{data}">' \
                if svg else html.escape(f":{name}:")
        return self._icons[name]
