"""How many turns a RACE! racer still needs: the expert's yardstick.

The expert weighs every choice in *turns to the flag*.  For a racer alone
on the track it works out, once per track and lap count, the expected
number of turns still needed from every state a racer can be in at the
start of its turn (where it stands, its speed, the hazard tokens beside it
and whether it is in control), playing each turn's speed as well as can
be: the choice that leaves the fewest turns to go, counted exactly over
every way the dice can fall (:func:`~trackkit.race.expert.move_chances`).
Positions only grow, so the table is filled backwards from the line in one
sweep.

A turn's own movement and the movement a shake gives another racer are
then measured on one scale: a racer moved three spaces nearer the flag
needs, by the table, some fraction of a turn less.

With one rival left, every turn also moves that rival on by the turn's
lowest die, and fewer dice roll a higher lowest die.  A table built with a
``gift`` prices that into every turn to come: each turn costs one turn
plus the spaces its shake is expected to give, at ``gift`` turns a space
(the rival's pace, :meth:`TurnsTable.turns_per_space`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from trackkit.race.expert import MAX_HAZARD_DICE, SIDES, move_chances

__all__ = ["MAX_SPEED", "TurnsTable", "lowest_die_chances", "mean_lowest_die", "outcomes", "tokens_on"]

MAX_SPEED = 3
"""'Your speed can't go above three.'"""

SPEEDS = MAX_SPEED + 1
TOKENS = MAX_HAZARD_DICE + 1
"""Hazard tokens past the second bring no further die, so 0, 1 or 2 are told apart."""


@functools.cache
def outcomes(speed: int, hazard_dice: int) -> tuple[tuple[int, bool, float], ...]:
    """Every way a turn at ``speed`` with ``hazard_dice`` can end: the
    spaces moved, whether the racer lost control, and the chance of it."""
    in_control, out = move_chances(speed, hazard_dice)
    found = []
    for lost, at_least in ((False, in_control), (True, out)):
        for move in range(1, SIDES + 1):
            chance = at_least[move] - (at_least[move + 1] if move < SIDES else 0.0)
            if chance > 0:
                found.append((move, lost, chance))
    return tuple(found)


@functools.cache
def lowest_die_chances(speed: int) -> tuple[float, ...]:
    """The chance (index ``n``, 1 to 8) that the lowest racer or speed die
    shows ``n``: the movement a turn at ``speed`` gives the racer it shakes
    (losing control removes the highest die, never the lowest of three or more)."""
    dice = 3 + speed
    at_least = [((SIDES + 1 - n) / SIDES) ** dice for n in range(SIDES + 2)]
    return (0.0, *(at_least[n] - at_least[n + 1] for n in range(1, SIDES + 1)))


@functools.cache
def mean_lowest_die(speed: int) -> float:
    """The spaces a turn at ``speed`` is expected to shake another racer."""
    chances = lowest_die_chances(speed)
    return sum(points * chances[points] for points in range(1, SIDES + 1))


def tokens_on(corners: Sequence[tuple[int, int]], speed: int, spaces: int) -> int:
    """Hazard tokens a move of ``spaces`` at ``speed`` takes on ``corners``
    (each the distance to a corner's first space and its radius rating)."""
    return sum(1 for distance, radius in corners if distance <= spaces and speed > radius)


