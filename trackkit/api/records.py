"""Race records: ``simulate --record FILE`` writes one, ``trackkit replay
FILE`` reads it back, checks every move and draws it turn by turn.

A Racepack record is a Portable Piecepack Notation game, a RACE! record our
own YAML (both described in :mod:`trackkit.formats.race_records` and
``docs/simulation.md``).  Each move is checked by the game's independent
move checker (:mod:`trackkit.racepack.race.checker`,
:mod:`trackkit.race.checker`), not by the engine that played the race.  A
Motocross record is a PPN game as well (:mod:`trackkit.motocross.race.ppn`,
checked by :mod:`trackkit.motocross.race.checker`).  A
rally record (our own text, :mod:`trackkit.rally.formats.record`, written
by :mod:`trackkit.api.rally_records`) is replayed here too, checked by
:mod:`trackkit.rally.race.checker`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from trackkit import games
from trackkit.errors import GridError, LayoutError, LimitError
from trackkit.fileio import write_atomic
from trackkit.formats.race_log import race_record_text, race_turns
from trackkit.formats.race_records import (
    RecordHead,
    motocross_moves,
    motocross_record_text,
    racepack_moves,
    racepack_record_text,
    read_record_head,
)
from trackkit.games import game_of
from trackkit.layoutfile.files import MAX_INPUT_BYTES, read_text
from trackkit.rally.formats.record import HEADER as RALLY_HEADER

T = TypeVar("T")
"""Where the pieces stand after a turn, as a game's replay keeps it."""

__all__ = [
    "MAX_RECORD_TURNS",
    "Frame",
    "RecordRequest",
    "Replay",
    "check_recordable",
    "replay_file",
    "write_record",
]


MAX_RECORD_TURNS = 1_000
"""The most turns a Racepack, RACE! or Motocross race record is written
with, as estimated before any race is played (see
:func:`check_recordable`): some 200 KiB at most, which ``replay`` reads
back and shows in a second or two.  A race estimated longer is refused
up front with its size."""


@dataclass(frozen=True)
class _Pace:
    """How a game's race fills a record: ``advance``, the length of track
    (in the game's unit) a car covers in a round, on the slow side of what
    races show; ``rounds``, the engine's cap on a race's rounds; and
    ``turn_bytes``, about the most a turn takes in the record."""

    unit: str
    advance: float
    rounds: int
    turn_bytes: int


_PACES = {
    games.RACEPACK.name: _Pace("tiles", 2.5, 400, 200),
    games.RACE.name: _Pace("spaces", 3.0, 2_000, 120),
    games.MOTOCROSS.name: _Pace("tiles", 1.0, 300, 150),
}
"""Racepack cars cover some 3 tiles a round (Figure 1: 23 rounds for 3
laps), RACE! racers some 6 spaces (a 120-space loop: 540 turns of 8 racers
for 3 laps), Motocross riders some 2 tiles; the engines stop a race after
400, 2,000 and 300 rounds."""


def check_recordable(layout: Any, cars: int | None, laps: int | None) -> None:
    """Refuse with :class:`~trackkit.errors.LimitError`, before any race is
    played, a race whose record would pass :data:`MAX_RECORD_TURNS` turns
    or the size ``replay`` reads (see
    :data:`~trackkit.layoutfile.files.MAX_INPUT_BYTES`), saying how large it
    would be.  ``cars`` and ``laps`` default to the layout's."""
    pace = _PACES.get(layout.game)
    if pace is None:
        return
    length, field, runs = _race_size(layout)
    field, runs = cars or field, laps or runs
    turns = min(pace.rounds, math.ceil(runs * length / pace.advance)) * field
    size = len(games.find_game(layout.game).dump(layout).encode("utf-8")) + turns * pace.turn_bytes
    if turns > MAX_RECORD_TURNS or size > MAX_INPUT_BYTES:
        raise LimitError(
            f"a record of this race would hold some {turns:,} turns ({field} cars, {runs} laps of {length:,}"
            f" {pace.unit}), about {size // 1024:,} KiB; a record holds at most {MAX_RECORD_TURNS:,} turns"
            " and 1,024 KiB, so nothing was raced or written (record fewer laps or cars)"
        )


