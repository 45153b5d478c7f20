"""The table of a built Motocross course: tiles, ramp coins and bikes."""

from __future__ import annotations

from support import LAYOUTS

from trackkit.games import load
from trackkit.motocross.course import Course
from trackkit.motocross.setup import course_faults, course_setup
from trackkit.piecepack.geometry import Heading


def test_ramps_stand_under_the_raised_edge_and_bikes_on_the_starting_tile() -> None:
    course = load(LAYOUTS / "motocross-max-ramps.yaml").layout
    setup = course_setup(course)
    assert [(r.tile, r.height, r.edge) for r in setup.ramps][:2] == [
        (1, 1, Heading.EAST),
        (2, 1, Heading.EAST),
    ]
    assert setup.bikes == ((-0.5, 0.5), (0.5, 0.5), (-0.5, -0.5), (0.5, -0.5))
    coins = [p for p in setup.pieces if p.kind == "coin"]
    assert [(p.x, p.y, p.role) for p in coins[:2]] == [
        (3.0, 0.0, "ramp on tile 1, coin 1"),
        (5.0, 0.0, "ramp on tile 2, coin 1"),
    ]


def test_three_players_bring_three_bikes() -> None:
    setup = course_setup(load(LAYOUTS / "motocross-three-players.yaml").layout)
    assert [p.role for p in setup.pieces if p.kind == "pawn"] == ["bike 1", "bike 2", "bike 3"]


def test_a_ramp_off_the_course_is_left_off_the_table_and_its_fault_named() -> None:
    course = Course(centres=((0, 0), (2, 0), (4, 0), (6, 0)), ramps=((1, 1), (9, 2)), players=3)
    setup = course_setup(course)
    assert [r.tile for r in setup.ramps] == [1]
    faults = course_faults(course)
    assert faults.broken and all(0 <= tile < 4 for tile in faults.places)
