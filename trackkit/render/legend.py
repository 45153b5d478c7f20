"""The key under a track diagram: what each mark means, for the marks present.

A *legend item* is one small sample of a mark (its *swatch*: an arrow, the
chequered line, a corner disc, a hazard coin...) followed by a few words.
Only the marks a diagram actually shows get an item, so the key of a plain
oval is short and that of a grand prix with a pit lane, grid and hazards is
long.  The items are set out in rows, left to right, and a new row starts
*between* items, never inside one, when the next would pass the picture's
width.

This module decides what a Racepack-style scene's key says;
:mod:`trackkit.picture.key` sets the items out in rows, in spaces (inches),
and :mod:`trackkit.render.legend_layer` draws it.
"""

from __future__ import annotations

from trackkit.board import DIE_FACES, die_face
from trackkit.picture.key import (
    ITEM_GAP,
    LEGEND_SIZE,
    ROW_HEIGHT,
    SWATCH,
    LegendItem,
    Placed,
    item_reach,
    item_width,
    legend_rows,
)
from trackkit.picture.labels import numbering_note
from trackkit.render.options import RenderOptions
from trackkit.render.scene import Scene

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
