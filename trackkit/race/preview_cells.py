"""A RACE! track's shape at terminal resolution: the cell of each space.

The terminal preview (:mod:`trackkit.race.preview`) draws the loop
where the SVG drawing lays it (:func:`~trackkit.race.setup.race_setup`).
It cuts the table into *cells*, :data:`CELL` characters wide and one line
high, one cell a space of the table: each space takes the cell its middle
falls in, or, when an earlier space took that one, the nearest free cell.
The shape is drawn so only when it reads true at that resolution: every
space within :data:`REACH` cells of its middle, each space's cell touching
the next one's, and the spaces either side of the finish line side by
side.  This module works out the cells and where each fifth space's
number may stand; it draws nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackkit.piecepack.geometry import Vec
from trackkit.race.setup import Shape
from trackkit.race.track import COUNTERCLOCKWISE, RaceLayout

__all__ = ["CELL", "LEFT", "CellGrid", "Place", "finish_cells", "number_cells", "track_cells"]

CELL = 3
"""Characters per cell: a space's two characters and the gap after them."""

LEFT = 1
"""Characters left of the first column of cells."""

REACH = 1.5
"""How far, in cells, a space may be moved from where its middle falls
when that cell is taken; a shape that would move one further is not drawn
at terminal resolution."""

OUTWARD = 0.3
"""How nearly a cell must lie on the outside of the road (the cosine of
its angle from straight out) for a number to stand there by choice."""

Place = tuple[int, int]
"""Row and column of a cell."""


@dataclass(frozen=True)
class CellGrid:
    """The table at terminal resolution: a cell a space, the table point
    (``left``, ``top``) in the middle of the cell at row and column
    (``row0``, ``column0``)."""

    left: float
    top: float
    row0: float = 1.0
    column0: float = 1.0

    def cell(self, point: Vec) -> tuple[float, float]:
        """Where ``point`` falls, in rows and columns of cells (fractions kept)."""
        return (self.top - point[1] + self.row0, point[0] - self.left + self.column0)

    def character(self, point: Vec) -> tuple[float, float]:
        """Where ``point`` falls, in lines and characters (fractions kept):
        a cell's middle lies between the two characters of its mark."""
        row, column = self.cell(point)
        return row, LEFT + CELL * column + 1.0


def _nearest_free(want: tuple[float, float], taken: set[Place]) -> tuple[Place, float]:
    """The free cell nearest ``want`` (ties to the upper, then the left one)
    and its distance."""
    row, column = math.floor(want[0] + 0.5), math.floor(want[1] + 0.5)
    options = [
        (r, c) for r in range(row - 2, row + 3) for c in range(column - 2, column + 3) if (r, c) not in taken
    ]
    best = min(options, key=lambda p: ((p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2, p))
    return best, math.hypot(best[0] - want[0], best[1] - want[1])


def _cells(shape: Shape) -> tuple[CellGrid, list[Place]] | None:
    """Each space's cell, in driving order, the whole shape moved to start
    at row and column 1; ``None`` when a space would stand more than
    :data:`REACH` cells from its middle or a space's cell would not touch
    the next one's (the ring would not read round in order)."""
    centres = [space.centre for space in shape.spaces]
    grid = CellGrid(min(x for x, _ in centres), max(y for _, y in centres))
    taken: set[Place] = set()
    places: list[Place] = []
    for centre in centres:
        place, distance = _nearest_free(grid.cell(centre), taken)
        if distance > REACH:
            return None
        taken.add(place)
        places.append(place)
    if any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for a, b in zip(places, places[1:] + places[:1])):
        return None
    top, left = min(r for r, _ in places), min(c for _, c in places)
    moved = CellGrid(grid.left, grid.top, grid.row0 + 1 - top, grid.column0 + 1 - left)
    return moved, [(r + 1 - top, c + 1 - left) for r, c in places]


def track_cells(layout: RaceLayout, shape: Shape, width: int) -> tuple[CellGrid, list[Place]] | None:
    """The grid and the spaces' cells of ``layout`` laid out as ``shape``,
    when every space has a cell near its middle, the spaces either side of
    the finish line stand side by side (the road lies across the top of
    every shape there), and the picture, with a column of cells either side
    for the numbers, fits ``width`` characters; else ``None``."""
    found = _cells(shape)
    if found is None or LEFT + CELL * (max(c for _, c in found[1]) + 2) > width:
        return None
    (row, before), (after_row, after) = finish_cells(layout, found[1])
    return found if row == after_row and abs(before - after) == 1 else None


def finish_cells(layout: RaceLayout, places: list[Place]) -> tuple[Place, Place]:
    """The cells of the last space before the finish line and the first after it."""
    return places[layout.finish - 1], places[layout.finish % layout.spaces]


def _crowd(cell: Place, space: int, owners: dict[Place, int]) -> int:
    """How many spaces more than two along the road from ``space`` have a
    cell touching ``cell`` (``owners``: each cell's space): a number there
    could be read as theirs."""
    count = len(owners)
    near = (owners.get((cell[0] + dr, cell[1] + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    return sum(1 for number in near if number and min((number - space) % count, (space - number) % count) > 2)


def _outside(heading: float, clockwise: bool) -> tuple[float, float]:
    """The side of a road heading ``heading`` (radians anticlockwise from
    east) that lies outside the loop, in rows (down) and columns: its left
    on a clockwise track, its right on a counterclockwise one."""
    side = 1.0 if clockwise else -1.0
    return (-math.cos(heading) * side, -math.sin(heading) * side)


def number_cells(
    layout: RaceLayout, shape: Shape, places: list[Place], space: int, owners: dict[Place, int] | None = None
) -> list[Place]:
    """The cells where ``space``'s number may stand, best first: the ring of
    cells round its own, then the ring round that; in each, first where it
    is least likely to be read as another space's, then on the outside of
    the loop, straight beside the space rather than diagonally, then the
    most nearly straight out.  ``owners`` (each cell's space) may be
    passed in when numbering many spaces."""
    owners = owners if owners is not None else {place: n for n, place in enumerate(places, 1)}
    row, column = places[space - 1]
    out = _outside(shape.spaces[space - 1].heading, layout.direction != COUNTERCLOCKWISE)

    def outward(cell: Place) -> float:
        step = (cell[0] - row, cell[1] - column)
        return (step[0] * out[0] + step[1] * out[1]) / math.hypot(*step)

    found: list[Place] = []
    for reach in (1, 2):
        ring = [
            (r, c)
            for r in range(row - reach, row + reach + 1)
            for c in range(column - reach, column + reach + 1)
            if max(abs(r - row), abs(c - column)) == reach
        ]
        ring.sort(
            key=lambda cell: (
                _crowd(cell, space, owners),
                outward(cell) < OUTWARD,
                cell[0] != row and cell[1] != column,
                -outward(cell),
                cell,
            )
        )
        found += ring
    return found
