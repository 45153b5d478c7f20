"""A recorded Racepack race turn by turn, as a player watching it would
follow it: where every car stands after each turn, and what each turn did
in words."""

from __future__ import annotations

from trackkit.piecepack.geometry import Square
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.board import HEADINGS
from trackkit.racepack.race.record import MoveRecord, RaceRecord, TurnRecord
from trackkit.racepack.race.terms import spins_out
from trackkit.racepack.race.track import RaceTrack
from trackkit.racepack.row_spaces import space_cells

__all__ = [
    "car_squares",
    "standings",
    "turn_words",
]


def standings(track: RaceTrack, record: RaceRecord) -> list[tuple[int | None, ...]]:
    """Each car's space on the grid, then after every turn (``None`` once it
    has finished and left the track)."""
    spaces: list[int | None] = [space for space, _ in record.grid]
    crossings = [0] * len(spaces)
    found = [tuple(spaces)]
    for turn in record.turns:
        if turn.start[1] >= 0:
            spaces[turn.slot] = turn.start[0]
        for move in turn.moves:
            spaces[turn.slot] = move.spaces[-1]
            if move.kind != "re-entry":
                crossings[turn.slot] += track.crossings_of(move.spaces)
        if crossings[turn.slot] >= track.goal:
            spaces[turn.slot] = None
        found.append(tuple(spaces))
    return found


def turn_words(record: RaceRecord, turn: TurnRecord) -> str:
    """What a turn did: ``car 2 (bold): forward 3 north, lane-change 2
    north, forward 2 east (penalty die 5: spins out)``."""
    moves = ", ".join(_move_words(move) for move in turn.moves) or "no movement possible"
    return f"car {turn.slot + 1} ({record.drivers[turn.slot]}): {moves}"


def _move_words(move: MoveRecord) -> str:
    words = f"{move.kind} {move.speed}"
    if move.kind != "re-entry":
        words += f" {HEADINGS[move.heading].name.lower()}"
    if move.token:
        words += " (own token)"
    if move.rolls:
        rolled = f"penalty die {move.rolls[0]}"
        if len(move.rolls) == 3:
            rival = "rival's" if move.rival is None else f"car {move.rival + 1}'s"
            rolled += f", {rival} token {move.rolls[1]} forces a re-roll: {move.rolls[2]}"
        words += f" ({rolled}{': spins out' if spins_out(move.rolls) else ''})"
    return words


def car_squares(layout: Layout, placings: list[tuple[int | None, ...]]) -> list[dict[Square, int]]:
    """For each of ``placings`` (each car's space, ``None`` once
    out), the square each car still racing stands on, to its car number (1
    for the car that started on the pole).  The spaces' squares are worked
    out once for the race."""
    cells = space_cells(layout)
    return [
        {cells[space]: slot + 1 for slot, space in enumerate(spaces) if space is not None}
        for spaces in placings
    ]
