"""Where each space of a RACE! track lies on the table, for drawings.

A track of spaces only is laid out as players "just make a big oval": a
stadium (two straights joined by half circles) whose centre line is one
space long per space, the finish line in the middle of the top straight.
A track converted from a piecepack circuit lies on its tiles: each tile's
first space is the half by the edge the road enters, its second the half by
the edge it leaves (split along the diagonal on a corner tile).

Everything is in spaces (inches), x east and y north, as in
:mod:`trackkit.piecepack.geometry`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Vec
from trackkit.race.track import COUNTERCLOCKWISE, RaceLayout

__all__ = ["ROAD_WIDTH", "SAMPLES", "Shape", "SpaceShape", "layout_shape"]

ROAD_WIDTH = 1.0
"""How wide the road of a drawn oval is, in spaces."""

SAMPLES = 4
"""Straight pieces each space's edges are drawn with on an oval's curves."""


@dataclass(frozen=True)
class SpaceShape:
    """One space: its outline and the point its number is written at."""

    outline: tuple[Vec, ...]
    centre: Vec


@dataclass(frozen=True)
class Shape:
    """A track placed on the table: ``spaces[k - 1]`` is space ``k``;
    ``finish`` is the finish line's two ends; ``tiles`` the centres of the
    piecepack tiles under a converted track (none for an oval)."""

    spaces: tuple[SpaceShape, ...]
    finish: tuple[Vec, Vec]
    tiles: tuple[Vec, ...] = ()


def _centre_of(points: tuple[Vec, ...]) -> Vec:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


# --- an oval of spaces -------------------------------------------------------------


def _stadium(s: float, radius: float) -> tuple[Vec, Vec]:
    """The point at distance ``s`` along a stadium's centre line (clockwise,
    from the left end of its top straight) and the outward normal there."""
    straight = 2 * radius
    arc = math.pi * radius
    s %= 2 * straight + 2 * arc
    if s < straight:
        return (-radius + s, radius), (0.0, 1.0)
    s -= straight
    if s < arc:
        angle = math.pi / 2 - s / radius
        normal = (math.cos(angle), math.sin(angle))
        return (radius + radius * normal[0], radius * normal[1]), normal
    s -= arc
    if s < straight:
        return (radius - s, -radius), (0.0, -1.0)
    s -= straight
    angle = -math.pi / 2 - s / radius
    normal = (math.cos(angle), math.sin(angle))
    return (-radius + radius * normal[0], radius * normal[1]), normal


def _oval(layout: RaceLayout) -> Shape:
    n = layout.spaces
    radius = n / (2 * math.pi + 4)
    half = min(ROAD_WIDTH, radius) / 2
    mirror = -1.0 if layout.direction == COUNTERCLOCKWISE else 1.0
    line = radius  # the middle of the top straight

    def edge(s: float, side: float) -> Vec:
        (x, y), (nx, ny) = _stadium(s, radius)
        return (mirror * (x + side * nx), y + side * ny)

    spaces: list[SpaceShape] = []
    for space in range(1, n + 1):
        begin = line + (space - layout.finish - 1) % n
        steps = [begin + step / SAMPLES for step in range(SAMPLES + 1)]
        outline = tuple([edge(s, half) for s in steps] + [edge(s, -half) for s in reversed(steps)])
        spaces.append(SpaceShape(outline, edge(begin + 0.5, 0.0)))
    return Shape(tuple(spaces), (edge(line, half * 1.6), edge(line, -half * 1.6)))


# --- a track on piecepack tiles ----------------------------------------------------


def _add(*vectors: Vec | tuple[int, int]) -> Vec:
    return (float(sum(v[0] for v in vectors)), float(sum(v[1] for v in vectors)))


def _scaled(heading: Heading, factor: int) -> tuple[int, int]:
    return (heading.dx * factor, heading.dy * factor)


def _halves(tile: Tile) -> tuple[tuple[Vec, ...], tuple[Vec, ...]]:
    """A tile's first and second space."""
    assert tile.entry is not None and tile.exit is not None
    c, e, x = tile.centre, tile.entry, tile.exit
    if tile.is_corner:
        outside, inside = _add(c, _scaled(e, 1), _scaled(x, -1)), _add(c, _scaled(e, -1), _scaled(x, 1))
        back = _add(c, _scaled(e, -1), _scaled(x, -1))
        ahead = _add(c, _scaled(e, 1), _scaled(x, 1))
        return (outside, back, inside), (outside, inside, ahead)
    n = e.left()
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
    return first, second


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


def _on_tiles(layout: RaceLayout, circuit: Circuit) -> Shape:
    spaces: list[SpaceShape] = []
    for tile in circuit:
        for half in _halves(tile):
            spaces.append(SpaceShape(half, _centre_of(half)))
    tile_index, within = divmod(layout.finish - 1, 2)
    finish = _tile_edge(circuit.tiles[tile_index], middle=within == 0)
    centres = tuple((float(t.centre[0]), float(t.centre[1])) for t in circuit)
    return Shape(tuple(spaces), finish, centres)


def layout_shape(layout: RaceLayout) -> Shape:
    """Where every space, the finish line and any tiles of ``layout`` lie.
    A piecepack path that is not a whole loop is drawn as an oval instead."""
    circuit = layout.circuit
    if circuit is not None and circuit.is_whole and len(circuit) * 2 == layout.spaces:
        return _on_tiles(layout, circuit)
    return _oval(layout)
