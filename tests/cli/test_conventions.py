"""Command-line conventions: -h, an example in every command's help, one-line
summaries, readable choice errors, completion."""

from __future__ import annotations

import pytest
from support import FIGURE1
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.cli.examples import COMMANDS

REGISTERED = sorted(info.name or info.callback.__name__ for info in app.registered_commands if info.callback)


@pytest.mark.parametrize("name", REGISTERED)
def test_every_command_has_a_summary_and_an_example_shown_by_dash_h(runner: CliRunner, name: str) -> None:
    result = runner.invoke(app, [name, "-h"])
    assert result.exit_code == 0
    summary, example = COMMANDS[name]
    assert f"Example:\n    {example}\n" in result.output
    assert example.startswith(f"trackkit {name}")
    assert len(summary) <= 50


def test_the_command_list_shows_whole_summaries(runner: CliRunner) -> None:
    result = runner.invoke(app, ["-h"])
    assert "  validate  Check layouts against the rules.\n" in result.output
    assert "..." not in result.output.split("Commands:")[1]
    assert "--install-completion" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["validate", str(FIGURE1), "-f", "xml"], "'xml' is not an output format; use text or json"),
        (["validate", str(FIGURE1), "-f", "jsn"], "'jsn' is not an output format; use text or json (did you mean 'json'?)"),
        (["render", str(FIGURE1), "--theme", "colour"], "'colour' is not a theme; use print or color (did you mean 'color'?)"),
        (["convert", str(FIGURE1), "--to", "tile"], "'tile' is not a circuit form; use path, tiles or race (did you mean 'tiles'?)"),
    ],
)
def test_choice_errors_read_naturally(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Value error" not in result.stderr
