"""The progress callback: every component announces the pages it will write (`expect`, once: a
rulebook for its flat file and its booklet together) and ticks each of them once, tiled sheets
and kits that fail included."""
from __future__ import annotations

from conftest import Options, build, edit

AIDE_OVERLONG = ("Les points communs : {rules.shared}", "Les points communs : {rules.shared}, " + "encore " * 120)


class Progress:
    """Records what a build tells its progress display."""

    def __init__(self):
        self.expected = self.done = self.announced = self.started = 0

    def components(self, count: int) -> None:
        self.announced += count

    def expect(self, pages: int) -> None:
        self.expected += pages
        self.started += 1

    def __call__(self, pages: int) -> None:
        self.done += pages
        assert self.done <= self.expected, "a page ticked before it was announced"


def test_a_tiled_sheet_announces_and_ticks_every_page(project, tmp_path):
    root = project("lutins")
    progress = Progress()
    reports = build(root, [], Options(out=tmp_path / "out"), progress)
    files = {f.component: f.pages for r in reports for f in r.files}
    assert files["plateau"] == 3  # the assembly map and two tiles
    assert progress.done == progress.expected == sum(files.values())
    assert progress.started == progress.announced  # one `expect` a component: the rulebook's two files included


def test_a_kit_that_fails_still_ticks_every_page_it_announced(project, tmp_path):
    root = project("similis")
    edit(root / "decks/similis/aide.yaml", *AIDE_OVERLONG)
    progress = Progress()
    reports = build(root, [], Options(out=tmp_path / "out"), progress)
    assert [p for r in reports for p in r.errors]
    assert progress.done == progress.expected > 0
