"""``trackkit grid`` on RACE! tracks: the racers single file behind the
finish line, "Place the pole position racer in the space just behind the
finish line. The next racer is placed in the space behind the pole position,
and proceeding downwards."  The same command and options as for Racepack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit import games
from trackkit.errors import ArgumentError, GridError
from trackkit.race.grid import race_grid

OVAL = str(LAYOUTS / "race-oval.yaml")
HAIRPIN = str(LAYOUTS / "race-hairpin.yaml")
RALLY = str(LAYOUTS / "rally-base.yaml")


def run(*args: str):  # type: ignore[no-untyped-def]
    from trackkit.cli import app

    return CliRunner().invoke(app, list(args))


def test_the_oval_lines_up_its_six_racers_behind_space_24() -> None:
    result = run("grid", OVAL)
    assert result.exit_code == 0
    assert result.stdout == (
        "First oval: starting grid for 6 racers\n"
        "finish line between spaces 24 and 1; racers single file, one a space\n"
        "  racer  space\n"
        "      1     24  (pole)\n"
        "      2     23\n"
        "      3     22\n"
        "      4     21\n"
        "      5     20\n"
        "      6     19\n"
    )


def test_a_grid_wraps_past_space_1_and_names_the_corners_it_reaches() -> None:
    grid = race_grid(games.load(HAIRPIN).layout, cars=10)
    assert grid.spaces == (5, 4, 3, 2, 1, 48, 47, 46, 45, 44)
    assert grid.corners == (None, None, None, None, None, None, None, 5, 5, None)
    lines = run("grid", HAIRPIN, "--cars", "10").stdout.splitlines()
    assert lines[-3:] == ["      8     46  (in corner 5)", "      9     45  (in corner 5)", "     10     44"]


def test_the_json_names_each_racer_space_and_corner() -> None:
    data = json.loads(run("grid", HAIRPIN, "-n", "8", "--format", "json").stdout)
    assert data["racers"] == 8 and data["finish"] == [5, 6]
    assert data["slots"][0] == {"racer": 1, "space": 5, "corner": None}
    assert data["slots"][7] == {"racer": 8, "space": 46, "corner": 5}


def test_more_racers_than_the_loop_holds_is_a_grid_that_does_not_fit(tmp_path: Path) -> None:
    small = tmp_path / "small.yaml"
    small.write_text("trackkit: 1\ngame: race\nspaces: 8\nracers: 3\n")
    assert race_grid(games.load(small).layout, cars=7).spaces == (8, 7, 6, 5, 4, 3, 2)
    result = run("grid", str(small), "--cars", "8")
    assert result.exit_code == 1
    assert result.stderr == (
        f"{small}: error: 8 racers cannot line up single file behind the finish line on a track of 8 spaces"
        " (one racer a space, with room left before the line); race 7 racers or fewer\n"
    )
    with pytest.raises(GridError):
        race_grid(games.load(small).layout, cars=9)


def test_a_racer_count_out_of_range_is_a_usage_error() -> None:
    result = run("grid", OVAL, "--cars", "0")
    assert result.exit_code == 2
    assert result.stderr == "trackkit: error: --cars must be from 1 to 16 racers, not 0\n"
    with pytest.raises(ArgumentError) as refused:
        race_grid(games.load(OVAL).layout, cars=17)
    assert refused.value.parameter == "cars"


def test_a_rally_deck_has_no_grid() -> None:
    result = run("grid", RALLY)
    assert result.exit_code == 2
    assert result.stderr == (
        f"{RALLY}: error: starting grids belong to Racepack and RACE! tracks, and this is a rally card game layout\n"
    )
