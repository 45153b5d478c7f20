"""The picture of a RACE! track, grown from its setup.

The picture shows the loop of spaces where :mod:`trackkit.race.shape`
lays it (on the piecepack tiles of a converted track, along its corners,
or as a big oval), every fifth space numbered inside its space, corners
shaded by their radius rating (the tougher radius 1 darker) with the
rating written beside them, a wall on each hairpin, arrows showing the
way round, the finish line chequered across the road, and the starting
grid: a numbered disc in each grid space, 1 on the pole.  A title and a
line of facts stand above the track and a key of every mark shown below
it.  This module lays the picture out and grows the road (tiles, spaces,
walls, finish), the title and the key; :mod:`trackkit.race.picture_marks`
grows the arrows, faults, grid and lettering on it.  It is pure: the
drawings paint it (:mod:`trackkit.render.painter`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trackkit.errors import LimitError
from trackkit.picture.key import LEGEND_SIZE, ROW_HEIGHT, SWATCH, LegendItem, Placed, legend_rows
from trackkit.picture.labels import LabelPlacer, stroke
from trackkit.picture.marks import Area, Chequer, Group, Mark, Picture, Text, Tile
from trackkit.picture.sizes import WORDS_ROOM, wrap_words
from trackkit.race.label_spots import place_labels
from trackkit.race.picture_marks import (
    WALL_WEIGHT,
    Sketch,
    arrows,
    faults,
    grid,
    key_sample,
    lettering,
    wall_card,
)
from trackkit.race.setup import RaceLayout, RaceSetup, Shape, fault_spaces, race_setup

__all__ = ["MAX_DRAWN_SPACES", "race_picture"]

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

FINISH_WEIGHT = 0.16
"""How thick the chequered finish line is drawn, in spaces."""

INDENT = 0.4
"""How far the title and the key stand in from the picture's left edge."""

LINE = 1.2
"""Distance between two lines of a wrapped title, as a multiple of its size."""


def race_picture(layout: RaceLayout, options: Any) -> Picture:
    """The picture of a RACE! track, titled ``options.title`` (else the
    track's name).  On paper the pages may print its narrowed version
    instead (:attr:`~trackkit.picture.marks.Picture.narrow`): the title
    and the line of facts wrapped to :data:`WORDS_ROOM` inches, so that a
    sheet can show each line whole (each item of the key is a line of its
    own, and the pages are laid to show each whole).  Raises
    :class:`~trackkit.errors.LimitError` past :data:`MAX_DRAWN_SPACES`
    before laying anything out."""
    if layout.spaces > MAX_DRAWN_SPACES:
        raise LimitError(
            f"a drawing shows at most {MAX_DRAWN_SPACES:,} spaces; this track has {layout.spaces:,}"
        )
    title = options.title or layout.name or "RACE! track"
    setup = race_setup(layout)
    return replace(_picture(setup, title, None), narrow=lambda: _picture(setup, title, WORDS_ROOM))


def _picture(setup: RaceSetup, title: str, room: float | None) -> Picture:
    """The picture with its words across it, or within ``room`` inches."""
    left, bottom, right, top = _track_bounds(setup.shape)
    titles, facts = wrap_words(title, room, TITLE_SIZE), wrap_words(_facts(setup), room, SUBTITLE_SIZE)
    header = HEADER + (len(titles) - 1) * TITLE_SIZE * LINE + (len(facts) - 1) * SUBTITLE_SIZE * LINE
    sketch = Sketch(left, top + header, LabelPlacer())
    items = _legend_items(setup)
    width = max(right - left, 0.6 + max(len(line) for line in titles) * TITLE_SIZE * 0.6)
    legend = legend_rows(items, max(width - 0.8, LEGEND_WIDTH))
    width = max(width, 0.8 + max((p.x + _item_end(p.item) for p in legend), default=0.0))
    legend_top = header + top - bottom + 0.1
    height = legend_top + (1 + max((p.row for p in legend), default=-1)) * ROW_HEIGHT + 0.3
    marks: list[Mark] = [_heading(titles, facts), *_road(sketch, setup)]
    marks += [*arrows(sketch, setup), _finish(sketch, setup.shape), *faults(sketch, setup)]
    placed = place_labels(setup)
    marks += [*grid(sketch, placed), *lettering(sketch, placed), _key(sketch, legend, legend_top)]
    return Picture("race", title, (_facts(setup),), width, height, tuple(marks), items, sketch.placer)


