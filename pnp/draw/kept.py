"""Pages kept between the builds of a resident process: a page whose faces did not change is not
drawn again, its finished operators are copied into the new document (issue 23, item 2).

Contract: `KeptPages` (one per resident session) holds, per PDF, the pages of its last drawing.
`KeptPages.run(path)` answers the `PageRun` of one drawing of that PDF: `reuse(canvas, key, faces)`
copies the page kept at this page number onto the canvas and answers True when it was drawn from
the same `key` (the plan, the side, the notes: compared with ==) and the very same face objects
(compared with `is`: the faces come from the session's face memory, `pipeline.faces`, which hands
out the same object for the same values), on a document in the same state — the fonts' subsets
(a text's operators encode its characters with the codes assigned so far), the document's objects
and the graphics-state dictionary —, and when drawing it changed none of that state (a page that
defined a form, an image or a subset character is never kept: the next document must do it
again). Otherwise the caller draws the page between `begin(canvas)` and `record(canvas, key,
faces, begun)`, which keeps it. So a kept page's bytes are the bytes drawing it gives: the same
PDF as a cold build. `ended(canvas)`, after each page is shown, sets its content stream formatted
(compressed) once, and for a copied page, as last time; its page dictionary too is formatted once
(`_KeptPage`: the bytes of last time while everything it is formatted from is the same, the object
numbers it refers to included). `end()` makes the pages of this drawing the ones kept
(`KeptPages.reused`: how many it copied); `clear()` forgets all.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from ..layout.imposition import Slot
from ..layout.items import Face
from ..layout.marks import Box
from .keptdoc import WHOLE, KeptDocument
from .keptspans import Spans


@dataclass
class _Page:
    key: object
    faces: tuple[Face | None, ...]
    state: tuple
    clean: bool  # drawing it changed no state of the document
    code: list[str]
    resources: tuple[list[str], dict[Any, Any], dict[Any, Any], int]  # forms, colours, shadings, images
    formatted: tuple[str, bytes] | None = None  # its content stream's text and the bytes written for it
    dictionary: tuple[tuple, bytes] | None = None  # its page dictionary's inputs and the bytes formatted for them
    shown: tuple[tuple, dict[str, Any], list[str], tuple | None] | None = None  # what ended it (`_showing`),
    # its page object's attributes then, its operators as the page callback saw them, and `_fixed` of them


class _Formatted(pdfdoc.PDFStream):
    """A page's content stream formatted once: the bytes `PDFStream.format` gives for its text."""

    __Comment__ = "page stream"

    def __init__(self, data: bytes):  # (nothing of a PDFStream's own is read: `format` is this one)
        self.data = data

    def format(self, document: Any) -> bytes:
        return self.data


class _Operators(list):
    """A copied page's operators as the page callback reads them: the same list every time it is
    copied, which the callback's digest is kept in (`output._page_digest`)."""

    digest: str | None = None


class KeptPages:
    def __init__(self) -> None:
        self._files: dict[str, list[_Page]] = {}
        self._spans: dict[str, dict] = {}  # PDF path -> the faces' spans of its last drawing (draw/keptspans.py)
        self.subsets: dict[tuple, tuple] = {}  # fonts' subsets as met, each the one object (`_state`)
        self.reused: dict[str, int] = {}  # PDF path -> the pages its last drawing copied

    def run(self, path: str) -> "PageRun":
        return PageRun(self, path, self._files.get(path, []), Spans(self._spans.get(path, {})))

    def keep(self, path: str, pages: list[_Page], spans: Spans | None = None) -> None:
        self._files[path] = pages
        if spans is not None:
            self._spans[path] = spans.spans

    def clear(self) -> None:
        self._files.clear()
        self._spans.clear()
        self.subsets.clear()
        self.reused.clear()


