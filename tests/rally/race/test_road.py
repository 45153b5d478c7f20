"""The rally road: card shapes laid out as rows of spaces."""

from __future__ import annotations

import pytest

from trackkit.rally.race.road import (
    DEFAULT_SHAPE,
    SHAPES,
    WIDTH,
    CardShape,
    build_road,
    shape_of,
    shape_problems,
)

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


def test_the_players_own_shape_replaces_trackkits_for_every_card_of_its_name() -> None:
    wide = CardShape(2, 3, gates=((1, 2, 3),), walls=((0, 0),))
    road = build_road(BASE, {"straight": wide, "mystery": CardShape(1, 1)})
    straight = road.first_row[6]
    assert road.lanes[straight : straight + 3] == (3, 3, 2)
    assert road.gate[(straight + 1) * WIDTH + 2] == 3
    assert road.sideways[straight * WIDTH] == ()
    assert build_road(BASE, {}) == build_road(BASE)
    assert shape_of("hairpin", {"straight": wide}) == SHAPES["hairpin"]


@pytest.mark.parametrize(
    ("name", "shape", "problems"),
    [
        ("x", CardShape(3, 2), []),
        ("start", SHAPES["start"], []),
        ("x", CardShape(0, 4), ["has 0 rows; a card has 1 to 8", "has 4 lanes; a card has 1 to 3"]),
        (
            "x",
            CardShape(2, 2, gates=((2, 0, 1), (0, 0, 4), (0, 0, 2))),
            [
                "has a Gate at row 3, lane 1, off the card",
                "has a Gate costing 4; a Gate costs 1 (yellow), 2 (orange) or 3 (red)",
                "has two Gates in front of one space",
            ],
        ),
        ("x", CardShape(2, 2, walls=((0, 1),)), ["has a white line right of row 1, lane 2, not between two lanes"]),
        ("start", CardShape(4, 2), ["holds 8 cars; the Start card must hold 12"]),
        (
            "checkpoint",
            CardShape(1, 3),
            ["needs 2 rows or more: its Checkpoint line runs between its first and second row"],
        ),
        ("jump", CardShape(1, 3), []),
    ],
)
def test_shape_problems_name_everything_a_card_cannot_be(name: str, shape: CardShape, problems: list[str]) -> None:
    assert shape_problems(name, shape) == problems
