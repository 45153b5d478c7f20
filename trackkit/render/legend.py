"""The key under a track diagram: what each mark means, for the marks present.

A *legend item* is one small sample of a mark (its *swatch*: an arrow, the
chequered line, a corner disc, a hazard coin...) followed by a few words.
Only the marks a diagram actually shows get an item, so the key of a plain
oval is short and that of a grand prix with a pit lane, grid and hazards is
long.  The items are set out in rows, left to right, and a new row starts
*between* items, never inside one, when the next would pass the picture's
width.

This module decides what the key says and where each item goes, in spaces
(inches); :mod:`trackkit.render.legend_layer` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.board import DIE_FACES, die_face
from trackkit.render.labels import MIN_TEXT, numbering_note, text_width
from trackkit.render.options import RenderOptions
from trackkit.render.scene import Scene
from trackkit.render.shapes import line_width

__all__ = [
    "DIE_FACES",
    "ITEM_GAP",
    "LEGEND_SIZE",
    "ROW_HEIGHT",
    "SUIT_GLYPHS",
    "SWATCH",
    "LegendItem",
    "Placed",
    "die_face",
    "item_reach",
    "item_width",
    "legend_items",
    "legend_rows",
]

SUIT_GLYPHS = {"suns": "☀", "moons": "☾", "crowns": "♛", "arms": "⚜"}
"""The suit symbol printed on a hazard coin (a null coin turned suit side up)."""

LEGEND_SIZE = MIN_TEXT
"""Height of the key's lettering, in spaces: the smallest allowed."""

SWATCH = 0.34
"""Side of the square a mark's sample is drawn in, in spaces."""

ITEM_GAP = 0.4
"""Blank space between two items of a row, in spaces."""

ROW_HEIGHT = 0.48
"""Distance between two rows of the key, in spaces."""


@dataclass(frozen=True)
class LegendItem:
    """One entry of the key: the sample ``swatch`` (a name the drawing layer
    knows, such as ``arrow`` or ``hazard-suns``) and its ``text``."""

    swatch: str
    text: str


@dataclass(frozen=True)
class Placed:
    """``item`` set ``x`` spaces from the key's left edge on row ``row`` (from 0)."""

    item: LegendItem
    row: int
    x: float


def legend_items(scene: Scene, options: RenderOptions) -> tuple[LegendItem, ...]:
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


def item_width(item: LegendItem) -> float:
    """How wide ``item`` is drawn: its swatch, a small gap and its words."""
    return SWATCH + 0.12 + text_width(item.text, LEGEND_SIZE, bold=False)


def item_reach(item: LegendItem) -> float:
    """How far ``item`` really reaches from its left: its swatch, the gap
    and its words measured letter by letter (see
    :func:`~trackkit.render.shapes.line_width`); :func:`item_width` is the
    generous measure the rows are set out with."""
    return SWATCH + 0.12 + line_width(item.text, LEGEND_SIZE)


def legend_rows(items: tuple[LegendItem, ...], width: float) -> tuple[Placed, ...]:
    """Set ``items`` out in rows no wider than ``width`` spaces; an item wider
    than that gets a row of its own."""
    placed: list[Placed] = []
    row, x = 0, 0.0
    for item in items:
        size = item_width(item)
        if x > 0 and x + size > width:
            row, x = row + 1, 0.0
        placed.append(Placed(item, row, x))
        x += size + ITEM_GAP
    return tuple(placed)
