"""RACE! tracks laid on piecepack tiles, for ``trackkit generate race --tiles N``.

RACE! is played on any loop of spaces; laid on piecepack tiles, each tile
holds two spaces along the road and its corners are the road's bends (see
:mod:`trackkit.race.convert`, the mapping ``convert --to race`` uses).  So a
tiled track is a random legal Racepack circuit of ``N`` tiles (drawn by
Racepack's generator, as uniform as ``generate racepack`` draws them) read
as RACE! spaces and corners.  The finish line goes across the entry edge
of the last tile of the longest straight: two straight spaces after the
line, as a generated track of spaces has, and the grid behind it on the
straight.  The circuit is drawn with a straight long enough for that
(one tile after the line and a tile for every two racers behind it), so
neither the line nor the grid is in a corner.
"""

from __future__ import annotations

from collections.abc import Callable

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.race.convert import corners_of
from trackkit.race.track import CLOCKWISE, COUNTERCLOCKWISE, SPACES_PER_TILE, RaceLayout
from trackkit.racepack.analysis import longest_straight
from trackkit.racepack.generate import GenerationRequest, generate_layouts
from trackkit.randomness import Seed

__all__ = ["grid_tiles", "tiled_tracks"]


def grid_tiles(racers: int) -> int:
    """The straight tiles a grid of ``racers`` needs behind the line, two racers a tile."""
    return -(-racers // SPACES_PER_TILE)


def tiled_tracks(
    tiles: int,
    racers: int,
    laps: int,
    direction: str | None,
    *,
    seed: Seed,
    count: int,
    track_progress: Callable[[int, int], None] | None = None,
) -> list[RaceLayout]:
    """``count`` random RACE! tracks on circuits of ``tiles`` tiles (from as
    few packs as hold them), driven ``direction`` (``None``: either way)."""
    request = GenerationRequest(
        tiles=tiles,
        packs=-(-tiles // TILES_PER_PACK),
        min_straight=grid_tiles(racers) + 1,
        direction=direction or "any",
        laps=laps,
    )
    made = generate_layouts(request, seed=seed, count=count, track_progress=track_progress)
    return [_on_tiles(layout.circuit, racers, laps) for layout in made.layouts]


def _on_tiles(circuit: Circuit, racers: int, laps: int) -> RaceLayout:
    """The RACE! track on ``circuit``, its finish line before the last tile
    of the longest straight."""
    straight = longest_straight(circuit)
    assert straight is not None, "the circuit was drawn with a straight"
    last = straight.tiles[-1]
    spaces = SPACES_PER_TILE * len(circuit)
    return RaceLayout(
        spaces=spaces,
        finish=SPACES_PER_TILE * last or spaces,
        corners=corners_of(circuit),
        direction=CLOCKWISE if circuit.clockwise else COUNTERCLOCKWISE,
        laps=laps,
        racers=racers,
        name="Generated RACE! track",
        circuit=circuit,
    )
