"""Whole-tile cells: the fast representation of plain loops used by the
circuit search and the generator.

A *cell* is a tile's position in whole tiles, ``(x, y)``, x east and y north
(a tile centre in spaces is twice that; see :mod:`trackkit.piecepack.geometry`).
A loop of cells in driving order describes a circuit of straights and
corners with no chicanes: tile ``i`` is a *corner* when the cells before and
after it differ in both coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.errors import CircuitError
from trackkit.piecepack.geometry import TILE, Point

__all__ = [
    "EAST",
    "NORTH",
    "SOUTH",
    "UNIT",
    "WEST",
    "Cell",
    "adjacent",
    "corner_flags",
    "directions",
    "in_spaces",
    "neighbours",
    "step_direction",
    "turn_letters",
]

Cell = tuple[int, int]
"""A tile position ``(x, y)`` in whole tiles, x east and y north."""

EAST, NORTH, WEST, SOUTH = 0, 1, 2, 3
"""Step directions, numbered counterclockwise so that +1 (mod 4) is a left turn."""

UNIT: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""The unit step of each direction number."""

_TURN_LETTER = "SLSR"  # indexed by (out - in) mod 4; 2 (a U-turn) never occurs


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing an edge with ``cell``: east, north, west, south."""
    x, y = cell
    return ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))


def adjacent(a: Cell, b: Cell) -> bool:
    """Whether two cells share an edge."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


_DIRECTION = {unit: number for number, unit in enumerate(UNIT)}
"""The direction number of each unit step."""


def step_direction(a: Cell, b: Cell) -> int:
    """The direction number of the unit step from ``a`` to ``b``; raises
    :class:`~trackkit.errors.CircuitError` when they are not adjacent."""
    found = _DIRECTION.get((b[0] - a[0], b[1] - a[1]))
    if found is None:
        raise CircuitError(f"tiles {a} and {b} follow each other but are not adjacent")
    return found


def directions(cells: Sequence[Cell]) -> list[int]:
    """Direction of the step leaving each tile (the last one leads to tile 0);
    raises :class:`~trackkit.errors.CircuitError` for fewer than four cells."""
    if len(cells) < 4:
        raise CircuitError("a circuit needs at least four tiles")
    return [step_direction(cells[i], cells[(i + 1) % len(cells)]) for i in range(len(cells))]


def turn_letters(cells: Sequence[Cell]) -> str:
    """The loop's turns: ``S``, ``L`` or ``R`` per tile, in driving order
    (``L`` when the road turns counterclockwise)."""
    out = directions(cells)
    return "".join(_TURN_LETTER[(out[i] - out[i - 1]) % 4] for i in range(len(out)))


def corner_flags(cells: Sequence[Cell]) -> list[bool]:
    """For each tile, whether the road turns on it."""
    before = [cells[-1], *cells[:-1]]
    after = [*cells[1:], cells[0]]
    return [a[0] != b[0] and a[1] != b[1] for a, b in zip(before, after)]


def in_spaces(cells: Sequence[Cell]) -> list[Point]:
    """Tile centres in spaces for cells in whole tiles."""
    return [(x * TILE, y * TILE) for x, y in cells]
