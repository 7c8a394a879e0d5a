"""Text files that are not UTF-8: where the first byte that is not lies, and how to say so.

Contract: `position(data, offset)` is the 1-based (line, column) of the byte at `offset` in `data`,
whose bytes before it are UTF-8 (as a `UnicodeDecodeError`'s `start` guarantees): lines end at
`\\r\\n`, `\\n` or `\\r`, columns count characters. `not_utf8(data, exc)` says what is wrong in
words a designer can act on: the byte, and the likely cause (a file saved as Latin-1 or
Windows-1252, as older spreadsheet and text programs do). YAML files and CSV data files report
such a byte at its line and column. Standard library only.
"""
from __future__ import annotations

from ..core.lazyre import lazy

_BREAK = lazy(r"\r\n|\r|\n")


def position(data: bytes, offset: int) -> tuple[int, int]:
    before = data[:offset].decode("utf-8", errors="replace")
    line, start = 1, 0
    for found in _BREAK.finditer(before):
        line, start = line + 1, found.end()
    return line, len(before) - start + 1


def not_utf8(data: bytes, exc: UnicodeDecodeError) -> str:
    byte = data[exc.start] if exc.start < len(data) else 0
    return (f"not UTF-8 text: the byte 0x{byte:02x} cannot be read (a file saved as Latin-1 or Windows-1252? "
            "save it as UTF-8)")
