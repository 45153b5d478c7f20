"""The picture of a run of Motocross races: where the bikes come to grief,
and what each seat at the table is worth.

:func:`motocross_simulation_svg` draws, side by side:

* the **course map**: every tile of the course as its 2-inch square (with
  its four spaces), laid out as the course's *setup* places it on the table
  (:func:`trackkit.motocross.setup.course_setup`); each tile is shaded by
  its *incidents a race* -- the wipe-outs counted there (at the space a bike
  left the track from, or was landed on) plus the *failed jumps* (turns a
  ramp held a bike back there) -- from white (none) to deep red (the tile
  with the most).  The starting tile has a heavy outline, the finish line is
  a black bar across the finish tile's far edge, and each jump ramp is a
  heavy bar along its tile's raised edge with a coin giving its height;
  tiles carry their numbers in the order played (tile 0 the starting tile);
* the **legend**: the shading in five steps, what the marks mean, and the
  busiest tiles with their wipe-outs and failed jumps apart;
* a **bar chart** of the win rate of each seat (seat 1 is the starting
  player, who places a bike first and moves first), each bar with its 95 %
  confidence interval as a whisker.

It knows no rules: it reads the course's setup and the figures of a
:class:`~trackkit.montecarlo.Simulation`, and returns the SVG text, one
element a line, the same bytes for the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackkit.montecarlo import Simulation
from trackkit.picture.labels import numbering_step
from trackkit.piecepack.geometry import Point
from trackkit.registry import find_game
from trackkit.render.simulation import (
    CHART_WIDTH,
    EDGE,
    LEGEND_HEIGHT,
    LEGEND_TOP,
    MAP_SIZE,
    MARGIN,
    SCALE_END,
    TITLE_HEIGHT,
    MapFit,
    shade,
    shade_scale,
    svg_head,
    svg_text,
    win_rate_chart,
)

__all__ = ["BUSIEST", "incidents_a_race", "motocross_simulation_svg"]

BUSIEST = 3
"""How many of the busiest tiles the legend names, with their figures."""

SMALL_TILE = 12.0
"""Below this many pixels an inch (a tile 24 pixels wide) the map numbers
every :data:`SPARSE_STEP`-th tile only, and draws smaller coins."""
SPARSE_STEP = 5

GRID = "#b0b0b0"
RAMP = "#333333"
COIN = "#f2d16b"


def incidents_a_race(result: Simulation) -> list[float]:
    """Each tile's wipe-outs plus failed jumps, a race on average."""
    pairs = zip(result.incidents, result.overtakes)
    return [(wipe_outs + failed) / result.races for wipe_outs, failed in pairs]


def _setup(course: Any) -> Any:
    """The course's setup, from its game (see :func:`trackkit.motocross.setup.course_setup`)."""
    lay_out = find_game(course.game).setup
    assert lay_out is not None, "a Motocross course has a setup"
    return lay_out(course)


def motocross_simulation_svg(course: Any, result: Simulation) -> str:
    """The course with its tiles shaded by incidents, its legend, and the
    win rate of each seat with its 95 % interval, as SVG text."""
    setup = _setup(course)
    per_race = incidents_a_race(result)
    most = max(per_race, default=0.0)
    width = MARGIN * 3 + MAP_SIZE + CHART_WIDTH
    height = TITLE_HEIGHT + MAP_SIZE + LEGEND_HEIGHT + 20 + MARGIN
    name = f"{course.name or 'Course'}: {result.races:,} races of {result.cars} riders"
    kinds = ", ".join(dict.fromkeys(result.drivers))
    words = f"riders {kinds} dealt to the seats in turn; seat 1 moves first; seed {result.seed}"
    if result.unfinished:
        words += f"; {result.unfinished:,} races unfinished"
    lines = svg_head(width, height, name, words)
    if course.centres:
        fit = MapFit(point for x, y in course.centres for point in ((x - 1, y - 1), (x + 1, y + 1)))
        lines += _tile_lines(setup, fit, per_race, most or 1.0)
        lines += _mark_lines(setup, fit)
        lines += _number_lines(setup, fit)
    lines += _legend_lines(result, per_race, most)
    lines += win_rate_chart(result, slot="seat", first="1 (first)")
    return "\n".join([*lines, "</svg>"]) + "\n"


# --- the course map ---------------------------------------------------------------


def _pixels(fit: MapFit, point: tuple[float, float]) -> str:
    x, y = fit(point)
    return f"{x:.1f},{y:.1f}"


def _tile_lines(setup: Any, fit: MapFit, per_race: Sequence[float], most: float) -> list[str]:
    """Each tile's square, shaded by its incidents, and the cross of its spaces."""
    lines = ['<g id="course">']
    for tile, (x, y) in enumerate(setup.course.centres):
        corners = ((x - 1, y - 1), (x + 1, y - 1), (x + 1, y + 1), (x - 1, y + 1))
        points = " ".join(_pixels(fit, corner) for corner in corners)
        fill = shade(per_race[tile] / most) if tile < len(per_race) else "white"
        lines.append(f'<polygon points="{points}" fill="{fill}" stroke="{EDGE}" stroke-width="1"/>')
    lines.append("</g>")
    lines.append('<g id="spaces">')
    for x, y in setup.course.centres:
        lines.append(_segment(fit, (x - 1, y), (x + 1, y), GRID, 0.5))
        lines.append(_segment(fit, (x, y - 1), (x, y + 1), GRID, 0.5))
    lines.append("</g>")
    return lines


