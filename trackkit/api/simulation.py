"""Race simulation from a layout file: ``trackkit simulate``.

This module knows no game: it builds one :class:`~trackkit.play.RaceRequest`
and hands it to the layout's :class:`~trackkit.game.Game`, whose
``simulate`` job plays the races, whose ``record_race`` job writes the
first one (``--record``) and whose ``draw_simulation`` pictures the figures
(``--svg``).
"""

from __future__ import annotations

import os
from typing import Any

from trackkit import registry
from trackkit.api.layouts import _belong, refuse_outputs
from trackkit.errors import ArgumentError, LayoutError
from trackkit.fileio import write_atomic
from trackkit.game import Game
from trackkit.games import load
from trackkit.montecarlo import check_bounds, check_layout_laps
from trackkit.play import Progress, RaceRequest
from trackkit.randomness import resolve_seed

__all__ = [
    "racing_game",
    "refuse_unplayable",
    "simulate_file",
    "simulation_warnings",
]


def simulate_file(
    path: str | os.PathLike[str],
    *,
    races: int,
    drivers: str | None = None,
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
    progress: Progress | None = None,
    record: str | os.PathLike[str] | None = None,
    svg: str | os.PathLike[str] | None = None,
    force: bool = False,
) -> tuple[Any, Any]:
    """Play ``races`` races on the layout in ``path`` with its game's
    ``simulate`` job and return the layout and the figures.  ``drivers``
    is a comma-separated list (``bold,cautious,random``) dealt to the cars
    (racers, riders, players) in turn, by default the game's
    ``expert_driver`` for every car; ``cars`` counts them.  ``seed``
    ``None`` draws a fresh one, reported in the result.  The other options
    belong to some games only (see each game's ``race_options``):
    ``pit_stops`` and ``extra_hazards`` are Racepack's variants,
    ``hazards`` false races a Racepack layout without ``hazards:`` with
    none, ``wide_lanes`` (3 or 4) designates a Racepack layout's wide main
    straight otherwise than the layout does; ``skills`` says how a rally
    race uses the Skills cards and ``shapes`` names a file of the players'
    own card shapes.  Raises :class:`~trackkit.errors.LayoutError` for a
    layout of a game without races, :class:`~trackkit.errors.ArgumentError`
    for an option the layout's game does not have.  With ``record``, the
    first race is also written there, move by move (see
    :mod:`trackkit.api.records`); with ``svg``, the picture of the figures
    (the game's ``draw_simulation``).  An existing file is replaced only
    with ``force``."""
    check_bounds(races=races, cars=cars, laps=laps, seed=seed, workers=workers)
    refuse_outputs([path, shapes], [record, svg], force)
    layout = load(path).layout
    check_layout_laps(laps or int(getattr(layout, "laps", 1)))
    game = racing_game(layout, path)
    if record is not None:
        from trackkit.api.records import check_recordable

        refuse_unplayable(layout)
        check_recordable(layout, cars, laps)
    given = {
        "wide_lanes": wide_lanes, "hazards": None if hazards else False, "skills": skills, "shapes": shapes,
        "pit_stops": pit_stops or None, "extra_hazards": extra_hazards or None,
    }
    options = {name: value for name, value in given.items() if value is not None}
    _refuse_options(game, options)
    picked = drivers or game.expert_driver
    request = RaceRequest(
        picked, resolve_seed(seed), cars, laps, races, 1, workers, record is not None, options
    )
    assert game.simulate is not None  # racing_game refused a game without races
    figures = game.simulate(layout, request, progress)
    if record is not None:
        from trackkit.api.records import write_record

        write_record(layout, record, request)
    draw = game.draw_simulation
    if svg is not None and draw is not None:
        write_atomic(svg, draw(layout, figures))
    return layout, figures


def racing_game(layout: Any, path: str | os.PathLike[str]) -> Game:
    """The game of ``layout`` (read from ``path``), refused with
    :class:`~trackkit.errors.LayoutError` naming the games that race when
    its game has no races."""
    game = registry.find_game(layout.game)
    if game.simulate is None:
        message = f"{_belong('race simulations', _racing())}, and this is a {game.title} layout"
        raise LayoutError(message, file=str(path))
    return game


def _racing() -> list[Game]:
    """The games whose races are simulated."""
    return [game for game in registry.GAMES.values() if game.simulate is not None]


def _refuse_options(game: Game, options: dict[str, Any]) -> None:
    """Refuse the first of ``options`` that ``game``'s races do not take, in
    the game's own words (``race_lacks``) or naming the games whose races
    do take it (by the first word of their titles: ``--skills is a rally
    option``)."""
    for name in options:
        if name in game.race_lacks:
            raise ArgumentError(game.race_lacks[name])
        if name not in game.race_options:
            owners = [other.title.split()[0] for other in _racing() if name in other.race_options]
            raise ArgumentError(
                f"is a {' and '.join(owners)} option; leave it out for this layout", parameter=name
            )


def refuse_unplayable(layout: Any) -> None:
    """A race is played with the table's setup (see :mod:`trackkit.piecepack.setup`),
    and a record starts from it: a layout whose pieces its packs cannot
    supply is refused with :class:`~trackkit.errors.EquipmentError` before
    any race is played (a thousand-tile loop on one pack raced for 24 s;
    ``--record`` raced it 11 s, then refused it).  The packs bound the
    work: eight packs hold 192 tiles."""
    setup = registry.find_game(layout.game).setup
    if setup is not None:
        setup(layout).pieces  # noqa: B018 - handing out the pieces is the check


def simulation_warnings(layout: Any, figures: Any) -> tuple[str, ...]:
    """What a run of races on ``layout`` should be warned about (the game's
    ``simulation_warnings``: a Motocross race of fewer riders than the
    rulebook plays)."""
    warn = registry.find_game(layout.game).simulation_warnings
    return () if warn is None else warn(figures)
