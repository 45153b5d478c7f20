"""One convention for every command and every game: exit 0 for a legal
track, 1 for a track that breaks a rule (the command still does its work,
then says so on standard error), 2 for input that cannot be read or a
command used wrongly; the result on standard output, messages on standard
error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import LAYOUTS, write
from typer.testing import CliRunner

from trackkit.cli import app

LEGAL = {
    "racepack": LAYOUTS / "figure1.yaml",
    "motocross": LAYOUTS / "motocross-three-players.yaml",
    "race": LAYOUTS / "race-road-course.yaml",
    "rally": LAYOUTS / "rally-base.yaml",
}
"""A legal shipped layout of each game."""

ILLEGAL = {
    "racepack": "trackkit: 1\npath: R 2S R L S R 4S R S L R 2S R 6S\nstart: 0.5\n",
    "motocross": (
        "trackkit: 1\ngame: motocross\ntiles: [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [1, 0], [1, -1], [1, -2],"
        " [1, -3], [1, -4], [1, -5], [1, -6], [1, -7], [1, -8], [1, -9], [1, -10], [1, -11], [1, -12], [1, -13],"
        " [1, -14], [1, -15], [1, -16], [1, -17], [1, -18]]\nramps: {8: 3, 9: 3, 10: 3, 11: 3}\n"
    ),
    "race": (
        "trackkit: 1\ngame: race\nspaces: 30\ncorners:\n- {from: 5, length: 4, radius: 1}\n"
        "- {from: 7, length: 3, radius: 2}\n"
    ),
    "rally": (
        "trackkit: 1\ngame: rally\nexpansion: false\ncards:\n  base: {straight: 2, left-curve: 2, right-curve: 2,"
        " s-bend: 2, hairpin: 1}\ncourse: [3-lane, start, s-bend, left-curve, straight, checkpoint, hairpin, jump,"
        " right-curve, straight, checkpoint, left-curve, jump, s-bend, right-curve, checkpoint]\n"
    ),
}
"""A layout of each game that breaks a rule."""

GAMES = sorted(LEGAL)

DESCRIBING = [["info"], ["info", "-f", "json"], ["render"], ["show", "--width", "70", "--no-color"]]
"""Commands every game's layout takes that describe or draw it."""

RACEPACK_ONLY = [["lanes"], ["grid"], ["hazards", "--seed", "1"], ["analyze"], ["id"]]
"""Commands only Racepack layouts take."""


def notice(runner: CliRunner, file: str) -> str:
    """The line saying that ``file`` breaks the rules, with the errors
    ``validate`` finds in it."""
    findings = json.loads(runner.invoke(app, ["validate", file, "-f", "json"]).stdout)["findings"]
    errors = [finding["rule"] for finding in findings if finding["severity"] == "error"]
    count = f"{len(errors)} error" if len(errors) == 1 else f"{len(errors)} errors"
    listed = ", ".join(sorted(set(errors)))
    return f"{file}: the track breaks the rules ({count}: {listed}); run 'trackkit validate {file}'\n"


def test_the_notice_names_the_errors(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, ILLEGAL["racepack"])
    result = runner.invoke(app, ["info", path])
    assert result.stderr == (
        f"{path}: the track breaks the rules (1 error: start-finish); run 'trackkit validate {path}'\n"
    )
    assert result.stderr == notice(runner, path)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", [["validate"], *DESCRIBING])
def test_a_legal_track_exits_0_and_says_nothing_on_stderr(runner: CliRunner, game: str, command: list[str]) -> None:
    result = runner.invoke(app, [command[0], str(LEGAL[game]), *command[1:]])
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", DESCRIBING)
def test_a_track_that_breaks_a_rule_is_still_shown_then_exits_1_with_one_line_on_stderr(
    runner: CliRunner, tmp_path: Path, game: str, command: list[str]
) -> None:
    path = write(tmp_path, ILLEGAL[game])
    result = runner.invoke(app, [command[0], path, *command[1:]])
    assert result.exit_code == 1
    assert result.stdout
    assert result.stderr == notice(runner, path)


@pytest.mark.parametrize("game", GAMES)
def test_validate_exits_1_with_its_report_and_verdict_on_stdout(runner: CliRunner, tmp_path: Path, game: str) -> None:
    path = write(tmp_path, ILLEGAL[game])
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    errors = notice(runner, path).split("(")[1].split(":")[0]
    assert result.stdout.splitlines()[-1].startswith(f"{path}: illegal (")
    assert result.stdout.splitlines()[-1].endswith(f"; {errors}, 0 warnings)")
    assert result.stderr == ""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", [["validate"], *DESCRIBING, ["convert", "--to", "path"], *RACEPACK_ONLY])
