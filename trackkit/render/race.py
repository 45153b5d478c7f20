"""RACE! track diagrams as SVG.

The drawing shows the loop of spaces (an oval, or the piecepack tiles of a
converted track), every fifth space numbered, corners shaded by their
radius rating (the tougher radius 1 darker) with the rating written beside
them, the finish line chequered across the road, and the starting grid:
a numbered disc in each grid space, 1 on the pole.  The same layout always
gives byte-identical text.
"""

from __future__ import annotations

from trackkit.errors import LimitError
from trackkit.race.shape import Shape, layout_shape
from trackkit.race.track import RaceLayout, grid_spaces
from trackkit.render.canvas import fmt, new_drawing, serialise
from trackkit.render.options import RenderOptions
from trackkit.render.themes import get_theme

__all__ = ["CORNER_FILLS", "MARGIN", "MAX_DRAWN_SPACES", "render_race_svg"]

MARGIN = 1.5
"""Room around the track, in spaces, for the title and corner ratings."""

MAX_DRAWN_SPACES = 2_000
"""The most spaces a drawing shows; bigger tracks raise
:class:`~trackkit.errors.LimitError`."""

CORNER_FILLS = {1: "#e07a5f", 2: "#f2cc8f"}
"""Corner shading by radius rating; any other rating is drawn in grey."""

SPACE_FILL = "#ffffff"
TILE_FILL = "#e6e6e6"
INK = "#222222"
UNITS = 100
"""SVG user units per space (whole numbers keep the text short)."""


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    points = [p for space in shape.spaces for p in space.outline]
    points += [(x + dx, y + dy) for x, y in shape.tiles for dx in (-1, 1) for dy in (-1, 1)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN + 0.5


def render_race_svg(layout: RaceLayout, options: RenderOptions | None = None) -> str:
    """The diagram of a RACE! track as the text of an SVG file.

    ``options`` sets the size (screen pixels or true size) and the title;
    RACE! tracks have one look, and the lanes option does not apply.
    Raises :class:`~trackkit.errors.LimitError` past
    :data:`MAX_DRAWN_SPACES` and :class:`~trackkit.errors.ArgumentError` for
    an unknown theme.
    """
    options = options or RenderOptions()
    get_theme(options.theme)  # one look for RACE! tracks, but an unknown theme is still refused
    if layout.spaces > MAX_DRAWN_SPACES:
        raise LimitError(
            f"a drawing shows at most {MAX_DRAWN_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    shape = layout_shape(layout)
    left, bottom, right, top = _bounds(shape)
    width, height = right - left, top - bottom

    def x(value: float) -> str:
        return fmt(round((value - left) * UNITS, 1))

    def y(value: float) -> str:
        return fmt(round((top - value) * UNITS, 1))

    def points(outline: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [(round((px - left) * UNITS, 1), round((top - py) * UNITS, 1)) for px, py in outline]

    if options.true_size:
        size = (f"{fmt(round(width, 2))}in", f"{fmt(round(height, 2))}in")
    else:
        size = (fmt(round(width * options.pixels_per_space)), fmt(round(height * options.pixels_per_space)))
    drawing = new_drawing(size[0], size[1], round(width * UNITS), round(height * UNITS))
    title = options.title or layout.name or "RACE! track"
    drawing.add(drawing.text(title, insert=(x(left + 0.4), y(top - 0.7)), font_size="45", fill=INK))
    tiles = drawing.add(drawing.g(id="tiles", fill=TILE_FILL, stroke="#8c8c8c", stroke_width="2"))
    for cx, cy in shape.tiles:
        tiles.add(drawing.rect(insert=(x(cx - 1), y(cy + 1)), size=(fmt(2 * UNITS), fmt(2 * UNITS))))
    radius_of = {
        s: c.radius for c in layout.corners if c.first <= layout.spaces for s in c.spaces(layout.spaces)
    }
    road = drawing.add(drawing.g(id="spaces", stroke=INK, stroke_width="3"))
    for number, space in enumerate(shape.spaces, 1):
        fill = CORNER_FILLS.get(radius_of[number], "#bbbbbb") if number in radius_of else SPACE_FILL
        road.add(drawing.polygon(points(space.outline), fill=fill))
    labels = drawing.add(drawing.g(id="numbers", font_size="28", text_anchor="middle", fill=INK))
    for number, space in enumerate(shape.spaces, 1):
        if number % 5 == 0 or number == 1:
            cx, cy = space.centre
            labels.add(drawing.text(str(number), insert=(x(cx), y(cy - 0.1))))
    ratings = drawing.add(
        drawing.g(id="corners", font_size="30", font_weight="bold", fill="#7a2e1c", text_anchor="middle")
    )
    for corner in layout.corners:
        if corner.first > layout.spaces:
            continue
        centres = [shape.spaces[space - 1].centre for space in corner.spaces(layout.spaces)]
        mid = (sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres))
        ratings.add(drawing.text(f"R{corner.radius}", insert=(x(mid[0]), y(mid[1] - 0.12))))
    (ax, ay), (bx, by) = shape.finish
    finish = drawing.add(drawing.g(id="finish"))
    finish.add(drawing.line((x(ax), y(ay)), (x(bx), y(by)), stroke=INK, stroke_width="16"))
    finish.add(
        drawing.line(
            (x(ax), y(ay)), (x(bx), y(by)), stroke="#ffffff", stroke_width="8", stroke_dasharray="12,12"
        )
    )
    grid = drawing.add(drawing.g(id="grid", font_size="26", text_anchor="middle"))
    for place, grid_space in enumerate(grid_spaces(layout), 1):
        cx, cy = shape.spaces[grid_space - 1].centre
        grid.add(
            drawing.circle(
                (x(cx), y(cy)),
                r="22",
                fill="#2d5fb8" if place == 1 else "#ffffff",
                stroke="#2d5fb8",
                stroke_width="4",
            )
        )
        grid.add(
            drawing.text(str(place), insert=(x(cx), y(cy - 0.09)), fill="#ffffff" if place == 1 else INK)
        )
    legend = f"{layout.spaces} spaces, {layout.direction}; corners shaded by radius (R1 tougher than R2)"
    drawing.add(drawing.text(legend, insert=(x(left + 0.4), y(bottom + 0.5)), font_size="28", fill=INK))
    return serialise(drawing)
