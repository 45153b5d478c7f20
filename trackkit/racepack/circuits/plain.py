"""Plain circuits as loops of whole-tile cells: the types, the size limits
and small facts about one loop (see the package notes for the terms).

The cells, their steps and turns are :mod:`trackkit.piecepack.cells`; the
straight runs and boxes are :mod:`trackkit.piecepack.loops`.  A
:data:`CellLoop` is the search's fast form of a plain circuit; the tile model
of a laid track is :class:`trackkit.piecepack.circuit.Circuit`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from trackkit.errors import CircuitError
from trackkit.piecepack.cells import Cell
from trackkit.piecepack.loops import bounding_box

__all__ = [
    "CORNERS_COUNT_LIMIT",
    "COUNT_LIMIT",
    "EXACT_LIMIT",
    "LIST_LIMIT",
    "RANDOM_LIMIT",
    "CellLoop",
    "Progress",
    "Where",
    "bounding_size",
    "corner_count",
    "is_plain_circuit",
    "normalize_circuit",
    "normalized_loop",
    "phased_progress",
    "shifted_progress",
]

CellLoop = tuple[Cell, ...]
"""A plain circuit as its whole-tile cells in driving order."""

Where = Callable[[CellLoop], bool]
"""A condition a sampled circuit must meet."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a long count runs."""


def shifted_progress(progress: Progress, offset: int, total: int) -> Progress:
    """A progress callback for one job among several: ``offset`` steps of
    ``total`` were done before it."""

    def follow(step: int, _: int) -> None:
        progress(offset + step, total)

    return follow


PHASED_TOTAL = 1000
"""The steps of a bar shared by phases (see :func:`phased_progress`)."""


def phased_progress(progress: Progress | None, *weights: int) -> list[Progress | None]:
    """One progress callback for each phase of a long piece of work, each
    phase filling its ``weight`` share of one bar of :data:`PHASED_TOTAL`
    steps (``None`` for each when there is no bar)."""
    if progress is None:
        return [None] * len(weights)
    whole = sum(weights)
    phases: list[Progress | None] = []
    before = 0
    for weight in weights:
        phases.append(_scaled(progress, before, weight, whole))
        before += weight
    return phases


def _scaled(progress: Progress, before: int, weight: int, whole: int) -> Progress:
    def follow(done: int, total: int) -> None:
        steps = max(1, total)
        progress(PHASED_TOTAL * (before * steps + weight * done) // (whole * steps), PHASED_TOTAL)

    return follow


COUNT_LIMIT = 60
"""The largest tile count :func:`count_circuits` accepts.  Every four tiles
more take about three times as long and twice the memory (one process on the
shared 2-core machine: every size up to 48 in 3 seconds, up to 60 in under a
minute and under 200 MiB, about three times that with corners); past 64
tiles the counts of one box would no longer fit the 64 bits the sweep adds
them in."""

CORNERS_COUNT_LIMIT = 56
"""The largest tile count whose corner histogram :func:`count_circuits`
works out: every size up to 56 takes 74 seconds and 600 MiB (one process on
the shared machine), and four tiles more about 2.5 times that, past the two
minutes a count may take."""

LIST_LIMIT = 40
"""The largest tile count :func:`enumerate_circuits` accepts (40 would take days)."""

EXACT_LIMIT = 28
"""The largest tile count sampled exactly from a table (see the package notes)."""

RANDOM_LIMIT = 200
"""The largest tile count :func:`random_circuit` accepts."""


def is_plain_circuit(cells: Sequence[Cell]) -> bool:
    """Tell whether ``cells``, in driving order, form a plain circuit.

    True when there are at least four cells, no cell repeats, each cell is
    adjacent to the next one (and the last to the first), and no cell is
    adjacent to any cell of the loop other than those two.
    """
    count = len(cells)
    if count < 4:
        return False
    occupied = set(cells)
    if len(occupied) != count:
        return False
    # Written out rather than through adjacent() and neighbours(): the suite
    # checks every tile of some hundred thousand circuits this way.
    before_x, before_y = cells[-1]
    for x, y in cells:
        step_x, step_y = x - before_x, y - before_y
        if step_x * step_x + step_y * step_y != 1:
            return False  # not adjacent to the cell before it
        touching = ((x + 1, y) in occupied) + ((x, y + 1) in occupied) + ((x - 1, y) in occupied)
        if touching + ((x, y - 1) in occupied) != 2:
            return False
        before_x, before_y = x, y
    return True


def _require_plain(cells: Sequence[Cell]) -> None:
    if not is_plain_circuit(cells):
        raise CircuitError("the cells do not form a plain circuit")


def corner_count(circuit: Sequence[Cell]) -> int:
    """How many tiles of the circuit are corners (the road turns on them)."""
    cells = tuple(circuit)
    two_on = cells[2:] + cells[:2]
    # The tile between cells[i] and cells[i + 2] is a corner exactly when those
    # two differ in both coordinates.
    return sum(1 for (ax, ay), (bx, by) in zip(cells, two_on) if ax != bx and ay != by)


def bounding_size(circuit: Iterable[Cell]) -> tuple[int, int]:
    """Width and height, in tiles, of the smallest rectangle holding the cells."""
    cells = list(circuit)
    if not cells:
        return (0, 0)
    left, bottom, right, top = bounding_box(cells)
    return (right - left + 1, top - bottom + 1)


def normalize_circuit(cells: Sequence[Cell]) -> CellLoop:
    """Return the canonical form of a plain circuit (see the package notes).

    The result is the same for every translation, starting tile and driving
    direction of the same circuit.  Raises :class:`CircuitError` when the cells
    are not a plain circuit.
    """
    _require_plain(cells)
    return normalized_loop(cells)


def normalized_loop(cells: Sequence[Cell]) -> CellLoop:
    """The canonical form of :func:`normalize_circuit` for any closed loop
    of distinct cells (a circuit with hairpins too), without checking it:
    moved so that its lowest x and y are 0, started at its least cell, and
    driven so that the second cell is east of the first (when it can be)."""
    xs, ys = zip(*cells)
    left, bottom = min(xs), min(ys)
    shifted = [(x - left, y - bottom) for x, y in cells]
    first = shifted.index(min(shifted))
    ordered = shifted[first:] + shifted[:first]
    x, y = ordered[0]
    if ordered[1] != (x + 1, y):
        ordered = [ordered[0], *reversed(ordered[1:])]
    return tuple(ordered)
