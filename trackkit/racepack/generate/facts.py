"""Facts about a loop of cells: corners, straights, size and direction."""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.piecepack.geometry import TILE
from trackkit.racepack.circuits import (
    Cell,
)
from trackkit.racepack.generate.request import GenerationRequest

__all__ = ["Bounds", "Facts", "is_counterclockwise", "loop_facts", "main_straight", "straight_runs"]

# ---------------------------------------------------------------------------
# Facts about a loop of cells
# ---------------------------------------------------------------------------

Facts = tuple[int, int, int, int]
"""``(corners, longest straight, width, height)`` of a loop, the size in tiles."""


def loop_facts(cells: Sequence[Cell]) -> Facts:
    """Corners, longest straight and size (in tiles) of a closed loop of cells.

    A tile is a *corner* when the tiles before and after it differ in both
    coordinates; the *longest straight* is the longest run of other tiles,
    going round the loop past tile 0 if need be.
    """
    turning = _corner_flags(cells)
    corners = sum(turning)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    size = (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    if not corners:
        return (0, len(cells), *size)
    first = turning.index(True)
    best = run = 0
    for flag in turning[first + 1 :] + turning[: first + 1]:
        if flag:
            best = max(best, run)
            run = 0
        else:
            run += 1
    return (corners, best, *size)


def _corner_flags(cells: Sequence[Cell]) -> list[bool]:
    """For each tile, whether the road turns on it."""
    before = [cells[-1], *cells[:-1]]
    after = [*cells[1:], cells[0]]
    return [a[0] != b[0] and a[1] != b[1] for a, b in zip(before, after)]


Bounds = tuple[int, int, int, int, int]
"""Fewest and most corners, shortest longest straight, and the widest and
highest a loop may be in tiles: what :func:`_meets` tests."""

_NO_LIMIT = 1 << 30


def _bounds(request: GenerationRequest) -> Bounds:
    """The request's shape constraints as plain numbers."""
    return (
        request.min_corners if request.min_corners is not None else 0,
        request.max_corners if request.max_corners is not None else _NO_LIMIT,
        request.straight_needed,
        request.max_width // TILE if request.max_width is not None else _NO_LIMIT,
        request.max_height // TILE if request.max_height is not None else _NO_LIMIT,
    )


def _meets(facts: Facts, bounds: Bounds) -> bool:
    """Whether a loop with these facts meets the shape constraints."""
    corners, longest, width, height = facts
    fewest, most, straight, widest, highest = bounds
    return fewest <= corners <= most and longest >= straight and width <= widest and height <= highest


def is_counterclockwise(cells: Sequence[Cell]) -> bool:
    """Whether the loop, driven in the listed order, goes round counterclockwise
    (its enclosed area lies on the driver's left)."""
    twice_area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(cells, [*cells[1:], cells[0]]))
    return twice_area > 0


def straight_runs(cells: Sequence[Cell]) -> list[tuple[int, int]]:
    """Every straight as ``(first position, length)`` in the listed order."""
    turning = _corner_flags(cells)
    n = len(cells)
    corners = [i for i, flag in enumerate(turning) if flag]
    runs: list[tuple[int, int]] = []
    for here, there in zip(corners, [*corners[1:], corners[0] + n]):
        if there - here > 1:
            runs.append(((here + 1) % n, there - here - 1))
    return runs


def main_straight(cells: Sequence[Cell]) -> tuple[int, int] | None:
    """The main straight as ``(first position, length)`` in the listed order.

    A longest straight; of equal ones, the one whose middle lies lowest,
    then furthest left, which does not depend on the driving direction.
    ``None`` when the loop has no straight (the square of four corners).
    """
    runs = straight_runs(cells)
    if not runs:
        return None
    longest = max(length for _, length in runs)
    n = len(cells)

    def middle(run: tuple[int, int]) -> tuple[int, int]:
        first, last = cells[run[0]], cells[(run[0] + run[1] - 1) % n]
        return (first[1] + last[1], first[0] + last[0])

    return min((run for run in runs if run[1] == longest), key=middle)
