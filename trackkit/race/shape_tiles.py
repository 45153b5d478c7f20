"""A RACE! track converted from a piecepack circuit, laid on its tiles: each
tile's first space is the half by the edge the road enters, its second the
half by the edge it leaves (split along the diagonal on a corner tile)."""

from __future__ import annotations

import math

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Vec
from trackkit.race.shape_base import Shape, SpaceShape, centre_of, hairpin_walls
from trackkit.race.track import Corner, RaceLayout

__all__ = ["on_tiles"]


def _add(*vectors: Vec | tuple[int, int]) -> Vec:
    return (float(sum(v[0] for v in vectors)), float(sum(v[1] for v in vectors)))


def _scaled(heading: Heading, factor: int) -> tuple[int, int]:
    return (heading.dx * factor, heading.dy * factor)


def _angle(heading: Heading) -> float:
    return math.atan2(heading.dy, heading.dx)


def _halves(tile: Tile) -> tuple[SpaceShape, SpaceShape]:
    """A tile's first and second space."""
    assert tile.entry is not None and tile.exit is not None
    c, e, x = tile.centre, tile.entry, tile.exit
    into = _add(c, _scaled(e, -1))
    if tile.is_corner:
        outside, inside = _add(c, _scaled(e, 1), _scaled(x, -1)), _add(c, _scaled(e, -1), _scaled(x, 1))
        back = _add(c, _scaled(e, -1), _scaled(x, -1))
        ahead = _add(c, _scaled(e, 1), _scaled(x, 1))
        middle_heading = math.atan2(e.dy + x.dy, e.dx + x.dx)
        first: tuple[Vec, ...] = (outside, back, inside)
        second: tuple[Vec, ...] = (outside, inside, ahead)
        halfway = _add(c, (0, 0))
    else:
        n = e.left()
        middle_heading = _angle(e)
        first = (
            _add(c, _scaled(e, -1), _scaled(n, 1)),
            _add(c, _scaled(n, 1)),
            _add(c, _scaled(n, -1)),
            _add(c, _scaled(e, -1), _scaled(n, -1)),
        )
        second = (
            _add(c, _scaled(n, 1)),
            _add(c, _scaled(e, 1), _scaled(n, 1)),
            _add(c, _scaled(e, 1), _scaled(n, -1)),
            _add(c, _scaled(n, -1)),
        )
        halfway = _add(c, (0, 0))
    return (
        SpaceShape(first, centre_of(first), _angle(e), into, _angle(e)),
        SpaceShape(second, centre_of(second), _angle(x), halfway, middle_heading),
    )


def _tile_edge(tile: Tile, middle: bool) -> tuple[Vec, Vec]:
    """The line between a tile's two spaces, or across its exit edge."""
    assert tile.entry is not None and tile.exit is not None
    c, e, x = tile.centre, tile.entry, tile.exit
    if middle and tile.is_corner:
        return _add(c, _scaled(e, 1), _scaled(x, -1)), _add(c, _scaled(e, -1), _scaled(x, 1))
    if middle:
        n = e.left()
        return _add(c, _scaled(n, 1)), _add(c, _scaled(n, -1))
    n = x.left()
    return _add(c, _scaled(x, 1), _scaled(n, 1)), _add(c, _scaled(x, 1), _scaled(n, -1))


def on_tiles(layout: RaceLayout, circuit: Circuit, corners: tuple[Corner, ...]) -> Shape:
    spaces = tuple(space for tile in circuit for space in _halves(tile))
    tile_index, within = divmod(layout.finish - 1, 2)
    finish = _tile_edge(circuit.tiles[tile_index], middle=within == 0)
    centres = tuple((float(t.centre[0]), float(t.centre[1])) for t in circuit)
    shape = Shape(spaces, finish, centres, width=2.0)
    walls = hairpin_walls(shape, corners, {})
    return Shape(spaces, finish, centres, walls, width=2.0)
