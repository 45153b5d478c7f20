"""Counting plain circuits by a transfer matrix: a line swept across a strip.

These notes describe the method; :mod:`.sweep` runs it, on whole arrays of
frontiers at once, both to count and to build the tables of the exactly
uniform draw (:mod:`.uniform`).  This module keeps only the small pieces the
sweep and the box counts share, which load no array library.

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
and only through what the sweep keeps for each frontier cell:

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

When corners are counted, an end whose one neighbour is the cell below it
is marked ``VERTICAL`` (a tile is a corner when its two neighbours are one
beside it and one above or below).

A frontier is packed into one integer, a few bits a column, with two more
bits saying whether the left and the right column of the strip have been
reached.  The sweep keeps, for every frontier that can occur, how many ways
of deciding the visited cells lead to it, split by the number of tiles
placed (and of corners).

A circuit is complete when the road joins an ``OPEN`` to its own ``CLOSE``
with no other end left anywhere: that visit adds its ways to the count of
its height (the rows swept so far) and size.

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
are the counts of tile numbers that would overshoot.  How many more tiles a
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

__all__ = ["SweepCounts", "most_rows", "slot_bits_for"]


def slot_bits_for(tiles: int) -> int:
    """Bits for one coefficient of a packed polynomial when circuits have at
    most ``tiles`` tiles: far more than the count of any shape of that size
    (about 1.12 bits a tile), so that no slot ever spills into the next."""
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


def most_rows(width: int, most_tiles: int) -> int:
    """The most rows a circuit ``width`` wide of at most ``most_tiles`` tiles
    can span: ``w`` by ``h`` cells take at least ``2 (w + h) - 4`` tiles."""
    return max(0, (most_tiles + 4) // 2 - width)
