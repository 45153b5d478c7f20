"""A hint's edit made on a loop of tiles (see :mod:`trackkit.edits`).

A circuit is written two ways, and an edit names the one it changes:
``path`` edits change the tiles' kinds in driving order, and the tiles
after the change are laid again one after another (removing a straight
pulls every later tile one tile back); ``tiles`` edits change where tiles
lie, positions in tiles as files write them, and leave every other tile
where it is (filling a gap between two tiles).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trackkit.edits import Edit, Value, edited_items, target
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import TILE, Heading, Point

__all__ = ["CIRCUIT_KEYS", "centre_of", "edited_circuit", "filling", "occupied", "position"]

CIRCUIT_KEYS = ("path", "tiles")
"""The keys whose edits change the circuit."""


def position(centre: Point) -> tuple[int, int] | None:
    """A tile centre (in spaces) as a file's position in tiles, where it is a
    whole tile: ``(6, 4)`` is ``(3, 2)``; ``None`` half a tile off the grid."""
    x, y = centre
    return (x // TILE, y // TILE) if x % TILE == 0 and y % TILE == 0 else None


def centre_of(value: Value) -> Point:
    """A file's position in tiles as a tile centre in spaces: ``(3, 2)`` is ``(6, 4)``."""
    assert isinstance(value, tuple)
    return value[0] * TILE, value[1] * TILE


def _kind(value: Value) -> Kind:
    return Kind(str(value))


def edited_circuit(circuit: Circuit, edit: Edit) -> Circuit:
    """``circuit`` with a ``path`` or ``tiles`` edit made."""
    if target(edit) == "tiles":
        return Circuit.from_centres(edited_items(circuit.centres(), edit, centre_of))
    kinds = edited_items([tile.kind or Kind.STRAIGHT for tile in circuit.tiles], edit, _kind)
    heading = circuit.tiles[0].entry if circuit.tiles else None
    return Circuit.from_path(kinds, origin=circuit.line_origin(), heading=heading or Heading.EAST)


def occupied(centres: Iterable[Point]) -> Callable[[Point], bool]:
    """Whether a tile centred on a point would cover ground a tile of
    ``centres`` covers (tiles overlap when their centres are less than a
    tile apart both ways); the centres are filed once."""
    filed = set(centres)
    near = range(-TILE + 1, TILE)
    return lambda centre: any((centre[0] + dx, centre[1] + dy) in filed for dx in near for dy in near)


def filling(before: Point, after: Point, taken: Callable[[Point], bool]) -> tuple[int, int] | None:
    """The empty whole-tile place, as a file's position in tiles, where one
    tile would share an edge with the tile centred on ``before`` and with
    the one on ``after``: the tile a one-tile gap between them is missing
    (``None`` when they are not one tile apart, or the ground is taken)."""
    dx, dy = after[0] - before[0], after[1] - before[1]
    if (abs(dx), abs(dy)) == (2 * TILE, 0) or (abs(dx), abs(dy)) == (0, 2 * TILE):
        places = [(before[0] + dx // 2, before[1] + dy // 2)]
    elif (abs(dx), abs(dy)) == (TILE, TILE):
        places = [(before[0] + dx, before[1]), (before[0], before[1] + dy)]
    else:
        return None
    for place in places:
        found = position(place)
        if found is not None and not taken(place):
            return found
    return None