def _race_size(layout: Any) -> tuple[int, int, int]:
    """The length of ``layout``'s track in its game's unit (RACE! spaces,
    Racepack loop tiles, Motocross course tiles), its cars (racers, riders)
    and its laps (a Motocross race runs once)."""
    if layout.game == games.RACE.name:
        return layout.spaces, layout.racers, layout.laps
    if layout.game == games.MOTOCROSS.name:
        return len(layout.centres), layout.players, 1
    return len(layout.circuit), layout.cars, layout.laps


@dataclass(frozen=True)
class RecordRequest:
    """The race to record: the simulation's arguments, the race number."""

    drivers: tuple[Any, ...]
    seed: int
    cars: int | None
    laps: int | None
    pit_stops: bool
    extra_hazards: int
    race: int = 1
    hazards: bool = True
    """Racepack: roll the setup hazards of a layout without ``hazards:``."""


def write_record(layout: Any, path: str | os.PathLike[str], request: RecordRequest) -> str:
    """Play race ``request.race`` of the run a simulation with the same
    arguments plays, write it to ``path`` (atomically) and return its text.
    A Racepack record carries the layout as raced: with the hazards rolled
    for the race."""
    layout_text = games.find_game(layout.game).dump(layout)
    if layout.game == games.MOTOCROSS.name:
        from trackkit.motocross.race.simulate import recorded_motocross_race

        race = recorded_motocross_race(
            layout, request.drivers, seed=request.seed, race=request.race, count=request.cars
        )
        text = motocross_record_text(layout, layout_text, race, seed=request.seed, race=request.race)
    elif layout.game == games.RACEPACK.name:
        from trackkit.racepack.race.simulate import recorded_race

        layout, record = recorded_race(
            layout,
            request.drivers,
            seed=request.seed,
            race=request.race,
            cars=request.cars,
            laps=request.laps,
            pit_stops=request.pit_stops,
            extra_hazards=request.extra_hazards,
            hazards=request.hazards,
        )
        layout_text = games.find_game(layout.game).dump(layout)
        text = racepack_record_text(layout, layout_text, record, seed=request.seed, race=request.race)
    else:
        from trackkit.race.simulate import recorded_race_log

        log = recorded_race_log(
            layout,
            request.drivers,
            seed=request.seed,
            race=request.race,
            racers=request.cars,
            laps=request.laps,
        )
        text = race_record_text(layout, layout_text, log, seed=request.seed, race=request.race)
    if len(text.encode("utf-8")) > MAX_INPUT_BYTES:
        raise LimitError(f"the record would be {len(text):,} characters, more than replay reads; not written")
    write_atomic(path, text)
    return text


@dataclass(frozen=True)
class Frame:
    """One step of a replay: after ``turn`` (0 for the grid), the
    ``picture``: what the turn did, over the track with every car where it
    then stood."""

    turn: int
    picture: str


@dataclass(frozen=True)
class Replay:
    """A record read back: its layout, the number of ``turns``, the
    ``frames`` asked for (the grid, then one per turn) and every
    ``problem`` the move checker found (none for a legal race)."""

    layout: Any
    title: str
    turns: int
    frames: tuple[Frame, ...]
    problems: tuple[str, ...]


def replay_file(
    path: str | os.PathLike[str], *, to: int | None = None, width: int = 80, color: bool = False
) -> Replay:
    """Read the race record in ``path``, check every move and draw the grid
    and each turn up to turn ``to`` (every turn when ``None``), ``width``
    characters wide.  Raises a located :class:`~trackkit.errors.LayoutError`
    for a file that is not a record."""
    file = str(path)
    text = read_text(path)
    if text.startswith(RALLY_HEADER):
        return _rally_replay(text, file, to)
    head = read_record_head(text, file)
    layout = _layout_of(head)
    if layout.game == games.RACEPACK.name:
        return _racepack_replay(head, layout, to, width, color)
    if layout.game == games.RACE.name:
        return _race_replay(head, layout, to, width, color)
    if layout.game == games.MOTOCROSS.name:
        return _motocross_replay(head, layout, to, width, color)
    title = games.find_game(layout.game).title
    raise LayoutError(f"race records are of Racepack, RACE! and Motocross races, not {title}", file=file)


