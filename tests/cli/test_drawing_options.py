"""Drawing options a game's pictures would leave out are refused, on one
line with exit 2, instead of being silently ignored."""

from __future__ import annotations

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app

MOTOCROSS = str(LAYOUTS / "motocross-three-players.yaml")
RACE = str(LAYOUTS / "race-oval.yaml")
RALLY = str(LAYOUTS / "rally-base.yaml")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["render", MOTOCROSS, "--lanes"], "--lanes is for Racepack tracks"),
        (["render", MOTOCROSS, "--grid"], "--grid is for Racepack and RACE! tracks"),
        (["render", RACE, "--numbers"], "--numbers is for Racepack tracks"),
        (["render", RACE, "--lanes"], "--lanes is for Racepack tracks"),
        (["render", RALLY, "--grid"], "--grid is for Racepack and RACE! tracks"),
        (["render", RALLY, "--numbers"], "--numbers is for Racepack tracks"),
        (["show", MOTOCROSS, "--grid"], "--grid is for Racepack and RACE! tracks"),
        (["show", RALLY, "--grid"], "--grid is for Racepack and RACE! tracks"),
        (["render", RALLY, "--line"], "--line is for Racepack tracks"),
        (["show", MOTOCROSS, "--line"], "--line is for Racepack tracks"),
    ],
)
def test_an_option_the_game_does_not_draw_is_refused(
    runner: CliRunner, arguments: list[str], message: str
) -> None:
    result = runner.invoke(app, arguments)
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"trackkit: error: {message}\n")


@pytest.mark.parametrize(
    "arguments",
    [
        ["render", RACE, "--grid"],
        ["show", RACE, "--grid", "--width", "60"],
        ["render", RACE, "--no-numbers"],
        ["render", MOTOCROSS, "--no-numbers"],
    ],
)
def test_an_option_the_game_draws_or_a_plain_no_is_accepted(runner: CliRunner, arguments: list[str]) -> None:
    result = runner.invoke(app, arguments)
    assert result.exit_code == 0 and result.stderr == ""
