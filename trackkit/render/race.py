"""RACE! track diagrams as SVG.

The drawing shows the loop of spaces (an oval, or the piecepack tiles of a
converted track), every fifth space numbered, corners shaded by their
radius rating (the tougher radius 1 darker) with the rating written beside
them, the finish line chequered across the road, and the starting grid:
a numbered disc in each grid space, 1 on the pole.  The same layout always
gives byte-identical text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.errors import LimitError
from trackkit.race.shape import Shape, layout_shape
from trackkit.race.track import RaceLayout, grid_spaces
from trackkit.render.canvas import fmt, new_drawing, serialise
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages
from trackkit.render.paper import Box
from trackkit.render.themes import get_theme

__all__ = [
    "CORNER_FILLS",
    "MARGIN",
    "MAX_DRAWN_SPACES",
    "PALETTES",
    "RacePalette",
    "render_race_pages",
    "render_race_svg",
]

MARGIN = 1.5
"""Room around the track, in spaces, for the title and corner ratings."""

MAX_DRAWN_SPACES = 2_000
"""The most spaces a drawing shows; bigger tracks raise
:class:`~trackkit.errors.LimitError`."""

CORNER_FILLS = {1: "#e07a5f", 2: "#f2cc8f"}
"""Corner shading by radius rating; any other rating is drawn in grey."""

UNITS = 100
"""SVG user units per space (whole numbers keep the text short)."""


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    points = [p for space in shape.spaces for p in space.outline]
    points += [(x + dx, y + dy) for x, y in shape.tiles for dx in (-1, 1) for dy in (-1, 1)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN + 0.5


@dataclass(frozen=True)
class RacePalette:
    """The colours of a RACE! drawing in one theme: ``print`` keeps to black,
    white and greys; ``color`` tints the corners and the grid."""

    corners: dict[int, str]
    other_corner: str
    space: str
    tile: str
    tile_edge: str
    ink: str
    rating: str
    grid: str


PALETTES = {
    "print": RacePalette(
        corners={1: "#9a9a9a", 2: "#d0d0d0"},
        other_corner="#b5b5b5",
        space="#ffffff",
        tile="#f2f2f2",
        tile_edge="#8c8c8c",
        ink="#000000",
        rating="#000000",
        grid="#000000",
    ),
    "color": RacePalette(
        corners=CORNER_FILLS,
        other_corner="#bbbbbb",
        space="#ffffff",
        tile="#e6e6e6",
        tile_edge="#8c8c8c",
        ink="#222222",
        rating="#7a2e1c",
        grid="#2d5fb8",
    ),
}
"""The palette of each theme (see :mod:`trackkit.render.themes`)."""


def _prepare(layout: RaceLayout) -> tuple[Shape, tuple[float, float, float, float]]:
    if layout.spaces > MAX_DRAWN_SPACES:
        raise LimitError(
            f"a drawing shows at most {MAX_DRAWN_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    shape = layout_shape(layout)
    return shape, _bounds(shape)


def render_race_svg(layout: RaceLayout, options: RenderOptions | None = None) -> str:
    """The diagram of a RACE! track as the text of an SVG file.

    ``options`` sets the size (screen pixels or true size), the title and
    the theme (``print``: greys only; ``color``).  Raises
    :class:`~trackkit.errors.LimitError` past :data:`MAX_DRAWN_SPACES` and
    :class:`~trackkit.errors.ArgumentError` for an unknown theme.
    """
    options = options or RenderOptions()
    palette = PALETTES[get_theme(options.theme).name]
    shape, bounds = _prepare(layout)
    left, bottom, right, top = bounds
    width, height = right - left, top - bottom
    if options.true_size:
        size = (f"{fmt(round(width, 2))}in", f"{fmt(round(height, 2))}in")
    else:
        size = (fmt(round(width * options.pixels_per_space)), fmt(round(height * options.pixels_per_space)))
    drawing = new_drawing(size[0], size[1], round(width * UNITS), round(height * UNITS))
    _paint(drawing, drawing, layout, shape, bounds, palette, options.title or layout.name or "RACE! track")
    return serialise(drawing)


def render_race_pages(layout: RaceLayout, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``layout`` cut into pages of ``paper``, then
    the page map (see :func:`~trackkit.render.pages.cut_into_pages`)."""
    palette = PALETTES[get_theme(options.theme).name]
    shape, bounds = _prepare(layout)
    left, bottom, right, top = bounds
    title = options.title or layout.name or "RACE! track"

    def draw(drawing: Any, parent: Any) -> None:
        _paint(drawing, parent, layout, shape, bounds, palette, title)

    lettering = _lettering(_place_labels(layout, shape), bounds, title)
    return cut_into_pages(right - left, top - bottom, paper, title, draw, lettering=lettering)


