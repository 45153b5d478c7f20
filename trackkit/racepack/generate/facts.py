"""Facts about a loop of cells: corners, straights, size and direction."""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.piecepack.cells import Cell, corner_flags
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.loops import bounding_box, longest_run, straight_runs
from trackkit.racepack.generate.people import MOST_TWISTY, most_corners, twisty_section
from trackkit.racepack.generate.request import GenerationRequest

__all__ = ["FactRange", "Facts", "loop_facts", "main_of_runs", "main_run"]

# ---------------------------------------------------------------------------
# Facts about a loop of cells
# ---------------------------------------------------------------------------

Facts = tuple[int, int, int, int, int]
"""``(corners, longest straight, width, height, twisty)`` of a loop, the
size in tiles, ``twisty`` the most corners of one twisty section (see
:func:`~trackkit.racepack.generate.people.twisty_section`)."""


def loop_facts(cells: Sequence[Cell]) -> Facts:
    """Corners, longest straight, size (in tiles) and longest twisty section
    of a closed loop of cells.

    A tile is a *corner* when the tiles before and after it differ in both
    coordinates; the *longest straight* is the longest run of other tiles,
    going round the loop past tile 0 if need be.
    """
    turning = corner_flags(cells)
    left, bottom, right, top = bounding_box(cells)
    return (sum(turning), longest_run(turning), right - left + 1, top - bottom + 1, twisty_section(turning))


FactRange = tuple[int, int, int, int, int, int]
"""Fewest and most corners, shortest longest straight, the widest and
highest a loop may be in tiles, and the most corners of a twisty section:
what :func:`_meets` tests."""

_NO_LIMIT = 1 << 30


def _fact_range(request: GenerationRequest) -> FactRange:
    """The request's shape constraints as plain numbers, with those of a
    circuit people race unless the request is for every circuit (corners
    asked for replace the bound on corners)."""
    return (
        request.min_corners if request.min_corners is not None else 0,
        _most_corners(request),
        request.straight_needed,
        request.max_width // TILE if request.max_width is not None else _NO_LIMIT,
        request.max_height // TILE if request.max_height is not None else _NO_LIMIT,
        _NO_LIMIT if request.every_circuit else MOST_TWISTY,
    )


def _most_corners(request: GenerationRequest) -> int:
    """The most corners a drawn loop may have: as asked, else half the loop
    for a circuit people race (see :mod:`.people`)."""
    if request.max_corners is not None:
        return request.max_corners
    if request.every_circuit or request.min_corners is not None:
        return _NO_LIMIT
    return most_corners(request.loop_tiles)


def _meets(facts: Facts, wanted: FactRange) -> bool:
    """Whether a loop with these facts meets the shape constraints."""
    corners, longest, width, height, twisty = facts
    fewest, most, straight, widest, highest, crowded = wanted
    return (
        fewest <= corners <= most
        and longest >= straight
        and width <= widest
        and height <= highest
        and twisty <= crowded
    )


def main_run(cells: Sequence[Cell]) -> tuple[int, int] | None:
    """The run of cells that becomes the main straight, as ``(first
    position, length)`` in the listed order.

    A longest straight; of equal ones, the one whose middle lies lowest,
    then furthest left, which does not depend on the driving direction.
    ``None`` when the loop has no straight (the square of four corners).
    """
    return main_of_runs(cells, straight_runs(corner_flags(cells)))


def main_of_runs(cells: Sequence[Cell], runs: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """:func:`main_run`, the loop's straight ``runs`` already known."""
    if not runs:
        return None
    longest = max(length for _, length in runs)
    n = len(cells)

    def middle(run: tuple[int, int]) -> tuple[int, int]:
        first, last = cells[run[0]], cells[(run[0] + run[1] - 1) % n]
        return (first[1] + last[1], first[0] + last[0])

    return min((run for run in runs if run[1] == longest), key=middle)
