"""Race simulation from a layout file: ``trackkit simulate``."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from trackkit import games
from trackkit.api.layouts import refuse_outputs
from trackkit.errors import ArgumentError, LayoutError
from trackkit.fileio import write_atomic
from trackkit.games import load
from trackkit.montecarlo import Simulation, check_bounds, check_layout_laps
from trackkit.randomness import resolve_seed

if TYPE_CHECKING:
    from trackkit.rally.race.simulate import RallySimulation

__all__ = [
    "simulate_file",
    "simulation_warnings",
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
    hazards: bool = True,
    wide_lanes: int | None = None,
    skills: str | None = None,
    shapes: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
    record: str | os.PathLike[str] | None = None,
    svg: str | os.PathLike[str] | None = None,
    force: bool = False,
) -> tuple[Any, Simulation | RallySimulation]:
    """Play ``races`` races on the Racepack or RACE! track in ``path`` (see
    :func:`trackkit.racepack.race.simulate.simulate` and
    :func:`trackkit.race.simulate.simulate_race`), or on a Motocross course
    (:func:`trackkit.motocross.race.simulate.simulate_motocross`: ``cars``
    counts the riders; no laps or variants); ``drivers``
    is a comma-separated list (``bold,cautious,random``) dealt to the cars
    (racers, riders) in turn.  ``seed`` ``None`` draws a fresh one, reported in the
    result.  ``pit_stops`` and ``extra_hazards`` are Racepack's variants;
    ``hazards`` false races a Racepack layout without ``hazards:`` with none
    (by default each race rolls its own four);
    ``wide_lanes`` (3 or 4) designates a Racepack layout's wide main
    straight otherwise than the layout does.
    On a rally deck (:func:`trackkit.rally.race.simulate.simulate_rally`)
    ``cars`` counts the players, ``skills`` says how the Skills cards are
    used and ``shapes`` names a file of the players' own card shapes (see
    :mod:`trackkit.rally.formats.shapes`).  Raises
    :class:`~trackkit.errors.LayoutError` for a layout of another game,
    :class:`~trackkit.errors.ArgumentError` for an option the layout's game
    does not have.  With ``record``, the first race is also
    written there, move by move (see :mod:`trackkit.api.records`, and
    :mod:`trackkit.api.rally_records` for a rally deck); with ``svg``, the
    picture of the figures is written there (the game's
    ``draw_simulation``, see :mod:`trackkit.games`).  An existing
    file is replaced only with ``force``."""
    check_bounds(races=races, cars=cars, laps=laps, seed=seed, workers=workers)
    refuse_outputs([path, shapes], [record, svg], force)
    layout = load(path).layout
    check_layout_laps(laps or int(getattr(layout, "laps", 1)))
    if record is not None and layout.game != games.RALLY.name:
        from trackkit.api.records import check_recordable

        _refuse_unplayable(layout)
        check_recordable(layout, cars, laps)
    chosen = resolve_seed(seed)
    for name, racepack_only in (("wide_lanes", wide_lanes is not None), ("hazards", not hazards)):
        if racepack_only and layout.game != games.RACEPACK.name:
            raise ArgumentError("is a Racepack option; leave it out for this layout", parameter=name)
    if layout.game == games.RALLY.name:
        if laps is not None or pit_stops or extra_hazards:
            raise ArgumentError("laps, pit stops and extra hazards are not rally options")
        run = _RallyRun(drivers, races, chosen, cars, skills or "none", workers, _card_shapes(shapes))
        rally = _simulate_rally(layout, run, progress, record)
        _picture(layout, rally, svg)
        return layout, rally
    for name, given in (("skills", skills), ("shapes", shapes)):
        if given is not None:
            raise ArgumentError("is a rally option; leave it out for this layout", parameter=name)
    if layout.game == games.RACEPACK.name:
        from trackkit.racepack.race.drivers import parse_drivers
        from trackkit.racepack.race.simulate import simulate
        from trackkit.racepack.row_spaces import with_wide_lanes

        if wide_lanes is not None:
            layout = with_wide_lanes(layout, wide_lanes)
        field = parse_drivers(drivers)
        _refuse_unplayable(layout if record is None or cars is None else replace(layout, cars=cars))
        figures = simulate(
            layout,
            field,
            races=races,
            seed=chosen,
            cars=cars,
            laps=laps,
            pit_stops=pit_stops,
            extra_hazards=extra_hazards,
            hazards=hazards,
            workers=workers,
            progress=progress,
        )
        _record(layout, record, (field, chosen, cars, laps, pit_stops, extra_hazards, 1, hazards))
        _picture(layout, figures, svg)
        return layout, figures
    if layout.game == games.RACE.name:
        from trackkit.race.simulate import parse_race_drivers, simulate_race

        if pit_stops or extra_hazards:
            raise ArgumentError("pit stops and extra hazards are Racepack variants; RACE! has neither")
        racers = parse_race_drivers(drivers)
        figures = simulate_race(
            layout,
            racers,
            races=races,
            seed=chosen,
            racers=cars,
            laps=laps,
            workers=workers,
            progress=progress,
        )
        _record(layout, record, (racers, chosen, cars, laps, False, 0))
        _picture(layout, figures, svg)
        return layout, figures
    if layout.game == games.MOTOCROSS.name:
        circuit_only = laps is not None or pit_stops or bool(extra_hazards)
        _refuse_unplayable(layout)
        figures = _simulate_motocross(
            layout, drivers, races, chosen, cars, workers, progress, circuit_only, record
        )
        _picture(layout, figures, svg)
        return layout, figures
    title = games.find_game(layout.game).title
    raise LayoutError(
        f"race simulations belong to Racepack, RACE!, Motocross and rally layouts; this is a {title} layout",
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
    record: str | os.PathLike[str] | None,
) -> Simulation:
    """Motocross races (see :func:`trackkit.motocross.race.simulate.simulate_motocross`);
    ``cars`` is the riders' count.  ``circuit_only``: laps or Racepack's
    variants were asked for, which a Motocross race has not.  The first
    race is written to ``record``, if given."""
    from trackkit.motocross.race.drivers import parse_riders
    from trackkit.motocross.race.simulate import simulate_motocross

    if circuit_only:
        raise ArgumentError(
            "laps, pit stops and extra hazards belong to circuits; a Motocross race runs once,"
            " from the starting tile to the finish line"
        )
    riders = parse_riders(drivers)
    figures = simulate_motocross(
        course, riders, races=races, seed=seed, count=cars, workers=workers, progress=progress
    )
    _record(course, record, (tuple(riders), seed, cars, None, False, 0))
    return figures


@dataclass(frozen=True)
class _RallyRun:
    """The arguments of a run of rally races (see :func:`simulate_file`)."""

    drivers: str
    races: int
    seed: int
    players: int | None
    skills: str
    workers: int
    shapes: dict[str, Any] | None = None


def _simulate_rally(
    deck: Any,
    run: _RallyRun,
    progress: Callable[[int, int], None] | None,
    record: str | os.PathLike[str] | None,
) -> RallySimulation:
    """The figures of ``run`` on ``deck``, its first race written to ``record`` if given."""
    from trackkit.rally.race.drivers import parse_rally_drivers
    from trackkit.rally.race.simulate import simulate_rally

    drivers = parse_rally_drivers(run.drivers)
    figures = simulate_rally(
        deck,
        drivers,
        races=run.races,
        seed=run.seed,
        players=run.players,
        skills=run.skills,
        workers=run.workers,
        progress=progress,
        shapes=run.shapes,
    )
    if record is not None:
        from trackkit.api.rally_records import write_rally_record

        write_rally_record(
            deck, record, drivers, seed=run.seed, players=run.players, skills=run.skills, shapes=run.shapes
        )
    return figures


def _card_shapes(path: str | os.PathLike[str] | None) -> dict[str, Any] | None:
    """The players' own card shapes in the file at ``path``, if given."""
    if path is None:
        return None
    from trackkit.rally.formats.shapes import load_card_shapes

    return dict(load_card_shapes(path))


