"""Where a picture of a Racepack table prints the corner numbers (the
start/finish line and the lap die are pieces of the table:
:mod:`trackkit.racepack.setup`); the drawings and the terminal preview
both set them here.

Each corner number sits
in a free space just outside the corner's *outer corner point*, the corner of
the tile the road swings round on the outside, as in the rulebook's Figure 1.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from trackkit.board import numbering_step
from trackkit.piecepack.circuit import Tile
from trackkit.piecepack.geometry import Point, Square, Vec
from trackkit.racepack.setup import DIE_SIDE, RacepackSetup, cell_at, covered_cells

__all__ = [
    "DIE_SIDE",
    "LABEL_RADIUS",
    "CornerLabel",
    "corner_labels",
    "corner_numbers",
    "label_cell",
    "shared_diagonals",
]

LABEL_RADIUS = 0.4
"""Radius of the disc a corner number is printed on, in spaces (inches)."""

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


def corner_numbers(setup: RacepackSetup) -> tuple[CornerLabel, ...]:
    """The corner numbers of a closed circuit (none on a broken one), each
    in a space no tile, piece beside the loop or lap die covers."""
    if not setup.whole:
        return ()
    furniture, die = setup.furniture, setup.die
    taken = covered_cells(setup.layout.circuit) | furniture.cells()
    if die is not None:
        taken |= set(die.cells)
    return corner_labels(setup, taken)


def corner_labels(setup: RacepackSetup, taken: set[Square]) -> tuple[CornerLabel, ...]:
    """Number the corners and give each number a free space beside its corner.

    Each number is placed, tested and moved on to the next preferred space
    while it would touch another number (even diagonally) or lie as near
    another corner tile as its own, so that a reader never has to guess
    which corner a number belongs to.  A track of more than
    :data:`~trackkit.board.MAX_NUMBERED` corners gets the number of
    every k-th corner only (the key says which)."""
    circuit = setup.layout.circuit
    corners = setup.corners[:: numbering_step(len(setup.corners))]
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
    return cell_at(point)
