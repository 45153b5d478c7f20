"""The layers of an SVG track diagram, bottom first.

A *layer* is a small function that draws one kind of thing (the tiles, the
space grid on their backs, the road edges, the arrows...) into its own
``<g>`` group.  A new element of the diagram is one new layer function added
to :data:`LAYERS`; the elements are always made in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trackkit.piecepack.geometry import Heading, Vec
from trackkit.render.canvas import (
    FOOTER,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Canvas,
    Layer,
    fmt,
    legend,
)
from trackkit.render.marks import DIE_SIDE, LABEL_RADIUS
from trackkit.render.racing_line import layer_racing_line
from trackkit.render.scene import Scene

__all__ = ["LAYERS", "SUIT_LETTERS", "draw_layers"]

SUIT_LETTERS = {"suns": "S", "moons": "M", "crowns": "C", "arms": "A"}
"""The letter printed on a hazard coin of each suit, so suits differ in black and white."""

_CHEQUER = 0.2
"""Side of one square of the chequered start/finish line, in spaces."""


def layer_background(canvas: Canvas) -> None:
    """Paint the whole picture in the theme's background colour."""
    frame = canvas.frame
    group = canvas.group("background")
    group.add(
        canvas.drawing.rect(
            insert=("0", "0"),
            size=(fmt(frame.width * UNITS), fmt(frame.height * UNITS)),
            fill=canvas.theme.background,
        )
    )


def layer_tiles(canvas: Canvas) -> None:
    """Each tile as a 2-inch square: the loop's, then those laid beside it (a
    pit lane's in the pit colour)."""
    theme = canvas.theme
    group = canvas.group(
        "tiles",
        fill=theme.tile_fill,
        stroke=theme.tile_outline,
        stroke_width=canvas.length(theme.tile_outline_width),
    )
    for x, y in _road_centres(canvas.scene):
        group.add(canvas.drawing.rect(**canvas.frame.box(x - 1, y - 1, x + 1, y + 1)))
    for x, y in _pit_centres(canvas.scene):
        box = canvas.frame.box(x - 1, y - 1, x + 1, y + 1)
        group.add(canvas.drawing.rect(fill=theme.pit_fill, **box))


def _road_centres(scene: Scene) -> list[tuple[int, int]]:
    """The centres of the racing road's tiles: the loop's, then a wide row's."""
    wide = [p.centre for p in scene.furniture.extras if p.row == "wide"]
    return [tile.centre for tile in scene.tiles] + wide


def _pit_centres(scene: Scene) -> list[tuple[int, int]]:
    return [p.centre for p in scene.furniture.extras if p.row == "pit"]


def _shade(canvas: Canvas, name: str, cells: tuple[tuple[int, int], ...], colour: str) -> None:
    """Fill one-space squares in ``colour`` as layer ``name``."""
    if not cells:
        return
    group = canvas.group(name, fill=colour, stroke="none")
    for x, y in cells:
        group.add(canvas.drawing.rect(**canvas.frame.box(x, y, x + 1, y + 1)))


def layer_pit_lane_spaces(canvas: Canvas) -> None:
    """The outermost lane of a three-lane wide straight, kept for the pits."""
    _shade(canvas, "pit-lane-spaces", canvas.scene.furniture.pit_cells, canvas.theme.pit_fill)


def layer_inside_lanes(canvas: Canvas) -> None:
    """Shade the inside lane when asked (``lanes``): on every tile, the lane on
    the side the next corner turns toward."""
    if canvas.options.lanes:
        _shade(canvas, "inside-lane", canvas.scene.furniture.inside_lane, canvas.theme.inside_lane)


