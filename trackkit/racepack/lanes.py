"""The inside lane of every tile.

The road is two lanes wide.  The rules define the *inside lane* as "the lane
on the side that the NEXT corner turns toward", on straights and corners
alike, and add that "on a corner tile it is the next corner along the track
that determines which lane is defined as the inside".  So for every tile,
straight or corner, trackkit looks at the first corner tile strictly after it
in driving order: if that corner turns right, the tile's inside lane is its
right lane.  Left and right are judged facing the way a car leaves the tile
(out of the corner, on a corner tile; see :mod:`trackkit.racepack.spaces`).

The inside lane matters in the race: the pole car starts on it, cars on it
move before the cars beside them at the start, and of two cars side by side
the one on the inside lane is ahead.

A corner's *approach* is the run of tiles whose next corner it is: every
tile after the corner before it, up to the corner itself, with that earlier
corner tile included (its own inside lane is set by this corner).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trackkit.errors import CircuitError, LimitError
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.racepack.analysis import Corner, numbered_corners, require_whole, resolve_start
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant, Side, Space, facing_heading, lane_quadrants

__all__ = [
    "MAX_LANE_TILES",
    "CornerApproach",
    "InsideLanes",
    "TileInside",
    "inside_lanes",
    "inside_side",
    "inside_spaces",
    "next_corner_tile",
    "next_corner_tiles",
]


@dataclass(frozen=True)
class TileInside:
    """Tile ``tile`` (of kind ``kind``) has its inside lane on ``side``: the
    two ``spaces``, rear then front; ``corner`` is the next corner, which
    decides it."""

    tile: int
    kind: Kind
    side: Side
    spaces: tuple[Space, Space]
    corner: Corner

    @property
    def quadrants(self) -> tuple[Quadrant, Quadrant]:
        return (self.spaces[0].quadrant, self.spaces[1].quadrant)


@dataclass(frozen=True)
class CornerApproach:
    """Corner ``corner`` makes ``side`` the inside lane of the ``approach`` tiles.

    ``own_side`` is the inside lane on the corner tile itself, which the
    *next* corner decides.
    """

    corner: Corner
    approach: tuple[int, ...]
    side: Side
    own_side: Side


@dataclass(frozen=True)
class InsideLanes:
    """The inside lane of every tile of a layout, and of every corner's approach."""

    tiles: tuple[TileInside, ...]
    corners: tuple[CornerApproach, ...]
    start: Fraction


def next_corner_tile(circuit: Circuit, index: int) -> int:
    """The first corner tile strictly after tile ``index`` in driving order.

    On a loop with a single corner that is the corner itself, a whole lap on.
    Raises :class:`~trackkit.errors.CircuitError` for a circuit that is not a
    whole loop or has no corner.
    """
    require_whole(circuit)
    n = len(circuit)
    for distance in range(1, n + 1):
        if circuit[index + distance].is_corner:
            return (index + distance) % n
    raise CircuitError("the circuit has no corner tiles, so no lane is the inside one")


def next_corner_tiles(circuit: Circuit) -> list[int]:
    """:func:`next_corner_tile` of every tile, in one pass backwards round
    the loop.  Raises as :func:`next_corner_tile` does."""
    require_whole(circuit)
    corners = [tile.index for tile in circuit if tile.is_corner]
    if not corners:
        raise CircuitError("the circuit has no corner tiles, so no lane is the inside one")
    following = [0] * len(circuit)
    upcoming = corners[0]
    for index in reversed(range(len(circuit))):
        following[index] = upcoming
        if circuit[index].is_corner:
            upcoming = index
    return following


def inside_side(circuit: Circuit, index: int) -> Side:
    """The side of tile ``index`` its inside lane is on: where the next corner turns."""
    corner = circuit[next_corner_tile(circuit, index)]
    return Side.LEFT if corner.kind is Kind.LEFT else Side.RIGHT


def inside_spaces(circuit: Circuit, index: int, side: Side | None = None) -> tuple[Space, Space]:
    """The two spaces of tile ``index``'s inside lane, rear then front
    (``side``, when known, saves looking for the next corner)."""
    tile = index % len(circuit)
    inside = side if side is not None else inside_side(circuit, tile)
    rear, front = lane_quadrants(facing_heading(circuit[tile]), inside)
    return (Space(tile, rear), Space(tile, front))


MAX_LANE_TILES = 20_000
"""The most tiles whose inside lanes are listed, to keep the work bounded."""


def inside_lanes(layout: Layout) -> InsideLanes:
    """The inside lane of every tile, and each numbered corner's approach.
    Raises :class:`~trackkit.errors.LimitError` past :data:`MAX_LANE_TILES`."""
    circuit = layout.circuit
    if len(circuit) > MAX_LANE_TILES:
        raise LimitError(
            f"the track has {len(circuit):,} tiles; lanes are listed for at most {MAX_LANE_TILES:,}"
        )
    start = resolve_start(layout)
    corners = {corner.tile: corner for corner in numbered_corners(circuit, start)}
    following = next_corner_tiles(circuit)
    tiles = tuple(_tile_inside(circuit, index, corners[following[index]]) for index in range(len(circuit)))
    approaches = tuple(_approach(circuit, corner, tiles) for corner in corners.values())
    return InsideLanes(tiles, approaches, start)


def _tile_inside(circuit: Circuit, index: int, corner: Corner) -> TileInside:
    kind = circuit[index].kind
    assert kind is not None  # a whole circuit
    side = Side.of_turn(corner.turn)
    return TileInside(index, kind, side, inside_spaces(circuit, index, side), corner)


def _approach(circuit: Circuit, corner: Corner, tiles: tuple[TileInside, ...]) -> CornerApproach:
    n = len(circuit)
    approach: list[int] = []
    index = corner.tile
    while True:
        index = (index - 1) % n
        approach.append(index)
        if circuit[index].is_corner:
            break
    side = Side.of_turn(corner.turn)
    return CornerApproach(corner, tuple(reversed(approach)), side, tiles[corner.tile].side)
