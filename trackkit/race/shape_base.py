"""The parts every layout of a RACE! road shares (see :mod:`trackkit.race.shape`
for how a road is laid out): a space's and a track's shape, the finish line,
hairpin walls, and a road built along a sampled centre line.

Everything is in spaces (inches), x east and y north, as in
:mod:`trackkit.piecepack.geometry`; angles are in radians anticlockwise
from east.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from trackkit.piecepack.geometry import Vec
from trackkit.race.track import Corner, RaceLayout

__all__ = [
    "DRAWN_RADIUS",
    "HAIRPIN_TURN",
    "ROAD_WIDTH",
    "SAMPLES",
    "CentreLine",
    "Shape",
    "SpaceShape",
    "centre_of",
    "corner_turn",
    "drawn_corners",
    "finish_across",
    "hairpin_walls",
    "placed",
    "spaces_along",
    "straight_room",
    "walk",
    "wrapped",
]

ROAD_WIDTH = 1.0
"""How wide the road of a track drawn from its corner list is, in spaces."""

SAMPLES = 4
"""Straight pieces each space's edges are drawn with on a curve."""

DRAWN_RADIUS = 1.25
"""The drawn radius of a corner's centre line per point of its radius
rating, in spaces: radius 1 is drawn 1.25 spaces round, radius 2 is 2.5."""

HAIRPIN_TURN = math.radians(170)
"""A corner drawn turning at least this far is a hairpin and gets a wall."""

_WALL_LENGTH = 2.0
"""How far a hairpin wall reaches back along the road in: one tile."""

_LEGS_APART = 3.0
"""A hairpin gets a wall only when its road in and road out are this close."""


@dataclass(frozen=True)
class SpaceShape:
    """One space: its outline, its middle (``centre``), the direction the
    racers drive there (``heading``), and where the centre line enters it
    (``start``, heading ``start_heading``)."""

    outline: tuple[Vec, ...]
    centre: Vec
    heading: float
    start: Vec
    start_heading: float


@dataclass(frozen=True)
class Shape:
    """A track placed on the table: ``spaces[k - 1]`` is space ``k``;
    ``finish`` is the finish line's two ends; ``tiles`` the centres of the
    piecepack tiles under a converted track (none otherwise); ``walls`` the
    two ends of each hairpin wall; ``width`` the road's width;
    ``from_corners`` whether the road was laid out from the corner list
    (rather than on tiles or as a plain oval)."""

    spaces: tuple[SpaceShape, ...]
    finish: tuple[Vec, Vec]
    tiles: tuple[Vec, ...] = ()
    walls: tuple[tuple[Vec, Vec], ...] = ()
    width: float = ROAD_WIDTH
    from_corners: bool = False


def centre_of(points: tuple[Vec, ...]) -> Vec:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def wrapped(angle: float) -> float:
    """``angle`` brought into (-pi, pi]."""
    return angle - 2 * math.pi * math.ceil((angle - math.pi) / (2 * math.pi))


def drawn_corners(layout: RaceLayout) -> tuple[Corner, ...]:
    """The corners a drawing shows: those that start on the track and do
    not share a space with an earlier one."""
    taken: set[int] = set()
    shown: list[Corner] = []
    for corner in sorted(layout.corners, key=lambda c: c.first):
        if not 1 <= corner.first <= layout.spaces or corner.length < 1:
            continue
        spaces = set(corner.spaces(layout.spaces))
        if spaces & taken:
            continue
        taken |= spaces
        shown.append(corner)
    return tuple(shown)


def corner_turn(shape: Shape, corner: Corner) -> float:
    """How far the road turns through ``corner`` as drawn, in radians
    (positive to the left)."""
    loop = len(shape.spaces)
    first = shape.spaces[corner.first - 1]
    after = shape.spaces[corner.last(loop) % loop]
    headings = [shape.spaces[s - 1].start_heading for s in corner.spaces(loop)] + [after.start_heading]
    turn = sum(wrapped(b - a) for a, b in itertools.pairwise(headings))
    if corner.length >= loop:
        turn += wrapped(first.start_heading - after.start_heading)
    return turn


