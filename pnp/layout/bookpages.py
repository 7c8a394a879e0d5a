"""A rulebook's first page and its finished pages: the cover title, the table of contents, the box
frames, the running header and the page numbers.

Contract: `cover(ts, lines)` makes the span units of the cover title (the game's title, subtitle,
the rulebook's title, a line of players, duration and age, the authors); `contents(ts, heads,
label)` the table of contents' units (levels 1 and 2; each line's page number is printed once the
flow knows it: `Unit.target`). `finish(placed, frame, ts, header)` turns the placed units into
`BookPage`s: items in page coordinates (top-left origin, points), the boxes' frames under their
text, the contents' dot leaders and page numbers, and, on every page but the first, a running
header (`header`, left; the page's first chapter, right) over a hairline and the page number
centred under the text. Everything lies inside the page's margins but the header and the number,
which lie in them, outside the printer's band (`PageFrame` margins are at least that band plus
room for them: pnp/pipeline/rulebook.py). Pure geometry.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.blocks import Heading
from ..model.units import MM
from .bookflow import FacePlace, PageFrame, Placed, PlacedUnit, Unit
from .booktype import BOX_PAD, Typesetter
from .items import Item, Shape, TextItem
from .textfit import Frag, Line, TextBlock

HEADER_SIZE = 7.5
NUMBER_SIZE = 8.5
NUMBER_ROOM = 9 * MM  # the contents' page numbers, right of the dot leaders


@dataclass(frozen=True)
class BookPage:
    number: int  # from 1
    width: float
    height: float
    items: tuple[Item, ...]
    figures: tuple[FacePlace, ...]


def cover(ts: Typesetter, title: str, subtitle: str, book_title: str, meta: list[str]) -> list[Unit]:
    """The cover title, centred across the text area."""
    look, width = ts.look, ts.width
    out: list[Unit] = []
    for text, font, size, style, colour, space in (
            (title, look.heading_font, look.title_size, "regular", look.heading_color, 0.0),
            (subtitle, look.font, look.size * 1.25, "italic", look.color, 1.2 * MM),
            (book_title, look.heading_font, look.heading_sizes[1], "regular", look.accent, 3.5 * MM)):
        if text:
            lines, pitch = ts.lines(text, 0, font, size, width, style=style, align="center", leading=1.15,
                                    hyphenate=False)  # (a title breaks between its words, or at its own hyphens)
            out += [Unit(pitch, (TextItem(0.0, 0.0, width, pitch, TextBlock((ln,), size, pitch), colour),), space=space,
                         span=True, keep=True, kind="cover") for ln in lines]
    for k, text in enumerate(t for t in meta if t):
        lines, pitch = ts.lines(text, 0, look.font, look.size, width, align="center")
        out += [Unit(pitch, (TextItem(0.0, 0.0, width, pitch, TextBlock((ln,), look.size, pitch), look.color),),
                     space=2.5 * MM if k == 0 else 0.0, span=True, keep=True, kind="cover") for ln in lines]
    rule = Shape("line", width * 0.3, 2.5 * MM, width * 0.4, 0.0, stroke=look.accent, width=0.8)
    out.append(Unit(6 * MM, (rule,), span=True, kind="cover"))
    return out


def contents(ts: Typesetter, heads: list[Heading], label: str) -> list[Unit]:
    """The table of contents: its title, then a line per heading of level 1 or 2."""
    look = ts.look
    size = look.heading_sizes[2] * 1.1
    lines, pitch = ts.lines(label, 0, look.heading_font, size, ts.width, align="left")
    out = [Unit(pitch, (TextItem(0.0, 0.0, ts.width, pitch, TextBlock((ln,), size, pitch), look.heading_color),),
                span=True, keep=True, kind="toc") for ln in lines]
    for head in (h for h in heads if h.level <= 2):
        indent = 0.0 if head.level == 1 else 4 * MM
        style = "bold" if head.level == 1 else "regular"
        found, pitch = ts.lines(head.text, head.line, look.font, look.size, ts.width - indent - NUMBER_ROOM,
                                style=style, align="left")
        for k, ln in enumerate(found):
            last = k == len(found) - 1
            item = TextItem(indent, 0.0, ln.width, pitch, TextBlock((ln,), look.size, pitch), look.color)
            out.append(Unit(pitch, (item,), span=True, target=head.anchor if last else None, kind="toc",
                            space=look.pitch * 0.25 if head.level == 1 and k == 0 else 0.0, line=head.line))
    out[-1] = replace(out[-1], height=out[-1].height + 4 * MM)
    return out


def finish(placed: Placed, frame: PageFrame, ts: Typesetter, header: str) -> list[BookPage]:
    pages: list[BookPage] = []
    chapter = ""
    for index, units in enumerate(placed.pages):
        items: list[Item] = _frames(placed, index, frame, ts)
        figures: list[FacePlace] = []
        chapter = _chapter(ts, units) or chapter
        for at in units:
            items += [replace(i, x=i.x + at.x, y=i.y + at.y) for i in at.unit.items]
            figures += [replace(f, x=f.x + at.x, y=f.y + at.y) for f in at.unit.figures]
            if at.unit.target is not None:
                items += _page_number(ts, at, placed.anchors.get(at.unit.target, 0), frame)
        if index:
            items += _header(ts, frame, header, chapter)
        items += _folio(ts, frame, index + 1)
        pages.append(BookPage(index + 1, frame.width, frame.height, tuple(items), tuple(figures)))
    return pages


def _chapter(ts: Typesetter, units: list[PlacedUnit]) -> str:
    """The text of the last chapter heading (level 1) that starts on the page, for its header."""
    found = ""
    for at in units:
        if at.unit.kind == "heading" and at.unit.anchor and at.unit.items:
            item = at.unit.items[0]
            if isinstance(item, TextItem) and item.block.size >= ts.look.heading_sizes[0] - 0.01:
                found = " ".join(f.text for f in item.block.lines[0].frags if f.text)
    return found


def _frames(placed: Placed, index: int, frame: PageFrame, ts: Typesetter) -> list[Item]:
    """The boxes' frames on the page, under their text: filled, with a rule at the left."""
    out: list[Item] = []
    for box, x, top, bottom, opens, closes in placed.frames(index):
        kind, indent, width = ts.boxes[box]
        fill = ts.look.fills.get(kind)
        top -= 0.0 if opens else BOX_PAD
        bottom += 0.0 if closes else BOX_PAD
        out.append(Shape("rect", x + indent, top, width, bottom - top, fill=fill, radius=1.2 * MM))
        out.append(Shape("line", x + indent, top, 0.0, bottom - top, stroke=ts.look.accent, width=2.2))
    return out


