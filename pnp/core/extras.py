"""What to install for a part of pnp that needs more than its core: the commands messages give.

Contract: `EXTRAS` maps each optional extra of pnp's distribution (`pnp-kits` in pyproject.toml;
`pnp` on PyPI is another project) to the packages it adds; `install_hint(extra)` is the command a
message gives for it: the packages themselves (`pip install openpyxl`), which work in any
environment whether pnp came from a checkout or a wheel, and the extra for a checkout (`pip
install '.[xlsx]'` in pnp's folder); a message about one package of an extra names that one.
`tests/test_paper_cuts.py` holds `EXTRAS` to pyproject.toml.
Standard library only.
"""
from __future__ import annotations

DISTRIBUTION = "pnp-kits"
EXTRAS = {
    "xlsx": ("openpyxl",),
    "export": ("pypdfium2", "openpyxl"),
    "watch": ("watchdog", "pypdfium2", "h11"),
}


def install_hint(extra: str, *packages: str) -> str:
    """`packages`: the ones of the extra that the message's feature needs (default: all of them)."""
    return f"pip install {' '.join(packages or EXTRAS[extra])} (or, in pnp's folder, pip install '.[{extra}]')"