def test_an_unreadable_file_exits_2_for_every_command(
    runner: CliRunner, tmp_path: Path, game: str, command: list[str]
) -> None:
    path = write(tmp_path, f"trackkit: 1\ngame: {game}\nbogus: 1\n")
    result = runner.invoke(app, [command[0], path, *command[1:]])
    assert result.exit_code == 2
    if command == ["validate"]:  # the layout also lacks its track: two problems
        assert f"{path}:3:1: error: unknown key 'bogus'" in result.stdout
        assert result.stdout.endswith(f"{path}: unreadable (2 errors)\n")
        assert result.stderr == ""
        return
    assert f"{path}:3:1: error: unknown key 'bogus'" in result.stderr
    if "json" in command:  # a script reading JSON gets the error as JSON too
        assert json.loads(result.stdout)["error"]["line"] in (1, 3)
    else:
        assert result.stdout == ""


@pytest.mark.parametrize(
    ("game", "command"),
    [
        (game, command)
        for game in ("motocross", "race", "rally")
        for command in RACEPACK_ONLY
        if (game, command[0]) not in {("motocross", "analyze"), ("race", "grid")}  # a lone rider; RACE!'s grid
    ],
)
def test_a_racepack_command_refuses_another_games_layout_with_exit_2(
    runner: CliRunner, game: str, command: list[str]
) -> None:
    result = runner.invoke(app, [command[0], str(LEGAL[game]), *command[1:]])
    assert result.exit_code == 2
    owners = "Racepack and RACE! tracks" if command[0] == "grid" else "Racepack tracks"
    assert f"belong to {owners}" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("command", RACEPACK_ONLY)
def test_a_racepack_command_on_a_track_that_breaks_a_rule_exits_1(
    runner: CliRunner, tmp_path: Path, command: list[str]
) -> None:
    path = write(tmp_path, ILLEGAL["racepack"])
    result = runner.invoke(app, [command[0], path, *command[1:]])
    assert result.exit_code == 1
    if command[0] in ("grid", "analyze"):  # no straight behind the line: no grid to work from
        assert result.stderr == (
            f"{path}: error: there is no straight road behind the start/finish line at the middle of tile 0"
            " for the starting grid; put the line on a straight, after at least one plain straight tile\n"
        )
    else:
        assert result.stderr.endswith(notice(runner, path))


@pytest.mark.parametrize(("game", "code"), [("racepack", 0), ("motocross", 0)])
def test_convert_of_a_legal_track_exits_0(runner: CliRunner, game: str, code: int) -> None:
    result = runner.invoke(app, ["convert", str(LEGAL[game]), "--to", "tiles"])
    assert (result.exit_code, result.stderr) == (code, "")


@pytest.mark.parametrize("game", ["racepack", "motocross"])
def test_convert_of_a_track_that_breaks_a_rule_writes_it_and_exits_1(
    runner: CliRunner, tmp_path: Path, game: str
) -> None:
    path = write(tmp_path, ILLEGAL[game])
    result = runner.invoke(app, ["convert", path, "--to", "path"])
    assert result.exit_code == 1
    assert result.stdout.startswith("trackkit: 1\n")
    assert result.stderr == notice(runner, path)


def test_export_of_a_track_that_breaks_a_rule_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, ILLEGAL["racepack"])
    result = runner.invoke(app, ["export", path, "--to", "ppn"])
    assert result.exit_code == 1
    assert result.stderr == notice(runner, path)


@pytest.mark.parametrize("game", GAMES)
def test_validate_quiet_levels(runner: CliRunner, tmp_path: Path, game: str) -> None:
    path = write(tmp_path, ILLEGAL[game])
    full = runner.invoke(app, ["validate", path, str(LEGAL[game])]).stdout.splitlines()
    quiet = runner.invoke(app, ["validate", "-q", path, str(LEGAL[game])])
    findings = [line for line in full if line.startswith(f"{path}:") and "[" in line]
    assert (quiet.exit_code, quiet.stdout.splitlines()) == (1, findings)
    silent = runner.invoke(app, ["validate", "-qq", path, str(LEGAL[game]), "-f", "json"])
    assert (silent.exit_code, silent.stdout, silent.stderr) == (1, "", "")