def _inside(point: tuple[float, float], outline: tuple[tuple[float, float], ...]) -> bool:
    """Whether ``point`` lies inside the polygon ``outline`` (even-odd rule)."""
    px, py = point
    inside = False
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _clear_spot(
    start: tuple[float, float],
    centre: tuple[float, float],
    outward: bool,
    shape: Shape,
    taken: list[tuple[float, float]],
) -> tuple[float, float]:
    """The first point on the line from ``start`` away from (``outward``) or
    towards ``centre`` where a short label lies on no space of the road and
    on no label already placed (``taken``, which gains the point)."""
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    sign = 1.0 if outward else -1.0
    ux, uy = sign * dx / length, sign * dy / length
    spot = start
    for step in range(2, 16):
        spot = (start[0] + ux * step * 0.2, start[1] + uy * step * 0.2)
        corners = [(spot[0] + ex, spot[1] + ey) for ex in (-0.25, 0.25) for ey in (-0.18, 0.18)]
        if any(abs(spot[0] - tx) < 0.8 and abs(spot[1] - ty) < 0.4 for tx, ty in taken):
            continue
        if not any(_inside(c, space.outline) for c in corners for space in shape.spaces):
            break
    taken.append(spot)
    return spot


@dataclass(frozen=True)
class _Labels:
    """Where the words on the track stand, in spaces: each numbered space's
    number and each corner's rating (``R2``) with its text."""

    numbers: tuple[tuple[str, tuple[float, float]], ...]
    ratings: tuple[tuple[str, tuple[float, float]], ...]


