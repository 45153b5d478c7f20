"""``grid --cars N`` warns, on standard error, of each rule N cars break
though the file does not, quoting the rulebook (issue 38)."""

from __future__ import annotations

from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app

FIGURE1 = str(LAYOUTS / "figure1.yaml")
ROAD = str(LAYOUTS / "race-road-course.yaml")
CARS = (
    '    rulebook: "For games utilizing one piecepack, when playing with four players each player assumes'
    " control of one car, and when playing with two or three people each player assumes the role of team"
    " manager and controls two cars so there are always at least four cars in a race. If two piecepacks are"
    ' combined, 6 to 8-car races are supported"'
)


def test_eight_cars_on_a_one_pack_track_name_the_rules_they_break(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "--cars", "8"])
    assert result.exit_code == 0  # the grid fits and the file is legal: a warning
    assert result.stdout.splitlines()[0] == "Figure 1: starting grid for 8 cars"
    assert result.stderr.splitlines() == [
        f"{FIGURE1}: with --cars 8: error[cars]: 8 cars race, but one piecepack seats at most 6"
        " (four pawns, and two dice standing in as cars)",
        CARS,
        f"{FIGURE1}: with --cars 8: warning[wide-straight]: 8 cars race, but the main straight is one tile"
        " wide; for more than 6 cars it should be two tiles wide from the starting grid (4 spaces behind the"
        " line) up to the first corner, beside tiles 19-23",
        '    rulebook: "For races that include more than six cars, the main straight should be two tiles wide'
        ' from the starting grid up to the first corner"',
    ]


def test_too_few_cars_are_warned_of_too(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "--cars", "3", "--format", "json"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"{FIGURE1}: with --cars 3: error[cars]: 3 cars race, but there are always at least 4 cars in a race",
        CARS,
    ]


def test_a_count_the_rules_allow_is_not_warned_of(runner: CliRunner) -> None:
    for args in (["--cars", "6"], ["--cars", "4"], []):
        result = runner.invoke(app, ["grid", FIGURE1, *args])
        assert (result.exit_code, result.stderr) == (0, ""), args


def test_race_racers_the_points_tables_do_not_cover(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", ROAD, "--cars", "7"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        f"{ROAD}: with --cars 7: warning[race/racers]: the rules give points for 6 or 8 racers, not 7",
        '    rulebook: "Your team earns points for the order that the racers cross the finish line at the end'
        ' of the final lap"',
    ]
    assert runner.invoke(app, ["grid", ROAD, "--cars", "8"]).stderr == ""
