"""Writes the four colour symbols of the elves (run: python symboles.py, in this folder).

Each colour of elf has a shape as well as a colour, for colour-blind players, and the shapes
stay distinct when a round token is turned: bleu a triangle, rouge a square, violet a crescent
moon, jaune a star. Drawn in white (dark brown on yellow) to sit on the colour's disc or square.
Original drawings of this kit (no third-party art).
"""
from __future__ import annotations

import math
from pathlib import Path

INK = {"bleu": "#ffffff", "rouge": "#ffffff", "violet": "#ffffff", "jaune": "#4a3800"}


def polygon(points) -> str:
    return "M" + " L".join(f"{x:.2f},{y:.2f}" for x, y in points) + " Z"


def triangle() -> str:
    return polygon([(50, 8), (95, 85), (5, 85)])


def square() -> str:
    return polygon([(14, 14), (86, 14), (86, 86), (14, 86)])


def star(points: int = 5, outer: float = 48.0, inner: float = 20.0, cy: float = 53.0) -> str:
    out = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((50 + r * math.cos(a), cy + r * math.sin(a)))
    return polygon(out)


def crescent(steps: int = 72) -> str:
    """Disc A less disc B: A's long arc outside B, then B's arc inside A, back to the start."""
    (ax, ay, ar), (bx, by, br) = (44.0, 52.0, 44.0), (68.0, 38.0, 38.0)
    d = math.dist((ax, ay), (bx, by))
    toward_b, toward_a = math.atan2(by - ay, bx - ax), math.atan2(ay - by, ax - bx)
    alpha = math.acos((d * d + ar * ar - br * br) / (2 * d * ar))
    beta = math.acos((d * d + br * br - ar * ar) / (2 * d * br))
    outer = [toward_b + alpha + (2 * math.pi - 2 * alpha) * i / steps for i in range(steps + 1)]
    inner = [toward_a - beta + 2 * beta * i / steps for i in range(steps + 1)]
    points = [(ax + ar * math.cos(t), ay + ar * math.sin(t)) for t in outer]
    back = [(bx + br * math.cos(t), by + br * math.sin(t)) for t in inner]
    if math.dist(back[0], points[-1]) > math.dist(back[-1], points[-1]):
        back.reverse()
    return polygon(points + back[1:-1])


SHAPES = {"bleu": triangle, "rouge": square, "violet": crescent, "jaune": star}


def main() -> None:
    here = Path(__file__).resolve().parent
    for colour, shape in SHAPES.items():
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
               f'<path fill="{INK[colour]}" d="{shape()}"/></svg>\n')
        (here / f"symbole-{colour}.svg").write_text(svg, encoding="utf-8")


if __name__ == "__main__":
    main()