def _place_labels(layout: RaceLayout, shape: Shape) -> _Labels:
    """Every fifth space's number (and space 1's) at the space's middle, or
    outside the road when a grid disc covers the middle; each corner's
    rating beside the corner, inside or outside the loop (the nearer), clear
    of the road and of the other labels."""
    centres = [space.centre for space in shape.spaces]
    middle = (sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres))
    on_grid, taken = set(grid_spaces(layout)), list[tuple[float, float]]()
    numbers = []
    for number, space in enumerate(shape.spaces, 1):
        if number % 5 == 0 or number == 1:
            spot = space.centre
            if number in on_grid:
                spot = _clear_spot(space.centre, middle, True, shape, taken)
            numbers.append((str(number), spot))
    ratings = []
    for corner in layout.corners:
        if corner.first > layout.spaces:
            continue
        spots = [shape.spaces[space - 1].centre for space in corner.spaces(layout.spaces)]
        mid = (sum(c[0] for c in spots) / len(spots), sum(c[1] for c in spots) / len(spots))
        # inside the loop, or outside when that is nearer the corner
        inside = _clear_spot(mid, middle, False, shape, list(taken))
        outside = _clear_spot(mid, middle, True, shape, list(taken))
        nearer = min((inside, outside), key=lambda p: (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2)
        taken.append(nearer)
        ratings.append((f"R{corner.radius}", nearer))
    return _Labels(tuple(numbers), tuple(ratings))


def _lettering(labels: _Labels, bounds: tuple[float, float, float, float], title: str) -> list[Box]:
    """Boxes (inches from the picture's top left) round the labels, the
    title and the line under the track, for page cutting to keep alignment
    marks off them."""
    left, bottom, _, top = bounds
    height = top - bottom
    boxes: list[Box] = [(0.3, 0.2, 0.5 + len(title) * 0.3, 0.85), (0.3, height - 0.8, 11.0, height - 0.35)]
    for _, (cx, cy) in labels.numbers + labels.ratings:
        boxes.append((cx - left - 0.3, top - cy - 0.3, cx - left + 0.3, top - cy + 0.3))
    return boxes


def _paint(
    drawing: Any,
    parent: Any,
    layout: RaceLayout,
    shape: Shape,
    bounds: tuple[float, float, float, float],
    palette: RacePalette,
    title: str,
) -> None:
    """Draw the whole picture into ``parent``, in user units of 1/100 inch."""
    left, bottom, _, top = bounds
    ink = palette.ink

    def x(value: float) -> str:
        return fmt(round((value - left) * UNITS, 1))

    def y(value: float) -> str:
        return fmt(round((top - value) * UNITS, 1))

    def points(outline: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [(round((px - left) * UNITS, 1), round((top - py) * UNITS, 1)) for px, py in outline]

    parent.add(drawing.text(title, insert=(x(left + 0.4), y(top - 0.7)), font_size="45", fill=ink))
    tiles = parent.add(drawing.g(id="tiles", fill=palette.tile, stroke=palette.tile_edge, stroke_width="2"))
    for cx, cy in shape.tiles:
        tiles.add(drawing.rect(insert=(x(cx - 1), y(cy + 1)), size=(fmt(2 * UNITS), fmt(2 * UNITS))))
    radius_of = {
        s: c.radius for c in layout.corners if c.first <= layout.spaces for s in c.spaces(layout.spaces)
    }
    road = parent.add(drawing.g(id="spaces", stroke=ink, stroke_width="3"))
    for number, space in enumerate(shape.spaces, 1):
        corner_fill = palette.corners.get(radius_of.get(number, 0), palette.other_corner)
        fill = corner_fill if number in radius_of else palette.space
        road.add(drawing.polygon(points(space.outline), fill=fill))
    placed = _place_labels(layout, shape)
    labels = parent.add(drawing.g(id="numbers", font_size="28", text_anchor="middle", fill=ink))
    for text, (cx, cy) in placed.numbers:
        labels.add(drawing.text(text, insert=(x(cx), y(cy - 0.1))))
    ratings = parent.add(
        drawing.g(id="corners", font_size="30", font_weight="bold", fill=palette.rating, text_anchor="middle")
    )
    for text, (cx, cy) in placed.ratings:
        ratings.add(drawing.text(text, insert=(x(cx), y(cy - 0.12))))
    (ax, ay), (bx, by) = shape.finish
    finish = parent.add(drawing.g(id="finish"))
    finish.add(drawing.line((x(ax), y(ay)), (x(bx), y(by)), stroke=ink, stroke_width="16"))
    finish.add(
        drawing.line(
            (x(ax), y(ay)), (x(bx), y(by)), stroke="#ffffff", stroke_width="8", stroke_dasharray="12,12"
        )
    )
    grid = parent.add(drawing.g(id="grid", font_size="26", text_anchor="middle"))
    for place, grid_space in enumerate(grid_spaces(layout), 1):
        cx, cy = shape.spaces[grid_space - 1].centre
        grid.add(
            drawing.circle(
                (x(cx), y(cy)),
                r="22",
                fill=palette.grid if place == 1 else "#ffffff",
                stroke=palette.grid,
                stroke_width="4",
            )
        )
        grid.add(
            drawing.text(str(place), insert=(x(cx), y(cy - 0.09)), fill="#ffffff" if place == 1 else ink)
        )
    legend = f"{layout.spaces} spaces, {layout.direction}; corners shaded by radius (R1 tougher than R2)"
    parent.add(drawing.text(legend, insert=(x(left + 0.4), y(bottom + 0.5)), font_size="28", fill=ink))
