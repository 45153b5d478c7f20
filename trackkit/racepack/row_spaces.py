"""The spaces of a wide main straight's second row, and the steps onto,
along and off it.

A *wide row* (layout key ``wide``) is a straight row of extra tiles laid
beside the main straight, so that "the main straight should be two tiles
wide from the starting grid up to the first corner" for races of more than
six cars.  The loop's two lanes and the row's two make a four-lane road.
The rules let players call it "a 4-lane stretch of road, or ... a 3-lane
stretch with the outer lane representing a pit lane and not useable to cars
that are not entering the pits"; a layout says which with ``lanes``, and
with ``lanes: 3`` the row's outer lane (the one farther from the loop) has
no steps at all.

A car on the row moves as on any straight (see
:mod:`trackkit.racepack.spaces`): a forward step to the space straight
ahead, a lane change one space ahead and one to the side.  Steps run along
the row, between its two lanes, and across the edge between a row tile and
the loop tile it lines, in both directions.  The row ends where it ends:
there is no forward step off its last tile, and a lane change may not cut
the corner at either end of the row (one of the two spaces beside the
diagonal would be off the road), so a car leaves the row by a lane change
back onto the loop beside the row.  The spaces at the row's far end from
which no step leads on (the front of its last tile, and the outer lane's
rear space there) are not entered at all: a car may not drive into a
corner of the road it could never leave.

A *row space* is named like a loop space: by the row tile's index (after
the loop's tiles, pit lane first, as
:func:`~trackkit.racepack.constructions.extra_tiles` numbers them) and its
quadrant.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError
from trackkit.piecepack.circuit import Kind, Tile
from trackkit.piecepack.geometry import Heading, Point, step
from trackkit.racepack.constructions import WIDE, extra_tiles, outward
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Facing, Quadrant, Side, Space, Step, StepKind, side_of, steps

__all__ = [
    "RowTile",
    "racing_steps",
    "row_steps",
    "space_cells",
    "wide_row",
    "with_wide_lanes",
]


@dataclass(frozen=True)
class RowTile:
    """One tile of the wide row: its table ``index``, the loop tile it lies
    ``beside``, its ``centre`` (in spaces), the ``heading`` cars drive along
    it and the quadrants of its ``closed`` lane (the pit lane of a three-lane
    row; empty for four lanes)."""

    index: int
    beside: int
    centre: Point
    heading: Heading
    closed: frozenset[Quadrant] = frozenset()

    def cell(self, quadrant: Quadrant) -> Point:
        """The south-west point of ``quadrant``'s square on this tile."""
        return quadrant.cell(self.centre)


def wide_row(layout: Layout) -> tuple[RowTile, ...]:
    """The layout's wide-row tiles a race drives on, in driving order: those
    beside a plain straight loop tile running the row's way and clear of the
    loop (the rules allow no other; ``validate`` reports the rest, and a
    race leaves them out).  None without a row or on a circuit that is not
    whole."""
    wide = layout.wide
    circuit = layout.circuit
    if wide is None or not circuit.is_whole:
        return ()
    heading = circuit[wide.first % len(circuit)].entry or Heading.EAST
    closed = _closed(layout, heading)
    loop = {cell for tile in circuit for cell in tile.cells()}
    return tuple(
        RowTile(extra.index, extra.beside, extra.centre, heading, closed)
        for extra in extra_tiles(layout)
        if extra.row == WIDE
        and _lines_straight(circuit[extra.beside], heading)
        and not loop.intersection(quadrant.cell(extra.centre) for quadrant in Quadrant)
    )


def _lines_straight(tile: Tile, heading: Heading) -> bool:
    """Whether ``tile`` is a plain straight running along ``heading``."""
    return tile.kind is Kind.STRAIGHT and tile.exit is heading


RACING_LANES = (3, 4)
"""How a wide straight may be designated: "a 4-lane stretch of road, or ...
a 3-lane stretch with the outer lane representing a pit lane"."""


def with_wide_lanes(layout: Layout, lanes: int) -> Layout:
    """``layout`` with its wide straight designated ``lanes`` lanes (3 or 4),
    for players who read it otherwise than the layout says.  Raises
    :class:`~trackkit.errors.ArgumentError` for a layout without a wide row
    or another number of lanes."""
    if lanes not in RACING_LANES:
        raise ArgumentError(f"must be 3 or 4, not {lanes}", parameter="wide_lanes")
    if layout.wide is None:
        raise ArgumentError("needs a layout with a wide main straight (a 'wide' row)", parameter="wide_lanes")
    return replace(layout, wide=replace(layout.wide, lanes=lanes))


