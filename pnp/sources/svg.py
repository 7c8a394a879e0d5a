"""SVG files read as untrusted XML: parsed safely, their references confined and taken in, measured.

Contract: `load_svg(root, path)` reads an SVG file (a path already confined to the project `root`)
through `pnp.sources.files` and answers a `SafeSvg`: `root`, the sanitized lxml element tree (for
svglib to render a copy of: svglib writes into the tree it renders), `size` (its natural size: the viewBox's width and height, else
its width and height in points) and `inputs` (this file and every file it pulled in, with their
digests). It parses with lxml without entity expansion, DTD loading, network access or huge trees,
and raises `SvgError` (an `InputError`: a message naming the file) for what it will not draw:
XML that is not well-formed, an entity declaration, a root that is not `<svg>`, no size or a size
that is not finite and positive, a number that is not finite (`inf`, `nan`, `1e999`), a CSS
`@import` or `url()` other than `url(#id)`, a reference to a URL or to a file outside the project,
an embedded picture that is not a whole PNG or JPEG. A file referenced by a relative path is read
the same way, so it is an input of the run: an `<image>`'s PNG or JPEG becomes a `data:` URI and
the document a `<use>` points into is copied into the tree (its ids prefixed), so svglib is never
handed a file name to open. Parsed files are kept per path and digest (and their inputs' digests).
"""
from __future__ import annotations

import base64
import binascii
import copy
import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from lxml import etree

from ..core.errors import short
from ..core.fileio import digest
from .files import InputError, confine, input_digest, read_input
from .pictures import PictureError, probe_bytes

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MAX_SVG_BYTES = 32 * 1024 * 1024
MAX_CHAIN = 8  # documents pulled in through `<use>` of a `<use>`...
MAX_NUMBER = 1e15
SIDES = (1e-3, 1e9)  # the sides an SVG's viewBox (or width and height) may have
MAX_USES = 10_000  # copies <use> elements make, nested ones included: svglib draws no more (and drops the rest)
MAX_DEPTH = 100  # elements nested, through <use> elements too (svglib draws them by recursion)
MM = 72.0 / 25.4
_UNITS = {None: 0.75, "px": 0.75, "pt": 1.0, "pc": 12.0, "mm": MM, "cm": 10 * MM, "in": 72.0}
_LENGTH = re.compile(r"^\s*(\d*\.?\d+(?:[eE][-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|%)?\s*$")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_A_NUMBER = re.compile(r"(?i)(?<![a-z])(?:inf(?:inity)?|nan)(?![a-z])")
_URL = re.compile(r"(?i)url\(\s*['\"]?\s*([^)'\"\s]*)")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DATA = re.compile(r"(?i)^\s*data:image/(png|jpe?g);base64,")
NUMERIC = frozenset("""x y width height viewBox d points transform cx cy r rx ry x1 y1 x2 y2 fx fy dx dy
    stroke-width font-size opacity fill-opacity stroke-opacity stop-opacity offset stroke-dasharray
    stroke-dashoffset stroke-miterlimit letter-spacing word-spacing gradientTransform patternTransform
    refX refY markerWidth markerHeight rotate""".split())
URL_PROPERTIES = frozenset("fill stroke clip-path mask filter marker-start marker-mid marker-end".split())
_PARSED: OrderedDict[tuple[str, str], "SafeSvg"] = OrderedDict()
_KEPT = 256


class SvgError(InputError):
    """An SVG file pnp will not draw; `str()` says which and why."""


@dataclass(frozen=True)
class SafeSvg:
    root: Any  # lxml's _Element
    size: tuple[float, float]
    inputs: tuple[tuple[Path, str], ...]


def load_svg(root: Path, path: Path) -> SafeSvg:
    data = read_input(path, MAX_SVG_BYTES)
    key = (str(path), digest(data))
    found = _PARSED.get(key)
    if found is None or any(input_digest(p) != d for p, d in found.inputs[1:]):
        found = _Document(Path(root), (Path(path),)).load(Path(path), data)
        _PARSED[key] = found
        while len(_PARSED) > _KEPT:
            _PARSED.popitem(last=False)
    return found


