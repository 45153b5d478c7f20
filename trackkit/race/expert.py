"""The dice of a RACE! turn, counted exactly: what the expert reckons with.

A RACE! turn's speed sets how many dice are rolled: three racer dice and a
speed die per point of speed, plus the hazard dice the racer's hazard
tokens bring.  More dice roll a higher number, but "any two dice alike"
throw the racer out of control: its highest die is removed and its speed
drops by one.  And a racer entering a corner faster than its radius rating
takes a hazard token, a hazard die on its next turn.

The dice are few enough to count every way they can fall: for every
number of speed and hazard dice, :func:`move_chances` gives the exact
chance of each number moved, in control and out; :func:`corners_ahead`
lists the corners a move could enter.  The expert's table of turns to the
flag (:mod:`~trackkit.race.lookahead`) and its choices
(:mod:`~trackkit.race.drivers`) are built on them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

__all__ = ["MAX_HAZARD_DICE", "SIDES", "corners_ahead", "expected_move", "move_chances"]

MAX_HAZARD_DICE = 2
"""'if there's two or more tokens, you pick up two hazard dice'."""

SIDES = 8
"""'some eight-sided dice'."""

RACER_DICE = 3
"""'always pick up the three racer dice'."""


@functools.cache
def move_chances(speed: int, hazard_dice: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """For a turn at ``speed`` with ``hazard_dice``: the chance that the
    move reaches at least ``d`` spaces (index ``d``, 0 to 8), in control and
    out of control (any two dice alike: the highest die removed).  In
    control the move is the highest die; out of control the highest die
    left, which is the second highest of the racer and speed dice."""
    dice = RACER_DICE + speed
    total = dice + hazard_dice
    subsets = list(itertools.combinations(range(1, SIDES + 1), dice))
    distinct = _all_distinct(total)
    highest = [sum(1 for s in subsets if s[-1] >= d) / len(subsets) for d in range(SIDES + 1)]
    second = [sum(1 for s in subsets if s[-2] >= d) / len(subsets) for d in range(SIDES + 1)]
    in_control = tuple(distinct * chance for chance in highest)
    out = tuple(_second_at_least(dice, d) - distinct * second[d] for d in range(SIDES + 1))
    return in_control, out


def _all_distinct(dice: int) -> float:
    """The chance that ``dice`` eight-sided dice all differ."""
    chance = 1.0
    for index in range(dice):
        chance *= (SIDES - index) / SIDES
    return chance


def _second_at_least(dice: int, least: int) -> float:
    """The chance that the second highest of ``dice`` dice is ``least`` or
    more: at least two dice show ``least`` or more."""
    below = max(0, least - 1) / SIDES
    at_most_one = below**dice + dice * (1 - below) * below ** (dice - 1)
    return 1.0 - at_most_one


def expected_move(speed: int, hazard_dice: int) -> float:
    """The spaces a turn at ``speed`` is expected to move (blocking aside)."""
    in_control, out = move_chances(speed, hazard_dice)
    return sum(in_control[1:]) + sum(out[1:])


def corners_ahead(
    corner_at: Sequence[int], radius_at: Sequence[int], position: int
) -> tuple[tuple[int, int], ...]:
    """The corners a move from ``position`` could enter, given each
    position's corner number (0 off the corners) and radius rating round
    the loop: the distance to each corner's first space within a die's
    reach, and its radius rating."""
    loop = len(corner_at)
    entries = []
    last = corner_at[position % loop]
    for ahead in range(1, SIDES + 1):
        place = (position + ahead) % loop
        if corner_at[place] and corner_at[place] != last:
            entries.append((ahead, radius_at[place]))
        last = corner_at[place]
    return tuple(entries)
