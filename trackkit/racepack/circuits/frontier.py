"""Counting plain circuits by a transfer matrix: a line swept across a strip.

This module holds the method and its moves one frontier at a time, in pure
Python: the exactly uniform draw of :mod:`.uniform` walks them frontier by
frontier.  The count itself runs the same moves on whole arrays of
frontiers at once, in :mod:`.sweep`.

Why not list them
-----------------
The exhaustive search of :mod:`.search` meets every circuit once, so its time
grows with their number, about 4.7 times per two tiles: 28 tiles take seconds,
40 tiles would take hours.  Here circuits are counted without being listed.

The sweep
---------
Fix a *strip* ``width`` columns wide.  Its cells are visited one at a time,
row by row from the bottom, left to right in each row.  Each visit decides
whether the cell is a tile of the circuit (*occupied*) or not.  A plain
circuit is exactly a set of occupied cells in which every occupied cell has
exactly two occupied neighbours (edge contact only) and which is all one
piece: the two neighbours are the tiles before and after it, and "no other
contact" is the same as "no third occupied neighbour".  So deciding the cells
one by one is enough; the road between them needs no separate choice.

After each visit the *frontier* is the newest visited cell of every column:
the current row up to the cell just visited, the row below it beyond that.
Every later decision depends on the visited cells only through the frontier,
and only through what this module keeps for each frontier cell:

``EMPTY``
    not a tile;
``BUSY``
    a tile that already has its two neighbours (the cell above it, still to
    come, must stay empty);
``OPEN`` and ``CLOSE``
    a tile with one neighbour so far, the *end* of a piece of road that
    must go on into a cell still to come.  Every piece of road below the
    frontier has two ends on it, and pieces never cross, so reading the ends
    from left to right, each piece's left end is an ``OPEN`` and its right end
    the matching ``CLOSE``, like brackets in a formula;
``FRESH``
    the cell just visited, a tile with no neighbour yet: the cell to its
    right and the cell above it must both be tiles.

Two more values serve the symmetric counts of :mod:`.symmetry`: ``TERM``,
the end of a piece whose other end is a tile on a mirror line (a
*terminal*, which needs only one neighbour on this side of the mirror), and
the ``VERTICAL`` bit set on an end whose one neighbour is the cell below it
(kept only when corners are counted: a tile is a corner when its two
neighbours are one beside it and one above or below).

A frontier is packed into one Python integer, four bits a column, with two
more bits saying whether the left and the right column of the strip have
been reached.  The sweep keeps, for every frontier that can occur, how many
ways of deciding the visited cells lead to it, split by the number of tiles
placed (and of corners).  These counts are *polynomials*, packed too: slot
``k`` of ``slot_bits`` bits holds the number of ways with ``k`` tiles, so that
adding two polynomials is adding two integers and placing a tile is a shift.

A circuit is complete when the road joins an ``OPEN`` to its own ``CLOSE``
with no other end left anywhere: that visit adds the circuit's polynomial to
the count of its height (the rows swept so far).

Counting each circuit once
--------------------------
A circuit is counted in the strip as wide as it is, at the position where it
touches both sides (the two flag bits), starting in the strip's first row
(a frontier with nothing on it at the end of a row is dropped).  Up to
translation it is then met exactly once.  Circuits at least as high as wide
are counted in strips of their width; a circuit wider than high is a
quarter-turned copy of one higher than wide, so it needs no sweep of its own:
every width ``w`` and height ``h > w`` counts twice.  The widest strip needed
for ``n`` tiles is about ``n / 4`` columns, since a circuit ``w`` by ``h``
cells has at least ``2 (w + h) - 4`` tiles.

Pruning
-------
A frontier whose circuits need more tiles than are left is dropped, and so
are the slots of a polynomial that would overshoot.  How many more tiles a
frontier needs at least: pieces of road join ends in pairs, and the ends
read left to right, paired first with second, third with fourth and so on,
are the cheapest pairing; a pair of ends ``d`` columns apart needs at least
``d`` more tiles; reaching a side of the strip not yet touched, or the least
height the strip asks for, costs a detour there and back.  Where the ends on
the left of a gap are all paired among themselves below the line (a bracket
depth of 0 between two pieces of road, or beside a fresh tile), the roads
still to come must cross that gap twice: once would leave an odd number of
ends on one side, and never would close a loop that leaves the others out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "CLOSED",
    "Strip",
    "SweepCounts",
    "Visit",
    "cell_moves",
    "most_rows",
    "slot_bits_for",
    "visit_cell",
]

EMPTY, BUSY, OPEN, CLOSE, TERM, FRESH = 0, 1, 2, 3, 4, 5
VERTICAL = 8
"""Set on an end whose one neighbour so far is the cell below it."""

_KIND = 7
_NIBBLE = 15


def slot_bits_for(tiles: int) -> int:
    """Bits for one coefficient of a polynomial when circuits have at most
    ``tiles`` tiles: far more than the count of any shape of that size (about
    1.12 bits a tile), so that no slot ever spills into the next."""
    return max(64, 2 * tiles + 32)


@dataclass
class SweepCounts:
    """What one sweep of a strip found: for every height ``h``, a packed
    polynomial (``slot_bits`` bits a slot) counting the circuits of each size,
    and with ``corner_slots`` > 1, of each size and number of corners (slot
    ``tiles * corner_slots + corners``)."""

    width: int
    slot_bits: int
    corner_slots: int
    by_height: dict[int, int] = field(default_factory=dict)

    def coefficient(self, height: int, tiles: int, corners: int = 0) -> int:
        poly = self.by_height.get(height, 0)
        slot = tiles * self.corner_slots + corners
        return (poly >> (slot * self.slot_bits)) & ((1 << self.slot_bits) - 1)




def _partner_right(state: int, pos: int, width: int) -> int:
    """The column of the ``CLOSE`` matching the ``OPEN`` at ``pos``."""
    depth = 0
    for column in range(pos + 1, width):
        kind = (state >> (4 * column)) & _KIND
        if kind == OPEN:
            depth += 1
        elif kind == CLOSE:
            if depth == 0:
                return column
            depth -= 1
    raise AssertionError("an OPEN end without its CLOSE")  # pragma: no cover


def _partner_left(state: int, pos: int) -> int:
    """The column of the ``OPEN`` matching the ``CLOSE`` at ``pos``."""
    depth = 0
    for column in range(pos - 1, -1, -1):
        kind = (state >> (4 * column)) & _KIND
        if kind == CLOSE:
            depth += 1
        elif kind == OPEN:
            if depth == 0:
                return column
            depth -= 1
    raise AssertionError("a CLOSE end without its OPEN")  # pragma: no cover


def _relabel(state: int, pos: int, kind: int) -> int:
    """``state`` with the end at ``pos`` given ``kind``, keeping its VERTICAL bit."""
    old = (state >> (4 * pos)) & _KIND
    return state ^ ((old ^ kind) << (4 * pos))


def _put(state: int, pos: int, value: int) -> int:
    shift = 4 * pos
    return (state & ~(_NIBBLE << shift)) | (value << shift)


def _has_ends(state: int, width: int) -> bool:
    """Whether any column holds an end or a fresh tile."""
    return any((state >> (4 * column)) & _KIND > BUSY for column in range(width))


@dataclass(frozen=True)
class Strip:
    """The fixed facts of one sweep."""

    width: int
    rows: int
    most_tiles: int
    min_rows: int
    slot_bits: int
    corner_slots: int
    needs: dict[int, int] = field(default_factory=dict, compare=False, hash=False)
    """:func:`_tiles_needed` of the frontiers met so far."""

    @property
    def left_flag(self) -> int:
        return 1 << (4 * self.width)

    @property
    def right_flag(self) -> int:
        return 2 << (4 * self.width)


def _tiles_needed(state: int, strip: Strip) -> int:
    """A lower bound on the tiles a frontier still needs, apart from
    reaching the strip's least height (see the notes); -1 for a frontier
    with no end on it."""
    width = strip.width
    ends: list[int] = []
    depth = top = 0
    for column in range(width):
        kind = (state >> (4 * column)) & _KIND
        if kind <= BUSY:
            continue
        ends.append(column)
        if kind == FRESH:
            ends.append(column)
        elif kind == OPEN:
            top += column if depth == 0 else 0
            depth += 1
        elif kind == CLOSE:
            depth -= 1
            top -= column if depth == 0 else 0
    if not ends:
        return -1
    # One tile more per pair, but for the pair whose left end is the cell
    # just visited (its road may go on to the right, into the next column).
    need = sum(ends[i + 1] - ends[i] for i in range(0, len(ends), 2)) + len(ends) // 2 - 1
    # Each gap between pieces of road closed below the line (bracket depth
    # 0) is crossed twice by the roads still to come.
    need += 2 * (top - ends[0] + ends[-1])
    if not state & strip.left_flag:
        need += 2 * ends[0]
    if not state & strip.right_flag:
        need += 2 * (width - 1 - ends[-1])
    return need


def most_rows(width: int, most_tiles: int) -> int:
    """The most rows a circuit ``width`` wide of at most ``most_tiles`` tiles
    can span: ``w`` by ``h`` cells take at least ``2 (w + h) - 4`` tiles."""
    return max(0, (most_tiles + 4) // 2 - width)


CLOSED = -1
"""The frontier a move leads to when it closes the circuit."""


@dataclass(frozen=True)
class Visit:
    """The fixed facts of visiting one cell: its row and column ``m``, and
    what the moves need of them, worked out once."""

    strip: Strip
    row: int
    m: int
    tile: int = field(init=False)
    """Bits to shift a polynomial by for one more tile."""
    corner: int = field(init=False)
    """Bits to shift a polynomial by for one more corner (0: not counted)."""
    edge_flag: int = field(init=False)
    """The flag bit of the strip's side this cell is on, if any."""
    last: bool = field(init=False)
    """Whether the cell is in the strip's last column."""

    def __post_init__(self) -> None:
        strip = self.strip
        last = self.m == strip.width - 1
        edge = strip.left_flag if self.m == 0 else (strip.right_flag if last else 0)
        object.__setattr__(self, "tile", strip.slot_bits * strip.corner_slots)
        object.__setattr__(self, "corner", strip.slot_bits if strip.corner_slots > 1 else 0)
        object.__setattr__(self, "edge_flag", edge)
        object.__setattr__(self, "last", last)


