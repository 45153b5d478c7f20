"""The words round a Racepack picture: the title block above the track and
the key under it.

The key has an item for each kind of mark the picture shows, in the order
a player meets them (:func:`legend_items`); each item is a small sample of
the mark in a square (its *swatch*) followed by a few words.  The frame
(:mod:`trackkit.racepack.picture_frame`) sets the items out in rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trackkit.picture.key import LEGEND_SIZE, ROW_HEIGHT, SWATCH, LegendItem
from trackkit.picture.labels import numbering_note
from trackkit.picture.marks import Group, Mark, Path, Piece, Text, Tile
from trackkit.picture.shapes import Point
from trackkit.picture.sizes import MARGIN, SUBTITLE_SIZE, TITLE_SIZE
from trackkit.racepack.picture_frame import LINE, Frame
from trackkit.racepack.scene import Scene

__all__ = ["SWATCHES", "key_marks", "legend_items", "title_marks"]


def legend_items(scene: Scene, options: Any) -> tuple[LegendItem, ...]:
    """The items for the marks ``scene`` shows when drawn with ``options``, in
    the order a player meets them: road, line and die, corners, lanes, pits,
    grid, hazards, then the tile numbers and faults."""
    items: list[LegendItem] = []
    furniture = scene.furniture
    if scene.arrows or scene.turns:
        items.append(LegendItem("arrow", "driving direction"))
    if scene.finish is not None:
        items.append(LegendItem("finish", "start/finish line"))
    if scene.die is not None:
        laps = "1 lap" if scene.die.laps == 1 else f"{scene.die.laps} laps"
        items.append(LegendItem("die", f"lap die ({laps})"))
    if scene.labels:
        note = numbering_note(len(scene.setup.corners), "corners")
        items.append(LegendItem("corner", f"corner, numbered in driving order{note}"))
    if options.lanes and furniture.inside_lane:
        items.append(LegendItem("inside-lane", "inside lane: the side the next corner turns toward"))
    if any(piece.row == "pit" for piece in furniture.extras) or furniture.pit_cells:
        items.append(LegendItem("pit", "pit lane (speed 3 at most)"))
    if furniture.pit_dividers:
        items.append(LegendItem("divider", "cross only to enter or leave the pits"))
    if furniture.stops:
        items.append(LegendItem("stop", "pit stopping place"))
    if furniture.walls:
        items.append(LegendItem("wall", "wall between the hairpin's roads"))
    if any(tile.kind is not None and tile.kind.is_chicane for tile in scene.tiles):
        items.append(LegendItem("chicane", "chicane: the road narrows to one lane at each end"))
    if furniture.grid:
        items.append(LegendItem("pole", "pole car"))
        items.append(LegendItem("car", "grid place, in starting order"))
    if options.line and scene.whole:
        items.append(LegendItem("racing-line", "fastest safe lap: • a movement ends, ◆ turn N ends"))
    for suit in dict.fromkeys(h.suit for h in furniture.hazards):
        items.append(LegendItem(f"hazard-{suit}", f"hazard ({suit})"))
    if scene.numbers:
        note = numbering_note(len(scene.tiles))
        items.append(LegendItem("number", f"tile number{note}, as in trackkit's messages"))
    if scene.faults:
        items.append(LegendItem("fault", "tile breaking a rule: run trackkit validate"))
    return tuple(items)


def title_marks(frame: Frame) -> Group:
    """The track's name and a line of facts above the track, each wrapped
    onto more lines where the picture is narrow."""
    texts: list[Mark] = []
    baseline = MARGIN + TITLE_SIZE * 0.8
    for line in frame.title_lines:
        texts.append(Text(line, (MARGIN, baseline), TITLE_SIZE, "title", bold=True))
        baseline += TITLE_SIZE * LINE
    baseline += 0.12 + SUBTITLE_SIZE * 0.8 - TITLE_SIZE * (LINE - 0.2)
    for line in frame.subtitle_lines:
        texts.append(Text(line, (MARGIN, baseline), SUBTITLE_SIZE, "subtitle"))
        baseline += SUBTITLE_SIZE * LINE
    return Group(tuple(texts), name="title", role="lettering", classes="label title")


def key_marks(frame: Frame, laps: int) -> list[Mark]:
    """The key under the track: a sample of each mark shown, and what it
    means (``laps``: the face the lap die's sample shows)."""
    if not frame.legend:
        return []
    marks: list[Mark] = []
    for entry in frame.legend:
        x, y = MARGIN + entry.x, frame.legend_top + entry.row * ROW_HEIGHT
        kind = entry.item.swatch.split("-")[0]
        sample = SWATCHES[kind](entry.item, x, y, laps)
        marks.append(Group(tuple(sample), classes=f"symbol swatch {kind}"))
        at = (x + SWATCH + 0.12, y + SWATCH / 2 + 0.36 * LEGEND_SIZE)
        words = Text(entry.item.text, at, LEGEND_SIZE, "subtitle")
        marks.append(Group((words,), classes="label key"))
    return [Group(tuple(marks), name="legend", role="lettering")]


# --- the samples ------------------------------------------------------------------

Swatch = Callable[[LegendItem, float, float, int], list[Mark]]
"""One item's sample in the square of side :data:`SWATCH` whose top left
is ``x``, ``y`` (spaces on the picture), for a race of so many laps."""

_HALF = SWATCH / 2

_WALL_SAMPLE = 0.12
"""How wide the key's card wall is, in spaces: a little lighter than on the table."""


def _square(x: float, y: float, ground: str = "ground") -> Tile:
    return Tile(x, y, x + SWATCH, y + SWATCH, f"{ground} key-square")


def _line(points: list[Point], role: str) -> Path:
    return Path((tuple(points),), role)


def _arrow(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    m = _HALF
    points = (
        (x + m + 0.3 * m * 2, y + m),
        (x + m - 0.2 * m * 2, y + m - 0.24 * m * 2),
        (x + m - 0.08 * m * 2, y + m),
        (x + m - 0.2 * m * 2, y + m + 0.24 * m * 2),
    )
    return [_square(x, y), Path((points,), "heading", closed=True)]


def _finish(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    cell = SWATCH / 4
    left = x + SWATCH / 2 - cell
    marks: list[Mark] = [_square(x, y), Tile(left, y, left + 2 * cell, y + SWATCH, "chequer-light")]
    for row in range(4):
        corner = (left + row % 2 * cell, y + row * cell)
        marks.append(Tile(corner[0], corner[1], corner[0] + cell, corner[1] + cell, "chequer-dark"))
    return marks


def _die(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [Piece("die", (x + _HALF, y + _HALF), SWATCH, str(laps), sample=True)]


def _corner(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [Piece("disc", (x + _HALF, y + _HALF), _HALF, "1", sample=True)]


def _lane(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [_square(x, y), Tile(x + _HALF, y, x + SWATCH, y + SWATCH, "inside-lane")]


def _pit(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [_square(x, y, "pit-ground")]


def _divider(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [_square(x, y), _line([(x, y + _HALF), (x + SWATCH, y + _HALF)], "divider-sample")]


def _stop(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    letter = Piece("letter", (x + _HALF, y + _HALF), SWATCH * 0.6, "P", "stop-ink")
    return [_square(x, y, "pit-ground"), letter]


def _wall(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    """The card wall across the square, solid as on the table."""
    half = _WALL_SAMPLE / 2
    return [_square(x, y), Tile(x, y + _HALF - half, x + SWATCH, y + _HALF + half, "wall-sample")]


def _chicane(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    """Both edges of a road that steps one lane aside halfway across."""
    marks: list[Mark] = [_square(x, y)]
    for top in (0.12, 0.58):
        steps = [(0.0, top), (0.5, top), (0.5, top + 0.3), (1.0, top + 0.3)]
        marks.append(_line([(x + a * SWATCH, y + b * SWATCH) for a, b in steps], "edge-sample"))
    return marks


def _pawn(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    pole = item.swatch == "pole"
    return [Piece("pole" if pole else "pawn", (x + _HALF, y + _HALF), SWATCH * 0.5, "1" if pole else "2")]


def _racing_line(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    middle = y + _HALF
    return [
        _line([(x, middle), (x + SWATCH, middle)], "racing-sample"),
        Piece("diamond", (x + _HALF, middle), SWATCH * 0.45, "1", "racing-mark"),
    ]


def _hazard(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [Piece("coin", (x + _HALF, y + _HALF), _HALF, item.swatch.split("-", 1)[1])]


def _number(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    return [_square(x, y), Piece("letter", (x + _HALF, y + _HALF), SWATCH * 0.55, "17", "tile-number")]


def _fault(item: LegendItem, x: float, y: float, laps: int) -> list[Mark]:
    inset = 0.1 / 4
    return [_square(x, y), Tile(x + inset, y + inset, x + SWATCH - inset, y + SWATCH - inset, "fault-swatch")]


SWATCHES: dict[str, Swatch] = {
    "arrow": _arrow,
    "finish": _finish,
    "die": _die,
    "corner": _corner,
    "inside": _lane,
    "pit": _pit,
    "divider": _divider,
    "stop": _stop,
    "wall": _wall,
    "chicane": _chicane,
    "pole": _pawn,
    "car": _pawn,
    "hazard": _hazard,
    "racing": _racing_line,
    "number": _number,
    "fault": _fault,
}
"""The sample grown for each kind of key item (the part of its name before any ``-``)."""
