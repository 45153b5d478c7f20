"""What a lone rider needs on a course: ``trackkit analyze`` for Motocross.

A *lone rider* races with no other bike on the course, so it always leads
and rolls one die a turn ("If you are in first place, roll one die"), plus
one a coin it spends, never more than four.  Two figures:

* the **fewest turns** it needs to cross the finish line when every die
  shows what it wants: without coins (one die: a number and never a null,
  so it cannot turn during a move), and with the coins a lone rider is dealt
  for the race (each coin an extra die that may show a null, a turn);
* the **chance of getting over each ramp**: that at least one of the dice
  rolled shows a number higher than the ramp ("the roll used for movement
  must be higher than the height of the jump ramp"), exactly, for one to
  four dice.  A die has six faces: null, ace (1), 2, 3, 4 and 5, so a ramp
  ``h`` high is beaten by ``5 - h`` faces of each die.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trackkit.motocross.course import Course
from trackkit.motocross.race.board import Board, Space, board_of
from trackkit.motocross.race.engine import DIE_FACES, MAX_DICE, race_coins
from trackkit.motocross.race.moves import RouteEnd, Routes

__all__ = [
    "LoneRider",
    "RampChance",
    "fewest_turns",
    "lone_rider",
    "ramp_chance",
]

HIGHEST = DIE_FACES - 1
"""The highest number on a die: 5."""


@dataclass(frozen=True)
class RampChance:
    """A ramp ``height`` coins high on ``tile``, and the chance of rolling a
    number over it with one, two, three and four dice (``chances[d - 1]``)."""

    tile: int
    height: int
    chances: tuple[Fraction, ...]


@dataclass(frozen=True)
class LoneRider:
    """What a lone rider needs on a course: the fewest turns without coins
    and with its ``coins`` (``None`` where it can never finish), and the
    chance of getting over each ramp."""

    without_coins: int | None
    with_coins: int | None
    coins: int
    ramps: tuple[RampChance, ...]


def ramp_chance(height: int, dice: int) -> Fraction:
    """The chance that at least one of ``dice`` dice shows a number over ``height``."""
    stopped = Fraction(min(DIE_FACES, height + 1), DIE_FACES)
    return 1 - stopped**dice


def fewest_turns(board: Board, coins: int) -> int | None:
    """The fewest turns from the best starting space to the finish, every
    die showing what the rider wants, with ``coins`` to spend on extra dice
    (each extra die a null for a turn where that helps); ``None`` when the
    finish cannot be reached.  A space reached with fewer coins left than
    an earlier visit had is not searched again: it can do no better."""
    routes = Routes(board)
    best: dict[Space, int] = dict.fromkeys(board.start_spaces, coins)
    layer = dict(best)
    turns = 0
    while layer:
        turns += 1
        following: dict[Space, int] = {}
        for space, left in sorted(layer.items()):
            for spent in range(min(left, MAX_DICE - 1) + 1):
                for number in range(1, HIGHEST + 1):
                    for route in routes.of(space, number, spent):
                        if route.end_kind is RouteEnd.FINISH:
                            return turns
                        if route.end_kind is RouteEnd.END and left - spent > best.get(route.end, -1):
                            best[route.end] = left - spent
                            following[route.end] = left - spent
        layer = following
    return None


def lone_rider(course: Course) -> LoneRider:
    """The lone rider's figures for ``course``.  Raises
    :class:`~trackkit.errors.ArgumentError` for a course that breaks a rule."""
    board = board_of(course)
    coins = race_coins(board, 1)
    ramps = tuple(
        RampChance(tile, height, tuple(ramp_chance(height, dice) for dice in range(1, MAX_DICE + 1)))
        for tile, height in course.ramps
    )
    return LoneRider(fewest_turns(board, 0), fewest_turns(board, coins), coins, ramps)