class _Document:
    """One SVG document being sanitized; `chain`: the documents that pulled it in, itself last."""

    def __init__(self, project: Path, chain: tuple[Path, ...]):
        self.project, self.chain = project, chain
        self.inputs: list[tuple[Path, str]] = []
        self.pulled = 0
        self.tree: Any = None
        self.defs: Any = None

    def load(self, path: Path, data: bytes) -> SafeSvg:
        self.inputs.append((path, digest(data)))
        self.name = path.name
        self.tree = _parse(data, self.name)
        for element in list(self.tree.iter()):
            if isinstance(element.tag, str):  # (comments and processing instructions are dropped)
                self._element(element, path)
        if len(self.chain) == 1:  # the whole document, with what it pulled in
            _Uses(self.tree, self.name).count(self.tree, 0)
        return SafeSvg(self.tree, _size(self.tree, self.name), tuple(self.inputs))

    def _element(self, element: Any, path: Path) -> None:
        local = etree.QName(element).localname
        for attr, value in element.attrib.items():
            name = etree.QName(attr).localname if attr.startswith("{") else attr
            if attr in (XLINK_HREF, "href"):
                self._href(element, attr, value, local, path)
            elif name == "style" or name in URL_PROPERTIES:
                self._css(value, numbers=name == "style")
            if name in NUMERIC:
                self._numbers(value, name)
        if local == "style" and element.text:
            self._css(element.text, numbers=True)

    def _href(self, element: Any, attr: str, value: str, local: str, path: Path) -> None:
        if local == "a":  # a link: nothing to draw from it
            del element.attrib[attr]
        elif value.startswith("#"):
            return
        elif local == "image" and _DATA.match(value):
            element.set(attr, _data_picture(value, self.name))
        elif _SCHEME.match(value):
            raise SvgError(f"{self.name} refers to {short(value, 50)}: pnp reads no URL, only the project's files")
        elif local in ("image", "use"):
            file, _, fragment = unquote(value).partition("#")
            self._file(element, attr, file, fragment, local, path)
        else:
            raise SvgError(f"{self.name}: <{local}> refers to the file {short(value, 50)}; only <use> and "
                           "<image> may refer to other files")

    def _file(self, element: Any, attr: str, file: str, fragment: str, local: str, path: Path) -> None:
        try:
            target = confine(self.project, path.parent, file)
        except InputError as exc:
            raise SvgError(f"{self.name}: {exc}") from None
        if local == "image":
            if target.suffix.lower() == ".svg":
                raise SvgError(f"{self.name}: an <image> of an SVG file is not drawn; use <use> instead")
            data = read_input(target)
            self.inputs.append((target, digest(data)))
            element.set(attr, _data_uri(data, probe_bytes(data, target.name).format))
        elif target == path:
            element.set(attr, f"#{fragment}")
        else:
            element.set(attr, "#" + self._pull(target, fragment))

    def _pull(self, target: Path, fragment: str) -> str:
        """The id, in this tree, of what `<use>` shows of the document `target` (copied in)."""
        if target in self.chain or len(self.chain) >= MAX_CHAIN:
            raise SvgError(f"{self.name}: its <use> references loop or nest more than {MAX_CHAIN} files deep")
        inner = _Document(self.project, self.chain + (target,)).load(target, read_input(target, MAX_SVG_BYTES))
        self.inputs += inner.inputs
        self.pulled += 1
        prefix = f"pnp{len(self.chain)}x{self.pulled}-"
        pulled = copy.deepcopy(inner.root)
        _prefix_ids(pulled, prefix)
        pulled.set("id", pulled.get("id") or f"{prefix}document")
        if fragment and not pulled.xpath("//*[@id=$id]", id=prefix + fragment):
            raise SvgError(f"{self.name}: {target.name} has no element of id {short(fragment, 40)}")
        self._definitions().append(pulled)
        return prefix + fragment if fragment else pulled.get("id")

    def _definitions(self) -> Any:
        if self.defs is None:
            self.defs = etree.Element(f"{{{SVG_NS}}}defs")
            self.tree.insert(0, self.defs)
        return self.defs

    def _css(self, text: str, numbers: bool) -> None:
        if "@import" in text.lower():
            raise SvgError(f"{self.name}: its CSS imports another file (@import); pnp reads no such file")
        for target in _URL.findall(text):
            if not target.startswith("#"):
                raise SvgError(f"{self.name}: its CSS refers to {short(target, 50)}; only url(#id) is drawn")
        if numbers:
            for declaration in re.split(r"[;{}]", text):
                prop, _, value = declaration.partition(":")
                if prop.strip() in NUMERIC:
                    self._numbers(value, prop.strip())

    def _numbers(self, value: str, name: str) -> None:
        bad = _NOT_A_NUMBER.search(value) or next(
            (m for m in _NUMBER.finditer(value) if not abs(float(m.group())) <= MAX_NUMBER), None)
        if bad:
            raise SvgError(f"{self.name}: {name}={short(value, 40)} holds {bad.group()!r}, not a finite number")


