"""Spaces, lanes relative to the driving direction, and the space graph.

networkx, which checks the graph, is imported by the tests that use it, as
trackkit imports it only where it builds the graph: not when the suite is
collected."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support import FIGURE1_PATH as FIGURE1
from support import SHIPPED

from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack.spaces import (
    Facing,
    Quadrant,
    Row,
    Side,
    Space,
    StepKind,
    cell_of,
    lane_quadrants,
    quadrant_at,
    row_of,
    side_of,
    space_graph,
    steps,
    tile_spaces,
)

CHICANE = "3S CL 2S R 2S R 6S R 2S R"
HAIRPIN = "3S R R L 2S R 3S R 3S R S"


def circuit(path: str) -> Circuit:
    return Circuit.from_path(expand_path(parse_path(path)))


def crossings(loop: Circuit, tiles: set[int], *, chicane_cuts: bool = True) -> list[str]:
    """The steps from ``tiles`` into the next tile, as ``"2NE forward exit 3SW"``."""
    return [
        f"{s.source} {s.kind} {s.facing} {s.target}"
        for s in steps(loop, chicane_cuts=chicane_cuts)
        if s.source.tile in tiles and s.target.tile != s.source.tile
    ]


# --- naming ------------------------------------------------------------------


def test_quadrant_cells_of_a_tile_centred_on_the_origin() -> None:
    cells = {quadrant: quadrant.cell((0, 0)) for quadrant in Quadrant}
    assert cells == {Quadrant.NE: (0, 0), Quadrant.NW: (-1, 0), Quadrant.SE: (0, -1), Quadrant.SW: (-1, -1)}


def test_quadrant_parse_reads_either_case_and_refuses_other_words() -> None:
    assert Quadrant.parse(" ne ") is Quadrant.NE
    with pytest.raises(ValueError, match="not a quadrant"):
        Quadrant.parse("N")


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        (Heading.EAST, {"left": ("NW", "NE"), "right": ("SW", "SE")}),
        (Heading.SOUTH, {"left": ("NE", "SE"), "right": ("NW", "SW")}),
        (Heading.WEST, {"left": ("SE", "SW"), "right": ("NE", "NW")}),
        (Heading.NORTH, {"left": ("SW", "NW"), "right": ("SE", "NE")}),
    ],
)
def test_lanes_rear_then_front_for_each_heading(
    heading: Heading, expected: dict[str, tuple[str, str]]
) -> None:
    found = {side.value: tuple(q.value for q in lane_quadrants(heading, side)) for side in Side}
    assert found == expected


@pytest.mark.parametrize("heading", list(Heading))
def test_side_and_row_undo_quadrant_at(heading: Heading) -> None:
    for side in Side:
        for row in Row:
            quadrant = quadrant_at(heading, side, row)
            assert (side_of(quadrant, heading), row_of(quadrant, heading)) == (side, row)


def test_corner_tile_spaces_are_named_facing_out_of_the_corner() -> None:
    # Figure 1's tile 0 turns right from east to south: facing south, the
    # rear row is the north half and the left lane the east half.
    spaces = tile_spaces(circuit(FIGURE1), 0)
    assert [str(space) for space in spaces] == ["0NE", "0NW", "0SE", "0SW"]


def test_space_names_and_cells() -> None:
    loop = circuit(FIGURE1)
    assert str(Space(20, Quadrant.SE)) == "20SE"
    assert cell_of(loop, Space(20, Quadrant.SE)) == (-8, -1)


# --- steps -------------------------------------------------------------------


def test_figure1_has_224_steps_and_each_stays_on_its_tile_or_enters_the_next() -> None:
    loop = circuit(FIGURE1)
    found = steps(loop)
    assert len(found) == 224
    assert all((s.target.tile - s.source.tile) % 24 in (0, 1) for s in found)


def test_steps_on_a_right_corner_for_both_facings() -> None:
    loop = circuit(FIGURE1)
    found = [f"{s.source} {s.kind} {s.facing} {s.target}" for s in steps(loop) if s.source.tile == 0]
    assert found == [
        "0NE forward exit 0SE",
        "0NE lane-change exit 0SW",
        "0NW forward exit 0SW",
        "0NW lane-change exit 0SE",
        "0SE forward exit 1NE",
        "0SE lane-change exit 1NW",
        "0SW forward exit 1NW",
        "0SW lane-change exit 1NE",
        "0NW forward entry 0NE",
        "0NW lane-change entry 0SE",
        "0SW forward entry 0SE",
        "0SW lane-change entry 1NE",
    ]


def test_no_step_goes_back_from_a_corners_exit_half_to_its_entry_half() -> None:
    # "Forward movements represent forward motion around the track": corner
    # tile 0 enters heading east and leaves heading south, so its exit half
    # is the south row (0SW, 0SE); the lane change 0SW -> 0NE with the
    # heading in would go back north, towards the way in.  Each of Figure
    # 1's eight corners lost that one step (232 steps before, 224 now).
    loop = circuit(FIGURE1)
    back = [
        s
        for s in steps(loop)
        if s.source.tile == s.target.tile
        and row_of(s.source.quadrant, loop[s.source.tile].exit) is Row.FRONT
        and row_of(s.target.quadrant, loop[s.source.tile].exit) is Row.REAR
    ]
    assert back == []


def test_no_lane_change_cuts_the_inside_of_a_corner() -> None:
    # Tile 23 runs east into corner tile 0, which turns south to tile 1.  The
    # inside space 23SE may go into the corner (0SW, 0NW) but never
    # diagonally past it into tile 1.
    loop = circuit(FIGURE1)
    from_23se = sorted(str(s.target) for s in steps(loop) if s.source == Space(23, Quadrant.SE))
    assert from_23se == ["0NW", "0SW"]


def test_chicane_narrows_to_one_forward_step_each_side() -> None:
    # Tile 3 is pushed one space north: only 2NE meets 3SW, and 3SE meets 4NW.
    loop = circuit(CHICANE)
    forward = [
        f"{s.source} {s.target}"
        for s in steps(loop)
        if s.kind is StepKind.FORWARD and s.source.tile in (2, 3) and s.target.tile != s.source.tile
    ]
    assert forward == ["2NE 3SW", "3SE 4NW"]


def test_chicane_allows_lane_changes_across_its_inside_corners() -> None:
    loop = circuit(CHICANE)
    assert crossings(loop, {2, 3}) == [
        "2NE forward exit 3SW",
        "2NE lane-change exit 3NW",
        "2SE lane-change exit 3SW",
        "3NE lane-change exit 4NW",
        "3SE forward exit 4NW",
        "3SE lane-change exit 4SW",
    ]


def test_strict_chicane_forbids_cutting_its_corners() -> None:
    loop = circuit(CHICANE)
    assert crossings(loop, {2, 3}, chicane_cuts=False) == ["2NE forward exit 3SW", "3SE forward exit 4NW"]


def test_hairpin_wall_is_never_crossed() -> None:
    # Tiles 2 and 5 touch side by side across the hairpin wall.
    loop = circuit(HAIRPIN)
    assert loop.is_whole
    assert not [s for s in steps(loop) if {s.source.tile, s.target.tile} == {2, 5}]
    assert all((s.target.tile - s.source.tile) % len(loop) in (0, 1) for s in steps(loop))


def test_steps_need_a_whole_circuit() -> None:
    with pytest.raises(CircuitError):
        steps(circuit("R 2S R"))


# --- the graph ---------------------------------------------------------------


def test_graph_nodes_and_edges() -> None:
    loop = circuit(FIGURE1)
    graph = space_graph(loop)
    assert graph.number_of_nodes() == 96
    assert graph.number_of_edges() == 224
    assert graph.nodes[Space(20, Quadrant.SE)] == {
        "tile": 20,
        "quadrant": Quadrant.SE,
        "cell": (-8, -1),
        "side": Side.RIGHT,
        "row": Row.FRONT,
    }
    edge = graph.get_edge_data(Space(0, Quadrant.NW), Space(0, Quadrant.SE))
    assert set(edge) == {"lane-change/exit", "lane-change/entry"}
    assert edge["lane-change/entry"] == {
        "kind": StepKind.LANE_CHANGE,
        "heading": Heading.EAST,
        "facing": Facing.ENTRY,
        "side": Side.RIGHT,
    }


def test_every_space_of_figure1_can_reach_every_other() -> None:
    import networkx

    assert networkx.is_strongly_connected(space_graph(circuit(FIGURE1)))


def test_strict_chicane_leaves_the_blocked_lane_a_dead_end() -> None:
    import networkx

    loose = space_graph(circuit(CHICANE))
    strict = space_graph(circuit(CHICANE), chicane_cuts=False)
    assert networkx.is_strongly_connected(loose)
    assert strict.out_degree(Space(2, Quadrant.SE)) == 0


def test_shortest_lap_along_the_graph() -> None:
    # Going round the same lane takes 47 steps (two spaces a tile), but a car
    # on a corner's inside space turns there and leaves after one space: one
    # step saved at each of the 8 corners, with lane changes (one step each,
    # like a forward step) to reach each corner's inside space.
    import networkx

    graph = space_graph(circuit(FIGURE1))
    pole, behind = Space(20, Quadrant.SE), Space(20, Quadrant.SW)
    assert networkx.shortest_path_length(graph, pole, behind) == 39


def test_importing_spaces_does_not_load_networkx() -> None:
    code = "import sys, trackkit.racepack.spaces, trackkit.racepack.lanes, trackkit.racepack.grid, trackkit.racepack.hazards\nprint('networkx' in sys.modules)"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert output.stdout.strip() == "False"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_layout_can_be_driven_from_any_space_to_any_other(path: Path) -> None:
    import networkx

    from trackkit.racepack.formats.layout_file import load_layout

    graph = space_graph(load_layout(path).layout.circuit)
    assert graph.number_of_nodes() == 4 * len(load_layout(path).layout.circuit)
    assert networkx.is_strongly_connected(graph)
