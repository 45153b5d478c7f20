"""Motocross shapes grown tile by tile, for courses longer than the
generator draws whole, and the test every laid tile must pass.

A shape is a list of whole-tile cells in play order, leaving the origin
heading east.  A tile goes on a free cell beside the tile before it, and
no other tile may lie beside that cell (the rules: a tile is played
"adjacent to the last tile played.  It may not touch any other tiles"); under
the stricter corner-touch reading no tile but the one two before may meet it
at a corner point either.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from trackkit.motocross.generate_request import Limits
from trackkit.piecepack.geometry import TILE, Point

__all__ = [
    "ATTEMPT_STEPS", "GROWN_STEPS", "ROW", "Steps", "box_size", "cell_number", "cell_point", "fits",
    "fits_some_turn", "grow", "stretched", "table_tiles", "turned",
]

GROWN_STEPS = 150_000
"""Steps (a tile laid or taken back) allowed over every attempt at growing
one course, before giving up: about a third of a second, so that a shape the
limits never allow is refused at once, where many such shapes take a few
thousand steps."""

ATTEMPT_STEPS = 10
"""Steps one attempt may take per tile of the course before starting
afresh: a grown course seldom backs up far, and an attempt lost in a dead
end is better begun again than searched to its end."""


@dataclass
class Steps:
    """The steps still allowed to the attempts at growing one course."""

    left: int = GROWN_STEPS

_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def fits(cell: Point, seen: dict[Point, int], before: int, strict: bool = False) -> bool:
    """Whether a tile may go on ``cell`` after tile ``before``: the cell is
    free and no tile but ``before`` lies beside it (:data:`_NEIGHBOURS`);
    when ``strict``, no tile but the one before ``before`` meets it at a
    corner point either (:data:`_DIAGONALS`).  Each neighbour is looked up
    in its own line rather than in a loop: a long course asks this hundreds
    of thousands of times."""
    if cell in seen:
        return False
    x, y = cell
    get = seen.get
    if (
        get((x + 1, y), before) != before
        or get((x - 1, y), before) != before
        or get((x, y + 1), before) != before
        or get((x, y - 1), before) != before
    ):
        return False
    if not strict:
        return True
    last = before - 1
    return (
        get((x + 1, y + 1), last) >= last
        and get((x + 1, y - 1), last) >= last
        and get((x - 1, y + 1), last) >= last
        and get((x - 1, y - 1), last) >= last
    )


def table_tiles(limits: Limits) -> tuple[int, int] | None:
    """The table asked for in whole tiles (width, depth; no limit counts as
    the longest course), or ``None`` when no table is asked."""
    if limits.max_width is None and limits.max_height is None:
        return None
    endless = 1 << 30
    width = endless if limits.max_width is None else limits.max_width // TILE
    depth = endless if limits.max_height is None else limits.max_height // TILE
    return width, depth


def fits_some_turn(box: tuple[int, int], sides: tuple[int, int]) -> bool:
    """Whether a shape ``box`` tiles wide and deep fits a table of ``sides``
    tiles as it lies or turned a quarter turn.  A box only grows as tiles
    are laid, so a draw that fails this can be stopped at once: no quarter
    turn of it would be kept."""
    (wide, deep), (width, depth) = box, sides
    return (wide <= width and deep <= depth) or (deep <= width and wide <= depth)


def grow(
    rng: random.Random, tiles: int, strict: bool, limits: Limits = Limits(), steps: Steps | None = None
) -> list[Point] | None:
    """A shape grown tile by tile, backing up from dead ends, taking its
    steps from ``steps`` (at most :data:`ATTEMPT_STEPS` a tile); ``None``
    when it meets a dead end it cannot back out of or runs out of steps.

    A step that would turn once more than ``limits`` allow, or stretch the
    shape past every quarter turn of the table asked, is never tried: the
    grown shapes are not drawn uniformly anyway, and without this a course
    of few turns on a narrow table would almost never be grown."""
    cells: list[Point] = [(0, 0), (1, 0)]
    seen = {(0, 0): 0, (1, 0): 1}
    boxes = [((0, 0), (1, 0))]
    turns = [0]
    options: list[list[Point]] = []
    sides = table_tiles(limits)
    most = tiles if limits.max_turns is None else limits.max_turns
    steps = Steps() if steps is None else steps
    budget = min(ATTEMPT_STEPS * tiles, steps.left)
    while len(cells) < tiles and budget > 0:
        budget -= 1
        steps.left -= 1
        if len(options) < len(cells) - 1:
            (ax, ay), (bx, by) = cells[-2], cells[-1]
            dx, dy = bx - ax, by - ay
            turning = [(bx - dy, by + dx), (bx + dy, by - dx)] if turns[-1] < most else []
            ways = [(bx + dx, by + dy), *turning]
            rng.shuffle(ways)
            options.append([c for c in ways if fits(c, seen, len(cells) - 1, strict)])
        if options[-1]:
            cell = options[-1].pop()
            box = stretched(boxes[-1], cell)
            if sides is None or fits_some_turn(box_size(box), sides):
                seen[cell] = len(cells)
                turns.append(turns[-1] + (cell != _ahead(cells)))
                cells.append(cell)
                boxes.append(box)
            continue
        options.pop()
        if len(cells) <= 2:
            return None
        del seen[cells.pop()]
        boxes.pop()
        turns.pop()
    return cells if len(cells) == tiles else None


def _ahead(cells: list[Point]) -> Point:
    """The cell straight on from the last two of ``cells``."""
    (ax, ay), (bx, by) = cells[-2], cells[-1]
    return (2 * bx - ax, 2 * by - ay)


def box_size(box: tuple[Point, Point]) -> tuple[int, int]:
    """How many tiles wide and deep the box (lowest and highest corner) is."""
    (low_x, low_y), (high_x, high_y) = box
    return high_x - low_x + 1, high_y - low_y + 1


def stretched(box: tuple[Point, Point], cell: Point) -> tuple[Point, Point]:
    """The box (lowest and highest corner) ``box`` stretched to hold ``cell``."""
    (lx, ly), (hx, hy) = box
    return (min(lx, cell[0]), min(ly, cell[1])), (max(hx, cell[0]), max(hy, cell[1]))


def turned(cells: tuple[Point, ...], quarters: int) -> tuple[Point, ...]:
    """``cells`` turned ``quarters`` quarter turns anticlockwise about the origin."""
    quarters = quarters % 4 if quarters > 0 else 0  # none turned for a count below 1
    if quarters == 1:
        return tuple([(-y, x) for x, y in cells])
    if quarters == 2:
        return tuple([(-x, -y) for x, y in cells])
    if quarters == 3:
        return tuple([(y, -x) for x, y in cells])
    return cells


ROW = 1 << 8
"""What a step east adds to a cell's number (a step north adds 1), where a
drawing numbers its cells for speed: a course of at most 48 tiles stays
within 128 cells of tile 0."""


def cell_number(x: int, y: int) -> int:
    """The number of the cell ``(x, y)``."""
    return x * ROW + y


def cell_point(number: int) -> Point:
    """The cell numbered ``number``, as (x, y)."""
    x, y = divmod(number + ROW // 2, ROW)
    return (x, y - ROW // 2)
