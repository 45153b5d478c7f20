"""RACE! races (trackkit.race.racing and trackkit.race.simulate)."""

from __future__ import annotations

import random

import pytest

from trackkit.errors import ArgumentError
from trackkit.race.racing import (
    POINTS_EIGHT,
    POINTS_SIX,
    RaceDriver,
    RaceTrackFacts,
    _Race,
    points_table,
    run_race,
)
from trackkit.race.simulate import parse_race_drivers, simulate_race
from trackkit.race.track import Corner, RaceLayout

BOLD, CAUTIOUS, RANDOM = RaceDriver("bold"), RaceDriver("cautious"), RaceDriver("random")

OVAL = RaceLayout(spaces=24, finish=24, laps=2, racers=6)
CORNERED = RaceLayout(spaces=24, finish=24, laps=1, racers=4, corners=(Corner(5, 3, 1),))
"""Spaces 5 to 7 are a corner rated 1; the pole stands on space 24, position 0."""


def race_on(layout: RaceLayout, drivers: list[RaceDriver]) -> _Race:
    return _Race(RaceTrackFacts(layout), drivers, random.Random(0))


def test_points_tables() -> None:
    assert points_table(6) == POINTS_SIX == (15, 10, 7, 4, 2, 1)
    assert points_table(8) == POINTS_EIGHT == (20, 15, 11, 8, 5, 3, 1, 0)
    assert points_table(4) == (15, 10, 7, 4)
    assert points_table(7) == (20, 15, 11, 8, 5, 3, 1)
    assert points_table(10) == (*POINTS_EIGHT, 0, 0)


def test_passing_costs() -> None:
    """'If a racer in front of you is in control, you spend one movement to
    "go around" their space, and another to enter the space in front of
    them. If a racer in front of you is out of control, going around their
    space costs two movement'."""
    race = race_on(OVAL, [BOLD, BOLD, BOLD])
    back = race.racers[2]
    assert race._pass_cost(back.position, race.at) == (3, 1, 2)
    race.racers[1].in_control = False
    assert race._pass_cost(back.position, race.at) == (4, 1, 2)
    assert race._pass_cost(race.racers[1].position, race.at) == (2, 1, 1)


def test_passing_in_a_corner_costs_one_more() -> None:
    """'It costs one extra point of movement to pass a racer if either of you are in a corner space.'"""
    race = race_on(CORNERED, [BOLD, BOLD])
    front, back = race.racers
    race.at = {}
    front.position, back.position = 5, 4  # spaces 5 (corner) and 4
    race.at = {5: front, 4: back}
    assert race._pass_cost(4, race.at) == (3, 6, 1)


def test_entering_a_corner_too_fast_takes_a_hazard_token() -> None:
    """'If you enter (or completely pass through) a corner when your speed is
    higher than the radius rating of the turn, place a hazard token'."""
    race = race_on(CORNERED, [BOLD])
    racer = race.racers[0]
    racer.speed = 2
    race.move(racer, 8)
    assert (racer.position, racer.hazards, race.crashes[1]) == (8, 1, 1)
    slow = race_on(CORNERED, [BOLD])
    slow.racers[0].speed = 1
    slow.move(slow.racers[0], 8)
    assert slow.racers[0].hazards == 0


@pytest.mark.parametrize(("driver", "speed", "hazards"), [(CAUTIOUS, 1, 0), (BOLD, 2, 1)])
def test_blocked_slow_down_or_risk_a_crash(driver: RaceDriver, speed: int, hazards: int) -> None:
    """'You've got a choice: slow down or risk a crash.'  Two in-control
    racers ahead cost three to pass; with two movement the racer stops
    behind them."""
    race = race_on(OVAL, [BOLD, BOLD, driver])
    back = race.racers[2]
    back.speed = 2
    race.move(back, 2)
    assert (back.position, back.speed, back.hazards) == (-2, speed, hazards)


def test_every_racer_finishes_and_races_repeat() -> None:
    facts = RaceTrackFacts(CORNERED)
    first = run_race(facts, [BOLD, CAUTIOUS, RANDOM, BOLD], 9)
    assert sorted(first.order) == [0, 1, 2, 3]
    assert first == run_race(facts, [BOLD, CAUTIOUS, RANDOM, BOLD], 9)
    assert first.turns > 0


def test_simulated_points_add_up() -> None:
    result = simulate_race(OVAL, parse_race_drivers("bold,cautious"), races=60, seed=4)
    assert sum(result.slot_points) == 60 * sum(POINTS_SIX)
    assert sum(result.slot_wins) == 60
    assert result.incident == "hazard tokens"


def test_too_many_racers_and_unknown_drivers() -> None:
    with pytest.raises(ArgumentError, match="racers must be fewer than the track's 24 spaces, not 24"):
        simulate_race(OVAL, (BOLD,), races=1, seed=1, racers=24)
    with pytest.raises(ArgumentError, match="drivers names an unknown driver 'fast'"):
        parse_race_drivers("bold,fast")