def hairpin_walls(
    shape: Shape, corners: tuple[Corner, ...], straights: dict[int, float]
) -> tuple[tuple[Vec, Vec], ...]:
    """The wall of every hairpin (see the module's text); ``straights``
    gives, for each corner's first space, how far the road runs straight
    on either side of it (the shorter side; a tile's length when not
    given, as on tiles, where the legs lie side by side whatever follows)."""
    walls = []
    loop = len(shape.spaces)
    for corner in corners:
        if abs(corner_turn(shape, corner)) < HAIRPIN_TURN or corner.length >= loop:
            continue
        into = shape.spaces[corner.first - 1]
        out = shape.spaces[corner.last(loop) % loop]
        (ax, ay), (bx, by) = into.start, out.start
        if math.hypot(bx - ax, by - ay) > _LEGS_APART:
            continue
        length = min(_WALL_LENGTH, straights.get(corner.first, _WALL_LENGTH))
        if length <= 0:
            continue
        mid = ((ax + bx) / 2, (ay + by) / 2)
        back = (-math.cos(into.start_heading), -math.sin(into.start_heading))
        walls.append((mid, (mid[0] + back[0] * length, mid[1] + back[1] * length)))
    return tuple(walls)


def straight_room(layout: RaceLayout, corners: tuple[Corner, ...]) -> dict[int, float]:
    """For each corner (by its first space), the spaces of road that are in
    no corner just before it and just after it, the fewer of the two."""
    n = layout.spaces
    cornered = {s for c in corners for s in c.spaces(n)}
    room = {}
    for corner in corners:
        before = next((k for k in range(n) if (corner.first - 2 - k) % n + 1 in cornered), n)
        after = next((k for k in range(n) if (corner.last(n) + k) % n + 1 in cornered), n)
        room[corner.first] = float(min(before, after))
    return room


def finish_across(space: SpaceShape, half: float) -> tuple[Vec, Vec]:
    """The finish line across the road where ``space`` begins."""
    (x, y), angle = space.start, space.start_heading
    nx, ny = -math.sin(angle) * half, math.cos(angle) * half
    return (x + nx, y + ny), (x - nx, y - ny)


# --- a road along a centre line ------------------------------------------------------


@dataclass(frozen=True)
class CentreLine:
    """A centre line sampled :data:`SAMPLES` times per space: ``points[j]``
    and ``headings[j]`` where sample ``j`` starts (one more point than
    samples, the last closing the loop)."""

    points: tuple[Vec, ...]
    headings: tuple[float, ...]


def walk(curvatures: list[float], heading: float = math.pi) -> CentreLine:
    """The centre line that bends by ``curvatures`` (radians per space, one
    per sample), from the origin heading ``heading``."""
    step = 1.0 / SAMPLES
    x = y = 0.0
    points, headings = [(x, y)], [heading]
    for bend in curvatures:
        middle = heading + bend * step / 2
        x, y = x + step * math.cos(middle), y + step * math.sin(middle)
        heading += bend * step
        points.append((x, y))
        headings.append(heading)
    return CentreLine(tuple(points), tuple(headings))


def spaces_along(line: CentreLine, half: float) -> list[SpaceShape]:
    """Space ``i`` of the line (from 0): its road between the edges ``half``
    either side of the centre line."""

    def edge(j: int, side: float) -> Vec:
        (x, y), angle = line.points[j], line.headings[j]
        return (x - side * math.sin(angle), y + side * math.cos(angle))

    spaces = []
    for space in range((len(line.points) - 1) // SAMPLES):
        steps = range(space * SAMPLES, space * SAMPLES + SAMPLES + 1)
        outline = tuple([edge(j, half) for j in steps] + [edge(j, -half) for j in reversed(steps)])
        middle = space * SAMPLES + SAMPLES // 2
        spaces.append(
            SpaceShape(
                outline,
                line.points[middle],
                line.headings[middle],
                line.points[space * SAMPLES],
                line.headings[space * SAMPLES],
            )
        )
    return spaces


def placed(spaces: list[SpaceShape], finish: int, mirror: bool) -> list[SpaceShape]:
    """``spaces`` laid from the finish line on (the first is the space after
    it), numbered from space 1 and mirrored left to right for a clockwise
    track; the finish line ends up heading left (right when mirrored)."""
    n = len(spaces)
    order = [spaces[(k - finish - 1) % n] for k in range(1, n + 1)]
    if not mirror:
        return order

    def flip(p: Vec) -> Vec:
        return (-p[0], p[1])

    return [
        SpaceShape(
            tuple(flip(p) for p in s.outline),
            flip(s.centre),
            wrapped(math.pi - s.heading),
            flip(s.start),
            wrapped(math.pi - s.start_heading),
        )
        for s in order
    ]
