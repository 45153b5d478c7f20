"""The rules for a RACE! track laid on piecepack tiles (a ``path``): the
tiles must be a circuit a player can lay on a table.

RACE! itself says nothing of tiles; a track on tiles is one a player builds
from real tiles, so the tiles lie flat and apart.  The checks use the
piecepack core's ground (:mod:`trackkit.piecepack.ground`), not Racepack's
rules: a RACE! track is not held to Racepack's special constructions.
Findings name the tiles in their message and point at the ``path``; their
``tiles`` stay empty, since a RACE! finding's tiles are corners.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from trackkit.findings import Finding, error, warning
from trackkit.piecepack.alongside import Run, run_words, side_by_side
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.piecepack.geometry import format_point
from trackkit.piecepack.ground import Ground
from trackkit.race.track import RaceLayout

__all__ = ["RULES", "check_tile_overlap", "check_tile_touch"]


def _ground(circuit: Circuit) -> Ground[int]:
    return Ground((tile.index, tile.centre) for tile in circuit)


def _named(circuit: Circuit, tile: int) -> str:
    return f"tile {tile} at {format_point(circuit.tiles[tile].centre)}"


def check_tile_overlap(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Your racetrack is divided into SPACES"; "A lap is one
    complete trip around the racetrack."  A track given as piecepack tiles
    is laid on a table, where a tile lies flat: two tiles on the same ground
    are no track a player can build, whatever the spaces say.  An error.
    """
    circuit = layout.circuit
    if circuit is None:
        return
    for first, second in _ground(circuit).overlaps():
        yield error(
            "race/overlap",
            f"{_named(circuit, second)} overlaps {_named(circuit, first)}; tiles lie flat on the table",
            hint="change the path so that no two tiles cover the same ground",
        )


def check_tile_touch(layout: RaceLayout) -> Iterator[Finding]:
    """Rulebook: "Your racetrack is divided into SPACES"; "A lap is one
    complete trip around the racetrack."  Tiles that are not next to each
    other along the road but share an edge lay two stretches of road side
    by side.  A player can lay it and the spaces keep their order round the
    loop, so it is legal; since a racer could mistake the road beside for
    its own, it is a warning; players who forbid it as a house rule write
    ``road_touch: forbidden``, and it is an error.  The two tiles either
    side of a U-turn (two corner tiles turning the same way, as in a
    Racepack hairpin) always share an edge: that is the bend itself, never
    reported.  Not checked while tiles overlap: such a track cannot be laid
    at all.
    """
    circuit = layout.circuit
    if circuit is None:
        return
    ground = _ground(circuit)
    if ground.overlapping:
        return
    beside = (
        (first, second)
        for first, second in ground.contacts()
        if not (_next_along_the_road(circuit, first, second) or _across_a_u_turn(circuit, first, second))
    )
    for run in side_by_side(beside):
        allowed = layout.road_touch == "allowed"
        yield (warning if allowed else error)(
            "race/touch",
            f"{_touch_words(circuit, run)}; the two stretches of road run side by side"
            + ("" if allowed else " (this track forbids it: 'road_touch: forbidden')"),
            hint="legal; leave a tile's gap between them if the racers might mix the roads up"
            if allowed
            else "leave a tile's gap between them, or set 'road_touch: allowed'",
        )


def _touch_words(circuit: Circuit, run: Run) -> str:
    """The tiles of a run of touches, the later tile of a single pair first."""
    if len(run.pairs) == 1:
        first, second = run.pairs[0]
        named = f"{_named(circuit, second)} touches {_named(circuit, first)}"
        return f"{named}, which is not next to it along the road"
    return run_words(run, lambda tile: _named(circuit, tile))


def _next_along_the_road(circuit: Circuit, first: int, second: int) -> bool:
    return (second - first) % len(circuit) in (1, len(circuit) - 1)


def _across_a_u_turn(circuit: Circuit, first: int, second: int) -> bool:
    """Whether the tiles are the two either side of a U-turn: three tiles
    apart along the road, the two between them turning the same way."""
    count = len(circuit)
    for low, high in ((first, second), (second, first)):
        if (high - low) % count == 3:
            between = {circuit.tiles[(low + step) % count].kind for step in (1, 2)}
            if len(between) == 1 and between <= {Kind.LEFT, Kind.RIGHT}:
                return True
    return False


RULES: tuple[Callable[[RaceLayout], Iterator[Finding]], ...] = (check_tile_overlap, check_tile_touch)
"""The tile rules, in the order their findings are listed."""
