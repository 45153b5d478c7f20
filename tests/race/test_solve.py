"""The exact two-racer solver of ``benchmarks/race_solve.py`` against the
engine it models: on a small loop built here its win chances are pinned,
and the engine's own races must agree with them."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

from trackkit.race.drivers import RaceDriver
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.racing import run_race
from trackkit.race.track import Corner, RaceLayout

ROOT = Path(__file__).resolve().parents[2]
LOOP = RaceLayout(spaces=12, finish=12, laps=1, racers=2, corners=(Corner(6, 2, 1),))
"""Twelve spaces, one lap, one corner of two spaces rated 1 at spaces 6 and 7."""


@pytest.fixture(scope="module")
def solver() -> ModuleType:
    spec = importlib.util.spec_from_file_location("race_solve", ROOT / "benchmarks" / "race_solve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["race_solve"] = module
    spec.loader.exec_module(module)
    return module


def engine_wins(facts: RaceTrackFacts, first: str, second: str, races: int) -> int:
    """Races of the engine the pole's driver wins, seeds 0 to ``races - 1``."""
    drivers = [RaceDriver(first), RaceDriver(second)]
    return sum(run_race(facts, drivers, seed).order[0] == 0 for seed in range(races))


def test_dice_chances_add_up_and_match_the_rolls(solver: ModuleType) -> None:
    # Three racer dice and no hazard die: all alike 8 of 512, all differ 336.
    found = solver.outcomes(0, 0)
    assert math.isclose(sum(chance for *_, chance in found), 1.0)
    in_control = sum(chance for _, _, lost, chance in found if not lost)
    assert in_control == pytest.approx(336 / 512)
    # Out of control with 8, 8, 1: move 8, shake 1 (3 orders of 512).
    assert dict(((m, low, lost), c) for m, low, lost, c in found)[8, 1, True] == pytest.approx(3 / 512)


@pytest.mark.parametrize(
    ("first", "second", "exact"),
    [("bold", "bold", 0.660377), ("cautious", "bold", 0.662896), ("expert", "cautious", 0.663650)],
)
def test_win_chance_from_the_pole_matches_the_engine(
    solver: ModuleType, first: str, second: str, exact: float
) -> None:
    facts = RaceTrackFacts(LOOP)
    chance, states = solver.solve(facts, (first, second))
    assert round(chance, 6) == exact
    assert states > 1_000
    races = 2_000
    margin = 4 * math.sqrt(exact * (1 - exact) / races)
    assert abs(engine_wins(facts, first, second, races) / races - exact) < margin


def test_the_best_response_wins_at_least_as_often_as_any_driver(solver: ModuleType) -> None:
    facts = RaceTrackFacts(LOOP)
    best, _ = solver.solve(facts, ("best", "bold"))
    expert, _ = solver.solve(facts, ("expert", "bold"))
    both, _ = solver.solve(facts, ("best", "best"))
    # bold's own chance from the pole against bold is 0.660377 (above).
    assert best >= max(expert, both, 0.660377)
    assert (round(best, 6), round(expert, 6), round(both, 6)) == (0.664906, 0.664784, 0.661093)
