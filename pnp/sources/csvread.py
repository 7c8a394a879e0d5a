"""Reading CSV text into records of cells that remember their line and column, one record at a time.

Contract: `records(text, delimiter, columns)` splits CSV text (RFC 4180: cells in double quotes may
hold the delimiter, line breaks and doubled quotes `""`; `\\r\\n`, `\\n` and `\\r` end records)
and yields its records one by one, as it reads them, so a reader can stop at a limit without the
rest of the text being split: each `Record` holds its cell texts and the 1-based (line, column)
where each cell starts, where the record ends, its number (from 0), where the first cell past
`columns` that holds a value starts (cells past `columns` are read but not kept: a line of a
million delimiters costs no memory), and, for the last record, where a quoted cell left open at
the end of the text was opened. A quote in the middle of an unquoted cell is kept as text, as
spreadsheet programs do. `parse_csv(text, delimiter)` reads every record into `Records` (lists of
cells, starts and ends). `sniff(text)` picks the delimiter of the first line that holds one: `;`
(French spreadsheets) when it has more `;` than `,` outside quotes, else `,`. The caller strips a
byte-order mark first. Text is consumed a run of plain characters at a time (regular
expressions), never a character at a time. Standard library only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

Position = tuple[int, int]
_BREAK = re.compile(r"\r\n|\r|\n")
_QUOTED = re.compile(r'[^"]*')
_UNLIMITED = 1 << 62


@dataclass
class Record:
    number: int
    cells: list[str]
    starts: list[Position]
    end: Position
    beyond: Position | None = None  # where the first cell past the kept columns that holds a value starts
    unclosed: Position | None = None  # where a quoted cell left open at the end of the text was opened


@dataclass
class Records:
    cells: list[list[str]] = field(default_factory=list)
    starts: list[list[Position]] = field(default_factory=list)  # where each cell starts
    ends: list[Position] = field(default_factory=list)  # where each record ends
    unclosed: Position | None = None


class _Reader:
    def __init__(self, text: str, delimiter: str, columns: int):
        self.text, self.delimiter, self.columns = text, delimiter, columns
        self.plain = re.compile(f"[^{re.escape(delimiter)}\r\n]*")
        self.i, self.line, self.col = 0, 1, 1
        self.unclosed: Position | None = None

    def run(self) -> Iterator[Record]:
        number = 0
        while self.i < len(self.text):
            yield self._record(number)
            number += 1

    def _record(self, number: int) -> Record:
        record = Record(number, [], [], (0, 0))
        while True:
            start = (self.line, self.col)
            cell = self._cell()
            if len(record.cells) < self.columns:
                record.cells.append(cell)
                record.starts.append(start)
            elif record.beyond is None and cell.strip():
                record.beyond = start
            if self.i >= len(self.text) or self.text[self.i] != self.delimiter:
                break
            self._skip(1)
        record.end, record.unclosed = (self.line, self.col), self.unclosed
        self._newline()
        return record

    def _cell(self) -> str:
        if self.i < len(self.text) and self.text[self.i] == '"':
            return self._quoted()
        start = self.i
        plain = self.plain.match(self.text, start)  # `[^...]*` matches everywhere, if only emptily
        self.i = plain.end() if plain else start
        self.col += self.i - start  # no line break in a plain run
        return self.text[start:self.i]

    def _quoted(self) -> str:
        opened = (self.line, self.col)
        self._skip(1)
        parts = []
        while self.i < len(self.text):
            run = _QUOTED.match(self.text, self.i)
            end = run.end() if run else self.i
            if end > self.i:
                parts.append(self._skip(end - self.i))
            if self.text.startswith('""', self.i):
                parts.append('"')
                self._skip(2)
            elif self.i < len(self.text):  # the closing quote
                self._skip(1)
                return "".join(parts) + self._cell()  # text after the closing quote is kept
        self.unclosed = opened
        return "".join(parts)

    def _skip(self, n: int) -> str:
        """Move over the next `n` characters (line breaks counted: `\\r\\n` is one); answer them."""
        chunk = self.text[self.i:self.i + n]
        last = None
        for last in _BREAK.finditer(chunk):
            self.line += 1
        if last is None:
            self.col += len(chunk) - chunk.count("\r")
        else:
            self.col = 1 + len(chunk) - last.end()
        self.i += n
        return chunk

    def _newline(self) -> None:
        if self.text.startswith("\r\n", self.i):
            self.i += 2
        elif self.i < len(self.text):
            self.i += 1
        else:
            return
        self.line, self.col = self.line + 1, 1


def records(text: str, delimiter: str, columns: int = _UNLIMITED) -> Iterator[Record]:
    return _Reader(text, delimiter, columns).run()


def parse_csv(text: str, delimiter: str) -> Records:
    out = Records()
    for record in records(text, delimiter):
        out.cells.append(record.cells)
        out.starts.append(record.starts)
        out.ends.append(record.end)
        out.unclosed = record.unclosed
    return out


def sniff(text: str) -> str:
    for line in text[:1 << 16].splitlines():
        counts = {";": 0, ",": 0}
        quoted = False
        for char in line:
            quoted = quoted != (char == '"')
            if not quoted and char in counts:
                counts[char] += 1
        if counts[";"] or counts[","]:
            return ";" if counts[";"] > counts[","] else ","
    return ","
