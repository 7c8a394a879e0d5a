"""The rulebook component: a `kind: rulebook` file, its Markdown text, its style and its figures.

Contract: `RulebookFile` validates a `kind: rulebook` file (unknown keys refused): `name`, `title`,
`source` (the Markdown text, in the kit), `columns` (1 or 2), `toc`, `booklet`, `style` (a layout of
`kind: rulebook` in layouts/, merged through `extends` like every layout) and `pages` (the most pages
it may take; a text that needs more is a problem). `RulebookStyle` is such a layout validated:
fonts, sizes, leading, colours, margins, alignment and hyphenation; `RulebookStyle()` is the
built-in style. `FigureSpec` validates the YAML body of a ```figure block: exactly one of `card:
DECK/ID`, `deck:` (with `cards:` and `arrange:`) or `sheet:` (with `page:` and `region:`).
`read_rulebook(...)` (called by `pnp.model.load`) reads the text through `pnp.sources.files` (inside
the project, recorded as an input of the build), parses it (`pnp.sources.markdown`) and each figure
(located at its lines in the text) into a `Rulebook`. Which deck, card or sheet a figure names is
checked by the run (`pnp/pipeline/rulebook.py`), which knows the kit's material. `shown(kind, value)` says
whether a `::: when` / `::: unless` box shows its content for a value (the one rule, for the book and
the drift scan); `printed_texts(book, values)` gives every text the book prints for those values, as
written (templates unfilled), with the `Ref` of its line, and `text_ref(book, ref, text, start)` the
`Ref` of the line and column where a part of such a text is written (what the drift scan reports).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Callable, Iterator, Literal, Mapping, Self

from ..core.blocks import Block, Box, Fence, Heading, Items, Para, PipeTable
from ..core.errors import Loc, Problem, Ref
from ..sources.markdown import parse_rules
from .names import check_name
from .schema import Before, Field, field_validator, model_validator
from .units import MM, DimField, FontSize, Length
from .validate import StrictModel, validate

MAX_TEXT_BYTES = 4 * 1024 * 1024  # a rulebook's text: a book, not a data dump


class RulebookFile(StrictModel):
    kind: Literal["rulebook"]
    name: str
    title: str = ""
    source: str
    columns: int = Field(default=1, ge=1, le=2)
    toc: bool = False
    booklet: bool = True
    style: str | None = None
    pages: int | None = Field(default=None, ge=1, le=400)

    @field_validator("name")
    @classmethod
    def _slug(cls, value: str) -> str:
        return check_name(value)  # (a rulebook's name names its PDFs: pnp.model.names's rule)


class RulebookStyle(StrictModel):
    """A rulebook's typography (a layout of `kind: rulebook`)."""

    name: str = ""
    extends: str | list[str] | None = None  # merged away by layouts.py
    kind: Literal["rulebook"] = "rulebook"
    description: str = ""
    font: str = "Noto Sans"
    heading_font: str = "Bree Serif"
    size: FontSize = 9.5
    booklet_size: FontSize = 10.5  # the booklet's text: its one column is wider than a page's two
    leading: float = Field(default=1.38, ge=1.0, le=2.5)
    h1: FontSize = 17.0
    h2: FontSize = 13.0
    h3: FontSize = 10.5
    title_size: FontSize = 30.0
    color: str = "#1f1f1f"
    heading_color: str = "#6b2d12"
    accent: str = "#b8862b"
    note_fill: str = "#f4efe3"
    example_fill: str = "#eef3f7"
    palette: dict[str, str] = {}
    margin: Length = 16 * MM
    booklet_margin: Length = 13 * MM
    column_gap: Length = 7 * MM
    paragraph_gap: float = Field(default=0.45, ge=0.0, le=3.0)  # in lines
    align: Literal["justify", "left"] = "justify"
    hyphenate: bool = True

    @field_validator("margin", "booklet_margin")
    @classmethod
    def _margin(cls, value: float) -> float:
        if not 5 * MM <= value <= 60 * MM:
            raise ValueError("must be between 5 mm (the printer's margin) and 60 mm")
        return value


