"""Many races (trackkit.racepack.race.simulate) and ``trackkit simulate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import ROOT, layout_of
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.montecarlo import race_seed, wilson_interval
from trackkit.racepack.race.drivers import Driver
from trackkit.racepack.race.simulate import simulate

RING = "trackkit: 1\nname: Ring\npath: R 2S R S R 2S R S\nlaps: 2\ncars: 4\n"


def test_the_wilson_interval() -> None:
    """Five wins in ten: 50 %, 23.66 % to 76.34 %; none in twenty: 0 to 16.11 %."""
    half = wilson_interval(5, 10)
    assert (half.rate, round(half.low, 4), round(half.high, 4)) == (0.5, 0.2366, 0.7634)
    none = wilson_interval(0, 20)
    assert (none.rate, none.low, round(none.high, 4)) == (0.0, 0.0, 0.1611)


def test_race_seeds_depend_on_the_run_and_the_race_only() -> None:
    assert race_seed(7, 3) == race_seed(7, 3)
    assert len({race_seed(7, index) for index in range(100)}) == 100
    assert race_seed(7, 3) != race_seed(8, 3)


def test_the_same_seed_gives_the_same_figures_for_any_worker_count(pool_chunks: int) -> None:
    layout = layout_of(RING)
    drivers = (Driver("bold"), Driver("random"))
    one = simulate(layout, drivers, races=3 * pool_chunks, seed=5)
    two = simulate(layout, drivers, races=3 * pool_chunks, seed=5, workers=2)
    assert one == two
    assert sum(one.slot_wins) + one.unfinished == 60
    assert sum(one.driver_starts.values()) == 240
    assert one.driver_wins["bold"] + one.driver_wins["random"] == sum(one.slot_wins)


def test_cautious_drivers_finish_in_grid_order_from_the_pole() -> None:
    """Four cautious cars drive the same safe policy; the pole, first away and
    never passed, wins every race (without hazards: with them, a car ahead
    stopped by one may be passed)."""
    result = simulate(layout_of(RING), (Driver("cautious"),), races=20, seed=1, hazards=False)
    assert result.slot_wins == (20, 0, 0, 0)
    assert sum(result.incidents) == 0


def test_bad_counts_are_refused() -> None:
    layout = layout_of(RING)
    with pytest.raises(ArgumentError, match="races must be from 1 to 1,000,000, not 0"):
        simulate(layout, (Driver("bold"),), races=0, seed=1)
    with pytest.raises(ArgumentError, match="workers must be at least 1, not 0"):
        simulate(layout, (Driver("bold"),), races=5, seed=1, workers=0)


def test_cli_text_and_json(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    args = ["simulate", str(path), "--races", "40", "--seed", "3", "--drivers", "bold,cautious"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0
    lines = text.output.splitlines()
    assert lines[0] == "Ring: 40 races of 4 cars over 2 laps (drivers bold, cautious, bold, cautious; seed 3)"
    assert lines[2] == "grid slot  wins     win rate (95 % interval)"
    assert lines[3].startswith("1 (pole)")
    again = runner.invoke(app, args)
    assert again.output == text.output
    data = json.loads(runner.invoke(app, [*args, "--format", "json"]).output)
    assert (data["races"], data["cars"], data["laps"], data["seed"]) == (40, 4, 2, 3)
    assert sum(slot["wins"] for slot in data["grid"]) + data["unfinished"] == 40
    assert [corner["corner"] for corner in data["corners"]] == [1, 2, 3, 4]
    assert data["length"]["seconds_per_move"] == 30


def test_cli_errors(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["simulate", str(path), "--drivers", "bold,fast"])
    assert (result.exit_code, result.output) == (
        2,
        "trackkit: error: --drivers names an unknown driver 'fast' (known drivers: expert, bold, cautious, random)\n",
    )


def test_cli_race_layouts_score_points(runner: CliRunner) -> None:
    path = ROOT / "layouts" / "race-oval.yaml"
    result = runner.invoke(
        app, ["simulate", str(path), "--races", "30", "--seed", "2", "--drivers", "bold,random"]
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == (
        "First oval: 30 races of 6 racers over 2 laps (drivers bold, random, bold, random, bold, random; seed 2)"
    )
    assert lines[2] == "grid slot  wins     win rate (95 % interval)  points a race"
    assert "hazard tokens a race" in result.output


WIDE_EIGHT = (
    "Wide straight: 6 races of 8 cars over 3 laps (drivers bold, random, cautious, bold+tokens, bold, random, cautious, bold+tokens; seed 8)\n"
    "\n"
    "grid slot  wins     win rate (95 % interval)\n"
    "1 (pole)        0    0.0 %  ( 0.0 to 39.0)\n"
    "2               1   16.7 %  ( 3.0 to 56.4)\n"
    "3               0    0.0 %  ( 0.0 to 39.0)\n"
    "4               3   50.0 %  (18.8 to 81.2)\n"
    "5               1   16.7 %  ( 3.0 to 56.4)\n"
    "6               1   16.7 %  ( 3.0 to 56.4)\n"
    "7               0    0.0 %  ( 0.0 to 39.0)\n"
    "8               0    0.0 %  ( 0.0 to 39.0)\n"
    "\n"
    "Race length: 26.67 turns on average (standard error 0.42); 10 % within 25, 50 % within 27, 90 % within 28\n"
    "  about 107 minutes at 30 seconds a move (8 moves a round)\n"
    "\n"
    "corner      spin-outs a race  overtakes a race\n"
    "     1                  5.00              8.33\n"
    "     2                  3.83              4.00\n"
    "     3                  3.83              4.00\n"
    "     4                  3.83              3.00\n"
    "     5                  1.67              2.67\n"
    "     6                  3.33             11.00\n"
    "\n"
    "driver       starts    wins  win rate (95 % interval)\n"
    "bold             12       4   33.3 %  (13.8 to 60.9)\n"
    "bold+tokens      12       1    8.3 %  ( 1.5 to 35.4)\n"
    "cautious         12       1    8.3 %  ( 1.5 to 35.4)\n"
    "random           12       0    0.0 %  ( 0.0 to 24.2)\n"
)
"""``simulate`` of eight cars on the wide-straight layout, whose main
straight is four lanes wide (races 6, seed 8, ``--no-hazards``: the same
bytes as before races rolled their hazards)."""


def test_cli_eight_cars_on_the_wide_straight(runner: CliRunner) -> None:
    args = [
        "simulate",
        str(ROOT / "layouts" / "wide-straight.yaml"),
        "--cars",
        "8",
        "--races",
        "6",
        "--seed",
        "8",
        "--no-hazards",
    ]
    args += ["--drivers", "bold,random,cautious,bold+tokens"]
    result = runner.invoke(app, args)
    assert (result.exit_code, result.output) == (0, WIDE_EIGHT)
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert (two.exit_code, two.output) == (0, WIDE_EIGHT)
    as_json = [runner.invoke(app, [*args, "--format", "json", "--workers", str(n)]).output for n in (1, 2)]
    assert as_json[0] == as_json[1]
    assert json.loads(as_json[0])["cars"] == 8


def test_cli_wide_lanes_reads_the_wide_straight_otherwise(runner: CliRunner, tmp_path: Path) -> None:
    """ "a 4-lane stretch of road, or ... a 3-lane stretch with the outer lane
    representing a pit lane": ``--wide-lanes 3`` races the four-lane layout
    as three lanes and a pit lane, and its record says so."""
    path = ROOT / "layouts" / "wide-straight.yaml"
    record = tmp_path / "three.ppn"
    args = ["simulate", str(path), "--cars", "8", "--races", "6", "--seed", "8", "--no-hazards"]
    args += ["--drivers", "bold,random,cautious,bold+tokens"]
    three = runner.invoke(app, [*args, "--wide-lanes", "3", "--record", str(record)])
    assert three.exit_code == 0
    assert three.output != WIDE_EIGHT
    assert runner.invoke(app, [*args, "--wide-lanes", "4"]).output == WIDE_EIGHT
    assert "wide: {from: 0, length: 10, lanes: 3}" in record.read_text()
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0
    assert replayed.output.splitlines()[-1].endswith("turns is legal")


@pytest.mark.parametrize(
    ("layout", "lanes", "message"),
    [
        ("figure1.yaml", "3", "--wide-lanes needs a layout with a wide main straight (a 'wide' row)"),
        ("race-oval.yaml", "3", "--wide-lanes is a Racepack option; leave it out for this layout"),
        ("wide-straight.yaml", "5", "--wide-lanes must be 3 or 4, not 5"),
    ],
)
def test_cli_wide_lanes_errors(runner: CliRunner, layout: str, lanes: str, message: str) -> None:
    result = runner.invoke(
        app, ["simulate", str(ROOT / "layouts" / layout), "--wide-lanes", lanes, "--races", "2"]
    )
    assert (result.exit_code, result.output) == (2, f"trackkit: error: {message}\n")


@pytest.mark.parametrize("record", [False, True])
def test_cli_refuses_a_track_its_packs_cannot_lay_before_racing(
    runner: CliRunner, tmp_path: Path, record: bool
) -> None:
    """A thousand-tile loop on one pack raced for 24 s without ``--record``;
    now it is refused at once, as ``--record`` refuses it."""
    path = tmp_path / "loop.yaml"
    path.write_text("trackkit: 1\npath: R 498S R R 498S R\n", encoding="utf-8")
    args = ["simulate", str(path), "--races", "3", "--seed", "1"]
    result = runner.invoke(app, args + (["--record", str(tmp_path / "race.ppn")] if record else []))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"{path}: error: this Racepack setup needs the null suns tile, but one piecepack holds only"
        " 24 tiles; set 'packs' higher in the layout or use fewer pieces\n"
    )
    assert not (tmp_path / "race.ppn").exists()


def test_cli_races_a_long_loop_its_packs_can_lay(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("trackkit: 1\npacks: 8\npath: R 94S R R 94S R\n", encoding="utf-8")
    result = runner.invoke(app, ["simulate", str(path), "--races", "1", "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    assert "1 race" in result.stdout
