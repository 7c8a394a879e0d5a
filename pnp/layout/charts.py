"""The pages of a play-test report as positioned shapes: pure geometry, no canvas.

Contract: `report_pages(document)` lays out one A4 landscape page per run of a `pnp playtest`
document (pnp.lab: one player count and agent) and returns `ChartPage`s whose `shapes` are `Box`,
`Stroke` and `Label` records in points, origin at the bottom left (draw/charts.py paints them with
reportlab.graphics). A page holds, readable at a glance: a title line (kit, players, agent, games,
how many ended, games per second); the win rate of each seat as a bar with its 95 % interval as a
whisker and the fair share as a dashed line, a seat whose interval excludes it drawn in a colour of
its own (above: red, below: blue) and named in words under the chart; the histogram of the game
lengths in turns with its median and 90th percentile marked; the rule situations, mean count per
game as bars, with the share of games that met each; and, for a model that measures lengths of its
own (Clochemerle's weeks), their histograms beside the situations. Colours are hex strings.

Labels are placed from their measured extent (`measure(text, size, bold)`, the width in points of
the face that will print them), never nudged by hand: a seat's percentage sits above its whisker, or
above the fair-share line when the line would run through it; the median and 90th-percentile labels
share a lane above the histogram when they do not touch, else stack in lanes whose strokes cross no
label, below the chart's caption; the situation names and values take the width they need.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..core.errors import counted

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
Measure = Callable[[str, float, bool], float]  # the width in points of text at a size, bold or not
LANE, GAP = 12.0, 6.0  # the height of a marker label's lane; the least room between two labels


@dataclass(frozen=True)
class ChartPage:
    width: float
    height: float
    shapes: tuple[Shape, ...]


def report_pages(document: dict, measure: Measure) -> list[ChartPage]:
    return [ChartPage(*PAGE, tuple(_page(document, run, measure))) for run in document["runs"]]


def extent(label: Label, measure: Measure) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a label's text covers: its width, a quarter of its size below the
    baseline (descenders), three quarters above (capitals and ascenders)."""
    width = measure(label.text, label.size, label.bold)
    x0 = label.x - {"start": 0.0, "middle": width / 2, "end": width}[label.anchor]
    return x0, label.y - 0.25 * label.size, x0 + width, label.y + 0.75 * label.size


def _page(document: dict, run: dict, measure: Measure) -> list[Shape]:
    width, height = PAGE
    speed = run["timing"]["games_per_second"]
    shapes: list[Shape] = [
        Label(MARGIN, height - MARGIN - 14, f"{document['title']} · {counted(run['players'], 'player')} · "
              f"{run['agent']} agent", 18, bold=True),
        Label(MARGIN, height - MARGIN - 32, f"{counted(run['games'], 'game')} (seed {document['seed']}), "
              f"{run['ended']:,} ended, {counted(run['shared_wins'], 'shared win')}"
              + (f" · {speed:,.0f} games/s" if speed else ""), 10, colour=GREY)]
    shapes += _agent_note(document, run, width - 2 * MARGIN, height - MARGIN - 46, measure)
    top = height - MARGIN - 60
    half = (width - 2 * MARGIN - 30) / 2
    shapes += seat_chart(run, MARGIN, top - 250, half, 250, measure)
    shapes += length_chart(run, MARGIN + half + 30, top - 250, half, 250, measure)
    lower = top - 250 - MARGIN - 40
    others = [key for key in run["length"] if key != "turns"]  # the model's own measures (weeks…)
    if not others:
        return shapes + situation_chart(run, MARGIN, MARGIN, width - 2 * MARGIN, lower, measure)
    shapes += situation_chart(run, MARGIN, MARGIN, half, lower, measure)
    each = (half + 30) / len(others) - 30
    for i, key in enumerate(others):
        shapes += length_chart(run, MARGIN + half + 30 + i * (each + 30), MARGIN, each, lower, measure, key)
    return shapes


def _agent_note(document: dict, run: dict, width: float, y: float, measure: Measure) -> list[Shape]:
    """How the run's agent chooses (the model's words, pnp.lab) and the seats whose rate depends on
    it, on one line cut to the page's width."""
    note = document.get("agent_notes", {}).get(run["agent"], "")
    depends = run.get("agent_dependent") or []
    text = f"How the {run['agent']} agent chooses: {note}" if note else ""
    if depends:
        text = f"Depends on the agent: seat {', '.join(map(str, depends))}. " + text
    words = text.split()
    while words and measure(" ".join(words), 8, False) > width:
        words = words[:-2] + ["…"]
    return [Label(MARGIN, y, " ".join(words), 8, colour=GREY)] if words else []


