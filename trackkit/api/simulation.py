"""Race simulation from a layout file: ``trackkit simulate``."""

from __future__ import annotations

import os
from collections.abc import Callable

from trackkit.api.layouts import load_racepack
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.drivers import parse_drivers
from trackkit.racepack.race.simulate import Simulation, simulate
from trackkit.randomness import resolve_seed

__all__ = [
    "simulate_file",
]


def simulate_file(
    path: str | os.PathLike[str],
    *,
    races: int,
    drivers: str = "bold",
    cars: int | None = None,
    laps: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Layout, Simulation]:
    """Play ``races`` races on the Racepack track in ``path`` (see
    :func:`trackkit.racepack.race.simulate.simulate`); ``drivers`` is a
    comma-separated list (``bold,cautious,random``) dealt to the cars in
    turn.  ``seed`` ``None`` draws a fresh one, reported in the result."""
    layout = load_racepack(path, "race simulations").layout
    return layout, simulate(
        layout,
        parse_drivers(drivers),
        races=races,
        seed=resolve_seed(seed),
        cars=cars,
        laps=laps,
        workers=workers,
        progress=progress,
    )
