"""Small files that declare big things, for the hostile tests: zips whose members inflate to millions
of rows or strings, written in milliseconds.

`zip_bytes(members)` writes a zip whose members are bytes, or lists of `(chunk, times)`: the member
is each chunk repeated that many times, deflated once per distinct megabyte (after a full flush, the
same bytes deflate to the same bytes, so a repeat costs a copy of them, not a compression).
`workbook(sheet, strings=(), dimension=...)` is an XLSX file of one sheet `Feuil1` whose
`<sheetData>` holds `sheet` and whose shared strings hold `strings` (members as above, without
their envelope), as openpyxl reads it too (so the same file ran away in pnp's reader of before). `ROW` is a row of one inline text and one number, without a row number (each is
the next row), for repeating.
"""
from __future__ import annotations

import struct
import zlib

Member = bytes | list[tuple[bytes, int]]

MAIN = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RELS = b'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"'
TYPE = b"http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
ROW = b'<row><c t="inlineStr"><is><t>x</t></is></c><c><v>1</v></c></row>'
HEADER = b'<row r="1"><c r="A1" t="inlineStr"><is><t>nom</t></is></c><c r="B1" t="inlineStr"><is><t>valeur</t></is></c></row>'


_SHEETML = b"application/vnd.openxmlformats-officedocument.spreadsheetml."
CONTENT_TYPES = (b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" '
                 b'ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-'
                 b'package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="' + _SHEETML
                 + b'sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="' + _SHEETML
                 + b'worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="' + _SHEETML
                 + b'sharedStrings+xml"/></Types>')


def _deflated(pieces: list[tuple[bytes, int]]) -> tuple[bytes, int, int]:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    out, crc, size = [], 0, 0
    for unit, times in pieces:
        per = max(1, min(times, (1 << 20) // max(len(unit), 1)))  # units a chunk of about 1 MB holds
        for chunk, count in ((unit * per, times // per), (unit * (times % per), 1)):
            if not count or not chunk:
                continue
            first = squeeze.compress(chunk) + squeeze.flush(zlib.Z_FULL_FLUSH)
            again = squeeze.compress(chunk) + squeeze.flush(zlib.Z_FULL_FLUSH) if count > 1 else b""
            out += [first, again * (count - 1)]
            for _ in range(count):
                crc = zlib.crc32(chunk, crc)
            size += len(chunk) * count
    out.append(squeeze.flush())
    return b"".join(out), crc, size


def zip_bytes(members: dict[str, Member]) -> bytes:
    local, central = [], []
    offset = 0
    for name, member in members.items():
        data, crc, size = _deflated([(member, 1)] if isinstance(member, bytes) else member)
        encoded = name.encode()
        head = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), size, len(encoded), 0)
        central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(data), size,
                                   len(encoded), 0, 0, 0, 0, 0, offset) + encoded)
        local.append(head + encoded + data)
        offset += len(head) + len(encoded) + len(data)
    directory = b"".join(central)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(central), len(central), len(directory), offset, 0)
    return b"".join(local) + directory + end


def _xml(body: Member, head: bytes, tail: bytes) -> Member:
    if isinstance(body, bytes):
        return head + body + tail
    return [(head, 1), *body, (tail, 1)]


def workbook(sheet: Member, strings: Member = b"", dimension: str = "A1:B2") -> bytes:
    sheet_rels = (b'<Relationship Id="rId1" Type="' + TYPE + b'worksheet" Target="worksheets/sheet1.xml"/>'
                  b'<Relationship Id="rId2" Type="' + TYPE + b'sharedStrings" Target="sharedStrings.xml"/>')
    return zip_bytes({
        "[Content_Types].xml": CONTENT_TYPES,
        "_rels/.rels": b"<Relationships " + RELS + b'><Relationship Id="rId1" Type="' + TYPE
                       + b'officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": b"<workbook " + MAIN + b' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                           b'relationships"><sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": b"<Relationships " + RELS + b">" + sheet_rels + b"</Relationships>",
        "xl/worksheets/sheet1.xml": _xml(sheet, b"<worksheet " + MAIN + b'><dimension ref="' + dimension.encode()
                                         + b'"/><sheetData>', b"</sheetData></worksheet>"),
        "xl/sharedStrings.xml": _xml(strings, b"<sst " + MAIN + b">", b"</sst>"),
    })