def _refuse_unplayable(layout: Any) -> None:
    """A race is played with the table's setup (see :mod:`trackkit.piecepack.setup`),
    and a record starts from it: a layout whose pieces its packs cannot
    supply is refused with :class:`~trackkit.errors.EquipmentError` before
    any race is played, with ``--record`` or without (a thousand-tile loop on
    one pack raced for 24 s; ``--record`` raced it 11 s, then refused it).
    The packs bound the work: eight packs hold 192 tiles.  A Racepack
    record sets out the race's cars, so with ``--record`` and ``--cars`` the
    table checked is the one with that many cars."""
    setup = games.find_game(layout.game).setup
    if setup is not None:
        setup(layout).pieces  # noqa: B018 - handing out the pieces is the check


def _record(layout: Any, path: str | os.PathLike[str] | None, request: tuple[Any, ...]) -> None:
    """Write race 1 of the run to ``path``, if given (``request``: the
    arguments of :class:`~trackkit.api.records.RecordRequest`)."""
    if path is not None:
        from trackkit.api.records import RecordRequest, write_record

        write_record(layout, path, RecordRequest(*request))


def _picture(layout: Any, figures: Simulation | RallySimulation, path: str | os.PathLike[str] | None) -> None:
    """Draw the figures to ``path``, if given, with the drawing the layout's
    game registers (:attr:`trackkit.games.Game.draw_simulation`)."""
    draw = games.find_game(layout.game).draw_simulation
    if path is not None and draw is not None:
        write_atomic(path, draw(layout, figures))


def simulation_warnings(layout: Any, figures: Simulation | RallySimulation) -> tuple[str, ...]:
    """What a run of races on ``layout`` should be warned about: a Motocross
    race of fewer riders than the rulebook plays (see
    :func:`trackkit.motocross.race.simulate.field_warning`)."""
    if layout.game != games.MOTOCROSS.name or not isinstance(figures, Simulation):
        return ()
    from trackkit.motocross.race.simulate import field_warning

    warning = field_warning(figures.cars)
    return () if warning is None else (warning,)
