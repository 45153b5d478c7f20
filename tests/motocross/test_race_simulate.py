"""Many Motocross races (trackkit.motocross.race.simulate) and ``trackkit simulate`` on a course."""

from __future__ import annotations

import json

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.games import load
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.simulate import simulate_motocross

COURSE = LAYOUTS / "motocross-three-players.yaml"


def test_the_same_seed_gives_the_same_figures_for_any_worker_count(pool_chunks: int) -> None:
    course = load(COURSE).layout
    riders = parse_riders("bold,random")
    alone = simulate_motocross(course, riders, races=3 * pool_chunks, seed=8)
    shared = simulate_motocross(course, riders, races=3 * pool_chunks, seed=8, workers=2)
    assert alone == shared
    assert sum(alone.slot_wins) + alone.unfinished == 60
    assert len(alone.incidents) == len(course) == 24
    assert alone.cars == 3 and alone.game == "motocross"


def test_failed_jumps_happen_only_on_ramp_tiles() -> None:
    course = load(COURSE).layout
    figures = simulate_motocross(course, parse_riders("bold,cautious,random"), races=200, seed=2)
    ramps = {tile for tile, _ in course.ramps}
    assert {tile for tile, count in enumerate(figures.overtakes) if count} <= ramps
    assert sum(figures.incidents) > 0


def test_counts_out_of_range_are_refused() -> None:
    course = load(COURSE).layout
    with pytest.raises(ArgumentError, match="cars must be at most 4"):
        simulate_motocross(course, parse_riders("bold"), races=10, seed=1, count=5)
    with pytest.raises(ArgumentError, match="races must be from 1"):
        simulate_motocross(course, parse_riders("bold"), races=0, seed=1)


EXPECTED = """\
Quarry Run: 12 races of 3 riders on 24 tiles (drivers bold, cautious, bold; seed 3)

seat         wins     win rate (95 % interval)
1 (first)        4   33.3 %  (13.8 to 60.9)
2                4   33.3 %  (13.8 to 60.9)
3                4   33.3 %  (13.8 to 60.9)

Race length: 18.42 turns on average (standard error 0.60); 10 % within 16, 50 % within 18, 90 % within 20
  about 18 minutes at 20 seconds a move (3 moves a round)

tile  wipe-outs a race  failed jumps a race
   0              0.33                 0.00
   1              0.08                 0.00
   2              0.00                 1.17
   3              0.08                 0.00
   4              0.17                 0.00
   5              0.42                 0.00
   8              0.83                 0.00
   9              0.08                 0.00
  10              0.08                 0.75
  12              0.08                 0.00
  13              0.42                 0.00
  16              0.50                 0.00
  17              0.25                 0.00
  18              0.00                 0.75
  19              0.08                 0.00
  20              0.17                 0.00
  21              0.67                 0.00
  (no wipe-out or failed jump on the other 7 tiles)

driver    starts    wins  win rate (95 % interval)
bold          24      10   41.7 %  (24.5 to 61.2)
cautious      12       2   16.7 %  ( 4.7 to 44.8)
"""


def test_cli_text(runner: CliRunner) -> None:
    args = ["simulate", str(COURSE), "--races", "12", "--seed", "3", "--drivers", "bold,cautious"]
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stdout) == (0, EXPECTED)
    assert runner.invoke(app, [*args, "--workers", "2"]).stdout == EXPECTED


def test_cli_json(runner: CliRunner) -> None:
    args = ["simulate", str(COURSE), "--races", "40", "--seed", "3", "--format", "json"]
    data = json.loads(runner.invoke(app, args).output)
    assert (data["game"], data["races"], data["riders"], data["tiles"], data["seed"]) == (
        "motocross",
        40,
        3,
        24,
        3,
    )
    assert sum(seat["wins"] for seat in data["seats"]) + data["unfinished"] == 40
    assert [tile["tile"] for tile in data["tiles_per_race"]] == list(range(24))
    assert data["length"]["seconds_per_move"] == 20


def test_cli_refuses_laps_and_circuit_variants(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", str(COURSE), "--laps", "2"])
    assert (result.exit_code, result.output) == (
        2,
        "trackkit: error: laps, pit stops and extra hazards belong to circuits; a Motocross race runs once,"
        " from the starting tile to the finish line\n",
    )
    result = runner.invoke(app, ["simulate", str(COURSE), "--cars", "5"])
    assert (result.exit_code, result.output) == (
        2,
        "trackkit: error: --cars must be at most 4 (the starting tile has four spaces), not 5\n",
    )
