"""Where a RACE! drawing puts the road: on tiles, along the corner list, or
as a big oval."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LAYOUTS

from trackkit.games import load
from trackkit.race.shape import HAIRPIN_TURN, Shape, SpaceShape, corner_turn, drawn_corners, layout_shape
from trackkit.race.shape_base import distance_to, side_by_side
from trackkit.race.track import CLOCKWISE, COUNTERCLOCKWISE, Corner, RaceLayout


def _drawn_radius(layout: RaceLayout, corner: Corner) -> float:
    """The radius of a corner's centre line as drawn, in spaces."""
    return corner.length / abs(corner_turn(layout_shape(layout), corner))


def test_a_road_course_is_laid_out_from_its_corners() -> None:
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    shape = layout_shape(layout)
    assert shape.from_corners and not shape.tiles
    turns = {c.first: corner_turn(shape, c) for c in layout.corners}
    # clockwise: the corners turn right, but for the esse's second corner
    assert [round(math.degrees(turns[k])) for k in (5, 12, 20, 22, 27)] == [-69, -178, -46, 92, -93]
    assert sum(turns.values()) < 0


def test_radius_1_is_drawn_tighter_than_radius_2() -> None:
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    r1 = [_drawn_radius(layout, c) for c in layout.corners if c.radius == 1]
    r2 = [_drawn_radius(layout, c) for c in layout.corners if c.radius == 2]
    assert max(r1) < min(r2)


def test_a_hairpin_laid_from_its_corners_leaves_open_ground_and_gets_no_wall() -> None:
    # Issue 38: the road course's radius-1 hairpin of 4 spaces (12-15) is
    # drawn round a radius of 1.25 spaces, so its legs' edges stand 1.5
    # spaces apart at the mouth and part from there: a wall would stand
    # alone in the infield.
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    shape = layout_shape(layout)
    hairpin = layout.corners[1]
    assert abs(corner_turn(shape, hairpin)) >= HAIRPIN_TURN
    assert shape.walls == ()
    into, out = shape.spaces[hairpin.first - 1].start, shape.spaces[hairpin.last(40)].start
    mid = ((into[0] + out[0]) / 2, (into[1] + out[1]) / 2)
    road_in, road_out = [shape.spaces[10].outline], [shape.spaces[15].outline]
    assert distance_to(mid, road_in) == pytest.approx(0.79, abs=0.01)
    assert distance_to(mid, road_out) == pytest.approx(0.79, abs=0.01)


def _shifted(shape: Shape, spaces: range, by: float) -> Shape:
    """``shape`` with ``spaces`` (numbered from 1) moved ``by`` spaces south."""

    def moved(space: SpaceShape) -> SpaceShape:
        return replace(space, outline=tuple((x, y - by) for x, y in space.outline))

    shown = [moved(s) if n in spaces else s for n, s in enumerate(shape.spaces, 1)]
    return replace(shape, spaces=tuple(shown))


@pytest.mark.parametrize(("gap", "wall"), [(0.0, 2.0), (0.4, 2.0), (0.6, 0.0)])
def test_a_wall_stands_only_where_the_roads_leave_at_most_half_a_space_between(gap: float, wall: float) -> None:
    # race-hairpin: the road out of the U-turn (spaces 17 on) runs south of
    # the road in (spaces 11-12) along one tile; pushed further south, the
    # wall between them keeps its length until the open ground between the
    # roads passes half a space
    layout = load(LAYOUTS / "race-hairpin.yaml").layout
    shape = layout_shape(layout)
    hairpin = layout.corners[0]
    # the mouth: between the road in's entry (y 0) and the road out's (y -2),
    # which moves south with the road out
    assert (shape.spaces[12].start, shape.spaces[16].start) == ((11.0, 0.0), (11.0, -2.0))
    moved = _shifted(shape, range(17, 49), gap)
    mid = (11.0, -1.0 - gap / 2)
    assert side_by_side(moved, hairpin, mid, (-1.0, 0.0), 2.0) == wall


def test_a_converted_hairpin_gets_its_wall_along_the_tiles_shared_edge() -> None:
    shape = layout_shape(load(LAYOUTS / "race-hairpin.yaml").layout)
    # the U-turn is tiles 6 and 7 (spaces 13-16); tile 5 leads in, tile 8 out
    (ax, ay), (bx, by) = shape.walls[0]
    (px, py), (qx, qy) = shape.tiles[5], shape.tiles[8]
    assert math.dist((px, py), (qx, qy)) == 2.0
    assert ((ax + bx) / 2, (ay + by) / 2) == ((px + qx) / 2, (py + qy) / 2)
    assert math.dist((ax, ay), (bx, by)) == 2.0 and (ax - bx) * (px - qx) + (ay - by) * (py - qy) == 0


def test_an_oval_and_gentle_corners_get_no_wall() -> None:
    assert layout_shape(load(LAYOUTS / "race-oval.yaml").layout).walls == ()
    assert layout_shape(load(LAYOUTS / "figure1-race.yaml").layout).walls == ()


def test_the_finish_line_crosses_the_road_where_the_space_after_it_begins() -> None:
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    shape = layout_shape(layout)
    (ax, ay), (bx, by) = shape.finish
    start = shape.spaces[layout.finish % layout.spaces].start
    assert math.dist(((ax + bx) / 2, (ay + by) / 2), start) < 1e-9
    # across the road, at the top of the drawing, racers heading right
    assert abs(ax - bx) < 1e-9
    assert abs(shape.spaces[0].start_heading) < 1e-9


def test_overlapping_and_off_track_corners_are_not_drawn() -> None:
    layout = RaceLayout(spaces=30, finish=30, corners=(Corner(4, 3, 1), Corner(5, 2, 2), Corner(31, 2, 1)))
    assert drawn_corners(layout) == (Corner(4, 3, 1),)


@settings(max_examples=60, deadline=None)
@given(
    spaces=st.integers(4, 120),
    corners=st.lists(st.tuples(st.integers(1, 120), st.integers(1, 6), st.integers(1, 3)), max_size=8),
    finish=st.integers(1, 120),
    clockwise=st.booleans(),
)
def test_any_track_is_drawn_as_a_closed_road_of_its_spaces(
    spaces: int, corners: list[tuple[int, int, int]], finish: int, clockwise: bool
) -> None:
    layout = RaceLayout(
        spaces=spaces,
        finish=(finish - 1) % spaces + 1,
        corners=tuple(Corner(first, length, radius) for first, length, radius in corners),
        direction=CLOCKWISE if clockwise else COUNTERCLOCKWISE,
    )
    shape = layout_shape(layout)
    assert len(shape.spaces) == spaces
    for space, after in zip(shape.spaces, shape.spaces[1:] + shape.spaces[:1]):
        # each space ends where the next begins: the road is one closed loop
        assert math.dist(space.outline[len(space.outline) // 2 - 1], after.outline[0]) < 1e-4 or shape.tiles
    turning = sum(
        math.remainder(b.start_heading - a.start_heading, 2 * math.pi)
        for a, b in zip(shape.spaces, shape.spaces[1:] + shape.spaces[:1])
    )
    assert round(turning / (2 * math.pi)) == (-1 if clockwise else 1)
