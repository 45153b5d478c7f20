"""Spaces: the one-inch squares the cars move on.

The back of every tile is a 2 x 2 grid of *spaces*, one inch square, and a
car always stands on exactly one of them.  This module names spaces, says
which lane each lies in, and works out every step a car may take from one
space to another.

Two ways of naming a space
--------------------------

* By *quadrant*, in the table frame: ``NE``, ``NW``, ``SE`` or ``SW`` is the
  quarter of the tile in that compass direction from its centre (north is +y
  of the layout).  This name does not depend on which way the road runs, so
  it is what a player reads off a diagram and what layout files store.
* By *lane* and *row*, relative to the driving direction.  A tile's two
  *lanes* are its left and right halves as a driver sees them; its two
  *rows* are the *rear* half (nearer where cars come from) and the *front*
  half.  The direction that decides left and right is the tile's *facing*:
  the heading a car has when it leaves the tile.  On a corner tile this is
  the heading out of the corner, because the rules say a car that stops in a
  corner "is automatically assumed to be facing out of the corner".

Steps between spaces
--------------------

A *forward step* moves a car one space straight ahead; a forward movement
of speed 5 is five forward steps.  A *lane change* moves it one space
diagonally: one space ahead and one space to the left or right.  A step is
possible only along the road: to a space of the same tile, or across the
edge where the tile meets the next tile in driving order.  Consequences:

* a car never steps across a wall between two roads that merely touch (the
  two legs of a hairpin, say);
* at a chicane, whose tile sits one space off the driving line, the road is
  one lane wide where the chicane tile meets its neighbours: only the one
  pair of spaces that actually meet across the edge is joined by a forward
  step;
* a lane change may not cut across an *inside corner edge*: the diagonal
  passes through the point where four spaces meet, and if either of the two
  spaces beside the diagonal is off the road (or not reachable along it),
  the car would be cutting the corner.  The rules make one exception: "it
  makes sense to allow them in a chicane", so a lane change into or out of a
  chicane tile may cut the corner of the jog, as long as one of the two
  spaces beside it is on the road.

On a corner tile a car normally faces out of the corner, but "in rare cases
a driver may wish the car to still be facing in the direction it was moving
in the previous movement, and this is also allowed"; a car that enters a
corner at speed 2 keeps going straight for its second space.  So corner
tiles have steps for both facings, marked :attr:`Facing.EXIT` and
:attr:`Facing.ENTRY`.

Everything here needs a whole circuit and raises
:class:`~trackkit.errors.CircuitError` otherwise.  networkx is imported only
by :func:`space_graph`, so importing this module stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import Heading, Point, step
from trackkit.racepack.analysis import require_whole

__all__ = [
    "Facing",
    "Quadrant",
    "Row",
    "Side",
    "Space",
    "Step",
    "StepKind",
    "cell_of",
    "facing_heading",
    "lane_quadrants",
    "quadrant_at",
    "row_of",
    "side_of",
    "space_graph",
    "steps",
    "tile_spaces",
]

if TYPE_CHECKING:
    import networkx


class Quadrant(StrEnum):
    """A quarter of a tile named by compass direction from its centre."""

    NE = "NE"
    NW = "NW"
    SE = "SE"
    SW = "SW"

    @property
    def signs(self) -> tuple[int, int]:
        """``(+1 east / -1 west, +1 north / -1 south)`` of the tile's centre."""
        return _SIGNS[self]

    def cell(self, centre: Point) -> Point:
        """The south-west point of this quarter of a tile centred on ``centre``."""
        east, north = self.signs
        return (centre[0] + (east - 1) // 2, centre[1] + (north - 1) // 2)

    @classmethod
    def from_signs(cls, east: int, north: int) -> Quadrant:
        """The quadrant ``east`` (+1 or -1) and ``north`` (+1 or -1) of the centre."""
        return _BY_SIGNS[(east, north)]

    @classmethod
    def parse(cls, text: str) -> Quadrant:
        """Read ``NE``, ``nw``...; raises :class:`ValueError` for anything else."""
        word = text.strip().upper()
        if word not in cls.__members__:
            raise ValueError(f"not a quadrant: {text!r}")
        return cls[word]


_SIGNS = {Quadrant.NE: (1, 1), Quadrant.NW: (-1, 1), Quadrant.SE: (1, -1), Quadrant.SW: (-1, -1)}
_BY_SIGNS = {signs: quadrant for quadrant, signs in _SIGNS.items()}


class Side(StrEnum):
    """Left or right, as seen by a driver facing along the road."""

    LEFT = "left"
    RIGHT = "right"

    def of(self, heading: Heading) -> Heading:
        """The heading pointing to this side of a car facing ``heading``."""
        return heading.left() if self is Side.LEFT else heading.right()

    def opposite(self) -> Side:
        return Side.RIGHT if self is Side.LEFT else Side.LEFT

    @classmethod
    def of_turn(cls, turn: str) -> Side:
        """The side a corner turns toward, from its path token ``L`` or ``R``."""
        return cls.LEFT if turn == "L" else cls.RIGHT


class Row(StrEnum):
    """The rear or front half of a tile along its facing."""

    REAR = "rear"
    FRONT = "front"


class Facing(StrEnum):
    """Which heading a car on a tile faces.

    ``EXIT`` is the heading out of the tile (on a corner, out of the corner);
    ``ENTRY`` is the heading it came in with, which differs only on a corner.
    """

    EXIT = "exit"
    ENTRY = "entry"


class StepKind(StrEnum):
    """A one-space move: straight ahead, or diagonally into the other lane."""

    FORWARD = "forward"
    LANE_CHANGE = "lane-change"


@dataclass(frozen=True, order=True)
class Space:
    """One space: quadrant ``quadrant`` of loop tile ``tile``."""

    tile: int
    quadrant: Quadrant

    def __str__(self) -> str:
        return f"{self.tile}{self.quadrant.value}"


@dataclass(frozen=True)
class Step:
    """A one-space move from ``source`` to ``target``.

    ``heading`` is the way the car faces while making it, ``facing`` says
    whether that is the tile's exit or entry heading, and ``side`` is the
    side a lane change moves toward (``None`` for a forward step).
    """

    source: Space
    target: Space
    kind: StepKind
    heading: Heading
    facing: Facing
    side: Side | None = None


# --- naming ------------------------------------------------------------------


def facing_heading(tile: Tile, facing: Facing = Facing.EXIT) -> Heading:
    """The heading a car on ``tile`` faces; out of the corner by default."""
    heading = tile.exit if facing is Facing.EXIT else tile.entry
    if heading is None:
        raise ValueError(f"{tile.describe()} does not follow on from its neighbours")
    return heading


def side_of(quadrant: Quadrant, heading: Heading) -> Side:
    """Which lane ``quadrant`` is in for a car facing ``heading``."""
    east, north = quadrant.signs
    left = heading.left()
    return Side.LEFT if east * left.dx + north * left.dy > 0 else Side.RIGHT


def row_of(quadrant: Quadrant, heading: Heading) -> Row:
    """Whether ``quadrant`` is in the front or rear half for a car facing ``heading``."""
    east, north = quadrant.signs
    return Row.FRONT if east * heading.dx + north * heading.dy > 0 else Row.REAR


def quadrant_at(heading: Heading, side: Side, row: Row) -> Quadrant:
    """The quadrant in lane ``side`` and row ``row`` of a tile facing ``heading``."""
    across = side.of(heading)
    along = heading if row is Row.FRONT else heading.opposite()
    return Quadrant.from_signs(across.dx + along.dx, across.dy + along.dy)


def lane_quadrants(heading: Heading, side: Side) -> tuple[Quadrant, Quadrant]:
    """Lane ``side`` of a tile facing ``heading``: its rear space, then its front one."""
    return (quadrant_at(heading, side, Row.REAR), quadrant_at(heading, side, Row.FRONT))


def tile_spaces(circuit: Circuit, index: int) -> tuple[Space, ...]:
    """The four spaces of loop tile ``index`` in driving order: rear row then
    front row, each left lane first."""
    heading = facing_heading(circuit[index])
    return tuple(
        Space(index % len(circuit), quadrant_at(heading, side, row))
        for row in (Row.REAR, Row.FRONT)
        for side in (Side.LEFT, Side.RIGHT)
    )


def cell_of(circuit: Circuit, space: Space) -> Point:
    """The south-west point (in spaces) of the square ``space`` covers."""
    return space.quadrant.cell(circuit[space.tile].centre)


# --- steps -------------------------------------------------------------------


def steps(circuit: Circuit, *, chicane_cuts: bool = True) -> list[Step]:
    """Every one-space move a car may make, in driving order of the tiles.

    With ``chicane_cuts`` false, lane changes may not cut the corners of a
    chicane's jog either (the rules only say it "makes sense" to allow them).
    """
    require_whole(circuit)
    return [found for tile in circuit for found in _steps_on(circuit, tile, chicane_cuts)]


def _steps_on(circuit: Circuit, tile: Tile, chicane_cuts: bool) -> Iterator[Step]:
    facings = (Facing.EXIT, Facing.ENTRY) if tile.is_corner else (Facing.EXIT,)
    reach = _Reach(circuit, tile.index, chicane_cuts)
    for facing in facings:
        heading = facing_heading(tile, facing)
        for quadrant in Quadrant:
            yield from reach.steps_from(Space(tile.index, quadrant), heading, facing)


@dataclass(frozen=True)
class _Found:
    """A space found near a tile; ``later`` is 0 on the tile itself, 1 on the next."""

    space: Space
    later: int


class _Reach:
    """The spaces a car on tile ``index`` can reach: its own and the next tile's."""

    def __init__(self, circuit: Circuit, index: int, chicane_cuts: bool) -> None:
        self.circuit = circuit
        self.tiles = (index, (index + 1) % len(circuit))
        self.chicane_cuts = chicane_cuts

    def find(self, cell: Point) -> _Found | None:
        """The space covering ``cell`` on this tile or the next, this one first."""
        for later, index in enumerate(self.tiles):
            centre = self.circuit[index].centre
            for quadrant in Quadrant:
                if quadrant.cell(centre) == cell:
                    return _Found(Space(index, quadrant), later)
        return None

    def steps_from(self, space: Space, heading: Heading, facing: Facing) -> Iterator[Step]:
        here = cell_of(self.circuit, space)
        ahead = step(here, heading)
        straight_on = self.find(ahead)
        if straight_on is not None and self._goes_on(space, straight_on):
            yield Step(space, straight_on.space, StepKind.FORWARD, heading, facing)
        for side in Side:
            beside = step(here, side.of(heading))
            target = self.find(step(ahead, side.of(heading)))
            if (
                target is not None
                and self._goes_on(space, target)
                and self._diagonal_allowed(target, (ahead, beside))
            ):
                yield Step(space, target.space, StepKind.LANE_CHANGE, heading, facing, side)

    def _goes_on(self, space: Space, target: _Found) -> bool:
        """Whether a step from ``space`` to ``target`` is forward motion round
        the track ("Forward movements represent forward motion around the
        track"): onto the next tile, or on the same tile never from its front
        half (the half towards the way out) back to its rear half.  On a
        corner tile a car keeping its heading in may cross the tile within a
        half, but a lane change from the apex towards the outer corner would
        take it back towards the way in."""
        if target.later:
            return True
        out = facing_heading(self.circuit[space.tile])
        return not (
            row_of(space.quadrant, out) is Row.FRONT and row_of(target.space.quadrant, out) is Row.REAR
        )

    def _diagonal_allowed(self, target: _Found, flanks: tuple[Point, Point]) -> bool:
        """Whether a diagonal to ``target`` keeps to the road.

        ``flanks`` are the two spaces beside the diagonal.  Both must be road
        the car could reach on its way (else it cuts an inside corner edge),
        except when the move enters or leaves a chicane, where one will do.
        """
        open_flanks = sum(self._on_the_way(cell, target) for cell in flanks)
        if open_flanks == 2:
            return True
        return open_flanks == 1 and self.chicane_cuts and self._at_chicane(target)

    def _on_the_way(self, cell: Point, target: _Found) -> bool:
        found = self.find(cell)
        return found is not None and found.later <= target.later

    def _at_chicane(self, target: _Found) -> bool:
        if not target.later:
            return False
        kinds = (self.circuit[index].kind for index in self.tiles)
        return any(kind is not None and kind.is_chicane for kind in kinds)


# --- the graph ---------------------------------------------------------------


def space_graph(circuit: Circuit, *, chicane_cuts: bool = True) -> networkx.MultiDiGraph:
    """The spaces of ``circuit`` as a directed multigraph of one-space moves.

    Nodes are :class:`Space` values with attributes ``tile``, ``quadrant``,
    ``cell`` (the square's south-west point), ``side`` and ``row`` (the lane
    and half of the tile for a car facing out of it).  Each edge is one
    :class:`Step`, keyed by ``"<kind>/<facing>"`` (``"forward/exit"``,
    ``"lane-change/entry"``...) so that one pair of spaces may be joined by a
    step for each facing; its attributes are ``kind``, ``heading`` (a
    :class:`~trackkit.piecepack.geometry.Heading`), ``facing`` and ``side``.
    ``chicane_cuts`` is as for :func:`steps`.
    """
    import networkx

    moves = steps(circuit, chicane_cuts=chicane_cuts)
    graph = networkx.MultiDiGraph()
    for tile in circuit:
        for space in (Space(tile.index, quadrant) for quadrant in Quadrant):
            graph.add_node(space, **_node_attributes(circuit, space))
    for move in moves:
        graph.add_edge(move.source, move.target, key=f"{move.kind}/{move.facing}", **_edge_attributes(move))
    return graph


def _node_attributes(circuit: Circuit, space: Space) -> dict[str, Any]:
    heading = facing_heading(circuit[space.tile])
    return {
        "tile": space.tile,
        "quadrant": space.quadrant,
        "cell": cell_of(circuit, space),
        "side": side_of(space.quadrant, heading),
        "row": row_of(space.quadrant, heading),
    }


def _edge_attributes(move: Step) -> dict[str, Any]:
    return {"kind": move.kind, "heading": move.heading, "facing": move.facing, "side": move.side}
