"""Writes `patron-de.svg`: the fold-up net of one die, in millimetres (run: python patron.py).

The net is a cross of six faces of side S: A on top, then L B R, then C and D below B. Folded, B
is the front, A the top, C the bottom, D the back, L and R the sides, so opposite faces are A/C,
B/D and L/R and carry 2/5, 1/6 and 3/4 (opposite faces of a die sum to 7). The 12 edges of the cube
are 5 folds between faces and 7 seams; each seam has one glue tab, all on the A-C-D strip:
A.left–L.top, A.right–R.top, C.left–L.bottom, C.right–R.bottom, D.left–L.left, D.right–R.right,
D.bottom–A.top. Cut lines are solid, fold lines dashed; the pips of the scoring faces (1 and 5)
are red. The drawing has no text, so it needs no font.
"""
from __future__ import annotations

from pathlib import Path

S = 19.0       # side of a face (mm): a little larger than a common 16 mm die, easier to fold
T = 5.5        # depth of a glue tab
INSET = 3.5    # a tab's short side is inset this much at each end
MARGIN = 1.0   # room for the stroke around the net
PIP = 0.095 * S
INK, RED, FOLD, TAB = "#2b2118", "#b3261e", "#6b6b6b", "#e4e0d6"

FACES = {"A": (1, 0, 2), "L": (0, 1, 3), "B": (1, 1, 1), "R": (2, 1, 4), "C": (1, 2, 5), "D": (1, 3, 6)}
PIPS = {  # in quarters of the side, from the face's top-left corner
    1: [(2, 2)], 2: [(3, 1), (1, 3)], 3: [(3, 1), (2, 2), (1, 3)],
    4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
    6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
}


def outline() -> list[tuple[float, float]]:
    """The cut line, clockwise from A's top-left corner; tabs are trapezoids."""
    s, t, i = S, T, INSET
    return [
        (s, 0), (2 * s, 0),
        (2 * s + t, i), (2 * s + t, s - i), (2 * s, s),                      # tab A.right
        (3 * s, s), (3 * s, 2 * s), (2 * s, 2 * s),                          # R
        (2 * s + t, 2 * s + i), (2 * s + t, 3 * s - i), (2 * s, 3 * s),      # tab C.right
        (2 * s + t, 3 * s + i), (2 * s + t, 4 * s - i), (2 * s, 4 * s),      # tab D.right
        (2 * s - i, 4 * s + t), (s + i, 4 * s + t), (s, 4 * s),              # tab D.bottom
        (s - t, 4 * s - i), (s - t, 3 * s + i), (s, 3 * s),                  # tab D.left
        (s - t, 3 * s - i), (s - t, 2 * s + i), (s, 2 * s),                  # tab C.left
        (0, 2 * s), (0, s), (s, s),                                          # L
        (s - t, s - i), (s - t, i),                                          # tab A.left
    ]


def folds() -> list[tuple[float, float, float, float]]:
    """Fold lines: the 5 edges between faces and the 7 edges where tabs meet their face."""
    s = S
    between = [(s, s, 2 * s, s), (s, 2 * s, 2 * s, 2 * s), (s, 3 * s, 2 * s, 3 * s),
               (s, s, s, 2 * s), (2 * s, s, 2 * s, 2 * s)]
    tabs = [(s, 0, s, s), (2 * s, 0, 2 * s, s), (s, 2 * s, s, 3 * s), (2 * s, 2 * s, 2 * s, 3 * s),
            (s, 3 * s, s, 4 * s), (2 * s, 3 * s, 2 * s, 4 * s), (s, 4 * s, 2 * s, 4 * s)]
    return between + tabs


def tabs() -> list[list[tuple[float, float]]]:
    """The glue tabs as closed polygons (filled light so that they read as "glue here")."""
    pts = outline()
    runs = [(1, 5), (7, 11), (10, 14), (13, 17), (16, 20), (19, 23)]  # indexes into the outline
    return [pts[a:b] for a, b in runs] + [[pts[25], pts[26], pts[27], pts[0]]]


def svg() -> str:
    w, h = 3 * S + 2 * MARGIN, 4 * S + T + 2 * MARGIN
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
           f'viewBox="{-MARGIN:g} {-MARGIN:g} {w:g} {h:g}">']
    for polygon in tabs():
        out.append(f'<polygon points="{_points(polygon)}" fill="{TAB}" stroke="none"/>')
    for col, row, value in FACES.values():
        out.append(f'<rect x="{col * S:g}" y="{row * S:g}" width="{S:g}" height="{S:g}" fill="#ffffff"/>')
        colour = RED if value in (1, 5) else INK
        for qx, qy in PIPS[value]:
            out.append(f'<circle cx="{col * S + qx * S / 4:g}" cy="{row * S + qy * S / 4:g}" '
                       f'r="{PIP * (1.25 if value == 1 else 1):.3f}" fill="{colour}"/>')
    for x1, y1, x2, y2 in folds():
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{FOLD}" '
                   f'stroke-width="0.3" stroke-dasharray="1.6 1.1"/>')
    out.append(f'<polygon points="{_points(outline())}" fill="none" stroke="{INK}" '
               f'stroke-width="0.35" stroke-linejoin="miter"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _points(points) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


if __name__ == "__main__":
    Path(__file__).with_name("patron-de.svg").write_text(svg(), encoding="utf-8")
