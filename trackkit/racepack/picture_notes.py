"""What a Racepack picture adds to help a player find a tile the rules
speak of: a ring round each tile a broken rule names, and each tile's
number (its index, as validation messages give it: ``tile 17``)."""

from __future__ import annotations

from trackkit.picture.labels import MIN_TEXT, LabelPlacer, numbering_step, stroke, text_width
from trackkit.picture.marks import Group, Label, Mark, Tile
from trackkit.picture.shapes import LETTER_HEIGHT, Point
from trackkit.racepack.picture_frame import Frame
from trackkit.racepack.picture_marks import once
from trackkit.racepack.scene import Scene

__all__ = ["FAULT_WIDTH", "NUMBER_SIZE", "fault_rings", "tile_numbers"]

NUMBER_SIZE = MIN_TEXT
"""Font size of a tile number, in spaces: the smallest lettering allowed."""

FAULT_WIDTH = 0.1
"""How wide the ring round a tile at fault is drawn, in spaces, in every theme."""

_RING_CLEARANCE = 0.16
"""How far inside its tile's edge a tile number keeps, in spaces: clear of
the ring round a tile at fault."""

_CORNER_ORDER = ((-1, 1), (1, 1), (-1, -1), (1, -1))
"""Top left, top right, bottom left, bottom right (table ``y`` runs north)."""


def fault_rings(scene: Scene, frame: Frame, placer: LabelPlacer) -> list[Mark]:
    """A heavy ring just inside each tile a broken rule names (once for
    tiles stacked on one place); each side of it is recorded as a symbol
    no label may cross."""
    if not scene.faults:
        return []
    inset = FAULT_WIDTH / 2 + 0.03
    rings = []
    for x, y in once(scene.tiles[i].centre for i in scene.faults):
        corners = [(x - 1 + inset, y + 1 - inset), (x + 1 - inset, y + 1 - inset)]
        corners += [(x + 1 - inset, y - 1 + inset), (x - 1 + inset, y - 1 + inset)]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            placer.block(stroke(frame.at(a), frame.at(b), FAULT_WIDTH), "fault")
        rings.append(Tile(*frame.box(x - 1 + inset, y - 1 + inset, x + 1 - inset, y + 1 - inset)))
    return [Group(tuple(rings), name="faults", role="fault", classes="symbol fault")]


def tile_numbers(scene: Scene, frame: Frame, placer: LabelPlacer) -> list[Mark]:
    """Each loop tile's index (when the scene shows numbers), set by the
    label placer: in a corner of the tile (top left first) or in the middle
    of one of its spaces, whichever is first clear of every symbol and the
    other numbers.  A track of more than
    :data:`~trackkit.picture.labels.MAX_NUMBERED` tiles gets every k-th
    tile's number only (the key says which)."""
    if not scene.numbers:
        return []
    step = numbering_step(len(scene.tiles))
    labels: list[Mark] = []
    for tile in scene.tiles:
        if tile.index % step:
            continue
        text = str(tile.index)
        places = _number_places(frame, tile.centre, text)
        placed = placer.place(text, frame.at(tile.centre), NUMBER_SIZE, places, reach=1.2)
        labels.append(Label(placed, "tile-number"))
    return [Group(tuple(labels), name="tile-numbers")]


def _number_places(frame: Frame, centre: tuple[int, int], text: str) -> list[Point]:
    """Where a tile number may stand, on the picture: each corner of the tile
    just inside the fault ring, then the middle of each space."""
    half_width = text_width(text, NUMBER_SIZE) / 2
    half_height = LETTER_HEIGHT * NUMBER_SIZE / 2
    x, y = centre
    corners = [
        (x + sx * (1 - _RING_CLEARANCE - half_width), y + sy * (1 - _RING_CLEARANCE - half_height))
        for sx, sy in _CORNER_ORDER
    ]
    middles = [(x + sx * 0.5, y + sy * 0.5) for sx, sy in _CORNER_ORDER]
    return [frame.at(p) for p in corners + middles]
