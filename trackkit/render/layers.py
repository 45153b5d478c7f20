"""The layers of an SVG track diagram, bottom first.

A *layer* is a small function that draws one kind of thing (the tiles, the
space grid on their backs, the road edges, the arrows...) into its own
``<g>`` group.  A new element of the diagram is one new layer function added
to :data:`LAYERS`; the elements are always made in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable

from trackkit.picture.labels import Shape, box, circle, stroke
from trackkit.render import tokens
from trackkit.render.annotations import layer_faults, layer_tile_numbers
from trackkit.render.arrows import HAZARD_RADIUS, layer_arrows, once
from trackkit.render.canvas import UNITS, Canvas, Layer, fmt
from trackkit.render.legend_layer import layer_legend, layer_title
from trackkit.render.marks import DIE_SIDE, LABEL_RADIUS
from trackkit.render.racing_line import layer_racing_line, layer_racing_path
from trackkit.render.scene import Scene

__all__ = ["LAYERS", "PAWN_RADIUS", "draw_layers"]

PAWN_RADIUS = 0.28
"""Radius of a pawn's base seen from above, in spaces: small enough to keep
clear of the chequered line, whose squares reach 0.2 spaces into the spaces
either side of it, and big enough for a car's number on its head."""

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
    """Each tile as a 2-inch square of colour: the loop's, then those laid
    beside it (a pit lane's in the pit colour).  Their borders are drawn
    later, above the shading (:func:`layer_tile_borders`)."""
    theme = canvas.theme
    group = canvas.group("tiles", fill=theme.tile_fill, stroke="none")
    for x, y in once(_road_centres(canvas.scene)):
        group.add(canvas.drawing.rect(**canvas.frame.box(x - 1, y - 1, x + 1, y + 1)))
    for x, y in once(_pit_centres(canvas.scene)):
        box = canvas.frame.box(x - 1, y - 1, x + 1, y + 1)
        group.add(canvas.drawing.rect(fill=theme.pit_fill, **box))


def layer_tile_borders(canvas: Canvas) -> None:
    """Every tile's outline, above the lane shading and heavier than the
    grid of spaces, so that the 2-inch tiles stand out from the spaces."""
    theme = canvas.theme
    group = canvas.group(
        "tile-borders",
        fill="none",
        stroke=theme.tile_outline,
        stroke_width=canvas.length(theme.tile_outline_width),
    )
    steps = [
        _square_path(canvas, centre)
        for centre in once(_road_centres(canvas.scene) + _pit_centres(canvas.scene))
    ]
    if steps:
        group.add(canvas.drawing.path(d=" ".join(steps)))


def _square_path(canvas: Canvas, centre: tuple[int, int]) -> str:
    x, y = centre
    corners = [(x - 1, y + 1), (x + 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)]
    return canvas.move(corners[0]) + " " + " ".join(canvas.line_to(c) for c in corners[1:]) + " Z"


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
    for x, y in once(_road_centres(canvas.scene) + _pit_centres(canvas.scene)):
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
    """The card wall between the two roads of a hairpin: a heavy bar with
    light stripes across it, a barrier no one takes for the road's edge."""
    walls = canvas.scene.furniture.walls
    if not walls:
        return
    theme = canvas.theme
    for a, b in walls:
        canvas.placer.block(stroke(canvas.frame.at(a), canvas.frame.at(b), theme.wall_width), "wall")
    group = canvas.group("walls", class_="symbol wall", fill="none", stroke_linecap="butt")
    steps = " ".join(f"{canvas.move(a)} {canvas.line_to(b)}" for a, b in walls)
    group.add(canvas.drawing.path(d=steps, stroke=theme.wall, stroke_width=canvas.length(theme.wall_width)))
    group.add(
        canvas.drawing.path(
            d=steps,
            stroke=theme.wall_stripe,
            stroke_width=canvas.length(theme.wall_width / 2),
            stroke_dasharray=f"{canvas.length(WALL_STRIPE)} {canvas.length(WALL_STRIPE)}",
        )
    )


WALL_STRIPE = 0.12
"""Length of each stripe of a hairpin's wall, and of the gap between two, in spaces."""


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
        place = tokens.classed(canvas.drawing, group, "symbol stop")
        place.add(canvas.drawing.rect(**canvas.frame.box(x + 0.12, y + 0.12, x + 0.88, y + 0.88)))
        canvas.placer.block(_picture_box(canvas, x + 0.12, y + 0.12, x + 0.88, y + 0.88), "stop")
        cx, cy = canvas.frame.x(x + 0.5), canvas.frame.y(y + 0.5)
        tokens.label(canvas.drawing, place, "P", cx, cy, 0.4 * UNITS, theme.stop, theme.font)


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
    group["class"] = "symbol chequer"
    canvas.placer.block(_picture_box(canvas, left, bottom, right, top), "chequer")
    group.add(canvas.drawing.rect(fill=theme.chequer_light, **canvas.frame.box(left, bottom, right, top)))
    steps = [_box_path(canvas, square(r, c)) for r in (0, 1) for c in range(squares) if (r + c) % 2 == 0]
    group.add(canvas.drawing.path(d=" ".join(steps), fill=theme.chequer_dark))


