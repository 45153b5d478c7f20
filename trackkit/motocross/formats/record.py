"""Motocross's play jobs (see :class:`trackkit.game.Game`): races
simulated, the first one written as a PPN record, a record read back and
checked.

The record's metadata is every game's (:mod:`trackkit.layoutfile.records`)
with ``laps: 1`` (a Motocross race runs once, from the starting tile to
the finish line); its movetext is written by
:mod:`trackkit.motocross.race.ppn` and read by
:mod:`trackkit.motocross.race.ppn_read`, and the moves are checked by
:mod:`trackkit.motocross.race.checker`, not by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trackkit.errors import ArgumentError, EquipmentError, LayoutError
from trackkit.layoutfile.records import RecordHead, head_lines, movetext_of, ppn_text
from trackkit.layoutfile.yaml_nodes import at
from trackkit.motocross.course import Course
from trackkit.motocross.game import NO_LAPS
from trackkit.play import Progress, RaceRequest, Replayed, Token, turn_captions

if TYPE_CHECKING:
    from trackkit.montecarlo import Simulation
    from trackkit.motocross.race.ppn import Bike
    from trackkit.motocross.race.ppn_read import ReadRace
    from trackkit.motocross.race.record import RaceRecord

__all__ = [
    "motocross_moves",
    "motocross_record_text",
    "record_race",
    "replay_race",
    "simulate_races",
    "simulation_warnings",
]


def simulate_races(course: Course, request: RaceRequest, progress: Progress | None) -> Simulation:
    """The figures of ``request.races`` races (see
    :func:`trackkit.motocross.race.simulate.simulate_motocross`);
    ``request.cars`` counts the riders.  A Motocross race has no laps."""
    from trackkit.motocross.race.drivers import parse_riders
    from trackkit.motocross.race.simulate import simulate_motocross
    from trackkit.motocross.setup import course_setup

    if request.laps is not None:
        raise ArgumentError(NO_LAPS)
    course_setup(course).pieces  # noqa: B018 - handing out the pieces is the check
    riders = parse_riders(request.drivers)
    return simulate_motocross(
        course,
        riders,
        races=request.races,
        seed=request.seed,
        count=request.cars,
        workers=request.workers,
        progress=progress,
    )


def simulation_warnings(figures: Simulation) -> tuple[str, ...]:
    """A run of fewer riders than the rulebook plays is warned about (see
    :func:`trackkit.motocross.race.simulate.field_warning`)."""
    from trackkit.motocross.race.simulate import field_warning

    warning = field_warning(figures.cars)
    return () if warning is None else (warning,)


def record_race(course: Course, request: RaceRequest) -> str:
    """Race ``request.race`` of the run as a PPN record."""
    from trackkit.motocross.formats.course_file import dump_course
    from trackkit.motocross.race.drivers import parse_riders
    from trackkit.motocross.race.simulate import recorded_motocross_race

    riders = tuple(parse_riders(request.drivers))
    race = recorded_motocross_race(
        course, riders, seed=request.seed, race=request.race, count=request.cars
    )
    return motocross_record_text(course, dump_course(course), race, seed=request.seed, race=request.race)


def motocross_record_text(
    course: Course, layout_text: str, record: RaceRecord, *, seed: int, race: int = 1
) -> str:
    """A Motocross race as a PPN file: the metadata (``laps: 1``: the race
    runs once, from the starting tile to the finish line), then the movetext."""
    from trackkit.motocross.race.ppn import race_movetext

    title = course.name or "a Motocross course"
    notes = (
        f"race {race} of seed {seed}: {len(record.drivers)} riders, seat 1 the starting player;"
        " bikes are the pawns; written by trackkit"
    )
    head = head_lines(f"Motocross race on {title}", notes, seed, race, 1, record.drivers, layout_text)
    return ppn_text(head, race_movetext(record))


def motocross_moves(head: RecordHead, course: Course) -> ReadRace:
    """The race of a Motocross record on ``course``, with where every bike
    stood after each turn.  Raises a located :class:`~trackkit.errors.LayoutError`."""
    from trackkit.motocross.race.ppn_read import read_movetext

    movetext = movetext_of(head, "Motocross")
    try:
        return read_movetext(course, head.drivers, movetext, head.movetext_line)
    except LayoutError as error:
        raise error.located(head.file) from None
    except EquipmentError as error:
        short = at(
            head.layout, f"the course of this record cannot be laid out: {error}", "record a legal course"
        )
        raise short.located(head.file) from None


def replay_race(head: RecordHead, course: Course) -> Replayed:
    """A Motocross record's race on ``course``, every move checked, and
    where the bikes stand after each turn."""
    from trackkit.motocross.race.checker import check_race
    from trackkit.motocross.race.replay import turn_words

    read = motocross_moves(head, course)
    words = [turn_words(read.record, turn) for turn in read.record.turns]
    captions = turn_captions(words, start="the bikes on the starting tile")
    places = [_bikes(bikes) for bikes in read.standings]
    return Replayed(course, "Motocross", captions, places, tuple(check_race(read.record)))


def _bikes(bikes: tuple[Bike, ...]) -> dict[object, Token]:
    """Each bike by its seat number on its space, a wiped-out one as ``x``
    and its seat number on the space it left the track from (a bike riding
    on that space hides it)."""
    places: dict[object, Token] = {
        bike.space: Token(f"x{seat}", down=True) for seat, bike in enumerate(bikes, 1) if bike.out
    }
    places.update({bike.space: Token(str(seat)) for seat, bike in enumerate(bikes, 1) if not bike.out})
    return places
