"""Random legal Motocross courses, for players who would rather skip the
building phase.

A course is drawn in two steps.

1. **The shape.**  Tile 0 lies at the origin and the course leaves it heading
   east, north, west or south, each with probability one quarter (drawn
   once, after the shape, by turning an east-leaving shape about tile 0);
   every later tile goes straight on, turns left or turns right, each
   with probability one third, and the draw is thrown away as soon as a tile
   lands on or beside an earlier tile other than the one before it.  Every
   legal shape of ``tiles`` tiles (leaving east) comes from exactly one
   sequence of choices, all sequences are equally likely, and a rejected
   draw is simply repeated, so the shape is uniform over all legal shapes
   that leave tile 0 heading east, and the turned shape uniform over all
   legal shapes.  With ``corner_touch="forbidden"`` a tile meeting an
   earlier one at a corner point (other than the tile two before, which
   every turn makes) is rejected too, so courses are uniform among those
   legal under that reading.  Shapes without enough straight tiles for
   the ramps asked for are rejected too, so the shape is uniform among those
   that can hold them, and so are shapes (or their turns about tile 0)
   outside the turns and table asked for
   (:class:`~trackkit.motocross.generate_request.Limits`).  With turns
   asked, the number of turns is drawn first, weighted by how many
   sequences of choices have it, then which tiles turn and which way: the
   same distribution, without the rejections.  Up to
   :data:`UNIFORM_LIMIT` tiles this takes at most about a second (on a
   narrow table, where almost every draw misses, the shapes that fit are
   listed and one picked with the same odds: :mod:`trackkit.motocross.narrow`); longer
   courses are grown tile by tile instead, trying the three choices in
   random order and backing up from dead ends, which favours shapes with
   fewer dead ends (not uniform); a step that would turn more often than
   asked, or outgrow the table, is not tried (:mod:`trackkit.motocross.grow`).
   Ramps that need more straight tiles than the turns asked leave are
   refused before any drawing.
2. **The ramps.**  ``ramps`` of the straight tiles (those in line with both
   neighbours) are chosen uniformly, then ``coins`` are split between them
   uniformly among all ways of giving each ramp 1 to 3 coins.

Every course is checked against the rules before it is returned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from trackkit.errors import ArgumentError, GenerationError
from trackkit.generation import Generated, Progress
from trackkit.motocross.course import (
    BUILDING_COINS_PER_PACK,
    MAX_HEIGHT,
    SHORT_COURSE,
    Course,
    turn_of,
)
from trackkit.motocross.generate_request import CourseRequest, Limits, settle_courses
from trackkit.motocross.grow import GROWN_STEPS, ROW, Steps, cell_point, fits, grow, table_tiles, turned
from trackkit.motocross.narrow import list_fitting, pick
from trackkit.motocross.rules import validate
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE, Point
from trackkit.randomness import Seed, draw_many, make_rng, weighted_choice

__all__ = [
    "MAX_COUNT", "UNIFORM_LIMIT", "CourseRequest", "Limits", "generate_course", "generate_courses",
    "make_courses", "settle_courses",
]

UNIFORM_LIMIT = 48
"""The longest course whose shape is drawn uniformly (by rejection)."""

MAX_COUNT = 100
"""The most courses one call makes."""

_DRAWS_BEFORE_LISTING = 20_000
"""Draws made before the shapes that fit a table are listed
(:mod:`trackkit.motocross.narrow`): a table that many draws miss is
narrow, and its shapes are few."""

_TABLE_DRAWS = 150_000
"""Draws allowed when a table is asked: a table the listing finds too wide
to list is found by drawing well within these."""

_MAX_DRAWS = 400_000
"""Rejected draws allowed before giving up: about a second of drawing,
some six times what 48 tiles with 14 straight tiles for ramps needs on
average (64,000 draws), so such a request fails about once in 500."""

def generate_courses(
    request: CourseRequest,
    *,
    seed: Seed = None,
    count: int = 1,
    track_progress: Callable[[int, int], None] | None = None,
) -> list[Course]:
    """``count`` random legal courses meeting ``request``, all from one
    generator seeded by ``seed``; ``track_progress(done, count)`` is called
    after each.  Raises :class:`ArgumentError` for a bad
    request and :class:`GenerationError` when no course can be found."""
    if not 1 <= count <= MAX_COUNT:
        raise ArgumentError(f"must be from 1 to {MAX_COUNT}, not {count}", parameter="count")
    rng = make_rng(seed)
    return draw_many(lambda: generate_course(request, seed=rng), count, track_progress)


def generate_course(request: CourseRequest, *, seed: Seed = None) -> Course:
    """One random legal course meeting ``request`` (see the module's notes
    on how uniform the draw is)."""
    rng = make_rng(seed)
    tiles, coins, ramps = request.settled()
    least = ramps if ramps is not None else -(-coins // MAX_HEIGHT)
    strict = request.corner_touch == "forbidden"
    centres = _shape(rng, tiles, least, strict, request.limits)
    course = Course(centres, players=request.players, packs=request.packs)
    straight = [t for t in range(tiles) if turn_of(course, t) == "S"]
    if ramps is None:
        ramps = rng.randint(least, min(coins, len(straight))) if coins else 0
    chosen = sorted(rng.sample(straight, ramps))
    heights = _split(rng, coins, ramps)
    ramp_pairs = tuple(zip(chosen, heights))
    # A course of fewer tiles or coins than dealt is played as a short course.
    short = tiles < request.packs * TILES_PER_PACK or coins < request.packs * BUILDING_COINS_PER_PACK
    course = Course(
        centres,
        ramp_pairs,
        request.players,
        request.packs,
        corner_touch=request.corner_touch,
        house_rules=(SHORT_COURSE,) if short else (),
    )
    report = validate(course)
    if not report.valid:  # a bug, never a bad request: say so plainly
        raise GenerationError(f"the generator made an illegal course: {report.errors[0].message}")
    return course


def _shape(
    rng: random.Random, tiles: int, straights: int, strict: bool = False, limits: Limits = Limits()
) -> tuple[Point, ...]:
    """Tile centres of a legal shape with at least ``straights`` straight
    tiles, turned a random number of quarter turns about tile 0 (drawn once
    a shape is found), within ``limits``: a shape or its turn that breaks
    them is drawn again, so the draw stays uniform among those that keep them.
    When a table is asked and many draws miss it, the shapes that fit are
    listed instead, if they are few, and one picked with the same odds."""
    _check_straights(tiles, straights, limits)
    if limits.table_is_a_row():
        return _straight_course(rng, tiles, limits)
    draw = _drawer(tiles, strict, limits)
    for count in range(_draws(tiles, limits)):
        if count == _DRAWS_BEFORE_LISTING and tiles <= UNIFORM_LIMIT:
            listed = list_fitting(tiles, strict, limits, straights)
            if listed is not None:
                return _in_spaces(pick(rng, listed), tiles, straights, limits)
        cells = draw(rng)
        if cells is None or _straight_count(cells) < straights or not limits.turns_fit(cells):
            continue
        laid = turned(tuple(cells), rng.randrange(4))
        if limits.table_fits(laid):
            return _in_spaces(laid, tiles, straights, limits)
    return _in_spaces(None, tiles, straights, limits)


def _draws(tiles: int, limits: Limits) -> int:
    """How many shapes :func:`_shape` draws before giving up: fewer when a
    table is asked, since the shapes of a narrow one are listed."""
    if tiles > UNIFORM_LIMIT:
        return GROWN_STEPS // tiles
    return _MAX_DRAWS if table_tiles(limits) is None else _TABLE_DRAWS


def _in_spaces(
    cells: tuple[Point, ...] | None, tiles: int, straights: int, limits: Limits
) -> tuple[Point, ...]:
    """The tile centres of a shape found (in whole-tile cells), or the
    error saying none was."""
    if cells is not None:
        return tuple((x * TILE, y * TILE) for x, y in cells)
    asked = "" if limits == Limits() else " within the turns and table asked"
    raise GenerationError(f"found no course of {tiles} tiles{asked}, {straights} of them straight for ramps")


def _check_straights(tiles: int, straights: int, limits: Limits) -> None:
    """Refuse at once ramps that no shape has room for: every tile but the
    two ends is straight or turns, so turning on ``min_turns`` of them
    leaves at most the rest straight."""
    if straights > tiles - 2:
        raise GenerationError(f"{tiles} tiles leave at most {tiles - 2} straight tiles for ramps")
    turning = limits.min_turns or 0
    if straights > tiles - 2 - turning:
        raise GenerationError(
            f"{tiles} tiles turning on at least {turning} leave at most {tiles - 2 - turning}"
            f" straight tiles, not the {straights} the ramps need; ask for fewer turns or ramps"
        )


def _drawer(tiles: int, strict: bool, limits: Limits) -> Callable[[random.Random], list[Point] | None]:
    """How one shape is drawn for these limits: grown tile by tile past
    :data:`UNIFORM_LIMIT`, else drawn whole, the turns first when they are
    rare (:func:`_draw_turning`).  (Stopping a whole draw as soon as it
    outgrows the table was tried: it is slower, since a draw of 24 tiles
    mostly ends on an earlier tile long before it outgrows any table.)"""
    if tiles > UNIFORM_LIMIT:
        steps = Steps()
        return lambda rng: grow(rng, tiles, strict, limits, steps)
    weights = _turn_weights(tiles, limits) if _few_turn(tiles, limits) else None
    if weights is not None:
        return lambda rng: _draw_turning(rng, tiles, strict, weights)
    return lambda rng: _draw(rng, tiles, strict)


RARE_TURNS = 1 / 1000
"""Below this share of all sequences of choices, the turns asked are drawn
first (:func:`_draw_turning`); above it, throwing away shapes that turn
too little or too often is quicker."""


def _few_turn(tiles: int, limits: Limits) -> bool:
    """Whether the turns ``limits`` ask for are rare among all draws."""
    if (limits.min_turns, limits.max_turns) == (None, None):
        return False
    allowed = sum(weight for weight, _ in _turn_weights(tiles, limits))
    every: int = 3 ** max(tiles - 2, 0)
    return allowed < RARE_TURNS * every


def _straight_course(rng: random.Random, tiles: int, limits: Limits) -> tuple[Point, ...]:
    """On a table one tile wide (or deep) only a straight course lies: the
    one shape, turned whichever of the quarter turns that fit (drawn among
    them), where drawing shapes at random would almost never find it."""
    row = tuple((x, 0) for x in range(tiles))
    fitting = [quarters for quarters in range(4) if limits.table_fits(turned(row, quarters))]
    if not fitting or not limits.turns_fit(list(row)):
        raise GenerationError(f"found no course of {tiles} tiles within the turns and table asked")
    return tuple((x * TILE, y * TILE) for x, y in turned(row, rng.choice(fitting)))


def _turn_weights(tiles: int, limits: Limits) -> list[tuple[int, int]]:
    """Each number of turns ``limits`` allow, after how many sequences of
    choices have it: ``C(m, k) * 2**k`` ways to turn ``k`` of the ``m``
    tiles that choose (each left or right)."""
    choosing = max(tiles - 2, 0)
    low = limits.min_turns or 0
    high = choosing if limits.max_turns is None else min(limits.max_turns, choosing)
    return [(math.comb(choosing, k) << k, k) for k in range(low, high + 1)]


def _draw_turning(
    rng: random.Random, tiles: int, strict: bool, weights: list[tuple[int, int]]
) -> list[Point] | None:
    """One draw of a shape with a number of turns the limits allow: the
    number of turns, weighted by the sequences of choices that have it, then
    which tiles turn and which way, each equally likely; ``None`` as soon as
    a tile does not fit.  Every sequence of choices with an allowed number
    of turns is equally likely, as drawing every tile and throwing away the
    shapes that turn too little or too often would make them, without the
    thousands of draws a course of exactly 2 turns in 24 tiles would take."""
    bends = dict.fromkeys(rng.sample(range(2, tiles), weighted_choice(rng, weights)), 0)
    for index in bends:
        bends[index] = rng.choice((1, 2))
    return _laid(tiles, strict, lambda index: bends.get(index, 0))


def _draw(rng: random.Random, tiles: int, strict: bool) -> list[Point] | None:
    """One draw of straight/left/right choices, or ``None`` as soon as a tile
    does not fit."""
    if not strict and type(rng) is random.Random:
        return _quick_draw(rng, tiles)
    return _laid(tiles, strict, lambda index: rng.randrange(3))


def _laid(tiles: int, strict: bool, choose: Callable[[int], int]) -> list[Point] | None:
    """Tiles laid east from the origin, tile ``index`` (from 2) going
    straight on, left or right as ``choose(index)`` says (0, 1, 2), or
    ``None`` as soon as a tile does not fit."""
    cells: list[Point] = [(0, 0)]
    seen = {(0, 0): 0}
    dx, dy = 1, 0
    for index in range(1, tiles):
        if index > 1:
            choice = choose(index)
            if choice == 1:
                dx, dy = -dy, dx
            elif choice == 2:
                dx, dy = dy, -dx
        cell = (cells[-1][0] + dx, cells[-1][1] + dy)
        if not fits(cell, seen, index - 1, strict):
            return None
        seen[cell] = index
        cells.append(cell)
    return cells


def _quick_draw(rng: random.Random, tiles: int) -> list[Point] | None:
    """:func:`_draw` when corner points may touch, the test of
    :func:`~trackkit.motocross.grow.fits` written out in the loop on cells numbered ``x * ROW +
    y``: the same draws from ``rng`` and the same shapes, some three times
    as fast.  Drawing 48 tiles with 14 straight tiles for ramps takes up to
    200,000 draws.  Each choice is ``rng.randrange(3)`` as
    :class:`random.Random` draws it: two random bits, drawn again while
    they make 3."""
    bits = rng.getrandbits
    cell, step = 0, ROW
    seen = {0: 0}
    get = seen.get
    for index in range(1, tiles):
        if index > 1:
            choice = bits(2)
            while choice == 3:
                choice = bits(2)
            if choice:
                step = _LEFT[step] if choice == 1 else _RIGHT[step]
        cell += step
        before = index - 1
        if (
            cell in seen
            or get(cell + 1, before) != before
            or get(cell - 1, before) != before
            or get(cell + ROW, before) != before
            or get(cell - ROW, before) != before
        ):
            return None
        seen[cell] = index
    return [cell_point(number) for number in seen]


_LEFT = {ROW: 1, 1: -ROW, -ROW: -1, -1: ROW}
"""A step turned a quarter turn left (east to north, north to west...)."""

_RIGHT = {step: -turned for step, turned in _LEFT.items()}
"""A step turned a quarter turn right."""


def _straight_count(cells: list[Point]) -> int:
    return sum(
        1
        for a, b, c in zip(cells, cells[1:], cells[2:])
        if (b[0] - a[0], b[1] - a[1]) == (c[0] - b[0], c[1] - b[1])
    )


def _split(rng: random.Random, coins: int, ramps: int) -> list[int]:
    """``coins`` split into ``ramps`` heights of 1 to 3, uniformly among all
    such splits (counted from the end, then drawn from the front)."""
    ways = [[0] * (coins + 1) for _ in range(ramps + 1)]
    ways[0][0] = 1
    for k in range(1, ramps + 1):
        for total in range(coins + 1):
            ways[k][total] = sum(ways[k - 1][total - h] for h in range(1, MAX_HEIGHT + 1) if h <= total)
    heights: list[int] = []
    left = coins
    for k in range(ramps, 0, -1):
        pick = rng.randrange(ways[k][left])
        for h in range(1, MAX_HEIGHT + 1):
            if h <= left:
                if pick < ways[k - 1][left - h]:
                    heights.append(h)
                    left -= h
                    break
                pick -= ways[k - 1][left - h]
    return heights


def make_courses(request: CourseRequest, seed: int, count: int, progress: Progress) -> Generated:
    """``count`` random legal courses for ``request`` from ``seed``."""
    return Generated(generate_courses(request, seed=seed, count=count, track_progress=progress.tracks))
