"""Recognising Racepack's special constructions on a circuit.

The basic rules want every tile to touch exactly the tile before it and the
tile after it.  The rulebook's variants describe four ways of building that
bend this, and this module finds them (hairpins in
:mod:`trackkit.racepack.u_turns`); :mod:`trackkit.racepack.rules.constructions`
decides whether each one is built legally.

* A *hairpin* is three corner tiles in a row that turn the road right round:
  two corners turning the same way, then one turning the other way.  The road
  comes back alongside itself with no gap, so the third corner touches the
  tile just before the first one: the *wall* between the two roads, where the
  rulebook suggests standing a strip of card.
* A *U-turn* is any two corners in a row turning the same way whose
  neighbours end up touching.  A legal hairpin contains one; a U-turn that is
  not part of a legal hairpin is a track-building mistake.
* A *chicane* is a straight tile pushed one space to the side of the driving
  line, so the road jogs out and back (path tokens ``CL`` and ``CR``).
* A *pit lane* is a row of extra tiles laid against the outside of the main
  straight, off the racing loop; cars pull into it to make a pit stop.
* A *wide row* is a row of extra tiles that makes part of the main straight
  two tiles (four lanes) wide, for races of more than six cars.

Pit-lane and wide-row tiles are *extra tiles*: they lie on the table but are
not part of the loop.  They are numbered after the loop's tiles, pit lane
first, so that every tile on the table has one index.

Hairpins and U-turns live in :mod:`trackkit.racepack.u_turns`; their
names are re-exported here.  Everything here is pure: it reads the model and
returns plain values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE, Heading, Point, format_point
from trackkit.racepack import analysis
from trackkit.racepack.layout import INSIDE, Layout
from trackkit.racepack.u_turns import (
    HAIRPIN_APPROACH,
    LEFT,
    RIGHT,
    hand,
    touching,
)

__all__ = [
    "HAIRPIN_APPROACH",
    "LEFT",
    "LONG_COURSE",
    "LONG_COURSE_LAPS",
    "MANY_CARS",
    "PIT",
    "PIT_LENGTH",
    "PIT_SPEED_LIMIT",
    "RIGHT",
    "SHORT_COURSE_LAPS",
    "WIDE",
    "Chicane",
    "ExtraTile",
    "RowPlan",
    "StoppingPlace",
    "chicanes",
    "encloses",
    "extra_indices",
    "extra_tile_count",
    "extra_tiles",
    "grid_depth",
    "hand",
    "outward",
    "row_plans",
    "row_tiles",
    "span",
    "span_words",
    "stopping_places",
    "touching",
    "wide_stretch",
]

PIT = "pit"
WIDE = "wide"
"""The two kinds of extra-tile row; also the layout keys that describe them."""

PIT_LENGTH = 4
"""Tiles in a pit lane: "a 4-tile pit lane"."""

PIT_SPEED_LIMIT = 3
"""The fastest a car may move in the pit lane: "Speed in the pit lane is
restricted to 3"."""

MANY_CARS = 6
"""Races of more than this many cars want a two-tile-wide main straight."""

LONG_COURSE = TILES_PER_PACK
"""A loop of more tiles than one piecepack holds counts as a long course."""

SHORT_COURSE_LAPS = 5
LONG_COURSE_LAPS = 3
"""The fewest laps for which the rules call a pit lane applicable: "5 or more
laps on a short course, or 3-6 laps on a long course"."""

def span(first: int, length: int, size: int) -> tuple[int, ...]:
    """Loop indices ``first``, ``first + 1``, ... (``length`` of them), wrapping round."""
    return tuple((first + i) % size for i in range(length))


def span_words(tiles: tuple[int, ...]) -> str:
    """``tiles 19-22`` for a run, ``tile 5`` for one tile."""
    if len(tiles) == 1:
        return f"tile {tiles[0]}"
    return f"tiles {tiles[0]}-{tiles[-1]}"


# --- chicanes ------------------------------------------------------------------


@dataclass(frozen=True)
class Chicane:
    """Tile ``tile`` is a chicane pushed one space to the ``side`` (``left`` or
    ``right``) of the driving line, seen from a car driving round the loop."""

    tile: int
    side: str


def chicanes(circuit: Circuit) -> list[Chicane]:
    """Every chicane tile in driving order, with the side it is pushed to."""
    found: list[Chicane] = []
    for tile in circuit:
        side = hand(tile.kind) if tile.kind is not None and tile.kind.is_chicane else None
        if side is not None:
            found.append(Chicane(tile.index, side))
    return found


# --- pit lanes and wide rows -----------------------------------------------------


@dataclass(frozen=True)
class ExtraTile:
    """A tile on the table that is not part of the loop.

    ``index`` numbers it after the loop's tiles; ``row`` says which row it
    belongs to (``pit`` or ``wide``) and ``number`` where in that row (0 is
    the first a car reaches); ``beside`` is the loop tile it is laid against.
    """

    index: int
    row: str
    number: int
    centre: Point
    beside: int

    def describe(self) -> str:
        """``pit tile 2 at (9, 2)``: how messages name an extra tile."""
        return f"{self.row} tile {self.number} at {format_point(self.centre)}"


@dataclass(frozen=True)
class RowPlan:
    """What a layout asks for in one row: where it starts, how long it is and
    which side of the road it lies on."""

    row: str
    first: int
    length: int
    side: str