def _card_id(value: object) -> object:
    """A card id written as a number (a generated deck's `9`) is the id "9", as `when` values are."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


CardId = Annotated[str, Before(_card_id)]


class FigureSpec(StrictModel):
    card: str | None = None
    side: Literal["front", "back"] = "front"
    deck: str | None = None
    cards: list[CardId] | None = None
    arrange: Literal["fan", "row", "grid"] = "row"
    sheet: str | None = None
    page: int = Field(default=1, ge=1, le=200)
    region: list[Length] | None = None
    caption: str = ""
    width: DimField | None = None

    @model_validator(mode="after")
    def _one_subject(self) -> Self:
        given = [k for k in ("card", "deck", "sheet") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("a figure draws one of `card: DECK/ID`, `deck: NAME` or `sheet: NAME`"
                             + (f" (got {' and '.join(given)})" if given else ""))
        if self.card is not None and "/" not in self.card:
            raise ValueError("`card` is DECK/CARD-ID, such as cartes/2-ankh-bleu-pierre")
        if self.cards is not None and self.deck is None:
            raise ValueError("`cards` lists cards of a `deck:`")
        if self.region is not None and (self.sheet is None or len(self.region) != 4):
            raise ValueError("`region` is [x, y, w, h] on a `sheet:` page")
        return self


@dataclass(frozen=True)
class Figure:
    spec: FigureSpec
    line: int


@dataclass(frozen=True)
class Rulebook:
    name: str
    title: str
    spec: RulebookFile
    ref: Ref
    display: str  # the text's file, as problems name it
    blocks: tuple[Block, ...]
    figures: dict[int, Figure]  # by the line of their fence
    style: RulebookStyle
    lines: tuple[str, ...]  # the text's lines, to locate what a line's block holds

    @property
    def where(self) -> str:
        return f"rulebook {self.name!r}"


def read_rulebook(spec: RulebookFile, ref: Ref, text: str, display: str, style: RulebookStyle,
                  parse_yaml: Callable) -> tuple[Rulebook, list[Problem]]:
    """The rulebook of `spec` from its text (already read), with the problems of its blocks and figures."""
    where = f"rulebook {spec.name!r}"
    blocks, problems = parse_rules(text, display, where)
    figures: dict[int, Figure] = {}
    for fence in _fences(blocks):
        figure, found = _figure(fence, display, where, parse_yaml)
        problems += found
        if figure is not None:
            figures[fence.line] = figure
    book = Rulebook(spec.name, spec.title or spec.name, spec, ref, display, blocks, figures, style,
                    tuple(text.splitlines()))
    return book, problems


_CAPTION = re.compile(r"^(caption:[ \t]*)(?![\"'|>])(\S.*?)[ \t]*$", re.M)


def _captions(body: str) -> str:
    """A caption written plain is text to the end of its line, French colons and all (`Une carte :
    sa valeur`), which plain YAML would refuse: it is quoted before the YAML is read."""
    return _CAPTION.sub(lambda m: m.group(1) + json.dumps(m.group(2), ensure_ascii=False), body)


def _fences(blocks: tuple[Block, ...]) -> list[Fence]:
    out: list[Fence] = []
    for block in blocks:
        if isinstance(block, Fence):
            out.append(block)
        elif isinstance(block, Box):
            out += _fences(block.children)
        elif isinstance(block, Items):
            for item in block.items:
                out += _fences(item)
    return out


def _figure(fence: Fence, display: str, where: str, parse_yaml: Callable) -> tuple[Figure | None, list[Problem]]:
    """A ```figure block's YAML, validated; its problems located at their lines in the text (the
    body is parsed after as many blank lines as precede it, so the YAML's lines are the text's)."""
    if fence.info != "figure":
        what = "a code block cannot be printed in a rulebook (a figure is a ```figure block)"
        return None, [Problem(what, where, loc=Loc(display, fence.line, 1), got=fence.info or None)]
    if not fence.body.strip():
        return None, [Problem("a figure block holds YAML: `card:`, `deck:` or `sheet:`, and a `caption:`", where,
                              loc=Loc(display, fence.line, 1))]
    data, locator, problems = parse_yaml("\n" * fence.line + _captions(fence.body), display)
    if data is None:
        return None, problems
    spec, found = validate(FigureSpec, data, Ref(display), f"{where}, figure")
    located = [p.located(locator.key_loc(p.ref.path) if p.at_key else locator.loc(p.ref.path))
               if p.ref is not None else p for p in problems + found]
    return (Figure(spec, fence.line) if spec is not None else None), located


