"""The Motocross rules on small courses whose verdicts follow from the rulebook."""

from __future__ import annotations

from typing import Any

from trackkit.motocross.course import Course, course_kinds, path_centres, turn_of
from trackkit.motocross.rules import validate
from trackkit.piecepack.path_text import expand_path, format_path, parse_path


def course(path: str, **settings: Any) -> Course:
    return Course(path_centres(expand_path(parse_path(path))), **settings)


def verdicts(c: Course) -> list[str]:
    return [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in validate(c).findings]


FULL = "S 4S R 2S L 4S R 2S L 4S R S S"
"""24 tiles laid without touching."""


def test_a_full_course_with_all_coins_in_ramps_is_clean() -> None:
    c = course(FULL, ramps=((1, 3), (2, 3), (6, 3), (10, 3)))
    assert len(c) == 24
    assert verdicts(c) == []


def test_turns_are_read_from_the_tile_positions() -> None:
    c = course("S R L S")
    assert [turn_of(c, t) for t in range(4)] == [None, "R", "L", None]
    assert format_path(course_kinds(c)) == "S R L S"


def test_a_tile_beyond_a_gap_is_not_adjacent() -> None:
    c = Course(((0, 0), (2, 0), (6, 0)), players=3, ramps=((1, 1),))
    assert "error motocross/adjacent 2 1" in verdicts(c)


def test_a_tile_half_a_tile_sideways_does_not_line_up() -> None:
    c = Course(((0, 0), (2, 0), (4, 1)))
    assert [v for v in verdicts(c) if v.startswith("error")] == ["error motocross/line-up 2 1"]


def test_a_tile_touching_an_earlier_tile_is_reported() -> None:
    # A U-turn: tile 3 comes back beside tile 0.
    c = course("S L L S")
    assert [v for v in verdicts(c) if v.startswith("error")] == ["error motocross/touch 3 0"]


def test_corner_points_touch_only_when_the_course_says_so() -> None:
    # Tile 8 meets tile 0 at a corner point; every turn meets the tile two back.
    path = "2S L S L 2S L S"
    assert [v for v in verdicts(course(path)) if v.startswith("error")] == []
    strict = course(path, corner_touch="forbidden")
    assert [v for v in verdicts(strict) if v.startswith("error")] == ["error motocross/touch 8 0"]


def test_tiles_dealt_unevenly_warn_naming_the_players() -> None:
    c = course("S 18S S", players=3, ramps=((5, 3), (6, 3), (7, 3), (8, 3)))
    found = validate(c).findings
    assert [f.rule for f in found] == ["motocross/tile-count", "motocross/deal"]
    assert found[1].message == "20 tiles do not deal evenly between 3 players (6 each, 2 left over)"


def test_more_tiles_than_the_packs_hold_is_an_error() -> None:
    c = course("S 23S S", ramps=((1, 3), (2, 3), (3, 3), (4, 3)))
    assert verdicts(c) == ["error motocross/tile-count", "warning motocross/deal"]
    assert validate(c).findings[0].hint == "remove 1 tile, or set 'packs' to 2"


def test_ramps_go_only_in_the_middle_of_a_straight() -> None:
    c = course(FULL, ramps=((0, 1), (1, 3), (2, 3), (5, 1), (6, 3), (23, 1)))
    assert verdicts(c) == ["error motocross/ramp-place 0", "error motocross/ramp-place 5", "error motocross/ramp-place 23"]
    messages = [f.message for f in validate(c).findings]
    assert messages[1] == (
        "a ramp needs a tile in a straight line with both tiles next to it;"
        " the course turns right on tile 5 at (5, 0)"
    )


def test_a_ramp_higher_than_three_and_too_many_coins() -> None:
    c = course(FULL, ramps=((1, 4), (2, 3), (6, 3), (10, 3)))
    assert verdicts(c) == ["error motocross/ramp-height 1", "error motocross/ramp-coins 1 2 6 10"]
    assert validate(c).findings[1].message == (
        "the ramps hold 13 coins, but only 12 are dealt for building with one piecepack"
    )


def test_two_packs_deal_24_building_coins() -> None:
    c = course(FULL, packs=2, ramps=((1, 3), (2, 3), (6, 3), (10, 3)))
    assert c.building_coins == 24
    assert verdicts(c) == ["warning motocross/tile-count", "warning motocross/ramp-coins"]


def test_five_bikes_do_not_fit_on_the_starting_tile() -> None:
    c = course(FULL, players=5, ramps=((1, 3), (2, 3), (6, 3), (10, 3)))
    assert verdicts(c) == ["warning motocross/deal", "error motocross/players 0"]


def test_a_single_tile_has_no_finish() -> None:
    assert "error motocross/finish 0" in verdicts(Course(((0, 0),)))


def test_touches_of_a_course_stacked_on_four_spots_are_capped() -> None:
    # 2000 right turns lay 500 tiles on each of four spots: about a million
    # touching pairs, of which the rule lists 100 and counts 10,000 more.
    touches = [f for f in validate(course("2000R")).findings if f.rule == "motocross/touch"]
    assert len(touches) == 101
    assert touches[0].tiles == (3, 0)  # the fourth tile closes the square on the first
    assert touches[-1].message == "and more than 10,000 more motocross/touch findings like these, not listed"
