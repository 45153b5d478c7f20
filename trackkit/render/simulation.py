"""The picture of a simulation: where the incidents happen, and what the
grid is worth.

:func:`simulation_svg` draws, side by side:

* the **track map**: a Racepack track's loop tiles (and the tiles beside it)
  as squares, a RACE! track's spaces as the road's outline; every corner is
  shaded by its *incidents a race* (spin-outs on Racepack, hazard tokens on
  RACE!: the figures the simulation counts per corner), from white (none)
  to deep red (the corner with the most), and carries its number;
* the **legend** of the shading, five steps from none to the most;
* a **bar chart** of the win rate of each grid slot, slot 1 the pole, each
  bar with its 95 % confidence interval as a whisker.

It knows no rules and no game: the layout's game maps the track from its
*setup* (its ``incident_map`` job: tile squares and numbered corners for
Racepack, the road's spaces and corners for RACE!, see
:class:`~trackkit.play.IncidentMap`), and it reads the figures of a
:class:`~trackkit.montecarlo.Simulation` and returns the SVG text, one
element a line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from trackkit.montecarlo import Interval, Simulation
from trackkit.play import IncidentMap
from trackkit.registry import find_game

__all__ = [
    "CHART_HEIGHT",
    "CHART_WIDTH",
    "MAP_SIZE",
    "MARGIN",
    "SCALE_END",
    "SHADES",
    "TITLE_HEIGHT",
    "MapFit",
    "interval_chart",
    "map_lines",
    "shade",
    "shade_scale",
    "simulation_svg",
    "svg_head",
    "svg_line",
    "svg_rect",
    "svg_text",
    "win_rate_chart",
]

MAP_SIZE = 420.0
"""The side of the square the track map is fitted into, in pixels."""

MARGIN = 24.0
CHART_WIDTH = 360.0
CHART_HEIGHT = 260.0
TITLE_HEIGHT = 64.0
LEGEND_HEIGHT = 70.0
SHADES = 5
"""Steps of the legend, from no incident to the most."""
LEGEND_TOP = TITLE_HEIGHT + MAP_SIZE + 12
"""How far down the legend starts, below the map."""
SCALE_BOX = 40.0
SCALE_END = MARGIN + SHADES * (SCALE_BOX + 30)
"""Where the legend's shade boxes end, for the words beside them."""

ROAD = "#d9d9d9"
EDGE = "#555555"
BAR = "#4a78b0"
FONT = 'font-family="sans-serif"'

Polygon = tuple[tuple[float, float], ...]


def shade(share: float) -> str:
    """The fill for ``share`` of the most incidents (0 to 1): white to deep red."""
    share = min(1.0, max(0.0, share))
    white, red = (255, 255, 255), (178, 24, 43)
    channels = (round(w + (r - w) * share) for w, r in zip(white, red))
    return "#" + "".join(f"{value:02x}" for value in channels)


def simulation_svg(layout: Any, result: Simulation) -> str:
    """The track map with corners shaded by incidents, its legend, and the
    win rate of each grid slot with its 95 % interval, as SVG text; the map
    is the one the layout's game draws (its ``incident_map`` job)."""
    mapped = find_game(layout.game).incident_map
    drawn = IncidentMap([], {}, None) if mapped is None else mapped(layout)
    per_race = [count / result.races for count in result.incidents]
    most = max(per_race[1:], default=0.0) or 1.0
    width = MARGIN * 3 + MAP_SIZE + CHART_WIDTH
    height = TITLE_HEIGHT + MAP_SIZE + LEGEND_HEIGHT + MARGIN
    name, words = _title(layout, result)
    lines = svg_head(width, height, name, words)
    lines += map_lines(drawn, per_race, most)
    lines += _legend_lines(result, per_race, most)
    lines += win_rate_chart(result)
    return "\n".join([*lines, "</svg>"]) + "\n"