def cell_moves(state: int, visit: Visit) -> list[tuple[int, int]]:
    """The ways to decide the visited cell from ``state``: pairs of the new
    frontier (:data:`CLOSED` when the circuit closes) and the shift of the
    polynomial (a tile placed, corners turned)."""
    m = visit.m
    shift = 4 * m
    down = (state >> shift) & _NIBBLE
    left = (state >> (shift - 4)) & _NIBBLE if m else 0
    dk = down & _KIND
    lk = left & _KIND
    found: list[tuple[int, int]] = []
    # --- the cell stays empty -------------------------------------------
    if dk <= BUSY and lk != FRESH:
        found.append((state & ~(_NIBBLE << shift), 0))
    # --- the cell is a tile ----------------------------------------------
    if dk == BUSY or lk == BUSY:
        return found
    corner = visit.corner
    placed = visit.tile
    base = (state | visit.edge_flag) & ~(_NIBBLE << shift)
    if lk == EMPTY:
        if dk == EMPTY:
            if not visit.last:
                found.append((base | (FRESH << shift), placed))
            return found
        # The road comes up from below and goes on from here.
        if corner:
            if not down & VERTICAL:
                placed += corner  # the tile below turns up
            dk |= VERTICAL
        found.append((base | (dk << shift), placed))
        return found
    if lk == FRESH:
        if dk == EMPTY:
            found.append((_put(base, m - 1, OPEN) | (CLOSE << shift), placed))
            return found
        if corner:
            placed += corner if down & VERTICAL else 2 * corner  # this tile; the one below
        found.append((_put(base, m - 1, dk) | (BUSY << shift), placed))
        return found
    # The tile on the left is an end: the road goes on into this cell.
    if corner and left & VERTICAL:
        placed += corner  # the left tile turns
    if dk == EMPTY:
        found.append((_put(base, m - 1, BUSY) | (lk << shift), placed))
        return found
    # Both neighbours are ends: this tile joins two pieces of road.
    if corner:
        placed += corner if down & VERTICAL else 2 * corner
    new = _put(base, m - 1, BUSY) | (BUSY << shift)
    if lk == OPEN and dk == CLOSE:
        if _closes(new, visit):
            found.append((CLOSED, placed))
        return found
    if lk == OPEN and dk == OPEN:
        new = _relabel(new, _partner_right(state, m, visit.strip.width), OPEN)
    elif lk == CLOSE and dk == CLOSE:
        new = _relabel(new, _partner_left(state, m - 1), CLOSE)
    found.append((new, placed))
    return found