class PageRun:
    """One drawing of one PDF: its pages kept from the last drawing, and those of this one."""

    def __init__(self, store: KeptPages, path: str, old: list[_Page], spans: Spans | None = None):
        self.store, self.path, self.old = store, path, old
        self.spans = spans if spans is not None else Spans({})  # the faces of the pages drawn (keptspans.py)
        self.new: list[_Page] = []
        self.reused = 0
        self._subsets: dict[str, list[Any]] = {}  # a font's state in this document, its next code, its subsets

    def _state(self, c: Canvas) -> tuple:
        return _state(c, self._subsets, self.store.subsets)

    def _match(self, c: Canvas, key: object, faces: Sequence[Face | None]) -> _Page | None:
        number = len(self.new)
        page = self.old[number] if number < len(self.old) else None
        if page is None or not page.clean or page.key != key or len(page.faces) != len(faces) \
                or not all(map(operator.is_, page.faces, faces)) or page.state != self._state(c):
            return None
        return page

    def copy(self, c: Canvas, key: object, faces: Sequence[Face | None], trim: Box, bleed: Box) -> bool:
        """Set the page's boxes and, when `reuse` would copy it onto a fresh page that `showPage` would
        end as last time (`_showing`), end it without ReportLab's page machinery: a page object with
        last time's attributes, its formatted stream, added to the document, the page callback told,
        the canvas started on its next page as `showPage` leaves it. False: nothing else was done."""
        c._trimBox, c._bleedBox = trim, bleed  # noqa: SLF001 (what setTrimBox and setBleedBox set)
        page = self._match(c, key, faces) if _fresh(c) else None
        if page is None or page.shown is None or page.formatted is None or page.shown[0] != _showing(c):
            return False
        _show(c, page)
        self.new.append(page)
        self.reused += 1
        return True

    def reuse(self, c: Canvas, key: object, faces: Sequence[Face | None]) -> bool:
        page = self._match(c, key, faces)
        if page is None:
            return False
        c._code.extend(page.code)  # noqa: SLF001 (the page's operators, as drawing it gives them)
        forms, colours, shadings, images = page.resources
        c._formsinuse.extend(forms)  # noqa: SLF001
        c._colorsUsed.update(colours)  # noqa: SLF001
        c._shadingUsed.update(shadings)  # noqa: SLF001
        c._currentPageHasImages = images  # noqa: SLF001
        self.new.append(page)
        self.reused += 1
        return True

    def begin(self, c: Canvas) -> tuple[tuple, int]:
        return self._state(c), len(c._code)  # noqa: SLF001

    def record(self, c: Canvas, key: object, faces: Sequence[Face | None], begun: tuple[tuple, int]) -> None:
        state, start = begun
        clean = start == 0 and not c._annotationrefs and not c._psCommandsBeforePage \
            and not c._psCommandsAfterPage and self._state(c) == state  # noqa: SLF001
        resources = (list(c._formsinuse), dict(c._colorsUsed), dict(c._shadingUsed),  # noqa: SLF001
                     c._currentPageHasImages)  # noqa: SLF001
        self.new.append(_Page(key, tuple(faces), state, clean, c._code[start:] if clean else [],  # noqa: SLF001
                              resources))

    def ended(self, c: Canvas) -> None:
        """After the page was ended (shown): its content stream compressed and formatted now, or,
        for a page copied whose stream is the same text, the bytes formatted for it last time
        (ReportLab writes a page stream as `PDFStream.format` gives it: the same bytes)."""
        doc = c._doc  # noqa: SLF001
        if not self.new or not isinstance(doc.encrypt, pdfdoc.NoEncryption) or rl_config.useA85:
            return
        page, kept = doc.Pages.pages[-1], self.new[-1]
        text = page.stream
        if not isinstance(text, str) or page.Contents:
            return
        if kept.formatted is None or kept.formatted[0] != text:
            stream = pdfdoc.PDFStream()
            stream.filters = [pdfdoc.PDFZCompress] if page.compression else None
            stream.content = text
            kept.formatted = (text, stream.format(doc))
        page.Contents = _Formatted(kept.formatted[1])
        page.__class__ = _KeptPage
        page.kept = kept
        if type(doc) is pdfdoc.PDFDocument:  # (written with the kept pages' bytes: draw/keptdoc.py)
            doc.__class__ = KeptDocument
        if kept.clean and (page.pagewidth, page.pageheight) == tuple(c._pagesize) and not c._cropMarks:  # noqa: SLF001
            attributes = {name: value for name, value in page.__dict__.items() if name not in _OWN}
            kept.shown = (_showing(c), attributes, _Operators([*kept.code, " "]), _fixed(page))

    def face(self, c: Canvas, slot: Slot, face: Face, paint: Callable[[], None]) -> None:
        """One face painted in its slot on a page being drawn, or its operators copied (`Spans.face`)."""
        self.spans.face(c, slot, face, paint, lambda: self._state(c), len(self.new))

    def end(self) -> None:
        """This drawing's pages kept, and the spans of the faces on them: those painted or copied now,
        and last drawing's of the faces on the pages copied whole."""
        old = self.old
        for number, page in enumerate(self.new):  # (a page copied is last drawing's `_Page` at its number)
            self.spans.carry(number, None if number < len(old) and old[number] is page else page.faces)
        self.store.keep(self.path, self.new, self.spans)
        self.store.reused[self.path] = self.reused


