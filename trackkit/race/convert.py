"""Turning a Racepack circuit into a RACE! track.

The mapping, chosen so that a RACE! race can be played on the tiles of a
Racepack circuit:

* **Spaces.**  RACE! racers drive single file, so a space spans the road's
  width.  A tile is two spaces long along the road, so each tile holds two
  spaces: tile ``i`` (in driving order) holds spaces ``2i + 1`` and
  ``2i + 2``.  A 24-tile circuit is a 48-space track.  On a corner tile the
  first space is the half by the edge the road enters, the second the half
  by the edge it leaves.
* **Corners.**  A *bend* is a run of corner tiles turning the same way.  A
  bend of one tile (a quarter turn) is a corner of two spaces, radius 2; a
  bend of two tiles (a U-turn, as in a Racepack hairpin) is a corner of
  four spaces, radius 1, the tougher rating.  A run turning one way and
  then the other (esses) is one corner per bend, back to back, since the
  rules let a corner be at most four spaces long.  A longer bend (only a
  loop that touches itself has one) is cut into corners of two tiles,
  radius 1, the last perhaps of one tile.
* **Finish line.**  Where Racepack's start/finish line is: across tile
  ``k``'s entry edge is between spaces ``2k`` and ``2k + 1``; across its
  middle, between spaces ``2k + 1`` and ``2k + 2``.
* **Race.**  The laps carry over; six racers race (eight when the Racepack
  layout has more than six cars), the two numbers the points tables cover.

The direction is the circuit's, and the circuit itself is kept, so the
track can be drawn on its tiles.
"""

from __future__ import annotations

from fractions import Fraction

from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit
from trackkit.race.track import CLOCKWISE, COUNTERCLOCKWISE, SPACES_PER_TILE, Corner, RaceLayout
from trackkit.racepack.analysis import resolve_start
from trackkit.racepack.layout import Layout
from trackkit.racepack.rules import validate

__all__ = [
    "BEND_LIMIT",
    "CIRCUIT_RULES",
    "QUARTER_TURN_RADIUS",
    "U_TURN_RADIUS",
    "bends",
    "corners_of",
    "finish_of",
    "from_racepack",
]

CIRCUIT_RULES = ("closure", "connected", "overlap", "adjacency", "tile-budget", "hairpin", "chicane")
"""The Racepack rules about the circuit's tiles, the part of a layout a
RACE! track keeps: a layout breaking any of them does not convert.  (The
cars, laps, start line, pit lane, wide straight and hazards do not carry
over as such, so their rules do not stop a conversion.)"""

QUARTER_TURN_RADIUS = 2
"""The radius rating of a single corner tile."""

U_TURN_RADIUS = 1
"""The radius rating of two corner tiles turning the same way: a hairpin's U-turn."""

BEND_LIMIT = 2
"""The most corner tiles one RACE! corner covers (four spaces)."""


def bends(circuit: Circuit) -> list[tuple[int, int]]:
    """Every run of corner tiles turning the same way, as ``(first tile,
    tiles)``, in driving order from tile 0; a run may wrap past tile 0."""
    kinds = circuit.kinds()
    n = len(kinds)

    def continues(index: int) -> bool:
        return kinds[index].is_corner and kinds[index - 1] is kinds[index]

    start = next((i for i in range(n) if not continues(i)), 0)
    found: list[tuple[int, int]] = []
    for offset in range(n):
        index = (start + offset) % n
        if not kinds[index].is_corner:
            continue
        if found and offset and continues(index):
            first, length = found[-1]
            found[-1] = (first, length + 1)
        else:
            found.append((index, 1))
    return sorted(found)


def corners_of(circuit: Circuit) -> tuple[Corner, ...]:
    """The RACE! corners of a whole circuit (see the module's mapping)."""
    corners: list[Corner] = []
    n = len(circuit)
    for first, length in bends(circuit):
        radius = QUARTER_TURN_RADIUS if length == 1 else U_TURN_RADIUS
        for offset in range(0, length, BEND_LIMIT):
            tiles = min(BEND_LIMIT, length - offset)
            tile = (first + offset) % n
            corners.append(Corner(tile * SPACES_PER_TILE + 1, tiles * SPACES_PER_TILE, radius))
    return tuple(sorted(corners, key=lambda corner: corner.first))


def finish_of(start: Fraction, tiles: int) -> int:
    """The space just behind the finish line for Racepack's line at ``start``."""
    behind = int(start * SPACES_PER_TILE) % (tiles * SPACES_PER_TILE)
    return behind or tiles * SPACES_PER_TILE


def from_racepack(layout: Layout) -> RaceLayout:
    """The RACE! track on a Racepack layout's circuit.

    Raises :class:`~trackkit.errors.CircuitError` when the circuit is not a
    closed loop of tiles that follow on from each other, or the layout
    breaks any Racepack rule about its circuit (:data:`CIRCUIT_RULES`): an
    illegal circuit never becomes a legal RACE! file, so the conversion
    refuses it and names the rules broken.
    """
    circuit = layout.circuit
    if not circuit.is_whole:
        raise CircuitError(
            "only a closed circuit converts to a RACE! track; run 'trackkit validate' to see where it breaks"
        )
    _refuse_illegal(layout)
    return RaceLayout(
        spaces=len(circuit) * SPACES_PER_TILE,
        finish=finish_of(resolve_start(layout), len(circuit)),
        corners=corners_of(circuit),
        direction=CLOCKWISE if circuit.clockwise else COUNTERCLOCKWISE,
        laps=layout.laps,
        racers=8 if layout.cars > 6 else 6,
        name=layout.name,
        description=layout.description,
        circuit=circuit,
    )


def _refuse_illegal(layout: Layout) -> None:
    """Raise :class:`~trackkit.errors.CircuitError` naming the circuit
    rules ``layout`` breaks, if any."""
    errors = [finding for finding in validate(layout).errors if finding.rule in CIRCUIT_RULES]
    if not errors:
        return
    rules = list(dict.fromkeys(finding.rule for finding in errors))
    count = f"{len(errors)} error" if len(errors) == 1 else f"{len(errors)} errors"
    raise CircuitError(
        f"the Racepack track has {count} ({', '.join(rules)}); only a legal track converts to a"
        " RACE! track: run 'trackkit validate' to see them, fix them and convert again"
    )
