"""How a run makes its PDFs: the options of `pnp build`, and the key the build cache files them under.

Contract: `PAPER_NAMES`, `BACK_MODES`, `COLOR_MODES` and `INK_MODES` are the papers, back modes,
colour spaces and inkings a build knows (the CLI's choices derive from them). `Options` is a
frozen record (paper, backs, orientation, output folder, back offset in mm, picture resolution,
strictness, printer's margin in mm; colour space, PDF/X, ink limit in percent, inking); `variant`
is what a PDF's name adds after its paper (`-cmyk`, `-pdfx`, `-saver`: an RGB build's names are
unchanged, and the variants never overwrite it); the pipeline
(`pnp.pipeline`) checks the paper, backs, colour and ink names against the ones it knows.
`cache_key()` names the value of every option but `out` and `strict` (they change no byte), so a
new option changes the key by itself: PDFs made with other options are never taken as up to date. Standard
library only: `pnp build` derives the key before deciding whether anything needs building.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

PAPER_NAMES = ("a4", "letter", "a3")  # sizes in pnp.model.units.PAPERS
BACK_MODES = ("none", "long-edge", "short-edge", "fold")
COLOR_MODES = ("rgb", "cmyk")  # cmyk: through pnp.colour's ICC profile
INK_MODES = ("normal", "saver")  # saver: grounds and large fills lightened or dropped (pnp.layout.saver)


@dataclass(frozen=True)
class Options:
    """A build's options, as the command line gives them (`pnp build`, `pnp check`, `pnp watch`)."""

    paper: str = "a4"
    backs: str = "long-edge"
    orientation: str = "auto"
    out: Path = Path("output")
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, right and down
    image_dpi: int | None = 300  # sharper pictures are downsampled to it (draw/images.py); None: never
    strict: bool = False  # warnings count as errors (`--strict`): nothing is written
    printer_margin: float = 5.0  # mm along every paper edge where nothing is drawn
    code: bool = True  # False (`pnp check --no-code`): the kit's rules model is neither loaded nor run
    color: str = "rgb"
    pdfx: bool = False  # a PDF/X-4 (CMYK, output intent, metadata): pnp.colour.pdfx
    ink_limit: float = 240.0  # percent of total ink a CMYK colour or picture may reach (DriveThruCards: 240)
    ink: str = "normal"

    @property
    def variant(self) -> str:
        colour = "-pdfx" if self.pdfx else "-cmyk" if self.color == "cmyk" else ""
        return colour + ("-saver" if self.ink == "saver" else "")

    def cache_key(self) -> str:
        return "|".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name not in _NOT_KEYED)


_NOT_KEYED = ("out", "strict", "code")  # options that change no byte of the PDFs