def svg_head(width: float, height: float, name: str, words: str) -> list[str]:
    """The picture's opening tag, white ground, heading ``name`` and the
    line of ``words`` under it."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}">',
        svg_rect(0, 0, width, height, "white"),
        svg_text(MARGIN, 26, name, 16, "start", bold=True),
        svg_text(MARGIN, 46, words, 12, "start"),
    ]


def _title(layout: Any, result: Simulation) -> tuple[str, str]:
    """The heading and the line under it."""
    name = f"{layout.name or 'Track'}: {result.races:,} races of {result.cars} {result.vehicles}"
    kinds = ", ".join(dict.fromkeys(result.drivers))
    return name, f"{result.laps} laps; drivers {kinds} dealt in turn; seed {result.seed}"


# --- the track map -----------------------------------------------------------------


class MapFit:
    """Table inches to map pixels: the map's bounding box fitted into the
    map square, y turned to point down."""

    def __init__(self, points: Iterable[tuple[float, float]]) -> None:
        xs, ys = zip(*points)
        self.left, self.top = min(xs), max(ys)
        span = max(max(xs) - self.left, self.top - min(ys), 1e-9)
        self.scale = MAP_SIZE / span
        self.dx = MARGIN + (MAP_SIZE - (max(xs) - self.left) * self.scale) / 2
        self.dy = TITLE_HEIGHT + (MAP_SIZE - (self.top - min(ys)) * self.scale) / 2

    def __call__(self, point: tuple[float, float]) -> tuple[float, float]:
        return (self.dx + (point[0] - self.left) * self.scale, self.dy + (self.top - point[1]) * self.scale)


def map_lines(drawn: IncidentMap, per_race: Sequence[float], most: float) -> list[str]:
    """The track map fitted into the map square: each corner's road shaded
    by its share of ``most`` a race (``per_race`` by corner), the finish
    line and the corner numbers."""
    if not drawn.patches:
        return []
    fit = MapFit(point for patch in drawn.patches for point in patch.outline)
    lines = ['<g id="track">']
    for patch in drawn.patches:
        fill = shade(per_race[patch.corner] / most) if 0 < patch.corner < len(per_race) else ROAD
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(fit, patch.outline))
        lines.append(f'<polygon points="{points}" fill="{fill}" stroke="{EDGE}" stroke-width="1"/>')
    if drawn.finish is not None:
        (ax, ay), (bx, by) = map(fit, drawn.finish)
        lines.append(
            f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="black" stroke-width="4"/>'
        )
    lines.append("</g>")
    lines.append('<g id="corner-numbers">')
    for number, point in sorted(drawn.labels.items()):
        x, y = fit(point)
        lines.append(svg_text(x, y + 5, str(number), 14, "middle", bold=True))
    lines.append("</g>")
    return lines


# --- the legend ---------------------------------------------------------------------


def _legend_lines(result: Simulation, per_race: Sequence[float], most: float) -> list[str]:
    top = LEGEND_TOP
    lines = shade_scale(f"corners shaded by {result.incident} a race", most if any(per_race[1:]) else 0.0)
    road = per_race[0] if per_race else 0.0
    key = "black bar: the start/finish line"
    if road:
        key += f"; road outside the corners: {road:.2f} a race"
    lines.append(svg_text(SCALE_END, top + 30, key, 11, "start"))
    lines.append("</g>")
    return lines


def shade_scale(heading: str, most: float, top: float = LEGEND_TOP) -> list[str]:
    """The legend's group opened, its ``heading``, and the :data:`SHADES`
    boxes of the shading from none to ``most`` a race, each with its value
    under it; the boxes end at :data:`SCALE_END`, ``top`` pixels down (by
    default below the map, :data:`LEGEND_TOP`)."""
    lines = ['<g id="legend">', svg_text(MARGIN, top + 10, heading, 13, "start")]
    for step in range(SHADES):
        share = step / (SHADES - 1)
        x = MARGIN + step * (SCALE_BOX + 30)
        lines.append(svg_rect(x, top + 18, SCALE_BOX, 14, shade(share), EDGE))
        lines.append(svg_text(x + SCALE_BOX / 2, top + 46, f"{share * most:.2f}", 11, "middle"))
    return lines


# --- the bar chart ------------------------------------------------------------------


def win_rate_chart(result: Simulation, slot: str = "grid slot", first: str = "1 (pole)") -> list[str]:
    """The bar chart of the win rate from each ``slot`` (a grid slot, a
    seat), each bar with its 95 % interval as a whisker, right of the map;
    the first one is labelled ``first``."""
    intervals = [result.slot_rate(index) for index in range(result.cars)]
    labels = [first, *(str(index + 1) for index in range(1, result.cars))]
    return interval_chart(intervals, labels, slot, MARGIN * 2 + MAP_SIZE + 40, TITLE_HEIGHT + 40)


def interval_chart(
    intervals: Sequence[Interval], labels: Sequence[str], axis: str, left: float, top: float
) -> list[str]:
    """The bar chart of win rates, one bar per interval (labelled by
    ``labels``, along an ``axis`` such as ``seat``) with its 95 % interval
    as a whisker; the plot's top-left corner at (``left``, ``top``)."""
    width, height = CHART_WIDTH - 50, CHART_HEIGHT
    ceiling = _ceiling(max((interval.high for interval in intervals), default=0.0))
    bottom = top + height
    lines = [
        '<g id="win-rates">',
        svg_text(left - 40, top - 16, f"win rate by {axis} (95 % interval)", 13, "start"),
    ]
    for tick in range(0, round(ceiling * 100) + 1, 10 if ceiling > 0.3 else 5):
        y = bottom - tick / 100 / ceiling * height
        lines.append(svg_line(left, y, left + width, y, "#e5e5e5"))
        lines.append(svg_text(left - 6, y + 4, f"{tick} %", 11, "end"))
    slot_width = width / max(1, len(intervals))
    for index, (interval, name) in enumerate(zip(intervals, labels)):
        x = left + index * slot_width + slot_width * 0.2
        bar = slot_width * 0.6
        y = bottom - interval.rate / ceiling * height
        lines.append(svg_rect(x, y, bar, bottom - y, BAR))
        middle = x + bar / 2
        low, high = (bottom - value / ceiling * height for value in (interval.low, interval.high))
        lines.append(svg_line(middle, low, middle, high, "black"))
        for end in (low, high):
            lines.append(svg_line(middle - 5, end, middle + 5, end, "black"))
        lines.append(svg_text(middle, bottom + 16, name, 11, "middle"))
        lines.append(svg_text(middle, high - 6, f"{interval.rate * 100:.1f}", 10, "middle"))
    lines.append(svg_line(left, bottom, left + width, bottom, "black"))
    lines.append(svg_text(left + width / 2, bottom + 34, axis, 12, "middle"))
    lines.append("</g>")
    return lines


def _ceiling(rate: float) -> float:
    """The top of the chart's scale: the next 10 % above ``rate`` (5 % up to 30 %)."""
    step = 0.1 if rate > 0.3 else 0.05
    steps = max(1, math.ceil(round(rate / step, 9)))
    return min(1.0, steps * step)


def svg_text(x: float, y: float, words: str, size: int, anchor: str, bold: bool = False) -> str:
    """A line of ``words`` at (``x``, ``y``), ``size`` pixels high, anchored
    ``start``, ``middle`` or ``end``, as one SVG element."""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" {FONT}{weight}>'
        f"{escape(words)}</text>"
    )


def svg_rect(x: float, y: float, width: float, height: float, fill: str, stroke: str | None = None) -> str:
    """A rectangle, its top left corner at (``x``, ``y``), as one SVG element."""
    edge = f' stroke="{stroke}"' if stroke else ""
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" fill="{fill}"{edge}/>'


def svg_line(x1: float, y1: float, x2: float, y2: float, stroke: str) -> str:
    """A straight line one pixel wide, as one SVG element."""
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}"/>'
