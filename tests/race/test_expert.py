"""The RACE! expert: its dice chances, counted against every roll, and its races."""

from __future__ import annotations

import itertools

import pytest
from support import LAYOUTS

from trackkit.games import load
from trackkit.head_to_head import head_to_head
from trackkit.montecarlo import wilson_interval
from trackkit.race.expert import corners_ahead, expected_move, move_chances, slowing_costs_less
from trackkit.race.simulate import _job, parse_race_drivers


def counted_move(speed: int, hazard_dice: int) -> tuple[float, float]:
    """The mean move of a turn and the chance it loses control, over every
    way the dice can fall: 'any two dice alike' removes the highest die."""
    dice = 3 + speed
    total, lost, ways = 0, 0, 0
    for roll in itertools.product(range(1, 9), repeat=dice + hazard_dice):
        kept = sorted(roll[:dice])
        if len(set(roll)) < len(roll):
            kept.pop()
            lost += 1
        total += kept[-1]
        ways += 1
    return total / ways, lost / ways


@pytest.mark.parametrize(("speed", "hazard_dice"), [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)])
def test_move_chances_match_every_roll(speed: int, hazard_dice: int) -> None:
    mean, lost = counted_move(speed, hazard_dice)
    assert expected_move(speed, hazard_dice) == pytest.approx(mean)
    in_control, out = move_chances(speed, hazard_dice)
    assert out[0] == pytest.approx(lost)
    assert in_control[0] + out[0] == pytest.approx(1.0)


def test_corners_ahead_and_blocked_choice() -> None:
    """A corner is entered where its first space lies; a racer at speed 0
    blocked slows down (it cannot be slower), at speed 3 with no hazard die
    it risks a crash (a hazard die costs less than a speed die)."""
    corner_at = (0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2)
    radius_at = (0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1)
    assert corners_ahead(corner_at, radius_at, 0) == ((2, 2),)
    assert corners_ahead(corner_at, radius_at, 3) == ((7, 1),)
    assert slowing_costs_less(0, 0)
    assert not slowing_costs_less(3, 0)


def test_expert_beats_random_on_the_road_course() -> None:
    """Over 400 two-racer races on the road course, the grid swapped in each
    pair: a share of wins whose 95 % interval lies above 55 %."""
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    first = _job(layout, parse_race_drivers("expert,random"), 5, 2, None)
    second = _job(layout, parse_race_drivers("random,expert"), 5, 2, None)
    result = head_to_head(first, second, "expert", 200)
    assert result.races == 400
    assert wilson_interval(result.won, result.races).low > 0.55
