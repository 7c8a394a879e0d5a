"""An element's geometry keys: where each is written, whether the studio may write it, and how.

Contract: `key_spots(root, library, layout, element_name, element, size, locators)` answers, per
geometry key of the element (`x`, `y`, `w`, `h` and its angle; a line's `x`, `y`, `x2`, `y2`), the
text written for it (None: not written, the default applies), its unit (`mm`, `cm`, `in`, `pt`,
`%`), the layout and file:line:col that define it (`LayoutLibrary.ref`: extends resolved), and
whether the studio may write it, or why not. `plan_edit(root, library, layout, element_name,
element, size, values, opened)` turns new values (lengths in points, the angle in degrees) into the
new texts of the files that define them (`yamledit.set_scalar`), each written in the unit it was
written in (mm for a key not written yet; `%` of the card, or of the page's content box, stays `%`).
It refuses (`EditError`): a key of an element placed by `box:`, a value defined by a parent layout
(`extends`) the designer did not open (`opened`), one outside the project's YAML files (a data
file's), a width or height of 0 or less, an angle the element cannot take.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from ..core.errors import Ref
from ..model.units import MM, UNITS
from ..sources.files import InputError, inside
from .yamledit import EditError, find, set_scalar

if TYPE_CHECKING:  # pragma: no cover
    from ..model.layout import Layout
    from ..model.layouts import LayoutLibrary
    from ..sources.locator import LocatorRegistry

ANGLE_KEYS = ("angle", "rotate")  # the first the element's model has is the one written
_WRITTEN = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%)?\s*$")
_ACROSS = {"x": 0, "w": 0, "x2": 0, "y": 1, "h": 1, "y2": 1}  # the side a key's % is a fraction of
EDITABLE = (".yaml", ".yml")


def angle_key(element: object) -> str:
    fields = getattr(type(element), "model_fields", {})
    return next((key for key in ANGLE_KEYS if key in fields), "rotate")


def quarter_turns(element: object) -> bool:
    """Whether the element's angle takes quarter turns only (a `Literal[0, 90, 180, 270]`)."""
    info = getattr(type(element), "model_fields", {}).get(angle_key(element))
    annotation = getattr(info, "annotation", None)
    return get_origin(annotation) is Literal and set(get_args(annotation)) <= {0, 90, 180, 270}


def geometry_keys(element: object) -> tuple[str, ...]:
    if getattr(element, "type", "") == "line":
        return ("x", "y", "x2", "y2")
    return ("x", "y", "w", "h", angle_key(element))


def key_spots(root: Path, library: "LayoutLibrary", layout: "Layout", name: str, element: Any,
              size: tuple[float, float], locators: "LocatorRegistry") -> dict[str, dict]:
    texts: dict[str, str | None] = {}
    out = {}
    for key in geometry_keys(element):
        ref = library.ref(layout.name, "elements", name, key)
        text, why = _written(root, ref, texts)
        why = why or _refusal(layout, element, key, ref, set(), root)
        loc = locators.locate(ref)
        out[key] = {"text": text, "unit": unit_of(text, key), "layout": ref.path[0] if ref.path else None,
                    "file": loc.file, "line": loc.line, "col": loc.col, "editable": not why, "why": why,
                    "value": _value(element, key, size)}
    return out


def plan_edit(root: Path, library: "LayoutLibrary", layout: "Layout", name: str, element: Any,
              size: tuple[float, float], values: dict[str, float], opened: set[str]) -> dict[str, str]:
    """The new text of each file the edit changes, by its project-relative name."""
    texts: dict[str, str | None] = {}
    edited: dict[str, str] = {}
    for key, value in values.items():
        if key not in geometry_keys(element):
            raise EditError(f"{key!r} is not a geometry key of element {name!r}")
        ref = library.ref(layout.name, "elements", name, key)
        text, why = _written(root, ref, texts)
        why = why or _refusal(layout, element, key, ref, opened, root)
        if why:
            raise EditError(f"{key} of element {name!r}: {why}")
        new = _angle(element, value) if key in ANGLE_KEYS else written_as(text, key, value, size)
        current = edited.get(ref.file) or _read(root, ref.file)
        edited[ref.file] = set_scalar(current, ref.path, new, ref.file)
    return edited


