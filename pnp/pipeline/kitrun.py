"""One kit's run: load, rules, then lay out (and draw) each component, kind by kind.

Contract: `KitRun(session, kit_dir, options, batch, progress).run()` returns a `KitReport`. With a
batch it draws into canvases from the batch; without (`pnp check`), it only lays out, and the rules
model's short play-outs run. A kit that loads whole is judged by its rules model, and laid out even
after a rules error (all problems at once); its layouts' definitions are linted first. Each
component of the component table (`components.KINDS`) is laid out in a `KitContext`, pages one at a
time, so memory does not grow with the deck; after the first error nothing more is drawn. Each
component's problems and file go to its own `Outcome`; a session with a memo (`memo.Memo`, a
resident build's) recalls a component whose inputs did not change instead of drawing it, and is
handed every component drawn once the run has counted the problems repeated across cards. An input
that changed or broke since it was checked (`pnp.sources.files.InputError`, `fileio.FileChanged`)
voids the run: a problem. The kit tells `progress.components(n)` (when the callback has it) how
many components it lays out. A CMYK build (`KitContext.ink`) converts the kit's colours at once
before anything is drawn (`colour.findings.kit_colours`) and reports, after its components, the
colours and pictures past the ink limit at their definitions (`colour.findings.ink_problems`); an
ink-saving build (`--ink saver`) lays every face out through `layout.saver` (`BuildEnv.saver`: the
rulebook's figures too, since they are the kit's faces), a layout's `saver` key naming no element a
problem. After a run that reached its components, `context` serves the exports (pnp.export): the
loaded kit, face builders, `env`.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

from ..core.collector import held_off
from ..core.errors import Problem, Ref, errors_only
from ..core.fileio import FileChanged, reads_recorded
from ..core.options import Options
from ..core.report import KitReport
from ..layout.face import BuildEnv
from ..layout.inspect import FaceInspector
from ..layout.lint import lint
from ..messages import catalogue
from ..model.kit import Kit
from ..output import OutputBatch
from ..rules import run_rules
from ..rules.printed import Printed, unrun_problem
from ..sources.files import InputError
from .components import KINDS, parts
from .context import KitContext
from .memo import KitInputs, Outcome, Part
from .session import Session


class KitRun:
    def __init__(self, session: Session, kit_dir: Path, options: Options, batch: OutputBatch | None,
                 progress: Callable[[int], None] | None):
        self.session, self.kit_dir, self.options = session, kit_dir, options
        self.batch, self.progress = batch, progress
        self.context: KitContext | None = None

    def run(self) -> KitReport:
        kit, found = self.session.project.load_kit(self.kit_dir)
        problems = list(found)
        if kit is not None and not errors_only(problems):  # rules judge a kit that loaded whole
            writable = (self.options.out / self.kit_dir.name,) if self.batch is not None else ()
            printed, found = run_rules(kit, playouts=self.batch is None, code=self.options.code,
                                       writable=writable)  # play-outs: `pnp check` only; trust: rules/trust.py
            problems += found
            if printed is not None:  # laid out even after a rules error: all problems at once
                with held_off():  # (pnp's own code, its faces and pages: core.collector)
                    problems = self._components(kit, printed, problems)
                if printed.unrun:  # `--no-code`: what only the model prints is unknown, not wrong
                    problems = [p for p in problems if not unrun_problem(p)]
        located = [self.session.project.locators.resolve(p) for p in problems]
        title = kit.game.title if kit else ""
        files = [f for outcome in self.context.outcomes for f in outcome.files] if self.context else []
        return KitReport(self.kit_dir.name, title, self.session.project.display(self.kit_dir), files, located)

    def _components(self, kit: Kit, printed: Printed, problems: list[Problem]) -> list[Problem]:
        """The problems of the kit and of each of its components, every component laid out."""
        ctx = self.context = self._context(kit, printed, problems)
        inputs = KitInputs(self.kit_dir, kit, self.options, replace(printed, values=ctx.env.rules))
        drawn: list[tuple[Part, Outcome]] = []
        void: list[Problem] = []
        components = parts(kit)
        if self.progress is not None and hasattr(self.progress, "components"):  # each an equal share of the bar
            self.progress.components(len(components))
        if ctx.ink is not None:  # the kit's colours converted at once, before anything is drawn
            from ..colour.findings import kit_colours

            ctx.ink.prefetch(kit_colours(kit, self.session.project.library))
        try:
            for part in components:
                memo = self.session.memo if KINDS[part.kind].remembered else None
                recalled = memo.recall(inputs, part) if memo is not None else None
                if recalled is not None:
                    ctx.adopt(recalled)
                else:
                    drawn.append((part, self._draw(ctx, part)))
        except (InputError, FileChanged) as exc:  # changed since checked: the run is void
            void.append(Problem(str(exc), f"kit {kit.name!r}"))
        if ctx.ink is not None:  # colours and pictures past the ink limit, at their definitions
            from ..colour.findings import ink_problems

            ctx.report(*ink_problems(ctx.ink, kit, self.session.project.library))
        for outcome in (ctx.own, *ctx.outcomes):
            outcome.problems = ctx.faces.annotate(outcome.problems)
        if self.session.memo is not None:
            for part, outcome in drawn:
                if KINDS[part.kind].remembered:
                    self.session.memo.keep(inputs, part, outcome)
        return [p for outcome in (ctx.own, *ctx.outcomes) for p in outcome.problems] + void

    def _draw(self, ctx: KitContext, part: Part) -> Outcome:
        """One component laid out and drawn, its outcome with the files its drawing read (for a memo)."""
        with ctx.collecting(Outcome()) as outcome:
            if self.session.memo is None:
                KINDS[part.kind].draw(ctx, part.component)
            else:
                with reads_recorded() as reads:
                    KINDS[part.kind].draw(ctx, part.component)
                outcome.reads = reads
        return outcome

    def _context(self, kit: Kit, printed: Printed, problems: list[Problem]) -> KitContext:
        """The context the kit's components are laid out in, after the lint of its layouts and
        the check of its language (their problems are the kit's own)."""
        session, library = self.session, self.session.project.library
        icons = session.icons.with_kit(kit.root)
        kept = session.kept.lint if session.kept is not None else None  # (a resident's: cards' values kept)
        found, skip = lint(kit, session.fonts, icons, library.ref, kept)
        problems += found + _saver_problems(kit, library.ref)
        messages, unknown = catalogue(kit.game.language, session.project.parse_cache)
        if unknown:
            problems.append(Problem(unknown, "game.language", kit.game_ref.child("language"), severity="warning"))
        env = BuildEnv(session.project.root, kit.root, session.fonts, icons, kit.game.language == "fr",
                       printed.tables, library.element_refs, skip, kit.game.min_text_size, printed.values,
                       inspect=FaceInspector(library.element_refs), paper=self.options.paper,
                       language=kit.game.language, saver=self.options.ink == "saver")
        if kit.rulebooks:  # `{rulebook.ANCHOR}`: a card prints a section of the rulebook (pipeline/rulebook.py)
            from .rulebook import card_sections

            env.rules = {**env.rules, **card_sections(kit, env)}
        return KitContext(session, kit, self.options, env, messages, self.batch, self.progress, problems)


def _saver_problems(kit: Kit, ref: Callable[..., Ref]) -> list[Problem]:
    """A layout's `saver` key naming no element of it (pnp.layout.saver, imported only when a layout
    of the kit has that key)."""
    layouts = [layout for layout in kit.layouts.values() if getattr(layout, "saver", None) is not None]
    if not layouts:
        return []
    from ..layout.saver import saver_problems

    return saver_problems(layouts, ref)
