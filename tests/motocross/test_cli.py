"""Motocross courses through the command line: exact output and exit codes,
the same messages and statuses as for Racepack tracks."""

from __future__ import annotations

import json
from pathlib import Path

from support import LAYOUTS, MOTOCROSS_CORPUS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.games import GAMES

FOUR = str(LAYOUTS / "motocross-four-players.yaml")
THREE = str(LAYOUTS / "motocross-three-players.yaml")


def test_validate_a_legal_course(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", FOUR])
    assert result.exit_code == 0
    assert result.output == f"{FOUR}: legal (24 tiles, 4 ramps; 0 errors, 0 warnings)\n"


def test_validate_points_at_the_tile_that_breaks_a_rule(runner: CliRunner) -> None:
    path = str(MOTOCROSS_CORPUS / "ramp-height-four.yaml")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:5:9: error[motocross/ramp-height]: the ramp on tile 1 is 4 coins high; a jump ramp is 1 to 3 coins high",
        "    5 | ramps: {1: 4, 2: 3, 6: 3, 10: 2}",
        "      |         ^^^^",
        "    hint: stack 3 coins under tile 1, the most under one edge",
        f"{path}: illegal (24 tiles, 4 ramps; 1 error, 0 warnings)",
    ]


def test_validate_json(runner: CliRunner) -> None:
    path = str(MOTOCROSS_CORPUS / "touch-u-turn.yaml")
    result = runner.invoke(app, ["validate", "--format", "json", path])
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "file": path,
        "verdict": "illegal",
        "valid": False,
        "findings": [
            {
                "rule": "motocross/touch",
                "severity": "error",
                "message": "tile 7 at (4, 1) touches tile 4 at (4, 0); a tile may touch only the last tile played",
                "tiles": [7, 4],
                "hint": "keep at least a tile's gap between parts of the course",
                "line": 4,
                "column": 16,  # the 'R' that lays tile 7
                "end_column": 17,
            }
        ],
    }


def test_an_unreadable_course_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("trackkit: 1\ngame: motocross\npath: 4S\nramps: {1: 0}\n")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.stderr == ""
    assert result.stdout == (
        f"{path}:4:12: error: the ramp on tile 1 is 0 coins high"
        " (a ramp has at least one coin; leave tile 1 out of 'ramps' for no ramp)\n"
        "    4 | ramps: {1: 0}\n"
        "      |            ^\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_info_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", THREE])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "name:      Quarry Run",
        "tiles:     24, 3 players",
        "start:     tile 0, up to 3 bikes",
        "finish:    the south edge of tile 23",
        "size:      16 x 9 tiles (32 x 18 inches)",
        "ramps:     5, 12 of the 12 coins dealt",
        "  tile  2  height 3  raised east edge",
        "  tile  6  height 2  raised south edge",
        "  tile 10  height 3  raised east edge",
        "  tile 18  height 3  raised east edge",
        "  tile 22  height 1  raised south edge",
        "turns:     5 (2 left, 3 right)",
        "  tile  5  turns right",
        "  tile  8  turns left",
        "  tile 13  turns right",
        "  tile 16  turns left",
        "  tile 21  turns right",
    ]


def test_info_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", "--format", "json", FOUR])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["ramps"][0] == {"tile": 2, "height": 3, "edge": "north"}
    assert data["finish"] == {"tile": 23, "edge": "north"}
    assert data["coins"] == {"in_ramps": 12, "dealt": 12}
    assert data["start"] == {"tile": 0, "bikes": 4}
    assert data["size"] == {"width": 9, "height": 4, "width_inches": 18, "height_inches": 8}
    assert [t["tile"] for t in data["turns"]] == [3, 5, 8, 10, 13, 15, 18, 20]


def test_convert_tiles_to_path(runner: CliRunner) -> None:
    result = runner.invoke(app, ["convert", FOUR, "--to", "path"])
    assert result.exit_code == 0
    assert result.output == (
        "trackkit: 1\nname: Hillside Switchbacks\n"
        "description: A four-player course, six tiles each, written tile by tile.\n"
        "game: motocross\nplayers: 4\npacks: 1\n"
        "path: 3S R S R 2S L S L 2S R S R 2S L S L 3S\nheading: north\n"
        "ramps: {2: 3, 7: 3, 12: 3, 17: 3}\n"
    )


def test_schema_of_motocross_files(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema", "--game", "motocross"])
    assert result.exit_code == 0
    assert json.loads(result.output)["title"] == "trackkit Motocross layout"


def test_schema_of_an_unknown_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema", "--game", "croquet"])
    assert result.exit_code == 2
    known = ", ".join(GAMES)
    assert known.startswith("racepack, motocross")
    assert result.stderr == f"trackkit: error: --game is 'croquet'; known games: {known}\n"


def test_commands_of_other_games_refuse_a_course(runner: CliRunner) -> None:
    for command, what in (
        ("id", "circuit ids belong to Racepack tracks"),
        ("lanes", "inside lanes belong to Racepack tracks"),
        ("grid", "starting grids belong to Racepack and RACE! tracks"),
    ):
        result = runner.invoke(app, [command, FOUR])
        assert result.exit_code == 2
        assert result.stderr == f"{FOUR}: error: {what}, and this is a Motocross layout\n"