def _parse(data: bytes, name: str) -> Any:
    if b"<!ENTITY" in data.split(b"<svg", 1)[0]:  # refused before libxml2 reads any of them
        raise SvgError(f"{name} declares XML entities, which pnp does not expand: save it again without them")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True, dtd_validation=False)
    try:
        tree = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SvgError(f"{name} is not well-formed XML (line {exc.lineno}: {short(exc.msg, 80)})") from None
    dtd = tree.getroottree().docinfo.internalDTD
    if (dtd is not None and any(True for _ in dtd.iterentities())) or any(True for _ in tree.iter(etree.Entity)):
        raise SvgError(f"{name} declares XML entities, which pnp does not expand: save it again without them")
    if tree.tag not in (f"{{{SVG_NS}}}svg", "svg"):
        raise SvgError(f"{name} is not an SVG document (its root is <{short(etree.QName(tree).localname, 30)}>)")
    return tree


def _size(tree: Any, name: str) -> tuple[float, float]:
    """The viewBox's width and height, else the width and height in points; both finite, positive,
    and within SIDES (a side of 1e-300 would be drawn at a scale no PDF number holds)."""
    box, width, height = tree.get("viewBox"), tree.get("width"), tree.get("height")
    sides = [_length(side, name, relative=box is not None) for side in (width, height) if side is not None]
    if box is not None:
        parts = [p for p in re.split(r"[\s,]+", box.strip()) if p]
        numbers = [float(p) for p in parts if _NUMBER.fullmatch(p)]
        if len(numbers) != 4 or len(parts) != 4 or min(numbers[2:]) <= 0:
            raise SvgError(f"{name}: viewBox={short(box, 40)} is not four numbers with a positive width and height")
        if not all(SIDES[0] <= n <= SIDES[1] for n in numbers[2:]) or max(map(abs, numbers[:2])) > SIDES[1]:
            raise SvgError(f"{name}: viewBox={short(box, 40)} is out of range: pnp draws SVGs whose viewBox is "
                           f"{SIDES[0]:g} to {SIDES[1]:g} units a side, starting within {SIDES[1]:g} of 0")
        return numbers[2], numbers[3]
    if len(sides) != 2:
        raise SvgError(f"{name} has no size: give its <svg> a viewBox, or a width and a height")
    return sides[0], sides[1]


