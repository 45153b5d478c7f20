"""Race simulation from a layout file: ``trackkit simulate``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from trackkit import games
from trackkit.errors import ArgumentError, LayoutError
from trackkit.games import load
from trackkit.montecarlo import Simulation
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
    pit_stops: bool = False,
    extra_hazards: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Any, Simulation]:
    """Play ``races`` races on the Racepack or RACE! track or Motocross course
    in ``path`` (see :func:`trackkit.racepack.race.simulate.simulate`,
    :func:`trackkit.race.simulate.simulate_race` and
    :func:`trackkit.motocross.race.simulate.simulate_motocross`); ``drivers``
    is a comma-separated list (``bold,cautious,random``) dealt to the cars
    (racers, riders) in turn.  ``seed`` ``None`` draws a fresh one, reported in the
    result.  ``pit_stops`` and ``extra_hazards`` are Racepack's variants.
    Raises :class:`~trackkit.errors.LayoutError` for a layout of another
    game, :class:`~trackkit.errors.ArgumentError` for Racepack's variants on
    a RACE! track, or laps or variants on a Motocross course."""
    layout = load(path).layout
    chosen = resolve_seed(seed)
    if layout.game == games.RACEPACK.name:
        from trackkit.racepack.race.drivers import parse_drivers
        from trackkit.racepack.race.simulate import simulate

        field = parse_drivers(drivers)
        return layout, simulate(
            layout,
            field,
            races=races,
            seed=chosen,
            cars=cars,
            laps=laps,
            pit_stops=pit_stops,
            extra_hazards=extra_hazards,
            workers=workers,
            progress=progress,
        )
    if layout.game == games.RACE.name:
        from trackkit.race.simulate import parse_race_drivers, simulate_race

        if pit_stops or extra_hazards:
            raise ArgumentError("pit stops and extra hazards are Racepack variants; RACE! has neither")
        racers = parse_race_drivers(drivers)
        return layout, simulate_race(
            layout,
            racers,
            races=races,
            seed=chosen,
            racers=cars,
            laps=laps,
            workers=workers,
            progress=progress,
        )
    if layout.game == games.MOTOCROSS.name:
        circuit_only = laps is not None or pit_stops or bool(extra_hazards)
        figures = _simulate_motocross(layout, drivers, races, chosen, cars, workers, progress, circuit_only)
        return layout, figures
    title = games.find_game(layout.game).title
    raise LayoutError(
        f"race simulations belong to Racepack, RACE! and Motocross layouts, and this is a {title} layout",
        file=str(path),
    )


def _simulate_motocross(
    course: Any,
    drivers: str,
    races: int,
    seed: int,
    cars: int | None,
    workers: int,
    progress: Callable[[int, int], None] | None,
    circuit_only: bool,
) -> Simulation:
    """Motocross races (see :func:`trackkit.motocross.race.simulate.simulate_motocross`);
    ``cars`` is the riders' count.  ``circuit_only``: laps or Racepack's
    variants were asked for, which a Motocross race has not."""
    from trackkit.motocross.race.drivers import parse_riders
    from trackkit.motocross.race.simulate import simulate_motocross

    if circuit_only:
        raise ArgumentError(
            "laps, pit stops and extra hazards belong to circuits; a Motocross race runs once,"
            " from the starting tile to the finish line"
        )
    riders = parse_riders(drivers)
    return simulate_motocross(
        course, riders, races=races, seed=seed, count=cars, workers=workers, progress=progress
    )
