"""The frames of a race replayed in the terminal: the track as the preview
draws it, with every car (or racer) standing where it stands, shown by its
number.

These functions know no rules: they are given the layout, the squares (or
RACE! spaces) the cars stand on and a caption, and return text.
"""

from __future__ import annotations

from collections.abc import Mapping

from trackkit.piecepack.geometry import Square
from trackkit.race.track import RaceLayout
from trackkit.racepack.layout import Layout
from trackkit.render.race_terminal import render_race_preview
from trackkit.render.scene import build_scene
from trackkit.render.terminal import picture_rows, scene_marks, wrap_items
from trackkit.render.terminal_marks import PALETTES, Mark, Style, paint

__all__ = [
    "race_frame",
    "racepack_frame",
]


def racepack_frame(layout: Layout, cars: Mapping[Square, int], caption: str, width: int, color: bool) -> str:
    """One frame of a Racepack race: ``caption`` over the track, each car
    number ``cars[square]`` (1 for the car that started on the pole) on its
    square."""
    scene = build_scene(layout, False)
    marks = scene_marks(scene)
    marks.update({square: Mark(str(number), Style.CAR, repeat=False) for square, number in cars.items()})
    palette = PALETTES["dark"] if color else None
    lines = [paint(row, palette) for row in picture_rows(scene, marks, width)]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", *lines]) + "\n"


def race_frame(layout: RaceLayout, racers: Mapping[int, int], caption: str, width: int, color: bool) -> str:
    """One frame of a RACE! race: ``caption`` over the track, each racer
    number ``racers[space]`` on its space."""
    picture = render_race_preview(layout, width, color, racers=racers)
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", picture.rstrip("\n")]) + "\n"