def _length(text: str, name: str, relative: bool) -> float:
    match = _LENGTH.match(text)
    if match and match.group(2) == "%" and relative:
        return 0.0
    value = float(match.group(1)) * _UNITS[match.group(2)] if match and match.group(2) != "%" else 0.0
    if not 0 < value <= MAX_NUMBER:
        raise SvgError(f"{name}: its size {short(text, 30)} is not a positive length (like 20mm or 64)")
    if not SIDES[0] <= value <= SIDES[1]:
        raise SvgError(f"{name}: its size {short(text, 30)} is out of range: pnp draws SVGs of {SIDES[0]:g} to "
                       f"{SIDES[1]:g} points a side")
    return value


def _data_picture(value: str, name: str) -> str:
    """An embedded `data:` picture, checked whole, as the `data:` URI svglib reads."""
    found = _DATA.match(value)
    assert found is not None
    try:
        data = base64.b64decode(re.sub(r"\s+", "", value[found.end():]), validate=True)
        return _data_uri(data, probe_bytes(data, f"{name}'s embedded picture").format)
    except binascii.Error:
        raise SvgError(f"{name}: an embedded picture is not valid base64") from None
    except PictureError as exc:
        raise SvgError(str(exc)) from None


def _data_uri(data: bytes, kind: str) -> str:
    return f"data:image/{'png' if kind == 'PNG' else 'jpeg'};base64,{base64.b64encode(data).decode()}"


def _prefix_ids(tree: Any, prefix: str) -> None:
    """Every id of a copied document, and every `#id` and `url(#id)` pointing at one, prefixed."""
    def url(match: re.Match[str]) -> str:
        return match.group(0).replace("#", "#" + prefix, 1)

    for element in tree.iter():
        if not isinstance(element.tag, str):
            continue
        for attr, value in element.attrib.items():
            if attr == "id":
                element.set(attr, prefix + value)
            elif attr in (XLINK_HREF, "href") and value.startswith("#"):
                element.set(attr, "#" + prefix + value[1:])
            elif "url(" in value:
                element.set(attr, _URL.sub(url, value))
        if etree.QName(element).localname == "style" and element.text and "url(" in element.text:
            element.text = _URL.sub(url, element.text)


class _Uses:
    """The copies a document's `<use>` elements make when it is drawn, nested ones counted (a
    `<use>` of an element holding ten `<use>`s makes eleven): more than MAX_USES, a `<use>` of an
    element that holds it (a loop), or elements nested deeper than MAX_DEPTH (through `<use>`s too:
    svglib draws them by recursion) is an `SvgError`. Content of `<defs>` and `<symbol>` counts only
    where a `<use>` shows it."""

    def __init__(self, tree: Any, name: str):
        self.name = name
        self.ids = {e.get("id"): e for e in tree.iter() if isinstance(e.tag, str) and e.get("id")}
        self.known: dict[tuple[int, bool], int] = {}
        self.open: set[int] = set()

    def count(self, element: Any, depth: int, shown: bool = False) -> int:
        key = (id(element), shown)
        if key in self.known:
            return self.known[key]
        if id(element) in self.open or depth > MAX_DEPTH:
            raise SvgError(f"{self.name}: " + ("a <use> shows an element that holds it (a loop)" if id(element) in
                                               self.open else f"its elements nest more than {MAX_DEPTH} deep (through "
                                               "<use> elements too)"))
        local = etree.QName(element).localname
        total = 0
        self.open.add(id(element))
        if local == "use":
            href = element.get(XLINK_HREF) or element.get("href") or ""
            target = self.ids.get(href[1:]) if href.startswith("#") else None
            total = 1 + (self.count(target, depth + 1, shown=True) if target is not None else 0)
        elif shown or local not in ("defs", "symbol"):
            for child in element:
                total += self.count(child, depth + 1) if isinstance(child.tag, str) else 0
                if total > MAX_USES:
                    break
        self.open.discard(id(element))
        if total > MAX_USES:
            raise SvgError(f"{self.name}: its <use> elements make more than {MAX_USES:,} copies (nested ones "
                           "counted); pnp draws at most that many")
        self.known[key] = total
        return total