def _frame(x: float, y: float, w: float, h: float, title: str) -> list[Shape]:
    return [Label(x, y + h - 12, title, 12, bold=True), Stroke(x, y + 18, x + w, y + 18, GREY)]


def seat_chart(run: dict, x: float, y: float, w: float, h: float, measure: Measure) -> list[Shape]:
    """Win rate by seat: bars, 95 % whiskers, the fair share dashed; flagged seats coloured."""
    seats, fair = run["seats"], run["fair_share"]
    shapes = _frame(x, y, w, h, "Win rate by seat, with 95 % intervals")
    shapes.append(Label(x, y + h - 28, f"dashed: the fair share, {fair:.1%}", 9, colour=MARK))
    base, plot = y + 18, h - 60
    scale = max([s["high"] for s in seats] + [fair, 0.05]) * 1.1
    slot = w / len(seats)
    line = base + plot * fair / scale
    for i, seat in enumerate(seats):
        cx = x + slot * (i + 0.5)
        bar_w = min(46.0, slot * 0.6)
        colour = {"above": ABOVE, "below": BELOW}.get(seat["flag"] or "", BAR)
        shapes.append(Box(cx - bar_w / 2, base, bar_w, plot * seat["win_rate"] / scale, colour))
        low, high = (base + plot * seat[k] / scale for k in ("low", "high"))
        rate = Label(cx, high + 4, f"{seat['win_rate']:.0%}", 9, "middle", bold=bool(seat["flag"]))
        shapes += [Stroke(cx, low, cx, high, INK, 1.2), Stroke(cx - 6, low, cx + 6, low, INK, 1.2),
                   Stroke(cx - 6, high, cx + 6, high, INK, 1.2), _clear_of(rate, line, measure),
                   Label(cx, base - 12, f"seat {seat['seat']}" + (f" · {seat['colour']}" if seat.get("colour") else ""),
                         9, "middle")]
    shapes.append(Stroke(x, line, x + w, line, MARK, 1.2, (5, 3)))
    return shapes + [_flag_note(seats, x, y - 16)]


def _clear_of(label: Label, line: float, measure: Measure) -> Label:
    """`label`, or the same label set above the horizontal line at `line` when the line (1.2 pt
    wide) would touch its text."""
    _, y0, _, y1 = extent(label, measure)
    return replace(label, y=line + 0.25 * label.size + 2) if y0 - 2 <= line <= y1 + 2 else label


def _flag_note(seats: list[dict], x: float, y: float) -> Label:
    """The flagged seats in words: "above the fair share: seat 1; below: seat 5"."""
    parts = [f"{side}: seat {', '.join(str(s['seat']) for s in seats if s['flag'] == side)}"
             for side in ("above", "below") if any(s["flag"] == side for s in seats)]
    text = "; ".join(parts).replace(":", " the fair share:", 1) if parts else "every seat's interval holds the fair share"
    return Label(x, y, text, 10, bold=bool(parts), colour=ABOVE if parts else GREY)


