"""A recorded RACE! race turn by turn, as a player watching it would follow
it: where every racer stands after each turn, and what each turn did in
words."""

from __future__ import annotations

from trackkit.race.record import RaceLog, RacerTurn
from trackkit.race.track import RaceLayout, space_before

__all__ = [
    "race_standings",
    "racer_turn_words",
]


def race_standings(layout: RaceLayout, log: RaceLog) -> list[tuple[int | None, ...]]:
    """Each racer's space on the grid (the record's, or one a space back
    from the line), then after every turn (``None`` once it has finished).
    A racer moves less than a lap in a turn, so the spaces it ends on tell
    how far it went."""
    loop = layout.spaces
    goal = log.laps * loop + 1
    positions = [-slot for slot in range(len(log.drivers))]
    spaces: list[int | None] = [space_before(layout.finish, loop, slot) for slot in range(len(positions))]
    if len(log.grid) == len(spaces) and all(1 <= space <= loop for space in log.grid):
        spaces = list(log.grid)  # a grid the checker refuses is still drawn as written
    found = [tuple(spaces)]
    for turn in log.turns:
        moved = [(turn.racer, turn.to)]
        if turn.shaken is not None and turn.shaken_to is not None:
            moved.append((turn.shaken, turn.shaken_to))
        for slot, space in moved:
            here = (layout.finish - 1 + positions[slot]) % loop + 1
            positions[slot] += (space - here) % loop
            spaces[slot] = None if positions[slot] >= goal else space
        found.append(tuple(spaces))
    return found


def racer_turn_words(log: RaceLog, turn: RacerTurn) -> str:
    """What a turn did: ``racer 2 (bold): speed 2, dice 5 3 8 1 7 → space
    14; shakes racer 3 to space 9``."""
    dice = " ".join(map(str, turn.dice))
    hazard = f" and hazard dice {' '.join(map(str, turn.hazard_dice))}" if turn.hazard_dice else ""
    words = f"racer {turn.racer + 1} ({log.drivers[turn.racer]}): speed {turn.speed}, dice {dice}{hazard}"
    words += f" → space {turn.to}"
    if turn.blocked:
        words += f" (blocked: {'slows down' if turn.blocked == 'slow' else 'risks a crash'})"
    if turn.shaken is not None:
        words += f"; shakes racer {turn.shaken + 1} to space {turn.shaken_to}"
        if turn.shaken_blocked:
            words += f" (blocked: {'slows down' if turn.shaken_blocked == 'slow' else 'risks a crash'})"
    return words