def layer_space_grid(canvas: Canvas) -> None:
    """The 2x2 grid of one-inch spaces on every tile's back."""
    theme = canvas.theme
    group = canvas.group(
        "space-grid", fill="none", stroke=theme.grid, stroke_width=canvas.length(theme.grid_width)
    )
    steps: list[str] = []
    for x, y in _road_centres(canvas.scene) + _pit_centres(canvas.scene):
        steps += [canvas.move((x - 1, y)), canvas.line_to((x + 1, y))]
        steps += [canvas.move((x, y - 1)), canvas.line_to((x, y + 1))]
    if steps:
        group.add(canvas.drawing.path(d=" ".join(steps)))


def layer_road_edges(canvas: Canvas) -> None:
    """The two edges of the road, in heavy lines."""
    theme = canvas.theme
    group = canvas.group(
        "road-edges",
        fill="none",
        stroke=theme.road_edge,
        stroke_width=canvas.length(theme.road_edge_width),
        stroke_linecap="square",
    )
    steps = [f"{canvas.move(s.start)} {canvas.line_to(s.end)}" for s in canvas.scene.road_edges]
    if steps:
        group.add(canvas.drawing.path(d=" ".join(steps)))


def layer_pit_dividers(canvas: Canvas) -> None:
    """A dashed line where the pit lane meets the main straight: only cars
    going into or out of the pits cross it."""
    pieces = canvas.scene.furniture.pit_dividers
    if not pieces:
        return
    theme = canvas.theme
    group = canvas.group(
        "pit-divider",
        fill="none",
        stroke=theme.road_edge,
        stroke_width=canvas.length(theme.pit_divider_width),
        stroke_dasharray=f"{canvas.length(0.15)} {canvas.length(0.1)}",
    )
    group.add(canvas.drawing.path(d=" ".join(f"{canvas.move(a)} {canvas.line_to(b)}" for a, b in pieces)))


def layer_walls(canvas: Canvas) -> None:
    """The card wall between the two roads of a hairpin."""
    walls = canvas.scene.furniture.walls
    if not walls:
        return
    theme = canvas.theme
    group = canvas.group(
        "walls",
        fill="none",
        stroke=theme.wall,
        stroke_width=canvas.length(theme.wall_width),
        stroke_linecap="butt",
    )
    group.add(canvas.drawing.path(d=" ".join(f"{canvas.move(a)} {canvas.line_to(b)}" for a, b in walls)))


def layer_stopping_places(canvas: Canvas) -> None:
    """A box marked P on each pit-lane space where a car stops."""
    stops = canvas.scene.furniture.stops
    if not stops:
        return
    theme = canvas.theme
    group = canvas.group(
        "stopping-places", fill="none", stroke=theme.stop, stroke_width=canvas.length(theme.pit_divider_width)
    )
    for x, y in stops:
        group.add(canvas.drawing.rect(**canvas.frame.box(x + 0.12, y + 0.12, x + 0.88, y + 0.88)))
        _centred_text(canvas, group, "P", (x + 0.5, y + 0.5), 0.4, theme.stop)


def layer_arrows(canvas: Canvas) -> None:
    """An arrowhead on each straight tile pointing the way the cars drive."""
    group = canvas.group("arrows", fill=canvas.theme.arrow, stroke="none")
    steps = [_arrow_path(canvas, a.at, a.heading) for a in canvas.scene.arrows]
    if steps:
        group.add(canvas.drawing.path(d=" ".join(steps)))


def _arrow_path(canvas: Canvas, at: tuple[int, int], heading: Heading) -> str:
    side = heading.left()

    def offset(forward: float, across: float) -> Vec:
        return (
            at[0] + forward * heading.dx + across * side.dx,
            at[1] + forward * heading.dy + across * side.dy,
        )

    corners = [offset(0.3, 0), offset(-0.2, 0.24), offset(-0.08, 0), offset(-0.2, -0.24)]
    return canvas.move(corners[0]) + " " + " ".join(canvas.line_to(c) for c in corners[1:]) + " Z"


