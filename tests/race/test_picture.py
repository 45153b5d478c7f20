"""The picture of a RACE! track before it is painted: table coordinates
(spaces, y up) turned into the picture's (y down from its top left),
arrows at any heading, and the marks each part of the table grows."""

from __future__ import annotations

import math

import pytest
from support import LAYOUTS

from trackkit.games import load
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import Area, Disc, Group, Label, Text, leaves
from trackkit.race.picture import race_picture
from trackkit.race.picture_marks import ARROW, Sketch, arrow_head
from trackkit.render.options import RenderOptions

SKETCH = Sketch(left=-3.0, top=4.0, placer=LabelPlacer())


def test_a_table_point_is_measured_from_the_picture_s_top_left_with_y_down() -> None:
    assert SKETCH.at((0.0, 0.0)) == (3.0, 4.0)
    assert SKETCH.at((1.5, 3.0)) == (4.5, 1.0)


@pytest.mark.parametrize("degrees", [0, 30, 90, 135, 200, 333])
def test_an_arrow_points_along_its_heading_at_any_angle(degrees: int) -> None:
    heading = math.radians(degrees)
    tip, left, right = arrow_head((1.0, 2.0), heading)
    assert tip == pytest.approx((1.0 + ARROW * math.cos(heading), 2.0 + ARROW * math.sin(heading)))
    back = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
    assert math.atan2(tip[1] - back[1], tip[0] - back[0]) == pytest.approx(
        math.atan2(math.sin(heading), math.cos(heading))
    )


def _layer(marks: tuple[object, ...], name: str) -> Group:
    found = [m for m in marks if isinstance(m, Group) and m.name == name]
    assert len(found) == 1, name
    return found[0]


def test_figure1_grows_a_space_a_grid_disc_and_a_number_where_the_rules_put_them() -> None:
    # figure1-race.yaml: 48 spaces on 24 tiles, 6 racers, corners of radius 1 and 2
    picture = race_picture(load(LAYOUTS / "figure1-race.yaml").layout, RenderOptions())
    assert (picture.name, picture.title) == ("race", "Figure 1")
    spaces = _layer(picture.marks, "spaces").marks
    assert len(spaces) == 48 and all(isinstance(s, Area) for s in spaces)
    assert len(_layer(picture.marks, "tiles").marks) == 24
    discs = [m for m, _ in leaves(_layer(picture.marks, "grid").marks) if isinstance(m, Disc)]
    assert [d.role for d in discs] == ["pole"] + ["place"] * 5
    numbers = [m.placed.text for m in _layer(picture.marks, "numbers").marks if isinstance(m, Label)]
    assert numbers == ["1", "5", "10", "15", "20", "25", "30", "35", "40", "45"]
    keys = [m for m in _layer(picture.marks, "legend").marks if isinstance(m, Group) and m.classes == "label key"]
    words = [m.words for m, _ in leaves(tuple(keys)) if isinstance(m, Text)]
    assert words == [item.text for item in picture.legend]


def test_a_title_given_replaces_the_track_s_name() -> None:
    layout = load(LAYOUTS / "race-oval.yaml").layout
    picture = race_picture(layout, RenderOptions(title="Sunday league"))
    assert picture.title == "Sunday league"
    heading = _layer(picture.marks, "title").marks
    assert isinstance(heading[0], Text) and heading[0].words == "Sunday league" and heading[0].bold
