"""Walking the plain circuits that a symmetry of the square maps onto themselves.

Burnside's lemma turns these counts into the count *up to symmetry*: the
number of shapes is the average, over the eight symmetries of the square, of
the number of circuits (up to translation) each symmetry fixes.  The
identity fixes them all; the others fix few, about the square root of all of
them, because a symmetric circuit is known from one half (or one quarter) of
its road.  Here they are counted by walking that half: a search whose time
grows with the number of symmetric circuits.  The count uses the walks for
the quarter turns, whose circuits are four copies of a quarter of the road
and so the fewest (:mod:`.fixed`); the half turn and the mirrors are
counted by transfer matrices (:mod:`.turns`, :mod:`.mirrors`,
:mod:`.diagonal`), which the walks check in the tests up to 28 tiles.

Mirrors
    A circuit symmetric in a mirror crosses the mirror line at exactly two
    points, so it is two mirror-image halves joined there.  The walks fix the
    mirror and the lower (or lower-left) crossing and go through every
    possible half on one side.
Turns
    A circuit that a half turn (or a quarter turn) about a point ``z`` maps
    onto itself goes round ``z``.  The ray from ``z`` to the right, moved up by
    half a tile where it would run along a row of cell centres, is crossed
    by the road; the crossing nearest ``z``, driven upwards, starts the walk.
    The road then runs ``n / 2`` (or ``n / 4``) tiles to the turned copy of
    that crossing, and the rest is the turned copies of that stretch.  Every
    symmetric circuit has exactly one nearest crossing, so it is counted
    once; its translation is fixed by putting ``z`` on one of the few points
    (a cell centre, a cell corner, an edge's middle) nearest the origin.
"""

from __future__ import annotations

from collections.abc import Callable

from trackkit.piecepack.cells import Cell, neighbours

__all__ = ["mirror_fixed", "turn_fixed"]

Turn = Callable[[Cell], Cell]


def _count_halves(
    head: Cell,
    before: Cell,
    length: int,
    inside: Callable[[Cell], bool],
    is_end: Callable[[Cell], bool],
    gap: Callable[[Cell], int],
) -> int:
    """Count induced walks from ``before`` through ``head`` that continue with
    ``length`` more tiles inside the region ``inside`` and then one tile meeting
    ``is_end``.  ``gap(cell)`` is a lower bound on the steps from a cell to an end."""
    touching: dict[Cell, int] = {}

    def mark(cell: Cell, amount: int) -> None:
        for neighbour in (cell, *neighbours(cell)):
            touching[neighbour] = touching.get(neighbour, 0) + amount

    def walk(cell: Cell, remaining: int) -> int:
        found = 0
        if remaining == 0:
            return sum(1 for nxt in neighbours(cell) if is_end(nxt) and touching.get(nxt, 0) == 0)
        mark(cell, 1)
        for nxt in neighbours(cell):
            if touching[nxt] == 1 and inside(nxt) and gap(nxt) <= remaining:
                found += walk(nxt, remaining - 1)
        mark(cell, -1)
        return found

    mark(before, 1)
    total = walk(head, length)
    mark(before, -1)
    return total


def mirror_fixed(n: int) -> int:
    """Sum, over the four mirrors of the square, of the circuits each one fixes.

    The two axis-parallel mirrors fix the same number of circuits, and so do
    the two diagonal ones.  Along a vertical mirror through cell centres the
    crossings are two tiles on the mirror; along a mirror between columns they
    are two edges; along a diagonal they are two corner tiles on the diagonal.
    """
    if n < 4 or n % 2:
        return 0
    return 2 * (_through_cells(n) + _between_columns(n) + _diagonal(n))


def _through_cells(n: int) -> int:
    # Mirror x = 0; crossing tiles (0, 0) and (0, t) with t >= 2.
    side = (n - 2) // 2
    return _count_halves(
        (-1, 0), (0, 0), side - 1,
        inside=lambda c: c[0] <= -1,
        is_end=lambda c: c[0] == 0 and c[1] >= 2,
        gap=lambda c: -c[0],
    )  # fmt: skip


def _between_columns(n: int) -> int:
    # Mirror x = -1/2; crossing edges left of (0, 0) and of (0, t), t >= 2.
    side = n // 2
    return _count_halves(
        (-2, 0), (-1, 0), side - 3,
        inside=lambda c: c[0] <= -2,
        is_end=lambda c: c[0] == -1 and c[1] >= 2,
        gap=lambda c: -1 - c[0],
    )  # fmt: skip


