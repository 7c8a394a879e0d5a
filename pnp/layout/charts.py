"""The pages of a play-test report as positioned shapes: pure geometry, no canvas.

Contract: `report_pages(document)` lays out one A4 landscape page per run of a `pnp playtest`
document (pnp.lab: one player count and agent) and returns `ChartPage`s whose `shapes` are `Box`,
`Stroke` and `Label` records in points, origin at the bottom left (draw/charts.py paints them with
reportlab.graphics). A page holds, readable at a glance: a title line (kit, players, agent, games,
how many ended, games per second); the win rate of each seat as a bar with its 95 % interval as a
whisker and the fair share as a dashed line, a seat whose interval excludes it drawn in a colour of
its own (above: red, below: blue) and named in words under the chart; the histogram of the game
lengths in turns with its median and 90th percentile marked; and the rule situations, mean count per
game as bars, with the share of games that met each. Colours are hex strings.
"""
from __future__ import annotations

from dataclasses import dataclass

PAGE = (841.89, 595.28)  # A4 landscape
MARGIN = 36.0
INK, GREY, LIGHT = "#222222", "#888888", "#dddddd"
BAR, ABOVE, BELOW, MARK = "#6b8fb5", "#c0392b", "#1f5fa8", "#e08e0b"


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str
    stroke: str | None = None


@dataclass(frozen=True)
class Stroke:
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str = INK
    width: float = 0.8
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str
    size: float = 9.0
    anchor: str = "start"  # start, middle, end
    bold: bool = False
    colour: str = INK


Shape = Box | Stroke | Label


@dataclass(frozen=True)
class ChartPage:
    width: float
    height: float
    shapes: tuple[Shape, ...]


def report_pages(document: dict) -> list[ChartPage]:
    return [ChartPage(*PAGE, tuple(_page(document, run))) for run in document["runs"]]


def _page(document: dict, run: dict) -> list[Shape]:
    width, height = PAGE
    speed = run["timing"]["games_per_second"]
    shapes: list[Shape] = [
        Label(MARGIN, height - MARGIN - 14, f"{document['title']} · {run['players']} players · "
              f"{run['agent']} agent", 18, bold=True),
        Label(MARGIN, height - MARGIN - 32, f"{run['games']:,} games (seed {document['seed']}), "
              f"{run['ended']:,} ended, {run['shared_wins']:,} shared wins · "
              f"{speed:,.0f} games/s" if speed else "", 10, colour=GREY)]
    top = height - MARGIN - 60
    half = (width - 2 * MARGIN - 30) / 2
    shapes += seat_chart(run, MARGIN, top - 250, half, 250)
    shapes += length_chart(run, MARGIN + half + 30, top - 250, half, 250)
    shapes += situation_chart(run, MARGIN, MARGIN, width - 2 * MARGIN, top - 250 - MARGIN - 40)
    return shapes


def _frame(x: float, y: float, w: float, h: float, title: str) -> list[Shape]:
    return [Label(x, y + h - 12, title, 12, bold=True), Stroke(x, y + 18, x + w, y + 18, GREY)]


def seat_chart(run: dict, x: float, y: float, w: float, h: float) -> list[Shape]:
    """Win rate by seat: bars, 95 % whiskers, the fair share dashed; flagged seats coloured."""
    seats, fair = run["seats"], run["fair_share"]
    shapes = _frame(x, y, w, h, "Win rate by seat, with 95 % intervals")
    shapes.append(Label(x, y + h - 28, f"dashed: the fair share, {fair:.1%}", 9, colour=MARK))
    base, plot = y + 18, h - 60
    scale = max([s["high"] for s in seats] + [fair, 0.05]) * 1.1
    slot = w / len(seats)
    for i, seat in enumerate(seats):
        cx = x + slot * (i + 0.5)
        bar_w = min(46.0, slot * 0.6)
        colour = {"above": ABOVE, "below": BELOW}.get(seat["flag"] or "", BAR)
        shapes.append(Box(cx - bar_w / 2, base, bar_w, plot * seat["win_rate"] / scale, colour))
        low, high = (base + plot * seat[k] / scale for k in ("low", "high"))
        shapes += [Stroke(cx, low, cx, high, INK, 1.2), Stroke(cx - 6, low, cx + 6, low, INK, 1.2),
                   Stroke(cx - 6, high, cx + 6, high, INK, 1.2),
                   Label(cx + bar_w / 2 + 2, high + 2, f"{seat['win_rate']:.0%}", 9, bold=bool(seat["flag"])),
                   Label(cx, base - 12, f"seat {seat['seat']}", 9, "middle")]
    line = base + plot * fair / scale
    shapes.append(Stroke(x, line, x + w, line, MARK, 1.2, (5, 3)))
    return shapes + [_flag_note(seats, x, y - 16)]


