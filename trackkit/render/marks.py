"""The marks a diagram places round the road: the start/finish line, the lap
die against the outside of the track, and the corner numbers.

The *outside* of the track is the side away from the middle of the loop (the
left of the driving direction on a clockwise track).  Each corner number sits
in a free space just outside the corner's *outer corner point*, the corner of
the tile the road swings round on the outside, as in the rulebook's Figure 1.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Point, Square, Vec
from trackkit.racepack.analysis import numbered_corners, resolve_start
from trackkit.racepack.layout import Layout
from trackkit.render.furniture import ExtraPiece

__all__ = [
    "DIE_SIDE",
    "LABEL_RADIUS",
    "CornerLabel",
    "FinishLine",
    "LapDie",
    "corner_labels",
    "finish_line",
    "lap_die",
    "widened",
]

LABEL_RADIUS = 0.4
"""Radius of the disc a corner number is printed on, in spaces (inches)."""

DIE_SIDE = 0.625
"""Side of the lap die in spaces: a piecepack die is about 5/8 inch (16 mm)."""

# Where to try a corner number, as multiples of the two outward directions of
# the corner (see ``_label_cells``): diagonally beyond the outer corner point
# first, then beside either outer side, then a ring further out.
_LABEL_OFFSETS: tuple[tuple[float, float], ...] = (
    (0.5, 0.5),
    (0.5, -0.5),
    (-0.5, 0.5),
    (1.5, 0.5),
    (0.5, 1.5),
    (1.5, -0.5),
    (-0.5, 1.5),
    (1.5, 1.5),
    (0.5, -1.5),
    (-1.5, 0.5),
)
_LABEL_FALLBACK = (-0.5, -0.5)
"""The corner tile's own outer space, used when everything around is taken."""

_DIE_TRIES = 6
"""How many spaces outwards the lap die may be pushed to clear other tiles."""


@dataclass(frozen=True)
class CornerLabel:
    """Corner ``number`` (tile ``tile``, turning ``turn``), printed in ``cell``."""

    number: int
    tile: int
    turn: str
    cell: Square

    @property
    def centre(self) -> Vec:
        return (self.cell[0] + 0.5, self.cell[1] + 0.5)


@dataclass(frozen=True)
class FinishLine:
    """The start/finish line at ``position`` (see :class:`~trackkit.racepack.layout.Layout`),
    crossing tile ``tile``'s road from ``ends[0]`` (on the driver's right) to
    ``ends[1]``; cars cross it heading ``heading``.  ``middle`` is where it
    crosses the middle of the loop's road (a line carried across a wide
    straight's extra row is longer on that side)."""

    position: Fraction
    tile: int
    heading: Heading
    ends: tuple[Vec, Vec]
    middle: Vec

    @property
    def cells_after(self) -> tuple[Square, ...]:
        """The spaces just past the line, from the driver's right to left."""
        (ax, ay), _ = self.ends
        side, ahead = self.heading.left(), self.heading
        return tuple(
            _cell_at((ax + (k + 0.5) * side.dx + 0.5 * ahead.dx, ay + (k + 0.5) * side.dy + 0.5 * ahead.dy))
            for k in range(self.width)
        )

    @property
    def width(self) -> int:
        """How many spaces of road the line crosses: 2, or 4 across a wide straight."""
        (ax, ay), (bx, by) = self.ends
        return round(abs(bx - ax) + abs(by - ay))


@dataclass(frozen=True)
class LapDie:
    """The die that marks the start/finish line and counts the laps left.

    ``centre`` is where it sits; ``side`` is the direction from the road to the
    die; ``cells`` are the one-space squares it covers (one either side of the
    line).
    """

    laps: int
    centre: Vec
    side: Heading
    cells: tuple[Square, ...]

    @property
    def cell(self) -> Square:
        """The space just before the line: where a one-cell preview shows the die."""
        return self.cells[0]


