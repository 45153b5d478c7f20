"""The Motocross rules on small courses whose verdicts follow from the rulebook."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from trackkit.motocross.course import Course, course_kinds, path_centres, turn_of
from trackkit.motocross.rules import validate
from trackkit.piecepack.path_text import expand_path, format_path, parse_path


def course(path: str, **settings: Any) -> Course:
    return Course(path_centres(expand_path(parse_path(path))), **settings)


def short(path: str, **settings: Any) -> Course:
    """A course of fewer tiles or coins than dealt, played as a short course."""
    return course(path, house_rules=("short-course",), **settings)


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
    c = Course(((0, 0), (2, 0), (4, 1)), house_rules=("short-course",))
    assert [v for v in verdicts(c) if v.startswith("error")] == ["error motocross/line-up 2 1"]


def test_a_tile_touching_an_earlier_tile_is_reported() -> None:
    # A U-turn: tile 3 comes back beside tile 0.
    c = short("S L L S")
    assert [v for v in verdicts(c) if v.startswith("error")] == ["error motocross/touch 3 0"]


def test_corner_points_touch_only_when_the_course_says_so() -> None:
    # Tile 8 meets tile 0 at a corner point; every turn meets the tile two back.
    path = "2S L S L 2S L S"
    assert [v for v in verdicts(short(path)) if v.startswith("error")] == []
    strict = short(path, corner_touch="forbidden")
    assert [v for v in verdicts(strict) if v.startswith("error")] == ["error motocross/touch 8 0"]


def test_tiles_dealt_unevenly_warn_naming_the_players() -> None:
    c = course("S 18S S", players=3, ramps=((5, 3), (6, 3), (7, 3), (8, 3)))
    found = validate(c).findings
    assert [f.rule for f in found] == ["motocross/tile-count", "motocross/deal"]
    assert found[1].message == "20 tiles do not deal evenly between 3 players (6 each, 2 left over)"


def test_more_tiles_than_the_packs_hold_is_an_error() -> None:
    c = course("S 23S S", ramps=((1, 3), (2, 3), (3, 3), (4, 3)))
    assert verdicts(c) == ["error motocross/tile-count", "warning motocross/deal"]
    assert validate(c).findings[0].hint == "remove tile 24, the last tile, and any ramp on it"


def test_ramps_go_only_in_the_middle_of_a_straight() -> None:
    c = course(FULL, ramps=((0, 1), (1, 3), (2, 3), (5, 1), (6, 3), (23, 1)))
    assert verdicts(c) == [
        "error motocross/ramp-place 0",
        "error motocross/ramp-place 5",
        "error motocross/ramp-place 23",
    ]
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
    assert verdicts(c) == ["error motocross/tile-count", "error motocross/ramp-coins"]


def test_five_bikes_do_not_fit_on_the_starting_tile() -> None:
    c = course(FULL, players=5, ramps=((1, 3), (2, 3), (6, 3), (10, 3)))
    assert verdicts(c) == ["warning motocross/deal", "error motocross/players 0"]


def test_a_single_tile_has_no_finish() -> None:
    assert "error motocross/finish 0" in verdicts(Course(((0, 0),)))


def test_touches_of_a_course_stacked_on_four_spots_are_capped() -> None:
    # 2000 right turns lay 500 tiles on each of four spots: about a million
    # touching pairs.  The first 20,000 are summed up in stretches running
    # up the stacks; the rule lists 100 findings and counts 10,000 more.
    touches = [f for f in validate(course("2000R")).findings if f.rule == "motocross/touch"]
    assert len(touches) == 101
    # the fourth tile closes the square on the first, and so on up the stacks: one run
    assert touches[0].tiles[:4] == (3, 0, 4, 1)
    assert touches[0].message == (
        "tile 3 at (-1, 0) to tile 283 at (-1, 0) lie alongside tile 0 at (0, 0) to tile 280 at (0, 0),"
        " touching in 281 places; a tile may touch only the last tile played"
    )
    assert touches[-1].message == "and more than 10,000 more motocross/touch findings like these, not listed"


def test_tiles_and_coins_left_unplayed_are_an_error_unless_a_short_course() -> None:
    c = course("S 10S S", players=3, ramps=((5, 3), (6, 3), (7, 3), (8, 3)))
    found = validate(c).findings
    assert [(f.severity.value, f.rule) for f in found] == [("error", "motocross/tile-count")]
    assert (
        found[0].message
        == "the course uses 12 of the 24 tiles; the rules deal all tiles and every one is played"
    )
    assert found[0].hint == "add 12 tiles more, or declare the house rule 'house_rules: [short-course]'"
    agreed = validate(replace(c, house_rules=("short-course",))).findings
    assert [(f.severity.value, f.rule) for f in agreed] == [("warning", "motocross/tile-count")]
    assert agreed[0].message.endswith("(a short course, by house rule)")
    assert agreed[0].hint == "add 12 tiles more"


def test_coins_left_out_of_the_ramps_say_where_they_fit() -> None:
    c = course(FULL, ramps=((1, 3), (2, 3), (6, 3), (10, 2)))
    [found] = validate(c).findings
    assert (found.severity.value, found.rule) == ("error", "motocross/ramp-coins")
    assert (
        found.message
        == "the ramps hold 11 of the 12 coins dealt for building; the rules have every coin played"
    )
    assert found.hint == (
        "add 1 coin to ramps on tiles in the middle of a straight, at most 3 a ramp"
        " (stack 1 coin under tile 3), or declare the house rule 'house_rules: [short-course]'"
    )


def test_coins_the_straights_cannot_take_need_the_house_rule() -> None:
    # Twelve tiles turning every way leave two tiles in a straight line: room for 6 coins.
    c = course("S R L R L S S L R L R S", packs=1)
    hint = next(f.hint for f in validate(c).findings if f.rule == "motocross/ramp-coins")
    assert hint == (
        "the straight tiles take only 6 coins more; declare the house rule"
        " 'house_rules: [short-course]' to keep the coins back"
    )


def test_the_last_course_checked_keeps_its_report() -> None:
    """A drawing asks for the verdict, the key's fault entry and the tiles at
    fault of one course: it is checked once, and an equal but new course is
    checked afresh to the same findings."""
    first = course("S L")
    report = validate(first)
    assert validate(first) is report
    again = validate(course("S L"))
    assert again is not report
    assert again.findings == report.findings
