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
    "distance_to",
    "drawn_corners",
    "finish_across",
    "hairpin_walls",
    "placed",
    "side_by_side",
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

_OPEN_GROUND = 0.5
"""The most open table between a hairpin's two roads where a wall stands
between them, in spaces: the roads run side by side, touching or nearly."""

_SHORTEST_WALL = 0.5
"""A wall shorter than this (in spaces) is not drawn: the roads only meet."""


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
    """The wall of every hairpin (see :mod:`trackkit.race.shape`): from the
    middle of its mouth back along the road in, as far as the roads in and
    out run side by side (:func:`side_by_side`).  ``straights`` gives, for
    each corner's first space, how far the road runs straight on either
    side of it (the shorter side; a tile's length when not given, as on
    tiles, where the legs lie side by side whatever follows)."""
    walls = []
    loop = len(shape.spaces)
    for corner in corners:
        if abs(corner_turn(shape, corner)) < HAIRPIN_TURN or corner.length >= loop:
            continue
        into = shape.spaces[corner.first - 1]
        out = shape.spaces[corner.last(loop) % loop]
        (ax, ay), (bx, by) = into.start, out.start
        mid = ((ax + bx) / 2, (ay + by) / 2)
        back = (-math.cos(into.start_heading), -math.sin(into.start_heading))
        reach = min(_WALL_LENGTH, straights.get(corner.first, _WALL_LENGTH))
        length = side_by_side(shape, corner, mid, back, reach)
        if length >= _SHORTEST_WALL:
            walls.append((mid, (mid[0] + back[0] * length, mid[1] + back[1] * length)))
    return tuple(walls)


def side_by_side(shape: Shape, corner: Corner, mid: Vec, back: Vec, reach: float) -> float:
    """How far from ``mid`` (the middle of the hairpin's mouth) along
    ``back``, at most ``reach``, the road into ``corner`` and the road out
    of it run side by side: every point of the way within half of
    :data:`_OPEN_GROUND` of each, so a wall there stands between two roads
    rather than out on open table.  0 when they part at the mouth."""
    loop = len(shape.spaces)
    near = math.ceil(reach) + 1
    road_in = [shape.spaces[(corner.first - 2 - k) % loop].outline for k in range(near)]
    road_out = [shape.spaces[(corner.last(loop) + k) % loop].outline for k in range(near)]
    step = 1.0 / SAMPLES
    length = 0.0
    for k in range(math.floor(reach / step + 1e-9) + 1):
        t = k * step
        point = (mid[0] + back[0] * t, mid[1] + back[1] * t)
        if max(distance_to(point, road_in), distance_to(point, road_out)) > _OPEN_GROUND / 2:
            break
        length = t
    return length


def distance_to(point: Vec, outlines: list[tuple[Vec, ...]]) -> float:
    """How far ``point`` is from the nearest of ``outlines`` (0 inside one)."""
    return min(_outside(point, outline) for outline in outlines)


def _outside(point: Vec, outline: tuple[Vec, ...]) -> float:
    """How far ``point`` lies outside the polygon ``outline`` (0 inside or on it)."""
    px, py = point
    inside = False
    nearest = math.inf
    for (ax, ay), (bx, by) in zip(outline, outline[1:] + outline[:1]):
        if (ay > py) != (by > py) and px < ax + (py - ay) * (bx - ax) / (by - ay):
            inside = not inside
        nearest = min(nearest, _to_segment(point, (ax, ay), (bx, by)))
    return 0.0 if inside else nearest


def _to_segment(point: Vec, a: Vec, b: Vec) -> float:
    """How far ``point`` is from the segment from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    squared = dx * dx + dy * dy
    along = 0.0 if squared == 0 else ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / squared
    along = max(0.0, min(1.0, along))
    return math.hypot(point[0] - a[0] - along * dx, point[1] - a[1] - along * dy)


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
