"""RACE! track diagrams as SVG.

The drawing shows the loop of spaces where :mod:`trackkit.race.shape` lays
it (on the piecepack tiles of a converted track, along its corners, or as a
big oval), every fifth space numbered inside its space, corners shaded by
their radius rating (the tougher radius 1 darker) with the rating written
beside them, a wall on each hairpin, arrows showing the way round, the
finish line chequered across the road, and the starting grid: a numbered
disc in each grid space, 1 on the pole.  A title and a line of facts stand
above the track and a key of every mark shown below it, in the lettering
of the other games' drawings.  This module lays the picture out and
draws the road (tiles, spaces, walls, finish), the title and the key;
:mod:`trackkit.render.race_marks` paints the arrows, faults, grid and
lettering on it, all with :mod:`trackkit.render.race_painter`'s painter.
The same layout always gives byte-identical text.
"""

from __future__ import annotations

from typing import Any

from trackkit.errors import LimitError
from trackkit.picture.labels import LabelPlacer, stroke
from trackkit.race.setup import RaceLayout, RaceSetup, Shape, fault_spaces, race_setup
from trackkit.render import tokens
from trackkit.render.canvas import fmt, new_drawing, serialise
from trackkit.render.legend import (
    LEGEND_SIZE,
    ROW_HEIGHT,
    SWATCH,
    LegendItem,
    Placed,
    item_reach,
    legend_rows,
)
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages
from trackkit.render.paper import Box, words_box
from trackkit.render.race_labels import place_labels
from trackkit.render.race_marks import grid_disc, paint_arrows, paint_faults, paint_grid, paint_labels
from trackkit.render.race_painter import UNITS, RaceFrame, RacePainter
from trackkit.render.race_palette import CORNER_FILLS, PALETTES, RacePalette, corner_fill
from trackkit.render.themes import Theme, get_theme

__all__ = [
    "CORNER_FILLS",
    "MARGIN",
    "MAX_DRAWN_SPACES",
    "PALETTES",
    "RacePalette",
    "race_page_boxes",
    "render_race_pages",
    "render_race_svg",
]

MARGIN = 1.5
"""Room around the track, in spaces, for the corner ratings."""

MAX_DRAWN_SPACES = 2_000
"""The most spaces a drawing shows; bigger tracks raise
:class:`~trackkit.errors.LimitError`."""

TITLE_SIZE = 0.42
SUBTITLE_SIZE = 0.24
"""Heights of the title and of the line of facts under it, in spaces."""

HEADER = 1.2
"""Room above the track for the title block, in spaces."""

LEGEND_WIDTH = 9.0
"""The widest a row of the key runs, in spaces, on a narrow track."""