def _picture_box(canvas: Canvas, left: float, bottom: float, right: float, top: float) -> Shape:
    """A table rectangle as a shape on the picture (where the label placer works)."""
    (x0, y0), (x1, y1) = canvas.frame.at((left, top)), canvas.frame.at((right, bottom))
    return box(x0, y0, x1, y1)


def _box_path(canvas: Canvas, box: tuple[float, float, float, float]) -> str:
    left, bottom, right, top = box
    x, y = canvas.frame.point((left, top))
    across, down = canvas.length(right - left), canvas.length(top - bottom)
    return f"M{x} {y} h{across} v{down} h-{across} Z"


def layer_lap_die(canvas: Canvas) -> None:
    """The die against the outside of the track at the line, showing the laps
    as a piecepack die does (ace, 2 to 5)."""
    die = canvas.scene.die
    if die is None:
        return
    group = canvas.group("lap-die")
    x, y = canvas.frame.x(die.centre[0]), canvas.frame.y(die.centre[1])
    half = DIE_SIDE / 2
    (cx, cy) = die.centre
    canvas.placer.block(_picture_box(canvas, cx - half, cy - half, cx + half, cy + half), "die")
    tokens.die(canvas.drawing, group, canvas.theme, die.laps, x, y, DIE_SIDE * UNITS)


def layer_starting_grid(canvas: Canvas) -> None:
    """Each car's starting space as a numbered pawn seen from above; the pole
    car (1) filled in."""
    slots = canvas.scene.furniture.grid
    if not slots:
        return
    theme = canvas.theme
    group = canvas.group("starting-grid")
    for slot in slots:
        x, y = canvas.frame.x(slot.cell[0] + 0.5), canvas.frame.y(slot.cell[1] + 0.5)
        fill, ink = (theme.pole_fill, theme.pole_text) if slot.pole else (theme.car_fill, theme.car_text)
        canvas.placer.block(circle((x / UNITS, y / UNITS), PAWN_RADIUS), "pawn")
        size = (PAWN_RADIUS * UNITS, theme.car_outline_width * UNITS)
        tokens.pawn(canvas.drawing, group, theme, str(slot.car), (x, y), size, (fill, ink))


def layer_hazards(canvas: Canvas) -> None:
    """Each hazard as a null coin on its space, suit side up: its suit's
    symbol (and, in colour, its suit's colour)."""
    hazards = canvas.scene.furniture.hazards
    if not hazards:
        return
    group = canvas.group("hazards")
    for hazard in hazards:
        x, y = canvas.frame.x(hazard.cell[0] + 0.5), canvas.frame.y(hazard.cell[1] + 0.5)
        canvas.placer.block(circle((x / UNITS, y / UNITS), HAZARD_RADIUS), "coin")
        tokens.coin(canvas.drawing, group, canvas.theme, hazard.suit, x, y, HAZARD_RADIUS * UNITS)


def layer_corner_numbers(canvas: Canvas) -> None:
    """Each corner's number on a disc beside the corner, outside the road."""
    theme = canvas.theme
    labels = canvas.scene.labels
    if not labels:
        return
    group = canvas.group("corner-numbers")
    for corner in labels:
        x, y = canvas.frame.x(corner.centre[0]), canvas.frame.y(corner.centre[1])
        canvas.placer.block(circle((x / UNITS, y / UNITS), LABEL_RADIUS), "disc")
        tokens.disc(
            canvas.drawing,
            group,
            theme,
            str(corner.number),
            x,
            y,
            LABEL_RADIUS * UNITS,
            theme.label_fill,
            theme.label_text,
            theme.label_outline_width * UNITS,
        )


LAYERS: tuple[Layer, ...] = (
    layer_background,
    layer_tiles,
    layer_pit_lane_spaces,
    layer_inside_lanes,
    layer_space_grid,
    layer_tile_borders,
    layer_pit_dividers,
    layer_road_edges,
    layer_walls,
    layer_arrows,
    layer_stopping_places,
    layer_finish_line,
    layer_racing_path,
    layer_starting_grid,
    layer_hazards,
    layer_racing_line,
    layer_lap_die,
    layer_corner_numbers,
    layer_faults,
    layer_tile_numbers,
    layer_title,
    layer_legend,
)
"""Every layer, bottom first.  Add a new diagram element here."""


def draw_layers(canvas: Canvas, layers: Iterable[Layer] = LAYERS) -> None:
    """Run each layer on ``canvas`` in order."""
    for layer in layers:
        layer(canvas)