class TurnsTable:
    """Expected turns to the flag for a racer alone, from every state, with
    every speed chosen to need as few turns as can be.

    ``ahead`` gives, for each position modulo the loop, the corners a move
    could enter; ``goal`` is the position that finishes the race; positions
    run from one loop behind the pole's start.  With ``gift``, each turn
    also costs that many turns for every space its shake is expected to
    move the one rival left (:func:`mean_lowest_die`)."""

    def __init__(self, ahead: Sequence[tuple[tuple[int, int], ...]], goal: int, gift: float = 0.0) -> None:
        self.ahead = ahead
        self.goal = goal
        self.prices = tuple(1.0 + gift * mean_lowest_die(speed) for speed in range(SPEEDS))
        """What a turn at each speed costs in itself: one turn, and the shake's gift."""
        self.low = -len(ahead)
        states = (goal - self.low) * SPEEDS * TOKENS
        self.values = [0.0] * (states * 2)
        """Turns to go, by :meth:`_index`."""
        self.costs = [0.0] * states
        """Turns to go if this turn is taken at a speed (:meth:`turn_cost`), by ``_index // 2``."""
        self.free_costs = [0.0] * (states * (SIDES + 1))
        """Turns to go after a turn at a speed, counting only the numbers
        moved up to 0 to 8 (a racer with that many empty spaces ahead moves
        them freely), by ``_index // 2 * 9 + spaces``."""
        self.gains = [0.0] * (states * 2 * (SIDES + 1))
        """Turns a free shake of 1 to 8 spaces saves, by ``_index * 9 + spaces``."""
        for position in range(goal - 1, self.low - 1, -1):
            self._fill(position)

    def turns(self, position: int, speed: int, tokens: int, in_control: bool) -> float:
        """Expected turns still needed at the start of a turn in this state."""
        if position >= self.goal:
            return 0.0
        position = max(position, self.low)
        tokens = min(tokens, MAX_HAZARD_DICE)
        return self.values[(((position - self.low) * SPEEDS + speed) * TOKENS + tokens) * 2 + in_control]

    def cost(self, position: int, speed: int, tokens: int) -> float:
        """Expected turns to go if this turn is taken at ``speed`` on an
        empty road (this turn included), as :meth:`turn_cost` counted it."""
        tokens = min(tokens, MAX_HAZARD_DICE)
        return self.costs[((max(position, self.low) - self.low) * SPEEDS + speed) * TOKENS + tokens]

    def shake_gain(self, position: int, speed: int, tokens: int, in_control: bool, spaces: int) -> float:
        """Turns to go that a shake of ``spaces`` on an empty road saves a
        racer in this state (less for the corners it enters too fast)."""
        if position >= self.goal:
            return 0.0
        index = self._index(max(position, self.low), speed, min(tokens, MAX_HAZARD_DICE), in_control)
        return self.gains[index * (SIDES + 1) + spaces]

    def after_move(self, position: int, speed: int, spaces: int, lost: bool, tokens: int = 0) -> float:
        """Turns still needed after a turn at ``speed`` that moved ``spaces``
        from ``position`` (losing control, ``lost``, a speed lower), counting
        the corners entered too fast and ``tokens`` already taken."""
        if lost:
            speed = max(0, speed - 1)
        taken = tokens + tokens_on(self.ahead[position % len(self.ahead)], speed, spaces)
        return self.turns(position + spaces, speed, taken, not lost)

    def turn_cost(self, position: int, speed: int, tokens: int) -> float:
        """Expected turns needed from ``position`` if this turn is taken at
        ``speed`` with ``tokens`` hazard tokens (this turn included)."""
        return self.prices[speed] + self._free_turns(position, speed, tokens)[SIDES]

    def turns_per_space(self) -> float:
        """The turns a space is worth over the whole race: the turns from the
        pole's start at speed 0 over the spaces to the flag."""
        return self.turns(0, 0, 0, True) / self.goal

    def free_cost(self, position: int, speed: int, tokens: int, spaces: int) -> float:
        """The part of the expected turns to go after a turn at ``speed``
        that comes from moving at most ``spaces`` (on an empty road)."""
        tokens = min(tokens, MAX_HAZARD_DICE)
        state = ((max(position, self.low) - self.low) * SPEEDS + speed) * TOKENS + tokens
        return self.free_costs[state * (SIDES + 1) + spaces]

    def _free_turns(
        self, position: int, speed: int, tokens: int, taken: Sequence[Sequence[int]] | None = None
    ) -> list[float]:
        """Turns to go after a turn at ``speed``, summed over the numbers
        moved up to 0, 1, ... 8 (the last the whole expectation).  Each
        outcome is :meth:`after_move` written out, its tokens read from
        ``taken`` (:meth:`_tokens_taken` of ``position``) when given."""
        if taken is None:
            taken = self._tokens_taken(position)
        values, goal, low = self.values, self.goal, self.low
        sums = [0.0] * (SIDES + 1)
        for spaces, lost, chance in outcomes(speed, min(tokens, MAX_HAZARD_DICE)):
            after_speed = max(0, speed - 1) if lost else speed
            at = position + spaces
            state = ((max(at, low) - low) * SPEEDS + after_speed) * TOKENS + taken[after_speed][spaces]
            sums[spaces] += chance * (0.0 if at >= goal else values[state * 2 + (not lost)])
        for spaces in range(1, SIDES + 1):
            sums[spaces] += sums[spaces - 1]
        return sums

    def _tokens_taken(self, position: int) -> list[list[int]]:
        """The hazard tokens (at most :data:`MAX_HAZARD_DICE` counted) a move
        from ``position``, by speed and spaces moved, takes on the corners ahead."""
        corners = self.ahead[position % len(self.ahead)]
        return [
            [min(tokens_on(corners, speed, spaces), MAX_HAZARD_DICE) for spaces in range(SIDES + 1)]
            for speed in range(SPEEDS)
        ]

    def _fill(self, position: int) -> None:
        """Fill in every state at ``position``: a racer in control picks the
        best speed within one of its own, one out of control keeps its speed."""
        taken = self._tokens_taken(position)
        for speed in range(SPEEDS):
            for tokens in range(TOKENS):
                state = ((position - self.low) * SPEEDS + speed) * TOKENS + tokens
                sums = self._free_turns(position, speed, tokens, taken)
                self.costs[state] = self.prices[speed] + sums[SIDES]
                self.free_costs[state * (SIDES + 1) : (state + 1) * (SIDES + 1)] = sums
        for speed in range(SPEEDS):
            choices = range(max(0, speed - 1), min(MAX_SPEED, speed + 1) + 1)
            for tokens in range(TOKENS):
                best = min(self.cost(position, choice, tokens) for choice in choices)
                self.values[self._index(position, speed, tokens, True)] = best
                self.values[self._index(position, speed, tokens, False)] = self.cost(position, speed, tokens)
                for in_control in (False, True):
                    self._fill_gains(position, speed, tokens, in_control, taken)

    def _fill_gains(
        self, position: int, speed: int, tokens: int, in_control: bool, taken: Sequence[Sequence[int]]
    ) -> None:
        """The turns free shakes of 1 to 8 spaces save a racer in this state
        (``taken``: :meth:`_tokens_taken` of ``position``)."""
        index = self._index(position, speed, tokens, in_control)
        values, gains, goal, low = self.values, self.gains, self.goal, self.low
        here = values[index]
        for spaces in range(1, SIDES + 1):
            at = position + spaces
            # self.turns(at, speed, tokens taken, in_control), written out: the hot loop of a table's filling
            held = min(tokens + taken[speed][spaces], MAX_HAZARD_DICE)
            state = ((max(at, low) - low) * SPEEDS + speed) * TOKENS + held
            after = 0.0 if at >= goal else values[state * 2 + in_control]
            gains[index * (SIDES + 1) + spaces] = here - after

    def _index(self, position: int, speed: int, tokens: int, in_control: bool) -> int:
        return (((position - self.low) * SPEEDS + speed) * TOKENS + tokens) * 2 + in_control
