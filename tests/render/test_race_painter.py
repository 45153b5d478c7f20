"""The RACE! painter: table coordinates (spaces, y up) to the picture's
user units (y down from its top left), and arrows at any heading."""

from __future__ import annotations

import math

import pytest
import svgwrite

from trackkit.render.race_painter import ARROW, UNITS, RaceFrame, RacePainter
from trackkit.render.race_palette import PALETTES
from trackkit.render.themes import get_theme

FRAME = RaceFrame(left=-3.0, top=4.0, width=10.0, height=12.0, legend=(), legend_top=9.0)


def painter() -> RacePainter:
    drawing = svgwrite.Drawing()
    return RacePainter(drawing, drawing, FRAME, PALETTES["print"], get_theme("print"))


def test_a_table_point_is_measured_from_the_picture_s_top_left_with_y_down() -> None:
    assert painter().at((0.0, 0.0)) == (3.0, 4.0)
    assert painter().point((1.5, 3.0)) == (f"{4.5 * UNITS:g}", f"{1.0 * UNITS:g}")


@pytest.mark.parametrize("degrees", [0, 30, 90, 135, 200, 333])
def test_an_arrow_points_along_its_heading_at_any_angle(degrees: int) -> None:
    heading = math.radians(degrees)
    drawing = svgwrite.Drawing()
    tip, left, right = painter().arrow(drawing, (1.0, 2.0), heading)
    assert tip == pytest.approx((1.0 + ARROW * math.cos(heading), 2.0 + ARROW * math.sin(heading)))
    back = ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2)
    assert math.atan2(tip[1] - back[1], tip[0] - back[0]) == pytest.approx(
        math.atan2(math.sin(heading), math.cos(heading))
    )
