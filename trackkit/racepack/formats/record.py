"""Racepack's play jobs (see :class:`trackkit.game.Game`): races simulated,
the first one written as a PPN record, a record read back and checked.

The record's metadata is every game's (:mod:`trackkit.layoutfile.records`),
with ``pit laps`` for the pit-stop variant and the ``finish``; its movetext
is written and read by :mod:`trackkit.racepack.race.ppn`, and the moves are
checked by the independent move checker
(:mod:`trackkit.racepack.race.checker`), not by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trackkit.errors import GridError, LayoutError
from trackkit.layoutfile.records import RecordHead, finish_line, head_lines, movetext_of, ppn_text
from trackkit.play import Progress, RaceRequest, Replayed, Token, turn_captions
from trackkit.racepack.layout import Layout

if TYPE_CHECKING:
    from trackkit.montecarlo import Simulation
    from trackkit.racepack.movement.board import Board
    from trackkit.racepack.race.record import RaceRecord

__all__ = [
    "racepack_moves",
    "racepack_record_text",
    "record_race",
    "replay_race",
    "simulate_races",
]


def _raced(layout: Layout, request: RaceRequest) -> Layout:
    """The layout as raced: its wide main straight as ``wide_lanes`` says."""
    from trackkit.racepack.row_spaces import with_wide_lanes

    wide = request.option("wide_lanes")
    return layout if wide is None else with_wide_lanes(layout, wide)


def simulate_races(layout: Layout, request: RaceRequest, progress: Progress | None) -> Simulation:
    """The figures of ``request.races`` races (see
    :func:`trackkit.racepack.race.simulate.simulate`).  A record sets out
    the race's cars, so with a record and ``cars`` the table checked for
    its pieces is the one with that many cars."""
    from trackkit.racepack.race.drivers import parse_drivers
    from trackkit.racepack.race.simulate import simulate
    from trackkit.racepack.setup import table_setup

    layout = _raced(layout, request)
    field = parse_drivers(request.drivers)
    checked = replace(layout, cars=request.cars) if request.record and request.cars is not None else layout
    table_setup(checked, grid=True).pieces  # noqa: B018 - handing out the pieces is the check
    run = _race(request)
    return simulate(layout, field, races=request.races, workers=request.workers, progress=progress, **run)


def _race(request: RaceRequest) -> dict[str, Any]:
    """What a run and its recorded race take from ``request`` alike: the
    seed, cars and laps, and Racepack's variants."""
    return {
        "seed": request.seed,
        "cars": request.cars,
        "laps": request.laps,
        "pit_stops": request.option("pit_stops", False),
        "extra_hazards": request.option("extra_hazards", 0),
        "hazards": request.option("hazards", True),
    }


def record_race(layout: Layout, request: RaceRequest) -> str:
    """Race ``request.race`` of the run as a PPN record; its layout is the
    one raced, with the hazards rolled for the race."""
    from trackkit.racepack.formats.layout_file import dump_layout
    from trackkit.racepack.race.drivers import parse_drivers
    from trackkit.racepack.race.simulate import recorded_race

    field = parse_drivers(request.drivers)
    raced, record = recorded_race(_raced(layout, request), field, race=request.race, **_race(request))
    return racepack_record_text(raced, dump_layout(raced), record, seed=request.seed, race=request.race)


def racepack_record_text(
    layout: Layout, layout_text: str, record: RaceRecord, *, seed: int, race: int = 1
) -> str:
    """A Racepack race as a PPN file: the metadata, then the movetext;
    ``layout_text`` is the layout as its file would hold it."""
    from trackkit.racepack.race.ppn import race_movetext

    title = layout.name or "a Racepack track"
    notes = (
        f"race {race} of seed {seed}: {len(record.drivers)} cars, {record.laps} laps; "
        "cars are the pawns; written by trackkit"
    )
    pits = [f"  pit laps: [{', '.join(map(str, record.pit_laps))}]"] if record.pit_laps else []
    pits += finish_line(record.finish)
    head = head_lines(
        f"Racepack race on {title}", notes, seed, race, record.laps, record.drivers, layout_text, pits
    )
    return ppn_text(head, race_movetext(layout, record))


def racepack_moves(
    head: RecordHead, layout: Layout, board: Board, grid: Sequence[tuple[int, int]]
) -> RaceRecord:
    """The race of a Racepack record on ``layout`` (``grid``: each slot's
    place).  Raises a located :class:`~trackkit.errors.LayoutError`."""
    from trackkit.racepack.race.ppn import read_movetext
    from trackkit.racepack.race.record import RaceRecord

    movetext = movetext_of(head, "Racepack")
    start = RaceRecord(head.laps, head.drivers, tuple(grid), [], head.pit_laps, finish=head.finish)
    try:
        return read_movetext(layout, board, start, movetext, head.movetext_line)
    except LayoutError as error:
        raise error.located(head.file) from None


def replay_race(head: RecordHead, layout: Layout) -> Replayed:
    """A Racepack record's race on ``layout``, every move checked, and
    where the cars stand after each turn."""
    from trackkit.racepack.race.checker import check_race
    from trackkit.racepack.race.replay import car_squares, standings, turn_words
    from trackkit.racepack.race.setup_check import setup_problems
    from trackkit.racepack.race.track import RaceTrack

    track = RaceTrack(layout, head.laps)
    try:
        grid = track.grid(len(head.drivers))
    except GridError as error:
        raise head.too_many_cars(str(error)) from None
    record = racepack_moves(head, layout, track.board, grid)
    captions = turn_captions([turn_words(record, turn) for turn in record.turns])
    places = [
        {square: Token(str(number)) for square, number in squares.items()}
        for squares in car_squares(layout, standings(track, record))
    ]
    setup = setup_problems(layout, len(record.drivers), _setup_drops(head))
    return Replayed(layout, "Racepack", captions, places, (*setup, *check_race(track, record)))


def _setup_drops(head: RecordHead) -> tuple[str, ...]:
    """The pieces the ``setup.`` move of a Racepack record drops (read after
    its moves, so the record has movetext)."""
    from trackkit.racepack.race.ppn import read_setup

    try:
        return read_setup(head.movetext or "", head.movetext_line).drops
    except LayoutError as error:
        raise error.located(head.file) from None