def layer_finish_line(canvas: Canvas) -> None:
    """The chequered start/finish line across the road."""
    finish = canvas.scene.finish
    if finish is None:
        return
    theme = canvas.theme
    group = canvas.group("start-finish")
    heading, side = finish.heading, finish.heading.left()
    (ax, ay), _ = finish.ends
    squares = round(finish.width / _CHEQUER)

    def square(row: int, column: int) -> tuple[float, float, float, float]:
        forward = (row - 1) * _CHEQUER
        across = column * _CHEQUER
        corners = [
            (ax + f * heading.dx + a * side.dx, ay + f * heading.dy + a * side.dy)
            for f in (forward, forward + _CHEQUER)
            for a in (across, across + _CHEQUER)
        ]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return min(xs), min(ys), max(xs), max(ys)

    band = [square(r, c) for r in (0, 1) for c in range(squares)]
    left, bottom = min(b[0] for b in band), min(b[1] for b in band)
    right, top = max(b[2] for b in band), max(b[3] for b in band)
    group.add(canvas.drawing.rect(fill=theme.chequer_light, **canvas.frame.box(left, bottom, right, top)))
    steps = [_box_path(canvas, square(r, c)) for r in (0, 1) for c in range(squares) if (r + c) % 2 == 0]
    group.add(canvas.drawing.path(d=" ".join(steps), fill=theme.chequer_dark))


def _box_path(canvas: Canvas, box: tuple[float, float, float, float]) -> str:
    left, bottom, right, top = box
    x, y = canvas.frame.point((left, top))
    across, down = canvas.length(right - left), canvas.length(top - bottom)
    return f"M{x} {y} h{across} v{down} h-{across} Z"


def layer_lap_die(canvas: Canvas) -> None:
    """The die against the outside of the track at the line, showing the laps."""
    die = canvas.scene.die
    if die is None:
        return
    theme = canvas.theme
    group = canvas.group("lap-die")
    half = DIE_SIDE / 2
    cx, cy = die.centre
    group.add(
        canvas.drawing.rect(
            rx=canvas.length(0.08),
            fill=theme.die_fill,
            stroke=theme.die_outline,
            stroke_width=canvas.length(theme.die_outline_width),
            **canvas.frame.box(cx - half, cy - half, cx + half, cy + half),
        )
    )
    size = 0.4 if die.laps < 10 else 0.3
    _centred_text(canvas, group, str(die.laps), die.centre, size, theme.die_text)


def layer_starting_grid(canvas: Canvas) -> None:
    """Each car's starting space as a numbered pawn seen from above; the pole
    car (1) filled in."""
    slots = canvas.scene.furniture.grid
    if not slots:
        return
    theme = canvas.theme
    group = canvas.group("starting-grid")
    for slot in slots:
        centre = (slot.cell[0] + 0.5, slot.cell[1] + 0.5)
        fill, text = (theme.pole_fill, theme.pole_text) if slot.pole else (theme.car_fill, theme.car_text)
        group.add(
            canvas.drawing.circle(
                center=canvas.frame.point(centre),
                r=canvas.length(0.3),
                fill=fill,
                stroke=theme.label_outline,
                stroke_width=canvas.length(theme.car_outline_width),
            )
        )
        _centred_text(canvas, group, str(slot.car), centre, 0.3, text)


def layer_hazards(canvas: Canvas) -> None:
    """Each hazard as a null coin on its space, in its suit's colour and
    showing its order of placing."""
    hazards = canvas.scene.furniture.hazards
    if not hazards:
        return
    theme = canvas.theme
    group = canvas.group("hazards")
    for hazard in hazards:
        centre = (hazard.cell[0] + 0.5, hazard.cell[1] + 0.5)
        x, y = canvas.frame.point(centre)
        group.add(
            canvas.drawing.circle(
                center=(x, y),
                r=canvas.length(0.37),
                fill=theme.suits[hazard.suit],
                stroke=theme.hazard_outline,
                stroke_width=canvas.length(theme.car_outline_width),
            )
        )
        group.add(
            canvas.drawing.circle(
                center=(x, y),
                r=canvas.length(0.28),
                fill="none",
                stroke=theme.hazard_text,
                stroke_width=canvas.length(0.015),
            )
        )
        _centred_text(canvas, group, SUIT_LETTERS[hazard.suit], centre, 0.3, theme.hazard_text)


