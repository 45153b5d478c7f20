"""A road laid cell by cell, as the editor lays it: tiles put on after the
last or before the first, a loop closed by the fewest tiles, chicanes
pushed half a tile, sections moved, turned and flipped without landing on
another tile.  Cells here are in spaces (two to a tile)."""

from __future__ import annotations

import pytest

from trackkit.errors import ArgumentError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.roads import (
    ahead,
    chicane,
    closing_cells,
    extended,
    flipped,
    ghosts,
    is_loop,
    line_cell,
    moved,
    removed,
    reversed_road,
    turned,
)

ROW = [(0, 0), (2, 0), (4, 0)]
"""Three tiles in a row going east."""


def test_a_drag_from_the_end_goes_on_and_one_beside_the_first_goes_before_it() -> None:
    after, renumber = extended(ROW, [(4, 0), (6, 0), (6, 2)])
    assert (after, renumber(0)) == ([*ROW, (6, 0), (6, 2)], 0)
    before, renumber = extended(ROW, [(0, 2)])
    assert (before, renumber(0)) == ([(0, 2), *ROW], 1)


def test_a_drag_back_onto_the_first_tile_closes_the_loop() -> None:
    square = [(0, 0), (2, 0), (2, 2)]
    closed, _ = extended(square, [(2, 2), (0, 2), (0, 0)])
    assert closed == [(0, 0), (2, 0), (2, 2), (0, 2)] and is_loop(closed)
    assert ghosts(closed) == [] and closing_cells(closed) == []


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ([(10, 10)], "placement put the tile on an empty cell beside an end of the road"),
        ([(4, 0), (8, 0)], "placement drag the road through cells next to each other"),
        ([(4, 0), (4, 2), (2, 2), (2, 0)], "placement there is a tile on (1, 0) already"),
    ],
)
def test_a_tile_that_does_not_follow_on_is_refused(cells: list[tuple[int, int]], words: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        extended(ROW, cells)
    assert str(caught.value) == words


def test_the_next_tile_goes_straight_on_or_to_either_side_of_the_last() -> None:
    assert [ahead(ROW, turn) for turn in ("straight", "left", "right")] == [(6, 0), (4, 2), (4, -2)]
    assert ahead([], "left") == (0, 0)
    assert ghosts(ROW) == [(6, 0), (4, 2), (4, -2), (0, 2), (-2, 0), (0, -2)]


def test_an_open_road_closes_with_the_fewest_tiles() -> None:
    way = closing_cells(ROW)
    assert len(way) == 3
    loop = [*ROW, *way]
    assert is_loop(loop) and Circuit.from_centres(loop).is_whole


def test_a_chicane_is_pushed_half_a_tile_and_found_on_its_line_again() -> None:
    pushed = chicane(ROW, 1, "left")
    assert pushed == [(0, 0), (2, 1), (4, 0)]
    assert line_cell(pushed, 1) == (2, 0)
    assert Circuit.from_centres(pushed).tiles[1].kind.value == "CL"
    assert chicane(pushed, 1, "line") == ROW
    with pytest.raises(ArgumentError, match="a chicane goes on a tile the road runs straight through"):
        chicane([(0, 0), (2, 0), (2, 2)], 1, "left")


def test_sections_move_turn_and_flip_but_never_onto_another_tile() -> None:
    assert moved(ROW, [2], (0, 2)) == [(0, 0), (2, 0), (4, 2)]
    assert turned(ROW, [1, 2]) == [(0, 0), (2, 0), (2, -2)]
    assert flipped(ROW, []) == [(0, 0), (-2, 0), (-4, 0)]
    with pytest.raises(ArgumentError, match=r"there is a tile on \(1, 0\) already"):
        moved(ROW, [2], (-2, 0))
    with pytest.raises(ArgumentError, match="move tiles by whole tiles"):
        moved(ROW, [2], (1, 0))


def test_taking_tiles_and_reversing_renumber_the_rest() -> None:
    kept, renumber = removed(ROW, [1])
    assert (kept, renumber(0), renumber(1), renumber(2)) == ([(0, 0), (4, 0)], 0, None, 1)
    backwards, renumber = reversed_road([(0, 0), (2, 0), (2, 2), (0, 2)])
    assert (backwards, renumber(1)) == ([(0, 0), (0, 2), (2, 2), (2, 0)], 3)


@pytest.mark.parametrize("change", [turned, flipped])
def test_a_table_without_tiles_has_nothing_to_turn_or_flip(change: object) -> None:
    """A RACE! track of spaces alone, or a rally deck, lays no tiles: turning
    or flipping its table is refused in words (the fuzzing campaign's seed 27
    found an internal error there)."""
    with pytest.raises(ArgumentError) as refused:
        change([], [])  # type: ignore[operator]
    assert (refused.value.parameter, refused.value.problem) == (
        "placement", "lay a tile first: the table has no tiles to turn"
    )


@pytest.mark.parametrize("action", ["remove", "reverse", "move", "turn", "flip"])
def test_a_table_without_tiles_refuses_every_change_to_its_road(action: str) -> None:
    """Laying tiles is all an empty table takes (the fixed-seed fuzz run
    found a reversed empty road written out as a layout with no tiles)."""
    from trackkit.piecepack.roads import road_placed
    from trackkit.tabletop import Placement

    with pytest.raises(ArgumentError) as refused:
        road_placed([], Placement(action), loops=True)
    assert refused.value.problem == f"lay a tile first: the table has no tiles to {action}"