def finish_line(layout: Layout) -> FinishLine:
    """Where the start/finish line crosses the road.  Needs a whole circuit.

    A line at a whole position ``k`` lies along tile ``k``'s entry edge; at
    ``k + 0.5`` it crosses the middle of tile ``k``.
    """
    circuit = layout.circuit
    position = resolve_start(layout)
    tile = circuit[int(position)]
    heading = tile.entry
    assert heading is not None  # a whole circuit has every heading
    cx, cy = tile.centre
    back = 1 if position.denominator == 1 else 0
    middle = (cx - back * heading.dx, cy - back * heading.dy)
    side = heading.left()
    ends = (
        (float(middle[0] - side.dx), float(middle[1] - side.dy)),
        (float(middle[0] + side.dx), float(middle[1] + side.dy)),
    )
    return FinishLine(position, tile.index, heading, ends, (float(middle[0]), float(middle[1])))


def widened(finish: FinishLine, extras: tuple[ExtraPiece, ...]) -> FinishLine:
    """The line carried on across a wide straight's extra row, where there is
    one beside the tile the line crosses."""
    (ax, ay), (bx, by) = finish.ends
    side = finish.heading.left()
    for piece in extras:
        if piece.row != "wide" or piece.beside != finish.tile:
            continue
        px, py = piece.centre
        cx, cy = finish.middle
        if (px - cx) * side.dx + (py - cy) * side.dy > 0:
            bx, by = bx + 2 * side.dx, by + 2 * side.dy
        else:
            ax, ay = ax - 2 * side.dx, ay - 2 * side.dy
    return FinishLine(finish.position, finish.tile, finish.heading, ((ax, ay), (bx, by)), finish.middle)


def outside(circuit: Circuit, heading: Heading) -> Heading:
    """The side of the road away from the middle of the loop, for a car driving
    ``heading``: left on a clockwise track, right on a counterclockwise one."""
    return heading.left() if circuit.clockwise else heading.right()


def lap_die(layout: Layout, finish: FinishLine, taken: set[Square]) -> LapDie:
    """Set the lap die against the outside of the track at the line.

    The die sits in the first free spaces beyond the road edge, one either side
    of the line.  If other tiles are there (a pit lane or a wide straight's
    extra row, say) it moves further out; if no free place is found within a
    few spaces it goes on the other side of the road.
    """
    for side in (outside(layout.circuit, finish.heading), outside(layout.circuit, finish.heading).opposite()):
        for distance in range(_DIE_TRIES):
            die = _die_at(layout.laps, finish, side, distance)
            if not taken & set(die.cells):
                return die
    return _die_at(layout.laps, finish, outside(layout.circuit, finish.heading), 0)


def _die_at(laps: int, finish: FinishLine, side: Heading, distance: int) -> LapDie:
    mx, my = finish.middle
    reach = 1.5 + distance
    centre = (mx + reach * side.dx, my + reach * side.dy)
    h = finish.heading
    before = _cell_at((centre[0] - 0.5 * h.dx, centre[1] - 0.5 * h.dy))
    after = _cell_at((centre[0] + 0.5 * h.dx, centre[1] + 0.5 * h.dy))
    return LapDie(laps, centre, side, (before, after))