class _KeptPage(pdfdoc.PDFPage):
    """A page whose dictionary is formatted once: the bytes `PDFPage.format` gave last time, when all
    it formats from is the same (`_inputs`: its sizes, boxes, resources by name and by the object
    numbers they have, and the number its content stream gets), its stream registered as formatting
    it would; otherwise formatted, and kept when formatting it registered its stream alone."""

    kept: _Page

    def format(self, document: Any) -> bytes:
        inputs = _inputs(self, document)
        known = self.kept.dictionary
        if inputs is not None and known is not None and known[0] == inputs:
            document.Reference(self.Contents)
            return known[1]
        before = document.objectcounter
        data: bytes = super().format(document)
        if inputs is not None and document.objectcounter == before + 1 \
                and document.numberToId[before + 1] == getattr(self.Contents, "__InternalName__", None):
            self.kept.dictionary = (inputs, data)
        return data


WHOLE.update((_Formatted, _KeptPage))  # (written by KeptDocument without PDFIndirectObject)
_PAGE_INPUTS = frozenset(("pagewidth", "pageheight", "Rotate", "hasImages", "compression", "Dur", "stream",
                          "CropBox", "ArtBox", "BleedBox", "TrimBox", "Trans", "XObjects", "ExtGState",
                          "_colorsUsed", "_shadingUsed", "Contents", "__InternalName__", "kept"))
_BOXES = ("CropBox", "ArtBox", "BleedBox", "TrimBox")


def _inputs(page: _KeptPage, document: Any) -> tuple | None:
    """What a page's dictionary is formatted from: its own attributes (`_fixed`; for a page whose
    attributes are the very objects they were when the page was kept, as made then) and the object
    numbers of what it refers to in this document."""
    found, shown = page.__dict__, page.kept.shown
    if shown is not None and len(found) == len(shown[1]) + len(_OWN) and shown[1].items() <= found.items() \
            and isinstance(page.Contents, _Formatted):
        fixed = shown[3]
    else:
        fixed = _fixed(page)
    if fixed is None:
        return None
    numbers = document.idToObjectNumberAndVersion
    return (fixed, document.objectcounter, tuple(map(numbers.get, fixed[8])),  # (xobjDict: each its own name's reference)
            tuple(map(numbers.get, page._colorsUsed)), tuple(map(numbers.get, page._shadingUsed)),  # noqa: SLF001
            numbers.get(pdfdoc.BasicFonts), numbers.get(getattr(document.Pages, "__InternalName__", None)))


