"""Reading a deck's workbook: pnp's guarded XLSX reader against openpyxl's read-only mode (issue 26).

pnp reads XLSX data files itself (pnp/sources/xlsx*.py: the zip's XML streamed through expat,
bounded) rather than through openpyxl, which loads every shared string and style up front and pads
rows to the declared dimension. This measures what that costs on an honest workbook: N rows of ten
columns (text, whole and decimal numbers, truth values, dates), written by openpyxl. Each reader
runs in a process of its own (peak memory and processor time from `os.wait4`): pnp's `read_table`
(what a deck's `data:` does, header and all), openpyxl read-only once over the values, and openpyxl
as pnp read workbooks before (twice: values, then formulas). Usage:

    python bench/datafiles.py [ROWS]          (default 20000, a deck's most)
"""
from __future__ import annotations

import datetime
import os
import subprocess
import sys
import tempfile
from pathlib import Path

READERS = {
    "pnp": "from pathlib import Path; from pnp.core.errors import Ref; from pnp.sources.tables import read_table; "
           "t, _, p = read_table(Path(sys.argv[1]), 'c.xlsx', None, None, Ref('d'), 20000); assert t and not p, p",
    "openpyxl once": "import openpyxl; b = openpyxl.load_workbook(sys.argv[1], read_only=True, data_only=True); "
                     "n = sum(1 for _ in b.worksheets[0].iter_rows(values_only=True))",
    "openpyxl twice (pnp before)": "import openpyxl\nfor only in (True, False):\n    b = openpyxl.load_workbook("
                                   "sys.argv[1], read_only=True, data_only=only)\n    n = sum(1 for _ in "
                                   "b.worksheets[0].iter_rows())",
}


def workbook(path: Path, rows: int) -> None:
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Feuil1")
    sheet.append(["nom", "valeur", "prix", "rare", "texte", "a", "b", "c", "d", "date"])
    for i in range(rows):
        sheet.append([f"carte {i}", i, i * 1.5, i % 2 == 0, "Un texte de règle pour une carte, é à ç", f"x{i % 50}",
                      "y", i, "z" * (i % 7), datetime.date(2024, 1, 1 + i % 28)])
    book.save(path)


def measure(code: str, path: Path) -> tuple[float, float]:
    """Processor seconds and peak MB of one reader, in a process of its own."""
    child = subprocess.Popen([sys.executable, "-c", "import sys\n" + code, str(path)])
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 0, code
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.xlsx"
        workbook(path, rows)
        print(f"{rows} rows x 10 columns, {path.stat().st_size / 1e6:.1f} MB")
        base = measure("pass", path)
        results = {name: measure(code, path) for name, code in READERS.items()}
    pnp_cpu = results["pnp"][0] - base[0]
    for name, (cpu, peak) in results.items():
        print(f"  {name:28s} {cpu - base[0]:6.2f} s  ({(cpu - base[0]) / pnp_cpu:4.2f} x pnp)  peak {peak:5.0f} MB")


if __name__ == "__main__":
    main()
