"""Handlers of the small parts of an XLSX workbook, for `xlsxzip.Package.stream`: what pnp keeps of each.

Contract: `WorkbookPart` reads workbook.xml (the sheets in order, as (title, relationship id), and
whether dates count from 1904); `StylesPart` reads styles.xml (the number format id of each cell
format, `cellXfs`, at most `MAX_STYLES`, and the custom format codes); `StringsPart(wanted)` reads
sharedStrings.xml as far as the last string of `wanted` (then raises `Enough`), keeping only those:
the sheet's cells say which they use. `Texts` gathers the text of `<t>` elements (phonetic runs,
`<rPh>`, left out; `_xHHHH_` escapes undone, as ECMA-376 writes control characters), at most a
little more than a cell holds, so a cell of a million characters costs no more than one of 32 767.
"""
from __future__ import annotations

import re

MAX_STYLES = 64_000  # cell formats: a spreadsheet's own limit
CELL_TEXT = 32_768  # characters gathered for one cell: one more than a cell holds (then it is refused)
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def unescape(text: str) -> str:
    return _ESCAPE.sub(lambda m: chr(int(m[1], 16)), text) if "_x" in text else text


class Enough(Exception):
    """Every shared string the sheet uses is read: reading stops."""


class _Part:
    def start(self, name: str, attrs: dict[str, str]) -> None:
        pass

    def end(self, name: str) -> None:
        pass

    def text(self, data: str) -> None:
        pass


class WorkbookPart(_Part):
    def __init__(self) -> None:
        self.sheets: list[tuple[str, str]] = []
        self.date1904 = False

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == "sheet" and "name" in attrs:
            rid = next((v for k, v in attrs.items() if k.rpartition(":")[2] == "id"), "")  # r:id
            self.sheets.append((attrs["name"], rid))
        elif name == "workbookPr":
            self.date1904 = attrs.get("date1904", "").lower() in ("1", "true")


class StylesPart(_Part):
    def __init__(self) -> None:
        self.formats: list[int] = []
        self.codes: dict[int, str] = {}
        self.in_cells = False

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == "numFmt" and _small(attrs.get("numFmtId", "")):
            self.codes[int(attrs["numFmtId"])] = attrs.get("formatCode", "")[:256]
        elif name == "cellXfs":
            self.in_cells = True
        elif name == "xf" and self.in_cells and len(self.formats) <= MAX_STYLES:
            number = attrs.get("numFmtId", "0")
            self.formats.append(int(number) if _small(number) else 0)

    def end(self, name: str) -> None:
        if name == "cellXfs":
            self.in_cells = False


def _small(number: str) -> bool:
    return number.isdigit() and len(number) < 7


class Texts:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.size, self.on, self.phonetic = 0, False, 0

    def start(self, name: str) -> None:
        if name == "rPh":
            self.phonetic += 1
        elif name == "t" and not self.phonetic:
            self.on = True

    def end(self, name: str) -> None:
        if name == "rPh":
            self.phonetic -= 1
        elif name == "t":
            self.on = False

    def add(self, data: str) -> None:
        if self.on and self.size <= CELL_TEXT:
            self.parts.append(data)
            self.size += len(data)

    def take(self) -> str:
        text = unescape("".join(self.parts)) if self.parts else ""
        self.parts, self.size = [], 0
        return text


class StringsPart(_Part):
    def __init__(self, wanted: set[int]):
        self.wanted, self.last = wanted, max(wanted, default=-1)
        self.found: dict[int, str] = {}
        self.index, self.texts = 0, Texts()

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.texts.start(name)

    def end(self, name: str) -> None:
        self.texts.end(name)
        if name == "si":
            text = self.texts.take()
            if self.index in self.wanted:
                self.found[self.index] = text
            self.index += 1
            if self.index > self.last:
                raise Enough

    def text(self, data: str) -> None:
        self.texts.add(data)
