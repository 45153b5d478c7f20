"""What a lone rider needs on a course (trackkit.motocross.race.lone) and ``trackkit analyze`` on a course."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.games import load
from trackkit.motocross.course import Course, path_centres
from trackkit.motocross.race.board import board_of
from trackkit.motocross.race.lone import fewest_turns, lone_rider, ramp_chance
from trackkit.piecepack.circuit import Kind

S, L = Kind.STRAIGHT, Kind.LEFT


@pytest.mark.parametrize(
    ("height", "dice", "chance"),
    [(1, 1, Fraction(2, 3)), (2, 2, Fraction(3, 4)), (3, 1, Fraction(1, 3)), (3, 4, Fraction(65, 81))],
)
def test_the_chance_of_a_number_over_the_ramp(height: int, dice: int, chance: Fraction) -> None:
    # Of a die's six faces (null, ace, 2-5), 5 - height beat the ramp.
    assert ramp_chance(height, dice) == chance


def test_a_straight_run_of_seven_spaces_takes_two_turns() -> None:
    board = board_of(Course(path_centres([S] * 4), house_rules=("short-course",)))
    # From the front row of tile 0, the finish line is seven steps away; a die shows 5 at most.
    assert fewest_turns(board, 0) == 2
    assert fewest_turns(board, 12) == 2


def test_a_null_bought_with_a_coin_rounds_a_bend_in_one_move() -> None:
    board = board_of(Course(path_centres([S, L, S]), house_rules=("short-course",)))
    # One step east onto the bend, then three north over the line: without a
    # null the bike must stop on the bend tile to change heading.
    assert fewest_turns(board, 0) == 2
    assert fewest_turns(board, 1) == 1


def test_a_shipped_course() -> None:
    lone = lone_rider(_course("motocross-max-ramps"))
    assert (lone.without_coins, lone.with_coins, lone.coins) == (11, 9, 12)
    assert [ramp.tile for ramp in lone.ramps] == [1, 2, 3, 4, 5, 6, 9, 10, 14, 15, 19, 20]


def _course(name: str) -> Course:
    course: Course = load(LAYOUTS / f"{name}.yaml").layout
    return course


EXPECTED = """\
Whoops Section: a lone rider, always leading (one die a turn)
  fewest turns to finish without coins: 11 turns
  fewest turns with its 12 coins (an extra die each): 9 turns

Chance of a number over the ramp:
tile  height   1 die  2 dice  3 dice  4 dice
   1       1     2/3     8/9   26/27   80/81
   2       1     2/3     8/9   26/27   80/81
   3       1     2/3     8/9   26/27   80/81
   4       1     2/3     8/9   26/27   80/81
   5       1     2/3     8/9   26/27   80/81
   6       1     2/3     8/9   26/27   80/81
   9       1     2/3     8/9   26/27   80/81
  10       1     2/3     8/9   26/27   80/81
  14       1     2/3     8/9   26/27   80/81
  15       1     2/3     8/9   26/27   80/81
  19       1     2/3     8/9   26/27   80/81
  20       1     2/3     8/9   26/27   80/81
"""


def test_cli_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["analyze", str(LAYOUTS / "motocross-max-ramps.yaml")])
    assert (result.exit_code, result.stdout) == (0, EXPECTED)


def test_cli_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["analyze", str(LAYOUTS / "motocross-three-players.yaml"), "-f", "json"])
    data = json.loads(result.stdout)
    assert data["fewest_turns"] == {"without_coins": 10, "with_coins": 10}
    assert data["ramps"][1] == {
        "tile": 6,
        "height": 2,
        "over": {
            "1": {"fraction": "1/2", "probability": 0.5},
            "2": {"fraction": "3/4", "probability": 0.75},
            "3": {"fraction": "7/8", "probability": 0.875},
            "4": {"fraction": "15/16", "probability": 0.9375},
        },
    }


def test_cli_refuses_laps_and_an_illegal_course(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyze", str(LAYOUTS / "motocross-max-ramps.yaml"), "--target-turns", "9"])
    assert (result.exit_code, result.stderr) == (
        2,
        "trackkit: error: --target-turns recommends laps, and a Motocross race has none\n",
    )
    path = tmp_path / "stub.yaml"
    path.write_text("trackkit: 1\ngame: motocross\npath: S S S\n")
    result = runner.invoke(app, ["analyze", str(path)])
    assert (result.exit_code, result.stderr) == (
        1,
        f"{path}: error: a race needs a legal course, and this one breaks the rules"
        " (2 errors: motocross/ramp-coins, motocross/tile-count)\n",
    )
