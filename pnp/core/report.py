"""What a run reports: per kit, the files written and the problems found.

Contract: `KitReport` and `FileReport` are plain records; `as_json()` gives the manifest that
`--json` prints (per kit: files written, pages, cards, card size in mm, warnings, errors: each
problem as `Problem.as_json()`, one shape for both), and `KitReport.from_json` reads it back,
warnings included, as data (a kit the build cache found up to date).
Problems in a report are already located (file:line:col). `inputs` maps the files the kit's run
read (project-relative) to the digests of the bytes read, for the build cache; it is not part of
the manifest. `strictly()` turns its warnings into errors (`--strict`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .errors import Problem, errors_only


@dataclass
class FileReport:
    """One PDF written: its component, kind, pages and cards, as the summary and the JSON manifest show
    it."""

    path: str
    component: str
    kind: str
    pages: int
    cards: int = 0
    card_size_mm: tuple[float, float] | None = None
    per_page: int = 0
    backs: str = "none"
    blanks: int = 0  # a booklet's blank pages, added to reach a multiple of four
    backs_left_out: int = 0  # a deck's cards whose back `--backs none` leaves out
    short_bleed: tuple[str, ...] = ()  # a deck's grid sides whose cards lack outer bleed (imposition)

    def as_json(self) -> dict:
        data = {"path": self.path, "component": self.component, "kind": self.kind, "pages": self.pages}
        if self.kind == "deck":
            data |= {"cards": self.cards, "card_size_mm": list(self.card_size_mm or ()),
                     "cards_per_page": self.per_page, "backs": self.backs}
        if self.blanks:
            data["blank_pages"] = self.blanks
        if self.backs_left_out:
            data["backs_left_out"] = self.backs_left_out
        if self.short_bleed:
            data["short_bleed"] = list(self.short_bleed)
        return data


@dataclass
class KitReport:
    """One kit's run: the files written, the problems found, whether it was up to date, and the input files
    read."""

    kit: str
    title: str
    path: str
    files: list[FileReport] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    up_to_date: bool = False
    inputs: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: dict) -> "KitReport":
        """A report rebuilt from a cached manifest (a kit that needed no rebuild)."""
        files = [FileReport(f["path"], f["component"], f["kind"], f["pages"], f.get("cards", 0),
                            tuple(f["card_size_mm"]) if f.get("card_size_mm") else None,
                            f.get("cards_per_page", 0), f.get("backs", "none"), f.get("blank_pages", 0),
                            f.get("backs_left_out", 0))
                 for f in data["files"]]
        warnings = [Problem.from_json(problem) for problem in data.get("warnings", [])]
        return cls(data["kit"], data["title"], data["path"], files, warnings, up_to_date=True)

    def strictly(self) -> "KitReport":
        """This report with its warnings turned into errors (`--strict`)."""
        self.problems = [replace(p, severity="error") for p in self.problems]
        return self

    @property
    def errors(self) -> list[Problem]:
        return errors_only(self.problems)

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def as_json(self) -> dict:
        return {"kit": self.kit, "title": self.title, "path": self.path,
                "ok": not self.errors, "up_to_date": self.up_to_date,
                "files": [f.as_json() for f in self.files],
                "cards": sum(f.cards for f in self.files),
                "warnings": [p.as_json() for p in self.warnings],
                "errors": [p.as_json() for p in self.errors]}
