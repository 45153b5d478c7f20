"""A layout: a circuit plus what the players decided about the race.

A *layout* is everything one track file says: the circuit of tiles, where the
start/finish line crosses it, the game it is for, how many piecepacks supply
the tiles, how many laps and how many cars.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.equipment import TILES_PER_PACK

__all__ = [
    "GAMES",
    "INSIDE",
    "MAX_CARS",
    "MAX_LAPS",
    "MAX_PACKS",
    "MAX_ROW",
    "OUTSIDE",
    "SIDES",
    "Layout",
    "PitLane",
    "WideRow",
]

GAMES = ("racepack",)
"""The games whose rules trackkit knows."""

MAX_PACKS = 8
"""The most piecepacks a layout may combine."""

MAX_LAPS = 99
"""The most laps a race may have."""

MAX_CARS = 16
"""The most cars a layout may name."""

MAX_ROW = 48
"""The longest row of extra tiles (pit lane or wide straight)."""


OUTSIDE = "outside"
INSIDE = "inside"
SIDES = (OUTSIDE, INSIDE)
"""Which side of the road a row of extra tiles lies on: ``outside`` is away
from the ground the circuit encloses, ``inside`` towards it."""


@dataclass(frozen=True)
class PitLane:
    """A pit lane: a straight row of ``length`` extra tiles laid against the
    loop, beside loop tiles ``first``, ``first + 1``, ... on ``side``.

    The rules build it from "a row of four tiles against the outside of the
    straight"; a pit *stop* is where a car leaves the race to have its
    strategy tokens renewed.  Validation, not this class, checks the shape.
    """

    first: int
    length: int = 4
    side: str = OUTSIDE


@dataclass(frozen=True)
class WideRow:
    """A second row of tiles that makes part of the main straight two tiles
    (four lanes) wide, beside loop tiles ``first`` ... ``first + length - 1``.

    ``lanes`` is 4 when every lane is for racing, or 3 when the outermost of
    the four lanes is a pit lane that only cars entering the pits may use.
    """

    first: int
    length: int
    side: str = OUTSIDE
    lanes: int = 4


@dataclass(frozen=True)
class Layout:
    """One track as a file describes it.

    ``start`` is where the start/finish line crosses the loop, counted in tiles
    along the driving order: a whole number ``k`` puts the line across the
    entry edge of tile ``k``, ``k + 0.5`` across the middle of tile ``k``.
    ``None`` means the file left it to trackkit (see
    :func:`trackkit.racepack.analysis.resolve_start`).
    """

    circuit: Circuit
    name: str | None = None
    description: str | None = None
    game: str = "racepack"
    packs: int = 1
    laps: int = 3
    cars: int = 4
    start: float | None = None
    # special-construction fields go here
    pit: PitLane | None = None
    """The pit lane laid beside the main straight, if the track has one."""
    wide: WideRow | None = None
    """The extra row that makes the main straight two tiles wide, if any."""
    # hazard fields go here
    icons: tuple[tuple[int, str], ...] = ()
    """Where each tile's small suit icon lies, for the tiles whose icon is known:
    ``(tile, quadrant)`` pairs, the quadrant ``NE``, ``NW``, ``SE`` or ``SW`` of
    the space the icon lies under when the tile is face down."""
    hazards: tuple[tuple[int, str], ...] = ()
    """Hazard tokens on the track, in the order placed: ``(tile, quadrant)``."""
    spinout_hazards: bool = False
    """Whether the race plays the two-pack variant that puts a hazard on a
    corner tile whenever a car spins out there."""

    @property
    def tile_supply(self) -> int:
        """How many tiles the packs provide."""
        return self.packs * TILES_PER_PACK

    def with_circuit(self, circuit: Circuit) -> Layout:
        """The same layout on another circuit (used by transformations)."""
        return replace(self, circuit=circuit)
