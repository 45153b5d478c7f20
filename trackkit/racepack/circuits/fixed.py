"""How many plain circuits each symmetry of the square maps onto themselves,
for Burnside's lemma.

The eight symmetries of the square fall into five kinds, and symmetries of
one kind fix equally many circuits (one is the other seen turned):

* the identity fixes every circuit;
* a quarter turn, either way: walked a quarter at a time (:mod:`.symmetry`),
  since such a circuit is four copies of a quarter of its road, and those
  are few even at 60 tiles;
* the half turn: swept by transfer matrix up to the middle of the box (:mod:`.turns`);
* a mirror parallel to a side, upright or level: swept row by row keeping
  every row symmetric, or towards the mirror (:mod:`.mirrors`);
* a mirror along a diagonal, either one: :mod:`.diagonal`.

Burnside's lemma: the number of circuits up to rotation and reflection is
the average, over the eight, of the number each fixes.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.racepack.circuits.diagonal import diagonal_counts
from trackkit.racepack.circuits.mirrors import axis_mirror_fixed
from trackkit.racepack.circuits.plain import Progress, phased_progress
from trackkit.racepack.circuits.symmetry import turn_fixed
from trackkit.racepack.circuits.turns import half_turn_fixed

__all__ = ["FixedCounts", "clear_fixed_counts", "fixed_counts"]


@dataclass(frozen=True)
class FixedCounts:
    """For each even size up to ``most_tiles``: how many circuits (up to
    translation) one quarter turn, the half turn, one mirror parallel to a
    side and one diagonal mirror map onto themselves."""

    most_tiles: int
    quarter: dict[int, int]
    half: dict[int, int]
    axis: dict[int, int]
    diagonal: dict[int, int]

    def orbit_sum(self, tiles: int, translation: int) -> int:
        """Burnside's sum for ``tiles``: the circuits fixed by each of the
        eight symmetries, added up (``translation`` for the identity)."""
        fixed = (self.quarter, self.half, self.axis, self.diagonal)
        quarter, half, axis, diagonal = (counts.get(tiles, 0) for counts in fixed)
        return translation + 2 * quarter + half + 2 * axis + 2 * diagonal


_FIXED: dict[int, FixedCounts] = {}


def clear_fixed_counts() -> None:
    """Forget the counts :func:`fixed_counts` keeps in memory."""
    _FIXED.clear()


def fixed_counts(most_tiles: int, progress: Progress | None = None) -> FixedCounts:
    """The symmetric circuits of every even size up to ``most_tiles``; kept
    in memory.  ``progress(done, total)`` follows the four counts."""
    for most, found in _FIXED.items():
        if most >= most_tiles:
            if progress is not None:
                progress(1, 1)
            return found
    sizes = range(4, most_tiles + 1, 2)
    # Shares of the time each kind takes (60 tiles: 0.6, 15, 10 and 15 s).
    quarter, half, axis, diagonal = phased_progress(progress, 1, 15, 10, 15)
    if quarter is not None:
        quarter(0, 1)
    found = FixedCounts(
        most_tiles,
        {n: turn_fixed(n, 1) for n in sizes},
        half_turn_fixed(most_tiles, half),
        axis_mirror_fixed(most_tiles, axis),
        diagonal_counts(most_tiles, diagonal),
    )
    _FIXED[most_tiles] = found
    return found