def layer_corner_numbers(canvas: Canvas) -> None:
    """Each corner's number on a disc beside the corner, outside the road."""
    theme = canvas.theme
    labels = canvas.scene.labels
    if not labels:
        return
    group = canvas.group("corner-numbers")
    for label in labels:
        x, y = canvas.frame.point(label.centre)
        group.add(
            canvas.drawing.circle(
                center=(x, y),
                r=canvas.length(LABEL_RADIUS),
                fill=theme.label_fill,
                stroke=theme.label_outline,
                stroke_width=canvas.length(theme.label_outline_width),
            )
        )
        size = 0.42 if label.number < 10 else 0.34
        _centred_text(canvas, group, str(label.number), label.centre, size, theme.label_text)


def _centred_text(canvas: Canvas, group: Any, text: str, centre: Vec, size: float, colour: str) -> None:
    """Bold text whose middle sits on ``centre`` (a table point); ``size`` in spaces."""
    x = fmt(canvas.frame.x(centre[0]))
    y = fmt(canvas.frame.y(centre[1]) + 0.36 * size * UNITS)
    group.add(
        canvas.drawing.text(
            text,
            insert=(x, y),
            fill=colour,
            stroke="none",
            font_family=canvas.theme.font,
            font_size=canvas.length(size),
            font_weight="bold",
            text_anchor="middle",
        )
    )


def layer_title(canvas: Canvas) -> None:
    """The track's name and a line of facts, above the track."""
    theme = canvas.theme
    scene = canvas.scene
    group = canvas.group("title", font_family=theme.font)
    left = canvas.length(MARGIN)
    group.add(
        canvas.drawing.text(
            canvas.options.title or scene.title,
            insert=(left, canvas.length(MARGIN + TITLE_SIZE * 0.8)),
            fill=theme.title,
            font_size=canvas.length(TITLE_SIZE),
            font_weight="bold",
        )
    )
    group.add(
        canvas.drawing.text(
            scene.subtitle,
            insert=(left, canvas.length(MARGIN + TITLE_SIZE + 0.12 + SUBTITLE_SIZE * 0.8)),
            fill=theme.subtitle,
            font_size=canvas.length(SUBTITLE_SIZE),
        )
    )


def layer_legend(canvas: Canvas) -> None:
    """A line under the track saying how to read the numbers (whole circuits only)."""
    if not canvas.scene.whole:
        return
    frame = canvas.frame
    group = canvas.group("legend", font_family=canvas.theme.font)
    baseline = (frame.height - MARGIN - FOOTER + SUBTITLE_SIZE) * UNITS
    group.add(
        canvas.drawing.text(
            legend(canvas.scene),
            insert=(canvas.length(MARGIN), fmt(baseline)),
            fill=canvas.theme.subtitle,
            font_size=canvas.length(SUBTITLE_SIZE),
        )
    )


LAYERS: tuple[Layer, ...] = (
    layer_background,
    layer_tiles,
    layer_pit_lane_spaces,
    layer_inside_lanes,
    layer_space_grid,
    layer_pit_dividers,
    layer_road_edges,
    layer_walls,
    layer_arrows,
    layer_stopping_places,
    layer_finish_line,
    layer_starting_grid,
    layer_hazards,
    layer_racing_line,
    layer_lap_die,
    layer_corner_numbers,
    layer_title,
    layer_legend,
)
"""Every layer, bottom first.  Add a new diagram element here."""


def draw_layers(canvas: Canvas, layers: Iterable[Layer] = LAYERS) -> None:
    """Run each layer on ``canvas`` in order."""
    for layer in layers:
        layer(canvas)


