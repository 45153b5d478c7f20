"""A RACE! track's cells at terminal resolution: one cell a space of the
table, consecutive spaces in touching cells, numbers outside the loop."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import LAYOUTS, RACE_SHIPPED

from trackkit.games import load
from trackkit.race.preview_cells import finish_cells, number_cells, track_cells
from trackkit.race.setup import race_setup
from trackkit.race.track import RaceLayout


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_every_space_has_its_own_cell_touching_the_next_one(path: Path) -> None:
    layout = load(path).layout
    found = track_cells(layout, race_setup(layout).shape, 80)
    assert found is not None
    _, places = found
    assert len(set(places)) == layout.spaces
    assert min(r for r, _ in places) == 1 and min(c for _, c in places) == 1
    for a, b in zip(places, places[1:] + places[:1]):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
    (row, before), (after_row, after) = finish_cells(layout, places)
    assert row == after_row and abs(before - after) == 1


def test_a_straight_on_tiles_takes_one_cell_a_space_side_by_side() -> None:
    layout = load(LAYOUTS / "race-hairpin.yaml").layout
    found = track_cells(layout, race_setup(layout).shape, 80)
    assert found is not None
    # spaces 1 to 13 run along the top straight, left to right
    assert found[1][:13] == [(1, c) for c in range(5, 18)]


def test_a_shape_wider_than_the_terminal_is_not_drawn_at_terminal_resolution() -> None:
    layout = load(LAYOUTS / "race-hairpin.yaml").layout
    shape = race_setup(layout).shape
    assert track_cells(layout, shape, 60) is None
    assert track_cells(layout, shape, 61) is not None


def test_a_number_stands_first_straight_outside_the_loop() -> None:
    layout = RaceLayout(spaces=24, finish=24)  # a big oval: the top straight runs left to right
    shape = race_setup(layout).shape
    found = track_cells(layout, shape, 80)
    assert found is not None
    places = found[1]
    row, column = places[2]  # space 3, on the top straight
    assert number_cells(layout, shape, places, 3)[0] == (row - 1, column)