def _key(sketch: Sketch, legend: tuple[Placed, ...], legend_top: float) -> Group:
    """The key under the track, its rows starting ``legend_top`` spaces
    from the picture's top: each item's sample mark and its words."""
    key: list[Mark] = []
    for placed in legend:
        row_middle = legend_top + placed.row * ROW_HEIGHT + SWATCH / 2
        middle = (sketch.left + INDENT + placed.x + SWATCH / 2, sketch.top - row_middle)
        key += key_sample(sketch, placed.item, middle)
    return Group(tuple(key), name="legend", role="ink", size=LEGEND_SIZE)


def _track_bounds(shape: Shape) -> tuple[float, float, float, float]:
    points = [p for space in shape.spaces for p in space.outline]
    points += [(x + dx, y + dy) for x, y in shape.tiles for dx in (-1, 1) for dy in (-1, 1)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN


def _item_end(item: LegendItem) -> float:
    return SWATCH + 0.12 + len(item.text) * LEGEND_SIZE * 0.53


def _heading(titles: tuple[str, ...], facts: tuple[str, ...]) -> Group:
    """The title in bold and the line of facts under it, at the top left,
    each on as many lines as it was wrapped onto."""
    texts: list[Mark] = []
    baseline = 0.3 + TITLE_SIZE * 0.8
    for line in titles:
        texts.append(Text(line, (INDENT, round(baseline, 2)), TITLE_SIZE, "ink", bold=True))
        baseline += TITLE_SIZE * LINE
    baseline += 0.12 + SUBTITLE_SIZE * 0.8 - TITLE_SIZE * (LINE - 0.2)
    for line in facts:
        texts.append(Text(line, (INDENT, round(baseline, 2)), SUBTITLE_SIZE, "facts"))
        baseline += SUBTITLE_SIZE * LINE
    return Group(tuple(texts), name="title")


def _facts(setup: RaceSetup) -> str:
    """The line under the title: the track's size and the race."""
    layout = setup.layout
    laps = "1 lap" if layout.laps == 1 else f"{layout.laps} laps"
    corners = len(setup.corners)
    corner_words = "no corners" if not corners else "1 corner" if corners == 1 else f"{corners} corners"
    return f"{layout.spaces} spaces, {corner_words}, {layout.direction} · {laps} · {layout.racers} racers"


def _legend_items(setup: RaceSetup) -> tuple[LegendItem, ...]:
    """The key: one item for each kind of mark the picture shows."""
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


def _road(sketch: Sketch, setup: RaceSetup) -> list[Mark]:
    """The tiles under the road, the spaces (corners shaded by their
    rating) and a card wall on each hairpin, between its roads in and out."""
    layout, shape = setup.layout, setup.shape
    tiles = [Tile(*sketch.at((x - 1, y + 1)), *sketch.at((x + 1, y - 1))) for x, y in shape.tiles]
    radius_of = {s: c.radius for c in setup.corners for s in c.spaces(layout.spaces)}
    spaces = [
        Area(sketch.all_at(space.outline), f"corner-{radius_of[n]}" if n in radius_of else "space")
        for n, space in enumerate(shape.spaces, 1)
    ]
    road: list[Mark] = [
        Group(tuple(tiles), name="tiles", role="tiles"),
        Group(tuple(spaces), name="spaces", role="road"),
    ]
    if shape.walls:
        walls = []
        for a, b in shape.walls:
            walls.append(Group(wall_card(sketch.at(a), sketch.at(b)), classes="symbol wall"))
            sketch.placer.block(stroke(sketch.at(a), sketch.at(b), WALL_WEIGHT), "wall")
        road.append(Group(tuple(walls), name="walls", role="rounded"))
    return road


def _finish(sketch: Sketch, shape: Shape) -> Group:
    """The finish line, chequered across the road."""
    start, end = (sketch.at(p) for p in shape.finish)
    sketch.placer.block(stroke(start, end, FINISH_WEIGHT), "chequer")
    return Group((Chequer(start, end, "chequer", FINISH_WEIGHT),), name="finish", classes="symbol chequer")
