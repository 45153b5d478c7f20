"""Counting the plain circuits that a mirror parallel to a side of the
square maps onto themselves, by transfer matrix.

Every circuit with such a mirror is, turned a quarter if need be, its own
mirror image in an upright line: the middle line of its box.  Two sweeps
of :mod:`.sweep` (read the notes of :mod:`.frontier` first) count them,
each where its frontier is short.

Row by row, keeping rows symmetric
    A set of cells is its own mirror image in the box's middle line
    exactly when each of its rows is.  So the sweep of a strip as wide as
    the box keeps, at the end of every row, only the frontiers whose row is
    its own mirror image, and lets a circuit close only where its top row
    is (``Strip.mirror``).  Below the line every kept way is then a
    symmetric set of cells, and each circuit that closes is symmetric.  The
    frontier is as long as the box is wide: this sweep serves boxes up to
    :data:`ROWS_WIDEST` columns.
Towards the mirror, for wide boxes
    A wider box is at most a few rows high.  Turned a quarter, its mirror
    lies across the strip, and the sweep (as wide as the box is high)
    runs up to the mirror and stops there, as the half-turn sweep of
    :mod:`.turns` does.  The road crosses a mirror at exactly two points
    (a symmetric loop meets its mirror line twice), so the frontier where
    the sweep stops holds exactly two ends of road, joined below, and:

    * with the mirror between two rows, nothing else: every tile of that
      row touches its own mirror image, so it must be an end;
    * with the mirror along a row of cell centres, the row below it may
      hold busy tiles too, and the two ends must be at least two columns
      apart: the tiles above them lie on the mirror and must not touch.

    The circuit has twice the tiles of the half, and two more in the second
    case.
"""

from __future__ import annotations

from functools import partial

import numpy as np

from trackkit.racepack.circuits.codes import BUSY, EMPTY, OPEN, Array, Index, Strip, columns_of
from trackkit.racepack.circuits.frontier import most_rows
from trackkit.racepack.circuits.plain import Progress
from trackkit.racepack.circuits.sweep import Sweep, start_sweep, visit, without_empty
from trackkit.racepack.circuits.turns import NEVER_CLOSES, half_caps, summed_by_width, whole_circuits

__all__ = ["ROWS_WIDEST", "axis_mirror_fixed"]

ROWS_WIDEST = 16
"""The widest box counted row by row; wider ones are swept towards the mirror.
A frontier holds up to :data:`~.codes.WIDEST` columns, but from 17 on the
sweep towards the mirror is the quicker (all sizes to 60 tiles: 9.9 CPU
seconds, against 12.6 with 20 and 24 with 14)."""


def axis_mirror_fixed(most_tiles: int, progress: Progress | None = None) -> dict[int, int]:
    """How many plain circuits of each even size up to ``most_tiles`` (up to
    translation) the mirror in an upright line maps onto themselves.  The
    mirror in a level line fixes as many (a quarter turn swaps the two).
    ``progress(done, total)`` follows the box widths counted."""

    def count(width: int) -> dict[int, int]:
        return (_symmetric_rows if width <= ROWS_WIDEST else _towards_mirror)(width, most_tiles)

    return summed_by_width(range(2, most_tiles // 2 + 1), count, progress)


def _symmetric_rows(width: int, most_tiles: int) -> dict[int, int]:
    """Symmetric circuits exactly ``width`` columns wide, of any height."""
    strip = Strip(width, most_tiles, 2, False, mirror=True)
    closed = np.zeros(strip.slots, dtype=np.uint64)
    sweep = start_sweep()
    for row in range(most_rows(width, most_tiles)):
        for m in range(width):
            sweep, _ = visit(sweep, strip, row, m, closed)
        sweep, _ = without_empty(sweep)
        sweep = _kept(sweep, _mirrored(sweep.states, width))
        if not len(sweep.ways):
            break
    return {int(tiles): int(closed[tiles]) for tiles in np.flatnonzero(closed)}


def _mirrored(states: Array, width: int) -> np.ndarray:
    """Which frontiers (each a whole row) are their own mirror image, as sets of tiles."""
    tiles = columns_of(states, width) != EMPTY
    return np.asarray((tiles == tiles[::-1]).all(axis=0))


def _kept(sweep: Sweep, keep: np.ndarray) -> Sweep:
    """The sweep with only the frontiers ``keep`` marks, and their entries."""
    number = np.cumsum(keep) - 1
    entries = keep[sweep.which]
    return Sweep(sweep.states[keep], number[sweep.which[entries]], sweep.slot[entries], sweep.ways[entries])


def _towards_mirror(height: int, most_tiles: int) -> dict[int, int]:
    """Symmetric circuits exactly ``height`` columns wide whose mirror runs
    across a narrower box: turned a quarter, swept from the side up to the
    mirror in strips as wide as the box is high."""
    found: dict[int, int] = {}
    for width in range(2, (most_tiles + 4) // 2 - height + 1):
        _fold(width, height, most_tiles, found)
    return found


def _fold(width: int, height: int, most_tiles: int, found: dict[int, int]) -> None:
    """Add the circuits ``width`` by ``height`` symmetric in their level middle line."""
    half = most_tiles // 2
    strip = Strip(width, half, NEVER_CLOSES, False)
    caps = partial(half_caps, least_height=height)
    unused = np.zeros(strip.slots, dtype=np.uint64)
    sweep = start_sweep()
    for row in range((height - 1) // 2):
        for m in range(width):
            sweep, _ = visit(sweep, strip, row, m, unused, caps=caps)
        sweep, _ = without_empty(sweep)
    between = height % 2 == 0
    if between:
        # The row just below the mirror is row height / 2 - 1, one more row to sweep.
        for m in range(width):
            sweep, _ = visit(sweep, strip, height // 2 - 1, m, unused, caps=caps)
    if not len(sweep.states):
        return
    cells = columns_of(sweep.states, width).astype(np.int64)
    keep = _two_ends(cells, between) & _both_sides(sweep.states, strip)
    for tiles, number in whole_circuits(sweep, keep, 0 if between else 2).items():
        if tiles <= most_tiles:
            found[tiles] = found.get(tiles, 0) + number


def _two_ends(cells: Index, between: bool) -> np.ndarray:
    """Frontiers with exactly two ends of road, and nothing else or, with the
    mirror on a row, their ends two columns apart at least."""
    ends = cells >= OPEN
    fits = ends.sum(axis=0) == 2
    if between:
        return np.asarray(fits & ~(cells == BUSY).any(axis=0))
    columns = np.arange(len(cells))[:, None]
    first = np.where(ends, columns, len(cells)).min(axis=0)
    last = np.where(ends, columns, -1).max(axis=0)
    return np.asarray(fits & (last - first >= 2))


def _both_sides(states: Array, strip: Strip) -> np.ndarray:
    """Which frontiers have reached both sides of the strip."""
    both = np.uint64(strip.left_flag | strip.right_flag)
    return np.asarray((states & both) == both)
