"""Race records: ``simulate --record FILE`` writes one, ``trackkit replay
FILE`` reads it back, checks every move and draws it turn by turn.

Every game's record is a Portable Piecepack Notation game (described in
:mod:`trackkit.layoutfile.records` and ``docs/simulation.md``): YAML
metadata, then the game's own movetext.  This module knows no game: it
reaches each through its :class:`~trackkit.game.Game` in the registry,
whose ``record_race`` job plays and writes a race, whose ``replay`` job
checks a record's moves with the game's independent move checker (not the
engine that played the race) and whose ``draw_replay`` job draws a frame.
A record in the form a game wrote before PPN is recognised by that game's
``old_record`` and still reads.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

from trackkit import registry
from trackkit.api.layouts import _belong
from trackkit.errors import LayoutError, LimitError
from trackkit.fileio import write_atomic
from trackkit.games import game_of
from trackkit.layoutfile.files import MAX_INPUT_BYTES, read_text
from trackkit.layoutfile.records import RecordHead, read_record_head
from trackkit.play import RaceRequest, Replayed

__all__ = [
    "MAX_RECORD_TURNS",
    "Frame",
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


def check_recordable(layout: Any, cars: int | None, laps: int | None) -> None:
    """Refuse with :class:`~trackkit.errors.LimitError`, before any race is
    played, a race whose record would pass :data:`MAX_RECORD_TURNS` turns
    or the size ``replay`` reads (see
    :data:`~trackkit.layoutfile.files.MAX_INPUT_BYTES`), saying how large it
    would be.  ``cars`` and ``laps`` default to the layout's."""
    game = registry.find_game(layout.game)
    pace = game.record_pace
    if pace is None:
        return
    length, field, runs = pace.size(layout)
    field, runs = cars or field, laps or runs
    turns = min(pace.rounds, math.ceil(runs * length / pace.advance)) * field
    size = len(game.dump(layout).encode("utf-8")) + turns * pace.turn_bytes
    if turns > MAX_RECORD_TURNS or size > MAX_INPUT_BYTES:
        raise LimitError(
            f"a record of this race would hold some {turns:,} turns ({field} cars, {runs} laps of {length:,}"
            f" {pace.unit}), about {size // 1024:,} KiB; a record holds at most {MAX_RECORD_TURNS:,} turns"
            " and 1,024 KiB, so nothing was raced or written (record fewer laps or cars)"
        )


def write_record(layout: Any, path: str | os.PathLike[str], request: RaceRequest) -> str:
    """Play race ``request.race`` of the run a simulation with the same
    request plays (the game's ``record_race``), write its PPN record to
    ``path`` (atomically) and return its text."""
    game = registry.find_game(layout.game)
    if game.record_race is None:
        raise LayoutError(f"{_belong('race records', _racing())}, and this is a {game.title} layout")
    text = game.record_race(layout, request)
    if len(text.encode("utf-8")) > MAX_INPUT_BYTES:
        raise LimitError(f"the record would be {len(text):,} characters, more than replay reads; not written")
    write_atomic(path, text)
    return text


def _racing() -> list[Any]:
    """The games whose races are recorded and replayed."""
    return [game for game in registry.GAMES.values() if game.replay is not None]


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
    replayed = _replayed(read_text(path), file)
    draw = registry.find_game(replayed.layout.game).draw_replay
    assert draw is not None, "a game that replays races draws them"
    last = replayed.turns if to is None else min(to, replayed.turns)
    layout, standings, captions = replayed.layout, replayed.standings, replayed.captions
    frames = tuple(
        Frame(number, draw(layout, standings[number], captions[number], width, color))
        for number in range(last + 1)
    )
    return Replay(replayed.layout, replayed.title, replayed.turns, frames, replayed.problems)


def _replayed(text: str, file: str) -> Replayed:
    """The race of a record's ``text``, checked: by the game whose older
    form of record it is, or by the game of the layout a PPN record names."""
    for game in registry.GAMES.values():
        if game.old_record is not None and game.old_record.sniff(text):
            return game.old_record.replay(text, file)
    head = read_record_head(text, file)
    layout = _layout_of(head)
    game = registry.find_game(layout.game)
    if game.replay is None:
        raise LayoutError(f"{_belong('race records', _racing())}, not {game.title} ones", file=file)
    return game.replay(head, layout)


def _layout_of(head: RecordHead) -> Any:
    try:
        return game_of(head.layout).read(head.layout, head.text, head.file).layout
    except LayoutError as error:
        raise error.located(head.file) from None