def row_plans(layout: Layout) -> list[RowPlan]:
    """The layout's rows of extra tiles, pit lane first."""
    plans: list[RowPlan] = []
    if layout.pit is not None:
        plans.append(RowPlan(PIT, layout.pit.first, layout.pit.length, layout.pit.side))
    if layout.wide is not None:
        plans.append(RowPlan(WIDE, layout.wide.first, layout.wide.length, layout.wide.side))
    return plans


def extra_indices(layout: Layout) -> dict[str, range]:
    """The index range each row's tiles get: after the loop, pit lane first."""
    ranges: dict[str, range] = {}
    next_index = len(layout.circuit)
    for plan in row_plans(layout):
        ranges[plan.row] = range(next_index, next_index + plan.length)
        next_index += plan.length
    return ranges


def extra_tile_count(layout: Layout) -> int:
    """How many tiles the pit lane and wide row take from the packs."""
    return sum(plan.length for plan in row_plans(layout))


def outward(circuit: Circuit, heading: Heading, side: str) -> Heading:
    """The heading from the road towards ``side`` (``outside`` or ``inside``).

    The inside of a clockwise loop is on a driver's right, so its outside is
    on the left; a counterclockwise loop is the other way round.
    """
    away = heading.left() if circuit.clockwise else heading.right()
    return away.opposite() if side == INSIDE else away


def row_tiles(circuit: Circuit, plan: RowPlan, first_index: int) -> tuple[ExtraTile, ...]:
    """The tiles of one row: a straight line of tiles starting beside loop
    tile ``plan.first`` and running on in its driving direction."""
    n = len(circuit)
    lined = circuit[plan.first]
    heading = lined.entry or Heading.EAST
    out = outward(circuit, heading, plan.side)
    x, y = lined.line_point
    x, y = x + out.dx * TILE, y + out.dy * TILE
    return tuple(
        ExtraTile(
            first_index + number,
            plan.row,
            number,
            (x + heading.dx * TILE * number, y + heading.dy * TILE * number),
            (plan.first + number) % n,
        )
        for number in range(plan.length)
    )


def extra_tiles(layout: Layout) -> tuple[ExtraTile, ...]:
    """Every pit-lane and wide-row tile, numbered after the loop.

    Rows are placed relative to the loop, so this needs a whole circuit and
    gives an empty tuple otherwise.
    """
    circuit = layout.circuit
    if not circuit.is_whole:
        return ()
    indices = extra_indices(layout)
    tiles: list[ExtraTile] = []
    for plan in row_plans(layout):
        tiles.extend(row_tiles(circuit, plan, indices[plan.row].start))
    return tuple(tiles)


def encloses(circuit: Circuit, point: Point) -> bool:
    """Whether ``point`` lies in the ground the loop's driving line encloses.

    Counts how often a ray from ``point`` towards the east crosses the
    driving line (an even-odd test).  A point on the line itself is not
    enclosed.
    """
    corners = [tile.line_point for tile in circuit]
    px, py = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 > py) != (y2 > py):
            cross_x = x1 + Fraction(py - y1) * (x2 - x1) / (y2 - y1)
            if px < cross_x:
                crossings += 1
    return crossings % 2 == 1


@dataclass(frozen=True)
class StoppingPlace:
    """A square of the pit lane where a team's car stops: in pit tile
    ``pit_tile``, the square whose centre is ``square`` (in tiles)."""

    pit_tile: int
    square: tuple[Fraction, Fraction]


def stopping_places(layout: Layout) -> list[StoppingPlace]:
    """Every other square of the pit lane, where cars stop.

    The pit row is two lanes wide.  Cars drive along the lane next to the
    track; the far lane, against which the team dice stand, holds the stops:
    its first square, its third, and so on, which is the first square of
    each pit tile.
    """
    tiles = [t for t in extra_tiles(layout) if t.row == PIT]
    if layout.pit is None or not tiles:
        return []
    heading = layout.circuit[layout.pit.first].entry or Heading.EAST
    out = outward(layout.circuit, heading, layout.pit.side)
    places: list[StoppingPlace] = []
    for tile in tiles:
        x = Fraction(2 * tile.centre[0] + out.dx - heading.dx, 2 * TILE)
        y = Fraction(2 * tile.centre[1] + out.dy - heading.dy, 2 * TILE)
        places.append(StoppingPlace(tile.number, (x, y)))
    return places


def grid_depth(cars: int) -> int:
    """How many spaces of road behind the line the starting grid fills: the
    cars stand two abreast, one pair per space."""
    return -(-cars // 2)


def wide_stretch(circuit: Circuit, start: Fraction, cars: int) -> tuple[int, ...]:
    """The loop tiles that must be two tiles wide for a race of ``cars`` cars:
    "from the starting grid up to the first corner".

    That is every tile from the one holding the last row of the grid up to
    the tile before corner 1.  Needs a whole circuit with a corner.
    """
    n = len(circuit)
    corners = analysis.numbered_corners(circuit, start)
    if not corners:
        return ()
    back = math.floor((start * TILE - grid_depth(cars)) / TILE) % n
    stretch: list[int] = []
    tile = back
    while tile != corners[0].tile and len(stretch) < n:
        stretch.append(tile)
        tile = (tile + 1) % n
    return tuple(stretch)
