"""The track as a car sees it: spaces, headings and one-space steps.

A :class:`Board` turns the space model of :mod:`trackkit.racepack.spaces`
into tables a search can use many thousands of times: every space gets a
number, and for every space and heading the board knows the space straight
ahead and the spaces a lane change reaches.

A car's *heading* is the way it points.  On a straight or chicane tile it is
the way the road runs.  On a corner tile it is either the heading out of the
corner (the default: "it is automatically assumed to be facing out of the
corner for its next movement") or the heading it was moving with ("in rare
cases a driver may wish the car to still be facing in the direction it was
moving in the previous movement").  A movement keeps one heading from start
to end, because "forward movements are always straight-ahead movements": a
car that enters a corner at speed 2 goes on straight across the corner tile
for its second space, and it turns only where a movement ends.  A car that
ends a movement on a straight or chicane tile faces along the road there
(a lane change out of a corner may leave it pointing across the road).

The board also places the start/finish line (to count laps), the hazards
and any stretch with a speed limit (the pit lane).

A board may also hold a wide main straight's second row (see
:mod:`trackkit.racepack.row_spaces`): its tiles are numbered on from the
loop's, so the space numbers of the loop do not change; a row space lies as
far round the lap as the loop space beside it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import Heading, Point
from trackkit.racepack.analysis import require_whole
from trackkit.racepack.movement.speeds import MAX_SPEED
from trackkit.racepack.row_spaces import RowTile
from trackkit.racepack.spaces import Quadrant, Row, Side, Space, Step, StepKind, row_of, side_of, steps

__all__ = [
    "HEADINGS",
    "QUADRANTS",
    "Board",
    "CarState",
    "build_board",
    "corner_inside_space",
]

QUADRANTS = tuple(Quadrant)
HEADINGS = tuple(Heading)

CarState = tuple[int, int]
"""Where a car is between movements: ``(space number, heading number)``."""


def corner_inside_space(circuit: Circuit, tile: int) -> Quadrant:
    """The space of a corner tile in the inside of the bend.

    It lies in the lane the corner turns toward both for a car arriving and
    for a car leaving: the one space at the apex.  The other three are the
    "three outside spaces of the corner tile" where a car that spun out
    re-enters.
    """
    here = circuit[tile]
    assert here.entry is not None and here.exit is not None
    turn = Side.LEFT if here.kind is Kind.LEFT else Side.RIGHT
    for quadrant in QUADRANTS:
        if side_of(quadrant, here.entry) is turn and side_of(quadrant, here.exit) is turn:
            return quadrant
    raise AssertionError("a corner tile has an apex space")


@dataclass
class Board:
    """A whole circuit ready for movement searches.

    Spaces are numbered ``4 * tile + quadrant``; headings by their place in
    :data:`HEADINGS`.  ``ahead[(space, heading)]`` is the space one forward
    step on, ``beside[(space, heading)]`` the spaces a lane change reaches.
    ``line`` is the start/finish line in half tiles along the loop and
    ``rel[space]`` how far past it (in half tiles, modulo a lap) the space
    lies; ``hazards`` are the spaces holding hazards, ``limit[tile]`` the
    fastest a movement touching the tile may be, and ``free`` the corner
    tiles whose entry speed limit is lifted (for "what does this corner
    cost" questions).  ``row`` holds the wide row's tiles, numbered on from
    the loop's (tile ``tiles + j`` is ``row[j]``); the per-tile tables
    (``corner``, ``limit``...) cover them too.
    """

    circuit: Circuit
    ahead: dict[CarState, int]
    beside: dict[CarState, tuple[int, ...]]
    line: int
    rel: list[int]
    hazards: frozenset[int] = frozenset()
    limit: tuple[int, ...] = ()
    free: frozenset[int] = frozenset()
    corner: tuple[bool, ...] = field(default=())
    exit_heading: tuple[int, ...] = field(default=())
    entry_heading: tuple[int, ...] = field(default=())
    row: tuple[RowTile, ...] = ()

    @property
    def tiles(self) -> int:
        """The loop's tiles (a lap is ``2 * tiles`` half tiles)."""
        return len(self.circuit)

    @property
    def all_tiles(self) -> int:
        """The loop's tiles and the wide row's."""
        return len(self.circuit) + len(self.row)

    def space(self, number: int) -> Space:
        """The named space of space ``number`` (a row space by its table tile)."""
        tile = number // 4
        if tile >= self.tiles:
            tile = self.row[tile - self.tiles].index
        return Space(tile, QUADRANTS[number % 4])

    def number(self, space: Space) -> int:
        """The number of ``space``; raises :class:`KeyError` for a tile not on the board."""
        tile = space.tile
        if tile >= self.tiles:
            found = [number for number, row_tile in enumerate(self.row) if row_tile.index == tile]
            if not found:
                raise KeyError(space)
            tile = self.tiles + found[0]
        return 4 * tile + QUADRANTS.index(space.quadrant)

    def cell(self, number: int) -> Point:
        """The south-west point (in spaces) of the square space ``number`` covers."""
        tile = number // 4
        quadrant = QUADRANTS[number % 4]
        if tile >= self.tiles:
            return self.row[tile - self.tiles].cell(quadrant)
        return quadrant.cell(self.circuit[tile].centre)

    def headings(self, state: CarState) -> tuple[int, ...]:
        """The headings a car may take for its next movement."""
        space, heading = state
        tile = space // 4
        if not self.corner[tile]:
            return (self.exit_heading[tile],)
        out = self.exit_heading[tile]
        return (out,) if heading == out else (out, heading)

    def states(self) -> list[CarState]:
        """Every place a car can stand between movements.

        Each space with its tile's heading out; on corner tiles also every
        heading a movement can arrive with, since a car there keeps the
        heading it moved with.  That is the heading in, and more: a lane
        change from a corner's apex onto the next corner tile (in an ess or a
        hairpin) keeps the first corner's heading in, which is neither heading
        of the second tile.
        """
        arriving: dict[int, set[int]] = {}
        for (_, heading), target in self.ahead.items():
            arriving.setdefault(target, set()).add(heading)
        for (_, heading), targets in self.beside.items():
            for target in targets:
                arriving.setdefault(target, set()).add(heading)
        found = []
        for space in range(4 * self.all_tiles):
            tile = space // 4
            out = self.exit_heading[tile]
            if tile >= self.tiles and (space, out) not in self.ahead and (space, out) not in self.beside:
                continue  # the closed pit lane of a three-lane row
            found.append((space, out))
            if self.corner[tile]:
                others = {self.entry_heading[tile]} | arriving.get(space, set())
                found.extend((space, heading) for heading in sorted(others - {out}))
        return found

    def crosses(self, source: int, target: int) -> bool:
        """Whether a step from ``source`` to ``target`` crosses the start/finish line."""
        return self.rel[source] - self.rel[target] > 2

    def outside_spaces(self, tile: int) -> tuple[int, ...]:
        """The three spaces of corner ``tile`` a spun-out car may re-enter on."""
        inside = corner_inside_space(self.circuit, tile)
        return tuple(4 * tile + index for index, quadrant in enumerate(QUADRANTS) if quadrant is not inside)

    def hits(self, path: tuple[int, ...]) -> bool:
        """Whether a movement over ``path`` (its first space where it
        starts) passes over or lands on one of this board's hazards."""
        return not self.hazards.isdisjoint(path[1:])

    def with_changes(
        self,
        *,
        hazards: Iterable[int] | None = None,
        limit: dict[int, int] | None = None,
        free: Iterable[int] | None = None,
    ) -> Board:
        """The same board with other hazards, speed limits or lifted corners."""
        limits = list(self.limit)
        for tile, speed in (limit or {}).items():
            limits[tile] = speed
        return Board(
            self.circuit,
            self.ahead,
            self.beside,
            self.line,
            self.rel,
            frozenset(self.hazards if hazards is None else hazards),
            tuple(limits),
            frozenset(self.free if free is None else free),
            self.corner,
            self.exit_heading,
            self.entry_heading,
            self.row,
        )


def build_board(
    circuit: Circuit,
    start: Fraction,
    *,
    chicane_cuts: bool = True,
    row: tuple[RowTile, ...] = (),
    moves: Iterable[Step] | None = None,
) -> Board:
    """The board of a whole ``circuit`` with its start/finish line at ``start``
    (in tiles, as :attr:`~trackkit.racepack.layout.Layout.start`); with a
    wide ``row``, ``moves`` are every step of the road, the row's included
    (by default the loop's steps)."""
    require_whole(circuit)
    ahead: dict[CarState, int] = {}
    beside: dict[CarState, list[int]] = {}
    headings = {heading: number for number, heading in enumerate(HEADINGS)}
    board = Board(circuit, {}, {}, 0, [], row=row)
    for move in steps(circuit, chicane_cuts=chicane_cuts) if moves is None else moves:
        source = board.number(move.source)
        target = board.number(move.target)
        key = (source, headings[move.heading])
        if move.kind is StepKind.FORWARD:
            ahead[key] = target
        else:
            beside.setdefault(key, []).append(target)
    n = len(circuit)
    line = int(2 * start) % (2 * n)
    rel = []
    for tile in [*circuit, *(circuit[row_tile.beside] for row_tile in row)]:
        assert tile.exit is not None
        for quadrant in QUADRANTS:
            half = 1 if row_of(quadrant, tile.exit) is Row.FRONT else 0
            rel.append((2 * tile.index + half - line) % (2 * n))
    corner = tuple(tile.is_corner for tile in circuit) + (False,) * len(row)
    exits = tuple(headings[tile.exit] for tile in circuit if tile.exit is not None)
    entries = tuple(headings[tile.entry] for tile in circuit if tile.entry is not None)
    along = tuple(headings[row_tile.heading] for row_tile in row)
    return Board(
        circuit,
        ahead,
        {key: tuple(found) for key, found in beside.items()},
        line,
        rel,
        frozenset(),
        (MAX_SPEED,) * (n + len(row)),
        frozenset(),
        corner,
        exits + along,
        entries + along,
        row,
    )
