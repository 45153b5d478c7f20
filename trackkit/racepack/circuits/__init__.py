"""Counting, listing, sampling and naming plain circuits.

Terms used throughout this package
----------------------------------
*Cell*
    A square tile position ``(x, y)`` on the integer grid, in whole tiles, with
    x growing to the east and y to the north.
*Adjacent*
    Two cells are adjacent when they share an edge: they differ by one in
    exactly one coordinate.  Cells that meet only at a corner point are not.
*Plain circuit*
    A closed loop of ``n`` distinct cells, listed in driving order, in which
    each cell is adjacent to the cell before it and the cell after it (the last
    cell is followed by the first) and to no other cell of the loop.  In graph
    terms: an induced cycle of the square grid.  Plain circuits have an even
    number of cells, at least four, and none has six.
*Same circuit up to translation*
    Two circuits are the same up to translation when one is the other shifted
    across the grid, whichever tile is listed first and whichever way round the
    loop is driven: a circuit is really the *set* of its cells.  "Up to
    symmetry" (the *free* count) further merges circuits that are rotations or
    mirror images of one another.
*Canonical form*
    The one listing of a circuit that this package returns.  It is shifted so
    the smallest x and the smallest y are both 0; tile 0 is the lowest cell of
    the leftmost column (the lexicographically smallest cell); and the loop is
    driven counterclockwise, which from that cell means tile 1 is its eastern
    neighbour and the last tile its northern one.  :func:`normalize_circuit`
    produces it.
*Turns*
    The loop read as a driver sees it: one letter per tile in driving order,
    ``S`` for a *straight* (the road goes on in the same heading), ``L`` or
    ``R`` for a *corner* turning left or right.  Counterclockwise loops have
    four more ``L`` than ``R``.

How the exact numbers are found
-------------------------------
:func:`count_circuits` counts without listing, by the transfer matrix of
:mod:`.frontier` (run on arrays by :mod:`.sweep`): a line swept across a
strip of cells, keeping for each way the visited cells can meet the line
only how many ways lead to it (see that module's notes).  Its time grows
about three times per four tiles, against 22 for the number of circuits,
which is what takes it to 60 tiles.

The count up to symmetry uses Burnside's lemma: it averages over the eight
symmetries of the square the number of circuits each one maps onto a shifted
copy of itself (:mod:`.fixed`).  Symmetric circuits are few (about the
square root of all of them) and are known from half their road: the half
turn and the mirrors are counted by transfer matrices over that half
(:mod:`.turns`, :mod:`.mirrors`, :mod:`.diagonal`), and the quarter turns,
rarer still, by walking a quarter of the road (:mod:`.symmetry`).

:func:`enumerate_circuits` lists circuits: it walks every path that starts
at the canonical tile 0, steps east, and must come back to it from the
north, by depth-first search.  Each circuit is met exactly once because the
canonical form fixes both its first tile and its direction.  The search keeps,
in a flat list indexed by cell, how many placed tiles (other than the newest
one) each cell touches; a cell may be entered only when that number is zero,
which enforces "no other adjacency" in constant time.  A branch is cut as soon
as the tiles left cannot bring the road back home (Manhattan distance), and
the last step home is checked without a further call.  The work is split into
short prefixes, which is also where the progress callback comes from.

Uniform sampling
----------------
Up to :data:`EXACT_LIMIT` tiles, :func:`sample_circuits` draws from a *table*
holding every circuit of that size, so each circuit (meeting the caller's
condition) is exactly equally likely.  A table is built once, kept in memory,
and cached on disk: see :func:`circuit_table` for the cache format and place.

``EXACT_LIMIT`` is 28, chosen from measurements on one core of the 2-core
development machine.  The 24 tile table (58,364 circuits) builds in under
half a second.  The 28 tile table (1,206,818 circuits) builds in about 9
seconds, once: it takes 34 MB of memory and 3.4 MB on disk, and loads from
the cache in a tenth of a second.  Drawing without a condition costs
microseconds per circuit at any size.  A condition is evaluated on every
circuit of the table once per call: about a quarter of a second at 24 tiles,
four to five seconds at 28.  The next size, 30 tiles, would hold about 5.5
million circuits: some 45 seconds to build, 165 MB of memory and more than
20 seconds per call with a condition, which is past practical.

Beyond the exact limit: a random walk
-------------------------------------
:func:`random_circuit` (and :func:`sample_circuits` above ``EXACT_LIMIT``)
uses a Markov chain whose every state is a plain circuit, so its output is
legal by construction and has exactly the requested number of tiles:

1. Start from the largest rectangular ring that fits the tile count and the
   size limits, and grow it to ``n`` tiles: again and again, replace a run of
   one to four consecutive tiles by a detour two tiles longer between the
   same two neighbours, keeping only replacements that leave a plain circuit.
2. Shuffle it with a fixed number of Metropolis-Hastings moves (``6 n**2`` by
   default): replace a random run of one to four tiles by a random detour of
   the same length or two tiles shorter or longer, between the same two
   neighbours, accepting with the ratio of the reverse and forward proposal
   probabilities.  The loop may shrink to ``n - 2`` tiles on the way, which
   lets thin shapes such as the 3-wide rings move at all.  When the fixed
   steps end on a loop two tiles short, the walk goes on and looks again
   after every further ``n**2 / 2`` moves until it finds ``n`` tiles.

The equilibrium of the shuffle is uniform over the circuits of ``n - 2`` and
``n`` tiles it can reach, hence uniform over those of ``n`` tiles.  But it
runs a finite number of steps from a rectangle, the extra looks are only
nearly independent of the last one, and nothing proves that every circuit
can be reached, so the output is close to uniform, not exactly uniform.  :func:`measure_chain_bias`
compares its corner-count histogram with the exact one: at 24 to 28 tiles
and 2,000 draws the distance is as small as that of 2,000 exactly uniform
draws (about 0.02); the shapes' widths settle within about ``2 n**2`` steps
at 28 tiles.  At 48 tiles nothing exact is known; there, 6 n**2 steps agree
with 24 n**2 steps within sampling noise.  A step costs about 2 microseconds,
so a 48-tile circuit takes about 30 ms.  Size limits are met by construction
too, but a tight box can make the growth fail (:class:`GenerationError`).

The package
-----------
``plain`` (the cell loop and its facts), ``search`` (the exhaustive search
and listing), ``frontier`` (the transfer matrix's method), ``sweep`` (the
transfer matrix on arrays, and the uniform draw's tables), ``boxes`` (its
counts by bounding box), ``symmetry`` (symmetric circuits), ``count``,
``uniform`` (exactly uniform draws), ``table``
(the tables and their cache), ``sample``, ``walk`` (the random walk) and
``ids``.  Everything public is importable
from the package itself.
"""

from __future__ import annotations

from trackkit.racepack.circuits import count, ids, plain, sample, search, table, uniform, walk
from trackkit.racepack.circuits.count import *  # noqa: F403
from trackkit.racepack.circuits.ids import *  # noqa: F403
from trackkit.racepack.circuits.plain import *  # noqa: F403
from trackkit.racepack.circuits.sample import *  # noqa: F403
from trackkit.racepack.circuits.search import *  # noqa: F403
from trackkit.racepack.circuits.table import *  # noqa: F403
from trackkit.racepack.circuits.uniform import *  # noqa: F403
from trackkit.racepack.circuits.walk import *  # noqa: F403

__all__ = [
    *plain.__all__,
    *search.__all__,
    *count.__all__,
    *table.__all__,
    *sample.__all__,
    *uniform.__all__,
    *walk.__all__,
    *ids.__all__,
]
