"""Reading CSV text into records of cells that remember their line and column.

Contract: `parse_csv(text, delimiter)` splits CSV text (RFC 4180: cells in double quotes may hold
the delimiter, line breaks and doubled quotes `""`; `\\r\\n`, `\\n` and `\\r` end records) into
records of cell texts, with the 1-based (line, column) where each cell starts and where each record
ends, and the position of a quoted cell left open at the end of the text (else None). A quote in
the middle of an unquoted cell is kept as text, as spreadsheet programs do. `sniff(text)` picks the
delimiter of the first line that holds one: `;` (French spreadsheets) when it has more `;` than
`,` outside quotes, else `,`. The caller strips a byte-order mark first. Standard library only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

Position = tuple[int, int]


@dataclass
class Records:
    cells: list[list[str]] = field(default_factory=list)
    starts: list[list[Position]] = field(default_factory=list)  # where each cell starts
    ends: list[Position] = field(default_factory=list)  # where each record ends
    unclosed: Position | None = None


class _Reader:
    def __init__(self, text: str, delimiter: str):
        self.text, self.delimiter = text, delimiter
        self.plain = re.compile(f"[^{re.escape(delimiter)}\r\n]*")
        self.i, self.line, self.col = 0, 1, 1
        self.out = Records()

    def run(self) -> Records:
        while self.i < len(self.text):
            self._record()
        return self.out

    def _record(self) -> None:
        cells, starts = [], []
        while True:
            starts.append((self.line, self.col))
            cells.append(self._cell())
            if self.i >= len(self.text) or self.text[self.i] != self.delimiter:
                break
            self._advance(1)
        self.out.cells.append(cells)
        self.out.starts.append(starts)
        self.out.ends.append((self.line, self.col))
        self._newline()

    def _cell(self) -> str:
        if self.i < len(self.text) and self.text[self.i] == '"':
            return self._quoted()
        start = self.i
        plain = self.plain.match(self.text, start)  # `[^...]*` matches everywhere, if only emptily
        self.i = plain.end() if plain else start
        self.col += self.i - start
        return self.text[start:self.i]

    def _quoted(self) -> str:
        opened = (self.line, self.col)
        self._advance(1)
        parts = []
        while self.i < len(self.text):
            char = self.text[self.i]
            if char == '"' and self.text.startswith('""', self.i):
                parts.append('"')
                self._advance(2)
            elif char == '"':
                self._advance(1)
                return "".join(parts) + self._cell()  # text after the closing quote is kept
            else:
                parts.append(char)
                self._advance(1)
        self.out.unclosed = opened
        return "".join(parts)

    def _advance(self, n: int) -> None:
        for char in self.text[self.i:self.i + n]:
            if char == "\n" or (char == "\r" and not self.text.startswith("\r\n", self.i)):
                self.line, self.col = self.line + 1, 1
            elif char != "\r":
                self.col += 1
            self.i += 1

    def _newline(self) -> None:
        if self.text.startswith("\r\n", self.i):
            self.i += 2
        elif self.i < len(self.text):
            self.i += 1
        else:
            return
        self.line, self.col = self.line + 1, 1


def parse_csv(text: str, delimiter: str) -> Records:
    return _Reader(text, delimiter).run()


def sniff(text: str) -> str:
    for line in text.splitlines():
        counts = {";": 0, ",": 0}
        quoted = False
        for char in line:
            quoted = quoted != (char == '"')
            if not quoted and char in counts:
                counts[char] += 1
        if counts[";"] or counts[","]:
            return ";" if counts[";"] > counts[","] else ","
    return ","
