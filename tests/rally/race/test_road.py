"""The rally road: card shapes laid out as rows of spaces."""

from __future__ import annotations

from trackkit.rally.race.road import DEFAULT_SHAPE, SHAPES, WIDTH, build_road

BASE = ("start", "3-lane", "s-bend", "hairpin", "checkpoint", "jump", "straight", "checkpoint")


def test_rows_follow_the_card_shapes() -> None:
    road = build_road(BASE)
    assert road.lanes == (3,) * 4 + (3,) * 3 + (2,) * 4 + (2,) * 3 + (2,) * 2 + (2,) * 2 + (2,) * 3 + (2,) * 2
    assert road.first_row == (0, 4, 7, 11, 14, 16, 18, 21)
    assert road.lines == (14, 21)
    assert road.finish_line == 21
    assert road.ramps == (16,)


def test_gates_and_white_lines() -> None:
    road = build_road(BASE)
    hairpin = road.first_row[3]
    assert road.gate[(hairpin + 1) * WIDTH + 0] == 3
    assert road.gate[(hairpin + 1) * WIDTH + 1] == 2
    assert road.sideways[(hairpin + 1) * WIDTH] == ()
    assert road.sideways[hairpin * WIDTH] == (hairpin * WIDTH + 1,)


def test_the_narrowing_road_runs_the_outer_lane_in_diagonally() -> None:
    road = build_road(BASE)
    last_wide = road.first_row[2] - 1
    assert road.ahead(last_wide * WIDTH + 2) == (last_wide + 1) * WIDTH + 1
    assert road.ahead(last_wide * WIDTH + 0) == (last_wide + 1) * WIDTH + 0
    assert road.ahead((road.rows - 1) * WIDTH) is None


def test_an_unknown_card_is_a_straight() -> None:
    road = build_road(("start", "3-lane", "mystery", "checkpoint"))
    assert road.lanes[7:10] == (DEFAULT_SHAPE.lanes,) * DEFAULT_SHAPE.rows
    assert SHAPES["straight"] == DEFAULT_SHAPE


def test_the_rows_on_the_table() -> None:
    road = build_road(BASE)
    assert road.rows_laid(5) == road.first_row[5]
    assert road.rows_laid(len(BASE)) == road.rows