def length_chart(run: dict, x: float, y: float, w: float, h: float, measure: Measure,
                 key: str = "turns") -> list[Shape]:
    """The histogram of game lengths in `key` (turns, or a measure of the model's own: weeks), its
    median and 90th percentile marked, their labels in lanes between the histogram and the caption."""
    turns = run["length"][key]
    bins = turns.get("histogram", [])
    caption = Label(x, y + h - 28, f"tallest bar: {counted(max((c for _, _, c in bins), default=0), 'game')}", 9,
                    colour=GREY)
    shapes = _frame(x, y, w, h, f"Game length in {key} (mean {turns['mean']:g}, max {turns['max']:g})") + [caption]
    if not bins:
        return shapes
    low, high = bins[0][0], bins[-1][1]
    span = max(high - low, 1)
    marks = [(x + w * (turns[key] + 0.5 - low) / span, f"{name} {turns[key]:g}")  # the middle of the value's bin
             for key, name in (("median", "median"), ("p90", "90th percentile"))]
    placed = _lanes(marks, x, x + w, measure)
    base, size = y + 18, placed[0][1].size
    top = extent(caption, measure)[1] - 2 - 4 - size - LANE * max(lane for _, _, lane in placed)
    most = max(count for _, _, count in bins) or 1
    for start, stop, count in bins:
        shapes.append(Box(x + w * (start - low) / span, base, max(w * (stop - start) / span - 1, 0.5),
                          (top - base) * count / most, BAR))
    for at, label, lane in placed:
        baseline = top + 4 + 0.25 * size + lane * LANE
        shapes += [Stroke(at, base, at, baseline + 0.75 * size, MARK, 1.2, (4, 2)), replace(label, y=baseline)]
    step = max(1, round((high - low) / 4))  # about five ticks, evenly spaced, whole numbers
    ticks = [low + k * step for k in range(int((high - low) // step) + 1)]
    return shapes + [_within(Label(x + w * (tick - low) / span, base - 12, f"{tick:g}", 9, "middle"), x, x + w, measure)
                     for tick in ticks]


def _within(label: Label, left: float, right: float, measure: Measure) -> Label:
    """A centred label, or the same label ending at `right` (starting at `left`) when centred it would pass it."""
    x0, _, x1, _ = extent(label, measure)
    return replace(label, x=right, anchor="end") if x1 > right else \
        replace(label, x=left, anchor="start") if x0 < left else label


def _lanes(marks: list[tuple[float, str]], left: float, right: float,
           measure: Measure) -> list[tuple[float, Label, int]]:
    """(stroke x, label, lane) of each mark: its label beside its stroke (rightwards, or leftwards
    where it would pass `right`), all in lane 0 when no label comes near another label or stroke;
    else all on one side, a lane each, the lowest lane to the mark the labels run towards, so that no
    stroke crosses a label below its own."""
    def beside(at: float, text: str, anchor: str) -> Label:
        return Label(at + 3 if anchor == "start" else at - 3, 0.0, text, 9, anchor, colour=MARK)

    def fits(label: Label) -> bool:
        x0, _, x1, _ = extent(label, measure)
        return left <= x0 and x1 <= right

    labels = [beside(at, text, "start") if fits(beside(at, text, "start")) else beside(at, text, "end")
              for at, text in marks]
    spans = [extent(label, measure)[::2] for label in labels]
    if not any(_near(spans[i], spans[j], marks[j][0]) for i in range(len(marks)) for j in range(len(marks)) if i != j):
        return [(at, label, 0) for (at, _), label in zip(marks, labels)]
    side = "start" if all(fits(beside(at, text, "start")) for at, text in marks) else "end"
    order = sorted(marks, key=lambda mark: mark[0], reverse=side == "start")
    return [(at, beside(at, text, side), lane) for lane, (at, text) in enumerate(order)]


def _near(span: tuple[float, float], other: tuple[float, float], stroke: float) -> bool:
    """Whether a label spanning `span` comes within GAP of the label spanning `other` or touches the
    stroke at `stroke`."""
    return (span[0] < other[1] + GAP and other[0] < span[1] + GAP) or span[0] - 2 <= stroke <= span[1] + 2


def situation_chart(run: dict, x: float, y: float, w: float, h: float, measure: Measure) -> list[Shape]:
    """Mean count per game of each rule situation, and the share of games that met it: the names
    right-aligned in the width the longest needs, the bars as long as the longest value label leaves."""
    rows = list(run["situations"].items())
    shapes: list[Shape] = [Label(x, y + h - 12, "Rule situations per game (share of games that met each)", 12,
                                 bold=True)]
    if not rows:
        return shapes + [Label(x, y + h - 32, "the model counts none", 10, colour=GREY)]
    values = [f"{row['per_game']:.2f} a game · {row['games']:.0%} of games" for _, row in rows]
    step = min(22.0, (h - 30) / len(rows))
    names_w = max(measure(name, 9.5, False) for name, _ in rows) + 8
    room = w - names_w - 6 - max(measure(value, 9, False) for value in values)
    most = max(r["per_game"] for _, r in rows) or 1
    for i, ((name, row), value) in enumerate(zip(rows, values)):
        top = y + h - 34 - i * step
        length = room * row["per_game"] / most
        shapes += [Label(x + names_w - 8, top - step * 0.55 + 3, name, 9.5, "end"),
                   Box(x + names_w, top - step * 0.8, max(length, 0.5), step * 0.6, BAR),
                   Label(x + names_w + max(length, 0.5) + 6, top - step * 0.55 + 3, value, 9)]
    return shapes
