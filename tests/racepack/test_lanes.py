"""The inside lane of every tile, and ``trackkit lanes``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import FIGURE1 as FIGURE1_FILE
from support import SHIPPED
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.lanes import inside_lanes, inside_side, inside_spaces, next_corner_tile
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Quadrant, Side

FIGURE1 = str(FIGURE1_FILE)
HAIRPIN = "3S R R L 2S R 3S R 3S R S"
CHICANE = "3S CL 2S R 2S R 6S R 2S R"


def circuit(path: str) -> Circuit:
    return Circuit.from_path(expand_path(parse_path(path)))


def table(layout: Layout) -> list[tuple[int, str, str]]:
    """``(tile, inside side, "rear front")`` for every tile."""
    lanes = inside_lanes(layout)
    return [(t.tile, t.side.value, " ".join(q.value for q in t.quadrants)) for t in lanes.tiles]



# --- Figure 1, tile by tile --------------------------------------------------

# The shipped Figure 1 is entered heading west, so the main straight runs
# west along the bottom and its right lane is the north one.
FIGURE1_INSIDE = [
    (0, "right", "SE NE"),  # corner 1 itself: corner 2 (tile 3) turns right
    (1, "right", "SE NE"),
    (2, "right", "SE NE"),
    (3, "left", "NW NE"),  # corner 2: the next corner, tile 4, turns left
    (4, "right", "SE NE"),  # corner 3 (left): corner 4 turns right
    (5, "right", "SE NE"),
    (6, "right", "SW SE"),
    (7, "right", "SW SE"),
    (8, "right", "SW SE"),
    (9, "right", "SW SE"),
    (10, "right", "SW SE"),
    (11, "left", "NE SE"),  # corner 5 (right): corner 6 turns left
    (12, "left", "NE SE"),
    (13, "right", "SW SE"),  # corner 6 (left): corner 7 turns right
    (14, "right", "NW SW"),
    (15, "right", "NW SW"),
    (16, "right", "NW SW"),
    (17, "right", "NE NW"),
    (18, "right", "NE NW"),
    (19, "right", "NE NW"),
    (20, "right", "NE NW"),
    (21, "right", "NE NW"),
    (22, "right", "NE NW"),
    (23, "right", "NE NW"),
]


def test_figure1_inside_lane_of_every_tile() -> None:
    assert table(load_layout(FIGURE1).layout) == FIGURE1_INSIDE


def test_figure1_corners_and_their_approaches() -> None:
    lanes = inside_lanes(load_layout(FIGURE1).layout)
    found = [
        (c.corner.number, c.corner.tile, c.approach, c.side.value, c.own_side.value) for c in lanes.corners
    ]
    assert found == [
        (1, 0, (17, 18, 19, 20, 21, 22, 23), "right", "right"),
        (2, 3, (0, 1, 2), "right", "left"),
        (3, 4, (3,), "left", "right"),
        (4, 6, (4, 5), "right", "right"),
        (5, 11, (6, 7, 8, 9, 10), "right", "left"),
        (6, 13, (11, 12), "left", "right"),
        (7, 14, (13,), "right", "right"),
        (8, 17, (14, 15, 16), "right", "right"),
    ]


def test_a_corner_tile_looks_past_itself() -> None:
    loop = load_layout(FIGURE1).layout.circuit
    assert next_corner_tile(loop, 3) == 4
    assert next_corner_tile(loop, 17) == 0
    assert inside_side(loop, 3) is Side.LEFT
    assert [str(space) for space in inside_spaces(loop, 3)] == ["3NW", "3NE"]


# --- hairpin and chicane -----------------------------------------------------


def test_hairpin_inside_lanes() -> None:
    # Tiles 3 R, 4 R, 5 L form the hairpin after the three-tile straight.
    found = table(Layout(circuit(HAIRPIN), start=1))
    assert found[:9] == [
        (0, "right", "SW SE"),
        (1, "right", "SW SE"),
        (2, "right", "SW SE"),
        (3, "right", "NW SW"),  # the next corner (tile 4) turns right again
        (4, "left", "SE SW"),  # then tile 5 turns left
        (5, "right", "NW SW"),
        (6, "right", "NW SW"),
        (7, "right", "NW SW"),
        (8, "right", "NE NW"),
    ]
    corners = inside_lanes(Layout(circuit(HAIRPIN), start=1)).corners
    assert [(c.corner.tile, c.approach) for c in corners[:3]] == [
        (3, (16, 17, 0, 1, 2)),
        (4, (3,)),
        (5, (4,)),
    ]


def test_chicane_tile_has_an_inside_lane_like_any_straight() -> None:
    found = table(Layout(circuit(CHICANE), start=1))
    assert found[2:5] == [(2, "right", "SW SE"), (3, "right", "SW SE"), (4, "right", "SW SE")]


def test_inside_lanes_need_a_whole_circuit() -> None:
    with pytest.raises(CircuitError):
        inside_lanes(Layout(circuit("R 2S R")))


# --- properties --------------------------------------------------------------

_MIRROR = {
    Quadrant.NE: Quadrant.NW,
    Quadrant.NW: Quadrant.NE,
    Quadrant.SE: Quadrant.SW,
    Quadrant.SW: Quadrant.SE,
}


@given(st.integers(min_value=0, max_value=23))
def test_renumbering_the_loop_keeps_every_tiles_inside_lane(shift: int) -> None:
    loop = load_layout(FIGURE1).layout.circuit
    moved = loop.started_at(shift)
    for index in range(len(loop)):
        original = inside_spaces(loop, (index + shift) % 24)
        assert [s.quadrant for s in inside_spaces(moved, index)] == [s.quadrant for s in original]


@given(st.integers(min_value=0, max_value=23))
def test_a_mirrored_track_has_its_inside_lanes_mirrored(index: int) -> None:
    loop = load_layout(FIGURE1).layout.circuit
    mirrored = loop.mapped(lambda point: (-point[0], point[1]))
    assert inside_side(mirrored, index) is inside_side(loop, index).opposite()
    assert [s.quadrant for s in inside_spaces(mirrored, index)] == [
        _MIRROR[s.quadrant] for s in inside_spaces(loop, index)
    ]


# --- the command -------------------------------------------------------------


def test_lanes_text_for_figure1(runner: CliRunner) -> None:
    result = runner.invoke(app, ["lanes", FIGURE1])
    assert result.exit_code == 0
    assert result.output.splitlines()[:17] == [
        "Figure 1: inside lanes, start 21 (entry edge of tile 21)",
        "",
        "corner 1 (tile 0) turns right: the inside lane of tiles 17 to 23 is the right lane",
        "  tile  kind  inside  spaces",
        "    17  R     right   NE NW",
        "    18  S     right   NE NW",
        "    19  S     right   NE NW",
        "    20  S     right   NE NW",
        "    21  S     right   NE NW",
        "    22  S     right   NE NW",
        "    23  S     right   NE NW",
        "",
        "corner 2 (tile 3) turns right: the inside lane of tiles 0 to 2 is the right lane",
        "  tile  kind  inside  spaces",
        "     0  R     right   SE NE",
        "     1  S     right   SE NE",
        "     2  S     right   SE NE",
    ]
    assert result.output.splitlines()[17:21] == [
        "",
        "corner 3 (tile 4) turns left: the inside lane of tile 3 is the left lane",
        "  tile  kind  inside  spaces",
        "     3  R     left    NW NE",
    ]
    assert len(result.output.splitlines()) == 1 + 8 * 3 + 24


def test_lanes_json_for_figure1(runner: CliRunner) -> None:
    result = runner.invoke(app, ["lanes", FIGURE1, "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["start"] == 21
    assert [(t["tile"], t["inside"], " ".join(t["spaces"])) for t in data["tiles"]] == FIGURE1_INSIDE
    assert data["tiles"][3] == {
        "tile": 3,
        "kind": "R",
        "inside": "left",
        "spaces": ["NW", "NE"],
        "next_corner": 3,
    }
    assert data["corners"][1] == {
        "number": 2,
        "tile": 3,
        "turn": "R",
        "approach": [0, 1, 2],
        "inside": "right",
        "inside_on_tile": "left",
    }


def test_lanes_of_a_broken_track_exit_1(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text("trackkit: 1\npath: R 2S R\n")
    result = runner.invoke(app, ["lanes", str(path)])
    assert result.exit_code == 1
    assert result.output == (
        f"{path}: error: the circuit is not a closed loop of connected tiles;"
        " 'trackkit validate' says why\n"
    )


def test_lanes_of_a_missing_file_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["lanes", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2
    assert result.output == f"{tmp_path / 'none.yaml'}: error: no such file (check the path)\n"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("form", ["text", "json"])
def test_lanes_works_on_every_shipped_layout(runner: CliRunner, path: Path, form: str) -> None:
    result = runner.invoke(app, ["lanes", str(path), "--format", form])
    assert result.exit_code == 0, result.output
    if form == "json":
        tiles = json.loads(result.output)["tiles"]
        assert [t["tile"] for t in tiles] == list(range(len(load_layout(path).layout.circuit)))