def _refusal(layout: "Layout", element: Any, key: str, ref: Ref, opened: set[str], root: Path) -> str:
    """Why the studio may not write `key`, or ''."""
    if getattr(element, "box", None) and key in ("x", "y", "w", "h"):
        return f"the element is placed by `box: {element.box}`, which sets its box"
    if not ref.file.endswith(EDITABLE) or not ref.path:
        return f"it comes from {ref.file}, a data file: edit it there"
    owner = str(ref.path[0])
    if owner != layout.name and owner not in opened:
        return (f"it comes from layout {owner!r} ({ref.file}), which {layout.name!r} extends: open {owner!r} "
                "to edit it there (every layout that extends it changes)")
    try:
        confined(root, ref.file)
    except EditError as error:
        return str(error)
    return ""


def _written(root: Path, ref: Ref, texts: dict[str, str | None]) -> tuple[str | None, str]:
    """The text written at `ref` (None when not written) and why it cannot be written in place ('')."""
    if ref.file not in texts:
        try:
            texts[ref.file] = _read(root, ref.file) if ref.file.endswith(EDITABLE) else None
        except EditError:
            texts[ref.file] = None
    text = texts[ref.file]
    if text is None:
        return None, ""
    try:
        spot = find(text, ref.path, ref.file)
    except EditError as error:
        return None, str(error)
    if spot.node is None or spot.merged:
        return (spot.node.value if spot.node is not None else None), ""
    return spot.node.value, ""


def confined(root: Path, display: str) -> Path:
    """The project's YAML file `display`, resolved; an EditError for anything else."""
    if not display.endswith(EDITABLE):
        raise EditError(f"{display} is not a YAML file of the project")
    try:
        path = inside(root, Path(root) / display)
    except InputError as error:
        raise EditError(str(error)) from None
    if not path.is_file() or path.is_symlink():
        raise EditError(f"{display} is not a plain file of the project")
    return path


def _read(root: Path, display: str) -> str:
    try:
        return confined(root, display).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise EditError(f"cannot read {display} ({error})") from None


def unit_of(text: str | None, key: str) -> str:
    if key in ANGLE_KEYS:
        return "°"
    found = _WRITTEN.match(text) if text is not None else None
    return (found.group(2) or "mm") if found else "mm"


def written_as(text: str | None, key: str, points: float, size: tuple[float, float]) -> str:
    """`points` written in the unit of `text` (mm when the key is not written, or is a bare number)."""
    if key in ("w", "h") and points <= 0:
        raise EditError(f"{key} must be more than 0 (got {points / MM:.2f} mm)")
    unit = unit_of(text, key)
    if unit == "%":
        return f"{_number(points / size[_ACROSS[key]] * 100)}%"
    number = _number(points / (MM if unit == "mm" else UNITS[unit]))
    bare = unit == "mm" and (text is None or not text.strip().endswith("mm"))
    return number if bare else f"{number}{unit}"


def _angle(element: Any, degrees: float) -> str:
    turned = round(degrees) % 360 if quarter_turns(element) else round(degrees % 360, 2)
    if quarter_turns(element) and turned not in (0, 90, 180, 270):
        raise EditError(f"the element turns by quarter turns only (0, 90, 180, 270; got {degrees:g})")
    return _number(turned)


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _value(element: Any, key: str, size: tuple[float, float]) -> float:
    """The key's value as laid out: points, or degrees for the angle."""
    if key in ANGLE_KEYS:
        return float(getattr(element, key, 0) or 0)
    dim = getattr(element, key, None)
    across = size[_ACROSS[key]]
    if dim is None:  # w, h not written: to the right or bottom edge
        start = getattr(element, "x" if key == "w" else "y")
        return float(across - start.pt(across))
    return float(dim.pt(across))
