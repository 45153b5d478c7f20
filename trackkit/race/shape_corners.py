"""A RACE! road laid out from its corner list (see :mod:`trackkit.race.shape`):
each corner an arc of its drawn radius, the corners' turns signed to add up
to one whole turn, then the bends adjusted, mostly on the straights, until
the road's end meets its start."""

from __future__ import annotations

import math

from trackkit.race.shape_base import (
    DRAWN_RADIUS,
    ROAD_WIDTH,
    SAMPLES,
    CentreLine,
    Shape,
    SpaceShape,
    finish_across,
    hairpin_walls,
    placed,
    spaces_along,
    straight_room,
    walk,
)
from trackkit.race.track import COUNTERCLOCKWISE, Corner, RaceLayout

__all__ = ["from_corners"]

_MIN_TURN = 1.5 * math.pi
"""Corners turn back the other way only while the road still turns this far."""

_STRAIGHT_WEIGHT = 1.0
_CORNER_WEIGHT = 50.0
"""How hard a straight and a corner resist being bent to close the loop."""

_ITERATIONS = 60
_CLOSED = 1e-6
"""Closing the loop: at most this many steps, until its ends are this close."""


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


def _gap(curvatures: list[float]) -> tuple[list[float], CentreLine]:
    """How far a centre line is from closing: its turn less a whole turn,
    and its end's distance from its start along x and y."""
    line = walk(curvatures)
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


def from_corners(layout: RaceLayout, corners: tuple[Corner, ...]) -> Shape | None:
    """The road laid out from its corner list, or None when it will not
    close without running over itself."""
    curvatures, weights = _bends(layout, corners)
    closed = _closed(curvatures, weights)
    if closed is None:
        return None
    line = walk(closed)
    half = ROAD_WIDTH / 2
    along = spaces_along(line, half)
    if _crosses_itself(along):
        return None
    spaces = placed(along, layout.finish, layout.direction != COUNTERCLOCKWISE)
    shape = Shape(
        tuple(spaces), finish_across(spaces[layout.finish % layout.spaces], half * 1.6), from_corners=True
    )
    walls = hairpin_walls(shape, corners, straight_room(layout, corners))
    return Shape(shape.spaces, shape.finish, walls=walls, from_corners=True)