def _rally_replay(text: str, file: str, to: int | None) -> Replay:
    """A rally record (see :mod:`trackkit.api.rally_records`): each turn as
    its record line and where every car then stands."""
    from trackkit.rally.deck import RaceDeck
    from trackkit.rally.formats.record import rally_frames
    from trackkit.rally.formats.record_read import read_rally_record
    from trackkit.rally.race.checker import check_rally

    read = read_rally_record(text, file)
    record = read.record
    pictures = rally_frames(record)
    last = len(record.turns) if to is None else min(to, len(record.turns))
    frames = tuple(Frame(number, picture) for number, picture in enumerate(pictures[: last + 1]))
    deck = RaceDeck(record.course, name=read.name)
    return Replay(deck, "rally", len(record.turns), frames, tuple(check_rally(record)))


def _layout_of(head: RecordHead) -> Any:
    try:
        return game_of(head.layout).read(head.layout, head.text, head.file).layout
    except LayoutError as error:
        raise error.located(head.file) from None


def _racepack_replay(head: RecordHead, layout: Any, to: int | None, width: int, color: bool) -> Replay:
    from trackkit.racepack.race.checker import check_race
    from trackkit.racepack.race.replay import car_squares, standings, turn_words
    from trackkit.racepack.race.setup_check import setup_problems
    from trackkit.racepack.race.track import RaceTrack
    from trackkit.render.replay import racepack_frame

    track = RaceTrack(layout, head.laps)
    try:
        grid = track.grid(len(head.drivers))
    except GridError as error:
        raise head.too_many_cars(str(error)) from None
    record = racepack_moves(head, layout, track.board, grid)
    words = [turn_words(record, turn) for turn in record.turns]

    def draw(spaces: tuple[int | None, ...], caption: str) -> str:
        return racepack_frame(layout, car_squares(layout, spaces), caption, width, color)

    frames = _frames(standings(track, record), words, draw, to)
    setup = setup_problems(layout, len(record.drivers), _racepack_setup(head))
    return Replay(layout, "Racepack", len(words), frames, (*setup, *check_race(track, record)))


def _racepack_setup(head: RecordHead) -> tuple[str, ...]:
    """The pieces the ``setup.`` move of a Racepack record drops (read after
    its moves, so the record has movetext)."""
    from trackkit.racepack.race.ppn import read_setup

    try:
        return read_setup(head.movetext or "", head.movetext_line).drops
    except LayoutError as error:
        raise error.located(head.file) from None


def _race_replay(head: RecordHead, layout: Any, to: int | None, width: int, color: bool) -> Replay:
    from trackkit.race.checker import check_race_log
    from trackkit.race.replay import race_standings, racer_turn_words
    from trackkit.render.replay import race_frame

    log = race_turns(head)
    words = [racer_turn_words(log, turn) for turn in log.turns]

    def draw(spaces: tuple[int | None, ...], caption: str) -> str:
        racers = {space: slot + 1 for slot, space in enumerate(spaces) if space is not None}
        return race_frame(layout, racers, caption, width, color)

    frames = _frames(race_standings(layout, log), words, draw, to)
    return Replay(layout, "RACE!", len(words), frames, tuple(check_race_log(layout, log)))


def _motocross_replay(head: RecordHead, course: Any, to: int | None, width: int, color: bool) -> Replay:
    from trackkit.motocross.race.checker import check_race
    from trackkit.motocross.race.ppn import Bike
    from trackkit.motocross.race.replay import turn_words
    from trackkit.render.replay import motocross_frame

    read = motocross_moves(head, course)
    words = [turn_words(read.record, turn) for turn in read.record.turns]

    def draw(bikes: tuple[Bike, ...], caption: str) -> str:
        riding = {bike.space: seat + 1 for seat, bike in enumerate(bikes) if not bike.out}
        fallen = {bike.space: seat + 1 for seat, bike in enumerate(bikes) if bike.out}
        return motocross_frame(course, riding, fallen, caption, width, color)

    frames = _frames(read.standings, words, draw, to, start="the bikes on the starting tile")
    return Replay(course, "Motocross", len(words), frames, tuple(check_race(read.record)))


def _frames(
    standings: Sequence[T],
    words: list[str],
    draw: Callable[[T, str], str],
    to: int | None,
    start: str = "the grid",
) -> tuple[Frame, ...]:
    """The grid and each turn up to turn ``to``, drawn by ``draw`` from where
    the cars stand and the turn in ``words``."""
    last = len(words) if to is None else min(to, len(words))
    return tuple(
        Frame(number, draw(spaces, start if number == 0 else f"turn {number}: {words[number - 1]}"))
        for number, spaces in enumerate(standings[: last + 1])
    )