def _closes(new: int, visit: Visit) -> bool:
    """Whether joining an end to its own partner, giving ``new``, finishes a
    circuit the sweep counts: both sides reached, tall enough, no end left."""
    strip = visit.strip
    both = strip.left_flag | strip.right_flag
    return visit.row + 1 >= strip.min_rows and new & both == both and not _has_ends(new, strip.width)


def visit_cell(
    frontier: dict[int, int], strip: Strip, row: int, m: int, result: SweepCounts
) -> dict[int, int]:
    """Decide the cell in column ``m`` of ``row`` for every frontier."""
    visit = Visit(strip, row, m)
    out: dict[int, int] = {}
    get = out.get
    closed = 0
    for state, poly in frontier.items():
        for new, shift in cell_moves(state, visit):
            if new == CLOSED:
                closed += poly << shift
            else:
                out[new] = get(new, 0) + (poly << shift)
    if closed:
        result.by_height[row + 1] = result.by_height.get(row + 1, 0) + closed
    return _pruned(out, strip, row)


def _pruned(frontier: dict[int, int], strip: Strip, row: int) -> dict[int, int]:
    """Drop the slots (and frontiers) that would need more tiles than allowed."""
    slot = strip.slot_bits * strip.corner_slots
    kept: dict[int, int] = {}
    top = strip.min_rows - 1
    climb = 2 * (top - row - 1) if top > row + 1 else 0
    budget = strip.most_tiles
    masks: dict[int, int] = {}
    needs = strip.needs
    for state, poly in frontier.items():
        need = needs.get(state)
        if need is None:
            need = needs[state] = _tiles_needed(state, strip)
        spare = budget - need - climb if need >= 0 else budget
        if spare < 0:
            continue
        if poly.bit_length() > slot * (spare + 1):
            mask = masks.get(spare)
            if mask is None:
                mask = masks[spare] = (1 << (slot * (spare + 1))) - 1
            poly &= mask
            if not poly:
                continue
        kept[state] = poly
    return kept
