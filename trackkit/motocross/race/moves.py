"""Every way a bike can move with one number, found once per space and kept.

"Choose one of the numbers you have rolled ... and move your pawn in a
straight line a number of spaces exactly equal to that number", and "For
each null shown on the dice you have rolled, you may make one 90-degree
turn at any point during your move."  A *route* is one such move: the
headings of its steps (a change of heading between two steps is a turn, at
most one at a point) and where it ends:

* ``END`` -- on a space of the course, every step taken;
* ``OFF`` -- it runs out of track: "If you run out of track during a move,
  you wipe out from the space you left the track" (``end`` is that space);
* ``FINISH`` -- across the finish line: "To cross the finish line, just
  move off the last tile" (the rest of the number is not needed);
* ``RAMP`` -- it reaches a ramp's raised edge with a number no higher than
  the ramp: "the roll used for movement must be higher than the height of
  the jump ramp", so the route cannot be taken (``end`` is the space at the
  edge).

A route's *ground* is the set of spaces it rolls over on the ground, the
end included; they must be free of other bikes ("You may not move into or
through a space that is occupied by another player's pawn").  From the
first jump on a bike flies: "bikes moving off the jump ramp may pass over
them; count each space whether there is a bike in it or not", so those
spaces are not ground, and a flight that ends on a bike lands on it.

Routes depend only on the course, so :class:`Routes` finds those of each
space, number and turn count once; of two routes to the same end, one whose
ground holds the other's is dropped (it is free only when the other is).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from trackkit.motocross.race.board import Board, Space, StepKind
from trackkit.piecepack.geometry import Heading

__all__ = [
    "Route",
    "RouteEnd",
    "Routes",
]


class RouteEnd(Enum):
    """How a route ends (see the module's text)."""

    END = "end"
    OFF = "off"
    FINISH = "finish"
    RAMP = "ramp"


@dataclass(frozen=True, slots=True)
class Route:
    """One move: ``headings`` of its steps, how it ends, the space it ends
    on (or leaves the track from), its ``ground`` and whether it ends in the
    air (``flying``: it jumped off a ramp)."""

    end_kind: RouteEnd
    end: Space
    headings: tuple[Heading, ...]
    ground: frozenset[Space]
    flying: bool


class Routes:
    """The routes of a board, found when first asked for and kept."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._found: dict[tuple[Space, int, int], tuple[Route, ...]] = {}

    def of(self, space: Space, number: int, turns: int) -> tuple[Route, ...]:
        """The routes of ``number`` steps from ``space`` with at most ``turns`` turns."""
        key = (space, number, turns)
        found = self._found.get(key)
        if found is None:
            found = _pruned(list(self._walk(space, number, turns)))
            self._found[key] = found
        return found

    def _walk(self, start: Space, number: int, turns: int) -> list[Route]:
        board = self.board
        step_from, directions = board.step, board.directions
        back, off, finish = StepKind.BACK, StepKind.OFF, StepKind.FINISH
        routes: list[Route] = []
        found = routes.append
        stack: list[tuple[Space, tuple[Heading, ...], int, frozenset[Space], bool]] = [
            (start, (), turns, frozenset(), False)
        ]
        while stack:
            space, headings, left, ground, flying = stack.pop()
            if len(headings) == number:
                found(Route(RouteEnd.END, space, headings, ground, flying))
                continue
            # _next_headings, written out: the hot loop of a race's first moves
            if not headings:
                ways: tuple[tuple[Heading, int], ...] = tuple((heading, 0) for heading in directions(space))
            elif left <= 0:
                ways = ((headings[-1], 0),)
            else:
                ways = _TURNS[headings[-1]]
            for heading, cost in ways:
                step = step_from(space, heading)
                kind = step.kind
                if kind is back:
                    continue
                taken = (*headings, heading)
                if kind is off:
                    found(Route(RouteEnd.OFF, space, taken, ground, flying))
                elif kind is finish:
                    found(Route(RouteEnd.FINISH, space, taken, ground, flying))
                elif step.ramp and number <= step.ramp:
                    found(Route(RouteEnd.RAMP, space, taken, ground, flying))
                else:
                    assert step.to is not None
                    airborne = flying or step.ramp > 0
                    stack.append(
                        (step.to, taken, left - cost, ground if airborne else ground | {step.to}, airborne)
                    )
        return routes


_TURNS = {heading: ((heading, 0), (heading.left(), 1), (heading.right(), 1)) for heading in Heading}
"""From each heading: straight on, or a quarter turn either way (one turn each)."""


def _next_headings(
    board: Board, space: Space, headings: tuple[Heading, ...], left: int
) -> tuple[tuple[Heading, int], ...]:
    """The headings the next step may take, each with the turns it uses:
    any allowed heading to begin with, then straight on, or a quarter turn
    while turns are left."""
    if not headings:
        return tuple((heading, 0) for heading in board.directions(space))
    last = headings[-1]
    if left <= 0:
        return ((last, 0),)
    return _TURNS[last]


def _pruned(routes: list[Route]) -> tuple[Route, ...]:
    """The routes left when, of two to the same end, the one whose ground
    holds the other's is dropped (the first found kept of equals)."""
    kept: list[Route] = []
    for route in sorted(routes, key=lambda route: len(route.ground)):
        if not any(
            other.end_kind is route.end_kind and other.end == route.end and other.ground <= route.ground
            for other in kept
        ):
            kept.append(route)
    return tuple(kept)
