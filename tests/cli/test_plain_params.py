"""Options read without pydantic (what the console script does) give the
same values and the same messages as Typer's own reading."""

from __future__ import annotations

import functools

import pytest
import typer.main
import typer.testing
from support import LAYOUTS
from typer.testing import CliRunner, Result

from trackkit.cli import app
from trackkit.cli.plain_params import plainly

FIGURE1 = str(LAYOUTS / "figure1.yaml")

CASES = [
    ["validate", FIGURE1, str(LAYOUTS / "oval.yaml"), "-q"],
    ["validate", FIGURE1, "-f", "json"],
    ["validate", FIGURE1, "-f", "jsn"],
    ["validate", FIGURE1, "-qq", "--strict"],
    ["info", FIGURE1, "--format", "json"],
    ["grid", FIGURE1, "--cars", "6"],
    ["grid", FIGURE1, "--cars", "six"],
    ["hazards", FIGURE1, "--seed", "7", "--count", "x"],
    ["generate", "--tiles", "12", "--seed", "3", "--count", "2"],
    ["generate", "race", "--spaces", "30", "--seed", "3", "--direction", "widdershins"],
    ["generate", "motocross", "--players", "3.5"],
    ["count", "--tiles", "10", "--corners"],
    ["show", FIGURE1, "--width", "60", "--no-color", "--ascii"],
    ["render", FIGURE1, "--dpi", "5"],
    ["validate", "-h"],
    ["generate", "rally", "-h"],
]


@functools.cache
def plain_command() -> object:
    """The command group as the console script builds it: its plain
    options given converters that need no pydantic.  Built once for this
    file: running it does not change it."""
    command = typer.main.get_command(app)
    plainly(command)
    return command


def invoke_plain(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> Result:
    """Run ``args`` as the console script does: the command built once,
    its plain options given converters that need no pydantic."""
    command = plain_command()
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)
    return runner.invoke(app, args)


@pytest.mark.parametrize("args", CASES, ids=[" ".join(a[:3]) for a in CASES])
def test_plain_reading_matches_typers(runner: CliRunner, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    theirs = runner.invoke(app, args)
    ours = invoke_plain(runner, monkeypatch, args)
    assert (ours.exit_code, ours.stdout, ours.stderr) == (theirs.exit_code, theirs.stdout, theirs.stderr)


def test_a_bad_whole_number_is_named_against_its_option(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    result = invoke_plain(runner, monkeypatch, ["grid", FIGURE1, "--cars", "six"])
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "Error: Invalid value for '--cars' / '-n': Input should be a valid integer, unable to parse string as an"
        " integer\n"
    )
