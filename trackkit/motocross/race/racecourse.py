"""A Motocross course made ready for racing: every move a roll allows from
a space, found once and shared by every race on the course.

A move is a route the dice allow (:mod:`~trackkit.motocross.race.moves`)
with what a rider weighs in choosing it: whether a ramp stops it, where it
ends and how far along the course that is, how safe the end is to stop on,
and whether it ends in the air over a space (so lands on any bike there).
The moves of a roll are kept as they are found; which of them a bike on
the course leaves open is worked out for each turn (:func:`open_moves`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

from trackkit.motocross.race.board import Board, Space, Step
from trackkit.motocross.race.drivers import Option
from trackkit.motocross.race.expert import TurnTables
from trackkit.motocross.race.moves import Route, RouteEnd, Routes

__all__ = ["DIE_FACES", "RaceCourse", "open_moves"]

DIE_FACES = 6
"""A piecepack die: null (0), ace (1), 2, 3, 4, 5."""


class _Move(NamedTuple):
    """A route and what a rider weighs: whether a ramp stops it, the place
    it ends (how and where), the end's progress and safety, and whether it
    ends in the air over a space (so lands on any bike there)."""

    route: Route
    ramp: bool
    place: tuple[str, Space]
    reach: int
    safety: int
    flies_to_space: bool


@dataclass
class _Choices:
    """Every move a set of rolled ``numbers`` with some nulls allows from one
    space, each with its number; the options and ramp stop when no bike
    stands in the way (``free``, ``free_ramp``); and the :attr:`zone` where
    a bike could change them, worked out only when a race asks (the
    expert's tables of turns ask for thousands of choices and no zone)."""

    moves: tuple[tuple[_Move, int], ...]
    free: tuple[Option, ...]
    free_ramp: Space | None

    @functools.cached_property
    def zone(self) -> frozenset[Space]:
        """Every ground space and every flight's end of the moves."""
        return frozenset().union(*(move.route.ground | {move.route.end} for move, _ in self.moves))


class RaceCourse:
    """A course made ready for racing: its board, the routes found so far
    and how safe each space is to stop on.  One is shared by every race on
    the course."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.routes = Routes(board)
        self.safety: dict[Space, int] = {space: self._safety(space) for space in board.tile_of}
        self.first_steps: dict[Space, tuple[Step, ...]] = {
            space: tuple(board.step(space, heading) for heading in board.directions(space))
            for space in board.tile_of
        }
        self._moves: dict[tuple[Space, int, int], tuple[_Move, ...]] = {}
        self._choices: dict[tuple[Space, tuple[int, ...], int], _Choices] = {}
        self.tables = TurnTables(self)

    def choices(self, space: Space, numbers: tuple[int, ...], turns: int) -> _Choices:
        """What rolling ``numbers`` (distinct, rising) with ``turns`` nulls allows from ``space``."""
        key = (space, numbers, turns)
        found = self._choices.get(key)
        if found is None:
            moves = tuple((move, number) for number in numbers for move in self.moves(space, number, turns))
            free, free_ramp = open_moves(moves, frozenset())
            found = _Choices(moves, tuple(free), free_ramp)
            self._choices[key] = found
        return found

    def moves(self, space: Space, number: int, turns: int) -> tuple[_Move, ...]:
        """The routes of :meth:`Routes.of`, each with what a rider weighs."""
        key = (space, number, turns)
        found = self._moves.get(key)
        if found is None:
            found = tuple(self._move(route) for route in self.routes.of(space, number, turns))
            self._moves[key] = found
        return found

    def _move(self, route: Route) -> _Move:
        finish = route.end_kind is RouteEnd.FINISH
        reach = 2 * self.board.tiles if finish else self.board.progress[route.end]
        return _Move(
            route,
            route.end_kind is RouteEnd.RAMP,
            (route.end_kind.value, route.end),
            reach,
            self.safety[route.end],
            route.flying and route.end_kind is RouteEnd.END,
        )

    def _safety(self, space: Space) -> int:
        """How many of a die's five numbers have a straight move from
        ``space`` that neither runs off the track nor needs a wipe-out."""
        return sum(
            1
            for number in range(1, DIE_FACES)
            if any(route.end_kind is not RouteEnd.OFF for route in self.routes.of(space, number, 0))
        )


def open_moves(
    moves: tuple[tuple[_Move, int], ...], occupied: set[Space] | frozenset[Space]
) -> tuple[list[Option], Space | None]:
    """The options ``moves`` leave with bikes on ``occupied`` (one a place,
    the first found), and the edge space of the first ramp that stops one."""
    seen: set[tuple[str, Space]] = set()
    options: list[Option] = []
    ramp_stop: Space | None = None
    for move, number in moves:
        route = move.route
        if not occupied.isdisjoint(route.ground):
            continue
        if move.ramp:
            ramp_stop = ramp_stop or route.end
            continue
        if move.place in seen:
            continue
        seen.add(move.place)
        lands = move.flies_to_space and route.end in occupied
        options.append(Option(route, number, move.reach, move.safety, lands))
    return options, ramp_stop
