"""The move checker's watch on the pit lane and the setup hazards
(:mod:`trackkit.racepack.race.checker`), kept apart from the engine:

* "Speed in the pit lane is restricted to 3": a car drives the loop tiles
  beside the pit lane at speed 3 at most on the one pass over them it
  enters on its pit lap, from the step onto them to the step off them,
  whichever side of the start/finish line they lie;
* "During the first lap, as the last place car passes by each hazard token
  it is flipped over": a setup hazard is turned over once the last car
  still racing stands on a later half tile than it on its first lap (a
  spun-out car stands just before its corner), not before and not later.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from trackkit.racepack.movement.analysis import PIT_SPEED
from trackkit.racepack.race.record import MoveRecord, TurnRecord
from trackkit.racepack.race.rulebook import FLIPPED, PIT_LANE, quoted
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "HazardWatch",
    "Standing",
]

Standing = tuple[int | None, int, int]
"""Where a car still racing stands: the corner tile it spun out at (or
``None``), its space and the crossings of the line it has made."""


class HazardWatch:
    """The pit tiles and the setup hazards of one recorded race."""

    def __init__(self, track: RaceTrack) -> None:
        self.board = track.board
        self.pits = frozenset(track.pit_tiles)
        self.lap = 2 * track.tiles
        self.blank = frozenset(track.hazards)
        """The setup hazards still blank side up, as the record last said."""
        self.late: set[int] = set()
        """The hazards already named for staying blank too long."""

    def pit_problems(
        self, pit_lap: int, crossings: int, on_pass: bool, move: MoveRecord, index: int
    ) -> tuple[list[str], bool]:
        """What is wrong with ``move`` of a car with pit lap ``pit_lap``
        (0: none) that has made ``crossings`` and is ``on_pass`` (on its
        pass through the pits) when it starts; and whether it is on the
        pass after the move.  Follows the car step by step."""
        if not pit_lap or move.kind == "re-entry":
            return [], on_pass
        pits, limited = self.pits, False
        for source, target in itertools.pairwise(move.spaces):
            crossings += self.board.crosses(source, target)
            if target // 4 in pits and source // 4 not in pits:
                on_pass = crossings == pit_lap
            limited |= on_pass and bool(pits.intersection((source // 4, target // 4)))
            if target // 4 not in pits:
                on_pass = False
        if move.speed <= PIT_SPEED or not limited:
            return [], on_pass
        return [
            f"movement {index + 1}: speed {move.speed} in the pit lane on its pit stop {quoted(PIT_LANE)}"
        ], on_pass

    def flip_problems(self, racing: Sequence[Standing], turn: TurnRecord) -> list[str]:
        """The setup hazards the record turns over (or leaves blank) before
        ``turn``, against where the cars still racing stand; a hazard left
        blank too long is named once."""
        blank, self.blank = self.blank - self.late, turn.blank
        if not racing:
            return []
        last = min(self._half_tiles(*standing) for standing in racing)
        problems = []
        for space in sorted(blank):
            passed = last > self.board.rel[space]
            if space in turn.hazards and not passed:
                problems.append(
                    f"the hazard on space {space} is turned over before the last car has passed it"
                )
            elif space in turn.blank and passed:
                self.late.add(space)
                problems.append(
                    f"the hazard on space {space} is still blank though the last car has passed it"
                )
        return [f"{problem} {quoted(FLIPPED)}" for problem in problems]

    def _half_tiles(self, spun: int | None, space: int, crossings: int) -> int:
        """How far a car has come from its first crossing, in half tiles."""
        where = (2 * spun - self.board.line) % self.lap if spun is not None else self.board.rel[space]
        return (crossings - 1) * self.lap + where