def shown(kind: str, value: object) -> bool:
    """Whether a `::: when` (`kind` "when") or `::: unless` box shows its content for `value`: `when`
    for a value that is true, non-zero or non-empty (a range that holds a number), `unless` otherwise."""
    true = len(value) > 0 if isinstance(value, range) else bool(value)
    return true != (kind == "unless")


def printed_texts(book: Rulebook, values: Mapping[str, object] | None = None) -> list[tuple[str, Ref]]:
    """Every text the book prints, as written (templates unfilled), with where it is written: a `Ref`
    of the text file whose path is `(line,)` (`pnp.sources.locator.LineLocator` makes it `LINE:1`).
    With `values` (the kit's printed values), the content of a `::: when` / `::: unless` box that is
    hidden for them is left out; a box whose value is unknown (the model did not run) is read."""
    return list(_texts(book, book.blocks, values or {}, values is None))


def _texts(book: Rulebook, blocks: tuple[Block, ...], values: Mapping[str, object],
           every: bool) -> Iterator[tuple[str, Ref]]:
    for block in blocks:
        ref = Ref(book.display, (block.line,))
        if isinstance(block, Box) and block.kind in ("when", "unless"):
            name = block.arg.split()[0]
            if every or name not in values or shown(block.kind, values[name]):
                yield from _texts(book, block.children, values, every)
        elif isinstance(block, Box):
            yield from [(block.arg, ref)] if block.kind == "example" and block.arg else []
            yield from _texts(book, block.children, values, every)
        elif isinstance(block, Items):
            for item in block.items:
                yield from _texts(book, item, values, every)
        elif isinstance(block, (Heading, Para)):
            yield block.text, ref
        elif isinstance(block, PipeTable):
            yield from ((cell, ref) for row in (block.header,) + block.rows for cell in row)
        elif isinstance(block, Fence) and block.line in book.figures and book.figures[block.line].spec.caption:
            yield book.figures[block.line].spec.caption, Ref(book.display, (_caption_line(book, block),))


def _caption_line(book: Rulebook, fence: Fence) -> int:
    """The line of a figure's `caption:` (the fence's next line when it cannot be found)."""
    body = book.lines[fence.line:fence.line + fence.body.count("\n")]
    return next((fence.line + k for k, line in enumerate(body, 1) if line.lstrip().startswith("caption:")),
                fence.line + 1)


def text_ref(book: Rulebook, ref: Ref, text: str, start: int, end: int) -> Ref:
    """The `Ref` (line, column) where `text[start:end]`, part of a text `printed_texts` gave at `ref`,
    is written in the file: its occurrence of the same rank, from the text's line on, words matched
    across line breaks and without regard to case; `ref` itself when it cannot be found."""
    part = text[start:end]
    if not part.strip() or not ref.path or not isinstance(ref.path[0], int):
        return ref
    pattern = re.compile(r"\s+".join(re.escape(word) for word in part.split()), re.I)
    rank = len(pattern.findall(text[:start]))
    first = ref.path[0]
    source = "\n".join(book.lines[first - 1:first + 200])
    found = list(pattern.finditer(source))
    if rank >= len(found):
        return ref
    at = found[rank].start()
    line = source.count("\n", 0, at)
    col = at - (source.rfind("\n", 0, at) + 1)
    return Ref(ref.file, (first + line, col + 1))