def _flag_note(seats: list[dict], x: float, y: float) -> Label:
    above = [str(s["seat"]) for s in seats if s["flag"] == "above"]
    below = [str(s["seat"]) for s in seats if s["flag"] == "below"]
    parts = ([f"above the fair share: seat {', '.join(above)}"] if above else []) + \
            ([f"below: seat {', '.join(below)}"] if below else [])
    text = "; ".join(parts) if parts else "every seat's interval holds the fair share"
    return Label(x, y, text, 10, bold=bool(parts), colour=ABOVE if parts else GREY)


def length_chart(run: dict, x: float, y: float, w: float, h: float) -> list[Shape]:
    """The histogram of game lengths in turns, its median and 90th percentile marked."""
    turns = run["length"]["turns"]
    bins = turns.get("histogram", [])
    shapes = _frame(x, y, w, h, f"Game length in turns (mean {turns['mean']:g}, max {turns['max']:g})")
    shapes.append(Label(x, y + h - 28, f"tallest bar: {max((c for _, _, c in bins), default=0):,} games", 9,
                        colour=GREY))
    if not bins:
        return shapes
    base, plot = y + 18, h - 60
    low, high = bins[0][0], bins[-1][1]
    span = max(high - low, 1)
    most = max(count for _, _, count in bins) or 1
    for start, stop, count in bins:
        left = x + w * (start - low) / span
        shapes.append(Box(left, base, max(w * (stop - start) / span - 1, 0.5), plot * count / most, BAR))
    for value, name, lift in ((turns["median"], "median", 16), (turns["p90"], "90th percentile", 4)):
        at = x + w * (value + 0.5 - low) / span  # the middle of the value's bin
        right = at > x + w * 0.7  # a label near the right edge runs leftwards
        shapes += [Stroke(at, base, at, base + plot + lift + 8, MARK, 1.2, (4, 2)),
                   Label(at - 3 if right else at + 3, base + plot + lift, f"{name} {value:g}", 9,
                         "end" if right else "start", colour=MARK)]
    ticks = sorted({low + round(k * (high - low) / 4) for k in range(5)})
    shapes += [Label(x + w * (tick - low) / span, base - 12, f"{tick:g}", 9, "middle") for tick in ticks]
    return shapes


def situation_chart(run: dict, x: float, y: float, w: float, h: float) -> list[Shape]:
    """Mean count per game of each rule situation, and the share of games that met it."""
    rows = list(run["situations"].items())
    shapes: list[Shape] = [Label(x, y + h - 12, "Rule situations per game (share of games that met each)", 12,
                                 bold=True)]
    if not rows:
        return shapes + [Label(x, y + h - 32, "the model counts none", 10, colour=GREY)]
    step = min(22.0, (h - 30) / len(rows))
    names_w, most = 170.0, max(r["per_game"] for _, r in rows) or 1
    for i, (name, row) in enumerate(rows):
        top = y + h - 34 - i * step
        length = (w - names_w - 140) * row["per_game"] / most
        shapes += [Label(x + names_w - 8, top - step * 0.55 + 3, name, 9.5, "end"),
                   Box(x + names_w, top - step * 0.8, max(length, 0.5), step * 0.6, BAR),
                   Label(x + names_w + length + 6, top - step * 0.55 + 3,
                         f"{row['per_game']:.2f} a game · {row['games']:.0%} of games", 9)]
    return shapes
