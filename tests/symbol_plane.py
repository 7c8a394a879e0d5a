"""The symbol-matching deck of the tests: the projective plane of order 7 (57 cards of 8 symbols,
every two cards sharing exactly one), its symbols named after 57 of the bundled icons."""
from __future__ import annotations

from pathlib import Path

ORDER = 7
ICONS = Path(__file__).resolve().parents[1] / "icons"
SYMBOLS = sorted(p.stem for p in ICONS.glob("*.svg") if not p.stem.startswith("dice-"))[:ORDER * ORDER + ORDER + 1]


def lines(q: int = ORDER) -> list[list[int]]:
    """The q² + q + 1 lines of the projective plane over Z/q (q prime), each of q + 1 points:
    points (x, y) are x * q + y, the slope m is q² + m, the point at infinity q² + q."""
    out = [[x * q + (m * x + b) % q for x in range(q)] + [q * q + m] for m in range(q) for b in range(q)]
    out += [[c * q + y for y in range(q)] + [q * q + q] for c in range(q)]
    out.append([q * q + m for m in range(q)] + [q * q + q])
    return out


def cards() -> list[list[str]]:
    return [[SYMBOLS[p] for p in line] for line in lines()]
