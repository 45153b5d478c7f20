"""Where a Racepack table lands on its picture, and what the pages plan
around.

The table is measured in spaces, ``x`` east and ``y`` north; the picture
in spaces from its top left, ``y`` down the page.  A :class:`Frame` holds
the whole scene with a margin, the title block above it and the key's
rows under it, and turns table points into picture points.  The paper
pages are planned around the tiles and the lines of words
(:func:`plan_boxes`), which this module knows without growing a mark.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.picture.key import ROW_HEIGHT, SWATCH, LegendItem, Placed, item_reach, item_width, legend_rows
from trackkit.picture.paper import Box
from trackkit.picture.shapes import Point, line_width
from trackkit.picture.sizes import FOOTER, HEADER, MARGIN, SUBTITLE_SIZE, TITLE_SIZE, wrap_words
from trackkit.racepack.corner_labels import DIE_SIDE, LABEL_RADIUS
from trackkit.racepack.scene import Scene

__all__ = ["LINE", "MIN_WIDTH", "Frame", "frame_for", "plan_boxes"]

MIN_WIDTH = 6.0
"""The narrowest picture, in spaces: room for a short title."""

LINE = 1.2
"""Distance between two lines of a wrapped title, as a multiple of its size."""


@dataclass(frozen=True)
class Frame:
    """Where the table lands on the picture.

    ``left`` and ``top`` are the table coordinates (spaces) of the picture's
    left edge and of the top of the track area; the title block of ``header``
    spaces sits above that.  ``width`` and ``height`` are the whole picture's
    size in spaces.  The key's items (``legend``) start ``legend_top``
    spaces from the top of the picture.
    """

    left: float
    top: float
    width: float
    height: float
    header: float = HEADER
    legend: tuple[Placed, ...] = ()
    legend_top: float = 0.0
    title_lines: tuple[str, ...] = ()
    subtitle_lines: tuple[str, ...] = ()

    def at(self, point: tuple[float, float]) -> Point:
        """A table point on the picture, in spaces from its top left."""
        return point[0] - self.left, self.header + self.top - point[1]

    def box(self, left: float, bottom: float, right: float, top: float) -> Box:
        """A table rectangle on the picture: left, top, right, bottom."""
        (x0, y0), (x1, y1) = self.at((left, top)), self.at((right, bottom))
        return (x0, y0, x1, y1)


def frame_for(
    scene: Scene, title: str, items: tuple[LegendItem, ...], key_room: float | None = None
) -> Frame:
    """A frame holding the whole scene with a margin.  It is as wide as
    the track, or as :data:`MIN_WIDTH` or the widest item of the key if
    wider; the title and the line of facts wrap onto more lines rather
    than widen it, and the key (``items``) wraps into as many rows as it
    needs under the track, each row at most ``key_room`` inches long when
    that is given (the paper pages narrow it to keep a sheet from carrying
    only the end of a row)."""
    bounds = scene.bounds
    width = bounds.width + 2 * MARGIN
    wanted = max(MIN_WIDTH, *(item_width(item) + 2 * MARGIN for item in items))
    spare = max(0.0, wanted - width)
    room = width + spare - 2 * MARGIN
    titles = wrap_words(title, room, TITLE_SIZE)
    facts = wrap_words(scene.subtitle, room, SUBTITLE_SIZE)
    header = HEADER + (len(titles) - 1) * TITLE_SIZE * LINE + (len(facts) - 1) * SUBTITLE_SIZE * LINE
    placed = legend_rows(items, room if key_room is None else min(room, key_room))
    rows = max((p.row + 1 for p in placed), default=0)
    legend_top = header + bounds.height + 2 * MARGIN + 0.1
    return Frame(
        left=bounds.left - MARGIN - spare / 2,
        top=bounds.top + MARGIN,
        width=width + spare,
        height=legend_top + rows * ROW_HEIGHT + FOOTER,
        header=header,
        legend=placed,
        legend_top=legend_top,
        title_lines=titles,
        subtitle_lines=facts,
    )


def plan_boxes(scene: Scene, frame: Frame) -> tuple[tuple[Box, ...], tuple[Box, ...]]:
    """What the pages are planned around: every tile not also a line of
    words, and the lines of words (the title's, the key's items, the
    corner numbers and the lap die), which alignment marks keep off."""
    words = _lettering_boxes(scene, frame)
    centres = dict.fromkeys([t.centre for t in scene.tiles] + [p.centre for p in scene.furniture.extras])
    known = set(words)
    tiles = (frame.box(x - 1, y - 1, x + 1, y + 1) for x, y in centres)
    return tuple(box for box in tiles if box not in known), words


def _lettering_boxes(scene: Scene, frame: Frame) -> tuple[Box, ...]:
    boxes: list[Box] = []
    baseline = MARGIN
    for line in frame.title_lines:
        boxes.append(
            (MARGIN, baseline, MARGIN + line_width(line, TITLE_SIZE, bold=True), baseline + TITLE_SIZE * 1.2)
        )
        baseline += TITLE_SIZE * 1.2
    for line in frame.subtitle_lines:
        right = MARGIN + line_width(line, SUBTITLE_SIZE)
        boxes.append((MARGIN, baseline, right, baseline + SUBTITLE_SIZE * 1.4))
        baseline += SUBTITLE_SIZE * 1.2
    for placed in frame.legend:
        top = frame.legend_top + placed.row * ROW_HEIGHT
        boxes.append((MARGIN + placed.x, top, MARGIN + placed.x + item_reach(placed.item), top + SWATCH))
    for label in scene.labels:
        (cx, cy), r = label.centre, LABEL_RADIUS
        boxes.append(frame.box(cx - r, cy - r, cx + r, cy + r))
    if scene.die is not None:
        (cx, cy), r = scene.die.centre, DIE_SIDE / 2
        boxes.append(frame.box(cx - r, cy - r, cx + r, cy + r))
    return tuple(boxes)