def _closed(layout: Layout, heading: Heading) -> frozenset[Quadrant]:
    """The quadrants of a three-lane row's pit lane: the lane away from the loop."""
    wide = layout.wide
    if wide is None or wide.lanes != 3:
        return frozenset()
    away = outward(layout.circuit, heading, wide.side)
    side = Side.LEFT if away is heading.left() else Side.RIGHT
    return frozenset(quadrant for quadrant in Quadrant if side_of(quadrant, heading) is side)


def space_cells(layout: Layout, row: tuple[RowTile, ...] | None = None) -> list[Point]:
    """The square (its south-west point, in spaces) of every space a race
    numbers: ``4 * tile + quadrant`` round the loop, then on over the wide
    row's tiles (``row``, the layout's by default)."""
    tiles = [tile.centre for tile in layout.circuit]
    tiles += [tile.centre for tile in (wide_row(layout) if row is None else row)]
    return [quadrant.cell(centre) for centre in tiles for quadrant in Quadrant]


def racing_steps(layout: Layout, *, chicane_cuts: bool = True) -> list[Step]:
    """Every one-space move of a race on ``layout``: round the loop
    (:func:`~trackkit.racepack.spaces.steps`, ``chicane_cuts`` as there),
    then onto, along and off its wide row."""
    return [*steps(layout.circuit, chicane_cuts=chicane_cuts), *row_steps(layout)]


def row_steps(layout: Layout) -> list[Step]:
    """Every one-space move onto, along or off the wide row (none without
    one): every step from a row space, and the lane changes from the loop
    tiles it lines onto it.  Steps between loop spaces are
    :func:`~trackkit.racepack.spaces.steps`'."""
    row = wide_row(layout)
    indices = {tile.index for tile in row}
    size = len(layout.circuit)
    found: list[Step] = []
    for number, tile in enumerate(row):
        cells = _Cells(layout, tile.heading)
        cells.add_row(tile, 0)
        cells.add_loop(tile.beside, 0)
        if number + 1 < len(row) and row[number + 1].beside == (tile.beside + 1) % size:
            cells.add_row(row[number + 1], 1)
        cells.add_loop((tile.beside + 1) % size, 1)
        found += cells.steps_from_row(tile)
        found += [s for s in cells.steps_from_loop(tile.beside) if s.target.tile in indices]
    return _without_dead_ends(found, indices)


def _without_dead_ends(found: list[Step], indices: set[int]) -> list[Step]:
    """``found`` less the steps onto row spaces no step leads on from (at
    the row's far end, where the road narrows back to two lanes), repeated
    until every row space left has a way back to the loop."""
    while True:
        leaving = {move.source for move in found}
        kept = [move for move in found if move.target.tile not in indices or move.target in leaving]
        if len(kept) == len(found):
            return kept
        found = kept


class _Cells:
    """The road squares a car on one cross-section of the four-lane road can
    step to: its own tile and the tile beside it (``later`` 0), the next
    tile of the loop and of the row (``later`` 1)."""

    def __init__(self, layout: Layout, heading: Heading) -> None:
        self.layout = layout
        self.heading = heading
        self.squares: dict[Point, tuple[Space, int]] = {}

    def add_row(self, tile: RowTile, later: int) -> None:
        for quadrant in Quadrant:
            if quadrant not in tile.closed:
                self.squares[tile.cell(quadrant)] = (Space(tile.index, quadrant), later)

    def add_loop(self, index: int, later: int) -> None:
        centre = self.layout.circuit[index].centre
        for quadrant in Quadrant:
            self.squares[quadrant.cell(centre)] = (Space(index, quadrant), later)

    def steps_from_row(self, tile: RowTile) -> Iterator[Step]:
        for quadrant in Quadrant:
            if quadrant not in tile.closed:
                yield from self._steps_from(Space(tile.index, quadrant), tile.cell(quadrant))

    def steps_from_loop(self, index: int) -> Iterator[Step]:
        centre = self.layout.circuit[index].centre
        for quadrant in Quadrant:
            yield from self._steps_from(Space(index, quadrant), quadrant.cell(centre))

    def _steps_from(self, space: Space, here: Point) -> Iterator[Step]:
        heading = self.heading
        ahead = step(here, heading)
        straight_on = self.squares.get(ahead)
        if straight_on is not None:
            yield Step(space, straight_on[0], StepKind.FORWARD, heading, Facing.EXIT)
        for side in Side:
            beside = step(here, side.of(heading))
            target = self.squares.get(step(ahead, side.of(heading)))
            if target is None:
                continue
            flanks = [self.squares.get(cell) for cell in (ahead, beside)]
            if all(flank is not None and flank[1] <= target[1] for flank in flanks):
                yield Step(space, target[0], StepKind.LANE_CHANGE, heading, Facing.EXIT, side)
