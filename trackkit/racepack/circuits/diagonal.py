"""Counting the plain circuits that the diagonal mirror maps onto themselves,
by a transfer matrix over half a square.

The walks of :mod:`.symmetry` list every half of a symmetric circuit, so
their time grows with the number of them (about five times per four tiles).
Here the halves are counted without being listed, by a sweep like the one
of :mod:`.frontier` (read its notes first): 48 tiles take about a second,
60 tiles about fifteen.

What a symmetric circuit is made of
-----------------------------------
Let the mirror ``(x, y) -> (y, x)`` map a circuit onto a shifted copy of
itself.  Shifting the circuit moves the mirror line to another line
``y = x + k``, so we may take it mapped onto itself about ``y = x``.  A
mirror turns a loop driven anticlockwise into one driven clockwise, so on
the circuit's own tiles it reverses the driving order; and a reversal of a
loop of ``n`` tiles (``n`` even) fixes two tiles or two roads between tiles.
A road cannot be fixed, since a cell and its mirror image are never side by
side.  So exactly two tiles lie on the diagonal, the *crossings*, and each
one's two neighbours are a mirror pair: one below the diagonal and one
above.  Off the diagonal, a cell below it never touches a cell above it.

So the circuit is known from its *half*: its tiles in the closed lower
triangle ``x >= y``.  The half is the stretch of road from one crossing to
the other below the diagonal: a path in which every tile has exactly two
neighbours in the half, except the two crossings at its ends, which have
one, and no third tile lies on the diagonal.  Conversely every such path
and its mirror image make a symmetric circuit.  A half of ``h`` tiles gives a
circuit of ``n = 2 h - 2``.  The road from ``(a, a)`` to ``(b, b)`` takes an even
number of steps, so ``h`` is odd and ``n`` a multiple of four: no other size
has a symmetric circuit.

Counting each circuit once
--------------------------
With the mirror line fixed, a circuit may still slide along it.  We slide
it so that its half's lowest tile is in row 0; if its rightmost tile is
then in column ``w - 1``, the half lies in the *triangle* of width ``w``, the
cells with ``0 <= y <= x <= w - 1``, touching its bottom row and its right
side.  Each symmetric circuit has exactly one such position and width.  Its
bounding box is ``w`` by ``w`` cells, so it has at least ``4 w - 4`` tiles: the
widths up to ``(n + 4) / 4`` are enough.

The sweep
---------
Each triangle is swept row by row from the bottom, row ``y`` from its
diagonal cell ``(y, y)`` to the right side, as in :mod:`.frontier`, with the
same frontier cells: ``EMPTY``, ``BUSY``, the ends ``OPEN`` and ``CLOSE`` of a
piece of road whose both ends are on the frontier, ``FRESH``.  One more
kind of end is needed:

``FREE``
    the end of a piece of road whose other end is a crossing already
    placed.  Pieces of road never cross, and the crossings lie on the
    diagonal, beyond the left end of the frontier; so a free end is never
    inside an ``OPEN``/``CLOSE`` pair, and the brackets still match.

Where the frontier reaches the diagonal the rules change: above a cell on
the diagonal there is nothing (that cell is above the mirror), and a tile
on it is a crossing, with one neighbour in the half, below it or to its
right.  So a crossing on an empty cell starts a piece of road going right,
a free end; a crossing on an end joins it and is done (``BUSY``), and the
other end of that piece becomes free.  Once the cell to the right of a
diagonal cell is decided, the diagonal cell drops out of the frontier.
A third crossing is never placed.  Joining two ends works as in
:mod:`.frontier`, plus: a free end joining an ``OPEN`` (or ``CLOSE``) frees
its partner, and two free ends joining (or a free end meeting the second
crossing) finish the half, which counts when no other end is left and the
right side has been reached.  An ``OPEN`` joining its own ``CLOSE`` would
close a loop apart from the road, and is not allowed.

Pruning
-------
A frontier is dropped when the tiles it still needs overshoot the most a
half may have.  Every end starts a piece of road still to come, and every
such piece joins two ends, or an end and a crossing still to place (never
two new crossings: that piece would be apart from the rest).  A piece
leaves an end only upwards, or rightwards from the cell just visited, and
has a tile in every column it spans.  So a piece from an end in column
``c`` to a crossing ``(d, d)`` still to place (``d > y``, ``y`` the row being
swept) climbs ``d - y`` rows and spans the columns from ``c`` to ``d``: at
least ``c - y`` tiles.  From end to end a piece takes at least their
distance in columns, and one tile more unless it leaves the cell just
visited to the right, which only one piece can do.  The crossings still to place are then
best paired with the leftmost ends, and the other ends in order, first with
second and so on (fewer pieces than that can never pass between two
neighbouring ends); as in :mod:`.frontier`, the right side, when not yet
reached, costs a detour there and back from the rightmost end.

Counts
------
The counts of a frontier, by tiles placed, are packed into one Python
integer, a *slot* of ``slot_bits`` bits a number of tiles, so that one more
tile is a shift and joining two sweeps' counts an addition.  No count of a
slot can exceed the number of sets of that many cells of the triangle, and
the slots are made wide enough to hold that, so they never spill.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from trackkit.racepack.circuits.codes import BITS, BUSY, CELL, CLOSE, EMPTY, FRESH, OPEN
from trackkit.racepack.circuits.plain import Progress

__all__ = ["FREE", "diagonal_counts", "diagonal_fixed"]

FREE = 5
"""A frontier end whose piece of road leads back to a crossing already placed."""

_NO_MOVE = -1
"""A move that is not allowed."""
_FINISHED = -2
"""A tile that finishes a half that counts."""


@dataclass(frozen=True)
class _Triangle:
    """The fixed facts of one sweep: the triangle's width, the most tiles a
    half may have, the bits of one slot of a packed count, the bit saying
    that the right side has been reached, and a mask of the high two bits of
    every frontier cell (set only on ends and fresh tiles)."""

    width: int
    most: int
    slot_bits: int
    right_flag: int
    live: int

    @classmethod
    def of(cls, width: int, most: int) -> _Triangle:
        cells = width * (width + 1) // 2
        largest = sum(comb(cells, tiles) for tiles in range(most + 1))
        live = sum(6 << (BITS * column) for column in range(width))
        return cls(width, most, largest.bit_length() + 1, 1 << (BITS * width), live)


def diagonal_fixed(n: int) -> int:
    """How many plain circuits of ``n`` tiles, up to translation, the mirror
    ``(x, y) -> (y, x)`` maps onto a shifted copy of themselves: none unless
    ``n`` is a multiple of four (see the module notes)."""
    if n < 4 or n % 4:
        return 0
    return diagonal_counts(n)[n]


def diagonal_counts(most_tiles: int, progress: Progress | None = None) -> dict[int, int]:
    """:func:`diagonal_fixed` for every multiple of four from 4 to
    ``most_tiles``, by one sweep of each triangle (see the module notes).
    ``progress(done, total)`` follows the triangles swept."""
    half = (most_tiles + 2) // 2
    totals = dict.fromkeys(range(4, most_tiles + 1, 4), 0)
    widths = range(2, (most_tiles + 4) // 4 + 1)
    for done, width in enumerate(widths, 1):
        triangle = _Triangle.of(width, half)
        closed = _sweep(triangle)
        slot = (1 << triangle.slot_bits) - 1
        for n in totals:
            totals[n] += (closed >> (triangle.slot_bits * ((n + 2) // 2))) & slot
        if progress is not None:
            progress(done, len(widths))
    return totals


def _sweep(triangle: _Triangle) -> int:
    """The finished halves in ``triangle``, packed by tiles."""
    states = {0: 1}
    closed = 0
    for row in range(triangle.width):
        needs: dict[int, int] = {}
        for column in range(row, triangle.width):
            states, finished = _visit(states, triangle, row, column, needs)
            closed += finished
        states.pop(0, None)  # nothing placed in the first row, where the half must start
    return closed


def _visit(
    states: dict[int, int], triangle: _Triangle, row: int, column: int, needs: dict[int, int]
) -> tuple[dict[int, int], int]:
    """Decide cell ``(column, row)`` for every frontier; return the new
    frontiers and the halves the visit finished, packed by tiles."""
    after: dict[int, int] = {}
    finished = 0
    shift = triangle.slot_bits
    for state, counts in states.items():
        empty, tile = _moves(state, triangle, row, column)
        if empty >= 0:
            _add(after, empty, counts, triangle, row, needs)
        if tile >= 0:
            _add(after, tile, counts << shift, triangle, row, needs)
        elif tile == _FINISHED:
            finished += counts << shift
    return after, finished


def _add(
    after: dict[int, int], state: int, counts: int, triangle: _Triangle, row: int, needs: dict[int, int]
) -> None:
    """Carry ``counts`` to ``state``, but only the slots that leave room for
    the tiles the frontier still needs."""
    need = needs.get(state)
    if need is None:
        need = needs[state] = _needed(state, triangle, row)
    room = triangle.most - need
    if room < 0:
        return
    counts &= (1 << (triangle.slot_bits * (room + 1))) - 1
    if counts:
        after[state] = after.get(state, 0) + counts


def _cell(state: int, column: int) -> int:
    return (state >> (BITS * column)) & CELL


def _put(state: int, column: int, value: int) -> int:
    shift = BITS * column
    return (state & ~(CELL << shift)) | (value << shift)


def _moves(state: int, triangle: _Triangle, row: int, column: int) -> tuple[int, int]:
    """The frontier after the cell stays empty and after it takes a tile
    (:data:`_NO_MOVE` where not allowed, :data:`_FINISHED` for a tile that
    finishes a half)."""
    down = _cell(state, column)
    left = _cell(state, column - 1) if column > row else EMPTY
    empty = _NO_MOVE
    # A free end on the diagonal cell on the left can only go on to the right.
    if down <= BUSY and left != FRESH and not (left == FREE and column == row + 1):
        empty = _put(state, column, EMPTY)
    tile = _NO_MOVE
    if down != BUSY and left != BUSY:
        if column == triangle.width - 1:
            state |= triangle.right_flag
        if column == row:
            tile = _crossing(state, triangle, column, down)
        else:
            tile = _tile(state, triangle, column, left, down)
    if column == row + 1:  # the diagonal cell on the left has all its neighbours now
        empty = _put(empty, row, EMPTY) if empty >= 0 else empty
        tile = _put(tile, row, EMPTY) if tile >= 0 else tile
    return empty, tile


def _crossing(state: int, triangle: _Triangle, column: int, down: int) -> int:
    """A tile on the diagonal: a crossing, joined to the end below it or
    starting a free end to its right."""
    if down == FREE:
        done = _put(state, column, BUSY)
        return _FINISHED if _complete(done, triangle) else _NO_MOVE
    if _free_ends(state) == 2:
        return _NO_MOVE
    if down == EMPTY:
        return _put(state, column, FREE) if column < triangle.width - 1 else _NO_MOVE
    return _put(_put(state, column, BUSY), _partner(state, column), FREE)


def _tile(state: int, triangle: _Triangle, column: int, left: int, down: int) -> int:
    """A tile off the diagonal, as in :mod:`.frontier`, with free ends."""
    if left == EMPTY:
        if down != EMPTY:
            return _put(state, column, down)  # the road comes up and goes on
        return _put(state, column, FRESH) if column < triangle.width - 1 else _NO_MOVE
    if left == FRESH:
        if down == EMPTY:
            return _put(_put(state, column - 1, OPEN), column, CLOSE)
        return _put(_put(state, column - 1, down), column, BUSY)
    if down == EMPTY:
        return _put(_put(state, column - 1, BUSY), column, left)
    return _join(state, triangle, column, left, down)


def _join(state: int, triangle: _Triangle, column: int, left: int, down: int) -> int:
    """The tile joins the end on its left and the end below it."""
    joined = _put(_put(state, column - 1, BUSY), column, BUSY)
    if left == FREE and down == FREE:
        return _FINISHED if _complete(joined, triangle) else _NO_MOVE
    if left == OPEN and down == CLOSE:
        return _NO_MOVE  # a loop apart from the road
    if left == CLOSE and down == OPEN:
        return joined  # two pieces become one, with the outer ends
    # Otherwise the partner of one end takes the kind of the other: the
    # CLOSE of an OPEN below joined to an OPEN or a free end, or the OPEN of
    # a CLOSE on the left joined to a CLOSE or a free end.
    if left == FREE or (left == OPEN and down == OPEN):
        return _put(joined, _partner(state, column), left)
    return _put(joined, _partner(state, column - 1), down)


def _partner(state: int, column: int) -> int:
    """The column of the end matching the ``OPEN`` or ``CLOSE`` at ``column``
    (free ends lie between pairs, never inside one)."""
    own = _cell(state, column)
    other = OPEN + CLOSE - own
    step = 1 if own == OPEN else -1
    depth = 0
    while True:
        column += step
        value = _cell(state, column)
        if value == own:
            depth += 1
        elif value == other:
            if not depth:
                return column
            depth -= 1


def _free_ends(state: int) -> int:
    found = 0
    while state:
        found += state & CELL == FREE
        state >>= BITS
    return found


def _complete(state: int, triangle: _Triangle) -> bool:
    """No end or fresh tile left, and the right side reached."""
    return not state & triangle.live and bool(state & triangle.right_flag)


def _needed(state: int, triangle: _Triangle, row: int) -> int:
    """The fewest tiles a frontier in ``row`` still needs (see the notes)."""
    ends: list[int] = []
    free = 0
    column = row
    cells = (state & (triangle.right_flag - 1)) >> (BITS * row)
    while cells:
        value = cells & CELL
        if value == FRESH:
            ends += (column, column)
        elif value >= OPEN:
            ends.append(column)
            free += value == FREE
        cells >>= BITS
        column += 1
    if not ends:
        return 0
    new = 2 - free
    need = sum(ends[:new]) - new * row
    paired = ends[new:]
    need += sum(paired[1::2]) - sum(paired[::2]) + max(0, len(paired) // 2 - 1)
    if not state & triangle.right_flag:
        need += 2 * (triangle.width - 1 - ends[-1])
    return need