def _diagonal(n: int) -> int:
    # Mirror y = x; crossing tiles (0, 0) and (s, s), s >= 1; the half lies below.
    side = (n - 2) // 2

    def below(c: Cell) -> bool:
        return c[1] < c[0]

    def on_diagonal(c: Cell) -> bool:
        return c[0] == c[1] and c[0] >= 1

    def gap(c: Cell) -> int:
        return c[0] - c[1]

    return sum(_count_halves(head, (0, 0), side - 1, below, on_diagonal, gap) for head in ((1, 0), (0, -1)))


def turn_fixed(n: int, quarters: int) -> int:
    """How many circuits of ``n`` tiles (up to translation) a turn by
    ``quarters`` quarter turns (1 or 2) maps onto themselves.

    Centres are given doubled: ``(cx, cy)`` stands for the point
    ``(cx / 2, cy / 2)``.  A half turn may be about a cell centre ``(0, 0)``,
    a corner ``(1, 1)`` or the middle of an edge ``(1, 0)`` or ``(0, 1)``;
    a quarter turn only about a cell centre or a corner.
    """
    copies = 4 if quarters == 1 else 2
    if n == 4:
        return 1  # the square of four tiles, turned about its middle
    if n < 8 or n % copies:
        return 0
    centres = ((0, 0), (1, 1)) if quarters == 1 else ((0, 0), (1, 1), (1, 0), (0, 1))
    return sum(_turn_walks(n // copies, _turner(cx, cy, quarters), quarters) for cx, cy in centres)


def _turner(cx: int, cy: int, quarters: int) -> Turn:
    """The turn about ``(cx / 2, cy / 2)`` by ``quarters`` quarter turns anticlockwise."""
    if quarters == 2:
        return lambda c: (cx - c[0], cy - c[1])
    # About (z, z) with z = cx / 2 = cy / 2: (x, y) -> (2z - y, x).
    return lambda c: (cx - c[1], c[0])


def _turn_walks(length: int, turn: Turn, quarters: int) -> int:
    """Count circuits made of ``360 / (90 * quarters)`` turned copies of a
    stretch of ``length`` tiles that starts by crossing the ray (see the
    notes) upwards at its nearest crossing, from ``(x, 0)`` to ``(x, 1)``."""
    total = 0
    # The stretch and its copies never reach further than length tiles from
    # the centre, so the nearest crossing lies within that distance.
    for x in range(1, length + 1):
        total += _walks_from((x, 0), (x, 1), length, turn, quarters)
    return total


def _images(cell: Cell, turn: Turn, copies: int) -> list[Cell]:
    found = [cell]
    for _ in range(copies - 1):
        found.append(turn(found[-1]))
    return found


def _distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _next_to(a: Cell, b: Cell) -> bool:
    return _distance(a, b) == 1


def _walks_from(start: Cell, second: Cell, length: int, turn: Turn, quarters: int) -> int:
    copies = 4 if quarters == 1 else 2
    touching: dict[Cell, int] = {}
    cells: set[Cell] = set()
    target = turn(start)

    def mark(cell: Cell, amount: int) -> None:
        for image in _images(cell, turn, copies):
            if amount > 0:
                cells.add(image)
            else:
                cells.discard(image)
            for neighbour in (image, *neighbours(image)):
                touching[neighbour] = touching.get(neighbour, 0) + amount

    def alone(cell: Cell) -> bool:
        """The cell and its images are distinct and not side by side."""
        images = _images(cell, turn, copies)
        if len(set(images)) < copies:
            return False
        return not any(_next_to(a, b) for a in images for b in images)

    def nearest(x_cross: int) -> bool:
        """No crossing of the ray nearer the centre than the starting one."""
        return not any((x, 0) in cells and (x, 1) in cells for x in range(1, x_cross))

    def walk(cell: Cell, placed: int) -> int:
        """Go on from ``cell``, the ``placed``-th tile of the stretch."""
        mark(cell, 1)
        found = 0
        if placed + 1 == length:
            # The last tile meets its predecessor and the turned copy of the
            # first tile, and nothing else.
            for nxt in neighbours(cell):
                if touching.get(nxt, 0) == 2 and _next_to(nxt, target) and alone(nxt):
                    mark(nxt, 1)
                    found += nearest(start[0])
                    mark(nxt, -1)
        else:
            left = length - placed
            for nxt in neighbours(cell):
                if touching.get(nxt, 0) == 1 and _distance(nxt, target) <= left and alone(nxt):
                    found += walk(nxt, placed + 1)
        mark(cell, -1)
        return found

    if not alone(start) or not alone(second):
        return 0
    mark(start, 1)
    found = 0
    if length == 2:
        # The stretch is the crossing itself: its top meets the turned start.
        if touching.get(second, 0) == 2 and _next_to(second, target):
            mark(second, 1)
            found = nearest(start[0])
            mark(second, -1)
    elif touching.get(second, 0) == 1:
        found = walk(second, 2)
    mark(start, -1)
    return found
