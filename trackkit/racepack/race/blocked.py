"""The turn of a car other cars hem in.

When none of the turn plans a driver would weigh is free of other cars, the
car searches every legal sequence of movements that bumps no one, and takes
one with the most movements ("when three movements are not possible, the
driver makes as many as are possible and this then constitutes the driver's
turn"), the best of those for its driving style.
"""

from __future__ import annotations

from collections.abc import Collection

from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.laps import spin_chances
from trackkit.racepack.movement.speeds import (
    MOVEMENTS_PER_TURN,
    RISKY_ENTRY_SPEED,
    SAFE_ENTRY_SPEED,
    first_speeds,
    next_speeds,
)
from trackkit.racepack.movement.turns import RE_ENTRY, Movement
from trackkit.racepack.race.track import Candidate, RaceTrack, Style

__all__ = [
    "blocked_turn",
    "free_turns",
]

_Best = tuple[int, float, tuple[Movement, ...]]
"""Movements made, expected turns to the finish afterwards (less is
better), and the movements."""


def blocked_turn(
    track: RaceTrack,
    style: Style,
    hazards: frozenset[int],
    place: CarState,
    crossings: int,
    race_start: bool,
    occupied: Collection[int],
    pit: bool = False,
) -> tuple[Movement, ...]:
    """The movements of the best turn from ``place`` that bumps no car on
    ``occupied``: as many movements as possible, then the least expected
    turns to the finish for ``style`` (``pit``: driving through the pits)."""
    search = _Search(track, style, hazards, crossings, race_start, occupied, pit)
    if place[0] >= 0:
        return search.best(place[0], place[1], 0, 0, 0)[2]
    board = track.board
    tile = -1 - place[0]
    best: _Best = (0, search.value(0, place), ())
    for space in board.outside_spaces(tile):
        if space in occupied:
            continue
        heading = board.exit_heading[tile]
        entry = Movement(RE_ENTRY, SAFE_ENTRY_SPEED, (space,), heading=heading)
        if space in hazards:  # re-entering onto a hazard ends the turn, as landing on one does
            count, value, rest = MOVEMENTS_PER_TURN, search.value(0, (space, heading)), tuple[Movement, ...]()
        else:
            count, value, rest = search.best(space, heading, SAFE_ENTRY_SPEED, 1, 0)
        if (count, -value) > (best[0], -best[1]):
            best = (count, value, (entry, *rest))
    return best[2]


class _Search:
    def __init__(
        self,
        track: RaceTrack,
        style: Style,
        hazards: frozenset[int],
        crossings: int,
        race_start: bool,
        occupied: Collection[int],
        pit: bool,
    ) -> None:
        self.track = track
        self.board = track.board_with(hazards, pit)
        self.table = track.planner(hazards, style.risky, pit).table
        self.policy = track.policy(style.risky)
        self.entry_limit = RISKY_ENTRY_SPEED if style.risky else SAFE_ENTRY_SPEED
        self.crossings = crossings
        self.race_start = race_start
        self.occupied = frozenset(occupied)
        self.memo: dict[tuple[int, int, int, int, int], _Best] = {}

    def value(self, laps: int, place: CarState) -> float:
        return self.policy.value(self.crossings + laps, place)

    def best(self, space: int, heading: int, speed: int, number: int, laps: int) -> _Best:
        """The best way to finish the turn from ``space`` after a movement
        of ``speed`` (0 before the first), movement ``number`` next.  A turn
        a hazard or the finish ends counts as whole."""
        key = (space, heading, speed, number, laps)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._search(space, heading, speed, number, laps)
        return found

    def _search(self, space: int, heading: int, speed: int, number: int, laps: int) -> _Best:
        board = self.board
        if self.crossings + laps >= self.track.goal:
            return (MOVEMENTS_PER_TURN, 0.0, ())
        best: _Best = (number, self.value(laps, (space, heading)), ())
        if number >= MOVEMENTS_PER_TURN:
            return best
        speeds = first_speeds(self.race_start) if number == 0 else next_speeds(speed)
        for facing in board.headings((space, heading)):
            for value in speeds:
                for move in self.table.moves(space, facing, value):
                    if self.occupied.intersection(move.path[1:]):
                        continue
                    entered = move.entered
                    if entered is not None and value > self.entry_limit:
                        continue
                    end = move.path[-1]
                    after = facing if board.corner[end // 4] else board.exit_heading[end // 4]
                    risked = entered if entered is not None and value == RISKY_ENTRY_SPEED else None
                    movement = Movement(move.kind, value, move.path, False, risked, facing)
                    total = laps + move.laps
                    rest: tuple[Movement, ...] = ()
                    if board.hits(move.path):
                        count, rest_value = MOVEMENTS_PER_TURN, self.value(total, (end, after))
                    else:
                        count, rest_value, rest = self.best(end, after, value, number + 1, total)
                    if risked is not None:
                        spin, keep = spin_chances(1)
                        rest_value = spin * self.value(total, (-1 - risked, -1)) + keep * rest_value
                    if (count, -rest_value) > (best[0], -best[1]):
                        best = (count, rest_value, (movement, *rest))
        return best


def free_turns(ranked: list[Candidate], occupied: set[int], every: bool) -> list[Candidate]:
    """The ranked turns that bump no car: all of them (``every``), or just the best."""
    if every:
        return [candidate for candidate in ranked if not candidate.touched & occupied]
    for candidate in ranked:
        if not candidate.touched & occupied:
            return [candidate]
    return []
