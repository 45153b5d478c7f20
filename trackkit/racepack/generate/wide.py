"""Generated tracks with a two-tile-wide main straight (``generate --wide``).

The rules: "For races that include more than six cars, the main straight
should be two tiles wide from the starting grid up to the first corner".
A drawn circuit gets a second row beside that stretch, on the outside or,
failing that, the inside; a circuit whose stretch is not all plain
straight, whose row would touch another road, or whose row would take more
tiles than the packs hold is passed over for the next one.  ``--tiles``
counts the loop; the row's tiles come on top, from the same packs.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from trackkit.racepack.analysis import resolve_start
from trackkit.racepack.constructions import extra_tile_count, wide_stretch
from trackkit.racepack.layout import SIDES, Layout, WideRow
from trackkit.racepack.rules import validate

__all__ = ["WIDE_TRIES", "widened"]

WIDE_TRIES = 400
"""Circuits tried, per track wanted, before giving up on a wide straight."""


def widened(layout: Layout) -> Layout | None:
    """``layout`` with a legal wide row from its starting grid up to corner
    1, on the outside if that is legal, else the inside; ``None`` when
    neither side is."""
    if not layout.circuit.is_whole:
        return None
    start = Fraction(resolve_start(layout))
    stretch = wide_stretch(layout.circuit, start, layout.cars)
    if not stretch:
        return None
    for side in SIDES:
        candidate = replace(layout, wide=WideRow(stretch[0], len(stretch), side))
        if len(candidate.circuit) + extra_tile_count(candidate) > candidate.tile_supply:
            return None
        report = validate(candidate)
        if report.valid and not any(f.rule == "wide-straight" for f in report.findings):
            return candidate
    return None
