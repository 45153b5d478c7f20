"""Counting plain circuits, up to translation and up to symmetry.

The numbers up to translation, the corner histogram and the sizes come from
the transfer matrix of :mod:`.frontier`; the count up to symmetry adds, by
Burnside's lemma, the symmetric circuits of :mod:`.fixed`.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.racepack.circuits.boxes import BoxCounts, box_counts
from trackkit.racepack.circuits.plain import CORNERS_COUNT_LIMIT, COUNT_LIMIT, Progress, phased_progress

__all__ = ["CircuitCount", "count_circuits"]


@dataclass(frozen=True)
class CircuitCount:
    """How many plain circuits of ``tiles`` tiles there are.

    ``translation`` counts circuits that differ as sets of cells even after
    shifting; ``free`` merges, in addition, rotations and mirror images
    (``None`` when not counted: with size limits, which turning a circuit
    does not respect).  ``corners`` maps a
    number of corner tiles to how many circuits (up to translation) have
    that many; its values add up to ``translation`` (empty when not asked
    for).  ``max_width`` and ``max_height`` are the size limits counted
    within, in tiles, ``None`` for none.
    """

    tiles: int
    translation: int
    free: int | None
    corners: dict[int, int]
    max_width: int | None = None
    max_height: int | None = None


def _check_size(n: int, corners: bool) -> None:
    if n < 0:
        raise ArgumentError(f"a circuit cannot have a negative number of tiles ({n})")
    if n > COUNT_LIMIT:
        raise ArgumentError(
            f"counting circuits of {n} tiles is out of reach (the limit is {COUNT_LIMIT}:"
            " each four tiles more take about three times as long and twice the memory)"
        )
    if corners and n > CORNERS_COUNT_LIMIT:
        raise ArgumentError(
            f"counting the corners of {n}-tile circuits is out of reach (the limit is"
            f" {CORNERS_COUNT_LIMIT}: {CORNERS_COUNT_LIMIT} tiles take over a minute and 600 MiB, four"
            " more about 2.5 times that); count them without their corners"
        )


def _check_limit(limit: int | None, name: str) -> None:
    if limit is not None and limit < 1:
        raise ArgumentError(f"must be positive, not {limit}", parameter=name)


def count_circuits(
    n: int,
    *,
    corners: bool = True,
    max_width: int | None = None,
    max_height: int | None = None,
    progress: Progress | None = None,
) -> CircuitCount:
    """Count the plain circuits of ``n`` tiles, up to translation and up to symmetry.

    With ``corners`` the corner histogram is counted too (it costs several
    times as long).  ``max_width`` and ``max_height`` (tiles) count only the
    circuits that fit, without turning them.  ``progress(done, total)``
    follows the sweep.  Raises :class:`ArgumentError` when ``n`` is negative
    or larger than :data:`COUNT_LIMIT` (with ``corners``, than
    :data:`CORNERS_COUNT_LIMIT`), or a limit is not positive.
    """
    _check_size(n, corners)
    _check_limit(max_width, "max_width")
    _check_limit(max_height, "max_height")
    if n % 2 or n < 4:
        if progress is not None:
            progress(1, 1)
        return CircuitCount(n, 0, 0, {}, max_width, max_height)
    limited = max_width is not None or max_height is not None
    symmetric = not limited
    # The symmetric circuits take about two fifths of the time.
    boxes_progress, fixed_progress = phased_progress(progress, 3 if symmetric else 5, 2 if symmetric else 0)
    boxes = box_counts(n, corners=corners, progress=boxes_progress)
    histogram = _fitting(boxes, n, max_width, max_height)
    translation = sum(histogram.values())
    free = _free_count(n, translation, fixed_progress) if symmetric else None
    return CircuitCount(n, translation, free, histogram if corners else {}, max_width, max_height)


def _fitting(boxes: BoxCounts, n: int, max_width: int | None, max_height: int | None) -> dict[int, int]:
    """Circuits of ``n`` tiles fitting the limits, by corner count.

    ``boxes`` holds the circuits at least as high as wide; each of those
    with ``h > w`` stands for itself and for its quarter-turned copy, ``h`` wide
    and ``w`` high.
    """
    wide = max_width if max_width is not None else n
    high = max_height if max_height is not None else n
    histogram: dict[int, int] = {}
    for (width, height), sizes in boxes.items():
        times = int(width <= wide and height <= high)
        if width != height:
            times += int(height <= wide and width <= high)
        if not times:
            continue
        for corner_count, number in sizes.get(n, {}).items():
            histogram[corner_count] = histogram.get(corner_count, 0) + times * number
    return dict(sorted(histogram.items()))


def _free_count(n: int, translation: int, progress: Progress | None = None) -> int:
    """Burnside's lemma: the average number of circuits fixed by the eight
    symmetries of the square (the identity, three turns, four mirrors)."""
    # Imported here: the array library loads only when something is counted.
    from trackkit.racepack.circuits.fixed import fixed_counts

    orbits = fixed_counts(n, progress).orbit_sum(n, translation)
    free, remainder = divmod(orbits, 8)
    if remainder:  # pragma: no cover - would mean a bug in the symmetry counts
        raise AssertionError(f"Burnside's sum for {n} tiles is not a multiple of 8")
    return free