def _text(ts: Typesetter, text: str, size: float, x: float, y: float, align: str, style: str = "regular",
          colour: tuple[float, float, float] | None = None) -> TextItem:
    """One line of plain text whose baseline is at `y`, starting at `x` (left), centred on it or ending at it."""
    face = ts.ctx.fonts.face(ts.look.font, style)
    width = face.width(text, size)
    left = x - width if align == "right" else x - width / 2 if align == "center" else x
    line = Line(size, width, (Frag(0.0, text, face, size),))
    return TextItem(left, y - size, width, size * 1.2, TextBlock((line,), size, size * 1.2), colour or ts.look.color)


def _page_number(ts: Typesetter, at: PlacedUnit, number: int, frame: PageFrame) -> list[Item]:
    """A contents line's page number at the right of the text area, dot leaders before it."""
    item = at.unit.items[0]
    assert isinstance(item, TextItem)
    line = item.block.lines[0]
    right = at.x + frame.text_width()
    base = at.y + line.baseline
    num = _text(ts, str(number), ts.look.size, right, base, "right")
    start, end = at.x + item.x + line.width + 1.5 * MM, num.x - 1.5 * MM
    leader: list[Item] = [Shape("line", start, base, end - start, 0.0, stroke=ts.look.color, width=0.6, dash=(0.6, 2.4))] \
        if end > start + 2 * MM else []
    return leader + [num]


def _header(ts: Typesetter, frame: PageFrame, left: str, right: str) -> list[Item]:
    y = frame.top - 4.2 * MM
    x0, x1 = frame.inner, frame.width - frame.outer
    colour = ts.look.heading_color
    out: list[Item] = [_text(ts, left, HEADER_SIZE, x0, y, "left", "italic", colour)]
    if right:
        out.append(_text(ts, right, HEADER_SIZE, x1, y, "right", "regular", colour))
    out.append(Shape("line", x0, y + 1.6 * MM, x1 - x0, 0.0, stroke=ts.look.accent, width=0.4))
    return out


def _folio(ts: Typesetter, frame: PageFrame, number: int) -> list[Item]:
    y = frame.height - max(frame.bottom / 2, 6.5 * MM)
    return [_text(ts, str(number), NUMBER_SIZE, frame.inner + frame.text_width() / 2, y, "center")]
