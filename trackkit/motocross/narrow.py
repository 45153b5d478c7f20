"""Motocross shapes on a narrow table, listed rather than drawn.

The generator draws a shape by choosing, for every tile after the second,
straight on, left or right, and throws away the shapes that break a rule or
do not fit the table.  On a table only two or three tiles across almost no
draw fits: a 24-tile course on a table 2 tiles by 20 is one draw in many
millions.  There, the shapes that fit are few, so they are listed instead:
a search lays every tile that fits, never stretching the shape past the
table in either quarter turn, and one shape of the list is picked.

Picking among the list weighs each shape by the quarter turns of it that
fit the table, so a course is exactly as likely as drawing at random and
keeping the draws that fit would make it.  The search has a budget of
steps: a table wide enough to hold more shapes than it allows is left to
drawing at random, where such a table is found quickly.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from trackkit.motocross.generate_request import Limits
from trackkit.motocross.grow import ROW, cell_number, table_tiles, turned
from trackkit.piecepack.geometry import Point

__all__ = ["LISTED_STEPS", "Fitting", "Listed", "list_fitting", "pick"]

LISTED_STEPS = 60_000
"""Tiles laid by one search before giving up on listing: some tenth of a
second.  A 24-tile course on a table 2 tiles wide takes some 2,000."""

Fitting = tuple[tuple[Point, ...], tuple[int, ...]]
"""A listed shape (whole-tile cells in play order, leaving the origin
heading east) and the quarter turns of it that fit the table."""


class Listed(tuple[Fitting, ...]):
    """The shapes a search listed, with ``ends``: the running count of
    their fitting quarter turns, so that a pick finds its shape by halving
    the list instead of walking it (a ``--count`` of many courses picks
    again and again from one list)."""

    ends: tuple[int, ...]

    def __new__(cls, found: Iterable[Fitting]) -> Listed:
        listed = super().__new__(cls, found)
        listed.ends = tuple(itertools.accumulate(len(turns) for _, turns in listed))
        return listed


class _TooMany(Exception):
    """The search ran out of steps: the table holds too many shapes to list."""


@dataclass
class _Search:
    """What a search needs as it lays tiles: the course asked, the table in
    whole tiles, the turns it may take, the tiles laid (numbered by
    :func:`~trackkit.motocross.grow.cell_number`, after the tile laid before
    them) and the shapes found."""

    tiles: int
    strict: bool
    sides: tuple[int, int]
    least_turns: int
    most_turns: int
    left: int = LISTED_STEPS
    cells: list[Point] = field(default_factory=lambda: [(0, 0), (1, 0)])
    seen: dict[int, int] = field(default_factory=lambda: {cell_number(0, 0): 0, cell_number(1, 0): 1})
    found: list[Fitting] = field(default_factory=list)


@lru_cache(maxsize=4)
def list_fitting(tiles: int, strict: bool, limits: Limits, straights: int) -> Listed | None:
    """Every shape of ``tiles`` tiles that fits the table ``limits`` ask for
    in some quarter turn, turns as often as they ask and keeps at least
    ``straights`` straight tiles; ``None`` when there are too many to list
    within :data:`LISTED_STEPS`, or no table is asked.  Kept for the next
    course of a ``--count``, which asks the same."""
    sides = table_tiles(limits)
    if sides is None or tiles < 2:
        return None
    choosing = tiles - 2
    most = choosing - straights if limits.max_turns is None else min(limits.max_turns, choosing - straights)
    search = _Search(tiles, strict, sides, limits.min_turns or 0, most)
    try:
        _extend(search, (0, 0, 1, 0), 0)
    except _TooMany:
        return None
    return Listed(search.found)


def pick(rng: random.Random, listed: Listed) -> tuple[Point, ...] | None:
    """One shape of ``listed`` in one of its fitting quarter turns, each
    pair of shape and turn equally likely (one draw numbers the pairs in
    the list's order); ``None`` when the list is empty."""
    total = listed.ends[-1] if listed else 0
    if not total:
        return None
    index = rng.randrange(total)
    at = bisect.bisect_right(listed.ends, index)
    cells, turns = listed[at]
    return turned(cells, turns[index - (listed.ends[at - 1] if at else 0)])


def _extend(search: _Search, box: tuple[int, int, int, int], turns: int) -> None:
    """Lay every tile that may follow the search's last, and the rest of
    the course after each, listing the shapes that reach the full length.
    ``box`` is the lowest and highest x and y of the tiles laid.

    The tests of a next tile are written out in the loop (the search lays
    hundreds of thousands): the turns left, the box still fitting the table
    in some quarter turn (:func:`~trackkit.motocross.grow.fits_some_turn`),
    and the cell free, with no tile but the one before beside it and, under
    the stricter reading, no tile but the one before that at its corners
    (:func:`~trackkit.motocross.grow.fits`, on numbered cells)."""
    search.left -= 1
    if search.left < 0:
        raise _TooMany
    cells, seen = search.cells, search.seen
    index = len(cells)
    if index == search.tiles:
        _keep(search, box, turns)
        return
    (ax, ay), (bx, by) = cells[-2], cells[-1]
    dx, dy = bx - ax, by - ay
    still = search.tiles - index - 1
    width, depth = search.sides
    get, before = seen.get, index - 1
    for x, y, turning in ((bx + dx, by + dy, 0), (bx - dy, by + dx, 1), (bx + dy, by - dx, 1)):
        now = turns + turning
        if now > search.most_turns or now + still < search.least_turns:
            continue
        lx, ly, hx, hy = min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)
        wide, deep = hx - lx + 1, hy - ly + 1
        if not ((wide <= width and deep <= depth) or (deep <= width and wide <= depth)):
            continue
        number = x * ROW + y
        if (
            number in seen
            or get(number + 1, before) != before
            or get(number - 1, before) != before
            or get(number + ROW, before) != before
            or get(number - ROW, before) != before
        ):
            continue
        if search.strict and not (
            get(number + ROW + 1, before - 1) >= before - 1
            and get(number + ROW - 1, before - 1) >= before - 1
            and get(number + 1 - ROW, before - 1) >= before - 1
            and get(number - 1 - ROW, before - 1) >= before - 1
        ):
            continue
        seen[number] = index
        cells.append((x, y))
        _extend(search, (lx, ly, hx, hy), now)
        cells.pop()
        del seen[number]


def _keep(search: _Search, box: tuple[int, int, int, int], turns: int) -> None:
    """List the finished shape with the quarter turns of it that fit: its
    box as it lies for no turn and a half turn, across for the others."""
    if turns < search.least_turns:
        return
    wide, deep = box[2] - box[0] + 1, box[3] - box[1] + 1
    width, depth = search.sides
    lying, across = wide <= width and deep <= depth, deep <= width and wide <= depth
    fitting = tuple(q for q in range(4) if (lying, across)[q % 2])
    if fitting:
        search.found.append((tuple(search.cells), fitting))
