"""Random legal tracks: choosing a circuit, driving it, and laying it out.

Terms used throughout this package
----------------------------------
*Cell*
    A tile position ``(x, y)`` in whole tiles, as in :mod:`trackkit.racepack.circuits`.
    The model measures in spaces (half tiles), so a cell ``(x, y)`` is the tile
    centred on ``(2x, 2y)``.
*Plain circuit*
    A closed loop of cells in which every tile touches exactly the tile
    before it and the tile after it (see :mod:`trackkit.racepack.circuits`).
*Hairpin circuit*
    A loop that is plain except for hairpin walls.  A *hairpin* is three
    corners in a row that fold the road back against itself; in cells it is a
    2 x 2 *block* of four tiles ``b, c1, c2, c3`` in driving order where
    ``b`` (the last tile of the straight leading in) touches ``c3`` (the
    third corner) across the *wall*.  The two tiles before ``b`` are plain
    straights (the rules' "straight that is three or more tiles long").
*Fold*
    Every hairpin circuit comes from a plain circuit two tiles shorter per
    hairpin: take away each block's two middle tiles ``c1, c2`` and ``b`` and
    ``c3`` become neighbours, ``b`` a corner with a straight tile on each
    side.  Folding is the reverse: at such a corner (a *hairpin site*), add
    two tiles beyond one of its legs.  Which leg, and the corner, name the
    site; the result is checked to be a legal hairpin circuit.
*Main straight*
    The straight holding the start/finish line: a longest straight, and of
    several equally long ones, the one whose middle lies lowest on the table,
    then furthest left.  That choice does not depend on the driving
    direction, so neither does anything built on it.  The line goes across
    its middle.
*Eligible place*
    Where a special construction may go on a chosen circuit.  A *pit place*
    is four plain tiles of the main straight, leaving one straight tile
    before and after, whose outside row of four cells is free and touches
    nothing else.  A *chicane place* is a plain straight tile off the main
    straight whose two neighbours are plain straights, together with the side
    its tile is pushed to, where the pushed tile touches nothing but its two
    neighbours.  Chicanes are placed in *sets* whose tiles are not next to one
    another and do not touch one another.

How a track is drawn
--------------------
Up to :data:`trackkit.racepack.circuits.EXACT_LIMIT` tiles in the loop, every circuit
is listed (:func:`trackkit.racepack.circuits.circuit_table`), and every circuit that
meets the constraints is exactly equally likely, counted up to translation.
With hairpins, the list is of (plain circuit, set of hairpin sites) pairs
whose fold is legal; each pair is one hairpin circuit and each hairpin
circuit one pair, so again every matching circuit is equally likely.  Above
the limit the plain circuit comes from the random walk of
:func:`trackkit.racepack.circuits.random_circuit`, close to uniform but not exactly.

Then, in this order, from the same seed: the driving direction (a fair coin
for ``any``), the pit place (uniform among the places that leave room for the
chicanes asked for), and the chicanes (uniform among the valid sets of
places).  A circuit is only counted as meeting the constraints when it can
take the constructions asked for.  Every layout is checked with the full
rules before it is returned; one that is not legal raises
:class:`~trackkit.errors.GenerationError`.

Everything here is pure: it builds :class:`~trackkit.racepack.layout.Layout`
objects and leaves writing them to :mod:`trackkit.racepack.formats.generated`.

The package
-----------
``request`` (what the tracks must be), ``facts`` (corners, straights, size
of a loop), ``shapes`` (hairpins folded in), ``places`` (pit lane and
chicanes), ``plan`` (from a circuit to a layout), ``population`` (the
matching circuits of a table), ``draw`` (:func:`generate_layouts`) and
``ids`` (a layout's circuit id).  Everything public is importable from the
package itself.
"""

from __future__ import annotations

from trackkit.racepack.generate import draw, facts, ids, places, plan, population, request, shapes
from trackkit.racepack.generate.draw import *  # noqa: F403
from trackkit.racepack.generate.facts import *  # noqa: F403
from trackkit.racepack.generate.ids import *  # noqa: F403
from trackkit.racepack.generate.places import *  # noqa: F403
from trackkit.racepack.generate.plan import *  # noqa: F403
from trackkit.racepack.generate.population import *  # noqa: F403
from trackkit.racepack.generate.request import *  # noqa: F403
from trackkit.racepack.generate.shapes import *  # noqa: F403

__all__ = [
    *request.__all__,
    *facts.__all__,
    *shapes.__all__,
    *places.__all__,
    *plan.__all__,
    *population.__all__,
    *draw.__all__,
    *ids.__all__,
]
