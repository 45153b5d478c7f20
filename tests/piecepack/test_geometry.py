from __future__ import annotations

import pytest

from trackkit.piecepack.geometry import Heading, format_point, format_tile_units, step


def test_left_and_right_are_quarter_turns() -> None:
    assert Heading.EAST.left() is Heading.NORTH
    assert Heading.EAST.right() is Heading.SOUTH
    assert Heading.NORTH.left() is Heading.WEST
    assert Heading.SOUTH.right() is Heading.WEST
    for heading in Heading:
        assert heading.left().right() is heading
        assert heading.left().left() is heading.opposite()


def test_step_moves_along_the_heading() -> None:
    assert step((0, 0), Heading.EAST, 2) == (2, 0)
    assert step((3, 1), Heading.SOUTH) == (3, 0)


@pytest.mark.parametrize(
    ("text", "heading"),
    [("east", Heading.EAST), ("N", Heading.NORTH), (" West ", Heading.WEST), ("s", Heading.SOUTH)],
)
def test_parse_heading(text: str, heading: Heading) -> None:
    assert Heading.parse(text) is heading


def test_parse_rejects_other_words() -> None:
    with pytest.raises(ValueError):
        Heading.parse("up")


def test_spaces_are_written_as_tiles() -> None:
    assert format_tile_units(8) == "4"
    assert format_tile_units(1) == "0.5"
    assert format_tile_units(-3) == "-1.5"
    assert format_point((6, -1)) == "(3, -0.5)"
