"""From a chosen circuit to a layout: the direction, the places, the tiles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from trackkit.errors import GenerationError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.racepack.circuits import (
    Cell,
)
from trackkit.racepack.generate.facts import is_counterclockwise, main_straight
from trackkit.racepack.generate.places import ChicanePlace, Limits, PitPlace, _chicane_choice, _pit_options
from trackkit.racepack.generate.request import ANY, CLOCKWISE, GenerationRequest
from trackkit.racepack.generate.shapes import Shape
from trackkit.racepack.layout import Layout, PitLane

__all__ = ["TrackPlan", "build_layout", "plan_track"]

# ---------------------------------------------------------------------------
# From a chosen circuit to a layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackPlan:
    """Everything chosen for one track: the loop, the way it is driven, and
    where the pit lane and chicanes go."""

    shape: Shape
    clockwise: bool
    pit: PitPlace | None = None
    chicanes: tuple[ChicanePlace, ...] = ()


def _driven(cells: Sequence[Cell], clockwise: bool) -> list[Cell]:
    """The cells in the order of a loop driven the given way round."""
    order = list(cells)
    if is_counterclockwise(order) == clockwise:
        order = [order[0], *reversed(order[1:])]
    return order


def build_layout(
    plan: TrackPlan,
    *,
    packs: int,
    laps: int,
    cars: int,
    name: str | None = None,
    description: str | None = None,
) -> Layout:
    """Lay the plan out as a layout.

    Tile 0 is the first tile of the main straight and sits on ``(0, 0)``;
    the start/finish line crosses the middle of the main straight.
    """
    order = _driven(plan.shape.cells, plan.clockwise)
    main = main_straight(order)
    first, length = main if main is not None else (0, 0)
    order = order[first:] + order[:first]
    home = order[0]
    pushed = {place.cell: place.side for place in plan.chicanes}
    centres = []
    for cell in order:
        side = pushed.get(cell, (0, 0))
        centres.append(((cell[0] - home[0]) * TILE + side[0], (cell[1] - home[1]) * TILE + side[1]))
    circuit = Circuit.from_centres(centres)
    pit = None
    if plan.pit is not None:
        lined = {order.index(cell) for cell in plan.pit.lined}
        pit = PitLane(min(lined))
    start = float(Fraction(length, 2)) if main is not None else 0.0
    return Layout(
        circuit=circuit,
        name=name,
        description=description,
        packs=packs,
        laps=laps,
        cars=cars,
        start=start,
        pit=pit,
    )


def plan_track(shape: Shape, request: GenerationRequest, limits: Limits, rng: random.Random) -> TrackPlan:
    """Choose the direction, then the pit place, then the chicanes, at random."""
    clockwise = rng.random() < 0.5 if request.direction == ANY else request.direction == CLOCKWISE
    options = _pit_options(shape, request, limits)
    if not options:
        raise GenerationError("the chosen circuit has no room for the constructions asked for")
    pit = options[int(rng.random() * len(options))]
    chosen: tuple[ChicanePlace, ...] = ()
    if request.chicanes:
        chosen = _chicane_choice(shape, pit, limits).pick(request.chicanes, rng)
    return TrackPlan(shape, clockwise, pit, chosen)