def _track_bounds(shape: Shape) -> tuple[float, float, float, float]:
    points = [p for space in shape.spaces for p in space.outline]
    points += [(x + dx, y + dy) for x, y in shape.tiles for dx in (-1, 1) for dy in (-1, 1)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN


def _frame(setup: RaceSetup, title: str) -> RaceFrame:
    left, bottom, right, top = _track_bounds(setup.shape)
    width = max(right - left, 0.6 + len(title) * TITLE_SIZE * 0.6)
    legend = legend_rows(_legend_items(setup), max(width - 0.8, LEGEND_WIDTH))
    width = max(width, 0.8 + max((p.x + _item_end(p) for p in legend), default=0.0))
    rows = 1 + max((p.row for p in legend), default=-1)
    legend_top = HEADER + top - bottom + 0.1
    height = legend_top + rows * ROW_HEIGHT + 0.3
    return RaceFrame(left, top + HEADER, width, height, legend, legend_top)


def _item_end(placed: Placed) -> float:
    return SWATCH + 0.12 + len(placed.item.text) * LEGEND_SIZE * 0.53


def _prepare(layout: RaceLayout, title: str) -> tuple[RaceSetup, RaceFrame]:
    if layout.spaces > MAX_DRAWN_SPACES:
        raise LimitError(
            f"a drawing shows at most {MAX_DRAWN_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    setup = race_setup(layout)
    return setup, _frame(setup, title)


def _title(layout: RaceLayout, options: RenderOptions) -> str:
    return options.title or layout.name or "RACE! track"


def render_race_svg(layout: RaceLayout, options: RenderOptions | None = None) -> str:
    """The diagram of a RACE! track as the text of an SVG file.

    ``options`` sets the size (screen pixels or true size), the title and
    the theme (``print``: greys only; ``color``).  Raises
    :class:`~trackkit.errors.LimitError` past :data:`MAX_DRAWN_SPACES` and
    :class:`~trackkit.errors.ArgumentError` for an unknown theme.
    """
    options = options or RenderOptions()
    theme = get_theme(options.theme)
    title = _title(layout, options)
    setup, frame = _prepare(layout, title)
    if options.true_size:
        size = (f"{fmt(round(frame.width, 2))}in", f"{fmt(round(frame.height, 2))}in")
    else:
        size = (
            fmt(round(frame.width * options.pixels_per_space)),
            fmt(round(frame.height * options.pixels_per_space)),
        )
    drawing = new_drawing(size[0], size[1], round(frame.width * UNITS), round(frame.height * UNITS))
    root = drawing.add(drawing.g(id="race", font_family=theme.font))
    _paint(drawing, root, setup, frame, theme, title)
    return serialise(drawing)


def render_race_pages(layout: RaceLayout, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``layout`` cut into pages of ``paper``, then
    the page map (see :func:`~trackkit.render.pages.cut_into_pages`)."""
    theme = get_theme(options.theme)
    title = _title(layout, options)
    setup, frame = _prepare(layout, title)

    def draw(drawing: Any, parent: Any) -> LabelPlacer:
        group = parent.add(drawing.g(font_family=theme.font))
        return _paint(drawing, group, setup, frame, theme, title)

    spaces, lettering = _page_boxes(setup, frame, title)
    return cut_into_pages(frame.width, frame.height, paper, title, draw, [*spaces, *lettering], lettering)


def race_page_boxes(layout: RaceLayout, options: RenderOptions) -> tuple[list[Box], list[Box]]:
    """What the true-size picture of ``layout`` drawn with ``options`` holds, as
    boxes in inches from its top left: each space and tile of the road, and
    each line of words (title, facts, each item of the key)."""
    title = _title(layout, options)
    setup, frame = _prepare(layout, title)
    return _page_boxes(setup, frame, title)


def _page_boxes(setup: RaceSetup, frame: RaceFrame, title: str) -> tuple[list[Box], list[Box]]:
    return _space_boxes(setup.shape, frame), _lettering(setup, frame, title)


def _space_boxes(shape: Shape, frame: RaceFrame) -> list[Box]:
    """A box (inches from the picture's top left) round each space and each
    tile of the road, with room for the ratings beside it: a page that
    meets none of them and none of the words shows nothing."""
    boxes: list[Box] = []
    outlines = [space.outline for space in shape.spaces]
    outlines += [tuple((x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)) for x, y in shape.tiles]
    for outline in outlines:
        xs = [x - frame.left for x, _ in outline]
        ys = [frame.top - y for _, y in outline]
        boxes.append((min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5))
    return boxes


def _lettering(setup: RaceSetup, frame: RaceFrame, title: str) -> list[Box]:
    """Boxes (inches from the picture's top left) round each line of words:
    the title, the facts under it and each item of the key, sample and
    words; the page map's numbers keep clear of them."""
    boxes = [
        words_box(title, 0.4, 0.3 + TITLE_SIZE * 0.8, TITLE_SIZE, bold=True),
        words_box(_facts(setup), 0.4, 0.42 + TITLE_SIZE + SUBTITLE_SIZE * 0.8, SUBTITLE_SIZE),
    ]
    for entry in frame.legend:
        left, top = 0.4 + entry.x, frame.legend_top + entry.row * ROW_HEIGHT
        boxes.append((left, top, left + item_reach(entry.item), top + SWATCH))
    return boxes


def _legend_items(setup: RaceSetup) -> tuple[LegendItem, ...]:
    """The key: one item for each kind of mark the drawing shows."""
    items = [LegendItem("arrow", "driving direction"), LegendItem("finish", "finish line")]
    for radius in sorted({c.radius for c in setup.corners}):
        tougher = " (tougher)" if radius == 1 else ""
        items.append(LegendItem(f"corner-{radius}", f"corner, radius {radius}{tougher}"))
    if setup.shape.walls:
        items.append(LegendItem("wall", "wall between the hairpin's roads"))
    if setup.grid:
        items.append(LegendItem("pole", "pole position"))
        if len(setup.grid) > 1:
            items.append(LegendItem("grid", "grid place, in starting order"))
    if setup.shape.tiles:
        items.append(LegendItem("tile", "piecepack tile: two spaces"))
    if fault_spaces(setup.layout):
        items.append(LegendItem("fault", "corner breaking a rule: run trackkit validate"))
    return tuple(items)


def _facts(setup: RaceSetup) -> str:
    """The line under the title: the track's size and the race."""
    layout = setup.layout
    laps = "1 lap" if layout.laps == 1 else f"{layout.laps} laps"
    corners = len(setup.corners)
    corner_words = "no corners" if not corners else "1 corner" if corners == 1 else f"{corners} corners"
    return f"{layout.spaces} spaces, {corner_words}, {layout.direction} · {laps} · {layout.racers} racers"


def _paint(
    drawing: Any,
    parent: Any,
    setup: RaceSetup,
    frame: RaceFrame,
    theme: Theme,
    title: str,
) -> LabelPlacer:
    """Draw the whole picture into ``parent``, in user units of 1/100 inch;
    return the label placer's record of its symbols and labels."""
    palette = PALETTES[theme.name]
    painter = RacePainter(drawing, parent, frame, palette, theme)
    ink = palette.ink
    layout, shape = setup.layout, setup.shape
    _paint_title(painter, setup, title)
    tiles = painter.group("tiles", fill=palette.tile, stroke=palette.tile_edge, stroke_width="2")
    for cx, cy in shape.tiles:
        tiles.add(drawing.rect(insert=painter.point((cx - 1, cy + 1)), size=(fmt(2 * UNITS), fmt(2 * UNITS))))
    radius_of = {s: c.radius for c in setup.corners for s in c.spaces(layout.spaces)}
    road = painter.group("spaces", stroke=ink, stroke_width="3")
    for number, space in enumerate(shape.spaces, 1):
        fill = corner_fill(palette, radius_of[number]) if number in radius_of else palette.space
        road.add(drawing.polygon(painter.points(space.outline), fill=fill))
    _paint_walls(painter, setup)
    paint_arrows(painter, setup)
    finish = painter.group("finish", class_="symbol chequer")
    painter.chequer(finish, *shape.finish, FINISH_WEIGHT)
    start, end = shape.finish
    painter.block(stroke(painter.at(start), painter.at(end), FINISH_WEIGHT), "chequer")
    paint_faults(painter, setup)
    placed = place_labels(setup)
    paint_grid(painter, placed.discs)
    paint_labels(painter, setup, placed)
    _paint_legend(painter)
    return painter.placer


FINISH_WEIGHT = 0.16
"""How thick the chequered finish line is drawn, in spaces."""


def _paint_walls(painter: RacePainter, setup: RaceSetup) -> None:
    """A heavy bar on each hairpin, between its roads in and out."""
    if not setup.shape.walls:
        return
    walls = painter.group("walls", stroke=painter.palette.wall, stroke_width="12", stroke_linecap="round")
    for a, b in setup.shape.walls:
        tokens.classed(painter.drawing, walls, "symbol wall").add(
            painter.drawing.line(painter.point(a), painter.point(b))
        )
        painter.block(stroke(painter.at(a), painter.at(b), 0.12), "wall")


def _paint_title(painter: RacePainter, setup: RaceSetup, title: str) -> None:
    group = painter.group("title")
    left = fmt(0.4 * UNITS)
    group.add(
        painter.drawing.text(
            title,
            insert=(left, fmt(round((0.3 + TITLE_SIZE * 0.8) * UNITS))),
            fill=painter.palette.ink,
            font_size=fmt(TITLE_SIZE * UNITS),
            font_weight="bold",
        )
    )
    group.add(
        painter.drawing.text(
            _facts(setup),
            insert=(left, fmt(round((0.42 + TITLE_SIZE + SUBTITLE_SIZE * 0.8) * UNITS))),
            fill=painter.palette.subtitle,
            font_size=fmt(SUBTITLE_SIZE * UNITS),
        )
    )


def _paint_legend(painter: RacePainter) -> None:
    """The key under the track: each item's sample mark and its words."""
    frame, palette = painter.frame, painter.palette
    group = painter.group("legend", font_size=fmt(LEGEND_SIZE * UNITS), fill=palette.ink)
    for entry in frame.legend:
        # the sample's middle, in table coordinates
        mx = frame.left + 0.4 + entry.x + SWATCH / 2
        my = frame.top - (frame.legend_top + entry.row * ROW_HEIGHT + SWATCH / 2)
        swatch = tokens.classed(painter.drawing, group, f"symbol swatch {entry.item.swatch}")
        _swatch(painter, swatch, entry.item.swatch, (mx, my))
        words = (mx + SWATCH / 2 + 0.12, my - LEGEND_SIZE * 0.36)
        tokens.classed(painter.drawing, group, "label key").add(
            painter.drawing.text(entry.item.text, insert=painter.point(words))
        )


def _swatch(painter: RacePainter, group: Any, kind: str, centre: tuple[float, float]) -> None:
    """The sample mark ``kind`` centred on ``centre``."""
    drawing, palette = painter.drawing, painter.palette
    half = SWATCH / 2
    cx, cy = centre
    box = painter.points(
        ((cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half))
    )
    if kind == "arrow":
        mark = group.add(drawing.g(fill=palette.arrow))
        painter.arrow(mark, centre, 0.0, half * 0.9)
    elif kind == "finish":
        painter.chequer(group, (cx, cy - half), (cx, cy + half), 0.12)
    elif kind.startswith("corner-"):
        fill = corner_fill(palette, int(kind.removeprefix("corner-")))
        group.add(drawing.polygon(box, fill=fill, stroke=palette.ink, stroke_width="3"))
    elif kind == "wall":
        group.add(
            drawing.line(
                painter.point((cx - half, cy)),
                painter.point((cx + half, cy)),
                stroke=palette.wall,
                stroke_width="12",
            )
        )
    elif kind in ("pole", "grid"):
        grid_disc(painter, group, centre, 1 if kind == "pole" else 2, half)
    elif kind == "tile":
        group.add(drawing.polygon(box, fill=palette.tile, stroke=palette.tile_edge, stroke_width="2"))
    elif kind == "fault":
        theme = painter.theme
        mark = drawing.polygon(
            box, fill="none", stroke=theme.error, stroke_width=painter.length(theme.error_width / 2)
        )
        dashes = " ".join(painter.length(float(v) / 2) for v in theme.error_dash.split())
        if dashes:
            mark["stroke-dasharray"] = dashes
        group.add(mark)
