"""The one difficulty rating, 0 to 10, that ``trackkit report`` prints and
``generate --difficulty`` keeps to: what it weighs, its scale and its words,
from figures written by hand."""

from __future__ import annotations

import pytest

from trackkit.difficulty import Hardness, band, incident_rate, pace_ratio, rating


def test_the_pace_is_the_track_covered_a_round_over_the_games_slow_pace() -> None:
    # 24 tiles, 3 laps in 20 rounds: 3.6 tiles a round, over Racepack's 2.5.
    assert pace_ratio(24, 3, 20.0, 2.5) == pytest.approx(1.44)
    assert pace_ratio(24, 3, 0.0, 2.5) == 0.0


def test_the_rating_weighs_slowness_incidents_and_spread() -> None:
    assert rating(Hardness(1.7, 0.0, 0.0)) == 0.0
    # pace 1.45: slowness share 1/2; 1 incident per car per lap: 1/2; spread 0.25: 1/2
    assert rating(Hardness(1.45, 1.0, 0.25)) == 5.0
    # pace 1.2: share 1 (x 0.5); 4 incidents: share 0.8 (x 0.3); spread 0.9: share 1 (x 0.2)
    assert rating(Hardness(1.2, 4.0, 0.9)) == 9.4


def test_each_share_stays_between_0_and_1() -> None:
    assert Hardness(2.5, 0.0, 0.0).shares() == (0.0, 0.0, 0.0)
    assert Hardness(0.9, 1.0, 2.0).shares() == (1.0, 0.5, 1.0)


def test_a_game_that_states_no_pace_is_rated_on_incidents_and_spread() -> None:
    assert Hardness(None, 1.0, 0.25).shares() == (None, 0.5, 0.5)
    assert rating(Hardness(None, 1.0, 0.25)) == 5.0
    assert rating(Hardness(None, 3.0, 0.0)) == 4.5


@pytest.mark.parametrize(
    ("rated", "word"),
    [(0.0, "easy"), (3.4, "easy"), (3.5, "medium"), (5.4, "medium"), (5.5, "hard"), (10.0, "hard")],
)
def test_the_words_are_bands_of_the_rating(rated: float, word: str) -> None:
    assert band(rated) == word


def test_incidents_are_counted_per_car_per_lap() -> None:
    assert incident_rate(120, races=10, cars=4, laps=3) == 1.0
    assert incident_rate(0, races=0, cars=4, laps=3) == 0.0