def _fixed(page: _KeptPage) -> tuple | None:
    """What of a page's own attributes its dictionary is formatted from, or None when it holds anything
    else (annotations, a thumbnail, a resource or box set by hand...): such a page is formatted every time."""
    found = page.__dict__
    if any(found[name] is not None and not (name == "Annots" and not found[name]) for name in found.keys() - _PAGE_INPUTS) \
            or not isinstance(page.Contents, _Formatted):
        return None
    xobjects = page.XObjects.dict if page.XObjects is not None else {}
    gstates = page.ExtGState.dict if page.ExtGState is not None else {}
    return (page.pagewidth, page.pageheight, page.Rotate, page.hasImages, page.compression, page.Dur,
            tuple(tuple(b.sequence) if (b := getattr(page, box)) is not None else None for box in _BOXES),
            repr(sorted(page.Trans.dict.items())) if page.Trans is not None else None, tuple(xobjects),
            tuple((name, repr(sorted(g.dict.items()))) for name, g in gstates.items()),
            tuple(page._colorsUsed.items()), tuple(page._shadingUsed.items()))  # noqa: SLF001


def _show(c: Canvas, page: _Page) -> None:
    """End a kept page as `showPage` would have: its page object made from last time's attributes and
    its formatted stream, added to the document, the page callback told, the next page started."""
    assert page.shown is not None and page.formatted is not None
    shown = _KeptPage.__new__(_KeptPage)
    shown.__dict__.update(page.shown[1])
    shown.Contents = _Formatted(page.formatted[1])
    c._doc.addPage(shown)  # noqa: SLF001
    if c._onPage:  # noqa: SLF001 (it reads the page's operators, as showPage leaves them then)
        c._code = page.shown[2]  # noqa: SLF001
        c._onPage(c._pageNumber)  # noqa: SLF001
    c._startPage()  # noqa: SLF001


_OWN = ("__InternalName__", "Contents")  # a page object's own in each document
_SHOWN = operator.attrgetter("_pageRotation", "_pageTransition", "_pageCompression", "_pageDuration", "_cropBox",
                             "_artBox", "_bleedBox", "_trimBox", "_cropMarks", "_preamble")


def _showing(c: Canvas) -> tuple:
    """What `showPage` makes a page object of besides the page's operators and resources."""
    return (tuple(c._pagesize), _SHOWN(c), rl_config.useA85, type(c._doc.encrypt))  # noqa: SLF001


def _fresh(c: Canvas) -> bool:
    """The canvas is on a page nothing was drawn on yet, as `showPage` leaves it."""
    return not (c._code or c._psCommandsBeforePage or c._psCommandsAfterPage or c._formsinuse  # noqa: SLF001
                or c._annotationrefs or c._colorsUsed or c._shadingUsed or c._codeStack  # noqa: SLF001
                or c._hanging_pagesize or c._formData is not None) and type(c).showPage is Canvas.showPage  # noqa: SLF001


def _state(c: Canvas, known: dict[str, list[Any]], interned: dict[tuple, tuple]) -> tuple:
    """What of the document a page's operators depend on, and drawing a page may change. A font's
    subsets are copied again only when a character was assigned since (`known`, one document's: a
    font's state in it, its next code and its subsets then; they change only as its next code moves
    on, in ReportLab's `TTFont.splitString`, and a font's state in a document stays the same object).
    Equal subsets are one object (`interned`, across documents): a kept page's state compares by identity."""
    doc = c._doc  # noqa: SLF001
    fonts = []
    for name in doc.fontMapping:
        made = known.get(name)
        if made is None:
            state = getattr(pdfmetrics.getFont(name), "state", None)
            if state is None or doc not in state:
                continue
            made = known[name] = [state[doc], None, ()]
        found = made[0]
        if made[1] != found.nextCode:
            subsets = tuple(tuple(subset) for subset in found.subsets)
            if len(interned) >= 4096:
                interned.clear()
            made[1], made[2] = found.nextCode, interned.setdefault(subsets, subsets)
        fonts.append((name, made[2]))
    ext = c._extgstate  # noqa: SLF001
    return (doc.objectcounter, len(doc.idToObject), tuple(fonts), repr(ext._d), repr(ext._c))  # noqa: SLF001
