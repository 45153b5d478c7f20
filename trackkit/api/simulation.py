"""Race simulation from a layout file: ``trackkit simulate``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trackkit import games
from trackkit.errors import ArgumentError, LayoutError
from trackkit.games import load
from trackkit.montecarlo import Simulation
from trackkit.randomness import resolve_seed

if TYPE_CHECKING:
    from trackkit.rally.race.simulate import RallySimulation

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
    skills: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Any, Simulation | RallySimulation]:
    """Play ``races`` races on the Racepack or RACE! track in ``path`` (see
    :func:`trackkit.racepack.race.simulate.simulate` and
    :func:`trackkit.race.simulate.simulate_race`); ``drivers`` is a
    comma-separated list (``bold,cautious,random``) dealt to the cars (or
    racers) in turn.  ``seed`` ``None`` draws a fresh one, reported in the
    result.  ``pit_stops`` and ``extra_hazards`` are Racepack's variants.
    On a rally deck (:func:`trackkit.rally.race.simulate.simulate_rally`)
    ``cars`` counts the players and ``skills`` says how the Skills cards are
    used.  Raises :class:`~trackkit.errors.LayoutError` for a layout of
    another game, :class:`~trackkit.errors.ArgumentError` for an option the
    layout's game does not have."""
    layout = load(path).layout
    chosen = resolve_seed(seed)
    if layout.game == games.RALLY.name:
        from trackkit.rally.race.drivers import parse_rally_drivers
        from trackkit.rally.race.simulate import simulate_rally

        if laps is not None or pit_stops or extra_hazards:
            raise ArgumentError("laps, pit stops and extra hazards are not rally options")
        return layout, simulate_rally(
            layout,
            parse_rally_drivers(drivers),
            races=races,
            seed=chosen,
            players=cars,
            skills=skills or "none",
            workers=workers,
            progress=progress,
        )
    if skills is not None:
        raise ArgumentError("is a rally option; leave it out for this layout", parameter="skills")
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
    title = games.find_game(layout.game).title
    raise LayoutError(
        f"race simulations belong to Racepack, RACE! and rally layouts, and this is a {title} layout",
        file=str(path),
    )
