"""Where the lettering and marks on a RACE! track stand: every fifth space's
number inside its space (beside its grid disc when it holds one), each
corner's rating beside the corner clear of the road, and the spaces that
carry a direction arrow.  Positions are in spaces, as the track's shape
gives them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from trackkit.race.setup import RaceSetup, Shape, SpaceShape

__all__ = ["Labels", "arrow_spaces", "inside", "place_labels"]


def inside(point: tuple[float, float], outline: tuple[tuple[float, float], ...]) -> bool:
    """Whether ``point`` lies inside the polygon ``outline`` (even-odd rule)."""
    px, py = point
    inside = False
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _clear_spot(
    start: tuple[float, float],
    centre: tuple[float, float],
    outward: bool,
    shape: Shape,
    taken: list[tuple[float, float]],
) -> tuple[float, float]:
    """The first point on the line from ``start`` away from (``outward``) or
    towards ``centre`` where a short label lies on no space of the road and
    on no label already placed (``taken``, which gains the point)."""
    dx, dy = start[0] - centre[0], start[1] - centre[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    sign = 1.0 if outward else -1.0
    ux, uy = sign * dx / length, sign * dy / length
    spot = start
    for step in range(2, 16):
        spot = (start[0] + ux * step * 0.2, start[1] + uy * step * 0.2)
        corners = [(spot[0] + ex, spot[1] + ey) for ex in (-0.25, 0.25) for ey in (-0.18, 0.18)]
        if any(abs(spot[0] - tx) < 0.8 and abs(spot[1] - ty) < 0.4 for tx, ty in taken):
            continue
        if not any(inside(c, space.outline) for c in corners for space in shape.spaces):
            break
    taken.append(spot)
    return spot


def _across(space: SpaceShape, distance: float) -> tuple[float, float]:
    """The point ``distance`` spaces to the left of ``space``'s middle."""
    x, y = space.centre
    return (x - distance * math.sin(space.heading), y + distance * math.cos(space.heading))


def _split_spots(space: SpaceShape) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a grid disc and the space's number stand when a space holds
    both: side by side across the road, each inside the space."""
    for distance in (0.24, 0.2, 0.16, 0.12):
        for side in (1.0, -1.0):
            number, disc = _across(space, side * distance), _across(space, -side * distance)
            if inside(number, space.outline) and inside(disc, space.outline):
                return disc, number
    return space.centre, space.centre


Point = tuple[float, float]


@dataclass(frozen=True)
class Labels:
    """Where the marks on the track stand, in spaces: each numbered space's
    number (always inside its space), each grid disc, and each corner's
    rating (``R2``) with its text.  For the label placer, each number's and
    each rating's *anchor* (the space's middle; the middle of the corner's
    spaces) and the other places it may take when its first choice is
    covered (elsewhere in its space; the other side of the road)."""

    numbers: tuple[tuple[str, Point], ...]
    ratings: tuple[tuple[str, Point], ...]
    discs: tuple[Point, ...]
    number_anchors: tuple[Point, ...] = ()
    number_others: tuple[tuple[Point, ...], ...] = ()
    rating_anchors: tuple[Point, ...] = ()
    rating_others: tuple[tuple[Point, ...], ...] = ()


def _along(space: SpaceShape, distance: float) -> Point:
    """The point ``distance`` spaces ahead of ``space``'s middle."""
    x, y = space.centre
    return (x + distance * math.cos(space.heading), y + distance * math.sin(space.heading))


def _numbered(space: int) -> bool:
    return space % 5 == 0 or space == 1


def place_labels(setup: RaceSetup) -> Labels:
    """Every fifth space's number (and space 1's) at the space's middle, or
    beside its grid disc when the space holds one; each corner's rating
    beside the corner, inside or outside the loop (the nearer), clear of
    the road and of the other labels."""
    layout, shape, grid = setup.layout, setup.shape, setup.grid
    centres = [space.centre for space in shape.spaces]
    middle = (sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres))
    discs = {number: shape.spaces[number - 1].centre for number in grid}
    numbers, number_anchors, number_others = [], [], []
    for number, space in enumerate(shape.spaces, 1):
        if not _numbered(number):
            continue
        spot = space.centre
        if number in discs:
            discs[number], spot = _split_spots(space)
        numbers.append((str(number), spot))
        number_anchors.append(space.centre)
        others = [_along(space, d) for d in (0.2, -0.2)] if number not in discs else []
        number_others.append(tuple(p for p in others if inside(p, space.outline)))
    ratings, rating_anchors, rating_others = [], [], []
    taken: list[tuple[float, float]] = []
    for corner in setup.corners:
        spots = [shape.spaces[space - 1].centre for space in corner.spaces(layout.spaces)]
        mid = (sum(c[0] for c in spots) / len(spots), sum(c[1] for c in spots) / len(spots))
        # inside the loop, or outside when that is nearer the corner
        inner = _clear_spot(mid, middle, False, shape, list(taken))
        outer = _clear_spot(mid, middle, True, shape, list(taken))
        nearer, farther = sorted((inner, outer), key=lambda p: math.dist(p, mid))
        taken.append(nearer)
        ratings.append((f"R{corner.radius}", nearer))
        rating_anchors.append(mid)
        rating_others.append((farther,))
    return Labels(
        tuple(numbers),
        tuple(ratings),
        tuple(discs[number] for number in grid),
        tuple(number_anchors),
        tuple(number_others),
        tuple(rating_anchors),
        tuple(rating_others),
    )


def arrow_spaces(setup: RaceSetup) -> tuple[int, ...]:
    """The spaces that carry a direction arrow: every fifth, halfway between
    the numbered ones, leaving out grid spaces."""
    grid = set(setup.grid)
    return tuple(s for s in range(3, setup.layout.spaces + 1, 5) if s not in grid)
