"""The core commands through Typer's CliRunner: exact output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import CORPUS, write
from support import FIGURE1 as FIGURE1_FILE
from typer.testing import CliRunner

from trackkit.cli import app

FIGURE1 = str(FIGURE1_FILE)



def test_validate_legal_layout(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", FIGURE1])
    assert result.exit_code == 0
    assert result.output == f"{FIGURE1}: legal (24 tiles; 0 errors, 0 warnings)\n"


def test_validate_reports_every_adjacency_violation(runner: CliRunner, tmp_path: Path) -> None:
    # the road folds back on itself: the whole stretch lying alongside is one
    # finding, naming both U-turns that fold it
    path = write(tmp_path, "trackkit: 1\npacks: 1\npath: 3S R R 3S R R\n")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    touch = "each tile may touch only the tile before it and the tile after it"
    fold = "folding the road back against itself, which only a hairpin may do"
    # in file order: the 'packs' key the budget warning is about (line 2),
    # then the second 3S of the path, which lays tile 5 (line 3, column 14)
    assert result.output.splitlines() == [
        f"{path}:2:1: warning[tile-budget]: the track uses 10 of the 24 tiles; the rules say to turn all twenty-four",
        "    2 | packs: 1",
        "      | ^^^^^",
        "    hint: add 14 more tiles, or set 'packs: 2' if you meant a two-pack track",
        f"{path}:3:14: error[adjacency]: tile 5 at (2, -1) to tile 7 at (0, -1) lie alongside tile 2 at (2, 0)"
        f" to tile 0 at (0, 0), touching in 3 places; {touch}: corners 1 and 2 (tiles 3 and 4) both turn right,"
        f" {fold}; and corners 3 and 4 (tiles 8 and 9) both turn right, {fold}",
        "    3 | path: 3S R R 3S R R",
        "      |              ^^",
        "    hint: for a hairpin (R, R, L) make tile 5 a left-hand corner; otherwise leave a tile's gap between the roads",
        f"{path}: illegal (10 tiles; 1 error, 1 warning)",
    ]


def test_validate_closure_message(runner: CliRunner) -> None:
    path = str(CORPUS / "closure-turns.yaml")
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}:2:36: error[closure]: the track does not close: the road leaves tile 23 at (-13, 0)"
        " heading west towards (-14, 0), but tile 0 at (0, 0) is entered heading east"
    )


def test_validate_overlap_connected_budget_and_start_messages(runner: CliRunner) -> None:
    cases = {
        "overlap.yaml": "error[overlap]: tile 0 at (0, 0) overlaps tile 16 at (0, 0)",
        "connected-gap.yaml": "error[connected]: tile 5 at (-1, -1) does not share an edge with tile 4 at (1, -1)",
        "tile-budget-over.yaml": "error[tile-budget]: the track uses 26 tiles but one piecepack has only 24",
        "start-on-corner.yaml": "error[start-finish]: the start/finish line at 0.5 crosses corner tile 0 at (0, 0)",
        "start-short-straight.yaml": "warning[start-finish]: the start/finish line at 8.5 is on a 4-tile"
        " straight; the longest straight has 6 tiles, from tile 18",
    }
    for name, message in cases.items():
        result = runner.invoke(app, ["validate", str(CORPUS / name)])
        assert any(line.endswith(message) for line in result.output.splitlines()), (name, result.output)


def test_validate_json_for_one_file(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", str(CORPUS / "start-on-corner.yaml"), "--format", "json"])
    assert result.exit_code == 1
    assert json.loads(result.output) == {
        "file": str(CORPUS / "start-on-corner.yaml"),
        "verdict": "illegal",
        "valid": False,
        "findings": [
            {
                "rule": "start-finish",
                "severity": "error",
                "message": "the start/finish line at 0.5 crosses corner tile 0 at (0, 0)",
                "tiles": [0],
                "hint": "put the line on a straight: set 'start: 21' to put it in the middle of the longest straight",
                "edit": {"kind": "put", "key": ["start"], "value": 21},
                "line": 2,
                "column": 7,
                "end_column": 8,  # the path's first token, the corner tile 0
            }
        ],
    }


def test_validate_several_files_json_list_and_worst_exit(runner: CliRunner, tmp_path: Path) -> None:
    bad = write(tmp_path, "trackkit: 1\npath: R 2S X\n")
    result = runner.invoke(app, ["validate", FIGURE1, str(CORPUS / "overlap.yaml"), bad, "-f", "json"])
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert [entry["valid"] for entry in data] == [True, False, False]
    assert [entry["verdict"] for entry in data] == ["legal", "illegal", "unreadable"]
    assert data[2]["error"]["line"] == 2 and data[2]["error"]["column"] == 12


def test_validate_unreadable_file_gets_its_problem_and_a_verdict_and_exit_2(
    runner: CliRunner, tmp_path: Path
) -> None:
    bad = write(tmp_path, "trackkit: 1\npath: R 2S X\n")
    result = runner.invoke(app, ["validate", bad])
    assert result.exit_code == 2
    assert result.stdout == (
        f"{bad}:2:12: error: unknown path token 'X' (use S, L, R, CL or CR, each with an optional count such as 4S)\n"
        "    2 | path: R 2S X\n"
        "      |            ^\n"
        f"{bad}: unreadable (1 error)\n"
    )
    assert result.stderr == ""


def test_validate_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["validate", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2
    missing = tmp_path / "missing.yaml"
    assert result.stdout == f"{missing}: error: no such file (check the path)\n{missing}: unreadable (1 error)\n"


def test_validate_needs_a_file(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2


def test_info_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", FIGURE1])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:5] == [
        "name:      Figure 1",
        "tiles:     24 tiles, driven clockwise",
        "race:      3 laps, 4 cars",
        "start:     21 (entry edge of tile 21)",
        "longest:   6 tiles from tile 18",
    ]
    assert "size:      8 x 6 tiles (16 x 12 inches)" in lines
    assert lines[-8:] == [
        "   1  tile  0  turns right",
        "   2  tile  3  turns right",
        "   3  tile  4  turns left",
        "   4  tile  6  turns right",
        "   5  tile 11  turns right",
        "   6  tile 13  turns left",
        "   7  tile 14  turns right",
        "   8  tile 17  turns right",
    ]


def test_info_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", FIGURE1, "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["tiles"] == 24
    assert data["direction"] == "clockwise"
    assert data["start"] == 21
    assert data["longest_straight"] == {"length": 6, "first_tile": 18}
    assert data["size"] == {"width": 8, "height": 6, "width_inches": 16, "height_inches": 12}
    assert [c["tile"] for c in data["corners"]] == [0, 3, 4, 6, 11, 13, 14, 17]
    assert data["corners"][2] == {"number": 3, "tile": 4, "turn": "L"}


def test_info_on_a_broken_track_exits_1(runner: CliRunner) -> None:
    path = str(CORPUS / "closure-odd.yaml")
    result = runner.invoke(app, ["info", path])
    assert result.exit_code == 1
    message = "the circuit is not a closed loop of connected tiles; 'trackkit validate' says why"
    assert result.output == f"{path}: error: {message}\n"
    as_json = runner.invoke(app, ["info", path, "-f", "json"])
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout) == {
        "file": path,
        "error": {"message": message, "line": None, "column": None, "hint": None},
    }


def test_convert_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    tiles = runner.invoke(app, ["convert", FIGURE1, "--to", "tiles"])
    assert tiles.exit_code == 0
    path = write(tmp_path, tiles.output)
    back = runner.invoke(app, ["convert", path, "--to", "path"])
    assert back.exit_code == 0
    assert "path: R 2S R L S R 4S R S L R 2S R 6S\n" in back.output
    assert "heading: west\n" in back.output and "origin" not in back.output


def test_convert_refuses_to_overwrite_input(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, Path(FIGURE1).read_text())
    result = runner.invoke(app, ["convert", path, "--to", "tiles", "-o", path])
    assert result.exit_code == 2
    assert result.output == f"trackkit: error: {path}: refusing to overwrite the input file; choose another output\n"
    assert Path(path).read_text() == Path(FIGURE1).read_text()


def test_convert_rejects_an_unknown_form(runner: CliRunner) -> None:
    result = runner.invoke(app, ["convert", FIGURE1, "--to", "svg"])
    assert result.exit_code == 2


def test_schema_lists_the_keys(runner: CliRunner) -> None:
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 0
    schema = json.loads(result.output)
    assert schema["required"] == ["trackkit"]
    assert {"path", "tiles", "start", "packs", "laps", "cars"} <= set(schema["properties"])


def test_schema_knows_every_key_the_reader_knows() -> None:
    from trackkit.racepack.formats.fields import KNOWN_KEYS
    from trackkit.racepack.formats.schema import layout_schema

    assert set(layout_schema()["properties"]) == set(KNOWN_KEYS)


def test_version(runner: CliRunner) -> None:
    from trackkit import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"trackkit {__version__}\n"


@pytest.mark.parametrize("command", [["show", "--width", "60"], ["render"]])
def test_a_grid_that_does_not_fit_is_reported_on_stderr(
    runner: CliRunner, tmp_path: Path, command: list[str]
) -> None:
    path = write(tmp_path, "trackkit: 1\npath: R 2S R L S R 4S R S L R 2S R 6S\ncars: 6\nstart: 19\n")
    result = runner.invoke(app, [command[0], path, "--grid", *command[1:]])
    assert result.exit_code == 0
    assert result.stderr == (
        f"{path}: warning: no starting grid drawn: 6 cars need 3 rows of two behind the start/finish"
        " line at the entry edge of tile 19, but the straight behind it (tile 18) has room for 2 rows"
        " (4 cars); move the line further along the straight or race fewer cars\n"
    )


def test_validate_reports_every_format_error_of_a_file_at_once(runner: CliRunner, tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "trackkit: 1\nlap: 3\npath: R 2S R L S R 4S R S L R 2S R 6S\ncars: many\nheading: up\n"
        "pit: {from: 3, sid: outside}\n",
    )
    result = runner.invoke(app, ["validate", path])
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{path}:2:1: error: unknown key 'lap' (did you mean 'laps'?) (known keys: trackkit, name,"
        " description, game, packs, laps, cars, path, tiles, heading, origin, start, pit, wide, icons,"
        " hazards, spinout_hazards)",
        "    2 | lap: 3",
        "      | ^^^",
        f"{path}:4:7: error: 'cars' must be a whole number, not 'many'",
        "    4 | cars: many",
        "      |       ^^^^",
        f"{path}:5:10: error: unknown heading 'up' (use east, north, west or south)",
        "    5 | heading: up",
        "      |          ^^",
        f"{path}:6:16: error: unknown key 'sid' in 'pit' (did you mean 'side'?) ('pit' knows: from, length, side)",
        "    6 | pit: {from: 3, sid: outside}",
        "      |                ^^^",
        f"{path}: unreadable (4 errors)",
    ]
    data = json.loads(runner.invoke(app, ["validate", path, "-f", "json"]).stdout)
    assert [(e["line"], e["column"]) for e in data["errors"]] == [(2, 1), (4, 7), (5, 10), (6, 16)]


def test_validate_folders_stdin_summary_strict_and_quiet(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "tracks"
    folder.mkdir()
    (folder / "a.yaml").write_text(FIGURE1_FILE.read_text())
    (folder / "b.yaml").write_text((CORPUS / "tile-budget-under.yaml").read_text())
    (folder / "notes.txt").write_text("not a layout")
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "2 layouts: 2 legal (1 with warnings), 0 illegal, 0 unreadable"
    strict = runner.invoke(app, ["validate", str(folder), "--strict", "--quiet"])
    assert strict.exit_code == 1
    assert strict.output == (
        f"{folder / 'b.yaml'}:2:1: warning[tile-budget]: the track uses 20 of the 24 tiles;"
        " the rules say to turn all twenty-four\n"
    )
    piped = runner.invoke(app, ["validate", "-"], input=FIGURE1_FILE.read_text())
    assert (piped.exit_code, piped.output) == (0, "<stdin>: legal (24 tiles; 0 errors, 0 warnings)\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = runner.invoke(app, ["validate", str(empty)])
    assert (nothing.exit_code, nothing.stdout) == (
        2,
        f"{empty}: error: is a folder with no .yaml or .yml files (give layout files)\n{empty}: unreadable (1 error)\n",
    )


@pytest.mark.parametrize("spelling", ["east", "East", "EAST", "e", "E"])
def test_every_heading_the_reader_takes_is_in_the_schema(spelling: str) -> None:
    from trackkit.racepack.formats.layout_file import loads_layout
    from trackkit.racepack.formats.schema import layout_schema

    assert spelling in layout_schema()["properties"]["heading"]["enum"]
    loaded = loads_layout(f"trackkit: 1\npath: R 2S R 2S R 2S R 2S\nheading: {spelling}\n")
    assert loaded.layout.circuit[0].entry is not None


def test_a_misspelt_heading_gets_a_suggestion(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "trackkit: 1\npath: R 2S R 2S R 2S R 2S\nheading: nort\n")
    result = runner.invoke(app, ["validate", path])
    assert result.stdout == (
        f"{path}:3:10: error: unknown heading 'nort' (did you mean 'north'?) (use east, north, west or south)\n"
        "    3 | heading: nort\n"
        "      |          ^^^^\n"
        f"{path}: unreadable (1 error)\n"
    )


def test_pit_stops_are_named_as_spaces(runner: CliRunner) -> None:
    result = runner.invoke(app, ["info", str(FIGURE1_FILE.parent / "pit-lane.yaml")])
    assert (
        "pit lane:  4 tiles beside tiles 1-4 (outside), speed limit 3, stops at 20NW, 21NW, 22NW, 23NW"
        in result.output.splitlines()
    )
