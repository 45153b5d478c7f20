"""The rally card game's play jobs (see :class:`trackkit.game.Game`): races
simulated, the first one written as a PPN record
(:mod:`trackkit.rally.formats.record`), a record read back and re-checked
by the independent move checker (:mod:`trackkit.rally.race.checker`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from trackkit.errors import ArgumentError, LayoutError
from trackkit.layoutfile.files import read_text
from trackkit.layoutfile.records import RecordHead
from trackkit.play import Progress, RaceRequest, Replayed
from trackkit.rally.deck import RaceDeck
from trackkit.rally.formats.record import HEADER, RallyRecordFile
from trackkit.rally.game import NO_LAPS

if TYPE_CHECKING:
    from trackkit.rally.race.simulate import RallySimulation

__all__ = [
    "check_rally_record_file",
    "old_replay",
    "read_rally_text",
    "record_race",
    "replay_race",
    "simulate_races",
]


def _run(deck: RaceDeck, request: RaceRequest) -> dict[str, Any]:
    """The arguments a run of rally races takes from ``request``: no laps;
    ``cars`` counts the players; the Skills mode, and the players' own card
    shapes read from the ``shapes`` file."""
    from trackkit.rally.race.drivers import parse_rally_drivers

    if request.laps is not None:
        raise ArgumentError(NO_LAPS)
    shapes = request.option("shapes")
    if shapes is not None:
        from trackkit.rally.formats.shapes import load_card_shapes

        shapes = dict(load_card_shapes(os.fspath(shapes)))
    return {
        "drivers": parse_rally_drivers(request.drivers),
        "seed": request.seed,
        "players": request.cars,
        "skills": request.option("skills", "none"),
        "shapes": shapes,
    }


def simulate_races(deck: RaceDeck, request: RaceRequest, progress: Progress | None) -> RallySimulation:
    """The figures of ``request.races`` rally races (see
    :func:`trackkit.rally.race.simulate.simulate_rally`)."""
    from trackkit.rally.race.simulate import simulate_rally

    run = _run(deck, request)
    drivers = run.pop("drivers")
    return simulate_rally(
        deck, drivers, races=request.races, workers=request.workers, progress=progress, **run
    )


def record_race(deck: RaceDeck, request: RaceRequest) -> str:
    """Race ``request.race`` of the run as a PPN record."""
    from trackkit.rally.formats.info import annotated_deck
    from trackkit.rally.formats.record import rally_record_text
    from trackkit.rally.race.simulate import recorded_rally

    run = _run(deck, request)
    drivers = run.pop("drivers")
    record = recorded_rally(deck, drivers, race=request.race, **run)
    return rally_record_text(
        record,
        deck=deck,
        deck_text=annotated_deck(deck),
        seed=request.seed,
        race=request.race,
        skills=run["skills"],
    )


def replay_race(head: RecordHead, deck: RaceDeck) -> Replayed:
    """A rally PPN record's race on ``deck``, every move checked."""
    from trackkit.rally.formats.record_read import read_rally_moves

    return _replayed(read_rally_moves(head, deck))


def old_replay(text: str, file: str) -> Replayed:
    """A rally record of the form written before records were PPN."""
    from trackkit.rally.formats.record_read import read_rally_record

    return _replayed(read_rally_record(text, file))


def _replayed(read: RallyRecordFile) -> Replayed:
    """Each turn as its record line and where every car then stands."""
    from trackkit.rally.formats.record import rally_captions, rally_standings
    from trackkit.rally.race.checker import check_rally

    record = read.record
    deck = RaceDeck(record.course, name=read.name)
    problems = tuple(check_rally(record))
    return Replayed(deck, "rally", rally_captions(record), rally_standings(record), problems)


def read_rally_text(text: str, file: str) -> RallyRecordFile:
    """The race in a rally record's ``text``: a PPN record, or one of the
    form written before (it opens with
    :data:`~trackkit.rally.formats.record.HEADER`).  Raises a located
    :class:`~trackkit.errors.LayoutError` for text that is not one."""
    from trackkit.layoutfile.records import read_record_head
    from trackkit.rally.formats.deck_file import read_deck
    from trackkit.rally.formats.record_read import read_rally_moves, read_rally_record

    if text.startswith(HEADER):
        return read_rally_record(text, file)
    head = read_record_head(text, file)
    try:
        deck = read_deck(head.layout, head.text, file).layout
    except LayoutError as error:
        raise error.located(file) from None
    return read_rally_moves(head, deck)


def check_rally_record_file(path: str | os.PathLike[str]) -> tuple[RallyRecordFile, tuple[str, ...]]:
    """Read the rally record in ``path`` (PPN, or the older form) and
    re-check every move: the record read, and every problem the move
    checker found in it (none for a legal race).  Raises a located
    :class:`~trackkit.errors.LayoutError` for a file that is not one."""
    from trackkit.rally.race.checker import check_rally

    read = read_rally_text(read_text(path), str(path))
    return read, tuple(check_rally(read.record))
