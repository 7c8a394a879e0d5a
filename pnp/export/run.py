"""One kit's export: checked as a build checks it, then written in each format asked.

Contract: `ExportRun(session, kit_dir, options, batch).run()` returns the kit's `KitReport`. The
kit first goes through `pnp.pipeline.kitrun.KitRun` without drawing (the checks of `pnp check` on the
export's paper: loading, rules, every face laid out); a kit with an error, or run without a batch,
exports nothing. Then each format (`png`, `tts`, `sheets`,
`showcase`, `fan`, `rules_html`) writes its files through the `Target` (one the kit has nothing for,
no rulebook for `rules_html`, is a warning at game.yaml's `components`, and writes nothing):
bytes into the batch (renamed into place only when the whole run succeeded), one `FileReport` each,
problems located like a build's; a path that would leave `<out>/<kit>` or pass through a symbolic
link is not written but a problem (`Target.writable`), and so is a file that cannot be written (a
read-only folder, a full disk): the kit's error, never a traceback. `Target.card_face` and
`Target.builder` lay out faces as the build does.
With a `progress` callback (`pnp.cli.common.Progress`), the kit announces its formats as
components, each format the files it will write (`_files`, counted from the kit before anything is
drawn), and every file written is a step.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..core.errors import Problem, Ref, errors_only
from ..core.fileio import Unconfined, confined
from ..layout.face import FaceBuilder
from ..model.kit import Card, Deck, Kit
from ..core.options import Options
from ..output import OutputBatch, cannot_write
from ..core.report import FileReport, KitReport
from ..pipeline.context import KitContext
from ..pipeline.faces import CardWhere, card_values
from ..pipeline.kitrun import KitRun
from .settings import ExportOptions

if TYPE_CHECKING:  # pragma: no cover
    from ..pipeline.session import Session
    from ..layout.items import Face


@dataclass
class Target:
    """Where a kit's export writes, and what every format shares."""

    session: "Session"
    checked: KitContext  # the kit's context, as the check left it
    options: ExportOptions
    batch: OutputBatch
    files: list[FileReport] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    progress: Callable[[int], None] | None = None

    @property
    def kit(self) -> Kit:
        return self.checked.kit

    @property
    def folder(self) -> Path:
        return self.options.out / self.kit.name

    @property
    def font(self) -> str:
        return self.session.fonts.default_face().name

    def path(self, relative: str) -> Path:
        return self.folder / relative

    def write(self, relative: str, data: bytes, component: str, kind: str, pages: int = 1) -> None:
        path = self.path(relative)
        try:
            if self.writable(path):
                self.batch.write(path, data)
                self.files.append(FileReport(path.as_posix(), component, kind, pages))
        except OSError as exc:  # a read-only folder, a full disk: the kit's error, nothing written
            self.problems.append(Problem(cannot_write(exc, path), "output"))
        if self.progress is not None:
            self.progress(1)

    def writable(self, path: Path) -> bool:
        """`path` lies below `<out>/<kit>` with no symbolic link on the way; else a problem, once."""
        try:
            confined(self.folder, path)
        except Unconfined as exc:
            problem = Problem(exc.strerror or str(exc), "--out")
            if problem not in self.problems:
                self.problems.append(problem)
            return False
        return True

    def builder(self, layout_name: str, size: tuple[float, float] | None = None, bleed: float | None = None
                ) -> FaceBuilder:
        """The face builder of a layout, shared with the check (a card at its size; a page at `size`)."""
        return self.checked.builder(layout_name, size, bleed)

    def card_face(self, deck: Deck, card: Card, layout_name: str) -> "Face":
        """A side of a card laid out as the build does."""
        face, found = self.builder(layout_name).build(
            card_values(self.kit, deck, card, self.checked.env.bound(card.fields)[0]),
            CardWhere(self.kit.name, deck.name, card.id), card.ref)
        self.problems += found
        return face

    def warn(self, what: str, where: str, ref: Ref | None = None) -> None:
        self.problems.append(Problem(what, where, ref, severity="warning"))


class ExportRun:
    def __init__(self, session: "Session", kit_dir: Path, options: ExportOptions, batch: OutputBatch | None,
                 progress: Callable[[int], None] | None = None):
        self.session, self.kit_dir, self.options, self.batch = session, kit_dir, options, batch
        self.progress = progress

    def run(self) -> KitReport:
        checked = KitRun(self.session, self.kit_dir, Options(paper=self.options.paper), None, None)
        report = checked.run()
        if report.errors or self.batch is None or checked.context is None:
            report.files = []  # the check names the PDFs a build would write; an export writes none
            return report
        target = Target(self.session, checked.context, self.options, self.batch, progress=self.progress)
        announce = getattr(self.progress, "components", None)
        if announce is not None:
            announce(len(self.options.formats))
        for name in self.options.formats:
            expect = getattr(self.progress, "expect", None)
            if expect is not None:
                expect(_files(name, checked.context.kit, self.options))
            files, problems = len(target.files), len(target.problems)
            try:
                _writer(name)(target)
            except OSError as exc:  # a canvas or file a format opens itself: the kit's error, nothing written
                target.problems.append(Problem(cannot_write(exc, target.folder), "output"))
            if len(target.files) == files and len(target.problems) == problems:  # (asked for: said, not silent)
                target.warn(f"--{name.replace('_', '-')}: the kit has no {_NONE[name]}: nothing exported", "export",
                            checked.context.kit.game_ref.child("components"))
            if errors_only(target.problems):
                break
        report.files = [] if errors_only(target.problems) else target.files
        report.problems += [self.session.project.locators.resolve(p) for p in target.problems]
        return report


def _files(name: str, kit: Kit, options: ExportOptions) -> int:
    """About how many files format `name` writes for `kit` (the progress display's steps)."""
    cards = [card for deck in kit.decks for card in deck.cards]
    if name == "png":
        return sum(card.copies * (2 if card.back else 1) for card in cards)
    if name == "tts":
        from .ttsobject import board_sheets

        return sum(3 + deck.total() // 69 for deck in kit.decks) + sum(len(s.pages) + 1 for s in board_sheets(kit))
    if name == "sheets":
        return 3 * len(kit.sheets)
    if name == "rules_html":
        return len(kit.rulebooks)
    return 1 if options.cards else len(kit.decks)


def _writer(name: str) -> Callable[[Target], None]:
    """The function that writes format `name` (imported when asked: each format its own module)."""
    from importlib import import_module

    module = import_module(f".{_MODULES[name]}", __package__)
    writer: Callable[[Target], None] = getattr(module, f"export_{name}")
    return writer


_NONE = {"png": "card", "tts": "deck or board", "sheets": "score sheet (kind: sheet)", "showcase": "deck",
         "fan": "deck", "rules_html": "rulebook (kind: rulebook)"}  # what a format exports, when a kit has none
_MODULES = {"png": "pictures", "tts": "tts", "sheets": "sheets", "showcase": "showcase", "fan": "showcase",
            "rules_html": "ruleshtml"}
