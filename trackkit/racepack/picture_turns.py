"""The shapes of a Racepack picture's arrows, on the table: an arrowhead on
each straight tile, and a curved arrow round each corner that swings wide
of a hazard coin lying on the corner's inner space."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from trackkit.picture.labels import circle, overlaps, polygon, stroke
from trackkit.piecepack.geometry import Heading, Vec
from trackkit.racepack.road import Turn

__all__ = ["HAZARD_RADIUS", "arrow_corners", "turn_arc", "turn_head", "turn_radius"]

_TURN_FROM, _TURN_TO, _TURN_TIP = 0.22, 0.66, 0.8
"""Where a corner's curved arrow starts, where its shaft ends and where its
head points, as fractions of the way round the corner."""

_TURN_RADII = (1.0, 1.45)
"""The circles a corner's curved arrow may follow about the inner corner
point, in spaces: the middle of the road, or wider, clear of a coin on the
inner space."""

HAZARD_RADIUS = 0.37
"""Radius of a hazard coin seen from above, in spaces."""


def turn_radius(turn: Turn, coins: Sequence[tuple[int, int]], width: float) -> float:
    """The first of :data:`_TURN_RADII` whose arrow (``width`` spaces wide)
    clears every hazard coin, lying on the spaces ``coins``."""
    discs = [circle((x + 0.5, y + 0.5), HAZARD_RADIUS + 0.05) for x, y in coins]
    for radius in _TURN_RADII:
        shapes = [polygon(turn_head(turn, radius))]
        points = turn_arc(turn, radius)
        shapes += [stroke(a, b, width) for a, b in itertools.pairwise(points)]
        if not any(overlaps(shape, disc) for shape in shapes for disc in discs):
            return radius
    return _TURN_RADII[0]


def turn_arc(turn: Turn, radius: float) -> list[Vec]:
    """The points of a corner's curved arrow's shaft, on the table."""
    steps = 6
    return [turn.along(_TURN_FROM + (_TURN_TO - _TURN_FROM) * k / steps, radius) for k in range(steps + 1)]


def turn_head(turn: Turn, radius: float) -> list[Vec]:
    """The three corners of a curved arrow's head, on the table."""
    (tx, ty), (bx, by) = turn.along(_TURN_TIP, radius), turn.along(_TURN_TO - 0.02, radius)
    length = math.hypot(tx - bx, ty - by)
    ux, uy = (tx - bx) / length, (ty - by) / length
    base = (tx - 0.3 * ux, ty - 0.3 * uy)
    return [
        (tx, ty),
        (base[0] - 0.17 * uy, base[1] + 0.17 * ux),
        (base[0] + 0.17 * uy, base[1] - 0.17 * ux),
    ]


def arrow_corners(at: tuple[int, int], heading: Heading) -> list[Vec]:
    """The four corners of the arrowhead on a straight tile centred ``at``."""
    side = heading.left()

    def offset(forward: float, across: float) -> Vec:
        return (
            at[0] + forward * heading.dx + across * side.dx,
            at[1] + forward * heading.dy + across * side.dy,
        )

    return [offset(0.3, 0), offset(-0.2, 0.24), offset(-0.08, 0), offset(-0.2, -0.24)]