def _segment(
    fit: MapFit, start: tuple[float, float], end: tuple[float, float], stroke: str, width: float
) -> str:
    (x1, y1), (x2, y2) = fit(start), fit(end)
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}"'
        f' stroke-width="{width:g}"/>'
    )


def _mark_lines(setup: Any, fit: MapFit) -> list[str]:
    """The starting tile's outline, the finish line and the ramps."""
    course = setup.course
    x, y = course.centres[0]
    inset = ((x - 0.94, y - 0.94), (x + 0.94, y - 0.94), (x + 0.94, y + 0.94), (x - 0.94, y + 0.94))
    lines = [
        '<g id="start">',
        f'<polygon points="{" ".join(_pixels(fit, c) for c in inset)}" fill="none" stroke="black"'
        ' stroke-width="3"/>',
        "</g>",
    ]
    edge = course.exit_heading(len(course) - 1)
    if edge is not None:
        fx, fy = course.centres[-1]
        across = edge.left()
        middle = (fx + edge.dx, fy + edge.dy)
        ends = [(middle[0] + side * across.dx, middle[1] + side * across.dy) for side in (1, -1)]
        lines += ['<g id="finish">', _segment(fit, ends[0], ends[1], "black", 5), "</g>"]
    lines.append('<g id="ramps">')
    for ramp in setup.ramps:
        lines += _ramp(fit, course.centres[ramp.tile], ramp.point(course.centres[ramp.tile]), ramp.height)
    lines.append("</g>")
    return lines


def _ramp(fit: MapFit, centre: Point, raised: tuple[float, float], height: int) -> list[str]:
    """A ramp: a heavy bar along the raised edge, and a coin just inside it
    holding the ramp's height."""
    along = (raised[1] - centre[1], raised[0] - centre[0])
    ends = [(raised[0] + side * along[0], raised[1] + side * along[1]) for side in (1, -1)]
    coin = (raised[0] + (centre[0] - raised[0]) * 0.35, raised[1] + (centre[1] - raised[1]) * 0.35)
    cx, cy = fit(coin)
    small = fit.scale < SMALL_TILE
    radius = max(3.5 if small else 5.0, fit.scale * 0.3)
    size = max(5 if small else 7, round(radius * 1.2))
    return [
        _segment(fit, ends[0], ends[1], RAMP, max(3.0, round(fit.scale * 0.2, 1))),
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{COIN}"'
        f' stroke="{RAMP}" stroke-width="1"/>',
        svg_text(cx, cy + size * 0.36, str(height), size, "middle", bold=True),
    ]


def _number_lines(setup: Any, fit: MapFit) -> list[str]:
    """Each tile's number in the order played, in the middle of the tile or,
    on a ramp's tile, away from the coin (every k-th tile only on a long
    course; every fifth on a map too small for three digits a tile), sized
    to the tile."""
    course = setup.course
    raised = {ramp.tile: ramp.edge for ramp in setup.ramps}
    size = max(7, min(14, round(fit.scale * 0.6)))
    step = max(numbering_step(len(course)), SPARSE_STEP if fit.scale < SMALL_TILE else 1)
    lines = ['<g id="tile-numbers">']
    for tile in range(0, len(course), step):
        cx, cy = course.centres[tile]
        edge = raised.get(tile)
        away = (cx, cy) if edge is None else (cx - edge.dx * 0.45, cy - edge.dy * 0.45)
        x, y = fit(away)
        lines.append(svg_text(x, y + size * 0.36, str(tile), size, "middle"))
    lines.append("</g>")
    return lines


# --- the legend ---------------------------------------------------------------------


def _legend_lines(result: Simulation, per_race: Sequence[float], most: float) -> list[str]:
    """The shading's scale and key, and the busiest tiles' figures."""
    top = LEGEND_TOP
    return [
        *shade_scale("tiles shaded by wipe-outs + failed jumps a race", most),
        svg_text(SCALE_END, top + 22, "heavy outline: the starting tile (0)", 11, "start"),
        svg_text(SCALE_END, top + 36, "black bar: the finish line", 11, "start"),
        svg_text(SCALE_END, top + 50, "dark bar and coin: a ramp's raised edge and height", 11, "start"),
        svg_text(MARGIN, top + 70, _busiest(result, per_race), 11, "start"),
        "</g>",
    ]


def _busiest(result: Simulation, per_race: Sequence[float]) -> str:
    """The :data:`BUSIEST` tiles with the most incidents, each with its
    wipe-outs and failed jumps a race."""
    busy = sorted((tile for tile, share in enumerate(per_race) if share), key=lambda t: (-per_race[t], t))
    if not busy:
        return "no wipe-out or failed jump in any race"
    words = [
        f"tile {tile}: {result.incidents[tile] / result.races:.2f} wipe-outs,"
        f" {result.overtakes[tile] / result.races:.2f} failed jumps"
        for tile in busy[:BUSIEST]
    ]
    return "busiest (a race): " + "; ".join(words)
