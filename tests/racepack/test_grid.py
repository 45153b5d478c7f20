"""The starting grid and ``trackkit grid``."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from support import FIGURE1 as FIGURE1_FILE
from support import SHIPPED
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError, GridError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.grid import rows_behind, starting_grid
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Row, Side

FIGURE1 = str(FIGURE1_FILE)
CHICANE = "3S CL 2S R 2S R 6S R 2S R"

# Figure 1 runs east along its main straight (tiles 18-23) into a right-hand
# corner 1, so the inside lane is the south half; the line crosses tile 21's
# entry edge, so row 1 is tile 20's front (east) half.
FIGURE1_SLOTS = ["20NW", "20SW", "20NE", "20SE", "19NW", "19SW", "19NE", "19SE"]


def layout(path: str, **fields: object) -> Layout:
    return Layout(Circuit.from_path(expand_path(parse_path(path))), **fields)  # type: ignore[arg-type]


def slots(grid_layout: Layout, cars: int | None = None) -> list[str]:
    return [str(slot.space) for slot in starting_grid(grid_layout, cars).slots]



@pytest.mark.parametrize("cars", range(2, 9))
def test_figure1_grid_for_2_to_8_cars(cars: int) -> None:
    grid = starting_grid(load_layout(FIGURE1).layout, cars)
    assert [str(slot.space) for slot in grid.slots] == FIGURE1_SLOTS[:cars]
    assert [slot.row for slot in grid.slots] == [1, 1, 2, 2, 3, 3, 4, 4][:cars]
    assert [slot.inside for slot in grid.slots] == ([True, False] * 4)[:cars]
    assert grid.side is Side.RIGHT
    assert grid.room == 6


def test_pole_then_outside_in_every_pair() -> None:
    grid = starting_grid(load_layout(FIGURE1).layout, 5)
    assert [(slot.car, slot.row, slot.inside) for slot in grid.slots] == [
        (1, 1, True),
        (2, 1, False),
        (3, 2, True),
        (4, 2, False),
        (5, 3, True),
    ]


def test_default_number_of_cars_is_the_layouts() -> None:
    assert len(starting_grid(load_layout(FIGURE1).layout).slots) == 4


def test_line_across_the_middle_of_a_tile_puts_row_1_on_its_rear_half() -> None:
    # An oval driven clockwise: the straight of tiles 1-6 runs south into a
    # right-hand corner, so the inside lane is the west half; the line
    # crosses the middle of tile 4.
    oval = layout("R 6S R 4S R 6S R 4S", start=4.5)
    assert rows_behind(oval.circuit, Fraction(9, 2))[:3] == [(4, Row.REAR), (3, Row.FRONT), (3, Row.REAR)]
    assert slots(oval, 4) == ["4NW", "4NE", "3SW", "3SE"]


def test_left_hand_track_puts_the_pole_on_the_left() -> None:
    # Counterclockwise: tiles 1-6 run north into a left-hand corner.
    oval = layout("L 6S L 4S L 6S L 4S", start=4)
    grid = starting_grid(oval, 2)
    assert grid.side is Side.LEFT
    assert slots(oval, 2) == ["3NW", "3NE"]


def test_grid_that_does_not_fit_is_refused() -> None:
    with pytest.raises(GridError) as caught:
        starting_grid(load_layout(FIGURE1).layout, 13)
    assert str(caught.value) == (
        "13 cars need 7 rows of two behind the start/finish line at the entry edge of tile 21,"
        " but the straight behind it (tiles 20, 19, 18) has room for 6 rows (12 cars);"
        " move the line further along the straight or race fewer cars"
    )
    assert len(starting_grid(load_layout(FIGURE1).layout, 12).slots) == 12


def test_a_chicane_ends_the_room_for_the_grid() -> None:
    track = layout(CHICANE, start=5)
    assert rows_behind(track.circuit, Fraction(5)) == [(4, Row.FRONT), (4, Row.REAR)]
    assert slots(track, 4) == ["4SE", "4NE", "4SW", "4NW"]
    with pytest.raises(GridError, match=r"\(tile 4\) has room for 2 rows \(4 cars\)"):
        starting_grid(track, 5)


def test_a_line_just_after_a_corner_has_no_room() -> None:
    track = load_layout(FIGURE1).layout
    with pytest.raises(GridError) as caught:
        starting_grid(Layout(track.circuit, start=18), 2)
    assert str(caught.value) == (
        "there is no straight road behind the start/finish line at the entry edge of tile 18"
        " for the starting grid; put the line on a straight, after at least one plain straight tile"
    )


def test_no_cars_is_a_usage_error() -> None:
    with pytest.raises(ArgumentError, match="at least one car, not 0"):
        starting_grid(load_layout(FIGURE1).layout, 0)


# --- the command -------------------------------------------------------------


def test_grid_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "--cars", "5"])
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Figure 1: starting grid for 5 cars",
        "line 21 (entry edge of tile 21); inside lane on the right; room for 12 cars",
        "  row  car  tile  space  lane",
        "    1    1    20  NW     inside (pole)",
        "    1    2    20  SW     outside",
        "    2    3    20  NE     inside",
        "    2    4    20  SE     outside",
        "    3    5    19  NW     inside",
    ]


def test_grid_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "-n", "2", "--format", "json"])
    assert result.exit_code == 0
    # two cars break the 'cars' rule: said on standard error, the JSON unchanged
    assert result.stderr.startswith(f"{FIGURE1}: with --cars 2: error[cars]: 2 cars race")
    assert json.loads(result.stdout) == {
        "cars": 2,
        "start": 21,
        "inside": "right",
        "room": 12,
        "slots": [
            {"car": 1, "row": 1, "tile": 20, "space": "NW", "lane": "inside"},
            {"car": 2, "row": 1, "tile": 20, "space": "SW", "lane": "outside"},
        ],
    }


def test_grid_too_big_exits_1_with_one_line(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "--cars", "14"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{FIGURE1}: error: 14 cars need 7 rows of two behind")
    assert result.stderr.count("\n") == 1


def test_grid_of_no_cars_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["grid", FIGURE1, "--cars", "0"])
    assert result.exit_code == 2
    assert result.stderr == "trackkit: error: a grid needs at least one car, not 0\n"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("form", ["text", "json"])
def test_grid_works_on_every_shipped_layout(runner: CliRunner, path: Path, form: str) -> None:
    result = runner.invoke(app, ["grid", str(path), "--format", form])
    assert result.exit_code == 0, result.output
    if form == "json":
        assert len(json.loads(result.output)["slots"]) == load_layout(path).layout.cars
