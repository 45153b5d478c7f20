"""A layout: a circuit plus what the players decided about the race.

A *layout* is everything one track file says: the circuit of tiles, where the
start/finish line crosses it, the game it is for, how many piecepacks supply
the tiles, how many laps and how many cars.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trackkit.model.circuit import Circuit

GAMES = ("racepack",)
"""The games whose rules trackkit knows."""

TILES_PER_PACK = 24
"""A piecepack has 24 tiles."""


@dataclass(frozen=True)
class Layout:
    """One track as a file describes it.

    ``start`` is where the start/finish line crosses the loop, counted in tiles
    along the driving order: a whole number ``k`` puts the line across the
    entry edge of tile ``k``, ``k + 0.5`` across the middle of tile ``k``.
    ``None`` means the file left it to trackkit (see
    :func:`trackkit.analysis.resolve_start`).
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
    # hazard fields go here

    @property
    def tile_supply(self) -> int:
        """How many tiles the packs provide."""
        return self.packs * TILES_PER_PACK

    def with_circuit(self, circuit: Circuit) -> Layout:
        """The same layout on another circuit (used by transformations)."""
        return replace(self, circuit=circuit)
