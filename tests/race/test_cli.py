"""RACE! through the command line: exact output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from support import FIGURE1, LAYOUTS, write
from typer.testing import CliRunner

from trackkit.cli import app

ROAD = str(LAYOUTS / "race-road-course.yaml")


def test_validate_a_legal_race_track(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", ROAD])
    assert (result.exit_code, result.output) == (0, f"{ROAD}: legal (40 spaces; 0 errors, 0 warnings)\n")


def test_validate_reports_every_broken_rule_at_its_corner(runner: CliRunner, tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "trackkit: 1\ngame: race\nspaces: 18\nfinish: 9\ncorners:\n"
        "- {from: 8, length: 5, radius: 3}\n- {from: 2, length: 2, radius: 1}\n",
    )
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    # file order: line, column, then rule id; a corner's findings underline its entry
    corner = ["    6 | - {from: 8, length: 5, radius: 3}", "      |   " + "^" * 31]
    assert result.output.splitlines() == [
        f"{path}:3:1: warning[race/length]: the track has 18 spaces; it shouldn't be shorter than 20",
        "    3 | spaces: 18",
        "      | ^^^^^^",
        "    hint: set 'spaces: 20' or more; the more spaces, the longer the race",
        f"{path}:6:3: error[race/corner-length]: the corner at spaces 8-12 is 5 spaces long;"
        " corners are 2 to 4 spaces long",
        *corner,
        "    hint: shorten it to 4 spaces: set 'length: 4' in corner 0, or split a long bend into two corners",
        f"{path}:6:3: error[race/corner-radius]: the corner at spaces 8-12 has radius 3;"
        " a corner's radius rating is 1 or 2",
        *corner,
        "    hint: set 'radius: 2' in corner 0: 1 is a tough corner, 2 an easier one",
        f"{path}:6:3: warning[race/finish-corner]: the finish line between spaces 9 and 10 is inside the corner"
        " at spaces 8-12",
        *corner,
        "    hint: the rules allow it; to start out of the corner set 'finish: 12', the corner's last space",
        f"{path}:6:3: warning[race/grid-corner]: the starting grid reaches into the corner at spaces 8-12"
        " (grid spaces 9, 8)",
        *corner,
        "    hint: move 'finish' further past the corner, more spaces past its end than there are racers",
        f"{path}: illegal (18 spaces; 2 errors, 3 warnings)",
    ]


def test_an_unreadable_race_file_is_one_located_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    path = write(
        tmp_path, "trackkit: 1\ngame: race\nspaces: 30\ncorners: [{from: 3, length: two, radius: 1}]\n"
    )
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 2
    assert result.output == (
        f"{path}:4:29: error: 'corners.length' must be a whole number, not 'two'\n"
        "    4 | corners: [{from: 3, length: two, radius: 1}]\n"
        "      |                             ^^^\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_info_lists_spaces_corners_finish_and_grid(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", ROAD])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "name:    Road course",
        "game:    RACE!",
        "spaces:  40 spaces, driven clockwise",
        "race:    3 laps, 8 racers",
        "finish:  between spaces 40 and 1",
        "grid:    pole in space 40, then 39, 38, 37, 36, 35, 34, 33",
        "corners: 5",
        "   1  spaces 5-7       radius 2",
        "   2  spaces 12-15     radius 1",
        "   3  spaces 20-21     radius 2",
        "   4  spaces 22-23     radius 1",
        "   5  spaces 27-30     radius 2",
    ]


def test_info_as_json(runner: CliRunner) -> None:
    data = json.loads(runner.invoke(app, ["info", "-f", "json", ROAD]).output)
    assert (data["finish"], data["grid"][:2], data["corners"][1]["spaces"]) == (
        {"after": 40, "before": 1},
        [40, 39],
        [12, 13, 14, 15],
    )


def test_convert_to_race_prints_the_figure1_track(runner: CliRunner) -> None:
    result = runner.invoke(app, ["convert", "--to", "race", str(FIGURE1)])
    assert result.exit_code == 0
    assert result.output == (LAYOUTS / "figure1-race.yaml").read_text()


def test_convert_to_race_refuses_an_illegal_racepack_track(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "trackkit: 1\npath: R 4S R R 4S R\n")
    result = runner.invoke(app, ["convert", "--to", "race", path])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"{path}: error: the Racepack track has 1 error (adjacency); only a legal track converts to a"
        " RACE! track: run 'trackkit validate' to see them, fix them and convert again\n"
    )


def test_convert_to_race_refuses_a_race_layout(runner: CliRunner) -> None:
    result = runner.invoke(app, ["convert", "--to", "race", ROAD])
    assert result.exit_code == 2
    assert (
        result.output
        == f"{ROAD}: error: circuit forms belong to Racepack tracks, and this is a RACE! layout\n"
    )


def test_schema_for_race(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema", "--game", "race"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"] == "trackkit RACE! layout"
    bad = runner.invoke(app, ["schema", "--game", "golf"])
    assert (bad.exit_code, bad.output) == (
        2,
        "trackkit: error: --game is 'golf'; known games: racepack, motocross, race, rally\n",
    )


def test_generate_race_prints_the_seed_and_a_legal_track(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["generate", "race", "--spaces", "24", "--corners", "2", "--seed", "3"]
    )
    assert result.exit_code == 0
    assert result.stderr == "seed: 3\n"
    assert result.stdout == (
        "trackkit: 1\nname: Generated RACE! track\ngame: race\nspaces: 24\ndirection: clockwise\nlaps: 2\n"
        "racers: 6\nfinish: 24\ncorners:\n- {from: 5, length: 2, radius: 2}\n- {from: 14, length: 4, radius: 2}\n"
    )


def test_generate_race_writes_files_that_validate(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "t.yaml"
    result = runner.invoke(
        app,
        [
            "generate",
            "race",
            "--count",
            "2",
            "--seed",
            "1",
            "-o",
            str(out),
            "--svg",
            str(tmp_path / "t.svg"),
        ],
    )
    assert result.exit_code == 0
    checked = runner.invoke(app, ["validate", str(tmp_path / "t-1.yaml"), str(tmp_path / "t-2.yaml")])
    assert checked.exit_code == 0
    assert (tmp_path / "t-2.svg").read_text().startswith("<?xml")


def test_generate_race_refuses_racepack_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "race", "--hairpins", "1"])
    assert result.exit_code == 2
    assert "Error: No such option: --hairpins" in result.stderr
    assert "Try 'trackkit generate race -h' for help." in result.stderr
    result = runner.invoke(app, ["generate", "--spaces", "30"])
    assert result.exit_code == 2
    assert "Error: No such option: --spaces" in result.stderr


def test_generate_race_with_too_few_spaces_exits_1(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["generate", "race", "--spaces", "10", "--corners", "3", "--seed", "5"]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "trackkit: error: 3 corners and a grid of 6 racers need at least 16 spaces, not 10;"
        " ask for more spaces or fewer corners\n"
    )


def test_show_and_render_race(runner: CliRunner, tmp_path: Path) -> None:
    shown = runner.invoke(app, ["show", ROAD, "--no-color", "--width", "80"])
    assert shown.exit_code == 0
    assert "Road course: 40 spaces, clockwise, finish ┃ after space 40" in shown.output
    out = tmp_path / "r.svg"
    drawn = runner.invoke(app, ["render", ROAD, "-o", str(out)])
    assert drawn.exit_code == 0
    assert ">R1</text>" in out.read_text()


def test_racepack_only_commands_refuse_a_race_layout(runner: CliRunner) -> None:
    result = runner.invoke(app, ["id", ROAD])
    assert (result.exit_code, result.output) == (
        2,
        f"{ROAD}: error: circuit ids belong to Racepack tracks, and this is a RACE! layout\n",
    )


def test_generate_refuses_a_huge_count_with_files_before_any_work(runner: CliRunner, tmp_path: Path) -> None:
    """The fuzz campaign's `--count 9223372036854775808 --svg`: the file
    names were listed before the game's own limit was reached (27 s, 1.4 GB)."""
    result = runner.invoke(
        app, ["generate", "race", "--svg", str(tmp_path / "gen.svg"), "--count", "9223372036854775808", "--seed", "97"]
    )
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --count must be at most 10,000, not 9,223,372,036,854,775,808\n"
    assert list(tmp_path.iterdir()) == []
