"""What a kit's run tells a memory of components (a resident build's), and what it is told back.

Contract: the run hands a `Memo` (set on the `Session` by `pnp.resident`, which implements it) each
component as a `Part` — its kind, its name, and what its pages show of its own model (`shows()`:
the component's model and the layouts it draws with) — with the `KitInputs` the whole kit shares
(its folder, the loaded kit, the options, what the rules model prints). `recall(inputs, part)`
answers the component's `Outcome` as last drawn, when nothing it depends on changed (the memo
notes the files it read, for the build cache), else None: the run then draws it, recording the
files the drawing read (`Outcome.reads`), and, once the run has settled every problem's wording,
hands it back with `keep(inputs, part, outcome)`. After the run, `commit(batch)` (the batch was
committed: its PDFs are on disk) or `discard()` (a failed run: the PDFs on disk are the last good
ones). An outcome is one component's, never a slice of the run's lists. Below the component, a
resident session also keeps `Kept`: card faces by what they were laid out from (`faces.Faces`)
and each PDF's finished pages by their faces (`draw.kept.KeptPages`), so a component drawn again
lays out and draws only the cards and pages that changed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..core.errors import Problem
from ..core.options import Options
from ..core.report import FileReport
from ..sources.keptyaml import KeptYaml

if TYPE_CHECKING:  # pragma: no cover
    from ..draw.kept import KeptPages
    from ..model.kit import Kit
    from ..output import OutputBatch
    from ..rules.printed import Printed


@dataclass
class Outcome:
    """What laying out (and drawing) one component gave: its problems, the file it wrote (none for a
    deck without cards, or after an error) and the files its drawing read (when a memo asked)."""

    problems: list[Problem] = field(default_factory=list)
    files: list[FileReport] = field(default_factory=list)
    reads: dict[Path, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Shown:
    """What a component's pages show of its own model (its spec with its cards or pages), and the
    layouts it draws with: what a memo fingerprints besides the kit's shared inputs."""

    model: object
    layouts: tuple[str, ...]


@dataclass(frozen=True)
class Part:
    """One component of a kit's run: its kind (the component table's key), name and model."""

    kind: str
    name: str
    component: object
    shown: Callable[[], Shown]


@dataclass(frozen=True)
class KitInputs:
    """What every component of a kit's run shares: its folder, the loaded kit, the build's options
    and what the rules model prints (`Printed`: its tables and values)."""

    kit_dir: Path
    kit: Kit
    options: Options
    printed: Printed


class Memo(Protocol):
    def recall(self, inputs: KitInputs, part: Part) -> Outcome | None: ...

    def keep(self, inputs: KitInputs, part: Part, outcome: Outcome) -> None: ...

    def commit(self, batch: OutputBatch) -> None: ...

    def discard(self) -> None: ...


@dataclass
class Kept:
    """What a resident session keeps below the component: its YAML files as last parsed, cards by the rows they were built from
    (and their values as the lint reads them),
    faces by their values, pages by their faces, and each deck sheet's bleed check by its plan and
    faces (`cuts`: (PDF, sheet) -> (plan, fronts, backs, cuts); `pipeline.deck`)."""

    pages: KeptPages
    faces: dict[tuple, Any] = field(default_factory=dict)  # faces, and sheets' faces (pipeline.faces)
    cuts: dict[tuple[str, int], tuple] = field(default_factory=dict)
    plans: dict[tuple[str, int], object] = field(default_factory=dict)  # (PDF, 0 or a part-filled sheet) -> its plan
    notes: dict[tuple[str, bool, str], tuple] = field(default_factory=dict)  # (PDF, back, label) -> (plan, print note, notes)
    cards: dict[tuple, tuple] = field(default_factory=dict)  # cards by their rows (model.cards; Project.kept_cards)
    lint: dict[int, tuple] = field(default_factory=dict)  # cards' values as the lint reads them (layout.lint)
    yaml: KeptYaml = field(default_factory=KeptYaml)  # files as last parsed (sources.keptyaml; Project.kept_yaml)
    stamp: tuple = ()  # the layouts, fonts and icons as stamped for this build (pnp.resident)
    shared: dict[tuple, str] = field(default_factory=dict)  # the build cache's digest of them, by stamp (cache.py)

    def clear(self) -> None:
        self.faces.clear()
        self.pages.clear()
        self.cuts.clear()
        self.plans.clear()
        self.notes.clear()
        self.cards.clear()
        self.lint.clear()
        self.yaml.clear()
