"""Plain circuits counted by bounding box: one transfer-matrix sweep
(:mod:`.sweep`, the array form of :mod:`.frontier`) per strip width, each
circuit counted in the strip exactly its width, kept in memory for the exact
count and the uniform draw."""

from __future__ import annotations

from collections.abc import Callable

from trackkit.racepack.circuits.frontier import SweepCounts, most_rows
from trackkit.racepack.circuits.plain import shifted_progress

__all__ = ["BoxCounts", "box_counts", "clear_box_counts"]

BoxCounts = dict[tuple[int, int], dict[int, dict[int, int]]]
"""Circuits counted by bounding box, for boxes at least as high as wide:
``(width, height) -> {tiles: {corners: number}}`` (corners 0 when they
were not counted)."""


def _widths(most_tiles: int) -> range:
    """Strip widths to sweep: a circuit at least as high as wide, ``w`` wide,
    has at least ``4 w - 4`` tiles."""
    return range(2, (most_tiles + 4) // 4 + 1)


_BOXES: dict[tuple[int, bool], BoxCounts] = {}


def clear_box_counts() -> None:
    """Forget the counts :func:`box_counts` keeps in memory."""
    _BOXES.clear()


def box_counts(
    most_tiles: int, *, corners: bool = False, progress: Callable[[int, int], None] | None = None
) -> BoxCounts:
    """Every plain circuit of at most ``most_tiles`` tiles, at least as high
    as wide, counted by bounding box, size (and corners); kept in memory."""
    key = (most_tiles, corners)
    for (most, with_corners), found in _BOXES.items():
        if most >= most_tiles and with_corners >= corners:
            if progress is not None:
                progress(1, 1)
            return found
    # Imported here: the array library loads only when something is counted.
    from trackkit.racepack.circuits.sweep import sweep_strip

    steps = [width * most_rows(width, most_tiles) for width in _widths(most_tiles)]
    total = max(1, sum(steps))
    boxes: BoxCounts = {}
    done = 0
    if progress is not None:
        progress(0, total)
    for width, width_steps in zip(_widths(most_tiles), steps):
        follow = None if progress is None else shifted_progress(progress, done, total)
        sweep = sweep_strip(width, most_tiles, corners=corners, progress=follow)
        for height in sweep.by_height:
            boxes[(width, height)] = _unpack(sweep, height, most_tiles)
        done += width_steps
    if progress is not None:
        progress(total, total)
    _BOXES[key] = boxes
    return boxes


def _unpack(sweep: SweepCounts, height: int, most_tiles: int) -> dict[int, dict[int, int]]:
    sizes: dict[int, dict[int, int]] = {}
    for tiles in range(4, most_tiles + 1, 2):
        for corner_count in range(sweep.corner_slots):
            number = sweep.coefficient(height, tiles, corner_count)
            if number:
                sizes.setdefault(tiles, {})[corner_count] = number
    return sizes
