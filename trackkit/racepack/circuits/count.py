"""Counting plain circuits, up to translation and up to symmetry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from trackkit.racepack.circuits.plain import Cell, Progress, _neighbours
from trackkit.racepack.circuits.search import (
    _check_count_size,
    _count_prefix,
    _has_search,
    _make_board,
    _prefixes,
    _split_depth,
    _Tally,
)

__all__ = ["CircuitCount", "count_circuits"]

# ---------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CircuitCount:
    """How many plain circuits of ``tiles`` tiles there are.

    ``translation`` counts circuits that differ as sets of cells even after
    shifting; ``free`` merges, in addition, rotations and mirror images.
    ``corners`` maps a number of corner tiles to how many circuits (up to
    translation) have that many; its values add up to ``translation``.
    """

    tiles: int
    translation: int
    free: int
    corners: dict[int, int]


def count_circuits(n: int, *, progress: Progress | None = None) -> CircuitCount:
    """Count the plain circuits of ``n`` tiles, up to translation and up to symmetry.

    ``progress(done, total)`` is called before the work starts and after each of
    ``total`` pieces of it.  Raises :class:`ArgumentError` when ``n`` is negative
    or larger than :data:`COUNT_LIMIT`.
    """
    _check_count_size(n)
    if not _has_search(n):
        if progress is not None:
            progress(1, 1)
        if n == 4:
            return CircuitCount(4, 1, 1, {4: 1})
        return CircuitCount(n, 0, 0, {})
    board = _make_board(n)
    pieces = _prefixes(board, _split_depth(n))
    tally = _Tally([0] * (n + 1))
    if progress is not None:
        progress(0, len(pieces))
    for done, piece in enumerate(pieces, 1):
        _count_prefix(board, piece, tally)
        if progress is not None:
            progress(done, len(pieces))
    translation = sum(tally.corners)
    mirrored = _mirror_fixed(n)
    orbits = translation + 2 * tally.quarter_turn + tally.half_turn + mirrored
    free, remainder = divmod(orbits, 8)
    if remainder:  # pragma: no cover - would mean a bug in the symmetry counts
        raise AssertionError(f"Burnside's sum for {n} tiles is not a multiple of 8")
    histogram = {corners: number for corners, number in enumerate(tally.corners) if number}
    return CircuitCount(n, translation, free, histogram)


# Mirror symmetry.  A circuit symmetric in a mirror crosses the mirror line at
# exactly two points, so it is two mirror-image halves joined there.  Each
# function below fixes the mirror and the lower (or lower-left) crossing, walks
# every possible half on one side, and so counts each symmetric circuit (up to
# translation) exactly once.


def _count_halves(
    head: Cell,
    before: Cell,
    length: int,
    inside: Callable[[Cell], bool],
    is_end: Callable[[Cell], bool],
    gap: Callable[[Cell], int],
) -> int:
    """Count induced walks from ``before`` through ``head`` that continue with
    ``length`` more tiles inside the region ``inside`` and then one tile meeting
    ``is_end``.  ``gap(cell)`` is a lower bound on the steps from a cell to an end."""
    touching: dict[Cell, int] = {}

    def mark(cell: Cell, amount: int) -> None:
        for neighbour in (cell, *_neighbours(cell)):
            touching[neighbour] = touching.get(neighbour, 0) + amount

    def walk(cell: Cell, remaining: int) -> int:
        found = 0
        if remaining == 0:
            return sum(1 for nxt in _neighbours(cell) if is_end(nxt) and touching.get(nxt, 0) == 0)
        mark(cell, 1)
        for nxt in _neighbours(cell):
            if touching[nxt] == 1 and inside(nxt) and gap(nxt) <= remaining:
                found += walk(nxt, remaining - 1)
        mark(cell, -1)
        return found

    mark(before, 1)
    total = walk(head, length)
    mark(before, -1)
    return total


def _mirror_fixed(n: int) -> int:
    """Sum, over the four mirrors of the square, of the circuits each one fixes.

    The two axis-parallel mirrors fix the same number of circuits, and so do
    the two diagonal ones.  Along a vertical mirror through cell centres the
    crossings are two tiles on the mirror; along a mirror between columns they
    are two edges; along a diagonal they are two corner tiles on the diagonal.
    """
    return 2 * (_through_cells(n) + _between_columns(n) + _diagonal(n))


def _through_cells(n: int) -> int:
    # Mirror x = 0; crossing tiles (0, 0) and (0, t) with t >= 2.
    side = (n - 2) // 2
    return _count_halves(
        (-1, 0), (0, 0), side - 1,
        inside=lambda c: c[0] <= -1,
        is_end=lambda c: c[0] == 0 and c[1] >= 2,
        gap=lambda c: -c[0],
    )  # fmt: skip


def _between_columns(n: int) -> int:
    # Mirror x = -1/2; crossing edges left of (0, 0) and of (0, t), t >= 2.
    side = n // 2
    return _count_halves(
        (-2, 0), (-1, 0), side - 3,
        inside=lambda c: c[0] <= -2,
        is_end=lambda c: c[0] == -1 and c[1] >= 2,
        gap=lambda c: -1 - c[0],
    )  # fmt: skip


def _diagonal(n: int) -> int:
    # Mirror y = x; crossing tiles (0, 0) and (s, s), s >= 1; the half lies below.
    side = (n - 2) // 2

    def below(c: Cell) -> bool:
        return c[1] < c[0]

    def on_diagonal(c: Cell) -> bool:
        return c[0] == c[1] and c[0] >= 1

    def gap(c: Cell) -> int:
        return c[0] - c[1]

    return sum(_count_halves(head, (0, 0), side - 1, below, on_diagonal, gap) for head in ((1, 0), (0, -1)))
