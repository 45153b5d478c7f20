"""The table of a RACE! race: road, corners drawn, grid, and faults by corner."""

from __future__ import annotations

from support import LAYOUTS

from trackkit.games import load
from trackkit.race.setup import race_faults, race_setup
from trackkit.race.track import Corner, RaceLayout


def test_the_grid_lines_up_behind_the_line_pole_first() -> None:
    setup = race_setup(load(LAYOUTS / "race-road-course.yaml").layout)
    assert setup.grid == (40, 39, 38, 37, 36, 35, 34, 33)
    assert len(setup.shape.spaces) == 40 and setup.pieces == ()


def test_faults_name_the_corners_at_fault() -> None:
    layout = RaceLayout(spaces=30, finish=30, corners=(Corner(4, 3, 1), Corner(12, 6, 2), Corner(20, 2, 5)))
    faults = race_faults(layout)
    assert faults.broken and faults.places == (1, 2)
    assert race_setup(layout).corners == layout.corners
