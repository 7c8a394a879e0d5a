"""Helpers of the fault-injection suite (tests/test_trust_*.py): run pnp as a user does, on a kit
someone else made, and check that it ends cleanly — exit 0, 1 or 2 with its messages, never a
traceback — and what it said and wrote.

`pnp(root, *args)` runs the command line on a project and returns Click's result, having asserted
that it ended cleanly; `errors(root, kit)` are the rendered errors `pnp check` reports for a kit;
`tiny_kit(root, layout, cards)` writes a kit `k` of one deck (`cards`: YAML rows of the fields
`a` and `b`) drawn with one card layout (`layout`: the YAML of its elements); `snapshot(folder)`
is every file under a folder with its bytes and mode (what "writes nothing" compares).
"""
from __future__ import annotations

import traceback
from pathlib import Path

from click.testing import CliRunner, Result

from pnp.build import check
from pnp.cli import main

GAME = "title: Tiny\nauthors: [a stranger]\nplayers: {min: 1, max: 4}\nlanguage: en\ncomponents: [cards.yaml]\n"


def pnp(root: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--project", str(root), *args])
    shown = "".join(traceback.format_exception(result.exception)) if result.exception else ""
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output, shown)
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output, result.output
    return result


def errors(root: Path, kit: str = "k") -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.errors]


def tiny_kit(root: Path, elements: str, cards: str = "  - [one, 1]\n", layout: str = "") -> Path:
    """Kit `k`: a deck of poker cards with text fields `a` and `b`, drawn by layout `tiny`."""
    kit = root / "decks" / "k"
    (kit / "art").mkdir(parents=True, exist_ok=True)
    (root / "layouts" / "tiny.yaml").write_text(f"tiny:\n{layout}  elements:\n{elements}", encoding="utf-8")
    (kit / "game.yaml").write_text(GAME, encoding="utf-8")
    (kit / "cards.yaml").write_text("kind: deck\nname: cards\nlayout: tiny\nfields: {a: text, b: text}\n"
                                    f"columns: [a, b]\nrows:\n{cards}", encoding="utf-8")
    return kit


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    if not folder.exists():
        return {}
    return {p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else b"", p.lstat().st_mode)
            for p in sorted(folder.rglob("*"))}