def _cell_at(point: Vec) -> Square:
    """The space whose inside holds ``point`` (which must not lie on a grid line)."""
    return (int(point[0] // 1), int(point[1] // 1))


def corner_labels(layout: Layout, taken: set[Square]) -> tuple[CornerLabel, ...]:
    """Number the corners and give each number a free space beside its corner.

    Each number is placed, tested and moved on to the next preferred space
    while it would touch another number (even diagonally) or lie as near
    another corner tile as its own, so that a reader never has to guess
    which corner a number belongs to."""
    circuit = layout.circuit
    corners = numbered_corners(circuit, resolve_start(layout))
    corner_tiles = [circuit[c.tile] for c in corners]
    taken = set(taken) | shared_diagonals(corner_tiles)
    near = _CornersNear(corner_tiles)
    labels: list[CornerLabel] = []
    placed: set[Square] = set()
    for corner in corners:
        own = circuit[corner.tile]
        clear = functools.partial(_clear, own=own, near=near, placed=placed)
        cell = label_cell(own, taken, clear)
        taken.add(cell)
        placed.add(cell)
        labels.append(CornerLabel(corner.number, corner.tile, corner.turn, cell))
    return tuple(labels)


class _CornersNear:
    """The corner tiles filed by the block of table they lie in, so that the
    corners near a space are found without looking at every corner (a
    track of thousands of corners is labelled in linear time)."""

    BLOCK = 8
    """The side of a block, in spaces: more than any label lies from its tile."""

    def __init__(self, tiles: Iterable[Tile]) -> None:
        self.blocks: dict[Square, list[Tile]] = {}
        for tile in tiles:
            self.blocks.setdefault(self._block(tile.centre), []).append(tile)

    def _block(self, point: Point) -> Square:
        return (point[0] // self.BLOCK, point[1] // self.BLOCK)

    def around(self, cell: Square) -> Iterator[Tile]:
        """Every corner tile in the block of ``cell`` and the eight around it:
        all those within :attr:`BLOCK` spaces of it."""
        bx, by = self._block(cell)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                yield from self.blocks.get((bx + dx, by + dy), ())


def _clear(cell: Square, own: Tile, near: _CornersNear, placed: set[Square]) -> bool:
    """Whether a number in ``cell`` touches no other number placed and lies
    nearer the tile ``own`` than any other corner tile.  Labels lie within
    a few spaces of their tile, so only the corner tiles near ``cell`` can
    be as near as ``own``."""
    if any((cell[0] + dx, cell[1] + dy) in placed for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
        return False
    mine = _gap(cell, own.centre)
    return all(_gap(cell, other.centre) > mine for other in near.around(cell) if other.index != own.index)


def _gap(cell: Square, centre: Point) -> float:
    """How far the middle of ``cell`` lies from the tile centred on ``centre``."""
    dx = max(0.0, abs(cell[0] + 0.5 - centre[0]) - 1)
    dy = max(0.0, abs(cell[1] + 0.5 - centre[1]) - 1)
    return math.hypot(dx, dy)


def shared_diagonals(corners: Iterable[Tile]) -> set[Square]:
    """Spaces that lie diagonally beyond the outer corner point of two corners.

    A number there would belong to either corner, so neither gets it: each
    corner's number goes beside one of its own outer sides instead.
    """
    seen: set[Square] = set()
    shared: set[Square] = set()
    for tile in corners:
        cell = _offset_cell(tile, _LABEL_OFFSETS[0])
        (shared if cell in seen else seen).add(cell)
    return shared


def label_cell(tile: Tile, taken: set[Square], clear: Callable[[Square], bool] = lambda cell: True) -> Square:
    """The first free space from the preferred places around a corner tile
    that is also ``clear``; else the first free one; the tile's own outer
    space when every one is taken."""
    free = [cell for cell in _label_cells(tile) if cell not in taken]
    for cell in free:
        if clear(cell):
            return cell
    return free[0] if free else _offset_cell(tile, _LABEL_FALLBACK)


def _label_cells(tile: Tile) -> Iterator[Square]:
    for offset in _LABEL_OFFSETS:
        yield _offset_cell(tile, offset)


def _offset_cell(tile: Tile, offset: tuple[float, float]) -> Square:
    """The space at ``offset`` from the corner's outer corner point, measured
    along its two outward directions: the way the car enters (it would run
    straight on off the tile) and the way opposite to where it leaves."""
    assert tile.entry is not None and tile.exit is not None
    first, second = tile.entry, tile.exit.opposite()
    px = tile.centre[0] + first.dx + second.dx
    py = tile.centre[1] + first.dy + second.dy
    a, b = offset
    point = (px + a * first.dx + b * second.dx, py + a * first.dy + b * second.dy)
    return _cell_at(point)
