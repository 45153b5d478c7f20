"""Rally drivers: the choices each kind makes."""

from __future__ import annotations

import random

import pytest

from trackkit.errors import ArgumentError
from trackkit.rally.race.drivers import RallyDriver, parse_rally_drivers
from trackkit.rally.race.moves import Candidate


def move(gain: int, cost: int, car: int = 0, rear: bool = False) -> Candidate:
    return Candidate(car, (0, 3), cost, False, "", gain, rear)


def test_driver_lists() -> None:
    assert parse_rally_drivers("bold, cautious,random") == (
        RallyDriver("bold"),
        RallyDriver("cautious"),
        RallyDriver("random"),
    )
    with pytest.raises(ArgumentError, match="unknown driver 'wild'"):
        parse_rally_drivers("bold,wild")


def test_bold_buys_progress_with_control_and_cautious_does_not() -> None:
    cheap, dear = move(2, 0), move(3, 2)
    assert RallyDriver("bold").pick([cheap, dear], random.Random(1)) == dear
    assert RallyDriver("cautious").pick([cheap, dear], random.Random(1)) == cheap
    assert RallyDriver("bold").pick([], random.Random(1)) is None


def test_the_split_favours_the_driver_s_token() -> None:
    dice = (1, 2, 3, 5, 5, 6)
    assert RallyDriver("bold").split(dice, 0, 0, random.Random(1)) == ((1, 2, 3), (5, 5))
    assert RallyDriver("cautious").split(dice, 0, 0, random.Random(1)) == ((5, 5), (1, 2, 3))
    full = RallyDriver("bold").split(dice, 8, 0, random.Random(1))
    assert full == ((5, 5), (1, 2, 3))


def test_rerolls_keep_the_chosen_combos() -> None:
    assert RallyDriver("bold").reroll((1, 2, 3, 5, 5, 6), 0, 0, random.Random(1)) == (5,)
    assert RallyDriver("bold").reroll((4, 4, 4, 4, 4, 4), 0, 0, random.Random(1)) == ()


def test_placing_on_the_start_card() -> None:
    assert RallyDriver("bold").place([9, 10, 11], random.Random(1)) == 9
    assert RallyDriver("random").place([9, 10, 11], random.Random(1)) in {9, 10, 11}
