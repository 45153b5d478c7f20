"""What a RACE! race needs to know about its track, looked up fast.

:class:`RaceTrackFacts` holds, for every position a racer can stand on, the
corner there and its radius rating, the corners a move could enter, and
(worked out the first time a driver asks) the expected turns to the flag
of :class:`~trackkit.race.lookahead.TurnsTable`.  It also prices a pass
and plays a move through the field without making it
(:meth:`RaceTrackFacts.reach`), so drivers can weigh moves before they are made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from trackkit.race.expert import corners_ahead
from trackkit.race.lookahead import TurnsTable
from trackkit.race.track import RaceLayout

__all__ = ["MAX_TABLE_POSITIONS", "RaceTrackFacts", "Standing"]

MAX_TABLE_POSITIONS = 1_000
"""The longest race, in positions from a loop behind the start to the
flag, the expert works out its table of turns for: the table takes some
0.6 to 1 processor ms a position, so 1,000 keep it within a second (a
fuzzed 1,618-space loop of 3 laps, 6,473 positions, took 6 s).  The
shipped tracks' races have 73 to 193."""


class Standing(Protocol):
    """A racer on the track as passing sees it: in control or not."""

    in_control: bool


class RaceTrackFacts:
    """What a race needs to know about a RACE! layout, looked up fast: for
    each space its corner (0 on straight road, else the corner's number
    from 1) and that corner's radius rating."""

    def __init__(self, layout: RaceLayout, laps: int | None = None) -> None:
        self.layout = layout
        self.loop = layout.spaces
        self.laps = layout.laps if laps is None else laps
        self.goal = self.laps * self.loop + 1
        corner = [0] * (self.loop + 1)
        radius = [0] * (self.loop + 1)
        for number, found in enumerate(layout.corners, 1):
            for space in found.spaces(self.loop):
                corner[space], radius[space] = number, found.radius
        self.corner = tuple(corner)
        self.radius = tuple(radius)
        self.corner_count = len(layout.corners)
        self.corner_at = tuple(corner[self.space(position)] for position in range(self.loop))
        """The corner number at each position, modulo the loop."""
        self.radius_at = tuple(radius[self.space(position)] for position in range(self.loop))
        self._harm: dict[tuple[int, int, int], int] = {}
        self._table: TurnsTable | None = None
        self._duel_table: TurnsTable | None = None
        self.memo: dict[tuple[int, int, int, int], int] = {}
        """The expert's speeds in fields of three or more, by position,
        speed, hazard tokens and the racers ahead (see
        :func:`~trackkit.race.drivers.field_ahead`): the same turn always
        gets the same answer, so it is worked out once."""
        self.gifts: dict[tuple[int, int, int, bool, str, int, bool], float] = {}
        """What a shake that meets other racers saves a racer, by its state,
        driver and where the shake leaves it (see :func:`~trackkit.race.drivers.gift`)."""
        self.ahead = tuple(corners_ahead(self.corner_at, self.radius_at, p) for p in range(self.loop))
        """For each position modulo the loop, the corners a move could enter
        (see :func:`~trackkit.race.expert.corners_ahead`)."""

    def harm(self, position: int, speed: int, points: int) -> int:
        """How many corners a move of ``points`` from ``position`` at
        ``speed`` would enter too fast (each a hazard token), ignoring other racers."""
        key = (position % self.loop, speed, points)
        found = self._harm.get(key)
        if found is None:
            found = 0
            last = self.corner_at[key[0]]
            for ahead in range(1, points + 1):
                place = (position + ahead) % self.loop
                corner = self.corner_at[place]
                if corner and corner != last and speed > self.radius_at[place]:
                    found += 1
                last = corner
            self._harm[key] = found
        return found

    def space(self, position: int) -> int:
        """The space a racer at ``position`` stands on (the pole starts on the
        space just behind the line)."""
        return (self.layout.finish - 1 + position) % self.loop + 1

    @property
    def table_fits(self) -> bool:
        """Whether the race is short enough for the table of turns: at most
        :data:`MAX_TABLE_POSITIONS` positions from a loop behind the start to the flag."""
        return self.goal + self.loop <= MAX_TABLE_POSITIONS

    @property
    def table(self) -> TurnsTable:
        """Expected turns to the flag from every state (built on first use)."""
        if self._table is None:
            self._table = TurnsTable(self.ahead, self.goal)
        return self._table

    @property
    def duel_table(self) -> TurnsTable:
        """Expected turns to the flag for a racer with one rival left, each
        turn also costing what its shake is expected to give the rival, at
        the rival's pace (:meth:`TurnsTable.turns_per_space` of :attr:`table`)."""
        if self._duel_table is None:
            self._duel_table = TurnsTable(self.ahead, self.goal, self.table.turns_per_space())
        return self._duel_table

    def pass_cost(self, position: int, occupied: Mapping[int, Standing]) -> tuple[int, int, int]:
        """The movement it costs to reach the first empty space beyond the
        racers ahead, that space, and how many racers it passes: per racer 1
        to go around (2 if it is out of control, one more if either racer is
        in a corner), then 1 to enter the empty space."""
        here_corner = self.corner_at[position % self.loop] != 0
        cost, passed = 1, 0
        ahead = position + 1
        while ahead % self.loop in occupied:
            other = occupied[ahead % self.loop]
            cost += 1 if other.in_control else 2
            if here_corner or self.corner_at[ahead % self.loop]:
                cost += 1
            passed += 1
            ahead += 1
        return cost, ahead, passed

    def reach(self, position: int, points: int, occupied: Mapping[int, Standing]) -> tuple[int, bool]:
        """Where a move of ``points`` from ``position`` through the racers
        ``occupied`` (by place, the mover left out or standing behind) would
        stop, and whether it stops blocked behind a queue."""
        left = points
        while left > 0 and position < self.goal:
            if (position + 1) % self.loop not in occupied:
                position += 1
                left -= 1
                continue
            cost, landing, _ = self.pass_cost(position, occupied)
            if cost > left:
                return position, True
            position, left = landing, left - cost
        return position, False
