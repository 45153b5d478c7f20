"""Laying a path's tiles on the table, a run of like tiles at a time.

A path is read tile by tile: each tile lies beyond the exit edge of the one
before, and the *driving line* (the middle of the road, through the centre
of every tile on it) moves one tile on.  A straight or a chicane keeps the
road's heading, so a run of them (``100000S``) lies along one line, the
tiles a whole tile apart: the run is laid in one sweep, without working the
heading out again for every tile.  A corner turns the road, so corners are
laid one by one; a path has at most twenty thousand of them (see
:data:`~trackkit.piecepack.circuit.MAX_TURNS`).

:meth:`trackkit.piecepack.circuit.Circuit.from_path` lays its tiles here
and then checks that they hold together.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.piecepack.geometry import TILE, Heading, Point, step
from trackkit.piecepack.tiles import Kind, Tile, tile_run

__all__ = ["Laid", "lay_path"]


@dataclass(slots=True)
class Laid:
    """The tiles laid so far, in driving order; the indices of those pushed
    off the driving line (chicanes); and where the line now is and which
    way the road heads, ready for the next tile."""

    tiles: list[Tile]
    off_line: list[int]
    line: Point
    facing: Heading

    def run(self, kind: Kind, count: int) -> None:
        """Lay ``count`` tiles of ``kind``, a kind that keeps the heading:
        each lies a whole tile further along the line, its centre as far
        off the line as the kind puts it (see :meth:`Kind.offset`)."""
        (x, y), facing, first = self.line, self.facing, len(self.tiles)
        dx, dy = kind.offset(facing)
        ax, ay = step((0, 0), facing, TILE)
        self.tiles += tile_run(
            first, [(x + dx + n * ax, y + dy + n * ay) for n in range(count)], kind, facing, facing
        )
        if dx or dy:
            self.off_line.extend(range(first, first + count))
        self.line = (x + count * ax, y + count * ay)

    def corner(self, kind: Kind) -> None:
        """Lay one corner on the line, turning the road as ``kind`` does."""
        leaving, (ax, ay) = _TURNS[kind, self.facing]
        self.tiles.append(Tile(len(self.tiles), self.line, kind, self.facing, leaving))
        self.line, self.facing = (self.line[0] + ax, self.line[1] + ay), leaving


_TURNS = {
    (kind, facing): (kind.exit_heading(facing), step((0, 0), kind.exit_heading(facing), TILE))
    for kind in (Kind.LEFT, Kind.RIGHT)
    for facing in Heading
}
"""For each corner kind and heading it is reached with: the heading the
road leaves it with, and how far the line moves on to the next tile
(worked out once here, not for each of thousands of corners)."""


def lay_path(kinds: Sequence[Kind], origin: Point, heading: Heading) -> Laid:
    """Lay the tiles of ``kinds`` in driving order, tile 0's driving line
    passing through ``origin`` heading ``heading``."""
    laid = Laid([], [], origin, heading)
    for kind, same in itertools.groupby(kinds):
        count = sum(1 for _ in same)
        if kind.is_corner:
            for _ in range(count):
                laid.corner(kind)
        else:
            laid.run(kind, count)
    return laid
