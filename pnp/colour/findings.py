"""What a CMYK build printed past the ink limit, reported where the designer wrote it.

Contract: `ink_problems(ink, kit, library)` turns what a run's `convert.CmykInk` recorded over its
limit into warnings (a print service may refuse the file or print it muddy; `--strict` makes them
errors): a colour at each palette entry and each colour written in an element (or as a layout's
`background`) of the kit's layouts that holds it, found once however many layouts inherit it
(`library.ref` says where a value is written), else — a colour a card's field or a map gave — once
for the kit naming the colour; a picture at its file. Each names its inks and its total ink:
`palette 'nuit': #101830 prints as C88 M77 Y40 K53, 258 % of ink, over the 240 % limit`.
`kit_colours(kit, library)` lists the colours a kit writes — those of its layouts and the `#rrggbb`
values of its cards' fields — for the run to convert at once before it draws (`CmykInk.prefetch`).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from ..core.errors import Problem, Ref
from ..layout.assets import colour, palette_entry
from ..model.kit import Kit
from .convert import RGB, CmykInk, coverage

COLOUR_KEYS = ("fill", "stroke", "color", "outline", "ring", "header_fill", "stripe", "header_color")


def ink_problems(ink: CmykInk, kit: Kit, library: Any) -> list[Problem]:
    if not ink.over and not ink.pictures_over:
        return []
    found: dict[Ref, Problem] = {}
    placed: set[RGB] = set()
    for rgb, where, ref in _definitions(kit, library):
        match = next((over for over in ink.over if _same(over, rgb)), None)
        if match is not None and ref not in found:
            found[ref] = _colour_problem(ink, match, where, ref)
            placed.add(match)
    loose = [_colour_problem(ink, rgb, f"kit {kit.name!r}", None) for rgb in ink.over if rgb not in placed]
    pictures = [Problem(f"prints with up to {highest:.0f} % of ink, over the {ink.limit:g} % limit (--ink-limit): "
                        "a print service may refuse it or print it dark and muddy; lighten its shadows",
                        f"kit {kit.name!r}, picture {_shown(name, kit.root)}", severity="warning")
                for name, highest in sorted(ink.pictures_over.items())]
    return list(found.values()) + loose + pictures


def kit_colours(kit: Kit, library: Any) -> list[RGB]:
    from ..model.units import hex_to_rgb, is_hex_colour

    found = [rgb for rgb, _, _ in _definitions(kit, library)]
    found += [hex_to_rgb(v) for deck in kit.decks for card in deck.cards for v in card.fields.values()
              if isinstance(v, str) and is_hex_colour(v)]
    return found


def _definitions(kit: Kit, library: Any) -> Iterator[tuple[RGB, str, Ref]]:
    """(colour, where in words, where written) of every colour the kit's layouts write."""
    for name, layout in sorted(kit.layouts.items()):
        for entry in layout.palette:
            rgb, _ = palette_entry(entry, layout.palette)
            if rgb is not None:
                yield rgb, f"palette {entry!r}", library.ref(name, "palette", entry)
        written = [(layout.background, "background", ("background",))] + [
            (getattr(spec, key, None), f"element {element!r}", ("elements", element, key))
            for element, spec in layout.elements.items() for key in COLOUR_KEYS]
        for value, what, path in written:
            rgb = colour(value, layout.palette)[0] if isinstance(value, str) and "{" not in value else None
            if rgb is not None and value not in layout.palette:  # (a palette name: reported at its entry)
                yield rgb, f"layout {name!r}, {what}", library.ref(name, *path)


def _colour_problem(ink: CmykInk, rgb: RGB, where: str, ref: Ref | None) -> Problem:
    inks = ink.cmyk(rgb)
    words = " ".join(f"{plate}{round(v * 100)}" for plate, v in zip("CMYK", inks))
    return Problem(f"{_hex(rgb)} prints as {words}, {coverage(inks):.0f} % of ink, over the {ink.limit:g} % limit "
                   "(--ink-limit): a print service may refuse it or print it muddy; lighten or desaturate it",
                   where, ref, severity="warning")


def _same(a: RGB, b: RGB) -> bool:
    return all(abs(x - y) < 0.5 / 255 for x, y in zip(a, b))


def _hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)


def _shown(name: str, kit_root: Path) -> str:
    path = Path(name)
    for base in (kit_root.parent.parent, kit_root):
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return path.name
