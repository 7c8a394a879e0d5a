"""How a run makes its PDFs: the options of `pnp build`, and the key the build cache files them under.

Contract: `PAPER_NAMES` and `BACK_MODES` are the papers and back modes a build knows (the CLI's
choices derive from them). `Options` is a frozen record (paper, backs, orientation, output folder,
back offset in mm, picture resolution, strictness, printer's margin in mm); the pipeline
(`pnp.pipeline`) checks the paper and backs names against the ones it knows.
`cache_key()` names the value of every option but `out` and `strict` (they change no byte), so a
new option changes the key by itself: PDFs made with other options are never taken as up to date. Standard
library only: `pnp build` derives the key before deciding whether anything needs building.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

PAPER_NAMES = ("a4", "letter", "a3")  # sizes in pnp.model.units.PAPERS
BACK_MODES = ("none", "long-edge", "short-edge", "fold")


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    backs: str = "long-edge"
    orientation: str = "auto"
    out: Path = Path("output")
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, right and down
    image_dpi: int | None = 300  # sharper pictures are downsampled to it (draw/images.py); None: never
    strict: bool = False  # warnings count as errors (`--strict`): nothing is written
    printer_margin: float = 5.0  # mm along every paper edge where nothing is drawn
    code: bool = True  # False (`pnp check --no-code`): the kit's rules model is neither loaded nor run

    def cache_key(self) -> str:
        return "|".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name not in _NOT_KEYED)


_NOT_KEYED = ("out", "strict", "code")  # options that change no byte of the PDFs
