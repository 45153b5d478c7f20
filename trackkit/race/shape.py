"""Where each space of a RACE! track lies on the table, for drawings.

A RACE! file gives its track as a loop of spaces and a list of corners; it
says nothing of where the road runs.  A drawing still has to show a road a
player recognises, so this module lays one out:

* **On tiles.**  A track converted from a piecepack circuit lies on its
  tiles: each tile's first space is the half by the edge the road enters,
  its second the half by the edge it leaves (split along the diagonal on a
  corner tile).
* **From the corner list.**  Otherwise the road is built from its own
  parts, in driving order: each corner is an arc of its length whose
  *drawn radius* grows with its radius rating (:data:`DRAWN_RADIUS` spaces
  per point of rating, so a radius-1 corner is drawn tighter than a
  radius-2 one) and which turns through its length divided by that radius,
  at most a half turn.  A corner that turns a half turn is a *hairpin*.
  The corners' turns must add up to one whole turn for the road to close:
  when they turn too far, corners that follow straight on from another
  corner (an esse), then others, turn the other way while the road still
  turns at least three quarters of a turn; the straights then take what is
  left, as gentle bends.  Last, the bends are adjusted, mostly on the
  straights, until the road's end meets its start.
* **A big oval.**  A track with no corners, or one whose corner list cannot
  be closed into a loop, is laid out as players "just make a big oval": a
  stadium (two straights joined by half circles) whose centre line is one
  space long per space.

The finish line is always across the top of the drawing, racers heading
right on a clockwise track and left on a counterclockwise one.

A hairpin's *wall* stands between its two legs, as Racepack's card wall
does: from the middle of the gap between the road into the hairpin and the
road out of it, back along the road in, for up to one tile's length.

Everything is in spaces (inches), x east and y north, as in
:mod:`trackkit.piecepack.geometry`; angles are in radians anticlockwise
from east.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Vec
from trackkit.race.track import COUNTERCLOCKWISE, Corner, RaceLayout

__all__ = [
    "DRAWN_RADIUS",
    "HAIRPIN_TURN",
    "ROAD_WIDTH",
    "SAMPLES",
    "Shape",
    "SpaceShape",
    "corner_turn",
    "drawn_corners",
    "layout_shape",
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

_MIN_TURN = 1.5 * math.pi
"""Corners turn back the other way only while the road still turns this far."""

_STRAIGHT_WEIGHT = 1.0
_CORNER_WEIGHT = 50.0
"""How hard a straight and a corner resist being bent to close the loop."""

_ITERATIONS = 60
_CLOSED = 1e-6
"""Closing the loop: at most this many steps, until its ends are this close."""

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


def _centre_of(points: tuple[Vec, ...]) -> Vec:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _wrapped(angle: float) -> float:
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
    turn = sum(_wrapped(b - a) for a, b in itertools.pairwise(headings))
    if corner.length >= loop:
        turn += _wrapped(first.start_heading - after.start_heading)
    return turn


def _walls(
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


def _straight_room(layout: RaceLayout, corners: tuple[Corner, ...]) -> dict[int, float]:
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


def _finish_across(space: SpaceShape, half: float) -> tuple[Vec, Vec]:
    """The finish line across the road where ``space`` begins."""
    (x, y), angle = space.start, space.start_heading
    nx, ny = -math.sin(angle) * half, math.cos(angle) * half
    return (x + nx, y + ny), (x - nx, y - ny)


# --- a road along a centre line ------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    """A centre line sampled :data:`SAMPLES` times per space: ``points[j]``
    and ``headings[j]`` where sample ``j`` starts (one more point than
    samples, the last closing the loop)."""

    points: tuple[Vec, ...]
    headings: tuple[float, ...]


def _walk(curvatures: list[float], heading: float = math.pi) -> _Line:
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
    return _Line(tuple(points), tuple(headings))


def _spaces_along(line: _Line, half: float) -> list[SpaceShape]:
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


def _placed(spaces: list[SpaceShape], finish: int, mirror: bool) -> list[SpaceShape]:
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
            _wrapped(math.pi - s.heading),
            flip(s.start),
            _wrapped(math.pi - s.start_heading),
        )
        for s in order
    ]


# --- an oval of spaces ---------------------------------------------------------------


def _oval(layout: RaceLayout) -> Shape:
    """The big oval: a stadium with straights as long as its ends are wide,
    run anticlockwise from the finish line in the middle of its top."""
    n = layout.spaces
    radius = n / (2 * math.pi + 4)
    arc = math.pi * radius
    # from the middle of the top straight: half a straight, an end, a
    # straight, an end, half a straight
    ends = ((radius, radius + arc), (3 * radius + arc, 3 * radius + 2 * arc))
    step = 1.0 / SAMPLES
    curvatures = []
    for sample in range(n * SAMPLES):
        s0, s1 = sample * step, (sample + 1) * step
        on_end = sum(max(0.0, min(s1, b) - max(s0, a)) for a, b in ends)
        curvatures.append(on_end / step / radius)
    half = min(ROAD_WIDTH, radius) / 2
    line = _walk(curvatures)
    spaces = _placed(_spaces_along(line, half), layout.finish, layout.direction != COUNTERCLOCKWISE)
    line_space = spaces[layout.finish % n]
    return Shape(tuple(spaces), _finish_across(line_space, half * 1.6), width=2 * half)


# --- a road from its corner list -----------------------------------------------------


def _nominal_turn(corner: Corner) -> float:
    """How far a corner turns before the loop is closed: its length over
    its drawn radius, at most a half turn."""
    return min(math.pi, corner.length / (DRAWN_RADIUS * max(corner.radius, 1)))


def _turns(corners: tuple[Corner, ...], loop: int) -> list[float]:
    """Each corner's turn, signed so that they add up to at most a whole
    turn to the left (see the module's text)."""
    turns = [_nominal_turn(c) for c in corners]
    total = sum(turns)
    follows = [i > 0 and corners[i - 1].last(loop) % loop + 1 == c.first for i, c in enumerate(corners)]
    candidates = sorted(range(len(corners)), key=lambda i: (not follows[i], turns[i] >= math.pi, turns[i], i))
    for i in candidates:
        if total <= 2 * math.pi:
            break
        if total - 2 * turns[i] >= _MIN_TURN:
            total -= 2 * turns[i]
            turns[i] = -turns[i]
    if total > 2 * math.pi:
        turns = [t * 2 * math.pi / total for t in turns]
    return turns


def _bends(layout: RaceLayout, corners: tuple[Corner, ...]) -> tuple[list[float], list[float]]:
    """The first guess at each sample's curvature, from the space after the
    finish line on, and how hard each resists change."""
    n = layout.spaces
    curvature = [0.0] * n
    weight = [_STRAIGHT_WEIGHT] * n
    for corner, turn in zip(corners, _turns(corners, n)):
        for space in corner.spaces(n):
            curvature[space - 1] = turn / corner.length
            weight[space - 1] = _CORNER_WEIGHT
    straight = [s for s in range(n) if weight[s] == _STRAIGHT_WEIGHT]
    left = 2 * math.pi - sum(curvature)
    for s in straight or range(n):
        curvature[s] += left / len(straight or range(n))
    start = layout.finish % n
    order = [(start + k) % n for k in range(n)]
    return (
        [curvature[s] for s in order for _ in range(SAMPLES)],
        [weight[s] for s in order for _ in range(SAMPLES)],
    )


def _solve3(matrix: list[list[float]], right: list[float]) -> list[float] | None:
    """``x`` with ``matrix x = right`` (3 by 3), or None when singular."""
    m = [[*row[:], value] for row, value in zip(matrix, right)]
    for col in range(3):
        pivot = max(range(col, 3), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(3):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [a - factor * b for a, b in zip(m[r], m[col])]
    return [m[r][3] / m[r][r] for r in range(3)]


def _gap(curvatures: list[float]) -> tuple[list[float], _Line]:
    """How far a centre line is from closing: its turn less a whole turn,
    and its end's distance from its start along x and y."""
    line = _walk(curvatures)
    x, y = line.points[-1]
    return [sum(curvatures) / SAMPLES - 2 * math.pi, x, y], line


def _closed(curvatures: list[float], weights: list[float]) -> list[float] | None:
    """``curvatures`` changed as little as ``weights`` allow (least weighted
    squares, by Gauss-Newton steps) so that the line turns once and ends
    where it starts; None when that fails."""
    step = 1.0 / SAMPLES
    residual, line = _gap(curvatures)
    for _ in range(_ITERATIONS):
        size = math.hypot(*residual)
        if size < _CLOSED:
            return curvatures
        ex, ey = line.points[-1]
        # bending sample j turns the rest of the line about its start
        rows = [(step, -step * (ey - py), step * (ex - px)) for px, py in line.points[:-1]]
        normal = [[sum(r[a] * r[b] / w for r, w in zip(rows, weights)) for b in range(3)] for a in range(3)]
        solution = _solve3(normal, [-v for v in residual])
        if solution is None:
            return None
        change = [sum(r[a] * solution[a] for a in range(3)) / w for r, w in zip(rows, weights)]
        scale = 1.0
        while scale > 1e-3:
            trial = [c + scale * d for c, d in zip(curvatures, change)]
            trial_residual, trial_line = _gap(trial)
            if math.hypot(*trial_residual) < size:
                curvatures, residual, line = trial, trial_residual, trial_line
                break
            scale /= 2
        else:
            return None
    return curvatures if math.hypot(*residual) < _CLOSED else None


def _crosses_itself(spaces: list[SpaceShape]) -> bool:
    """Whether two spaces that are not near each other along the road lie
    on top of each other (their middles closer than a road's width)."""
    n = len(spaces)
    cells: dict[tuple[int, int], list[int]] = {}
    for index, space in enumerate(spaces):
        cells.setdefault((math.floor(space.centre[0]), math.floor(space.centre[1])), []).append(index)
    for index, space in enumerate(spaces):
        cx, cy = math.floor(space.centre[0]), math.floor(space.centre[1])
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for other in cells.get((cx + dx, cy + dy), []):
                    apart = min((other - index) % n, (index - other) % n)
                    close = math.dist(space.centre, spaces[other].centre) < ROAD_WIDTH * 0.95
                    if apart > 2 and close:
                        return True
    return False


def _from_corners(layout: RaceLayout, corners: tuple[Corner, ...]) -> Shape | None:
    """The road laid out from its corner list, or None when it will not
    close without running over itself."""
    curvatures, weights = _bends(layout, corners)
    closed = _closed(curvatures, weights)
    if closed is None:
        return None
    line = _walk(closed)
    half = ROAD_WIDTH / 2
    along = _spaces_along(line, half)
    if _crosses_itself(along):
        return None
    spaces = _placed(along, layout.finish, layout.direction != COUNTERCLOCKWISE)
    shape = Shape(
        tuple(spaces), _finish_across(spaces[layout.finish % layout.spaces], half * 1.6), from_corners=True
    )
    walls = _walls(shape, corners, _straight_room(layout, corners))
    return Shape(shape.spaces, shape.finish, walls=walls, from_corners=True)


# --- a track on piecepack tiles ------------------------------------------------------


def _add(*vectors: Vec | tuple[int, int]) -> Vec:
    return (float(sum(v[0] for v in vectors)), float(sum(v[1] for v in vectors)))


def _scaled(heading: Heading, factor: int) -> tuple[int, int]:
    return (heading.dx * factor, heading.dy * factor)


def _angle(heading: Heading) -> float:
    return math.atan2(heading.dy, heading.dx)


def _halves(tile: Tile) -> tuple[SpaceShape, SpaceShape]:
    """A tile's first and second space."""
    assert tile.entry is not None and tile.exit is not None
    c, e, x = tile.centre, tile.entry, tile.exit
    into = _add(c, _scaled(e, -1))
    if tile.is_corner:
        outside, inside = _add(c, _scaled(e, 1), _scaled(x, -1)), _add(c, _scaled(e, -1), _scaled(x, 1))
        back = _add(c, _scaled(e, -1), _scaled(x, -1))
        ahead = _add(c, _scaled(e, 1), _scaled(x, 1))
        middle_heading = math.atan2(e.dy + x.dy, e.dx + x.dx)
        first: tuple[Vec, ...] = (outside, back, inside)
        second: tuple[Vec, ...] = (outside, inside, ahead)
        halfway = _add(c, (0, 0))
    else:
        n = e.left()
        middle_heading = _angle(e)
        first = (
            _add(c, _scaled(e, -1), _scaled(n, 1)),
            _add(c, _scaled(n, 1)),
            _add(c, _scaled(n, -1)),
            _add(c, _scaled(e, -1), _scaled(n, -1)),
        )
        second = (
            _add(c, _scaled(n, 1)),
            _add(c, _scaled(e, 1), _scaled(n, 1)),
            _add(c, _scaled(e, 1), _scaled(n, -1)),
            _add(c, _scaled(n, -1)),
        )
        halfway = _add(c, (0, 0))
    return (
        SpaceShape(first, _centre_of(first), _angle(e), into, _angle(e)),
        SpaceShape(second, _centre_of(second), _angle(x), halfway, middle_heading),
    )


def _tile_edge(tile: Tile, middle: bool) -> tuple[Vec, Vec]:
    """The line between a tile's two spaces, or across its exit edge."""
    assert tile.entry is not None and tile.exit is not None
    c, e, x = tile.centre, tile.entry, tile.exit
    if middle and tile.is_corner:
        return _add(c, _scaled(e, 1), _scaled(x, -1)), _add(c, _scaled(e, -1), _scaled(x, 1))
    if middle:
        n = e.left()
        return _add(c, _scaled(n, 1)), _add(c, _scaled(n, -1))
    n = x.left()
    return _add(c, _scaled(x, 1), _scaled(n, 1)), _add(c, _scaled(x, 1), _scaled(n, -1))


def _on_tiles(layout: RaceLayout, circuit: Circuit, corners: tuple[Corner, ...]) -> Shape:
    spaces = tuple(space for tile in circuit for space in _halves(tile))
    tile_index, within = divmod(layout.finish - 1, 2)
    finish = _tile_edge(circuit.tiles[tile_index], middle=within == 0)
    centres = tuple((float(t.centre[0]), float(t.centre[1])) for t in circuit)
    shape = Shape(spaces, finish, centres, width=2.0)
    walls = _walls(shape, corners, {})
    return Shape(spaces, finish, centres, walls, width=2.0)


def layout_shape(layout: RaceLayout) -> Shape:
    """Where every space, the finish line, any tiles and any hairpin walls
    of ``layout`` lie (see the module's text for how)."""
    circuit = layout.circuit
    corners = drawn_corners(layout)
    if circuit is not None and circuit.is_whole and len(circuit) * 2 == layout.spaces:
        return _on_tiles(layout, circuit, corners)
    if corners and layout.spaces >= 4:
        shape = _from_corners(layout, corners)
        if shape is not None:
            return shape
    return _oval(layout)
